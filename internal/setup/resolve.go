package setup

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ToolList is the tools setup and use write, as --tools takes them:
// "claude,codex,…" (from the one list of tools).
func ToolList() string { return strings.Join(tool.SetupIDs(), ",") }

// ChooseTools is the tools a run names: list (--tools), else the team
// file's; nil when neither names one (the wizard then asks, a run without
// it takes those detected). list becomes what was chosen.
func ChooseTools(list *string, team *profile.Team) ([]gateway.ToolID, error) {
	if *list == "" && team != nil && len(team.Tools) > 0 {
		*list = strings.Join(team.Tools, ",")
	}
	if *list == "" {
		return nil, nil
	}
	ids, err := tool.ParseSetup(*list)
	if err != nil {
		return nil, &gateway.UsageError{Msg: "--tools: " + err.Error()}
	}
	return ids, nil
}

// Unasked finishes a run that asks nothing (--yes, no terminal): the
// profile must be complete, the tools default to those detected, and a
// written tool's background model is settled against the gateway's list
// (list nil asks the gateway nothing: --offline).
func Unasked(ctx context.Context, e *env.Env, project string, p *gateway.Profile, ids, detected []gateway.ToolID,
	list func(ctx context.Context, root, key string) ([]string, error)) ([]gateway.ToolID, error) {
	if err := profile.Complete(*p); err != nil {
		return nil, err
	}
	if ids == nil {
		ids = detected
	}
	if len(ids) == 0 {
		return nil, &gateway.UsageError{Msg: "no tool found installed or configured; pass --tools " + ToolList()}
	}
	SettleBackground(ctx, e, project, p, ids, list)
	return ids, nil
}

// ForgetStoredBackground drops a background model that came from a
// stored profile: it is settled against the gateway's list and the files
// on every run, and a stored one would skip that and keep a model the
// gateway may no longer serve.
func ForgetStoredBackground(p *gateway.Profile) {
	if strings.HasPrefix(p.Source(gateway.FieldBackgroundModel), "profile ") {
		p.BackgroundModel = ""
		delete(p.Sources, gateway.FieldBackgroundModel)
	}
}

// TrimKey removes white space around the key, as URLs are trimmed: a key
// pasted with a trailing space or newline is still the key. White space
// inside it is left for CheckKey to refuse. The note goes to w.
func TrimKey(w io.Writer, p *gateway.Profile) {
	k := strings.TrimSpace(p.Key)
	if k == p.Key || k == "" {
		return
	}
	p.Key = k
	fmt.Fprintf(w, "keydoctor: note: removed the white space around the key from %s\n", p.Source(gateway.FieldKey))
}

// KeyEnv is the variable a written config names for the key: the team
// file's, else --key-env's (flag), else the one the preloaded profile
// keeps it in ('use').
func KeyEnv(team *profile.Team, flag, preloaded string) string {
	switch {
	case team != nil && team.KeyEnv != "":
		return team.KeyEnv
	case flag != "":
		return flag
	}
	return preloaded
}
