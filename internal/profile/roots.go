package profile

import (
	"fmt"
	"maps"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/templates"
)

// RootFlags names the command-line flag of each family's own root.
var RootFlags = map[gateway.Family]string{
	gateway.FamilyAnthropic: "--anthropic-base-url",
	gateway.FamilyOpenAI:    "--openai-base-url",
	gateway.FamilyGemini:    "--gemini-base-url",
}

// RootVars names the environment variable of each family's own root, the
// KEYDOCTOR_* layer's counterpart of RootFlags.
var RootVars = map[gateway.Family]string{
	gateway.FamilyAnthropic: "KEYDOCTOR_ANTHROPIC_BASE_URL",
	gateway.FamilyOpenAI:    "KEYDOCTOR_OPENAI_BASE_URL",
	gateway.FamilyGemini:    "KEYDOCTOR_GEMINI_BASE_URL",
}

// roots resolves the per-family roots, per family highest first: the
// flag, the team file, the KEYDOCTOR_*_BASE_URL variable, the stored
// profile, the preset. A layer's roots
// count only when that layer also gave the base URL, or name its host:
// the preset's DeepSeek roots are no roots of a --base-url elsewhere. The
// team file's must be on its base URL's host (a repository may not
// choose another host to send the key to). A variable's root on another
// host than a base URL from elsewhere is refused too, naming the variable:
// dropping it silently would hide a choice the user made, and taking it
// would send a stored profile's key to a host nobody paired it with.
func (r *resolver) roots(flags map[gateway.Family]string, preset templates.Preset) error {
	p := &r.p
	base, baseFrom := p.BaseURL, p.Sources[gateway.FieldBaseURL]
	type layer struct {
		from  string
		roots map[string]string
	}
	var layers []layer
	if r.team != nil {
		layers = append(layers, layer{r.team.Source, r.team.Roots})
	}
	vars := map[string]string{}
	for f, name := range RootVars {
		if v, ok := r.e.Lookup(name); ok && v != "" {
			vars[string(f)] = v
		}
	}
	layers = append(layers, layer{envLayer, vars})
	if r.saved != nil {
		layers = append(layers, layer{r.saved.Source, r.saved.Roots})
	}
	layers = append(layers, layer{"preset " + preset.Name, preset.Roots})
	out := map[gateway.Family]string{}
	for _, f := range gateway.Families {
		if raw := flags[f]; raw != "" {
			n, err := gateway.Normalize(raw)
			if err != nil {
				return &gateway.UsageError{Msg: fmt.Sprintf("%v (from %s)", err, RootFlags[f]), Hint: "pass the " + f.Title() + " API root, e.g. " + RootFlags[f] + " https://api.deepseek.com/anthropic"}
			}
			out[f], p.Notes = n.Root, append(p.Notes, n.Notes...)
			continue
		}
		for _, l := range layers {
			raw := l.roots[string(f)]
			if raw == "" {
				continue
			}
			from, hint := l.from, "fix roots."+string(f)+" there"
			if from == envLayer {
				from, hint = RootVars[f], "export "+RootVars[f]+" as the vendor's "+f.Title()+" API root, or unset it"
			}
			n, err := gateway.Normalize(raw)
			if err != nil {
				return &gateway.UsageError{Msg: fmt.Sprintf("%s root: %v (from %s)", f, err, from), Hint: hint}
			}
			same := base == "" || gateway.SameGateway(n.Root, base)
			if l.from == TeamFile && !same {
				return &gateway.UsageError{Msg: fmt.Sprintf("%s: roots.%s %s is not on the base URL's host %s", TeamFile, f, n.Root, gateway.HostOf(base)),
					Hint: "give each root on the gateway's own host, or pass " + RootFlags[f] + " yourself"}
			}
			if l.from == envLayer && !same && baseFrom != "KEYDOCTOR_BASE_URL" {
				return &gateway.UsageError{Msg: fmt.Sprintf("%s %s is not on the host of the base URL %s (from %s)", RootVars[f], n.Root, base, baseFrom),
					Hint: "export KEYDOCTOR_BASE_URL with it, or pass " + RootFlags[f] + " yourself"}
			}
			if same || l.from == baseFrom || (l.from == envLayer && baseFrom == "KEYDOCTOR_BASE_URL") {
				out[f] = n.Root
			}
			break
		}
	}
	if out[gateway.FamilyAnthropic] == "" && gateway.IsAnthropicRoot(base) {
		r.anthropicBase(out, base)
	}
	for f, root := range out {
		if root == p.BaseURL {
			delete(out, f) // the base URL serves it: no root of its own
		}
	}
	if len(out) > 0 {
		p.Roots = out
	}
	return nil
}

// anthropicBase takes a base URL that is a vendor's Anthropic root (the
// …/anthropic of DeepSeek's and Kimi's guides for Anthropic-API tools) as that: the
// Anthropic root. A preset whose Anthropic root it is gives the OpenAI
// root, so the OpenAI tools get …/v1 of that and not …/anthropic/v1, a
// 404 at every such vendor. With no preset and no --openai-base-url the
// OpenAI root stays unknown: setup refuses to write it to an OpenAI tool.
func (r *resolver) anthropicBase(out map[gateway.Family]string, base string) {
	p := &r.p
	if out[gateway.FamilyOpenAI] != "" {
		return // the user gave the OpenAI root: RootOf already tells them apart
	}
	for _, pr := range templates.Presets() {
		n, err := gateway.Normalize(pr.Roots[string(gateway.FamilyAnthropic)])
		if err != nil || n.Root != base || pr.BaseURL == "" {
			continue
		}
		if b, err := gateway.Normalize(pr.BaseURL); err == nil {
			p.BaseURL, out[gateway.FamilyAnthropic] = b.Root, base
			p.Notes = append(p.Notes, gateway.Note{Message: fmt.Sprintf("%s is %s's Anthropic API root; its OpenAI API root is %s (preset %s)", base, pr.Title, b.Root, pr.Name)})
			return
		}
	}
}

// envLayer stands for the KEYDOCTOR_*_BASE_URL variables among the roots'
// layers.
const envLayer = "the environment"

// Equal says two stored profiles hold the same values.
func (p Profile) Equal(o Profile) bool {
	return p.Name == o.Name && p.Preset == o.Preset && p.BaseURL == o.BaseURL && p.Model == o.Model &&
		p.BackgroundModel == o.BackgroundModel && p.KeyEnv == o.KeyEnv && p.KeyStore == o.KeyStore && maps.Equal(p.Roots, o.Roots)
}
