package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// fakeAgent is a coding agent registered for the test alone: it can be set
// up and can register keydoctor's MCP server, so every list of tools a
// help text generates from the registry names it.
type fakeAgent struct{}

func (fakeAgent) PlanMCPServer(writers.Options, tool.Tool, *writers.Plan) error { return nil }

const fakeTitle = "Zzfake Agent"

// TestHelpToolListsGenerated: a list of tools in a help text (a command's
// short and long help, its examples, a flag's usage), two tool names one
// after the other, is generated from the registry
// (internal/tool/all), so a tool registered for the test appears in it.
// A list typed by hand goes stale with the next tool.
func TestHelpToolListsGenerated(t *testing.T) {
	defer tool.Register(tool.Tool{
		Tool:  gateway.Tool{ID: "zzfake", Title: fakeTitle, Protocol: gateway.Chat, BaseHasVersion: true, Auth: gateway.AuthBearer},
		Setup: true, Binary: "zzfake", Impl: fakeAgent{},
	})()
	// A list is two tool names one after the other ("Codex, Cline").
	name := "(" + strings.Join(handNames(), "|") + ")"
	list := regexp.MustCompile(name + ", " + name)
	space := regexp.MustCompile(`\s+`)
	check := func(where, text string) {
		for _, para := range strings.Split(text, "\n\n") {
			para = space.ReplaceAllString(para, " ")
			if l := list.FindString(para); l != "" && !strings.Contains(para, fakeTitle) {
				t.Errorf("%s names tools by hand (%q), not from internal/tool/all:\n%s", where, l, para)
			}
		}
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		where := c.CommandPath()
		check(where+" (short)", c.Short)
		check(where+" (long)", c.Long)
		check(where+" (example)", c.Example)
		c.LocalFlags().VisitAll(func(f *pflag.Flag) { check(where+" --"+f.Name, f.Usage) })
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd(env.FromMap(nil)))
}

// handNames are the names help texts call the registered tools by: each
// title, and the title without " CLI" ("Codex" for "Codex CLI").
func handNames() []string {
	var out []string
	for _, tl := range tool.All() {
		if tl.Title == fakeTitle {
			continue
		}
		out = append(out, regexp.QuoteMeta(tl.Title))
		if short, ok := strings.CutSuffix(tl.Title, " CLI"); ok {
			out = append(out, regexp.QuoteMeta(short))
		}
	}
	return out
}

// TestToolOptionsComplete: each tool's own setup flag completes from the
// values its package declares (tool.Option), none typed into cmd.
func TestToolOptionsComplete(t *testing.T) {
	for _, tl := range tool.All() {
		for _, opt := range tl.Options {
			if len(opt.Values) == 0 || opt.Bool {
				continue
			}
			var out strings.Builder
			root := newRootCmd(env.FromMap(nil))
			root.SetArgs([]string{cobra.ShellCompRequestCmd, "setup", "--" + opt.Name, ""})
			root.SetOut(&out)
			root.SetErr(&strings.Builder{})
			if err := root.Execute(); err != nil {
				t.Fatal(err)
			}
			got := strings.Split(strings.TrimSpace(out.String()), "\n")
			if want := append(slices.Clone(opt.Values), ":4"); !slices.Equal(got, want) {
				t.Errorf("setup --%s completes %q, want %q", opt.Name, got, want)
			}
		}
	}
}

// TestReadmesNameEveryTool: the READMEs' opening paragraph, the list of
// tools setup writes that a newcomer reads first (prose, not generated),
// names every one of them.
func TestReadmesNameEveryTool(t *testing.T) {
	for _, file := range []string{"README.md", "packaging/npm/README.md"} {
		b, err := os.ReadFile(filepath.Join("..", "..", file))
		if err != nil {
			t.Fatal(err)
		}
		opening, _, _ := strings.Cut(strings.SplitN(string(b), "\n\n", 2)[1], "\n\n")
		opening = strings.Join(strings.Fields(opening), " ")
		for _, tl := range tool.All() {
			if !tl.Setup || tl.MCPOnly {
				continue
			}
			short := strings.TrimPrefix(strings.TrimSuffix(tl.Title, " CLI"), "GitHub ")
			if !strings.Contains(opening, tl.Title) && !strings.Contains(opening, short) &&
				!strings.Contains(opening, strings.TrimPrefix(tl.Title, "GitHub ")) {
				t.Errorf("%s's opening does not name %s (setup --tools %s):\n%s", file, tl.Title, tl.ID, opening)
			}
		}
	}
}
