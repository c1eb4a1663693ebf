package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// profileFlags are the flags every command that talks to a gateway shares.
// The key is never a flag value: only --key-env NAME or --key-stdin.
// The resolution, and what it found, is profile.Resolver's.
type profileFlags struct {
	preset, baseURL, model, backgroundModel, keyEnv, configFile string
	keyStdin                                                    bool
	roots                                                       rootFlags
	command                                                     string // for hints
	// profile is --profile NAME: the stored profile to fall back to
	// (setup: also the name it saves under, which need not exist yet).
	profile string
	profile.Resolver
}

func (f *profileFlags) add(fs *pflag.FlagSet) {
	f.command = fs.Name() // cobra names a command's flag set after it
	fs.StringVar(&f.preset, "preset", "", "gateway preset (taotoken, custom); default taotoken")
	fs.StringVar(&f.baseURL, "base-url", "", "gateway base URL (the root; /v1 and endpoints are stripped)")
	f.roots.add(fs)
	fs.StringVar(&f.model, "model", "", "model id")
	fs.StringVar(&f.backgroundModel, "background-model", "", "background (small, fast) model id, for "+tool.Titles(setup.IsBackgroundTool))
	fs.StringVar(&f.keyEnv, "key-env", "", "name of the environment variable that holds the API key")
	fs.BoolVar(&f.keyStdin, "key-stdin", false, "read the API key from the first line of standard input (on a terminal: a prompt, without echo)")
	fs.StringVar(&f.configFile, "config", "", "keydoctor config file (default $XDG_CONFIG_HOME/keydoctor/config.yaml)")
	fs.StringVar(&f.profile, "profile", "", "stored profile to use for what flags and variables do not give (default $"+profile.ProfileVar+", else the default profile)")
}

// load resolves the profile for a command run in the current directory.
func (f *profileFlags) load(e *env.Env) (gateway.Profile, error) { return f.loadIn(e, ".") }

// loadIn resolves the profile: flags, the team file above dir, variables,
// the stored profile (--profile, $KEYDOCTOR_PROFILE or the default), the
// config file, the preset.
func (f *profileFlags) loadIn(e *env.Env, dir string) (gateway.Profile, error) {
	r := &f.Resolver
	r.Options = profile.LoadOptions{
		Preset: f.preset, BaseURL: f.baseURL, Roots: f.roots.values(), Model: f.model, BackgroundModel: f.backgroundModel,
		KeyEnv: f.keyEnv, ConfigFile: f.configFile, Command: f.command,
	}
	r.Profile, r.StdinKey = f.profile, nil
	if f.keyStdin {
		r.StdinKey = func() (io.Reader, error) { return stdinKey(e) }
	}
	r.OnUntrusted = func(found *profile.Found) { fmt.Fprintf(e.Stderr, "keydoctor: hint: %s\n", found.UntrustedText(e)) }
	r.OnNote = func(err error) { fmt.Fprintf(e.Stderr, "keydoctor: note: %v\n", err) }
	p, err := r.Resolve(e, dir)
	if ue := (*profile.UntrustedError)(nil); errors.As(err, &ue) {
		return p, ue.Found.Refused(e)
	}
	return p, err
}

// stdinTerminal reports whether r is a terminal, and its descriptor;
// readPassword reads a line from it without echo. Tests replace both.
var (
	stdinTerminal = func(r io.Reader) (int, bool) {
		f, ok := r.(*os.File)
		if !ok {
			return 0, false
		}
		return int(f.Fd()), term.IsTerminal(int(f.Fd()))
	}
	readPassword = term.ReadPassword
)

// stdinKey is what --key-stdin reads: the piped line, or, when standard
// input is a terminal, a prompt on stderr answered without echo (a key
// typed or pasted there must not show on the screen).
func stdinKey(e *env.Env) (io.Reader, error) {
	fd, tty := stdinTerminal(e.Stdin)
	if !tty {
		return e.Stdin, nil
	}
	fmt.Fprint(e.Stderr, "API key (input hidden): ")
	redact.Flush(e.Stderr) // the question shows before the answer is read
	// Ctrl-C is caught for the whole run (commands end cleanly on it), so
	// the read must watch for it, and give the terminal its echo back.
	state, _ := term.GetState(fd)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	type read struct {
		b   []byte
		err error
	}
	done := make(chan read, 1)
	go func() { b, err := readPassword(fd); done <- read{b, err} }()
	select {
	case r := <-done:
		fmt.Fprintln(e.Stderr)
		if r.err != nil {
			return nil, fmt.Errorf("reading the key from the terminal: %w", r.err)
		}
		return bytes.NewReader(append(r.b, '\n')), nil
	case <-sig:
		if state != nil {
			term.Restore(fd, state)
		}
		fmt.Fprintln(e.Stderr)
		return nil, failf("", "interrupted: no key was read")
	}
}
