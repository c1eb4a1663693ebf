package gateway

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/keydoctor/keydoctor/templates"
)

// A key belongs to one gateway: a stored profile's key to that profile's
// base URL, a preset's variable (TAOTOKEN_API_KEY) to that preset's base
// URL variable or its default root, the team file's key_env to the team's
// gateway. A key typed or named on this command line (--key-stdin,
// --key-env) belongs to no gateway yet: it goes where this run resolves.
// The resolution never pairs a key with another gateway's host unless
// --base-url names that host on this command line (or the wizard's answer
// does): a repository's keydoctor.yaml, a stale exported base URL or a
// second profile must not carry a key to a host it was not given for.
// This is the one place that rule lives; every request keydoctor makes
// takes its key from a resolved Profile.

// KeyHome is where a resolved key belongs: Root the gateway root it was
// given for ("" when it belongs to none: typed or named for this run),
// Owner what it is ("profile work", "TAOTOKEN_API_KEY").
type KeyHome struct {
	Root, Owner string
	// EnvOnly: a key from a variable keydoctor reads on its own
	// (KEYDOCTOR_API_KEY, a preset's key variable) that no base URL
	// variable binds: it goes only to a base URL from the command line,
	// the environment or keydoctor's config, never to one a team file, a
	// stored profile or the tools' files give.
	EnvOnly bool
}

// PairError is a key refused for a base URL of another host.
type PairError struct {
	Owner, KeyHost string // "profile work", "gw.work.example"
	Host, From     string // the base URL's host and where it came from
}

func (e *PairError) Error() string {
	if e.KeyHost == "" {
		return fmt.Sprintf("the key from %s was given for no gateway in particular (no base URL variable names one), not for %s (the base URL from %s): it is not sent there", e.Owner, e.Host, e.From)
	}
	return fmt.Sprintf("the key from %s belongs to %s, not to %s (the base URL from %s): it is not sent there", e.Owner, e.KeyHost, e.Host, e.From)
}

// Hint says what to do: name the host on the command line, or give a key
// for it.
func (e *PairError) Hint() string {
	return fmt.Sprintf("to send it to %s anyway pass --base-url for it on this command line; or give that gateway's own key with --key-env NAME or --key-stdin", e.Host)
}

// Usage is the refusal as a usage error (exit status 2).
func (e *PairError) Usage() *UsageError { return &UsageError{Msg: e.Error(), Hint: e.Hint()} }

// origin is a URL's scheme://host:port, lower case, default ports
// spelled out: two roots with one origin are one gateway.
func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return ""
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
	}
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Hostname()) + ":" + port
}

// HostOf is the host (and port) a base URL names, for messages.
func HostOf(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		return u.Host
	}
	return raw
}

// SameGateway reports whether two base URLs name one host (scheme, host
// and port): a key of one may be sent to the other.
func SameGateway(a, b string) bool {
	oa, ob := origin(a), origin(b)
	return oa != "" && oa == ob
}

// rootOf is the root a raw base URL normalises to ("" when it does not).
func rootOf(raw string) string {
	if raw == "" {
		return ""
	}
	if n, err := Normalize(raw); err == nil {
		return n.Root
	}
	return ""
}

// envHome is where a key from the user's environment (a preset's key
// variable, KEYDOCTOR_API_KEY) belongs: the base URL the environment or
// keydoctor's config file names, else the preset's default root ("" for
// the custom preset without one).
func (r *resolver) envHome(pr templates.Preset) string {
	if h, ok := r.envBase(pr); ok {
		return h
	}
	return rootOf(pr.BaseURL)
}

// envBase is the base URL the environment or config.yaml names for
// preset pr's variables, if any does.
func (r *resolver) envBase(pr templates.Preset) (string, bool) {
	for _, v := range []string{"KEYDOCTOR_BASE_URL", pr.Vars.BaseURL} {
		if v == "" {
			continue
		}
		if b, ok := r.e.Lookup(v); ok && b != "" {
			return rootOf(b), true
		}
	}
	if b := r.cfg.GetString(string(FieldBaseURL)); b != "" {
		return rootOf(b), true
	}
	return "", false
}

// varHome is where a key read from variable v belongs: a preset's key
// variable and KEYDOCTOR_API_KEY to the environment's gateway (envHome);
// the team file's own key_env to the team's gateway (team; a preset's
// variable with no gateway of its own too, when the team names it).
func (r *resolver) varHome(v, team string, named bool) KeyHome {
	for _, pr := range templates.Presets() {
		if pr.Vars.APIKey == v {
			if h := r.envHome(pr); h != "" || !named {
				return KeyHome{Root: h, Owner: v, EnvOnly: h == ""}
			}
			return KeyHome{Root: team, Owner: v}
		}
	}
	if v == "KEYDOCTOR_API_KEY" {
		if pr, err := templates.LookupPreset(r.p.Preset); err == nil {
			h := r.envHome(pr)
			return KeyHome{Root: h, Owner: v, EnvOnly: h == ""}
		}
		return KeyHome{Owner: v, EnvOnly: true}
	}
	return KeyHome{Root: team, Owner: v}
}

// fromUser reports whether the base URL came from the command line, the
// environment, keydoctor's config file or the preset: not from a team
// file, a stored profile or the tools' files.
func (r *resolver) fromUser() bool {
	src := r.p.Sources[FieldBaseURL]
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
		return rootOf(l.BaseURL)
	}
	if pr, err := templates.LookupPreset(l.preset()); err == nil {
		return rootOf(pr.BaseURL)
	}
	return rootOf(templates.Default().BaseURL)
}

// pair refuses a key that belongs to another host than the base URL's:
// the key is dropped (so nothing can send it) and the refusal kept for
// Require and setup to report.
func (r *resolver) pair() {
	p := &r.p
	home := p.KeyHome.Root
	if p.Key == "" || p.BaseURL == "" || SameGateway(home, p.BaseURL) {
		return
	}
	if home == "" && (!p.KeyHome.EnvOnly || r.fromUser()) {
		return
	}
	if p.Sources[FieldBaseURL] == "--base-url" { // named on this command line
		return
	}
	p.Refused = &PairError{Owner: p.KeyHome.Owner, KeyHost: HostOf(home), Host: HostOf(p.BaseURL), From: p.Sources[FieldBaseURL]}
	p.Key = ""
}

// PairWith is the same rule for a base URL a command takes from somewhere
// other than the resolution (bench --compare's saved --against route):
// nil when p's key may be sent to base, else the refusal.
func (p Profile) PairWith(base, from string) *PairError {
	home := p.KeyHome.Root
	if p.Key == "" || home == "" || SameGateway(home, base) {
		return nil
	}
	return &PairError{Owner: p.KeyHome.Owner, KeyHost: HostOf(home), Host: HostOf(base), From: from}
}
