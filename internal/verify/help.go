package verify

import (
	"fmt"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// placeholders are the capitals help shows for the headless arguments'
// placeholders.
var placeholders = map[string]string{
	"{prompt}": "PROMPT", "{dir}": "DIR", "{settings}": "FILE", "{override}": "OVERRIDE", "{data}": "COPY", "{base}": "RELAY",
	"{model}": "MODEL",
}

// legend says what a redirect's capitals are, for help.
var legend = map[tool.Redirect]string{
	tool.RedirectSettings: "FILE is a temporary settings file, a layer above the user's, project and local settings, with the base URL RELAY (for a tool that selects a model entry, MODEL is the id of that entry's copy in FILE)",
	tool.RedirectOverride: "OVERRIDE sets the selected provider's base URL to RELAY on the command line",
	tool.RedirectDataCopy: "COPY is a temporary copy of the tool's data directory with the base URL RELAY",
	tool.RedirectContent:  "CONTENT is config content, merged over the tool's files, that sets the provider's base URL to RELAY",
}

// Commands is, for help, how each tool verify runs is started for its
// turn, one line per tool, then what its capitals stand for. RELAY is the
// relay's base URL, PROMPT the fixed line (Prompt), DIR the empty
// directory the turn runs in.
func Commands() string {
	var b strings.Builder
	var notes []string
	width := 0
	for _, t := range Tools() {
		width = max(width, len(t.ID))
	}
	for _, t := range Tools() {
		h := t.Headless
		line := []string{t.Binary}
		switch h.Redirect {
		case tool.RedirectEnv:
			line = append([]string{h.BaseEnv + "=RELAY"}, line...)
		case tool.RedirectContent:
			line = append([]string{h.BaseEnv + "=CONTENT"}, line...)
		}
		for _, a := range h.Args {
			if p, ok := placeholders[a]; ok {
				a = p
			} else if a == "" {
				a = `""`
			}
			line = append(line, a)
		}
		row := fmt.Sprintf("  %-*s  %s", width, t.ID, strings.Join(line, " "))
		b.WriteString(human.Wrap(row, 78, strings.Repeat(" ", width+6)) + "\n")
		if n := legend[h.Redirect]; n != "" && !slices.Contains(notes, n) {
			notes = append(notes, n)
		}
	}
	legend := "RELAY is the relay's base URL, DIR the empty temporary directory the turn runs in, PROMPT the fixed line below."
	for _, n := range notes {
		legend += " " + n + "."
	}
	b.WriteString("\n" + human.Wrap(legend, 78, ""))
	return b.String()
}
