package discover

import (
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/templates"
)

// Tool is one tool's effective triple.
type Tool struct {
	ID gateway.ToolID
	// Rule is the wire rule that applies to Base: the tool's own, or for an
	// MCP server entry or a .env family, that of the variables it carries.
	Rule gateway.Tool
	// Label names this instance for people: the tool's title, with the
	// provider it is on or the MCP server entry it is ("… (provider
	// taotoken)", "… MCP server taotoken").
	Label string
	Base  Value
	Key   Value
	Model Value
	// KeyName says which credential Key is: ANTHROPIC_AUTH_TOKEN, the
	// env_key variable, auth.json OPENAI_API_KEY, apiKeyHelper, none.
	KeyName string
	// KeyVar is the variable the tool's own config names for its key
	// (a provider's env_key, a {env:VAR} reference), with where it is named;
	// zero when the key is in a file or a variable of a fixed name.
	KeyVar Value
	// NeedsModel: without a model the tool falls back to a default the
	// gateway may not serve.
	NeedsModel bool
	// NoKeyNeeded: a local provider (Ollama, LM Studio) takes no key.
	NoKeyNeeded bool
	// Places are where each part belongs when it has to be set (the file
	// and key, or the variable): what fixes name.
	Places Places
	// Credentials are every key-bearing value the tool may send, for
	// auth-conflict (both ANTHROPIC_AUTH_TOKEN and ANTHROPIC_API_KEY).
	Credentials []Value
	// Auth is the header the tool sends Key in: bearer for
	// ANTHROPIC_AUTH_TOKEN, x-api-key for ANTHROPIC_API_KEY, an
	// anthropic provider's apiKey; empty when the tool sends no key or it
	// depends (a key command's).
	Auth gateway.Auth
	// BackgroundModel is the model of the tool's background requests
	// (a small, fast one), which also go through the gateway, as set;
	// unset for a tool that makes none. BackgroundBuiltin is the model
	// they go to when nothing sets one (Background).
	BackgroundModel, BackgroundBuiltin Value
	// ModelAlias is the alias Model was resolved from (opus, sonnet, …:
	// the setting that names it, or the tool's default alias when nothing
	// names a model); zero when the model is an id.
	ModelAlias Value
	// Helper is a key command's setting when a key variable is set too:
	// both are sent, in different headers (docs/tools.md).
	Helper Value
	// KeyCommand: Key is produced by a command the tool runs (the Helper
	// setting is the key's source), so its value is not known.
	KeyCommand bool
	// Login is the tool's subscription sign-in when it is what the tool
	// sends to the base URL: a base URL is set and no key.
	Login Value
	// Header is the header line Request names when the tool's reader knows
	// better than Auth (a key sent in two headers, a sign-in's token).
	Header string
	// Headers are the extra headers the tool sends with each request
	// (its reader's: ANTHROPIC_CUSTOM_HEADERS, http_headers), which the
	// probes send too.
	Headers []Header
	// HeadersAt is where the tool's extra headers are set, set or not (its
	// file and the setting's key, or the variable): where a header a
	// gateway requires goes.
	HeadersAt Source
	// MCP: an MCP server entry of the tool's settings, not its own triple.
	MCP bool
	// Route is where the requests really go: the gateway of the triple,
	// or a cloud provider, login or other provider that wins over it.
	Route Route
}

// Places are where base URL, key and model of a tool are written.
type Places struct{ Base, Key, Model Source }

// DefaultValue is a tool's built-in value: nothing configured it.
func DefaultValue(v string) Value { return Value{Value: v, Source: Source{Default: true}} }

// Family is a set of variables that together carry a triple.
type Family struct {
	ID               gateway.ToolID // whose URL rule applies
	Base, Key, Model string
	AltKey           string
}

// presetID is the tool that carries the preset's variables, the .env
// format's: its rule (the gateway root) is theirs.
func presetID() gateway.ToolID {
	for _, t := range tool.All() {
		if t.Format == tool.FormatDotEnv {
			return t.ID
		}
	}
	return ""
}

