package pi_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool/pi"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
	"github.com/tailscale/hujson"
)

// FuzzPlanPi: whatever models.json holds, setup either refuses it
// (RefusedError, the file untouched) or writes a file that still parses,
// that discovery reads back as the profile's triple, whose other providers
// are what they were, and that a second run leaves as it is.
func FuzzPlanPi(f *testing.F) {
	for _, s := range []string{
		"",
		"{}",
		`{"providers": {}}`,
		"{\n  // mine\n  \"providers\": {\"ollama\": {\"baseUrl\": \"http://localhost:11434/v1\", \"api\": \"openai-completions\", \"apiKey\": \"ollama\", \"models\": [{\"id\": \"llama3.1:8b\"},]},},\n}\n",
		`{"providers": {"taotoken": {"baseUrl": "https://old/v1", "api": "anthropic-messages", "apiKey": "OLD_KEY", "models": [{"id": "gpt-4o", "baseUrl": "https://model/v1"}]}}}`,
		`{"providers": {"taotoken": {"models": {"gpt-4o": {}}}}}`,
		`{"providers": []}`,
		`[1, 2]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		o := writerstest.Options(t)
		path := pi.ModelsFile(o.Env)
		writerstest.WriteFile(t, path, string(in), 0o600)
		p, err := writers.MakePlan(o, []gateway.ToolID{pi.ID})
		var re *writers.RefusedError
		if errors.As(err, &re) {
			if got, _ := os.ReadFile(path); !bytes.Equal(got, in) {
				t.Fatalf("a refused file changed")
			}
			return
		}
		if err != nil {
			t.Fatalf("plan: %v", err)
		}
		writerstest.NoKey(t, writerstest.Diff(p))
		writerstest.Apply(t, o, p)
		out, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		before, after := providers(t, in, false), providers(t, out, true)
		for id, v := range before {
			if id != "taotoken" && !bytes.Equal(v, after[id]) {
				t.Fatalf("provider %s changed:\n%s\n->\n%s", id, v, after[id])
			}
		}
		s := discover.Discover(o.Env, discover.Options{Project: o.Project})
		own, ok := s.Own(pi.ID)
		// the provider keeps its api, and gets that api's base
		if !ok || own.Base.Value != own.Rule.Base("https://taotoken.net/api") || own.Key.Value != writerstest.Key || own.Model.Value != "gpt-4o" {
			t.Fatalf("read back %+v (ok %v), problems %+v\n%s", own.Base, ok, s.Problems, out)
		}
		if again := writerstest.PlanOne(t, o, pi.ID); len(again.Pending()) != 0 {
			t.Fatalf("a second run changes:\n%s", writerstest.Diff(again))
		}
	})
}

// providers are models.json's providers, each as standard JSON (none when
// the file is no object of them; must: it has to parse).
func providers(t *testing.T, b []byte, must bool) map[string]json.RawMessage {
	std, err := hujson.Standardize(bytes.Clone(b))
	var doc struct{ Providers map[string]json.RawMessage }
	if err == nil {
		err = json.Unmarshal(std, &doc)
	}
	if err != nil && must {
		t.Fatalf("the written file does not parse: %v\n%s", err, b)
	}
	for id, v := range doc.Providers {
		var c bytes.Buffer
		if json.Compact(&c, v) == nil {
			doc.Providers[id] = c.Bytes()
		}
	}
	return doc.Providers
}
