package providerjson_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/kilo"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
)

// FuzzPlanConfig: whatever the user's provider-style config holds, setup
// either refuses it (a RefusedError naming the file) or writes a file
// that reads back as our provider, base URL and model, and that a second
// setup leaves alone. Kilo's description drives the engine (OpenCode's
// differs only in its auth file).
func FuzzPlanConfig(f *testing.F) {
	f.Add("{\n  // a comment\n  \"theme\": \"x\",\n}\n", false)
	f.Add(`{"provider":{"taotoken":{"npm":"@ai-sdk/anthropic","options":{"baseURL":"https://old/v1","apiKey":"{env:K}"},"models":{"gpt-4o":{"name":"n"}}}},"model":"taotoken/gpt-4o"}`, true)
	f.Add(`{"provider":[],"model":5}`, false)
	f.Add(`{"provider":{"taotoken":"x"}}`, true)
	f.Add("{\"$schema\": \"https://app.kilo.ai/config.json\", \"permission\": {\"bash\": \"allow\"}}", false)
	f.Add("[1, 2]", false)
	f.Add("", false)
	f.Add("{\"a\": /* unterminated", false)
	f.Fuzz(func(t *testing.T, doc string, messages bool) {
		o := writerstest.Options(t)
		o.ToolOptions = map[string]string{}
		if messages {
			o.ToolOptions["kilo-protocol"] = "messages"
		}
		path := filepath.Join(kilo.Dir(o.Env), "kilo.jsonc")
		writerstest.WriteFile(t, path, doc, 0o600)
		p, err := planKilo(o)
		var re *writers.RefusedError
		if err != nil {
			if !errors.As(err, &re) {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		writerstest.Apply(t, o, p)
		s := discover.Discover(o.Env, discover.Options{Project: o.Project})
		k, ok := s.Tool(string(kilo.ID))
		if !ok || k.Base.Value != "https://taotoken.net/api/v1" || k.Model.Value != "gpt-4o" || k.Key.Value != writerstest.Key {
			t.Fatalf("read back %+v (found %v) from\n%s", k, ok, writerstest.ReadString(t, path))
		}
		again, err := planKilo(o)
		if err != nil {
			t.Fatalf("second plan: %v", err)
		}
		if len(again.Pending()) != 0 {
			t.Fatalf("second setup would change:\n%s", writerstest.Diff(again))
		}
	})
}

func planKilo(o writers.Options) (*writers.Plan, error) {
	return writers.MakePlan(o, []gateway.ToolID{kilo.ID})
}
