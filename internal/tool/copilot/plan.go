package copilot

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/format/shellprofile"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/shell"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// profileOption is setup's --shell-profile: the user's consent to an edit
// of their shell's profile.
var profileOption = tool.Option{Name: profileFlag, Title: "shell profile", Bool: true,
	Usage: "write GitHub Copilot CLI's variables into a block of your shell's profile (it reads only its environment); without it setup prints the lines to add",
	Alone: "writes GitHub Copilot CLI's variables",
	Ask:   askProfile}

// profileFlag is --shell-profile's name.
const profileFlag = "shell-profile"

// askProfile is the wizard's question for --shell-profile: where the
// block goes and, when the key is in no variable the block could name,
// that a yes writes the key itself there (--copilot-key file).
func askProfile(e *env.Env, p gateway.Profile) (string, map[string]string) {
	path := Profile(e)
	if path == "" {
		return "", nil
	}
	q := "GitHub Copilot CLI reads only its environment: keep its variables in " + e.Tilde(path) + " (a block of keydoctor's, undone by 'keydoctor restore')?"
	if p.KeyVar != "" && p.Key != "" && e.Getenv(p.KeyVar) == p.Key {
		return q, nil
	}
	return "GitHub Copilot CLI reads only its environment: keep its variables in " + e.Tilde(path) +
			", the key itself included (the key is in no variable the file could name; it becomes 0600; undone by 'keydoctor restore')?",
		map[string]string{profileFlag: "true", keyOption.Name: KeyFile}
}

// typeOption is setup's --copilot-provider: the API Copilot CLI speaks to
// the gateway, which decides its base URL's /v1.
// It lists no Values: a value only setup's flag gives, so that a run
// without it keeps the type the block has (kept).
var typeOption = tool.Option{Name: "copilot-provider", Title: "Copilot provider",
	Usage:   "the API GitHub Copilot CLI speaks to the gateway: openai (chat completions, base …/v1; the default) or anthropic (messages, base without /v1)",
	Alone:   "chooses GitHub Copilot CLI's provider",
	Default: func(gateway.Profile) string { return TypeOpenAI },
	Check: func(v string, _ gateway.Profile) error {
		if !slices.Contains(types, v) {
			return &gateway.UsageError{Msg: fmt.Sprintf("unknown Copilot provider %q", v), Hint: "use --copilot-provider openai or --copilot-provider anthropic"}
		}
		return nil
	}}

// types are the provider types setup writes.
var types = []string{TypeOpenAI, TypeAnthropic}

// keyOption is setup's --copilot-key: whether the block names the key's
// variable (env, the default) or holds the key itself (file, which the
// user must choose). No Values either: a run without it keeps the form
// the block has.
var keyOption = tool.Option{Name: "copilot-key", Title: "Copilot key",
	Usage:   "how keydoctor's block gives GitHub Copilot CLI the key: env (names the variable that holds it; the default) or file (writes the key itself into the profile, 0600)",
	Alone:   "chooses how GitHub Copilot CLI's block holds the key",
	Default: func(gateway.Profile) string { return KeyEnv },
	Check: func(v string, _ gateway.Profile) error {
		if v != KeyEnv && v != KeyFile {
			return &gateway.UsageError{Msg: fmt.Sprintf("unknown Copilot key %q", v), Hint: "use --copilot-key env or --copilot-key file"}
		}
		return nil
	}}

// The forms of the key in the block.
const KeyEnv, KeyFile = "env", "file"

// placeholder stands for a key that is in no variable, in the lines
// setup prints for the user to add.
const placeholder = "<your gateway key>"

