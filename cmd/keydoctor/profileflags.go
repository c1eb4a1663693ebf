package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// profileFlags are the flags every command that talks to a gateway shares.
// The key is never a flag value: only --key-env NAME or --key-stdin.
type profileFlags struct {
	preset, baseURL, model, backgroundModel, keyEnv, configFile string
	keyStdin                                                    bool
	command                                                     string // for hints
	// profile is --profile NAME: the stored profile to fall back to
	// (setup: also the name it saves under, which need not exist yet).
	profile string
	// saveAs lets --profile name a profile that does not exist yet.
	saveAs bool
	// used is the stored profile the load fell back to ("" none); team
	// the team file found above the project directory (nil none).
	used string
	team *profile.Team
	// untrusted is a team file found but not trusted: ignored (the hint
	// said so once). trustTeam (setup --trust-team-file, or the wizard's
	// yes) trusts it for the run; trustedNow is then the file to record as
	// trusted. refuseUntrusted (setup --yes) makes an untrusted file an
	// error instead of a hint.
	untrusted, trustedNow      *profile.Found
	trustTeam, refuseUntrusted bool
	hinted                     bool
	// current, when set (setup), reads the tools' files for a run with
	// no stored profile and no team file to start from; cur is what it
	// read.
	current func() profile.Current
	cur     *profile.Current
}

func (f *profileFlags) add(fs *pflag.FlagSet) {
	f.command = fs.Name() // cobra names a command's flag set after it
	fs.StringVar(&f.preset, "preset", "", "gateway preset (taotoken, custom); default taotoken")
	fs.StringVar(&f.baseURL, "base-url", "", "gateway base URL (the root; /v1 and endpoints are stripped)")
	fs.StringVar(&f.model, "model", "", "model id")
	fs.StringVar(&f.backgroundModel, "background-model", "", "background (small, fast) model id, for Claude Code")
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
	o := profile.LoadOptions{
		Preset: f.preset, BaseURL: f.baseURL, Model: f.model, BackgroundModel: f.backgroundModel,
		KeyEnv: f.keyEnv, ConfigFile: f.configFile, Command: f.command,
	}
	team, err := f.findTeam(e, dir)
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		// A FIFO, a device or a huge file in a repository's keydoctor.yaml.
		return gateway.Profile{}, &gateway.UsageError{Msg: fmt.Sprintf("cannot read %s: %v", e.Tilde(pe.Path), pe.Err),
			Hint: "make it a regular file or remove it"}
	}
	if err != nil {
		return gateway.Profile{}, err
	}
	f.team, o.Team = team, team.Layer()
	if o.Saved, err = f.savedLayer(e); err != nil {
		return gateway.Profile{}, err
	}
	if o.Saved == nil && team == nil && f.current != nil {
		cur := f.current()
		o.Saved, f.cur = cur.Layer, &cur
	}
	if f.keyStdin {
		r, err := stdinKey(e)
		if err != nil {
			return gateway.Profile{}, err
		}
		o.KeyStdin = r
	}
	return profile.Load(e, o)
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

// savedLayer is the stored profile to fall back to, its key read; a key
// that cannot be read (a locked keyring) is a note, not a failure.
func (f *profileFlags) savedLayer(e *env.Env) (*profile.Layer, error) {
	st, err := profile.Open(e)
	if err != nil {
		return nil, err
	}
	name := f.profile
	if name == "" {
		if name, err = st.Current(e); err != nil || name == "" {
			return nil, err
		}
	}
	p, ok := st.Get(name)
	if !ok && f.saveAs { // setup --profile NEW starts from the current one
		if name, err = st.Current(e); err != nil || name == "" {
			return nil, err
		}
		p, ok = st.Get(name)
	}
	if !ok {
		_, err := st.Must(name)
		return nil, err
	}
	l, err := st.Layer(e, p)
	if err != nil {
		fmt.Fprintf(e.Stderr, "keydoctor: note: %v\n", err)
		l, _ = st.Layer(e, profile.Profile{Name: p.Name, Preset: p.Preset, BaseURL: p.BaseURL, Model: p.Model, BackgroundModel: p.BackgroundModel})
	}
	f.used = name
	return l, nil
}
