package setup

import (
	"context"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// AskOptions asks, for each chosen tool, the consent its switches need
// (tool.Option.Ask: an edit of the user's shell profile) unless a flag
// gave it; a yes sets the switch (and what the question said with it) in
// Options.
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
			q, sets := op.Ask(w.Env, w.Profile)
			if q == "" {
				continue // nothing to consent to (cmd keeps no profile)
			}
			yes := false
			if err := w.Ask.Confirm(ctx, q, "", "", &yes); err != nil {
				return err
			}
			if !yes {
				continue
			}
			if sets == nil {
				sets = map[string]string{op.Name: "true"}
			}
			if w.Options == nil {
				w.Options = map[string]string{}
			}
			for k, v := range sets {
				if w.Options[k] == "" {
					w.Options[k] = v // a flag given beats the answer
				}
			}
		}
	}
	return nil
}