// PlanFiles sets Copilot CLI's variables in keydoctor's block of the
// user's shell profile with --shell-profile, or when the block is there
// already; otherwise it writes nothing and notes the lines to add. The key is named by reference
// ("${TAOTOKEN_API_KEY}") when this environment holds it in its variable;
// otherwise the block holds it (the profile then 0600).
func (impl) PlanFiles(o writers.Options, t tool.Tool) ([]*writers.Change, error) {
	sh := shell.Of(o.Env)
	path := sh.ProfilePath(o.Env)
	write := o.Option(profileOption.Name) != ""
	if path == "" {
		return nil, &gateway.UsageError{Msg: "GitHub Copilot CLI reads only its environment, and cmd keeps no profile to write it in",
			Hint: "set KEYDOCTOR_SHELL=powershell to use PowerShell's profile, or keep " + BaseURL + ", " + APIKey + " and " + Model + " with setx"}
	}
	c, err := writers.ReadFile(path)
	if err != nil {
		return nil, err
	}
	old, oldErr := shellprofile.Find(c.Old, Owner)
	form := kept(o, keyOption, old, func(v shellprofile.Set) string {
		if v.Name == APIKey && v.Ref == "" {
			return KeyFile
		}
		return ""
	})
	typ := kept(o, typeOption, old, func(v shellprofile.Set) string {
		if v.Name == Type && slices.Contains(types, v.Value) {
			return v.Value
		}
		return ""
	})
	vs, keyVar := blockVars(o, typ, form)
	// A block already there was consented to: setup, use and doctor --fix
	// keep it up to date.
	write = write || oldErr == nil && old.Found
	if !write {
		if keyVar == "" {
			vs[len(vs)-2] = shellprofile.Var{Name: APIKey, Value: placeholder}
		}
		c.Leave()
		c.Notef("GitHub Copilot CLI reads only its environment: add these lines to %s (or run setup again with --shell-profile to have them kept there in a block of their own)", o.Env.Tilde(path))
		for _, v := range vs {
			c.Notef("  %s", shellprofile.Line(sh.Kind, v))
		}
		return []*writers.Change{c}, nil
	}
	if keyVar == "" && form == KeyEnv {
		return nil, &gateway.UsageError{Msg: "the key is in no variable GitHub Copilot CLI's block could name",
			Hint: fmt.Sprintf("export %s (or pass --key-env NAME) for the block to name it, or pass --copilot-key file to write the key itself into %s", o.Profile.KeyVar, o.Env.Tilde(path))}
	}
	if k, ok := old.Lookup(APIKey); ok {
		c.AddSecrets(k.Value)
	}
	c.New, err = shellprofile.Merge(c.Old, Owner, sh.Kind, vs)
	var se *shellprofile.SyntaxError
	if errors.As(err, &se) {
		return nil, &writers.RefusedError{Path: path, Line: se.Line, Col: se.Col, Reason: se.Msg,
			Hint: "leave one begin and one end line around keydoctor's block (or delete both), then run setup again"}
	}
	if err != nil {
		return nil, writers.Refuse(path, "", "%v", err)
	}
	c.Finish(keyVar == "", 0o644)
	if keyVar != "" {
		c.Notef("%s takes the key from $%s when the shell starts: keep %s exported before this block", APIKey, keyVar, keyVar)
	} else {
		c.Notef("the key is written in this file (--copilot-key file): export it as $%s and run setup with --copilot-key env to keep it out", o.Profile.KeyVar)
	}
	c.Notef("open a new terminal (or run %s) for copilot to see it", reload(sh, o.Env.Tilde(path)))
	if n := interactiveGuard(c.Old); n > 0 && (!old.Found || old.Line > n) {
		c.Notef("line %d of %s stops shells that are not interactive before the block: copilot started from a script (bash -c) does not get it, a terminal does", n, o.Env.Tilde(path))
	}
	return []*writers.Change{c}, nil
}

// blockVars are the block's variables and the variable its key is named
// by ("" when the key is written itself: --copilot-key file, or in no
// variable this environment holds).
func blockVars(o writers.Options, typ, form string) ([]shellprofile.Var, string) {
	p := o.Profile
	keyVar := o.KeyEnv
	if keyVar == "" {
		keyVar = p.KeyVar
	}
	key := shellprofile.Var{Name: APIKey, Ref: keyVar}
	if form == KeyFile || keyVar == "" || p.Key == "" || o.Env.Getenv(keyVar) != p.Key {
		key, keyVar = shellprofile.Var{Name: APIKey, Value: p.Key}, ""
	}
	return []shellprofile.Var{
		{Name: BaseURL, Value: rule(typ, "").BaseFor(p)},
		{Name: Type, Value: typ},
		key,
		{Name: Model, Value: p.Model},
	}, keyVar
}

// guard is the early return of a profile for shells that are not
// interactive (Debian's and Ubuntu's default ~/.bashrc: `case $- in
// *i*) ;; *) return;; esac`, or `[ -z "$PS1" ] && return`).
var guard = regexp.MustCompile(`(?m)^\s*(?:\*\)\s*return\s*;;|\[\s*-z\s*"?\$PS1"?\s*\]\s*&&\s*return)`)

// interactiveGuard is the line of src's early return (0: none).
func interactiveGuard(src []byte) int {
	loc := guard.FindIndex(src)
	if loc == nil {
		return 0
	}
	return bytes.Count(src[:loc[0]], []byte("\n")) + 1
}

// kept is the value of a choice of setup's: its flag's, else the one
// the block has (fromBlock reads it off one of its lines: a re-plan by
// use or doctor --fix switches the gateway, not how the block is
// written), else the default.
func kept(o writers.Options, op tool.Option, old shellprofile.Block, fromBlock func(shellprofile.Set) string) string {
	if v := o.ToolOptions[op.Name]; v != "" {
		return v
	}
	for _, v := range old.Vars {
		if got := fromBlock(v); got != "" {
			return got
		}
	}
	return o.Option(op.Name)
}

// reload is the command that reads the profile into the running shell.
func reload(sh shell.Shell, path string) string {
	switch sh.Kind {
	case shell.PowerShell:
		return "'. $PROFILE'"
	case shell.Fish:
		return fmt.Sprintf("'source %s'", path)
	}
	return fmt.Sprintf("'. %s'", path)
}
