package checks

import (
	"context"

	"github.com/keydoctor/keydoctor/internal/gitexec"
)

// GitRunner runs git with args in dir and returns its standard output and
// exit status; err is set only when git could not be run at all.
type GitRunner func(ctx context.Context, dir string, args ...string) (stdout string, exit int, err error)

// ExecGit runs the git binary, hardened against the repository
// (internal/gitexec).
func ExecGit(ctx context.Context, dir string, args ...string) (string, int, error) {
	return gitexec.Run(ctx, dir, args...)
}
