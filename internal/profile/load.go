package profile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/spf13/viper"
)

// LoadOptions are the profile values given on the command line. Empty
// means "not given". The key is never a plain value: only a variable name
// or a reader (stdin).
type LoadOptions struct {
	Preset          string
	BaseURL         string
	Model           string
	BackgroundModel string
	// Roots are --anthropic-base-url, --openai-base-url and
	// --gemini-base-url: a family's own root, as pasted.
	Roots      map[gateway.Family]string
	KeyEnv     string    // --key-env NAME
	KeyStdin   io.Reader // --key-stdin
	ConfigFile string    // default $XDG_CONFIG_HOME/keydoctor/config.yaml
	// Command names the command for hints ("setup"): an empty --key-stdin
	// is told how to pipe the key into it.
	Command string
	// Key is a key keydoctor already holds (a stored profile's, for
	// 'use'): it beats every variable. Never filled from a flag value.
	Key string
	// Team is the repository's keydoctor.yaml: below flags, above every
	// variable. Saved is the default (or named) stored profile: below the
	// variables, above config.yaml and the preset's defaults. Either is
	// skipped when a higher layer picked another preset.
	Team, Saved *Layer
}

// Layer is one named source of profile values (a stored profile, the
// team file); empty fields give nothing. Key is set only for a stored
// profile whose key keydoctor keeps (keyring or file).
type Layer struct {
	Source                                          string // "profile work", "keydoctor.yaml"
	Preset, BaseURL, Model, BackgroundModel, KeyEnv string
	Key                                             string
	// Roots are the layer's per-family roots (roots: in YAML).
	Roots map[string]string
}

func (l *Layer) get(f gateway.Field) string {
	if l == nil {
		return ""
	}
	switch f {
	case gateway.FieldPreset:
		return l.preset()
	case gateway.FieldBaseURL:
		return l.BaseURL
	case gateway.FieldModel:
		return l.Model
	case gateway.FieldBackgroundModel:
		return l.BackgroundModel
	}
	return ""
}

// ConfigPath is keydoctor's own config file.
func ConfigPath(e *env.Env) string { return filepath.Join(e.KeydoctorDir(), "config.yaml") }

// Load resolves the profile. Highest first: flags, the team file
// (keydoctor.yaml), KEYDOCTOR_* variables, the preset's variables, the
// stored profile (the default one unless named), the config file, the
// preset's defaults. The stored profile sits below the variables so that
// an exported variable still wins, as it always did. Viper reads the config file; the
// environment comes from e (not os.Getenv) so that tests stay hermetic.
func Load(e *env.Env, o LoadOptions) (gateway.Profile, error) {
	cfg, cfgName, err := readConfig(e, o.ConfigFile)
	if err != nil {
		return gateway.Profile{}, err
	}
	r := &resolver{e: e, cfg: cfg, cfgName: cfgName, p: gateway.Profile{Sources: map[gateway.Field]string{}}, team: o.Team, saved: o.Saved}
	p := &r.p
	p.Preset = r.pick(gateway.FieldPreset, o.Preset, "--preset", "KEYDOCTOR_PRESET")
	if p.Preset == "" {
		p.Preset = templates.DefaultPreset
	}
	r.team, r.saved = usable(o.Team, p.Preset), usable(o.Saved, p.Preset)
	preset, err := templates.LookupPreset(p.Preset)
	if err != nil {
		return gateway.Profile{}, &gateway.UsageError{Msg: err.Error(), Hint: "use --preset taotoken or --preset custom"}
	}
	p.VarBaseURL, p.VarKey, p.VarModel = preset.Vars.BaseURL, preset.Vars.APIKey, preset.Vars.Model
	if err := r.baseURL(o.BaseURL, preset); err != nil {
		return gateway.Profile{}, err
	}
	if err := r.roots(o.Roots, preset); err != nil {
		return gateway.Profile{}, err
	}
	p.Model = r.pick(gateway.FieldModel, o.Model, "--model", "KEYDOCTOR_MODEL", preset.Vars.Model)
	if p.Model == "" && preset.DefaultModel != "" {
		p.Model = preset.DefaultModel
		p.Sources[gateway.FieldModel] = "preset " + preset.Name
	}
	p.BackgroundModel = r.pick(gateway.FieldBackgroundModel, o.BackgroundModel, "--background-model", "KEYDOCTOR_BACKGROUND_MODEL")
	if err := r.key(o); err != nil {
		return gateway.Profile{}, err
	}
	e.Secrets.Add(p.Key) // seen by this run, whether pair keeps it or not
	r.pair()
	return *p, nil
}

// readConfig reads keydoctor's config file, when there is one; a file
// that exists but does not parse is a usage error.
func readConfig(e *env.Env, path string) (*viper.Viper, string, error) {
	if path == "" {
		path = ConfigPath(e)
	}
	cfg := viper.New()
	cfg.SetConfigType("yaml")
	// Read here, not by viper: a FIFO or /dev/zero in its place must not
	// hang or grow the run.
	b, err := safefile.ReadFile(path)
	if err == nil {
		err = cfg.ReadConfig(bytes.NewReader(b))
	} else if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		err = nil
	} else {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
	}
	if err != nil {
		return nil, "", &gateway.UsageError{Msg: fmt.Sprintf("cannot read %s: %v", e.Tilde(path), err), Hint: "fix or remove that file"}
	}
	if err := gateway.CheckKeys(e.Tilde(path), cfg.AllSettings(), ConfigKeys); err != nil {
		return nil, "", err
	}
	return cfg, e.Tilde(path), nil
}

