package catalog

import (
	"fmt"
	"io"
	"strings"

	"github.com/keydoctor/keydoctor/internal/human"
)

// Explanation is what `keydoctor explain` prints for a query: one code's entry,
// or the codes that most likely explain an error text.
type Explanation struct {
	Query string
	// Entry is the code the query names; Found are the candidates when
	// it names none.
	Entry *Entry
	Found []Candidate
}

// NotExplained is a query nothing in the catalog explains: what to say
// and what to do instead.
type NotExplained struct{ Message, Hint string }

func (e *NotExplained) Error() string { return e.Message }

// Ask answers a query: a code, an HTTP status or an error message. A
// query nothing explains is a *NotExplained.
func Ask(query string) (Explanation, error) {
	q := strings.TrimSpace(query)
	if q == "" {
		return Explanation{}, &NotExplained{"explain needs a code, a status or an error message", "run 'keydoctor explain --list' to see every code"}
	}
	found := Explain(q)
	switch {
	case len(found) == 0:
		if status, next, ok := StatusMeaning(q); ok {
			return Explanation{}, &NotExplained{fmt.Sprintf("no diagnosis code is about %s", status), next}
		}
		if !strings.ContainsAny(q, " \t") {
			return Explanation{}, &NotExplained{fmt.Sprintf("unknown code %q", q), closestCodeHint(q)}
		}
		return Explanation{}, &NotExplained{fmt.Sprintf("no diagnosis matches %q", human.Clip(q, 80)),
			"run 'keydoctor explain --list' to see every code, or 'keydoctor doctor' to check your setup"}
	case len(found) == 1 && found[0].Why[0] == "the code":
		en := found[0].Entry
		return Explanation{Query: q, Entry: &en}, nil
	}
	return Explanation{Query: q, Found: found}, nil
}

// WriteText prints the answer.
func (a Explanation) WriteText(w io.Writer) {
	if a.Entry != nil {
		writeEntry(w, *a.Entry)
		return
	}
	fmt.Fprintf(w, "%q most likely means:\n", human.Clip(a.Query, 80))
	for _, c := range a.Found {
		fmt.Fprintf(w, "\n%s: %s\n", c.Code, c.Title)
		fmt.Fprintf(w, "  matched: %s\n", strings.Join(uniqStrings(c.Why), ", "))
		fmt.Fprintf(w, "  fix: %s\n", Generic(c.Code))
	}
	fmt.Fprintln(w, "\nrun 'keydoctor explain CODE' for a code's causes; 'keydoctor doctor' checks which applies to your setup")
}

// WriteList prints every code with its title, by class.
func WriteList(w io.Writer) {
	class := Class("")
	for _, en := range All() {
		if en.Class != class {
			class = en.Class
			if class == Config {
				fmt.Fprintln(w, "configuration (found without network):")
			} else {
				fmt.Fprintln(w, "\non the wire:")
			}
		}
		fmt.Fprintf(w, "  %-22s %s\n", en.Code, en.Title)
	}
}

func writeEntry(w io.Writer, en Entry) {
	fmt.Fprintf(w, "%s: %s\n", en.Code, en.Title)
	if len(en.Causes) > 0 {
		fmt.Fprintln(w, "\ncauses:")
		for _, c := range en.Causes {
			fmt.Fprintf(w, "  - %s\n", c)
		}
	}
	fmt.Fprintf(w, "\nfix:\n  %s\n", Generic(en.Code))
}

func uniqStrings(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func closestCodeHint(code string) string {
	near := Closest(code)
	if len(near) == 0 {
		return "run 'keydoctor explain --list' to see every code"
	}
	var names []string
	for _, c := range near {
		names = append(names, string(c))
	}
	return "did you mean " + strings.Join(names, ", ") + "?"
}
