package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/spf13/cobra"
)

// trustOptions is everything runTrust needs; flags fill it, tests build it.
type trustOptions struct {
	Env    *env.Env
	Path   string // a keydoctor.yaml, or a directory of the repository ("." by default)
	Revoke bool
	List   bool
	Out    io.Writer
	Err    io.Writer
}

func newTrustCmd(e *env.Env) *cobra.Command {
	o := &trustOptions{Env: e}
	cmd := &cobra.Command{
		Use:   "trust [PATH]",
		Short: "trust a repository's keydoctor.yaml (its gateway, model and key variable)",
		Long: `A repository's keydoctor.yaml names a gateway, a model and the variable a key
is read from. Whoever wrote the repository wrote it, so it has no effect until
you trust its exact content: trust records the file's absolute path and the
SHA-256 of its content in ` + "`$XDG_CONFIG_HOME/keydoctor/" + profile.TrustFile + "`" + ` (0600). A file that
changes (the next pull) is untrusted again. An untrusted file is ignored by
every command, which says so once on stderr; 'setup --yes' refuses it unless
--trust-team-file is given.

Only the repository's own file counts: the nearest keydoctor.yaml from PATH
(default the working directory) up to the directory holding .git; outside a
repository there is none. trust prints the gateway host, model and key
variable it trusts, and refuses a file that does not parse or whose key_env
names no gateway API key variable (exit status 2).`,
		Example: `  keydoctor trust                 # the keydoctor.yaml of this repository
  keydoctor trust ~/src/app/keydoctor.yaml
  keydoctor trust --list
  keydoctor trust --revoke`,
		Args:        usageArgs(cobra.MaximumNArgs(1)),
		Annotations: exitNotes("2  no keydoctor.yaml in the repository, or one that does not parse or names a refused key_env"),
		RunE: func(c *cobra.Command, args []string) error {
			o.Out, o.Err = c.OutOrStdout(), c.ErrOrStderr()
			if len(args) == 1 {
				o.Path = args[0]
			}
			return runTrust(c.Context(), o)
		},
	}
	cmd.Flags().BoolVar(&o.Revoke, "revoke", false, "stop trusting the file (it is ignored again)")
	cmd.Flags().BoolVar(&o.List, "list", false, "list the trusted files: trusted, changed (untrusted again) or missing")
	return cmd
}

func runTrust(ctx context.Context, o *trustOptions) error {
	locked := func(write func() error) error {
		return withWriteLock(ctx, o.Env, o.Err, "trust", func(time.Time) error { return write() })
	}
	var msg string
	var err error
	switch {
	case o.List && (o.Revoke || o.Path != ""):
		return usageErrorf("run 'keydoctor trust --list' alone", "--list takes no PATH and no --revoke")
	case o.List:
		tr, err := profile.OpenTrust(o.Env)
		if err == nil {
			tr.WriteText(o.Out, o.Env.Tilde)
		}
		return err
	case o.Revoke:
		err = locked(func() (err error) { msg, err = profile.Revoke(o.Env, o.Path); return err })
	default:
		msg, err = profile.TrustNamed(o.Env, o.Path, locked)
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(o.Out, msg)
	return nil
}
