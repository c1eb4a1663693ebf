package session

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// parseVariantFlags reads --stream and --input-tokens, which take a list
// for comparisons. Options built without flags (tests) keep their fields.
func parseVariantFlags(o *Options) error {
	switch strings.ToLower(strings.TrimSpace(o.StreamFlag)) {
	case "":
	case "true", "1", "yes":
		o.Stream = true
	case "false", "0", "no":
		o.Stream = false
	case "both":
		o.Stream, o.BothStreams = true, true
	default:
		return usageErrorf("e.g. --stream=false or --stream=both", "--stream %q: want true, false or both", o.StreamFlag)
	}
	if strings.TrimSpace(o.InputFlag) == "" {
		return nil
	}
	o.InputSizes = nil
	for _, f := range strings.Split(o.InputFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return usageErrorf("e.g. --input-tokens 1000 or --input-tokens 100,4000", "--input-tokens %q: want positive whole numbers", o.InputFlag)
		}
		o.InputSizes = append(o.InputSizes, n)
	}
	o.InputTokens = o.InputSizes[0]
	return nil
}

// comparing says whether the flags ask for a comparison run.
func comparing(o *Options) bool {
	return o.Models != "" || o.Against != "" || len(o.InputSizes) > 1 || o.BothStreams
}

// benchVariants builds the sides of a comparison run: every combination
// of the models, routes, prompt sizes and streaming modes asked for, each
// from the same request template. Labels name only what differs.
func benchVariants(o *Options, p gateway.Profile, req probe.Request) ([]bench.Variant, error) {
	if o.Sweep != "" || o.Rate > 0 || o.Duration > 0 {
		return nil, usageErrorf("compare at one concurrency with -c and -n", "a comparison (--models, --against, --input-tokens a,b, --stream=both) runs with -n, not --sweep, --rate or --duration")
	}
	base := bench.Variant{BaseURL: p.BaseURL, Model: req.Model, Stream: req.Stream, InputTokens: o.InputTokens, Request: req, Key: p.Key}
	vs := []bench.Variant{base}
	var err error
	if o.Models != "" {
		vs = expand(vs, splitList(o.Models), func(v *bench.Variant, m string) { v.Model, v.Request.Model = m, m; v.Label += " " + m })
	}
	if o.Against != "" {
		if vs, err = againstVariants(o, p, vs); err != nil {
			return nil, err
		}
	}
	if len(o.InputSizes) > 1 {
		vs = expand(vs, itoaList(o.InputSizes), func(v *bench.Variant, n string) {
			v.InputTokens, _ = strconv.Atoi(n)
			v.Request.Prompt = bench.SyntheticPrompt(v.InputTokens)
			v.Label += " in≈" + n
		})
	}
	if o.BothStreams {
		vs = expand(vs, []string{"stream", "no-stream"}, func(v *bench.Variant, m string) {
			v.Stream = m == "stream"
			v.Request.Stream = v.Stream
			v.Label += " " + m
		})
	}
	seen := map[string]bool{}
	for i := range vs {
		vs[i].Label = strings.TrimSpace(vs[i].Label)
		vs[i].URL = vs[i].Request.Target()
		if seen[vs[i].Label] {
			return nil, usageErrorf("", "%q is listed twice", vs[i].Label)
		}
		seen[vs[i].Label] = true
	}
	if len(vs) < 2 {
		return nil, usageErrorf("e.g. --models gpt-4o,gpt-4o-mini", "a comparison needs at least two sides")
	}
	return vs, nil
}

// againstVariants doubles every variant: this route and the --against
// one, to the same model over the same protocol.
func againstVariants(o *Options, p gateway.Profile, vs []bench.Variant) ([]bench.Variant, error) {
	parsed, err := gateway.Normalize(o.Against)
	if err != nil {
		return nil, usageErrorf("give the other route's base URL, e.g. --against https://api.openai.com", "--against: %v", err)
	}
	key := p.Key
	if o.AgainstKeyEnv == "" && o.Changed != nil && !o.Changed("against") {
		// --against came from the --compare baseline, a file: it does not
		// name a host for the key as the command line does
		if pe := p.PairWith(parsed.Root, "the baseline "+o.Compare); pe != nil {
			return nil, usageErrorf("pass --against on the command line, or --against-key-env NAME with that route's key", "%s", pe.Error())
		}
	}
	if o.AgainstKeyEnv == "" && gateway.IsLoopbackURL(p.BaseURL) && !gateway.IsLoopbackURL(parsed.Root) {
		// a router on this machine holds its own client key (claude-code-
		// router's apiKeyHelper prints one): not a key for the upstream
		return nil, usageErrorf("pass --against-key-env NAME, NAME holding the upstream's key",
			"--against %s: the key of %s is the local router's, not one for the upstream", parsed.Root, p.BaseURL)
	}
	if o.AgainstKeyEnv != "" {
		if key = o.Env.Getenv(o.AgainstKeyEnv); key == "" {
			return nil, usageErrorf("export it first", "--against-key-env: $%s is empty", o.AgainstKeyEnv)
		}
	}
	this, that := routeLabels(p.BaseURL, parsed.Root)
	var out []bench.Variant
	for _, v := range vs {
		a, b := v, v
		a.Label += " " + this
		b.Label, b.BaseURL, b.Key = b.Label+" "+that, parsed.Root, key
		b.Request.Root, b.Request.URL, b.Request.Key = parsed.Root, "", key
		// the tool's extra headers are for its own route (a router's
		// routing headers, its x-portkey-api-key), not for another host
		b.Request.Header = nil
		out = append(out, a, b)
	}
	return out, nil
}

// routeLabels names two routes by host, or by whole URL when the hosts
// are the same.
func routeLabels(a, b string) (string, string) {
	ua, errA := url.Parse(a)
	ub, errB := url.Parse(b)
	if errA != nil || errB != nil || ua.Host == ub.Host {
		return a, b
	}
	return ua.Host, ub.Host
}

// expand makes one variant per value for every variant so far.
func expand(vs []bench.Variant, values []string, set func(*bench.Variant, string)) []bench.Variant {
	var out []bench.Variant
	for _, v := range vs {
		for _, x := range values {
			w := v
			set(&w, x)
			out = append(out, w)
		}
	}
	return out
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func itoaList(ns []int) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = fmt.Sprint(n)
	}
	return out
}
