package main

import (
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/spf13/pflag"
)

// rootFlags are --anthropic-base-url, --openai-base-url and
// --gemini-base-url: a family's own root, for a gateway that serves each
// API under its own (DeepSeek: …/anthropic beside its OpenAI root).
type rootFlags map[gateway.Family]*string

func (r *rootFlags) add(fs *pflag.FlagSet) {
	*r = rootFlags{}
	for _, f := range gateway.Families {
		v := new(string)
		(*r)[f] = v
		fs.StringVar(v, profile.RootFlags[f][2:], "", "root of the "+f.Title()+" API, when the gateway serves it under its own (default: the base URL)")
	}
}

// values are the roots given ("" not given), nil when none is.
func (r rootFlags) values() map[gateway.Family]string {
	var out map[gateway.Family]string
	for f, v := range r {
		if v != nil && *v != "" {
			if out == nil {
				out = map[gateway.Family]string{}
			}
			out[f] = *v
		}
	}
	return out
}
