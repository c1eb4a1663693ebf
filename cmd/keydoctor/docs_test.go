package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite docs/cli and docs/man from the commands")

// docsDir is the repository's docs/ from this package.
var docsDir = filepath.Join("..", "..", "docs")

// manDate dates the man pages' footer; fixed, so the pages depend only on
// the commands (a generated date would make them stale every day).
var manDate = time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)

// TestDocsCurrent: the Markdown command reference (docs/cli) and the man
// pages (docs/man) are what the commands generate today. After changing a
// command's help or flags, regenerate them:
//
//	go test ./cmd/keydoctor -run TestDocsCurrent -update-docs
func TestDocsCurrent(t *testing.T) {
	want := generateDocs(t)
	if *updateDocs {
		for _, sub := range []string{"cli", "man"} {
			if err := os.RemoveAll(filepath.Join(docsDir, sub)); err != nil {
				t.Fatal(err)
			}
		}
		for name, b := range want {
			path := filepath.Join(docsDir, name)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	const regen = "regenerate with: go test ./cmd/keydoctor -run TestDocsCurrent -update-docs"
	for name, b := range want {
		got, err := os.ReadFile(filepath.Join(docsDir, name))
		if err != nil || !bytes.Equal(got, b) {
			t.Errorf("docs/%s is not what the commands generate; %s", name, regen)
		}
	}
	for _, sub := range []string{"cli", "man"} {
		entries, _ := os.ReadDir(filepath.Join(docsDir, sub))
		for _, en := range entries {
			if _, ok := want[sub+"/"+en.Name()]; !ok {
				t.Errorf("docs/%s/%s names no command; %s", sub, en.Name(), regen)
			}
		}
	}
}

// generateDocs renders every command's reference page (Markdown) and man
// page, each with its EXIT STATUS section, keyed by path under docs/.
func generateDocs(t *testing.T) map[string][]byte {
	t.Helper()
	root := newRootCmd(env.FromMap(nil))
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	root.DisableAutoGenTag = true
	out := map[string][]byte{}
	header := &doc.GenManHeader{Title: "KEYDOCTOR", Section: "1", Date: &manDate, Source: "keydoctor", Manual: "keydoctor manual"}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if !c.IsAvailableCommand() && c != root {
			return
		}
		c.DisableAutoGenTag = true
		base := strings.ReplaceAll(c.CommandPath(), " ", "_")
		var md bytes.Buffer
		if err := doc.GenMarkdownCustom(c, &md, func(s string) string { return s }); err != nil {
			t.Fatal(err)
		}
		md.WriteString("### Exit status\n\n```\n" + exitStatus(c) + "```\n")
		out["cli/"+base+".md"] = md.Bytes()
		var man bytes.Buffer
		h := *header
		if err := doc.GenMan(c, &h, &man); err != nil {
			t.Fatal(err)
		}
		man.WriteString(".SH EXIT STATUS\n.nf\n" + strings.ReplaceAll(exitStatus(c), `\`, `\\`) + ".fi\n")
		out["man/"+strings.ReplaceAll(c.CommandPath(), " ", "-")+".1"] = man.Bytes()
		children := c.Commands()
		sort.Slice(children, func(i, j int) bool { return children[i].Name() < children[j].Name() })
		for _, sub := range children {
			walk(sub)
		}
	}
	walk(root)
	return out
}
