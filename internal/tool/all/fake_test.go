package all_test

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// fakeTool is a tool that exists only in this test: a JSON settings file
// holding the triple at fixed keys (the generic format), a setting it
// needs beside the triple, and a headless run redirected by a variable.
var fakeTool = tool.Tool{
	Tool: gateway.Tool{ID: "fake", Title: "Fake CLI", Protocol: gateway.Chat,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Setup:  true,
	Format: tool.FormatJSONKey,
	Impl:   writers.JSONKeys{}, // the generic planner, as a tool package would use it
	Files: func(e *env.Env, _ string) []tool.File {
		return []tool.File{{Role: "settings", Path: filepath.Join(e.Home, ".fake", "settings.json"), Syntax: tool.JSON}}
	},
	Keys: &tool.Keys{
		Base:  tool.Place{File: "settings", Key: "gateway.baseUrl"},
		Key:   tool.Place{File: "settings", Key: "gateway.apiKey"},
		Model: tool.Place{File: "settings", Key: "model.name"},
		Fixed: []tool.Fixed{{Place: tool.Place{File: "settings", Key: "gateway.auth"}, Value: "api-key"}},
	},
	Binary:   "fake",
	Headless: &tool.Headless{Args: []string{"-p", "{prompt}", "--cwd", "{dir}"}, Redirect: tool.RedirectEnv, BaseEnv: "FAKE_BASE_URL"},
}

// A tool registered here, and nowhere else, gets the whole suite: setup
// writes it, discovery reads it back, doctor judges its /v1, verify builds
// its turn. Nothing outside this file knows it.
func TestConformanceFakeTool(t *testing.T) {
	remove := tool.Register(fakeTool)
	defer remove()
	if _, ok := tool.Lookup("fake"); !ok {
		t.Fatal("the fake tool is not registered")
	}
	if ids, err := tool.ParseSetup("fake,claude"); err != nil || len(ids) != 2 {
		t.Fatalf("setup does not take the fake tool: %v %v", ids, err)
	}
	conform(t, fakeTool)
}
