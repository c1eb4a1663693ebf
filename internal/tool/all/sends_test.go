package all_test

import (
	"context"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/checks/wire"
	"github.com/keydoctor/keydoctor/internal/gateway"
	tools "github.com/keydoctor/keydoctor/internal/tool"
)

// TestProbesSendWhatTheToolSends: for every registered tool, as setup
// writes it on each OS's paths, the path doctor's wire ladder, ping --tool
// and bench --tool probe is the request that tool sends: its base as
// written plus its endpoint and query (its URL rule), its key in its auth
// header, its model, and no header its files do not configure.
func TestProbesSendWhatTheToolSends(t *testing.T) {
	for _, tool := range tools.All() {
		if tool.MCPOnly {
			continue // no triple of its own, no path
		}
		for _, goos := range systems {
			t.Run(string(tool.ID)+"/"+goos, func(t *testing.T) {
				h := newHome(t, tool, goos, false)
				h.configure(t, profile(testRoot))
				s := h.snapshot()
				var p *wire.Path
				for _, wp := range wire.RunKeyHelpers(context.Background(), s, wire.Paths(s, model)) {
					if wp.Tool == tool.ID {
						p = &wp
						break
					}
				}
				if p == nil {
					t.Fatalf("no path for %s", tool.ID)
				}
				if p.Skip != "" || p.HelperFailed != "" {
					t.Fatalf("not probed: %s%s", p.Skip, p.HelperFailed)
				}
				rule := tools.Wire(tool.ID)
				want := rule.WillRequest(tool.Base(testRoot))
				if rule.Query != "" {
					want += "?" + rule.Query
				}
				if got := p.URL(); got != want || !strings.HasPrefix(got, testRoot) || !strings.Contains(got, p.Protocol.Path()) && p.Protocol != gateway.Gemini {
					t.Errorf("request URL %s, want %s (%s endpoint %s)", got, want, p.Protocol, p.Protocol.Path())
				}
				if p.Key != testKey || p.Auth != tool.Auth {
					t.Errorf("key ok %v in %q, want %q", p.Key == testKey, p.Auth, tool.Auth)
				}
				if p.Model != model {
					t.Errorf("model %q, want %q", p.Model, model)
				}
				if h := p.Header(); len(h) != 0 {
					t.Errorf("extra headers nothing configured: %v", h)
				}
			})
		}
	}
}
