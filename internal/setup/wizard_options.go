package setup

import (
	"context"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// AskOptions asks, for each chosen tool, the consent its switches need
// (tool.Option.Ask: an edit of the user's shell profile) unless a flag
// gave it; a yes sets the switch in Options.
func (w *Wizard) AskOptions(ctx context.Context) error {
	for _, id := range w.Tools {
		t, ok := tool.Lookup(string(id))
		if !ok {
			continue
		}
		for _, op := range t.Options {
			if op.Ask == nil || !op.Bool || w.Options[op.Name] != "" {
				continue
			}
			q := op.Ask(w.Env)
			if q == "" {
				continue // nothing to consent to (cmd keeps no profile)
			}
			yes := false
			if err := w.Ask.Confirm(ctx, q, "", "", &yes); err != nil {
				return err
			}
			if yes {
				if w.Options == nil {
					w.Options = map[string]string{}
				}
				w.Options[op.Name] = "true"
			}
		}
	}
	return nil
}
