// Package ping is the `keydoctor ping` session: one small request to the
// gateway, what came back (as text and as the keydoctor/ping@1
// document), the curl command that repeats it, and the fix of a failure.
package ping

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// Schema names the JSON document `ping --json` prints.
const Schema = "keydoctor/ping@1"

// Target is everything a ping needs, validated.
type Target struct {
	Profile gateway.Profile
	Request probe.Request
	// KeySetup is what the printed curl runs first so that the key's
	// variable holds the key: "" when the shell has it there already
	// (see CurlKeySetup).
	KeySetup string
}

// Send sends the request and confirms, on a 404, whether the gateway
// speaks the protocol at all.
func Send(ctx context.Context, c *probe.Client, t Target) *probe.Result {
	res := c.Do(ctx, t.Request)
	probe.ConfirmProtocol(ctx, c, t.Request, res)
	return res
}

// Failure is why the ping failed, with its fix: the request failed, or
// another model answered (an error in doctor: the same in ping). ok is
// false when it did not fail.
func Failure(t Target, res *probe.Result) (msg, fix string, ok bool) {
	if !res.OK() {
		return fmt.Sprintf("%s: %s", res.Code, res.Err), Fix(res.Code, t.Profile, t.Request.Protocol, res), true
	}
	for _, n := range res.Notes {
		if n.Code == catalog.ModelMismatch {
			return string(n.Code) + ": " + n.Message, Fix(n.Code, t.Profile, t.Request.Protocol, res), true
		}
	}
	return "", "", false
}

// Curl is the request as a curl command that works when pasted.
func (t Target) Curl() string { return t.KeySetup + probe.Curl(t.Request, t.Profile.KeyVar) }

// CurlKeySetup is what a pasted curl must run first when the variable it
// names does not hold the profile's key in this shell (a key kept in the
// keyring or a key file, a tool's file, a .env): it asks for the key,
// unechoed, saying where it is kept. Without it the command reads an unset
// variable and the gateway answers 401.
func CurlKeySetup(e *env.Env, p gateway.Profile) string {
	if p.Key == "" || e.Getenv(p.KeyVar) == p.Key {
		return ""
	}
	return "read -rs " + p.KeyVar + "  # paste the key from " + p.KeySource() + "\n"
}
