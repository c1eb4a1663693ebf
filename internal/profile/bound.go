package profile

import (
	"fmt"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"go.yaml.in/yaml/v3"
)

// MaxProfiles is how many profiles a store may hold: far more gateways
// than anyone switches between. The YAML decoder checks a mapping for
// duplicate keys by comparing every pair, so a store of 8,000 profiles
// took 2 s to open (every command opens it) and 100,000 aliased ones
// over a minute; the count is taken from the parsed tree, which is
// linear and expands no alias, before anything is decoded.
const MaxProfiles = 1000

// checkCount refuses a store of more than MaxProfiles profiles. A file
// that does not parse is left to the decoder, which names the error.
func checkCount(name string, b []byte) error {
	var doc yaml.Node
	if yaml.Unmarshal(b, &doc) != nil || len(doc.Content) == 0 {
		return nil
	}
	top := resolve(doc.Content[0])
	if top.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		if top.Content[i].Value != "profiles" {
			continue
		}
		ps := resolve(top.Content[i+1])
		if n := len(ps.Content) / 2; ps.Kind == yaml.MappingNode && n > MaxProfiles {
			return &gateway.UsageError{Msg: fmt.Sprintf("%s holds %d profiles; keydoctor keeps up to %d", name, n, MaxProfiles),
				Hint: "edit that file down to the profiles you use, or move it away"}
		}
	}
	return nil
}

// resolve follows an alias to what it names (once: the tree holds no
// alias of an alias).
func resolve(n *yaml.Node) *yaml.Node {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		return n.Alias
	}
	return n
}
