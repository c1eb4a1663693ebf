package gateway

import (
	"net/url"
	"strings"

	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/templates"
)

// Field names one part of the profile.
type Field string

const (
	FieldBaseURL         Field = "base_url"
	FieldKey             Field = "key"
	FieldModel           Field = "model"
	FieldBackgroundModel Field = "background_model"
	FieldPreset          Field = "preset"
)

// Profile is the triple keydoctor writes and checks, with where each part
// came from. BaseURL is always the normalised gateway root.
type Profile struct {
	Preset  string
	BaseURL string
	// Roots are the gateway roots of the API families the vendor serves
	// under their own root (normalised like BaseURL); a family not in it
	// is served at BaseURL. Read it through RootFor / Tool.BaseFor.
	Roots           map[Family]string
	Key             string
	Model           string
	BackgroundModel string
	// KeyVar is the environment variable that holds (or should hold) the
	// key: what curl commands and a tool's key-variable setting refer to.
	KeyVar string
	// VarBaseURL, VarKey and VarModel are the preset's variable names:
	// what .env holds, what discovery looks for in .env and MCP servers,
	// and what hints name. VarKey differs from KeyVar when --key-env
	// names another variable.
	VarBaseURL, VarKey, VarModel string
	// Sources says where each field came from: "--base-url",
	// "KEYDOCTOR_MODEL", the preset's key variable, "~/.config/keydoctor/config.yaml".
	Sources map[Field]string
	// Notes are what normalising the base URL repaired.
	Notes []Note
	// KeyHome is the gateway the key belongs to (pair.go); Refused, when
	// set, is why the resolved key was dropped: it belongs to another host
	// than the base URL's.
	KeyHome KeyHome
	Refused *PairError
}

// Public is the profile as it may be printed: key masked.
type Public struct {
	Name            string `json:"name"`
	BaseURL         string `json:"base_url"`
	Model           string `json:"model"`
	BackgroundModel string `json:"background_model,omitempty"`
	Key             string `json:"key"`
	// Roots are the per-family roots (anthropic, openai, gemini) when the
	// profile has any.
	Roots map[string]string `json:"roots,omitempty"`
}

// Public returns the printable view.
func (p Profile) Public() Public {
	return Public{Name: p.Name(), BaseURL: p.BaseURL, Model: p.Model, BackgroundModel: p.BackgroundModel, Key: p.ShownKey(), Roots: RootStrings(p.Roots)}
}

// Name names this gateway where a tool's file needs an id (a provider
// table's ID, an MCP server entry): the preset's name, or
// for the custom preset the host of its base URL, each run of other
// characters a dash (gw.example.com → gw-example-com), so that a custom
// gateway is never named after a preset it is not.
func (p Profile) Name() string {
	if p.Preset != templates.CustomPreset {
		return p.Preset
	}
	u, err := url.Parse(p.BaseURL)
	if err != nil || u.Hostname() == "" {
		return p.Preset
	}
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(u.Hostname()) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	if b.Len() == 0 {
		return p.Preset
	}
	return b.String()
}

// Source returns where a field came from, or "".
func (p Profile) Source(f Field) string { return p.Sources[f] }

// ShownKey is the profile's key as keydoctor shows it (redact.Shown:
// sk-t****cdef): the profile's printable view, the wizard, ping's header
// and the demo show it through here.
func (p Profile) ShownKey() string { return redact.Shown(p.Key) }
