package claude

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
)

// claudeRejectedCheck reports claude-key-rejected: ~/.claude.json keeps
// the last 20 characters of every ANTHROPIC_API_KEY the user once refused
// at Claude Code's "use this API key?" prompt, and Claude Code then
// silently does not use that key in interactive sessions; headless
// `claude -p` still sends it (✓ 2.1.197). An error: the interactive
// session, the usual one, sends no request at all.
type claudeRejectedCheck struct{ snap *discover.Snapshot }

func (claudeRejectedCheck) Name() string { return "claude-key-approval" }

func (c claudeRejectedCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	t, ok := c.snap.Tool("claude")
	if !ok {
		return []doctor.Finding{checks.Skip("claude", "Claude Code is not configured")}
	}
	st := StateOf(c.snap)
	for _, cred := range t.Credentials {
		// Only ANTHROPIC_API_KEY goes through the approval prompt;
		// ANTHROPIC_AUTH_TOKEN is sent as it is.
		if !strings.HasSuffix(cred.Source.Key, anthropic.APIKey) || cred.Value == "" {
			continue
		}
		r := []rune(cred.Value)
		tail := string(r[max(0, len(r)-RejectedTail):])
		for _, rej := range st.Rejected {
			if rej != tail {
				continue
			}
			at := e.Tilde(st.StatePath)
			if st.RejectedLine > 0 {
				at = fmt.Sprintf("%s:%d", at, st.RejectedLine)
			}
			return []doctor.Finding{checks.Finding(*t, catalog.ClaudeKeyRejected, doctor.Error,
				fmt.Sprintf("the %s from %s (%s) is listed in %s of %s: interactive Claude Code sessions silently do not use it (they say \"Not logged in · Please run /login\"); headless claude -p still sends it",
					anthropic.APIKey, checks.Where(e, cred), checks.MaskKey(cred.Value), Rejected, at),
				catalog.Render(catalog.ClaudeKeyRejected, catalog.Slots{Value: strconv.Quote(string(r[max(0, len(r)-4):])), File: at, Command: checks.SetupCmd(*t)}), at)}
		}
	}
	return []doctor.Finding{checks.Passed(*t, "Claude Code has not been told to refuse its key", e.Tilde(st.StatePath))}
}

// ChecksOffline adds Claude Code's own checks at the request stage: the
// key it was told to refuse, then the request it really sends.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{
		{Stage: checks.StageRequest, Check: claudeRejectedCheck{o.Snapshot}},
		{Stage: checks.StageRequest, Check: claudeSendCheck{o.Snapshot, o.Profile, o.Profiles, o.Version(ID)}},
	}
}
