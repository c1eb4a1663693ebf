package status_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/status"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
)

const key = "sk-test-0123456789abcdef"

func TestBuildAndPrint(t *testing.T) {
	e, dir := envtest.Home(t, nil, map[string]string{"OPENAI_BASE_URL": "https://gw.example/api/v1", "OPENAI_API_KEY": key})
	p := gateway.Profile{BaseURL: "https://gw.example/api", Key: key, Model: "gpt-4o"}
	snap := discover.Discover(e, discover.OptionsFor(p, dir))
	doc := status.Build(e, snap, status.Options{Profile: p})
	b, _ := json.Marshal(doc)
	if doc.Schema != status.Schema || strings.Contains(string(b), key) {
		t.Fatalf("document: %s", b)
	}
	var sdk *status.Tool
	for i := range doc.Tools {
		if doc.Tools[i].Tool == "openai" {
			sdk = &doc.Tools[i]
		}
	}
	if sdk == nil || sdk.BaseURL.Source != "$OPENAI_BASE_URL" || sdk.Key.Source != "$OPENAI_API_KEY" || sdk.Key.Value == "" {
		t.Fatalf("the SDK's triple as the variables give it: %+v", sdk)
	}
	if sdk.Request == nil || !strings.HasSuffix(sdk.Request.URL, "/v1/chat/completions") {
		t.Errorf("the request it sends: %+v", sdk.Request)
	}
	if only := status.Build(e, snap, status.Options{Profile: p, Tool: "claude"}); len(only.Tools) != 0 {
		t.Errorf("--tool claude kept %+v", only.Tools)
	}

	for _, c := range []struct {
		name      string
		o         status.TextOptions
		has, hasn string
	}{
		{"wide", status.TextOptions{}, "TOOL  ", "\n  base URL"},
		{"narrow", status.TextOptions{Width: 60}, "\n  base URL  https://gw.example/api/v1", "TOOL  "},
		{"quiet", status.TextOptions{Quiet: true}, "", "OpenAI SDK"},
	} {
		var w strings.Builder
		if err := status.WriteText(&w, doc, c.o); err != nil {
			t.Fatal(err)
		}
		out := w.String()
		if !strings.Contains(out, c.has) || (c.hasn != "" && strings.Contains(out, c.hasn)) || strings.Contains(out, key) {
			t.Errorf("%s: want %q and not %q (nor the key) in:\n%s", c.name, c.has, c.hasn, out)
		}
	}
}

// What a file chose reaches the terminal escaped: by the run's writer,
// even with colour on.
func TestDashEscapesWhatAFileChose(t *testing.T) {
	var b strings.Builder
	w := redact.NewWriter(&b, nil, redact.Options{Colour: true})
	fmt.Fprintln(w, status.Dash("a\x1b[2Jb"))
	if status.Dash("") != "-" || b.String() != `a\x1b[2Jb`+"\n" {
		t.Errorf("Dash: %q %q", status.Dash(""), b.String())
	}
}
