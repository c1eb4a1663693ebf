package wire

import (
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// varName matches what can be an environment variable's name.
var varName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// envVarName is a variable's name as variables are spelled (a JSON field
// such as a providers file's apiKey is not one a shell has).
var envVarName = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*$`)

// Paths turns the tools discovery resolved into the paths their
// requests take: each tool's effective base URL exactly as configured, its
// key and the header it sends it in, its model, its protocol. A tool whose
// base URL is its vendor's built-in default is not a gateway path and is
// not probed. model is the profile's model, used for programs that pick
// their model in code (the SDKs) when none is configured.
func Paths(s *discover.Snapshot, model string) []Path {
	var out []Path
	for _, t := range s.Tools {
		p := Path{
			Tool:        t.ID,
			Rule:        t.Rule,
			Protocol:    t.Rule.Protocol,
			Base:        t.Base.Value,
			Key:         t.Key.Value,
			KeyVar:      keyVar(s, t),
			KeySetup:    keySetup(s, t),
			Auth:        t.Auth,
			Model:       t.Model.Value,
			BaseSource:  t.Base.Source.Where(s.Env),
			KeySource:   t.Key.Source.Where(s.Env),
			ModelSource: t.Model.Source.Where(s.Env),
			BaseAt:      atOf(t.Base.Source),
			KeyAt:       atOf(t.Key.Source),
			ModelAt:     atOf(t.Model.Source),
			NoKey:       t.NoKeyNeeded,
			Headers:     t.Headers,
			HeadersKey:  t.HeadersAt.Key,
			KeyHelper:   t.KeyCommand,
		}
		if t.HeadersAt.File != "" {
			p.HeadersSource = t.HeadersAt.Display(s.Env)
		}
		if t.Base.Source.IsVar() {
			if at, ok := s.ExportedBy(t.Base.Source.Key); ok {
				p.BaseExport = at.Display(s.Env)
			}
		}
		if t.Model.Source.Default { // the tool's built-in model: the fix sets it where its model belongs
			p.ModelSource, p.ModelAt = t.Places.Model.Display(s.Env), atOf(t.Places.Model)
		}
		if bg := t.Background(); bg.Value != "" {
			p.BackgroundModel, p.BackgroundSource, p.BackgroundAt = bg.Value, bg.Source.Where(s.Env), atOf(bg.Source)
			if p.BackgroundDefault = bg.Source.Default; p.BackgroundDefault {
				p.BackgroundSource, p.BackgroundAt = t.Places.Model.Display(s.Env), atOf(t.Places.Model) // where the tool's model belongs
			}
		}
		if p.Auth == "" { // no key, or apiKeyHelper's: the tool's row
			p.Auth = t.Rule.Auth
		}
		switch {
		case t.Base.Source.Default:
			p.Skip = t.Label + " uses its vendor's built-in " + t.Base.Value + ", not a gateway"
		case t.KeyCommand:
			p.Skip = "the key comes from " + t.KeyName + ", a command keydoctor does not run"
			if _, ok := helperKeyer(t.ID); ok {
				p.Skip = "the key comes from " + t.KeyName + ", not run yet" // RunKeyHelpers runs it
			}
		default:
			p.Skip = s.ProjectHostForeignKey(t)
		}
		if p.Model == "" && !t.NeedsModel {
			p.Model = model
		}
		out = append(out, p)
	}
	return out
}

// keyVar is the variable a curl command should read the key from: the one
// it came from, else the one the tool names, else the preset's.
func keyVar(s *discover.Snapshot, t discover.Tool) string {
	if t.Key.Source.IsVar() {
		return t.Key.Source.Key
	}
	if envVarName.MatchString(t.KeyName) || t.Key.Source.File != "" && isDotenv(t.Key.Source.File) && varName.MatchString(t.KeyName) {
		return t.KeyName
	}
	if s.Vars.Key != "" {
		return s.Vars.Key
	}
	return "API_KEY"
}

// keySetup is what a pasted curl command must run first so that $KeyVar
// holds the key this tool sends: nothing when the shell already has it
// there; loading the .env file the key is in; else asking for it (read
// -rs, never echoed), saying where the key is. Without it the command
// names a variable that is not set, and pasting it gives a 401.
func keySetup(s *discover.Snapshot, t discover.Tool) string {
	name, src := keyVar(s, t), t.Key.Source
	if t.Key.Value == "" || t.KeyCommand || src.IsVar() {
		return ""
	}
	if v := s.Shell(name); v.Value == t.Key.Value {
		return ""
	}
	if src.File == "" {
		return ""
	}
	if isDotenv(src.File) && src.Key == name {
		return "set -a; . " + shellPath(s, src.File) + "; set +a; "
	}
	return "read -rs " + name + "  # paste the key from " + src.Named(s.Env) + "\n"
}

func isDotenv(path string) bool {
	b := filepath.Base(path)
	return b == ".env" || strings.HasSuffix(b, ".env")
}

// shellPath is path as a shell word: under the home directory as
// "$HOME"/…, so the command shows ~ rather than the user's name.
func shellPath(s *discover.Snapshot, path string) string {
	if home := s.Env.Home; home != "" {
		if rel, err := filepath.Rel(home, path); err == nil && !strings.HasPrefix(rel, "..") {
			return `"$HOME"/` + human.ShellQuote(filepath.ToSlash(rel))
		}
	}
	return human.ShellQuote(path)
}

// atOf is a value's place as a finding's At: zero for a tool's default,
// which nothing configured.
func atOf(s discover.Source) doctor.At {
	if s.Default {
		return doctor.At{}
	}
	return doctor.At{File: s.File, Line: s.Line, Key: s.Key}
}

// helperKeyer is the tool package's runner of its key command, if any.
func helperKeyer(id gateway.ToolID) (discover.HelperKeyer, bool) {
	desc, ok := tool.Lookup(string(id))
	if !ok {
		return nil, false
	}
	h, ok := desc.Impl.(discover.HelperKeyer)
	return h, ok
}

// RunKeyHelpers gives each path whose key a command produces (a key
// helper its settings name) the key its tool's package gets by running it as
// the tool does (discover.HelperKeyer), sent in the headers the tool
// sends it in; a path whose command is not run (a project's file names
// it) keeps a Skip saying why, one whose command fails gets HelperFailed. Run once per command: paths
// sharing a tool share its key.
func RunKeyHelpers(ctx context.Context, s *discover.Snapshot, paths []Path) []Path {
	done := map[gateway.ToolID]struct {
		h   discover.Helped
		err error
	}{}
	for i := range paths {
		p := &paths[i]
		if !p.KeyHelper || p.Key != "" {
			continue
		}
		hk, ok := helperKeyer(p.Tool)
		t, found := s.Tool(string(p.Tool))
		if !ok || !found {
			continue
		}
		r, seen := done[p.Tool]
		if !seen {
			r.h, r.err = hk.HelperKey(ctx, s, *t)
			done[p.Tool] = r
		}
		if r.err != nil {
			var notRun *discover.NotRunError
			if p.Skip = r.err.Error(); !errors.As(r.err, &notRun) {
				// it ran and failed: a finding of its own, not a skip
				p.Skip, p.HelperFailed = "", r.err.Error()
			}
			continue
		}
		p.Key, p.Auth, p.Skip = r.h.Key, r.h.Auth, ""
		p.KeySource = "the output of " + t.Key.Source.Where(s.Env)
		p.Headers = append(slices.Clone(p.Headers), r.h.Headers...)
	}
	return paths
}
