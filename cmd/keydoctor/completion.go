package main

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
	"github.com/spf13/cobra"
)

// completeAll teaches shell completion ('keydoctor completion SHELL') the
// values of flags and arguments, in one place: a flag of that name gets
// the same candidates in every command that has it.
func completeAll(root *cobra.Command, e *env.Env) {
	flagValues := map[string]cobra.CompletionFunc{
		"tool":        fixed(toolIDs(nil)...),
		"tools":       list(toolIDs(func(t tool.Tool) bool { return t.Setup })...),
		"protocol":    fixed(protocols()...),
		"color":       fixed("auto", "always", "never"),
		"preset":      fixed(presetNames()...),
		"scenario":    fixed(scenarioNames()...),
		"scope":       fixed(string(tool.ClaudeUser), string(tool.ClaudeProject), string(tool.ClaudeLocal)),
		"claude-auth": fixed("token", "api-key"),
		"codex-auth":  fixed("file", "env"),
		"key-env": func(_ *cobra.Command, _ []string, typed string) ([]string, cobra.ShellCompDirective) {
			return matching(varNames(e), typed), cobra.ShellCompDirectiveNoFileComp
		},
		"project": func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveFilterDirs
		},
		"profile": func(_ *cobra.Command, _ []string, typed string) ([]string, cobra.ShellCompDirective) {
			return matching(profileNames(e), typed), cobra.ShellCompDirectiveNoFileComp
		},
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for name, fn := range flagValues {
			if c.LocalFlags().Lookup(name) != nil {
				_ = c.RegisterFlagCompletionFunc(name, fn)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	profileArg := func(_ *cobra.Command, args []string, typed string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return matching(profileNames(e), typed), cobra.ShellCompDirectiveNoFileComp
	}
	args := map[string]cobra.CompletionFunc{
		"use":     profileArg,
		"explain": firstArg(codes()...),
		"verify":  firstArg(verifyIDs()...),
		"restore": func(_ *cobra.Command, args []string, typed string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return matching(backupNames(e), typed), cobra.ShellCompDirectiveNoFileComp
		},
	}
	for _, c := range root.Commands() {
		if c.Name() == "profile" {
			for _, sub := range c.Commands() {
				switch sub.Name() {
				case "show", "rm", "rename", "set":
					sub.ValidArgsFunction = profileArg // rename: OLD only; NEW is new
				default: // add NAME: a new name
					sub.ValidArgsFunction = cobra.NoFileCompletions
				}
			}
		}
		if fn, ok := args[c.Name()]; ok {
			c.ValidArgsFunction = fn
		} else if c.Args != nil && c.ValidArgsFunction == nil {
			c.ValidArgsFunction = cobra.NoFileCompletions
		}
	}
}

// fixed completes a flag from a list of values.
func fixed(values ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, typed string) ([]string, cobra.ShellCompDirective) {
		return matching(values, typed), cobra.ShellCompDirectiveNoFileComp
	}
}

// firstArg completes the first argument from values, nothing after it.
func firstArg(values ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, typed string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return matching(values, typed), cobra.ShellCompDirectiveNoFileComp
	}
}

// matching keeps the candidates that start with what is typed (a
// candidate may carry a description after a tab).
func matching(values []string, typed string) []string {
	var out []string
	for _, v := range values {
		if strings.HasPrefix(v, typed) {
			out = append(out, v)
		}
	}
	return out
}

// list completes a comma-separated list: the values not yet given,
// after what is typed so far ("claude,co" → "claude,codex").
func list(values ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, typed string) ([]string, cobra.ShellCompDirective) {
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
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

func toolIDs(keep func(tool.Tool) bool) []string {
	return strings.Split(toolNames(keep), ", ")
}

func protocols() []string {
	var out []string
	for _, p := range gateway.Protocols {
		out = append(out, string(p))
	}
	return out
}

func presetNames() []string {
	var out []string
	for _, p := range templates.Presets() {
		out = append(out, p.Name)
	}
	sort.Strings(out)
	return out
}

func scenarioNames() []string {
	var out []string
	for _, s := range mock.Scenarios() {
		out = append(out, s.Name+"\t"+s.Description)
	}
	return out
}

// codes are the catalog's codes with their titles as descriptions.
func codes() []string {
	var out []string
	for _, en := range catalog.All() {
		out = append(out, string(en.Code)+"\t"+en.Title)
	}
	return out
}

func verifyIDs() []string {
	var out []string
	for _, t := range verify.Tools() {
		out = append(out, string(t.ID))
	}
	return out
}

// backupNames are the backups setup made, newest first, each described by
// the command and files it holds.
func backupNames(e *env.Env) []string {
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

// profileNames are the stored profiles, each described by its gateway
// and model (never its key); none when the store cannot be read.
func profileNames(e *env.Env) []string {
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

// varNames are the environment's variable names, for --key-env.
func varNames(e *env.Env) []string {
	var out []string
	for _, kv := range e.Environ() {
		if name, _, ok := strings.Cut(kv, "="); ok && name != "" {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}
