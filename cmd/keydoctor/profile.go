package main

import (
	"context"
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/spf13/cobra"
)

// profileEdit is what profile add and profile set change: only the
// fields given.
type profileEdit struct {
	preset, baseURL, model, backgroundModel, keyEnv string
	keyStdin                                        bool
	// key is the key the terminal questions were answered with (never a
	// flag value).
	key string
}

func (f *profileEdit) add(c *cobra.Command) {
	fs := c.Flags()
	fs.StringVar(&f.preset, "preset", "", "gateway preset (taotoken, custom)")
	fs.StringVar(&f.baseURL, "base-url", "", "gateway base URL (the root; /v1 and endpoints are stripped)")
	fs.StringVar(&f.model, "model", "", "model id")
	fs.StringVar(&f.backgroundModel, "background-model", "", "background (small, fast) model id, for Claude Code")
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
		if key, err = profile.ReadKeyLine(r, "KEY", "profile "+c.Name()+" "+name); err != nil {
			return err
		}
		e.Secrets.Add(key)
		if kp := gateway.CheckKey(key); kp != nil {
			return usageErrorf("run 'keydoctor explain "+string(kp.Code)+"'", "the key from stdin is refused: %s", kp.Reason)
		}
	}
	return withWriteLock(ctx, e, c.ErrOrStderr(), "profile", func(time.Time) error {
		st, err := profile.Open(e)
		if err != nil {
			return err
		}
		p, exists := st.Get(name)
		switch {
		case create && exists:
			return usageErrorf("change it with 'keydoctor profile set "+name+"'", "a profile %q already exists", name)
		case !create && !exists:
			_, err := st.Must(name)
			return err
		}
		p.Name = name
		if err := f.apply(&p, create); err != nil {
			return err
		}
		if key != "" {
			where, note, err := st.Secrets.Set(name, key)
			if err != nil {
				return failf("", "keeping the key: %v", err)
			}
			if note != "" {
				fmt.Fprintf(c.ErrOrStderr(), "keydoctor: note: %s\n", note)
			}
			p.KeyEnv, p.KeyStore = "", where
		} else if f.keyEnv != "" && p.KeyStore != "" {
			if err := st.Secrets.Delete(p.KeyStore, name); err != nil {
				return err
			}
			p.KeyStore = ""
		}
		if err := st.Put(p); err != nil {
			return err
		}
		if err := st.Save(); err != nil {
			return err
		}
		verb := map[bool]string{true: "added", false: "updated"}[create]
		fmt.Fprintf(c.OutOrStdout(), "%s profile %s: %s, model %s, key %s\n", verb, name, p.Root(), orDash(p.Model), keyWhere(e, st, p))
		return nil
	})
}

// apply copies the given fields; a new profile gets the preset whose root
// --base-url is (custom for any other URL), else the default preset.
func (f *profileEdit) apply(p *profile.Profile, create bool) error {
	if f.preset != "" {
		if _, err := templates.LookupPreset(f.preset); err != nil {
			return usageErrorf("use --preset taotoken or --preset custom", "%v", err)
		}
		p.Preset = f.preset
	}
	if f.baseURL != "" {
		n, err := gateway.Normalize(f.baseURL)
		if err != nil {
			return usageErrorf("pass the gateway root, e.g. --base-url https://taotoken.net/api", "--base-url: %v", err)
		}
		p.BaseURL = n.Root
		if create && p.Preset == "" {
			// A URL that is not a preset's is a custom gateway, not the
			// default preset's (issue 30 item 1).
			p.Preset = gateway.PresetForRoot(n.Root)
		}
	}
	if create && p.Preset == "" {
		p.Preset = templates.DefaultPreset
	}
	if f.keyEnv != "" {
		if !profile.ValidVarName(f.keyEnv) {
			return usageErrorf("export the key as a variable and pass its name", "--key-env takes a variable name, not %q", redact.Mask(f.keyEnv))
		}
		p.KeyEnv = f.keyEnv
	}
	for dst, v := range map[*string]string{&p.Model: f.model, &p.BackgroundModel: f.backgroundModel} {
		if v != "" {
			*dst = v
		}
	}
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return redact.Untrusted(s) // profiles.yaml may have been written by hand
}

// keyWhere says where a profile's key is, masked: "$WORK_KEY (sk-t****0123)",
// "OS keyring (…)", "~/.config/keydoctor/keys/NAME (…)", "none".
func keyWhere(e *env.Env, st *profile.Store, p profile.Profile) string {
	k, err := st.Key(e, p)
	masked := redact.Mask(k)
	switch {
	case p.KeyEnv != "" && k == "":
		return "$" + p.KeyEnv + " (not set)"
	case p.KeyEnv != "":
		return "$" + p.KeyEnv + " (" + masked + ")"
	case err != nil:
		return p.KeyStore + " (unreadable)"
	case p.KeyStore == profile.StoreKeyring:
		return "OS keyring (" + masked + ")"
	case p.KeyStore == profile.StoreFile:
		return e.Tilde(st.Secrets.Dir) + "/" + p.Name + " (" + masked + ")"
	}
	return "none"
}
