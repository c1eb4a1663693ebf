package profile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"go.yaml.in/yaml/v3"
)

// TeamFile is the name of the file a repository commits at its root.
const TeamFile = "keydoctor.yaml"

// Team is keydoctor.yaml: what every developer of a repository should
// configure. It never holds a key: KeyEnv names the variable each
// developer keeps theirs in.
type Team struct {
	Preset  string `yaml:"preset,omitempty" json:"preset,omitempty"`
	BaseURL string `yaml:"base_url,omitempty" json:"base_url,omitempty"`
	// Roots are the per-family roots (anthropic, openai, gemini) of a
	// gateway that serves each API under its own root; each must be on
	// base_url's host (a repository may not send the key elsewhere).
	Roots           map[string]string `yaml:"roots,omitempty" json:"roots,omitempty"`
	Model           string            `yaml:"model,omitempty" json:"model,omitempty"`
	BackgroundModel string            `yaml:"background_model,omitempty" json:"background_model,omitempty"`
	Tools           []string          `yaml:"tools,omitempty" json:"tools,omitempty"`
	KeyEnv          string            `yaml:"key_env,omitempty" json:"key_env,omitempty"`
	// Goals are bench's latency goals, carried as written
	// ("ttft.p90<800ms,tpot.p50<50ms"); bench parses them.
	Goals string `yaml:"goals,omitempty" json:"goals,omitempty"`

	// Path is the file it was read from; Lines the line of each key.
	Path  string         `yaml:"-" json:"-"`
	Lines map[string]int `yaml:"-" json:"-"`
}

// TeamKeys are the keys keydoctor.yaml may hold (README: "keydoctor.yaml").
var TeamKeys = []string{"preset", "base_url", "roots", "model", "background_model", "tools", "key_env", "goals"}

// LocateTeam finds the team file of the repository holding dir: the
// nearest keydoctor.yaml from dir up to the directory holding .git (the
// repository root). "" when dir is in no repository (a /tmp/keydoctor.yaml
// is not every directory's under /tmp) or the repository has none.
func LocateTeam(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	found := ""
	for d := abs; ; d = filepath.Dir(d) {
		if p := filepath.Join(d, TeamFile); found == "" {
			if _, err := os.Lstat(p); err == nil {
				found = p
			}
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return found, nil
		}
		if filepath.Dir(d) == d {
			return "", nil
		}
	}
}

// FindTeam is the repository's team file above dir, read and checked,
// whether trusted or not (TeamFor judges trust); nil when there is none.
func FindTeam(dir string) (*Team, error) {
	p, err := LocateTeam(dir)
	if err != nil || p == "" {
		return nil, err
	}
	return ReadTeam(p)
}

// ReadTeam reads and checks one team file: unknown keys, a key written
// into it and a key_env naming no gateway key are usage errors.
func ReadTeam(path string) (*Team, error) {
	b, err := readTeamFile(path)
	if err != nil {
		return nil, err
	}
	return parseTeam(path, b)
}

// readTeamFile is the one place a team file's bytes are read.
// readTeamFile reads a team file as every user or repository file is
// read: a regular file only, up to safefile's cap.
func readTeamFile(path string) ([]byte, error) { return safefile.ReadFile(path) }

func parseTeam(path string, b []byte) (*Team, error) {
	var node yaml.Node
	if err := yaml.Unmarshal(b, &node); err != nil {
		return nil, &gateway.UsageError{Msg: fmt.Sprintf("cannot read %s: %v", path, err), Hint: "fix that file"}
	}
	t := &Team{Path: path, Lines: map[string]int{}}
	if len(node.Content) == 0 {
		return t, nil
	}
	root := node.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, &gateway.UsageError{Msg: path + ": not a mapping of keys", Hint: "see the README's keydoctor.yaml schema"}
	}
	raw := map[string]any{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		raw[root.Content[i].Value] = nil
		t.Lines[root.Content[i].Value] = root.Content[i].Line
	}
	if err := gateway.CheckKeys(path, raw, TeamKeys); err != nil {
		return nil, err
	}
	if err := root.Decode(t); err != nil {
		return nil, &gateway.UsageError{Msg: fmt.Sprintf("cannot read %s: %v", path, err), Hint: "see the README's keydoctor.yaml schema"}
	}
	if t.KeyEnv != "" && !ValidVarName(t.KeyEnv) {
		return nil, &gateway.UsageError{Msg: path + ": key_env must name a variable, not hold a key", Hint: "write the variable's name, e.g. key_env: GATEWAY_API_KEY"}
	}
	if err := CheckKeyEnv(t.KeyEnv); err != nil {
		return nil, &gateway.UsageError{Msg: fmt.Sprintf("%s:%d: %v", path, t.Lines["key_env"], err), Hint: KeyEnvHint}
	}
	if err := t.checkRoots(); err != nil {
		return nil, &gateway.UsageError{Msg: fmt.Sprintf("%s:%d: roots: %v", path, t.Lines["roots"], err), Hint: "give each root on the base URL's host, e.g. roots: {anthropic: https://api.deepseek.com/anthropic}"}
	}
	return t, nil
}

// checkRoots refuses a root of no known family, one that is no URL, and
// one on another host than the team's gateway: a repository may not
// choose where the key is sent.
func (t *Team) checkRoots() error {
	rs, _, err := gateway.NormalizeRoots(t.Roots)
	if err != nil {
		return err
	}
	base := Profile{Preset: t.Preset, BaseURL: t.BaseURL}.Root()
	for _, f := range gateway.Families {
		if r := rs[f]; r != "" && !gateway.SameGateway(r, base) {
			// r is normalized: a URL with a user name or password was refused.
			return fmt.Errorf("%s root %s is not on the gateway's host %s", f, r, gateway.HostOf(base))
		}
	}
	return nil
}

// Layer is the team file as Load's team layer.
func (t *Team) Layer() *Layer {
	if t == nil {
		return nil
	}
	return &Layer{Source: TeamFile, Preset: t.Preset, BaseURL: t.BaseURL, Roots: t.Roots, Model: t.Model, BackgroundModel: t.BackgroundModel, KeyEnv: t.KeyEnv}
}

// Marshal is the file's text, with a header saying what it is.
func (t *Team) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString("# keydoctor team settings: 'keydoctor setup' in this repository takes them\n# (each developer keeps the key in the variable key_env names; never write a key here).\n")
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(t); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ErrTeamExists is returned by WriteTeam when the file is there already.
var ErrTeamExists = errors.New("exists")

// WriteTeam creates path (never replaces one: a committed file is the
// team's, not ours to overwrite).
func WriteTeam(path string, t *Team) error {
	b, err := t.Marshal()
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return ErrTeamExists
	}
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
