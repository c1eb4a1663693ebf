package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// profileFlags are the flags every command that talks to a gateway shares.
// The key is never a flag value: only --key-env NAME or --key-stdin.
type profileFlags struct {
	preset, baseURL, model, backgroundModel, keyEnv, configFile string
	keyStdin                                                    bool
	command                                                     string // for hints
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
}

func (f *profileFlags) load(e *env.Env) (gateway.Profile, error) {
	o := gateway.LoadOptions{
		Preset: f.preset, BaseURL: f.baseURL, Model: f.model, BackgroundModel: f.backgroundModel,
		KeyEnv: f.keyEnv, ConfigFile: f.configFile, Command: f.command,
	}
	if f.keyStdin {
		r, err := stdinKey(e)
		if err != nil {
			return gateway.Profile{}, err
		}
		o.KeyStdin = r
	}
	return gateway.Load(e, o)
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
