package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// readmeToolsMark opens the README's table of tools, generated from the
// registry (tool.All): a tool added, renamed or taught a new command is
// listed without anyone editing the README by hand.
const readmeToolsMark = "<!-- tools: generated from internal/tool/all; go test ./cmd/keydoctor -run TestDocsReadmeTools -update-docs -->"

// readmeTeamTools is the team file's `tools` row: the tools setup writes.
var readmeTeamTools = regexp.MustCompile("(?m)^\\| `tools` \\| list: .*\\|$")

// readmeToolsTable is the table of every registered tool.
func readmeToolsTable() string {
	var b strings.Builder
	b.WriteString(readmeToolsMark + "\n\n")
	b.WriteString("| `--tool` | tool | protocol | `setup` writes it | `verify` runs it |\n|---|---|---|---|---|\n")
	yes := map[bool]string{true: "yes", false: "—"}
	for _, t := range tool.All() {
		b.WriteString("| `" + string(t.ID) + "` | " + t.Title + " | " + string(t.Protocol) + " | " + yes[t.Setup] + " | " + yes[t.Headless != nil] + " |\n")
	}
	return b.String()
}

// readmeWithTools is readme with its tool lists generated anew.
func readmeWithTools(t *testing.T, readme string) string {
	i := strings.Index(readme, readmeToolsMark)
	if i < 0 {
		t.Fatalf("the README has no %q", readmeToolsMark)
	}
	end := strings.Index(readme[i:], "\n\n")
	end = i + end + 2
	for end < len(readme) && strings.HasPrefix(readme[end:], "|") { // the table's rows
		nl := strings.IndexByte(readme[end:], '\n')
		if nl < 0 {
			end = len(readme)
			break
		}
		end += nl + 1
	}
	readme = readme[:i] + readmeToolsTable() + readme[end:]
	var ids []string
	for _, t := range tool.All() {
		if t.Setup {
			ids = append(ids, "`"+string(t.ID)+"`")
		}
	}
	if !readmeTeamTools.MatchString(readme) {
		t.Fatal("the README has no team-file `tools` row")
	}
	return readmeTeamTools.ReplaceAllLiteralString(readme, "| `tools` | list: "+strings.Join(ids, ", ")+" |")
}

// TestDocsReadmeTools: the README's lists of tools are the registry's.
func TestDocsReadmeTools(t *testing.T) {
	path := filepath.Join("..", "..", "README.md")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := readmeWithTools(t, string(b))
	if *updateDocs {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want != string(b) {
		t.Error("README.md's lists of tools are not the registry's; regenerate with: go test ./cmd/keydoctor -run TestDocsReadmeTools -update-docs")
	}
}
