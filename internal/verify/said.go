package verify

import (
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
)

// saidVerdict reads what a failed tool printed: its own error texts (the
// catalog's symptoms, the ones `keydoctor explain` matches) name the code
// the failure most likely is, even when no request reached the relay (an
// auth type refused before any request) or the verdicts on the requests
// do not say why the tool gave up. ok is false when nothing matches.
func saidVerdict(title, output string) (Verdict, bool) {
	cands := catalog.Explain(output)
	if len(cands) == 0 {
		return Verdict{}, false
	}
	top := cands[0]
	line := ""
	for _, l := range strings.Split(output, "\n") {
		if c := catalog.Explain(l); len(c) > 0 && c[0].Code == top.Code {
			line = strings.TrimSpace(l)
			break
		}
	}
	if r := []rune(line); len(r) > 200 {
		line = string(r[:200]) + "…"
	}
	msg := title + " printed an error that most likely means " + top.Title
	if line != "" {
		msg = title + " printed " + `"` + line + `"` + ": most likely " + top.Title
	}
	return Verdict{What: "said", Status: Error, Code: top.Code, Message: msg}, true
}
