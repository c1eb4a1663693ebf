package cline_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
)

// TestBOMByVersion: a providers.json with a byte order mark, judged by
// the facts of the Cline version installed.
func TestBOMByVersion(t *testing.T) {
	const body = `{"version": 1, "lastUsedProvider": "openai-compatible", "modes": {}, "providers": {}}`
	for _, tt := range []struct {
		name, file, version, want string
	}{
		{"3.0.65 discards it", "\ufeff" + body, "3.0.65", "Cline 3.0.65 discards the file"},
		{"none detected: the newest facts", "\ufeff" + body, "", "Cline discards the file"},
		{"newer: the newest facts", "\ufeff" + body, "3.1.0", "Cline 3.1.0 discards the file"},
		{"no mark", body, "3.0.65", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			home := testutil.TempDir(t)
			e := env.FromMap(map[string]string{"HOME": home})
			if err := os.MkdirAll(filepath.Dir(cline.ProvidersFile(e)), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(cline.ProvidersFile(e), []byte(tt.file), 0o600); err != nil {
				t.Fatal(err)
			}
			got := tooltest.Messages(tooltest.Findings(t, e, home, cline.Tool, tt.version, ""),
				func(f doctor.Finding) bool { return f.Code == catalog.ConfigInvalid })
			if tt.want == "" && len(got) > 0 || tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want)) {
				t.Errorf("want %q, got %q", tt.want, got)
			}
		})
	}
	if got := cline.Facts.Newest(); got != cline.Observed {
		t.Errorf("Facts' newest %q, Observed %q", got, cline.Observed)
	}
}
