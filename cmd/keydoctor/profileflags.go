package main

import (
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/spf13/pflag"
)

// profileFlags are the flags every command that talks to a gateway shares.
// The key is never a flag value: only --key-env NAME or --key-stdin.
type profileFlags struct {
	preset, baseURL, model, backgroundModel, keyEnv, configFile string
	keyStdin                                                    bool
}

func (f *profileFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&f.preset, "preset", "", "gateway preset (taotoken, custom); default taotoken")
	fs.StringVar(&f.baseURL, "base-url", "", "gateway base URL (the root; /v1 and endpoints are stripped)")
	fs.StringVar(&f.model, "model", "", "model id")
	fs.StringVar(&f.backgroundModel, "background-model", "", "background (small, fast) model id, for Claude Code")
	fs.StringVar(&f.keyEnv, "key-env", "", "name of the environment variable that holds the API key")
	fs.BoolVar(&f.keyStdin, "key-stdin", false, "read the API key from the first line of standard input")
	fs.StringVar(&f.configFile, "config", "", "keydoctor config file (default $XDG_CONFIG_HOME/keydoctor/config.yaml)")
}

func (f *profileFlags) load(e *env.Env) (gateway.Profile, error) {
	o := gateway.LoadOptions{
		Preset: f.preset, BaseURL: f.baseURL, Model: f.model, BackgroundModel: f.backgroundModel,
		KeyEnv: f.keyEnv, ConfigFile: f.configFile,
	}
	if f.keyStdin {
		o.KeyStdin = e.Stdin
	}
	return gateway.Load(e, o)
}