// ConfigKeys are the keys config.yaml may hold (README: "config.yaml").
var ConfigKeys = []string{"preset", "base_url", "model", "background_model", "key_env"}

// resolver resolves a profile's fields through the precedence chain.
type resolver struct {
	e       *env.Env
	cfg     *viper.Viper
	cfgName string
	p       gateway.Profile
	// team and saved are the layers above the variables and below them.
	team, saved *Layer
}

// preset is the layer's preset: a base URL without one is a custom
// gateway.
func (l *Layer) preset() string {
	switch {
	case l.Preset != "":
		return l.Preset
	case l.BaseURL != "":
		return templates.CustomPreset
	}
	return ""
}

// usable drops a layer made for another preset than the one picked: its
// base URL and key belong to that other gateway.
func usable(l *Layer, preset string) *Layer {
	if l == nil {
		return nil
	}
	lp := l.preset()
	if lp == "" {
		lp = templates.DefaultPreset
	}
	if lp != preset {
		return nil
	}
	return l
}

// pick resolves one field: the flag, else the team file, else the first
// variable set, else the stored profile, else the config file.
func (r *resolver) pick(f gateway.Field, flag, flagName string, vars ...string) string {
	if flag != "" {
		r.p.Sources[f] = flagName
		return flag
	}
	if v := r.team.get(f); v != "" {
		r.p.Sources[f] = r.team.Source
		return v
	}
	for _, v := range vars {
		if v == "" {
			continue
		}
		if val, ok := r.e.Lookup(v); ok {
			r.p.Sources[f] = v
			return val
		}
	}
	if v := r.saved.get(f); v != "" {
		r.p.Sources[f] = r.saved.Source
		return v
	}
	if val := r.cfg.GetString(string(f)); val != "" {
		r.p.Sources[f] = r.cfgName
		return val
	}
	return ""
}

// baseURL resolves the base URL (the preset's when nothing else gives
// one) and normalises it to the gateway root.
func (r *resolver) baseURL(flag string, preset templates.Preset) error {
	p := &r.p
	raw := r.pick(gateway.FieldBaseURL, flag, "--base-url", "KEYDOCTOR_BASE_URL", preset.Vars.BaseURL)
	if raw == "" && preset.BaseURL != "" {
		raw = preset.BaseURL
		p.Sources[gateway.FieldBaseURL] = "preset " + preset.Name
	}
	if raw == "" {
		return nil
	}
	parsed, err := gateway.Normalize(raw)
	if err != nil {
		return &gateway.UsageError{Msg: fmt.Sprintf("%v (from %s)", err, p.Sources[gateway.FieldBaseURL]), Hint: "pass the gateway root, e.g. --base-url https://taotoken.net/api"}
	}
	p.BaseURL, p.Notes = parsed.Root, parsed.Notes
	return nil
}

// key resolves the key: stdin, a named variable, a key keydoctor holds
// (use), the team file's variable, KEYDOCTOR_API_KEY, the preset's
// variable, the stored profile's (its variable or its kept key), a
// variable named by the config file. KeyVar says which variable holds it
// (the team's or the preset's when none does yet).
func (r *resolver) key(o LoadOptions) error {
	p := &r.p
	p.KeyVar = p.VarKey
	if r.team != nil && r.team.KeyEnv != "" {
		p.KeyVar = r.team.KeyEnv
	}
	switch {
	case o.KeyStdin != nil:
		k, err := readKeyLine(o.KeyStdin, p.KeyVar, o.Command)
		if err != nil {
			return err
		}
		p.Key, p.Sources[gateway.FieldKey] = k, "stdin"
	case o.KeyEnv != "":
		if !ValidVarName(o.KeyEnv) {
			return keyEnvNotAName(": --key-env " + p.VarKey)
		}
		k, ok := r.e.Lookup(o.KeyEnv)
		if !ok {
			return &gateway.UsageError{Msg: fmt.Sprintf("--key-env names %s, which is not set", o.KeyEnv), Hint: "export " + o.KeyEnv + " first, or use --key-stdin"}
		}
		p.Key, p.KeyVar, p.Sources[gateway.FieldKey] = k, o.KeyEnv, o.KeyEnv
	case o.Key != "":
		p.Key, p.Sources[gateway.FieldKey] = o.Key, "profile"
		if o.Saved != nil {
			p.Sources[gateway.FieldKey] = o.Saved.Source
			p.KeyHome = gateway.KeyHome{Root: layerRoot(o.Saved), Owner: o.Saved.Source}
		}
	default:
		r.keyFromLayers()
	}
	return nil
}

