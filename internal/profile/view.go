package profile

import (
	"slices"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// The schemas of 'profile list --json' and 'profile show --json'.
const (
	SchemaList = "keydoctor/profiles@1"
	SchemaShow = "keydoctor/profile@1"
)

// View is a profile as list and show print it: the key masked.
type View struct {
	Name    string `json:"name"`
	Default bool   `json:"default"`
	Preset  string `json:"preset,omitempty"`
	BaseURL string `json:"base_url"`
	// Roots are the per-family roots (anthropic, openai, gemini) where
	// the gateway serves an API under its own root.
	Roots           map[string]string `json:"roots,omitempty"`
	Model           string            `json:"model,omitempty"`
	BackgroundModel string            `json:"background_model,omitempty"`
	Key             string            `json:"key"`
	KeyEnv          string            `json:"key_env,omitempty"`
	KeyStore        string            `json:"key_store,omitempty"`
	Tools           []string          `json:"tools"`
}

// ListDoc is 'profile list --json'.
type ListDoc struct {
	Schema   string `json:"schema"`
	Default  string `json:"default"`
	Profiles []View `json:"profiles"`
}

// ShowDoc is 'profile show --json'.
type ShowDoc struct {
	Schema string `json:"schema"`
	View
}

// Uses maps each profile to the tools configured with it now.
type Uses struct {
	ByProfile map[string][]string // profile → tool ids, in discovery's order
}

// WhoUses discovers the tools' files in project and matches each tool's
// triple to the profiles (base URL, model, key).
func WhoUses(e *env.Env, st *Store, project string) Uses {
	p, _ := Load(e, LoadOptions{})
	snap := discover.Discover(e, discover.OptionsFor(p, project))
	resolved := st.Resolve(e)
	u := Uses{ByProfile: map[string][]string{}}
	for _, tool := range snap.Tools {
		if !tool.Base.Configured() {
			continue
		}
		n := Match(resolved, Triple{Root: tool.Base.Value, Model: tool.Model.Value, Key: tool.Key.Value})
		if n != "" && !slices.Contains(u.ByProfile[n], string(tool.ID)) {
			u.ByProfile[n] = append(u.ByProfile[n], string(tool.ID))
		}
	}
	return u
}

// View is profile p as printed, with the tools on it (u).
func (s *Store) View(e *env.Env, p Profile, u Uses) View {
	k, _ := s.Key(e, p)
	v := View{Name: p.Name, Default: s.Default == p.Name, Preset: p.Preset, BaseURL: p.Root(), Roots: p.OwnRoots(), Model: p.Model,
		BackgroundModel: p.BackgroundModel, Key: redact.Shown(k), KeyEnv: p.KeyEnv, KeyStore: p.KeyStore, Tools: u.ByProfile[p.Name]}
	if v.Tools == nil {
		v.Tools = []string{}
	}
	return v
}

// List is every profile, by name, as printed.
func (s *Store) List(e *env.Env, u Uses) ListDoc {
	doc := ListDoc{Schema: SchemaList, Default: s.Default, Profiles: []View{}}
	for _, n := range s.Names() {
		p, _ := s.Get(n)
		doc.Profiles = append(doc.Profiles, s.View(e, p, u))
	}
	return doc
}
