// Package complete is what shell completion offers: the candidates for a
// flag's or an argument's value (tools, protocols, presets, scenarios,
// codes, backups, profiles, variables), each with a description after a
// tab where there is one, and how a typed prefix narrows them. How the
// shell is told is cmd's (cobra).
package complete

import (
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/keydoctor/keydoctor/writers"
)

// Matching keeps the candidates that start with what is typed (a
// candidate may carry a description after a tab).
func Matching(values []string, typed string) []string {
	var out []string
	for _, v := range values {
		if strings.HasPrefix(v, typed) {
			out = append(out, v)
		}
	}
	return out
}

// List is the candidates of a comma-separated list: the values not yet
// given, after what is typed so far ("a,b" → "a,bc" when "bc" is one).
func List(values []string, typed string) []string {
	done, prefix := "", typed
	if i := strings.LastIndex(typed, ","); i >= 0 {
		done, prefix = typed[:i+1], typed[i+1:]
	}
	given := map[string]bool{}
	for _, v := range strings.Split(done, ",") {
		given[strings.TrimSpace(v)] = true
	}
	var out []string
	for _, v := range values {
		if !given[v] && strings.HasPrefix(v, prefix) {
			out = append(out, done+v)
		}
	}
	return out
}

// Tools are the ids of the tools keep accepts (every tool when keep is
// nil), in the registry's order.
func Tools(keep func(tool.Tool) bool) []string {
	var out []string
	for _, t := range tool.All() {
		if keep == nil || keep(t) {
			out = append(out, string(t.ID))
		}
	}
	return out
}

// ToolOptions are the values each tool's own setup flag (tool.Option)
// completes from, by flag name: those that declare values, not switches.
func ToolOptions() map[string][]string {
	out := map[string][]string{}
	for _, t := range tool.All() {
		for _, opt := range t.Options {
			if len(opt.Values) > 0 && !opt.Bool {
				out[opt.Name] = opt.Values
			}
		}
	}
	return out
}

// Protocols are the wire protocols.
func Protocols() []string {
	var out []string
	for _, p := range gateway.Protocols {
		out = append(out, string(p))
	}
	return out
}

// Presets are the gateway presets, sorted.
func Presets() []string {
	var out []string
	for _, p := range templates.Presets() {
		out = append(out, p.Name)
	}
	sort.Strings(out)
	return out
}

// Scenarios are the fake gateway's scenarios, described.
func Scenarios() []string {
	var out []string
	for _, s := range mock.Scenarios() {
		out = append(out, s.Name+"\t"+s.Description)
	}
	return out
}

// Codes are the catalog's codes with their titles as descriptions.
func Codes() []string {
	var out []string
	for _, en := range catalog.All() {
		out = append(out, string(en.Code)+"\t"+en.Title)
	}
	return out
}

// VerifyTools are the tools verify can run.
func VerifyTools() []string {
	var out []string
	for _, t := range verify.Tools() {
		out = append(out, string(t.ID))
	}
	return out
}

// Backups are the backups setup made, newest first, each described by
// the command and files it holds.
func Backups(e *env.Env) []string {
	list, err := writers.Backups(e.BackupDir())
	if err != nil {
		return nil
	}
	var out []string
	for _, m := range list {
		var files []string
		for _, f := range m.ToolFiles() {
			files = append(files, e.Tilde(f.Path))
		}
		out = append(out, m.Name()+"\t"+m.Command+": "+strings.Join(files, ", "))
	}
	return out
}

// Profiles are the stored profiles, each described by its gateway
// and model (never its key); none when the store cannot be read.
func Profiles(e *env.Env) []string {
	st, err := profile.Open(e)
	if err != nil {
		return nil
	}
	var out []string
	for _, n := range st.Names() {
		p, _ := st.Get(n)
		desc := p.Root()
		if p.Model != "" {
			desc += ", " + p.Model
		}
		if n == st.Default {
			desc += " (default)"
		}
		out = append(out, n+"\t"+desc)
	}
	return out
}

// Vars are the environment's variable names, for --key-env.
func Vars(e *env.Env) []string {
	var out []string
	for _, kv := range e.Environ() {
		if name, _, ok := strings.Cut(kv, "="); ok && name != "" {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}
