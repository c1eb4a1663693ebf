package claude

import (
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/writers"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
	"github.com/tailscale/hujson"
	"github.com/tidwall/gjson"
)

// authOption is setup's --claude-auth: how the files hold the key.
var authOption = tool.Option{Name: "claude-auth", Title: "Claude Code auth", Values: []string{"token", "api-key"},
	Usage: "Claude Code credential: token (ANTHROPIC_AUTH_TOKEN, Bearer) or api-key (ANTHROPIC_API_KEY, x-api-key)"}

// PlanFiles sets the env object of a Claude Code settings.json: a value
// there beats the shell (docs/tools.md). Claude Code reads the key from one
// of two variables: AUTH_TOKEN is sent as Authorization: Bearer, API_KEY as
// x-api-key. Both set is a conflict, so the other one is removed.
func (impl) PlanFiles(o writers.Options, t tool.Tool) ([]*writers.Change, error) {
	path := Settings(o.Env, Scope(o.Scope), o.Project)
	c, err := writers.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := writers.ParseJSON(path, c.Old, false)
	if err != nil {
		return nil, err
	}
	p := o.Profile
	authVar, staleVar := anthropic.AuthToken, anthropic.APIKey
	if o.Option(authOption.Name) == "api-key" {
		authVar, staleVar = anthropic.APIKey, anthropic.AuthToken
	}
	set := [][2]string{
		{anthropic.BaseURL, t.BaseFor(p)},
		{authVar, p.Key},
		{anthropic.Model, p.Model},
	}
	if p.BackgroundModel != "" {
		set = append(set, [2]string{BackgroundModel, p.BackgroundModel})
	}
	for _, kv := range set {
		if _, err := doc.Set([]string{Env, kv[0]}, kv[1]); err != nil {
			return nil, err
		}
	}
	// An empty ANTHROPIC_API_KEY beside the token is kept: it masks a
	// real key exported in the shell, which Claude Code would otherwise
	// send to the gateway as x-api-key (docs/tools.md).
	if old, ok := doc.Str(Env, staleVar); (!ok || old != "") && doc.Remove(Env, staleVar) {
		c.AddSecrets(old)
		c.Notef("removed env.%s: with %s also set, Claude Code would send two different credentials", staleVar, authVar)
	}
	removeSwitches(c, doc)
	if authVar == anthropic.APIKey && rejected(o, p.Key) {
		c.Notef("%s lists this key under customApiKeyResponses.rejected: Claude Code will not use it until you remove it there", o.Env.Tilde(StateFile(o.Env)))
	}
	c.New = doc.Bytes()
	c.Finish(true, 0o600)
	return []*writers.Change{c}, nil
}

// removeSwitches removes every provider switch that is on in the
// env being written: with one on, Claude Code sends no request to
// ANTHROPIC_BASE_URL (docs/tools.md). A switch that is off ("0") stays:
// it may be there to mask one exported in the shell.
func removeSwitches(c *writers.Change, doc *writers.JSONDoc) {
	for _, sw := range Switches {
		if sw.SameWire {
			continue
		}
		v := doc.Lookup(Env, sw.Var)
		if v == nil {
			continue
		}
		lit, ok := v.Value.(hujson.Literal)
		// A JSON true or 1 is on too: Claude Code stringifies env values.
		if !ok || !Truthy(strings.Trim(string(lit), `"`)) {
			continue
		}
		if doc.Remove(Env, sw.Var) {
			c.Notef("removed env.%s: with it on, Claude Code sends every request to %s, never to the gateway", sw.Var, sw.Title)
		}
	}
}

// rejected reports whether the user once told Claude Code to
// reject this key: ~/.claude.json keeps the last 20 characters of such
// keys, and Claude Code then silently ignores ANTHROPIC_API_KEY.
func rejected(o writers.Options, key string) bool {
	b, err := safefile.ReadFile(StateFile(o.Env))
	if err != nil || len(key) < RejectedTail {
		return false
	}
	if !gjson.ValidBytes(b) {
		return false
	}
	tail := key[len(key)-RejectedTail:]
	return slices.ContainsFunc(gjson.GetBytes(b, Rejected).Array(), func(r gjson.Result) bool {
		return r.Type == gjson.String && r.Str == tail
	})
}

// PlanKeptForms keeps, on use, Claude Code's x-api-key form
// (ANTHROPIC_API_KEY): a switch changes the gateway, not the form.
func (impl) PlanKeptForms(_ *discover.Snapshot, t discover.Tool, _ bool) map[string]string {
	if t.KeyName == anthropic.APIKey {
		return map[string]string{authOption.Name: "api-key"}
	}
	return nil
}

// SetupBackground names, for setup's background-model step
// (setup.BackgroundStep), the variable it writes and what Claude Code
// sends to that model.
func (impl) SetupBackground() setup.BackgroundFacts {
	return setup.BackgroundFacts{Variable: BackgroundModel, Requests: "titles, summaries", Default: DefaultBackgroundModel}
}

// FixKeptForms keeps, on doctor --fix, the variable the user's key is in
// (fixer.FormKeeper).
func (impl) FixKeptForms(snap *discover.Snapshot) map[string]string {
	if t, ok := snap.Own(ID); ok && t.KeyName == anthropic.APIKey {
		return map[string]string{authOption.Name: "api-key"}
	}
	return nil
}

// SetupScopes are the settings files setup's --scope chooses among
// (setup.Scoper), the default first; the managed ones are the OS's.
func (impl) SetupScopes() []string { return []string{string(User), string(Project), string(Local)} }
