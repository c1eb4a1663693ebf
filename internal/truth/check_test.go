package truth_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/tool/sample"
	"github.com/keydoctor/keydoctor/internal/truth"
)

// The test binary plays a tool when TRUTH_FAKE_TOOL is set: the sample
// tool's CLI, which reads ~/.config/sample/settings.json and sends one
// chat completion there, as the real CLIs send theirs. FAKE_SENDS_MODEL
// makes it a newer version that ignores the file's model.
func TestMain(m *testing.M) {
	if os.Getenv("TRUTH_FAKE_TOOL") == "1" {
		os.Exit(fakeTool())
	}
	os.Exit(m.Run())
}

func fakeTool() int {
	path := filepath.Join(sampleDir(os.Getenv("HOME"), os.Getenv("APPDATA")), "settings.json")
	b, err := os.ReadFile(path)
	if os.Getenv("FAKE_REWRITES") == "1" { // a version that migrates its file
		_ = os.WriteFile(path, append(b, '\n'), 0o600)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	var s struct {
		Provider struct{ BaseURL, APIKey string }
		Model    string
	}
	if err := json.Unmarshal(b, &s); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if m := os.Getenv("FAKE_SENDS_MODEL"); m != "" {
		s.Model = m
	}
	body, _ := json.Marshal(map[string]any{"model": s.Model, "messages": []map[string]string{{"role": "user", "content": "say hi"}}})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", s.Provider.BaseURL+"/chat/completions", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+s.Provider.APIKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		fmt.Fprintln(os.Stderr, "HTTP", resp.StatusCode)
		return 1
	}
	return 0
}

// sampleDir is where the sample tool keeps settings.json (sample.Dir):
// the harness's scratch home has APPDATA under it on Windows.
func sampleDir(home, appData string) string {
	if runtime.GOOS == "windows" {
		return filepath.Join(appData, "Sample")
	}
	return filepath.Join(home, ".config", "sample")
}

// settingsFile is settings.json's name in a case's files.
func settingsFile() string {
	if runtime.GOOS == "windows" {
		return "~/AppData/Roaming/Sample/settings.json"
	}
	return "~/.config/sample/settings.json"
}

func sampleSuite() truth.Suite {
	return truth.Suite{Command: []string{"--print", "{prompt}"}, Env: map[string]string{"TRUTH_FAKE_TOOL": "1"},
		Cases: []truth.Case{{Fact: "settings.json's model is the one sent", Seen: "1.0",
			Files: map[string]string{settingsFile(): `{"provider": {"baseUrl": "{root}/v1", "apiKey": "{key}", "kind": "openai-compatible"}, "model": "gpt-4o"}`}}}}
}

func TestCheckHoldsAndChanges(t *testing.T) {
	defer registerSample()()
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s := sampleSuite()
	r := truth.Check(context.Background(), sample.Tool, bin, s, s.Cases[0], truth.Options{})
	if !r.Held() {
		t.Fatalf("the fact does not hold: %+v", r)
	}
	if r.Observed.Path != "/api/v1/chat/completions" || r.Observed.Model != "gpt-4o" || r.Observed.Auth != "bearer" {
		t.Errorf("observed %+v", r.Observed)
	}

	// A version that sends another model: the fact no longer holds, and
	// the difference names it.
	s.Env["FAKE_SENDS_MODEL"] = "gpt-4o-mini"
	r = truth.Check(context.Background(), sample.Tool, bin, s, s.Cases[0], truth.Options{})
	if r.Held() || len(r.Differences) != 1 || !strings.Contains(r.Differences[0], "model gpt-4o-mini, predicted gpt-4o") {
		t.Fatalf("want a changed model, got %+v", r)
	}

	// A key in a file that the gateway rejects: still observed (the key
	// sent is the one the file holds), so the fact holds; its mask shows.
	s = sampleSuite()
	s.Cases[0].Files[settingsFile()] = strings.Replace(s.Cases[0].Files[settingsFile()], "{key}", "{other}", 1)
	r = truth.Check(context.Background(), sample.Tool, bin, s, s.Cases[0], truth.Options{})
	if !r.Held() || r.Observed.Key == "" || strings.Contains(fmt.Sprint(r), truth.Other) {
		t.Fatalf("want the rejected key seen, masked: %+v", r)
	}
}

// No request at all (the tool fails before sending) is a changed fact,
// with the tool's output kept.
func TestCheckNoRequest(t *testing.T) {
	defer registerSample()()
	bin, _ := os.Executable()
	s := sampleSuite()
	s.Cases[0].Files = map[string]string{settingsFile(): `{"provider": {"baseUrl": "{root}/v1", "apiKey": "{key}"}, "model": 7}`}
	r := truth.Check(context.Background(), sample.Tool, bin, s, s.Cases[0], truth.Options{})
	if r.Held() {
		t.Fatalf("a tool that sent nothing held: %+v", r)
	}
	if r.Err == "" && (len(r.Differences) == 0 || !strings.Contains(r.Differences[0], "no model request")) {
		t.Fatalf("differences %q, err %q", r.Differences, r.Err)
	}
}

// A case whose facts say the tool stops before any request holds when
// none comes; the files a turn leaves are compared too (a version that
// rewrites its settings changes the fact).
func TestCheckExpect(t *testing.T) {
	defer registerSample()()
	bin, _ := os.Executable()
	s := sampleSuite()
	c := s.Cases[0]
	c.Files = map[string]string{settingsFile(): `{"provider": {"baseUrl": "{root}/v1", "apiKey": "{key}"}, "model": 7}`}
	c.Expect = func(string) truth.Expect {
		return truth.Expect{NoRequest: true, Files: map[string]truth.FileState{settingsFile(): truth.Kept}}
	}
	if r := truth.Check(context.Background(), sample.Tool, bin, s, c, truth.Options{}); !r.Held() {
		t.Fatalf("no request and the file kept, as predicted: %+v", r)
	}

	c = s.Cases[0]
	c.Expect = func(string) truth.Expect { return truth.Expect{NoRequest: true} }
	if r := truth.Check(context.Background(), sample.Tool, bin, s, c, truth.Options{}); r.Held() || !strings.Contains(strings.Join(r.Differences, ";"), "predicted none") {
		t.Fatalf("a request came where none was predicted: %+v", r)
	}

	c.Expect = func(string) truth.Expect {
		return truth.Expect{Files: map[string]truth.FileState{settingsFile(): truth.Kept, "~/created.json": truth.Gone}}
	}
	if r := truth.Check(context.Background(), sample.Tool, bin, s, c, truth.Options{}); !r.Held() {
		t.Fatalf("the file kept: %+v", r)
	}
	s.Env["FAKE_REWRITES"] = "1"
	r := truth.Check(context.Background(), sample.Tool, bin, s, c, truth.Options{})
	if r.Held() || len(r.Differences) != 1 || r.Differences[0] != settingsFile()+" changed, predicted kept" {
		t.Fatalf("a rewritten file: %+v", r)
	}
}
