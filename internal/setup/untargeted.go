package setup

import (
	"fmt"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// Absence is what a tool package implements (its tool.Tool's Impl) when
// it can say better than "nothing to write" why setup planned nothing for
// it (no editor with the extension, no entry of ours to update), and
// what the user can do about it ("" when nothing but other --tools).
type Absence interface {
	SetupAbsence(e *env.Env) (why, remedy string)
}

// CheckAlone refuses a tool's option that does something only with its
// tool (tool.Option.Alone) when that tool is not being set up: a flag
// that does nothing would look like it worked. opts are the options the
// command line gave.
func CheckAlone(opts map[string]string, tools []gateway.ToolID) error {
	for _, t := range tool.All() {
		for _, op := range t.Options {
			if op.Alone == "" || opts[op.Name] == "" || slices.Contains(tools, t.ID) {
				continue
			}
			return &gateway.UsageError{Hint: fmt.Sprintf("add %s to --tools, or drop --%s", t.ID, op.Name),
				Msg: fmt.Sprintf("--%s %s, and %s is not among the tools to set up", op.Name, op.Alone, t.ID)}
		}
	}
	return nil
}

// Untargeted says, for each chosen tool the plan writes nothing for, why;
// when no chosen tool has anything to write, setup refuses (exit 2): it
// would otherwise report "nothing changed" about files that do not exist.
// opts are the options the command line gave (CheckAlone).
func Untargeted(e *env.Env, opts map[string]string, tools []gateway.ToolID, pl *writers.Plan) ([]string, error) {
	if err := CheckAlone(opts, tools); err != nil {
		return nil, err
	}
	var notes, remedies []string
	for _, id := range tools {
		if slices.ContainsFunc(pl.Changes, func(c *writers.Change) bool { return c.PlannedBy(id) }) {
			continue
		}
		why := string(id) + ": nothing to write"
		if t, ok := tool.Lookup(string(id)); ok {
			if a, ok := t.Impl.(Absence); ok {
				reason, remedy := a.SetupAbsence(e)
				why = string(id) + ": " + reason
				if remedy != "" && !slices.Contains(remedies, remedy) {
					remedies = append(remedies, remedy)
				}
			}
		}
		notes = append(notes, why)
	}
	if len(pl.Changes) == 0 && len(notes) > 0 {
		return nil, &gateway.UsageError{Hint: strings.Join(append(remedies, "choose other --tools"), ", or "), Msg: strings.Join(notes, "; ")}
	}
	return notes, nil
}
