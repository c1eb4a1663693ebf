package catalog

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the README's code list")

// TestREADMECodeList: the README lists exactly the catalog's codes, as
// Markdown renders them. Run `go generate ./internal/catalog` after
// adding a code.
func TestREADMECodeList(t *testing.T) {
	const path = "../../README.md"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ReplaceReadme(string(b))
	if err != nil {
		t.Fatal(err)
	}
	if want == string(b) {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the README's code list is stale: run 'go generate ./internal/catalog'")
}