// Families are the preset's variables (with the gateway root, as .env
// carries them), then those of every tool that reads the shell.
func (s *Snapshot) Families() []Family {
	pid := presetID()
	out := []Family{{ID: pid, Base: s.Vars.BaseURL, Key: s.Vars.Key, Model: s.Vars.Model}}
	// Every preset's names too, not only the profile's: a .env (or an MCP
	// server's env) of TAOTOKEN_* is configured whatever the default
	// profile's preset is, and no check may depend on that (issue 30).
	seen := map[string]bool{s.Vars.BaseURL: true}
	for _, pr := range templates.Presets() {
		if v := pr.Vars; v.BaseURL != "" && !seen[v.BaseURL] { // kimi and kimi-cn share MOONSHOT_*
			seen[v.BaseURL] = true
			out = append(out, Family{ID: pid, Base: v.BaseURL, Key: v.APIKey, Model: v.Model})
		}
	}
	for _, t := range tool.All() {
		if t.Format == tool.FormatShell && t.Vars != nil {
			out = append(out, familyOf(t.ID, *t.Vars))
		}
	}
	return out
}

func familyOf(id gateway.ToolID, v tool.Vars) Family {
	return Family{ID: id, Base: v.BaseURL, Key: v.Key, Model: v.Model, AltKey: v.AltKey}
}

// ResolveMCP turns each MCP server whose env carries a gateway triple into
// a tool instance. The URL rule follows the variables' family: the preset's
// variables carry the gateway root, OPENAI_BASE_URL carries /v1.
func (s *Snapshot) ResolveMCP(id gateway.ToolID, where string, servers []MCPServer) []Tool {
	var out []Tool
	for _, srv := range servers {
		for _, f := range s.Families() {
			base, hasBase := srv.Env[f.Base]
			key, hasKey := srv.Env[f.Key]
			if !hasKey && f.AltKey != "" {
				key, hasKey = srv.Env[f.AltKey]
			}
			if !hasBase && !hasKey {
				continue
			}
			t := Tool{ID: id, Rule: tool.Wire(f.ID), Label: where + " MCP server " + srv.Name, Base: base, Key: key, KeyName: f.Key, MCP: true}
			t.Model = srv.Env[f.Model]
			pre := srv.Key + ".env."
			t.Places = Places{Source{File: srv.File, Key: pre + f.Base}, Source{File: srv.File, Key: pre + f.Key}, Source{File: srv.File, Key: pre + f.Model}}
			if hasKey {
				t.Credentials = []Value{key}
			}
			out = append(out, t)
		}
	}
	return out
}

// resolveShell covers programs that read their triple from the shell
// (the SDKs): only when a base URL is exported (a key alone means the
// vendor's own API, which keydoctor does not judge).
func (s *Snapshot) resolveShell(desc tool.Tool) []Tool {
	if desc.Vars == nil {
		return nil
	}
	f := familyOf(desc.ID, *desc.Vars)
	base := s.Shell(f.Base)
	if !base.Set() {
		return nil
	}
	t := Tool{ID: f.ID, Rule: desc.Tool, Label: desc.Title + " (shell)", Base: base, KeyName: f.Key}
	t.Places = Places{Source{Key: f.Base}, Source{Key: f.Key}, Source{Key: f.Model}}
	t.Key = s.Shell(f.Key)
	if !t.Key.Set() && f.AltKey != "" {
		t.Key, t.KeyName = s.Shell(f.AltKey), f.AltKey
	}
	for _, k := range []string{f.Key, f.AltKey} {
		if v := s.Shell(k); v.Set() {
			t.Credentials = append(t.Credentials, v)
		}
	}
	return []Tool{t}
}

// Background is the model the tool sends its background requests to:
// BackgroundModel when one is set, else the tool's built-in
// (BackgroundBuiltin, a Source.Default value). Zero for a tool that makes
// none.
func (t Tool) Background() Value {
	if t.BackgroundModel.Value != "" {
		return t.BackgroundModel
	}
	return t.BackgroundBuiltin
}
