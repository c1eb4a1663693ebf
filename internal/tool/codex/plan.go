package codex

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"github.com/keydoctor/keydoctor/writers"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/format/tomlbound"
	"github.com/keydoctor/keydoctor/internal/format/tomledit"
	"github.com/keydoctor/keydoctor/internal/format/tomlstr"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/pelletier/go-toml/v2"
)

// authOption is setup's --codex-auth: how the files hold the key.
var authOption = tool.Option{Name: "codex-auth", Title: "Codex auth", Values: []string{"file", "env"},
	Usage: "where Codex finds the key: file (auth.json) or env (env_key naming the preset's variable, or the team file's key_env)"}

// providerOption is setup's --codex-provider: the [model_providers.ID]
// table written, the profile's name by default. An id of Codex's own
// providers is refused: it would be theirs, not ours.
var providerOption = tool.Option{Name: "codex-provider", Usage: "Codex [model_providers.ID] id (default the preset name)",
	Default: func(p gateway.Profile) string {
		if n := p.Name(); n != "" {
			return n
		}
		return "keydoctor"
	},
	Check: func(id string, p gateway.Profile) error {
		for _, r := range Reserved {
			// Codex matches ids exactly; refusing any case keeps a user
			// clear of the built-in providers.
			if strings.EqualFold(id, r.ID) {
				return &gateway.UsageError{Msg: fmt.Sprintf("%q is a provider id built into Codex", id), Hint: "pick another id with --codex-provider, e.g. " + p.Name()}
			}
		}
		if !tomlstr.BareKey(id) {
			return &gateway.UsageError{Msg: fmt.Sprintf("%q cannot be a Codex provider id", id), Hint: "use letters, digits, - and _"}
		}
		return nil
	}}

// PlanFiles sets model, model_provider and our [model_providers.ID] table
// in $CODEX_HOME/config.toml, and the key in auth.json (or names the
// variable that holds it with env_key).
func (impl) PlanFiles(o writers.Options, t tool.Tool) ([]*writers.Change, error) {
	path := Config(o.Env)
	c, err := writers.ReadFile(path)
	if err != nil {
		return nil, err
	}
	before, err := decodeTOML(path, c.Old)
	if err != nil {
		return nil, err
	}
	doc, err := tomledit.Parse(c.Old)
	if err != nil {
		return nil, writers.Refuse(path, "", "cannot edit it safely: %v", err)
	}
	if err := editableProvider(path, before, doc, o.Option(providerOption.Name)); err != nil {
		return nil, err
	}
	if err := noLegacyProfile(path, before, c.Old); err != nil {
		return nil, err
	}
	if err := editConfig(path, doc, o, t); err != nil {
		return nil, err
	}
	if err := verifyEdit(path, before, doc.Bytes(), o); err != nil {
		return nil, err
	}
	c.New = doc.Bytes()
	c.Finish(false, 0o600)
	out := []*writers.Change{c}
	if o.Option(authOption.Name) == "env" {
		v := codexEnvKey(o)
		if got, _ := o.Env.Lookup(v); got != o.Profile.Key {
			c.Notef("env_key names %s; export it (with this key) in the shell that runs codex", v)
		}
		return out, nil
	}
	auth, err := planAuth(o)
	if err != nil {
		return nil, err
	}
	return append(out, auth), nil
}

// ownedProviderKeys are the keys of our provider table we set or remove;
// any other key the user added to the table is kept.
var ownedProviderKeys = []string{Name, BaseURL, WireAPI, RequiresAuth, EnvKey}

// editableProvider refuses a provider table written inline or with dotted
// keys, which the statement-level editor does not edit.
func editableProvider(path string, before map[string]any, doc *tomledit.Doc, id string) error {
	providers, ok := before[Providers]
	if !ok {
		return nil
	}
	m, isTable := providers.(map[string]any)
	if !isTable {
		return writers.Refuse(path, "", "model_providers is not a table")
	}
	if t, defined := m[id]; defined && !doc.HasHeader([]string{Providers, id}) && !onlySubtables(t) {
		return writers.Refuse(path, "write it as a [model_providers."+id+"] table, or pick another id with --codex-provider",
			"model_providers.%s is defined inline or with dotted keys, which keydoctor does not edit", id)
	}
	return nil
}

