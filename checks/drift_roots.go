package checks

import (
	"fmt"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// rootRefs are the profile's root per API family, when the profile serves
// some family under its own root (a DeepSeek preset, --anthropic-base-url)
// and the user chose that gateway: an explicit base URL, or a preset
// named by a flag, variable, stored profile or team file (not the default
// preset nobody chose). nil otherwise: compareBases then compares the
// tools with one another.
func (c driftCheck) rootRefs(base reference) map[gateway.Family]reference {
	p := c.profile
	if !p.HasRoots() {
		return nil
	}
	from := base.from
	if !base.ok {
		if p.Sources[gateway.FieldPreset] == "" {
			return nil
		}
		from = "the profile (preset " + p.Preset + ") has"
	}
	out := map[gateway.Family]reference{}
	for _, f := range gateway.Families {
		if r := p.RootOf(f); r != "" {
			out[f] = reference{r, from, true}
		}
	}
	return out
}

// compareRoots reports each tool whose root is not its API family's root
// in the profile: a Messages tool at …/anthropic and a Chat tool at the
// vendor's OpenAI root agree; a Messages tool at the OpenAI root is drift,
// and the fix names the Anthropic root, never the other family's.
func (c driftCheck) compareRoots(e *env.Env, items []driftItem, refs map[gateway.Family]reference) []doctor.Finding {
	var out []doctor.Finding
	for _, it := range items {
		f := it.t.Rule.Protocol.Family()
		ref, ok := refs[f]
		if !ok || it.value == ref.value {
			continue
		}
		uses := fmt.Sprintf("%s API root %q", f.Title(), it.value)
		if !gateway.SameGateway(it.value, ref.value) {
			uses = "gateway " + gatewayHost(it.value)
		}
		out = append(out, baseDrift(e, it, uses, fmt.Sprintf("%s %s root %q", ref.from, f.Title(), ref.value), it.t.Rule.Base(ref.value)))
	}
	return out
}
