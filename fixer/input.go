package fixer

import (
	"context"
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/toolversion"
	"github.com/keydoctor/keydoctor/writers"
)

// Input is what a doctor run found, as --fix plans from it.
type Input struct {
	Env      *env.Env
	Project  string
	Profile  gateway.Profile // with the background model to set, once settled
	Snapshot *discover.Snapshot
	Findings []doctor.Finding
	// Versions are the installed versions doctor judged: a fix writes
	// the file that version reads (an editor extension that moved its MCP
	// file between versions).
	Versions toolversion.Versions
}

// FormKeeper is what a tool package implements (its tool.Tool's Impl)
// when a fix must write the tool's file in the form the user has now
// (the variable its key is in, a provider of its own): the tool options
// (writers.Options.ToolOptions) that keep it, read from snap.
type FormKeeper interface {
	FixKeptForms(snap *discover.Snapshot) map[string]string
}

// SettleBackground picks the served small model to set as a tool's
// background model when a check proposes setting one (the wire checks
// found it unserved), as setup --yes does (the same model list, the same
// pick).
func (in *Input) SettleBackground(ctx context.Context, list func(ctx context.Context, root, key string) ([]string, error)) {
	for _, f := range in.Findings {
		if f.Edit != nil && f.Edit.Background {
			setup.SettleBackground(ctx, in.Env, in.Project, &in.Profile, []gateway.ToolID{f.Edit.Tool}, list)
			return
		}
	}
}

// Plan plans the fixes of the findings into one plan, reading the files
// now, each tool's file kept in the form it has.
func (in *Input) Plan() (*Result, error) {
	kept := map[string]string{}
	for _, t := range tool.All() {
		if k, ok := t.Impl.(FormKeeper); ok {
			for name, v := range k.FixKeptForms(in.Snapshot) {
				kept[name] = v
			}
		}
	}
	wo := writers.Options{Env: in.Env, Profile: in.Profile, Project: in.Project, ToolOptions: kept, Versions: in.Versions}
	return Plan(in.Env, Options{Writers: wo, Missing: Missing(in.Profile)}, in.Findings)
}

// Missing says why a triple cannot be written from p, or "". A base URL
// that is only the preset's default is not enough: the tools' files may
// name another gateway, and the key must go to the one the user named.
func Missing(p gateway.Profile) string {
	if err := profile.Complete(p); err != nil {
		return "no profile to write: " + err.Error()
	}
	if src := p.Source(gateway.FieldBaseURL); strings.HasPrefix(src, "preset ") {
		return fmt.Sprintf("the gateway's base URL is only the %s default: give it with --base-url or %s", src, p.VarBaseURL)
	}
	return ""
}
