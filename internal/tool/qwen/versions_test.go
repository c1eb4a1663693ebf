package qwen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/qwen"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
)

// TestChecksByVersion: the same settings.json, judged by the facts of the
// Qwen Code version installed (qwen.Facts; none detected: the newest).
func TestChecksByVersion(t *testing.T) {
	const body = `{"$version": 4, "security": {"auth": {"selectedType": "openai", "baseUrl": "https://gw.example/api/v1", "apiKey": "sk-test-qwen-0123"}}, "model": {"name": "gpt-4o"}}`
	const trailing = `{"$version": 4, "security": {"auth": {"selectedType": "openai", "baseUrl": "https://gw.example/api/v1", "apiKey": "sk-test-qwen-0123"}}, "model": {"name": "gpt-4o"},}`
	tests := []struct {
		name, file, version string
		want                string // in the config-invalid finding's message; "" : none
	}{
		{"BOM, 0.15.10 does not parse it", "\ufeff" + body, "0.15.10", "Qwen Code 0.15.10 does not parse it, and on its next start it renames the file"},
		{"BOM, older than any observed: the oldest facts", "\ufeff" + body, "0.12.0", "Qwen Code 0.12.0 does not parse it"},
		{"BOM, 0.23.0 overwrites it", "\ufeff" + body, "0.23.0", "overwrites it with {}"},
		{"BOM, 0.24.4 reads it", "\ufeff" + body, "0.24.4", ""},
		{"BOM, newer than observed: the newest facts", "\ufeff" + body, "0.30.1", ""},
		{"BOM, no version detected: the newest facts", "\ufeff" + body, "", ""},
		{"no BOM, 0.15.10", body, "0.15.10", ""},
		{"trailing comma, 0.15.10", trailing, "0.15.10", "renames the file to settings.json.corrupted.<ms>"},
		{"trailing comma, 0.24.4", trailing, "0.24.4", "it refuses to start"},
		{"trailing comma, none detected", trailing, "", "it refuses to start"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := testutil.TempDir(t)
			e := env.FromMap(map[string]string{"HOME": home})
			if err := os.MkdirAll(filepath.Join(home, ".qwen"), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(qwen.Settings(e), []byte(tt.file), 0o600); err != nil {
				t.Fatal(err)
			}
			got := tooltest.Messages(tooltest.Findings(t, e, home, qwen.Tool, tt.version, "sk-test-qwen-0123"),
				func(f doctor.Finding) bool { return f.Code == catalog.ConfigInvalid && f.Status == doctor.Error })
			switch {
			case tt.want == "" && len(got) > 0:
				t.Errorf("want no config-invalid, got %q", got)
			case tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want)):
				t.Errorf("want one config-invalid with %q, got %q", tt.want, got)
			}
		})
	}
}

// TestObservedIsNewestFacts: the version doctor's facts-older compares
// with is the newest any of the facts was seen with.
func TestObservedIsNewestFacts(t *testing.T) {
	tooltest.FactsObserved(t, qwen.Facts, qwen.Observed, qwen.Tool)
	var _ tool.Facts[qwen.Sheet] = qwen.Facts
}
