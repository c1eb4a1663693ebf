package catalog

import (
	"fmt"
	"strings"
)

//go:generate go test -run TestREADMECodeList -update .

// Markdown is the code list the README shows, generated from the catalog
// (TestREADMECodeList fails when the README's copy is stale; `go generate
// ./internal/catalog` rewrites it).
func Markdown() string {
	var b strings.Builder
	for _, class := range []Class{Config, Wire} {
		if class == Config {
			b.WriteString("Found without network (`doctor --offline`):\n\n")
		} else {
			b.WriteString("\nFound on the wire (`doctor`, `ping`, `bench`, `verify`):\n\n")
		}
		b.WriteString("| code | what it means |\n|---|---|\n")
		for _, e := range All() {
			if e.Class == class {
				fmt.Fprintf(&b, "| `%s` | %s |\n", e.Code, strings.ReplaceAll(e.Title, "|", `\|`))
			}
		}
	}
	return b.String()
}

// README markers around the generated list.
const (
	ReadmeBegin = "<!-- codes: generated from internal/catalog; go generate ./internal/catalog -->"
	ReadmeEnd   = "<!-- codes: end -->"
)

// ReplaceReadme puts the current list between the markers of readme.
func ReplaceReadme(readme string) (string, error) {
	i := strings.Index(readme, ReadmeBegin)
	j := strings.Index(readme, ReadmeEnd)
	if i < 0 || j < i {
		return "", fmt.Errorf("the README lacks the markers %q … %q", ReadmeBegin, ReadmeEnd)
	}
	return readme[:i+len(ReadmeBegin)] + "\n" + Markdown() + readme[j:], nil
}
