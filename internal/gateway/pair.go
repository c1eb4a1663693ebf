package gateway

import (
	"fmt"
	"net/url"
	"strings"
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
// This file and internal/profile/pair.go (where the resolution applies it)
// are the one place that rule lives; every request keydoctor makes
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

// RootOf is the root a raw base URL normalises to ("" when it does not).
func RootOf(raw string) string {
	if raw == "" {
		return ""
	}
	if n, err := Normalize(raw); err == nil {
		return n.Root
	}
	return ""
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
