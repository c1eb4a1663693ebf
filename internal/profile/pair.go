package profile

import (
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/templates"
)

// The rule a resolved key obeys is gateway's (pair.go there): a key
// belongs to one gateway. This is the half of it that needs to know where
// each value came from; the flag names in its hints are the command
// line's.

// PairHint says what to do about a key refused for a host: name the
// host on the command line, or give a key for it.
func PairHint(e *gateway.PairError) string {
	return fmt.Sprintf("to send it to %s anyway pass --base-url for it on this command line; or give that gateway's own key with --key-env NAME or --key-stdin", e.Host)
}

// PairUsage is the refusal as a usage error (exit status 2).
func PairUsage(e *gateway.PairError) *gateway.UsageError {
	return &gateway.UsageError{Msg: e.Error(), Hint: PairHint(e)}
}

// Require checks that the fields a command needs in p are present,
// naming the flag and variables that set each missing one.
func Require(p gateway.Profile, fields ...gateway.Field) error {
	for _, f := range fields {
		switch f {
		case gateway.FieldBaseURL:
			if p.BaseURL == "" {
				return &gateway.UsageError{Msg: "no base URL", Hint: "pass --base-url URL or set " + p.VarBaseURL}
			}
		case gateway.FieldModel:
			if p.Model == "" {
				return &gateway.UsageError{Msg: "no model", Hint: "pass --model ID or set " + p.VarModel}
			}
		case gateway.FieldKey:
			if p.Refused != nil && p.Key == "" {
				return PairUsage(p.Refused)
			}
			if p.Key == "" {
				return &gateway.UsageError{Msg: "no API key", Hint: "export " + p.KeyVar + ", or pass --key-env NAME or --key-stdin"}
			}
		}
	}
	return nil
}

// envHome is where a key from the user's environment (a preset's key
// variable, KEYDOCTOR_API_KEY) belongs: the base URL the environment or
// keydoctor's config file names, else the preset's default root ("" for
// the custom preset without one).
func (r *resolver) envHome(pr templates.Preset) string {
	if h, ok := r.envBase(pr); ok {
		return h
	}
	return gateway.RootOf(pr.BaseURL)
}

// envBase is the base URL the environment or config.yaml names for
// preset pr's variables, if any does.
func (r *resolver) envBase(pr templates.Preset) (string, bool) {
	for _, v := range []string{"KEYDOCTOR_BASE_URL", pr.Vars.BaseURL} {
		if v == "" {
			continue
		}
		if b, ok := r.e.Lookup(v); ok && b != "" {
			return gateway.RootOf(b), true
		}
	}
	if b := r.cfg.GetString(string(gateway.FieldBaseURL)); b != "" {
		return gateway.RootOf(b), true
	}
	return "", false
}

// varHome is where a key read from variable v belongs: a preset's key
// variable and KEYDOCTOR_API_KEY to the environment's gateway (envHome);
// the team file's own key_env to the team's gateway (team; a preset's
// variable with no gateway of its own too, when the team names it).
func (r *resolver) varHome(v, team string, named bool) gateway.KeyHome {
	for _, pr := range templates.Presets() {
		if pr.Vars.APIKey == v {
			if h := r.envHome(pr); h != "" || !named {
				return gateway.KeyHome{Root: h, Owner: v, EnvOnly: h == ""}
			}
			return gateway.KeyHome{Root: team, Owner: v}
		}
	}
	if v == "KEYDOCTOR_API_KEY" {
		if pr, err := templates.LookupPreset(r.p.Preset); err == nil {
			h := r.envHome(pr)
			return gateway.KeyHome{Root: h, Owner: v, EnvOnly: h == ""}
		}
		return gateway.KeyHome{Owner: v, EnvOnly: true}
	}
	return gateway.KeyHome{Root: team, Owner: v}
}

// fromUser reports whether the base URL came from the command line, the
// environment, keydoctor's config file or the preset: not from a team
// file, a stored profile or the tools' files.
func (r *resolver) fromUser() bool {
	src := r.p.Sources[gateway.FieldBaseURL]
	switch {
	case src == "--base-url", src == "KEYDOCTOR_BASE_URL", src == r.p.VarBaseURL, src == r.cfgName, strings.HasPrefix(src, "preset "):
		return true
	}
	return false
}

// layerRoot is a layer's gateway root: its base URL, else its preset's.
func layerRoot(l *Layer) string {
	if l == nil {
		return ""
	}
	if l.BaseURL != "" {
		return gateway.RootOf(l.BaseURL)
	}
	if pr, err := templates.LookupPreset(l.preset()); err == nil {
		return gateway.RootOf(pr.BaseURL)
	}
	return gateway.RootOf(templates.Default().BaseURL)
}

// pair refuses a key that belongs to another host than the base URL's:
// the key is dropped (so nothing can send it) and the refusal kept for
// Require and setup to report.
func (r *resolver) pair() {
	p := &r.p
	home := p.KeyHome.Root
	if p.Key == "" || p.BaseURL == "" || gateway.SameGateway(home, p.BaseURL) {
		return
	}
	if home == "" && (!p.KeyHome.EnvOnly || r.fromUser()) {
		return
	}
	if p.Sources[gateway.FieldBaseURL] == "--base-url" { // named on this command line
		return
	}
	p.Refused = &gateway.PairError{Owner: p.KeyHome.Owner, KeyHost: gateway.HostOf(home), Host: gateway.HostOf(p.BaseURL), From: p.Sources[gateway.FieldBaseURL]}
	p.Key = ""
}

// Complete is the check of a command that writes the triple: every part
// present and the key plausible, one line naming the flag.
func Complete(p gateway.Profile) error {
	switch {
	case p.BaseURL == "":
		return &gateway.UsageError{Msg: "no base URL: pass --base-url URL or set " + p.VarBaseURL}
	case p.Key == "" && p.Refused != nil:
		return PairUsage(p.Refused)
	case p.Key == "":
		return &gateway.UsageError{Msg: "no API key: pass --key-env NAME or --key-stdin, or set " + p.KeyVar}
	case p.Model == "":
		return &gateway.UsageError{Msg: "no model: pass --model ID or set " + p.VarModel}
	}
	if kp := gateway.CheckKey(p.Key); kp != nil {
		return &gateway.UsageError{Msg: fmt.Sprintf("the key from %s is refused: %s", p.Source(gateway.FieldKey), kp.Reason), Hint: "run 'keydoctor explain " + string(kp.Code) + "'"}
	}
	return nil
}
