package gateway

import (
	"github.com/keydoctor/keydoctor/internal/catalog"

	"net/url"
	"strings"
	"testing"
)

// TestNormalizePastedForms: what users paste → the gateway root and what
// each tool is given and requests.
func TestNormalizePastedForms(t *testing.T) {
	const root = "https://taotoken.net/api"
	tests := []struct {
		in    string
		root  string
		notes []string // codes, in order
	}{
		{"https://taotoken.net/api", root, nil},
		{"https://taotoken.net/api/", root, nil},
		{"https://taotoken.net/api//", root, nil},
		{"https://taotoken.net/api/v1", root, nil},
		{"https://taotoken.net/api/v1/", root, nil},
		{"https://taotoken.net/api/V1", root, nil},
		{"https://taotoken.net/api/v1/v1", root, []string{"url-double-version"}},
		{"https://taotoken.net/api/v1/chat/completions", root, []string{"url-has-endpoint"}},
		{"https://taotoken.net/api/v1/chat/completions/", root, []string{"url-has-endpoint"}},
		{"https://taotoken.net/api/v1/messages", root, []string{"url-has-endpoint"}},
		{"https://taotoken.net/api/v1/responses", root, []string{"url-has-endpoint"}},
		{"https://taotoken.net/api/v1/models", root, []string{"url-has-endpoint"}},
		{"https://taotoken.net/api/chat/completions", root, []string{"url-has-endpoint"}},
		{"https://taotoken.net/api/v1/completions", root, []string{"url-has-endpoint"}},
		{"  https://taotoken.net/api  ", root, nil},
		{"\"https://taotoken.net/api/v1\"", root, nil},
		{"'https://taotoken.net/api'", root, nil},
		{"taotoken.net/api", root, nil},
		{"taotoken.net/api/v1/", root, nil},
		{"HTTPS://TaoToken.NET/api", root, nil},
		{"https://taotoken.net/api?foo=bar", root, []string{"url-has-query"}},
		{"https://taotoken.net/api/v1?api-version=1#frag", root, []string{"url-has-query"}},
		{"https://taotoken.net", "https://taotoken.net", nil},
		{"https://taotoken.net/", "https://taotoken.net", nil},
		{"https://taotoken.net/v1", "https://taotoken.net", nil},
		{"https://api.example.com:8443/gw/v1", "https://api.example.com:8443/gw", nil},
		{"http://127.0.0.1:15721", "http://127.0.0.1:15721", nil},
		{"http://127.0.0.1:15721/v1", "http://127.0.0.1:15721", nil},
		{"localhost:3456", "http://localhost:3456", nil},
		{"http://[::1]:8080/api/v1", "http://[::1]:8080/api", nil},
		{"http://gateway.lan:8080/v1", "http://gateway.lan:8080", []string{"url-insecure"}},
		{"http://10.0.0.5/api/v1/chat/completions", "http://10.0.0.5/api", []string{"url-has-endpoint", "url-insecure"}},
		{"https://taotoken.net/api/v1/v1/messages", root, []string{"url-has-endpoint", "url-double-version"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p, err := Normalize(tt.in)
			if err != nil {
				t.Fatalf("Normalize(%q): %v", tt.in, err)
			}
			if p.Root != tt.root {
				t.Errorf("root = %q, want %q", p.Root, tt.root)
			}
			var codes []string
			for _, n := range p.Notes {
				codes = append(codes, string(n.Code))
			}
			if strings.Join(codes, ",") != strings.Join(tt.notes, ",") {
				t.Errorf("notes = %v, want %v", codes, tt.notes)
			}
		})
	}
}

func TestNormalizeRejects(t *testing.T) {
	for _, in := range []string{
		"", "   ", "\"\"", "ftp://taotoken.net/api", "https://", "https:///v1",
		"https://user:pass@taotoken.net/api", "https://taotoken.net/a pi", "https://taotoken.net:port/api",
		"://taotoken.net", "https://taotoken.net/a\npi",
	} {
		if p, err := Normalize(in); err == nil {
			t.Errorf("Normalize(%q) = %q, want an error", in, p.Root)
		} else if !strings.Contains(err.Error(), "invalid base URL") {
			t.Errorf("Normalize(%q): error %q does not say what is wrong", in, err)
		}
	}
}

func TestParseProtocol(t *testing.T) {
	for in, want := range map[string]Protocol{"chat": Chat, "Messages": Messages, " responses ": Responses, "anthropic": Messages} {
		if p, err := ParseProtocol(in); err != nil || p != want {
			t.Errorf("ParseProtocol(%q) = %q, %v", in, p, err)
		}
	}
	if _, err := ParseProtocol("grpc"); err == nil {
		t.Error("grpc is not a protocol")
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"https://taotoken.net/api/v1/chat/completions", "localhost:3456", "http://[::1]:8080/v1/v1", "taotoken.net/api?x=1#y", "", "https://user@h/", "HTTP://A/V1/MESSAGES/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		p, err := Normalize(in)
		if err != nil {
			return
		}
		// The root is a fixed point: normalising it again changes nothing
		// and repairs nothing.
		again, err := Normalize(p.Root)
		if err != nil {
			t.Fatalf("root %q of %q does not normalise: %v", p.Root, in, err)
		}
		if again.Root != p.Root {
			t.Fatalf("root %q of %q normalises to %q", p.Root, in, again.Root)
		}
		u, _ := url.Parse(p.Root)
		if strings.HasSuffix(p.Root, "/") || strings.HasSuffix(strings.ToLower(u.Path), "/v1") {
			t.Fatalf("root %q keeps a trailing slash or /v1", p.Root)
		}
	})
}

// A vendor that versions its OpenAI-compatible API itself (GLM's
// …/api/paas/v4) is missing no /v1; a plain root still is.
func TestDiagnoseVendorVersion(t *testing.T) {
	codex := Tool{ID: "codex", Title: "Codex CLI", Protocol: Responses, BaseHasVersion: true, Auth: AuthBearer}
	for _, tc := range []struct {
		base    string
		missing bool
	}{
		{"https://open.bigmodel.cn/api/paas/v4", false},
		{"https://gw.example/openai/v2", false},
		{"https://gw.example/api/v1alpha", false},
		{"https://gw.example/api", true},
		{"https://gw.example/api/vendor", true},
	} {
		_, notes := codex.Diagnose(tc.base)
		got := false
		for _, n := range notes {
			got = got || n.Code == catalog.URLMissingVersion
		}
		if got != tc.missing {
			t.Errorf("%s: url-missing-version %v, want %v (%v)", tc.base, got, tc.missing, notes)
		}
	}
}

// setup gives such a root as it is, and the request is the vendor's path.
func TestBaseVendorVersion(t *testing.T) {
	codex := Tool{ID: "codex", Title: "Codex CLI", Protocol: Responses, BaseHasVersion: true, Auth: AuthBearer}
	root := "https://open.bigmodel.cn/api/paas/v4"
	if got := codex.Base(root); got != root {
		t.Errorf("Base(%s) = %s", root, got)
	}
	if got, want := codex.RequestURL(root), root+"/responses"; got != want {
		t.Errorf("RequestURL = %s, want %s", got, want)
	}
	if got, want := codex.Base("https://gw.example/api"), "https://gw.example/api/v1"; got != want {
		t.Errorf("Base = %s, want %s", got, want)
	}
	if got, want := codex.RequestURL("https://gw.example/api"), "https://gw.example/api/v1/responses"; got != want {
		t.Errorf("RequestURL = %s, want %s", got, want)
	}
}
