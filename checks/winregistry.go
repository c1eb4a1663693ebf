package checks

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/shell"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/winreg"
)

// registryEnvCheck: on Windows, a variable set with setx or System
// Properties lives in the registry and reaches only processes started
// after the change. A tool started from a new terminal gets the
// registry's value, one started from the running shell keeps the old: the
// cause of "I changed the base URL and nothing changed" (env-not-loaded).
// It says nothing where there is no registry.
type registryEnvCheck struct{ s *discover.Snapshot }

func (registryEnvCheck) Name() string { return "windows-env" }

func (c registryEnvCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	reg, err := e.ReadRegistry()
	if err != nil && len(reg.Env) == 0 {
		return []doctor.Finding{{Status: doctor.Failed, Message: "reading the environment variables kept in the registry: " + err.Error()}}
	}
	sh := shell.Of(e)
	var out []doctor.Finding
	for _, name := range registryVars(c.s) {
		v, ok := reg.Lookup(name.name)
		if !ok {
			continue
		}
		cur := e.Getenv(name.name)
		if cur == v.Value {
			continue
		}
		shown, now, fix := v.Value, cur, sh.Set(name.name, v.Value)
		if name.secret {
			e.Secrets.Add(v.Value, cur)
			shown, now = doctor.ShowKey(v.Value), doctor.ShowKey(cur)
			fix = "" // never a key in a pasted command: the new terminal reads it
		}
		have := fmt.Sprintf("has %s", now)
		if cur == "" {
			have = "does not have it"
		}
		out = append(out, doctor.Finding{Code: catalog.EnvNotLoaded, Status: doctor.Warning, Source: v.Key + " (" + name.name + ")",
			Message: fmt.Sprintf("%s is set to %s in %s (setx or System Properties), but this shell %s: a tool started from a new terminal gets %s, one started from this shell does not",
				name.name, shown, v.Key, have, shown),
			Fix: catalog.Render(catalog.EnvNotLoaded, catalog.Slots{Key: name.name, Edit: fix})})
	}
	return out
}

type registryVar struct {
	name   string
	secret bool
}

// registryVars are the variables a configured triple may come from: every
// tool's own (its Vars and the .env variables it reads), the profile's
// preset variables and the proxy variables, each once.
func registryVars(s *discover.Snapshot) []registryVar {
	var out []registryVar
	add := func(secret bool, names ...string) {
		for _, n := range names {
			if n != "" && !slices.ContainsFunc(out, func(v registryVar) bool { return strings.EqualFold(v.name, n) }) {
				out = append(out, registryVar{n, secret})
			}
		}
	}
	add(true, s.Vars.Key, s.Vars.AltKey)
	add(false, s.Vars.BaseURL, s.Vars.Model)
	for _, t := range tool.All() {
		if t.Vars != nil {
			add(true, t.Vars.Key, t.Vars.AltKey)
			add(false, t.Vars.BaseURL, t.Vars.Model)
		}
		if t.DotEnv != nil {
			for _, n := range t.DotEnv.Vars {
				add(strings.Contains(strings.ToUpper(n), "KEY") || strings.Contains(strings.ToUpper(n), "TOKEN"), n)
			}
		}
	}
	add(false, allProxyVars...)
	add(false, "NO_PROXY", "no_proxy")
	return out
}

// systemProxyCheck: the WinINet proxy (Internet Settings) is what the
// Rust clients follow on Windows (reqwest reads it when no proxy variable
// is set); one that does not exempt a loopback or LAN base URL sends the
// tool's requests for a local relay to the proxy ("local proxy failed").
// A ProxyServer left behind with the proxy switched off is reported too:
// some clients follow it. It says nothing where there is no registry.
type systemProxyCheck struct{ s *discover.Snapshot }

func (systemProxyCheck) Name() string { return "windows-proxy" }

func (c systemProxyCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	reg, _ := e.ReadRegistry()
	p := reg.Proxy
	if !p.Set() {
		return nil
	}
	var out []doctor.Finding
	for _, t := range c.s.Tools {
		desc, ok := tool.Lookup(string(t.ID))
		if !ok || desc.Runtime != tool.Rust || !t.Base.Set() {
			continue
		}
		target, err := url.Parse(t.Base.Value)
		if err != nil || target.Hostname() == "" {
			continue
		}
		if _, viaVar := proxyFor(e.Getenv, desc.Runtime, target); viaVar {
			continue // a proxy variable beats the system's: the proxy check judges it
		}
		host := target.Hostname()
		server := p.ServerFor(target.Scheme)
		if classifyHost(host) == remoteHost || server == "" || p.Bypasses(host) {
			continue
		}
		st, state := doctor.Warning, "on (ProxyEnable 1)"
		if !p.Enabled {
			st, state = doctor.Info, "off (ProxyEnable 0) but its ProxyServer is left behind, which some clients still follow"
		}
		out = append(out, finding(t, catalog.SystemProxyCapturesLocal, st,
			fmt.Sprintf("%s (a Rust client) follows the Windows system proxy, which is %s: its requests for %s would go to the proxy %s, and the proxy's exceptions (ProxyOverride %q) do not list %s",
				t.Label, state, t.Base.Value, server, p.Override, host),
			catalog.Render(catalog.SystemProxyCapturesLocal, catalog.Slots{Value: withOverride(p.Override, host)}),
			winreg.InternetSettings+" (ProxyServer)"))
	}
	return out
}

// withOverride is ProxyOverride with the loopback names and host added.
func withOverride(current, host string) string {
	parts := strings.FieldsFunc(current, func(r rune) bool { return r == ';' })
	for _, h := range []string{host, "localhost", "127.0.0.1", "<local>"} {
		if !slices.ContainsFunc(parts, func(p string) bool { return strings.EqualFold(strings.TrimSpace(p), h) }) {
			parts = append(parts, h)
		}
	}
	return strings.Join(parts, ";")
}