func (r *resolver) keyFromLayers() {
	p := &r.p
	vars := []string{"KEYDOCTOR_API_KEY", p.VarKey}
	teamRoot, teamVar := "", ""
	if r.team != nil && r.team.KeyEnv != "" {
		teamVar = r.team.KeyEnv
		vars = append([]string{r.team.KeyEnv}, vars...)
		if r.team.BaseURL != "" || r.team.Preset != "" {
			teamRoot = layerRoot(r.team)
		}
	}
	for _, v := range vars {
		if k, ok := r.e.Lookup(v); ok {
			p.Key, p.KeyVar, p.Sources[gateway.FieldKey] = k, v, v
			p.KeyHome = r.varHome(v, teamRoot, v == teamVar)
			if s := r.saved; s != nil && s.KeyEnv == v && v != teamVar {
				// the stored profile names this variable as its key's:
				// unless the environment names its gateway too, the key
				// is that profile's
				pr, _ := templates.LookupPreset(p.Preset)
				if _, named := r.envBase(pr); !named {
					p.KeyHome = gateway.KeyHome{Root: layerRoot(s), Owner: s.Source}
				}
			}
			return
		}
	}
	if s := r.saved; s != nil {
		home := gateway.KeyHome{Root: layerRoot(s), Owner: s.Source}
		if s.KeyEnv != "" {
			if k, ok := r.e.Lookup(s.KeyEnv); ok {
				p.Key, p.KeyVar, p.Sources[gateway.FieldKey], p.KeyHome = k, s.KeyEnv, s.KeyEnv, home
				return
			}
			if r.team == nil {
				p.KeyVar = s.KeyEnv // the hint names the profile's variable
			}
		} else if s.Key != "" {
			p.Key, p.Sources[gateway.FieldKey], p.KeyHome = s.Key, s.Source, home
			return
		}
	}
	if v := r.cfg.GetString("key_env"); v != "" {
		if k, ok := r.e.Lookup(v); ok {
			p.Key, p.KeyVar, p.Sources[gateway.FieldKey] = k, v, v
			if pr, err := templates.LookupPreset(p.Preset); err == nil {
				h := r.envHome(pr)
				p.KeyHome = gateway.KeyHome{Root: h, Owner: v, EnvOnly: h == ""}
			}
		}
	}
}

// readKeyLine reads one line: the key, without its line ending. An empty
// one is told how to pipe the key in, naming the preset's variable and
// the command.
func readKeyLine(r io.Reader, keyVar, command string) (string, error) {
	line, err := bufio.NewReader(io.LimitReader(r, 64<<10)).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", fmt.Errorf("reading the key from stdin: %w", err)
	}
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		if command == "" {
			command = "COMMAND"
		}
		return "", &gateway.UsageError{Msg: "--key-stdin read an empty line",
			Hint: fmt.Sprintf(`pipe the key in, e.g. printf '%%s\n' "$%s" | keydoctor %s --key-stdin`, keyVar, command)}
	}
	return line, nil
}

// keyEnvNotAName refuses a --key-env that cannot name a variable. What
// was given is not quoted: it is most often the key itself, pasted where
// its variable's name belongs, and nothing has registered it as a secret.
// example ends the hint (": --key-env NAME"), or is empty.
func keyEnvNotAName(example string) error {
	return &gateway.UsageError{Msg: "--key-env takes a variable name, and what was given is not one (not shown: it may be the key)",
		Hint: "export the key as a variable and pass its name" + example}
}

// ValidVarName reports whether s can name an environment variable.
func ValidVarName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || (r >= 'A' && r <= 'Z') || (r >= 'a' && r <= 'z') || (i > 0 && r >= '0' && r <= '9') {
			continue
		}
		return false
	}
	return true
}

// ReadKeyLine reads a key piped or typed in (profile add/set
// --key-stdin), with the same refusals and hints as Load's.
func ReadKeyLine(r io.Reader, keyVar, command string) (string, error) {
	return readKeyLine(r, keyVar, command)
}

// ReadNewKey is the key profile add/set --key-stdin keeps: read from r
// (ReadKeyLine), hidden from every output from then on, and refused when
// it is no key (gateway.CheckKey).
func ReadNewKey(e *env.Env, r io.Reader, command string) (string, error) {
	key, err := readKeyLine(r, "KEY", command)
	if err != nil {
		return "", err
	}
	e.Secrets.Add(key)
	if kp := gateway.CheckKey(key); kp != nil {
		return "", &gateway.UsageError{Msg: "the key from stdin is refused: " + kp.Reason, Hint: "run 'keydoctor explain " + string(kp.Code) + "'"}
	}
	return key, nil
}

// QuietRoots are the base URL and roots of the profile a run in project
// resolves, without its notes (they are not the caller's to print); none
// when it does not resolve (verify --upstream: the presets' roots still
// apply).
func QuietRoots(e *env.Env, project string) gateway.Profile {
	r := Resolver{Hinted: true}
	p, err := r.Resolve(e, project)
	if err != nil {
		return gateway.Profile{}
	}
	return gateway.Profile{BaseURL: p.BaseURL, Roots: p.Roots}
}