// edit sets our keys: the top level's model and model_provider, the
// provider table's name, base_url, wire_api and either env_key or
// requires_openai_auth (the other one removed).
func editConfig(path string, doc *tomledit.Doc, o writers.Options, t tool.Tool) error {
	id, p := o.Option(providerOption.Name), o.Profile
	table := []string{Providers, id}
	name := id
	if pr, err := templates.LookupPreset(p.Preset); err == nil && pr.Name != "custom" {
		name = pr.Title
	}
	type edit struct {
		path       []string
		key, value string
	}
	edits := []edit{
		{nil, Model, tomlstr.Quote(p.Model)},
		{nil, ProviderKey, tomlstr.Quote(id)},
		{table, Name, tomlstr.Quote(name)},
		{table, BaseURL, tomlstr.Quote(t.BaseFor(p))},
		{table, WireAPI, tomlstr.Quote(Wire)},
	}
	drop := EnvKey
	if o.Option(authOption.Name) == "env" {
		edits = append(edits, edit{table, EnvKey, tomlstr.Quote(codexEnvKey(o))})
		drop = RequiresAuth
	} else {
		edits = append(edits, edit{table, RequiresAuth, "true"})
	}
	for _, e := range edits {
		if err := doc.Set(e.path, e.key, e.value); err != nil {
			return writers.Refuse(path, "", "cannot edit it safely: %v", err)
		}
	}
	if _, err := doc.Remove(table, drop); err != nil {
		return writers.Refuse(path, "", "cannot edit it safely: %v", err)
	}
	return nil
}

func decodeTOML(path string, data []byte) (map[string]any, error) {
	m := map[string]any{}
	var be *tomlbound.Error
	if errors.As(tomlbound.Check(data), &be) { // before the decoder, quadratic in keys
		return nil, &writers.RefusedError{Path: path, Line: be.Line, Col: be.Col, Reason: be.Msg(), Hint: "keydoctor cannot edit a file that large safely; leave Codex out with --tools"}
	}
	if err := toml.Unmarshal(data, &m); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, &writers.RefusedError{Path: path, Line: row, Col: col, Reason: human.HideWords(de.Error(), de.Key()...), Hint: "fix the file by hand (or restore it with 'keydoctor restore'), then run setup again"}
		}
		return nil, writers.Refuse(path, "", "does not parse: %v", err)
	}
	return m, nil
}

// verifyEdit re-parses the edited document: it must parse, hold our
// values, and be equal to the original in everything else.
func verifyEdit(path string, before map[string]any, after []byte, o writers.Options) error {
	got, err := decodeTOML(path, after)
	if err != nil {
		return writers.Refuse(path, "", "internal error: the edited file does not parse (%v); nothing was written", err)
	}
	table, _ := lookupMap(got, Providers, o.Option(providerOption.Name))
	if got[Model] != o.Profile.Model || got[ProviderKey] != o.Option(providerOption.Name) || table == nil ||
		table[BaseURL] != tool.Wire(ID).BaseFor(o.Profile) || table[WireAPI] != Wire {
		return writers.Refuse(path, "", "internal error: the edited file does not hold the new values; nothing was written")
	}
	strip := func(m map[string]any) map[string]any {
		m = deepCopy(m).(map[string]any)
		delete(m, Model)
		delete(m, ProviderKey)
		if t, ok := lookupMap(m, Providers, o.Option(providerOption.Name)); ok {
			for _, k := range ownedProviderKeys {
				delete(t, k)
			}
			if len(t) == 0 {
				delete(m[Providers].(map[string]any), o.Option(providerOption.Name))
			}
		}
		if mp, ok := m[Providers].(map[string]any); ok && len(mp) == 0 {
			delete(m, Providers)
		}
		return m
	}
	if !reflect.DeepEqual(strip(before), strip(got)) {
		return writers.Refuse(path, "", "internal error: editing would change keys keydoctor does not own; nothing was written")
	}
	return nil
}

func lookupMap(m map[string]any, path ...string) (map[string]any, bool) {
	for _, k := range path {
		next, ok := m[k].(map[string]any)
		if !ok {
			return nil, false
		}
		m = next
	}
	return m, true
}

func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[k] = deepCopy(x)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = deepCopy(x)
		}
		return out
	}
	return v
}

