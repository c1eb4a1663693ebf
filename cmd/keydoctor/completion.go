package main

import (
	"github.com/keydoctor/keydoctor/internal/complete"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/spf13/cobra"
)

// completeAll teaches shell completion ('keydoctor completion SHELL') the
// values of flags and arguments, in one place: a flag of that name gets
// the same candidates in every command that has it.
func completeAll(root *cobra.Command, e *env.Env) {
	flagValues := map[string]cobra.CompletionFunc{
		"tool":     fixed(complete.Tools(nil)...),
		"tools":    list(complete.Tools(tool.IsSetup)...),
		"protocol": fixed(complete.Protocols()...),
		"color":    fixed("auto", "always", "never"),
		"preset":   fixed(complete.Presets()...),
		"scenario": fixed(complete.Scenarios()...),
		"scope":    fixed(setup.Scopes()...),
		"key-env": func(_ *cobra.Command, _ []string, typed string) ([]string, cobra.ShellCompDirective) {
			return complete.Matching(complete.Vars(e), typed), cobra.ShellCompDirectiveNoFileComp
		},
		"project": func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveFilterDirs
		},
		"profile": func(_ *cobra.Command, _ []string, typed string) ([]string, cobra.ShellCompDirective) {
			return complete.Matching(complete.Profiles(e), typed), cobra.ShellCompDirectiveNoFileComp
		},
	}
	// Each tool's own setup flags (tool.Option) complete from its values.
	for name, values := range complete.ToolOptions() {
		flagValues[name] = fixed(values...)
	}
	sayBashNeeds(root)
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
		return complete.Matching(complete.Profiles(e), typed), cobra.ShellCompDirectiveNoFileComp
	}
	args := map[string]cobra.CompletionFunc{
		"use":     profileArg,
		"explain": firstArg(complete.Codes()...),
		"verify":  firstArg(complete.VerifyTools()...),
		"restore": func(_ *cobra.Command, args []string, typed string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return complete.Matching(complete.Backups(e), typed), cobra.ShellCompDirectiveNoFileComp
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
		return complete.Matching(values, typed), cobra.ShellCompDirectiveNoFileComp
	}
}

// firstArg completes the first argument from values, nothing after it.
func firstArg(values ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, typed string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return complete.Matching(values, typed), cobra.ShellCompDirectiveNoFileComp
	}
}

// list completes a comma-separated list (complete.List).
func list(values ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, typed string) ([]string, cobra.ShellCompDirective) {
		return complete.List(values, typed), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

// sayBashNeeds adds to 'completion --help' what the bash script needs:
// cobra's script calls _get_comp_words_by_ref, which the bash-completion
// package defines; without it every Tab prints "command not found".
func sayBashNeeds(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Long += `
bash: the script needs the bash-completion package, version 2 (apt or dnf
install bash-completion; brew install bash-completion@2 on macOS). Without it
each Tab says "_get_comp_words_by_ref: command not found". Then:
  source <(keydoctor completion bash)
`
		}
	}
}
