package claude

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// switchesSeen is the Claude Code version whose following of its provider
// switches the route verdict expects (docs/tools.md).
const switchesSeen = "2.1.197"

// projectSettings are Claude Code's project and local settings (env
// object, model key): the turn runs in an empty directory, so its
// --settings file repeats them. VerifyRead keeps them in Configured.Own.
type projectSettings struct {
	env   map[string]string
	model string
}

// VerifyRead is verify's Reader.
func (impl) VerifyRead(s *discover.Snapshot, _ tool.Tool) (verify.Configured, error) {
	return fromClaude(s), nil
}

// fromClaude is Claude Code's triple: its settings files merged in its
// order, a value in a settings env beating the same variable in the shell.
func fromClaude(s *discover.Snapshot) verify.Configured {
	e := s.Env
	own := projectSettings{env: map[string]string{}}
	c := verify.Configured{Tool: ID, SwitchesSeen: switchesSeen}
	for _, l := range StateOf(s).Layers {
		if l.Exists {
			c.Files = append(c.Files, l.Path)
		}
		// Claude Code silently ignores a settings file that fails
		// validation in -p mode.
		c.Notes = append(c.Notes, verify.FileNotes(s, l.Path, "Claude Code ignores it")...)
		if l.Scope == string(Project) || l.Scope == string(Local) {
			for k, v := range l.Env {
				own.env[k] = v.Value
			}
			if l.Model.Value != "" {
				own.model = l.Model.Value
			}
		}
	}
	c.Own = own
	t, _ := s.Own(ID)
	c.Route, c.RouteSource = verify.RouteOf(s, t)
	c.Base, c.BaseSource = claudeValue(e, t.Base)
	if c.Route.ViaSwitch() && GatewayRefuses(c.Base) {
		c.Refused = &verify.Refusal{Base: c.Base, Source: c.BaseSource, Code: catalog.ClaudeGatewayHTTP}
	}
	for _, l := range StateOf(s).Layers {
		if l.Scope == string(Managed) && c.Base != "" && t.Base.Source.File == l.Path {
			c.Notes = append(c.Notes, e.Tilde(l.Path)+" sets ANTHROPIC_BASE_URL: managed settings beat --settings, so verify cannot point Claude Code at its relay")
		}
	}
	c.Model, c.ModelSource = claudeValue(e, t.Model)
	c.BackgroundModel, c.BackgroundModelSource = claudeValue(e, t.BackgroundModel)
	c.Key, c.KeySource = claudeValue(e, t.Key)
	if c.Key != "" {
		c.Auth = t.Auth
		if t.Key.Source.File != "" {
			c.KeySource += " " + t.KeyName
		}
		if t.KeyName == anthropic.AuthToken && Var(s, anthropic.APIKey).Value != "" {
			c.Notes = append(c.Notes, "both ANTHROPIC_AUTH_TOKEN and ANTHROPIC_API_KEY are set (auth-conflict)")
		}
	}
	return c
}

// claudeValue is value with a settings env variable's source shortened to
// its file ("~/.claude/settings.json"), as verify has always named it.
func claudeValue(e *env.Env, v discover.Value) (string, string) {
	if strings.HasPrefix(v.Source.Key, Env+".") {
		v.Source.Key = ""
	}
	return verify.Value(e, v)
}

// VerifyRedirect is verify's Redirector: it points Claude Code at the relay for one -p turn. The
// redirect goes in a --settings file (the layer above user, project and
// local settings) rather than inline JSON, because the project's env values
// it carries may hold a key, and a command line is visible to every user of
// the machine. The turn runs in an empty directory with no tools, so no
// file of the user's project is read or sent.
func (impl) VerifyRedirect(r *verify.Redirect) error {
	own, _ := r.Configured.Own.(projectSettings)
	merged, doc := map[string]string{}, map[string]any{}
	for k, v := range own.env {
		merged[k] = v
	}
	if own.model != "" {
		doc[ModelKey] = own.model
	}
	merged[anthropic.BaseURL] = r.RelayBase
	doc[Env] = merged
	b, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	settings := filepath.Join(r.Tmp, "keydoctor-verify-settings.json")
	r.Vars["{settings}"] = settings
	return os.WriteFile(settings, b, 0o600)
}
