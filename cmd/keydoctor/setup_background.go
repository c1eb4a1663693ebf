package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/setup"
)

// settleBackground settles the background model of a tool setup writes
// (setup.SettleBackground); --offline asks the gateway nothing.
func (o *setupOptions) settleBackground(ctx context.Context, p *gateway.Profile, tools []gateway.ToolID) {
	list := o.ListModels
	if o.Offline {
		list = nil
	}
	setup.SettleBackground(ctx, o.Env, o.Project, p, tools, list)
}

// trimKey removes white space around the key, as URLs are trimmed: a key
// pasted with a trailing space or newline is still the key. White space
// inside it is left for CheckKey to refuse.
func trimKey(o *setupOptions, p *gateway.Profile) {
	k := strings.TrimSpace(p.Key)
	if k == p.Key || k == "" {
		return
	}
	p.Key = k
	fmt.Fprintf(o.Err, "keydoctor: note: removed the white space around the key from %s\n", p.Source(gateway.FieldKey))
}