// planAuth sets OPENAI_API_KEY in auth.json, keeping its other fields.
func planAuth(o writers.Options) (*writers.Change, error) {
	path := Auth(o.Env)
	c, err := writers.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := writers.ParseJSON(path, c.Old, false)
	if err != nil {
		return nil, err
	}
	if mode, _ := doc.Str(AuthMode); doc.Lookup(AuthTokens) != nil && (mode == "chatgpt" || mode == "chatgptAuthTokens") {
		// Codex would send the sign-in's token to the gateway, not this
		// key (0.171.0, docs/tools.md); env_key leaves the sign-in alone.
		return nil, writers.Refuse(path, "rerun with --codex-auth env: Codex then sends the key from "+codexEnvKey(o)+" and keeps the ChatGPT sign-in for OpenAI's own provider",
			"holds a ChatGPT sign-in (auth_mode %q): Codex would send its token, not the key, to the gateway", mode)
	}
	if old, ok := doc.Str(AuthKey); ok {
		c.AddSecrets(old)
	}
	if _, err := doc.Set([]string{AuthKey}, o.Profile.Key); err != nil {
		return nil, err
	}
	c.New = doc.Bytes()
	if doc.Lookup(AuthTokens) != nil {
		c.Notef("auth.json also holds a ChatGPT login; the %s provider uses %s (%s)", o.Option(providerOption.Name), AuthKey, RequiresAuth)
	}
	c.Finish(true, 0o600)
	return c, nil
}

// legacyProfile finds a top-level `profile = "x"` line.
var legacyProfile = regexp.MustCompile(`^[ \t]*(?:profile|"profile"|'profile')[ \t]*=`)

// noLegacyProfile refuses a config.toml with a top-level profile selector:
// Codex 0.134 and later refuse to start with it (docs/tools.md), so
// writing the top level would leave Codex broken, and writing into the
// [profiles.x] table would write what Codex never reads.
func noLegacyProfile(path string, before map[string]any, src []byte) error {
	sel, ok := before[Profile].(string)
	if !ok {
		return nil
	}
	e := writers.Refuse(path, fmt.Sprintf("delete the profile line and move the settings of [profiles.%s] to the top level (Codex now reads a profile only from %s.config.toml, with --profile %s), then rerun",
		sel, sel, sel), "has profile = %q, which Codex no longer accepts: it refuses to start", sel)
	for i, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "[") {
			break
		}
		if legacyProfile.MatchString(line) {
			e.Line, e.Col = i+1, 1
			break
		}
	}
	return e
}

// onlySubtables: the table exists only through sub-tables with headers of
// their own ([model_providers.ID.http_headers]), so a [model_providers.ID]
// header may still be added.
func onlySubtables(v any) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for _, x := range m {
		if _, ok := x.(map[string]any); !ok {
			return false
		}
	}
	return true
}

// codexEnvKey is the variable Codex's env_key names: the one the caller
// chose (the team's key_env, --key-env, the profile's key_env), else the
// preset's.
func codexEnvKey(o writers.Options) string {
	if o.KeyEnv != "" {
		return o.KeyEnv
	}
	return o.Profile.VarKey
}

// PlanKeptForms keeps, on use, the provider the config selects and its
// env_key form (when the profile's key is in a variable for it to name).
func (impl) PlanKeptForms(snap *discover.Snapshot, t discover.Tool, keyInVar bool) map[string]string {
	st := StateOf(snap)
	pr := st.Providers[st.Provider.Value]
	if t.MCP || pr == nil {
		return nil
	}
	out := map[string]string{providerOption.Name: st.Provider.Value}
	if pr.EnvKey.Set() && !pr.RequiresOpenAIAuth && keyInVar {
		out[authOption.Name] = "env"
	}
	return out
}

// FixKeptForms keeps, on doctor --fix, the user's provider and how it
// gets its key, so a fix edits that provider rather than adding one
// (fixer.FormKeeper). A reserved provider id is not the user's to keep.
func (impl) FixKeptForms(snap *discover.Snapshot) map[string]string {
	c := StateOf(snap)
	pv, ok := c.Providers[c.Provider.Value]
	if !ok {
		return nil
	}
	for _, r := range Reserved {
		if strings.EqualFold(pv.ID, r.ID) {
			return nil
		}
	}
	out := map[string]string{providerOption.Name: pv.ID}
	if pv.EnvKey.Value != "" {
		out[authOption.Name] = "env"
	}
	return out
}
