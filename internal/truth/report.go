package truth

import (
	"fmt"
	"strings"
)

// Report is a Markdown table of results: per tool and version, each fact,
// whether it holds, and what differs.
func Report(results []Result) string {
	var b strings.Builder
	b.WriteString("| tool | version | fact | seen with | holds | what differs |\n|---|---|---|---|---|---|\n")
	held := 0
	for _, r := range results {
		verdict, why := "yes", ""
		switch {
		case r.Err != "":
			verdict, why = "not checked", r.Err
		case !r.Held():
			verdict, why = "**no**", strings.Join(r.Differences, "; ")
		default:
			held++
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", r.Tool, orNone(r.Version), cell(r.Fact), r.Seen, verdict, cell(why))
	}
	fmt.Fprintf(&b, "\n%d facts checked, %d hold, %d changed or not checked.\n", len(results), held, len(results)-held)
	return b.String()
}

func cell(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "|", `\|`), "\n", " ") }
