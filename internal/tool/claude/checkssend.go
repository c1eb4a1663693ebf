package claude

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
)

// claudeSendCheck judges the request Claude Code will really send
// (docs/tools.md, observed with 2.1.197): the model its alias resolves to,
// which credential goes in which header, and whether the key that wins is
// the profile's. Each finding names the value that decides it.
type claudeSendCheck struct {
	snap     *discover.Snapshot
	profile  gateway.Profile
	profiles *checks.ProfileSet
	// version is Claude Code's installed version ("" : not detected):
	// the built-in id an alias falls to depends on it (Builtins).
	version string
}

func (claudeSendCheck) Name() string { return "claude-request" }

func (c claudeSendCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	t, ok := c.snap.Tool(string(ID))
	if !ok || !t.Route.Gateway() || t.MCP {
		return []doctor.Finding{checks.Skip("claude", "Claude Code is not configured for a gateway")}
	}
	var out []doctor.Finding
	for _, f := range []func(*env.Env, discover.Tool) *doctor.Finding{c.model, c.helper, c.login, c.staleKey} {
		if x := f(e, *t); x != nil {
			out = append(out, *x)
		}
	}
	if len(out) == 0 {
		out = append(out, checks.Passed(*t, fmt.Sprintf("Claude Code asks for %s%s", t.Model.Value, aliasNote(e, *t)), checks.Src(e, t.Model)))
	}
	return out
}

// aliasNote says which alias a model came through: ` (alias "opus", through
// ANTHROPIC_DEFAULT_OPUS_MODEL)`.
func aliasNote(e *env.Env, t discover.Tool) string {
	if !t.ModelAlias.Set() {
		return ""
	}
	how := "its default alias " + t.ModelAlias.Value
	if t.ModelAlias.Configured() {
		how = fmt.Sprintf("the alias %q from %s", t.ModelAlias.Value, checks.Where(e, t.ModelAlias))
	}
	if t.Model.Configured() {
		return fmt.Sprintf(" (%s, through %s)", how, checks.Where(e, t.Model))
	}
	return " (" + how + ")"
}

// model: an alias (or no model at all: the default alias) that no
// ANTHROPIC_DEFAULT_*_MODEL resolves makes Claude Code ask for its
// built-in Claude id, which a gateway for other models does not serve.
func (c claudeSendCheck) model(e *env.Env, t discover.Tool) *doctor.Finding {
	if !t.ModelAlias.Set() || !t.Model.Source.Default {
		return nil
	}
	a, _ := AliasOf(t.ModelAlias.Value)
	// The reader resolved the newest version's id; the version installed
	// may fall to another.
	id := a.BuiltinFor(c.version)
	who := "Claude Code"
	if c.version != "" {
		who += " " + c.version
	}
	msg := fmt.Sprintf("%s sets no model: a turn uses its default alias %s, and with %s not set it asks for %s, which the gateway may not serve", who, a.Name, a.Var, id)
	at, from := t.Places.Model, t.Places.Model.Display(e)
	if t.ModelAlias.Configured() {
		msg = fmt.Sprintf("the model %q (%s) is an alias: with %s not set, %s asks for %s, which the gateway may not serve", t.ModelAlias.Value, checks.Where(e, t.ModelAlias), a.Var, who, id)
		at.File, from = t.ModelAlias.Source.File, checks.Src(e, t.ModelAlias)
	}
	for _, v := range []string{DefaultOpusModel, DefaultSonnetModel, DefaultFableModel} {
		if o := Var(c.snap, v); v != a.Var && o.Value != "" {
			msg += fmt.Sprintf("; %s (%s) applies only when the %s alias is chosen", v, checks.Src(e, o), aliasOfVar(v))
		}
	}
	if at.File == "" { // ANTHROPIC_MODEL from the shell
		at = discover.Source{Key: a.Var}
	} else {
		at = discover.Source{File: at.File, Key: Env + "." + a.Var}
	}
	f := checks.Finding(t, catalog.EnvMissing, doctor.Warning, msg,
		catalog.Render(catalog.EnvMissing, catalog.Slots{Edit: checks.SetAt(e, at, "<model id>"), Command: checks.SetupCmd(t)}),
		from)
	return &f
}

// aliasOfVar names the alias a DEFAULT variable serves.
func aliasOfVar(v string) string {
	for _, a := range []string{"opus", "sonnet", "fable", "haiku"} {
		if x, _ := AliasOf(a); x.Var == v {
			return a
		}
	}
	return v
}

