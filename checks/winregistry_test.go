package checks

import (
	"context"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/winreg"
)

func registryEnv(vars map[string]string, reg winreg.Values) *env.Env {
	e := env.FromMap(vars)
	e.GOOS = "windows"
	e.Secrets = redact.NewSecrets()
	e.Registry = func() (winreg.Values, error) { return reg, nil }
	return e
}

func TestRegistryEnvNotLoaded(t *testing.T) {
	const key = "sk-test-registry-0123456789abcdef"
	s := &discover.Snapshot{Vars: tool.Vars{BaseURL: "TAOTOKEN_BASE_URL", Key: "TAOTOKEN_API_KEY", Model: "TAOTOKEN_MODEL"}}
	reg := winreg.Values{Env: []winreg.Var{
		{Name: "ANTHROPIC_BASE_URL", Value: "http://127.0.0.1:15721", Key: winreg.UserEnvironment},
		{Name: "TAOTOKEN_API_KEY", Value: key, Key: winreg.UserEnvironment},
		{Name: "OPENAI_BASE_URL", Value: "https://gateway.example/v1", Key: winreg.MachineEnvironment},
		{Name: "UNRELATED", Value: "x", Key: winreg.UserEnvironment},
	}}
	e := registryEnv(map[string]string{"OPENAI_BASE_URL": "https://gateway.example/v1", "ANTHROPIC_BASE_URL": "http://old"}, reg)
	fs := registryEnvCheck{s}.Run(context.Background(), e)
	if len(fs) != 2 {
		t.Fatalf("want 2 findings (the loaded and the unrelated variables are not findings), got %d: %+v", len(fs), fs)
	}
	byVar := map[string]doctor.Finding{}
	for _, f := range fs {
		if f.Code != catalog.EnvNotLoaded || f.Status != doctor.Warning {
			t.Errorf("finding %+v: want a %s warning", f, catalog.EnvNotLoaded)
		}
		byVar[f.Source] = f
	}
	base := byVar[winreg.UserEnvironment+" (ANTHROPIC_BASE_URL)"]
	if !strings.Contains(base.Message, "this shell has http://old") || !strings.Contains(base.Fix, "$env:ANTHROPIC_BASE_URL = 'http://127.0.0.1:15721'") {
		t.Errorf("base URL finding: %+v", base)
	}
	k := byVar[winreg.UserEnvironment+" (TAOTOKEN_API_KEY)"]
	if !strings.Contains(k.Message, "does not have it") || strings.Contains(k.Message+k.Fix, key) || !strings.Contains(k.Message, redact.Mask(key)) {
		t.Errorf("key finding must mask the key and paste no command with it: %+v", k)
	}
	if !slicesContain(e.Secrets.List(), key) {
		t.Error("the registry's key was not added to the run's secrets")
	}
	if fs := (registryEnvCheck{s}).Run(context.Background(), env.FromMap(nil)); len(fs) != 0 {
		t.Errorf("without a registry the check says nothing, got %+v", fs)
	}
}

func TestSystemProxyCapturesLocal(t *testing.T) {
	relay := discover.Tool{ID: gateway.ToolID("codex"), Label: "Codex CLI", Base: discover.Value{Value: "http://127.0.0.1:15721/v1", Source: discover.Source{File: "/h/.codex/config.toml", Key: "base_url"}}}
	remote := discover.Tool{ID: gateway.ToolID("codex"), Label: "Codex CLI (remote)", Base: discover.Value{Value: "https://gateway.example/v1", Source: discover.Source{File: "/h/.codex/config.toml", Key: "base_url"}}}
	node := discover.Tool{ID: gateway.ToolID("claude"), Label: "Claude Code", Base: discover.Value{Value: "http://127.0.0.1:15721", Source: discover.Source{File: "/h/.codex/config.toml", Key: "base_url"}}}
	s := &discover.Snapshot{Tools: []discover.Tool{relay, remote, node}}
	for name, tt := range map[string]struct {
		proxy  winreg.Proxy
		vars   map[string]string
		status doctor.Status
		none   bool
	}{
		"on":                     {winreg.Proxy{Enabled: true, Server: "127.0.0.1:7890", Override: "<local>"}, nil, doctor.Warning, false},
		"left behind":            {winreg.Proxy{Server: "127.0.0.1:7890"}, nil, doctor.Info, false},
		"exempted":               {winreg.Proxy{Enabled: true, Server: "127.0.0.1:7890", Override: "<local>;127.0.0.1"}, nil, 0, true},
		"only for http":          {winreg.Proxy{Enabled: true, Server: "https=127.0.0.1:7890"}, nil, 0, true},
		"a proxy variable beats": {winreg.Proxy{Enabled: true, Server: "127.0.0.1:7890"}, map[string]string{"HTTP_PROXY": "http://127.0.0.1:8888"}, 0, true},
		"none":                   {winreg.Proxy{}, nil, 0, true},
	} {
		t.Run(name, func(t *testing.T) {
			fs := systemProxyCheck{s}.Run(context.Background(), registryEnv(tt.vars, winreg.Values{Proxy: tt.proxy}))
			if tt.none {
				if len(fs) != 0 {
					t.Errorf("want nothing, got %+v", fs)
				}
				return
			}
			if len(fs) != 1 {
				t.Fatalf("want one finding (the Rust client at the relay only), got %+v", fs)
			}
			f := fs[0]
			if f.Code != catalog.SystemProxyCapturesLocal || f.Status != tt.status || f.Tool != gateway.ToolID("codex") ||
				!strings.Contains(f.Fix, "127.0.0.1;localhost") || f.Source != winreg.InternetSettings+" (ProxyServer)" {
				t.Errorf("finding %+v", f)
			}
		})
	}
}

func TestWithOverride(t *testing.T) {
	if got := withOverride("<local>;*.corp", "127.0.0.1"); got != "<local>;*.corp;127.0.0.1;localhost" {
		t.Errorf("withOverride = %q", got)
	}
	if got := withOverride("", "10.0.0.5"); got != "10.0.0.5;localhost;127.0.0.1;<local>" {
		t.Errorf("withOverride = %q", got)
	}
}

func slicesContain(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
