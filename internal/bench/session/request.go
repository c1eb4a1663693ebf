package session

import (
	"os"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/profile"
)

// ParseShare reads "20%", "20" (percent) or "0.2".
func ParseShare(flag, s string) (float64, error) {
	t := strings.TrimSpace(s)
	pct := strings.HasSuffix(t, "%")
	t = strings.TrimSuffix(t, "%")
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v < 0 {
		return 0, usageErrorf("write it as a percentage, e.g. "+flag+" 20%", "%s %q is not a percentage", flag, s)
	}
	if pct || v > 1 {
		v /= 100
	}
	return v, nil
}

// benchRequest builds the request template from the profile and flags:
// with --tool, the path that tool takes (its own files' base URL, key and
// model, as status shows them); else the profile's gateway over
// --protocol. p is returned as the request's profile (for messages and
// the report).
func benchRequest(o *Options, p gateway.Profile) (probe.Request, string, gateway.Profile, error) {
	prompt, err := benchPrompt(o)
	if err != nil {
		return probe.Request{}, "", p, err
	}
	var r probe.Request
	tool := ""
	switch {
	case o.Tool != "" && o.Protocol != "":
		return probe.Request{}, "", p, usageErrorf("--tool already picks the protocol that tool speaks", "use --tool or --protocol, not both")
	case o.Tool != "" && o.changed("base-url"):
		return probe.Request{}, "", p, usageErrorf("--tool measures the base URL in that tool's files", "use --tool or --base-url, not both")
	case o.Tool != "":
		t, err := o.FindTool(p, o.Tool, o.changed("model"))
		if err != nil {
			return probe.Request{}, "", p, err
		}
		r, tool, p = t.Request(o.Stream), o.Tool, t.Profile
	default:
		if err := profile.Require(p, gateway.FieldBaseURL, gateway.FieldModel, gateway.FieldKey); err != nil {
			return probe.Request{}, "", p, err
		}
		proto := gateway.Chat
		if o.Protocol != "" {
			if proto, err = gateway.ParseProtocol(o.Protocol); err != nil {
				return probe.Request{}, "", p, usageErrorf("", "%v", err)
			}
		}
		r = bench.RequestFor(p, proto)
		r.Stream = o.Stream
		p.BaseURL = r.Root // the report's and messages' base URL is the root measured
	}
	r.MaxTokens, r.Prompt = o.MaxTokens, prompt
	return r, tool, p, nil
}

// benchPrompt is the prompt the flags ask for.
func benchPrompt(o *Options) (string, error) {
	switch {
	case o.PromptFile != "" && (o.Prompt != "" || o.InputTokens > 0),
		o.Prompt != "" && o.InputTokens > 0:
		return "", usageErrorf("", "use one of --prompt, --prompt-file and --input-tokens")
	case o.PromptFile != "":
		b, err := os.ReadFile(o.PromptFile)
		if err != nil {
			return "", usageErrorf("", "cannot read the prompt: %v", err)
		}
		return string(b), nil
	case o.InputTokens > 0:
		return bench.SyntheticPrompt(o.InputTokens), nil
	case o.Prompt != "":
		return o.Prompt, nil
	}
	return bench.DefaultPrompt, nil
}
