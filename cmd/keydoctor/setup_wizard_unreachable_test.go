package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/testutil"
)

// A base URL where nothing answers (a typo'd port) is said before
// anything is written, and the URL can be typed again; a key the gateway
// accepts after a rejected one is said accepted (issue 30 item 7).
func TestSetupWizardUnreachableBaseURL(t *testing.T) {
	srv := startMock(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + l.Addr().String() + "/api" // closed below: connections are refused
	l.Close()
	e := wizardEnv(t, nil)
	answers := strings.Join([]string{
		anotherGateway, // gateway: another gateway
		dead,           // its URL, with the wrong port
		otherKey,       // a key (the list fails before the key matters)
		"y",            // nothing answers: type the URL again
		anotherGateway, // another gateway
		srv.Root(),     // the right URL
		"n",            // rejected by the gateway: write it anyway? no, type another
		wizardKey,      // the key it accepts
		"1",            // the first model served
		"0",            // tools: done
		"y",            // write
	}, "\n") + "\n"
	var out bytes.Buffer
	var asked []string
	o := &setupOptions{
		Env: e, Project: testutil.TempDir(t), Interactive: true, Accessible: true,
		In: strings.NewReader(answers), Out: &out, Err: &out,
		ListModels: func(ctx context.Context, root, key string) ([]string, error) {
			asked = append(asked, root)
			return listModels(ctx, e, root, key)
		},
	}
	if err := runSetup(context.Background(), o); err != nil {
		t.Fatalf("setup: %v\n%s", err, out.String())
	}
	got := out.String()
	if strings.Contains(got, wizardKey) || strings.Contains(got, otherKey) {
		t.Fatalf("a full key was printed:\n%s", got)
	}
	wantIn(t, got,
		"nothing answers at "+dead+" (connect-refused): is the base URL right?",
		"Type the base URL again?",
		"the gateway rejected the key",
		"the gateway accepted the key sk-t****0123",
	)
	if len(asked) != 3 || asked[0] != dead || asked[1] != srv.Root() || asked[2] != srv.Root() {
		t.Errorf("model lists asked of %v", asked)
	}
	settings, _ := os.ReadFile(filepath.Join(e.Home, ".claude", "settings.json"))
	if !strings.Contains(string(settings), `"ANTHROPIC_BASE_URL": "`+srv.Root()+`"`) || strings.Contains(string(settings), dead) {
		t.Errorf("settings.json:\n%s", settings)
	}
}

// Going on without the list keeps the typed URL and asks for the model id.
func TestSetupWizardUnreachableGoOn(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + l.Addr().String() + "/api"
	l.Close()
	e := wizardEnv(t, nil)
	answers := strings.Join([]string{anotherGateway, dead, wizardKey, "n", "my-model", "0", "n"}, "\n") + "\n"
	var out bytes.Buffer
	o := &setupOptions{
		Env: e, Project: testutil.TempDir(t), Interactive: true, Accessible: true,
		In: strings.NewReader(answers), Out: &out, Err: &out,
		ListModels: func(ctx context.Context, root, key string) ([]string, error) { return listModels(ctx, e, root, key) },
	}
	if err := runSetup(context.Background(), o); err != nil {
		t.Fatalf("setup: %v\n%s", err, out.String())
	}
	wantIn(t, out.String(), "nothing answers at "+dead, "could not list the gateway's models (connect-refused): type the model id", `"ANTHROPIC_MODEL": "my-model"`, "nothing was written")
	if strings.Contains(out.String(), wizardKey) {
		t.Fatal("the key was printed")
	}
}
