package setup

import (
	"context"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// TestAskToolsOffersNoMissingEditor: Cline in VS Code is offered only when
// an editor's Cline was found; the CLIs are offered whether found or not.
func TestAskToolsOffersNoMissingEditor(t *testing.T) {
	for _, tc := range []struct {
		detected []gateway.ToolID
		vscode   bool
	}{
		{nil, false},
		{[]gateway.ToolID{"claude"}, false},
		{[]gateway.ToolID{"vscode"}, true},
	} {
		ask := &script{answers: []any{[]string{"claude"}}}
		w := &Wizard{Ask: ask, Env: env.FromMap(nil), Out: &strings.Builder{}, Err: &strings.Builder{}, Detected: tc.detected}
		if err := w.AskTools(context.Background()); err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, op := range ask.offered[0] {
			got[op.Value] = true
		}
		if got["vscode"] != tc.vscode {
			t.Errorf("detected %v: Cline (VS Code) offered %v, want %v", tc.detected, got["vscode"], tc.vscode)
		}
		if !got["claude"] || !got["codex"] || !got["gemini"] {
			t.Errorf("detected %v: the CLIs are not all offered: %v", tc.detected, got)
		}
	}
}

// TestAskKeyNotAnotherGatewaysKey: with the key of a stored profile for a
// local gateway, picking TaoToken does not offer that key: the wizard says
// whose it is and asks for TaoToken's.
func TestAskKeyNotAnotherGatewaysKey(t *testing.T) {
	const typed = "sk-test-fedcba9876543210fedc"
	var out strings.Builder
	ask := &script{answers: []any{"taotoken", typed}}
	p := gateway.Profile{Preset: "custom", BaseURL: "http://127.0.0.1:8765/api", Key: testKey,
		KeyHome: gateway.KeyHome{Root: "http://127.0.0.1:8765/api", Owner: "profile home"},
		Sources: map[gateway.Field]string{gateway.FieldKey: "profile home", gateway.FieldBaseURL: "profile home"}}
	w := &Wizard{Ask: ask, Env: env.FromMap(nil), Out: &out, Err: &strings.Builder{}, Profile: p}
	if err := w.ChooseGateway(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := w.AskKey(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ask.asked, "|"); got != "Gateway|API key" {
		t.Errorf("asked %s, want Gateway|API key", got)
	}
	if w.Profile.Key != typed {
		t.Errorf("key %q, want the one typed", w.Profile.Key)
	}
	if !strings.Contains(out.String(), "the key from profile home belongs to 127.0.0.1:8765") {
		t.Errorf("the wizard does not say whose the key is:\n%s", out.String())
	}
	if strings.Contains(out.String(), testKey) || strings.Contains(out.String(), typed) {
		t.Errorf("the wizard printed a key:\n%s", out.String())
	}

	// the same gateway picked again: its key is offered
	p.Sources = map[gateway.Field]string{gateway.FieldKey: "profile home", gateway.FieldBaseURL: "profile home"}
	ask = &script{answers: []any{true}}
	w = &Wizard{Ask: ask, Env: env.FromMap(nil), Out: &strings.Builder{}, Err: &strings.Builder{}, Profile: p}
	if err := w.AskKey(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ask.asked, "|"); !strings.HasPrefix(got, "Use the key from profile home") {
		t.Errorf("asked %s, want the profile's key offered", got)
	}
}
