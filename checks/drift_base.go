package checks

import (
	"fmt"
	"net/url"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// compareBases reports triple-drift on base URLs by the gateway each tool
// reaches, not by the strings. Some vendors serve each API under its own
// root (the Messages API at …/anthropic, the Chat one at …/v1,
// docs/tools.md), so a Messages tool at https://gw.example/anthropic
// and a Responses tool at https://gw.example/v1 agree. Tools therefore agree
// when they reach the same host, and, among tools speaking the same API
// family, the same root; a root is never carried from one family to
// another (that fix gave a Chat tool …/anthropic/v1, a 404).
func (c driftCheck) compareBases(e *env.Env, items []driftItem, ref reference) []doctor.Finding {
	if refs := c.rootRefs(ref); refs != nil {
		return c.compareRoots(e, items, refs)
	}
	if !ref.ok && len(items) < 2 {
		return nil
	}
	hosts := make([]driftItem, len(items))
	for i, it := range items {
		hosts[i] = driftItem{it.t, it.v, gatewayHost(it.value)}
	}
	hostRef := majority(hosts)
	if ref.ok {
		hostRef = reference{gatewayHost(ref.value), ref.from, true}
	}
	var out []doctor.Finding
	families := map[string][]driftItem{}
	var order []string
	for i, it := range items {
		if hosts[i].value != hostRef.value {
			want := c.sameFamilyBase(it, items, hostRef.value, ref)
			out = append(out, baseDrift(e, it, fmt.Sprintf("gateway %s", hosts[i].value), hostRef.from+" gateway "+hostRef.value, want))
			continue
		}
		f := apiFamily(it.t.Rule.Protocol)
		if families[f] == nil {
			order = append(order, f)
		}
		families[f] = append(families[f], it)
	}
	for _, f := range order {
		fam := families[f]
		famRef := reference{}
		switch {
		case ref.ok && hasValue(fam, ref.value):
			famRef = ref
		case len(fam) >= 2:
			famRef = majority(fam)
		default:
			continue
		}
		for _, it := range fam {
			if it.value != famRef.value {
				out = append(out, baseDrift(e, it, fmt.Sprintf("%s API root %q", f, it.value),
					fmt.Sprintf("%s %q", famRef.from, famRef.value), it.t.Rule.Base(famRef.value)))
			}
		}
	}
	return out
}

// sameFamilyBase is the base URL to give a tool that reaches another host
// than the reference: the profile's, else the root of a tool of its own
// API family on the reference host, else a placeholder (a root of
// another family is no answer).
func (c driftCheck) sameFamilyBase(it driftItem, items []driftItem, host string, ref reference) string {
	if ref.ok {
		return it.t.Rule.Base(ref.value)
	}
	f := apiFamily(it.t.Rule.Protocol)
	for _, o := range items {
		if gatewayHost(o.value) == host && apiFamily(o.t.Rule.Protocol) == f {
			return it.t.Rule.Base(o.value)
		}
	}
	return fmt.Sprintf("<the %s API base URL of %s, from its documentation>", f, host)
}

func baseDrift(e *env.Env, it driftItem, uses, but, want string) doctor.Finding {
	s := catalog.Slots{Edit: setAt(e, it.v.Source, want)}
	if setupCmd(it.t) != "" {
		s.Command = "keydoctor setup"
	}
	msg := fmt.Sprintf("%s uses base URL %q (%s, %s), but %s", it.t.Label, it.v.Value, where(e, it.v), uses, but)
	return ByTriple(e, finding(it.t, catalog.TripleDrift, doctor.Warning, msg, catalog.Render(catalog.TripleDrift, s), src(e, it.v)), it.v.Source)
}

// apiFamily groups the protocols served under one root: chat completions
// and Responses are both OpenAI's API.
func apiFamily(p gateway.Protocol) string { return p.Family().Title() }

// gatewayHost is the scheme and host (with port) of a root.
func gatewayHost(root string) string {
	u, err := url.Parse(root)
	if err != nil || u.Host == "" {
		return root
	}
	return u.Scheme + "://" + u.Host
}

func hasValue(items []driftItem, v string) bool {
	for _, it := range items {
		if it.value == v {
			return true
		}
	}
	return false
}
