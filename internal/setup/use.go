package setup

import (
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
)

// Switch is what 'use NAME' writes: the stored profile, the variable its
// key is in (which a config that names a variable names), and what the
// switch keeps of the files (KeepOnUse).
type Switch struct {
	Profile gateway.Profile
	KeyEnv  string
	Kept
}

// PrepareUse reads what 'use NAME' writes; the caller holds the write
// lock, so that the stored profile and the files are those no other run
// is changing. tools (--tools) that name none become those configured
// now.
func PrepareUse(e *env.Env, name, project string, tools *string) (*Switch, error) {
	p, keyEnv, err := profile.ToUse(e, name)
	if err != nil {
		return nil, err
	}
	s := &Switch{Profile: p, KeyEnv: keyEnv, Kept: KeepOnUse(e, p, project)}
	if *tools == "" {
		if len(s.Tools) == 0 {
			return nil, &gateway.UsageError{Msg: "no tool is configured for a gateway yet", Hint: "pass --tools " + ToolList() + " (or run 'keydoctor setup' first)"}
		}
		*tools = strings.Join(s.Tools, ",")
	}
	return s, nil
}