// helper: apiKeyHelper beside a key variable sends two credentials in two
// headers, and a gateway honours one of them.
func (c claudeSendCheck) helper(e *env.Env, t discover.Tool) *doctor.Finding {
	if !t.Helper.Set() {
		return nil
	}
	bearer := fmt.Sprintf("the %s %s (%s)", t.KeyName, checks.MaskKey(t.Key.Value), checks.Where(e, t.Key))
	xkey := fmt.Sprintf("apiKeyHelper's key (%s)", checks.Where(e, t.Helper))
	if t.KeyName == anthropic.APIKey {
		bearer, xkey = xkey, bearer
	}
	msg := fmt.Sprintf("Claude Code sends %s as Authorization: Bearer and %s as x-api-key", bearer, xkey)
	if t.KeyName == anthropic.AuthToken {
		msg += ", and after a 401 retries with the token alone: a gateway that reads Bearer first never sees the helper's key"
	} else {
		msg += ": a gateway that reads x-api-key first never sees the helper's key"
	}
	f := checks.Finding(t, catalog.KeyHelperConflict, doctor.Error, msg,
		catalog.Render(catalog.KeyHelperConflict, catalog.Slots{Remove: checks.RemoveFix(e, t.Key.Source), Key: t.KeyName}),
		checks.Src(e, t.Key))
	return &f
}

// login: a base URL with no key sends the subscription sign-in's token to
// that host.
func (c claudeSendCheck) login(e *env.Env, t discover.Tool) *doctor.Finding {
	if !t.Login.Set() {
		return nil
	}
	msg := fmt.Sprintf("Claude Code has a base URL (%s, %s) but no key: it sends your Claude subscription's login token (%s) to that host as Authorization: Bearer; the gateway gets your Anthropic login and answers 401",
		t.Base.Value, checks.Where(e, t.Base), checks.Src(e, t.Login))
	at := t.Places.Key // ~/.claude/settings.json env, unless the base URL sits in another layer
	if t.Base.Source.File != "" {
		at.File = t.Base.Source.File
	}
	f := checks.ByTriple(e, checks.Finding(t, catalog.LoginToGateway, doctor.Error, msg,
		catalog.Render(catalog.LoginToGateway, catalog.Slots{Edit: checks.SetKeyAt(e, at, "<your gateway key>"), Command: checks.SetupCmd(t), Remove: checks.RemoveFix(e, t.Base.Source)}),
		checks.Src(e, t.Base)), t.Base.Source)
	return &f
}

// staleKey: the key that wins is not the profile's, while the profile's
// key sits in a layer beneath it. Deleting the winner is advised only when
// the base URL in effect is the profile's, so that the profile's key goes
// to the host it was meant for.
func (c claudeSendCheck) staleKey(e *env.Env, t discover.Tool) *doctor.Finding {
	good, root, ok := c.shadowedProfileKey(t)
	if !ok {
		return nil
	}
	msg := fmt.Sprintf("Claude Code sends the key %s from %s, which beats the profile's key %s in %s: the gateway will refuse it",
		checks.MaskKey(t.Key.Value), checks.Where(e, t.Key), checks.MaskKey(good.Value), checks.Where(e, good))
	slots := catalog.Slots{Tool: t.Label, Command: "keydoctor setup --tools claude --scope " + c.scopeOf(t.Key.Source.File)}
	if p, _ := t.Rule.Diagnose(t.Base.Value); p.Root == root {
		slots.Remove = checks.RemoveFix(e, t.Key.Source)
	}
	f := checks.Finding(t, catalog.KeyOverridden, doctor.Error, msg, catalog.Render(catalog.KeyOverridden, slots), checks.Src(e, t.Key))
	return &f
}

// shadowedProfileKey is the profile's key where a lower layer holds it and
// the winning key is not it, with the gateway root it belongs to. The
// profile is the one the user gave (flag, variable, config file); without
// one, a stored profile owning the shadowed key while no stored profile
// owns the winner (a key left from before a rotation).
func (c claudeSendCheck) shadowedProfileKey(t discover.Tool) (discover.Value, string, bool) {
	if t.Key.Value == "" {
		return discover.Value{}, "", false
	}
	if ref, ok := checks.ProfileValue(c.profile, gateway.FieldKey, c.profile.Key); ok {
		for _, o := range t.Key.Overrides {
			if o.Value == ref && t.Key.Value != ref {
				return o, c.profile.BaseURL, true
			}
		}
		return discover.Value{}, "", false
	}
	if c.profiles == nil || profile.Owns(c.profiles.Resolved, t.Key.Value) {
		return discover.Value{}, "", false
	}
	for _, o := range t.Key.Overrides {
		for _, r := range c.profiles.Resolved {
			if r.Key != "" && r.Key == o.Value {
				return o, r.Root, true
			}
		}
	}
	return discover.Value{}, "", false
}

// scopeOf is the setup scope of a Claude settings file.
func (c claudeSendCheck) scopeOf(path string) string {
	for _, l := range StateOf(c.snap).Layers {
		if l.Path == path && l.Scope != string(Managed) {
			return l.Scope
		}
	}
	return string(User)
}
