package main

import (
	"context"
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/spf13/cobra"
)

// profileEdit is what profile add and profile set change: only the
// fields given.
type profileEdit struct {
	preset, baseURL, model, backgroundModel, keyEnv string
	keyStdin                                        bool
	roots                                           rootFlags
	// key is the key the terminal questions were answered with (never a
	// flag value).
	key string
}

func (f *profileEdit) add(c *cobra.Command) {
	fs := c.Flags()
	fs.StringVar(&f.preset, "preset", "", "gateway preset (taotoken, custom)")
	fs.StringVar(&f.baseURL, "base-url", "", "gateway base URL (the root; /v1 and endpoints are stripped)")
	f.roots.add(fs)
	fs.StringVar(&f.model, "model", "", "model id")
	fs.StringVar(&f.backgroundModel, "background-model", "", "background (small, fast) model id, for "+tool.Titles(setup.IsBackgroundTool))
	fs.StringVar(&f.keyEnv, "key-env", "", "name of the environment variable that holds the key")
	fs.BoolVar(&f.keyStdin, "key-stdin", false, "read the key from standard input and keep it in the OS keyring (else a 0600 file)")
	c.MarkFlagsMutuallyExclusive("key-env", "key-stdin")
}

func newProfileCmd(e *env.Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "profile",
		Short: "remember gateways by name: add, list, show, set, rename, rm",
		Long: `A profile names one gateway: preset or base URL, model, background model and
where its key is. The key is never written into profiles.yaml: --key-env
names the variable that holds it, --key-stdin keeps it in the OS keyring
(macOS Keychain, Windows Credential Manager, Secret Service), or, where there
is none, in a 0600 file under keydoctor's config dir. 'keydoctor use NAME'
switches every tool to a profile.`,
		Args: usageArgs(cobra.NoArgs),
	}
	cmd.AddCommand(newProfileAddCmd(e), newProfileSetCmd(e), newProfileListCmd(e), newProfileShowCmd(e),
		newProfileRmCmd(e), newProfileRenameCmd(e))
	return cmd
}

func newProfileAddCmd(e *env.Env) *cobra.Command {
	f := &profileEdit{}
	cmd := &cobra.Command{
		Use:     "add NAME",
		Short:   "add a profile (on a terminal without flags: asks, listing the gateway's models)",
		Example: "  keydoctor profile add work    # on a terminal: asks gateway, key, model (listed live) and background model\n  keydoctor profile add work --base-url https://gw.example.com/api --model gpt-5 --key-env WORK_KEY\n  printf '%s\\n' \"$KEY\" | keydoctor profile add home --model gpt-4o --key-stdin",
		Args:    usageArgs(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			if f.empty() {
				if err := profile.ValidName(args[0]); err != nil {
					return err
				}
				if !e.IsTerminal {
					return usageErrorf("pass what it holds, e.g. keydoctor profile add "+args[0]+" --base-url URL --model ID --key-env VAR (on a terminal it asks)",
						"profile add %s: nothing given, and no terminal to ask on", args[0])
				}
				if err := askFor(c.Context(), e, askOptions(e, c.OutOrStdout(), c.ErrOrStderr()), args[0], f); err != nil {
					return err
				}
			}
			return editProfile(c.Context(), e, c, args[0], f, true)
		},
	}
	f.add(cmd)
	return cmd
}

func newProfileSetCmd(e *env.Env) *cobra.Command {
	f := &profileEdit{}
	cmd := &cobra.Command{
		Use:     "set NAME",
		Short:   "change what is given of a profile (then 'keydoctor use NAME' writes it)",
		Example: "  printf '%s\\n' \"$NEW_KEY\" | keydoctor profile set work --key-stdin && keydoctor use work",
		Args:    usageArgs(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			return editProfile(c.Context(), e, c, args[0], f, false)
		},
	}
	f.add(cmd)
	return cmd
}

// editProfile adds (create) or changes a profile under the write lock.
func editProfile(ctx context.Context, e *env.Env, c *cobra.Command, name string, f *profileEdit, create bool) error {
	// Before the key is read, let alone stored under that name.
	if err := profile.ValidName(name); err != nil {
		return err
	}
	key := f.key
	if f.keyStdin {
		r, err := stdinKey(e)
		if err != nil {
			return err
		}
		if key, err = profile.ReadNewKey(e, r, "profile "+c.Name()+" "+name); err != nil {
			return err
		}
	}
	return withWriteLock(ctx, e, c.ErrOrStderr(), "profile", func(time.Time) error {
		st, p, note, err := profile.Change(e, name, profile.Edit{Preset: f.preset, BaseURL: f.baseURL, Roots: f.roots.values(), Model: f.model,
			BackgroundModel: f.backgroundModel, KeyEnv: f.keyEnv, Key: key}, create)
		if note != "" {
			fmt.Fprintf(c.ErrOrStderr(), "keydoctor: note: %s\n", note)
		}
		if err != nil {
			return err
		}
		fmt.Fprintln(c.OutOrStdout(), st.ChangedText(e, p, create))
		return nil
	})
}
