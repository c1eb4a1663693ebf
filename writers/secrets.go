package writers

import (
	"regexp"
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Masking our own key is not enough when showing a diff: the lines around
// it may hold other secrets the user already had (another provider's
// apiKey, a ChatGPT login's tokens), and a restore shows the removed side
// of files that hold our key. MaskSecrets is the one function every diff
// and note of a plan goes through; it does not care which side a line is
// on, or whether the writer remembered to list a secret.
var (
	// namedValue is `name: value` / `name = value` as JSON, JSONC, TOML
	// and .env write it (a diff line's +, - or space prefix included):
	// the name, then a double-quoted, single-quoted or bare value.
	namedValue = regexp.MustCompile(`(?:^|[\s{,;(\[+\-])(?:export\s+)?["']?([A-Za-z0-9_.\-]+)["']?[ \t]*[:=][ \t]*` +
		`(?:"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'|([^\s"'{\[,}\]#][^\s,}\]"'#]*(?:[ \t]+[^\s,}\]"'#]+)*))`)
	// headerValue is a credential header written inside a value, e.g.
	// ANTHROPIC_CUSTOM_HEADERS="Authorization: Bearer …".
	headerValue = regexp.MustCompile(`(?i)\b(?:proxy-)?(?:authorization|x-api-key|api-key)[ \t]*[:=][ \t]*(?:(?:bearer|basic|token)[ \t]+)?([^\s"',\\]+)`)
	// keyShaped are values that look like keys whatever they are under.
	keyShaped = regexp.MustCompile(`\b(?:sk|pk|rk|ak)-[A-Za-z0-9_\-]{8,}`)
	varName   = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)
	// bareLiteral are unquoted values no one would call a secret; a bare
	// number is one only under a name that counts or limits something
	// (max_tokens), not under PASSWORD=1234.
	bareLiteral = regexp.MustCompile(`^(?:true|false|null)$`)
	bareNumber  = regexp.MustCompile(`^[0-9][0-9._]*$`)
	countName   = regexp.MustCompile(`(?i)(?:tokens$|max|limit|count|size|timeout|ttl|length)`)
)

// MaskSecrets masks in text every secret it can recognise, wherever it is:
// URL credentials (gateway.RedactURL), values under a secret-looking name
// (gateway.SecretName), credential headers inside values, key-shaped
// words, and every string of known (the profile's key, values found in the
// files) — each through gateway.Mask.
func MaskSecrets(text string, known ...string) string {
	text = gateway.RedactURL(text)
	var b strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		b.WriteString(replaceSpans(line, secretSpans(line)))
	}
	return gateway.Redact(b.String(), known...)
}

// secretSpans are the byte ranges of line that hold secrets.
func secretSpans(line string) [][2]int {
	// Every pattern needs a secret word (a secret name, a credential
	// header: gateway.SecretName of the whole line) or a key's "sk-":
	// most lines of a large file have neither and skip the expressions,
	// which cost about a microsecond a byte.
	if !gateway.SecretName(line) && !strings.Contains(line, "k-") {
		return nil
	}
	var spans [][2]int
	for _, m := range namedValue.FindAllStringSubmatchIndex(line, -1) {
		name := line[m[2]:m[3]]
		for g := 4; g <= 8; g += 2 {
			if m[g] >= 0 && secretValue(name, line[m[g]:m[g+1]], g == 8) {
				spans = append(spans, [2]int{m[g], m[g+1]})
			}
		}
	}
	for _, m := range headerValue.FindAllStringSubmatchIndex(line, -1) {
		spans = append(spans, [2]int{m[2], m[3]})
	}
	for _, m := range keyShaped.FindAllStringIndex(line, -1) {
		spans = append(spans, [2]int{m[0], m[1]})
	}
	return spans
}

// secretValue decides whether v, written under name, is to be masked.
func secretValue(name, v string, bare bool) bool {
	switch {
	case v == "" || strings.Contains(v, gateway.Hidden): // nothing, or masked already
		return false
	case !gateway.SecretName(name):
		return false
	case bare && bareLiteral.MatchString(v), bare && bareNumber.MatchString(v) && countName.MatchString(name):
		return false
	case strings.Contains(strings.ToLower(name), "env") && varName.MatchString(v):
		return false // Codex env_key names the variable that holds the key
	case strings.Contains(v, "://"):
		return false // a URL: RedactURL already hid its credentials
	}
	return true
}

// replaceSpans masks each span of line (spans may overlap or nest: the
// outermost wins). One pass over the spans sorted by start, longest first.
func replaceSpans(line string, spans [][2]int) string {
	if len(spans) == 0 {
		return line
	}
	sort.Slice(spans, func(i, j int) bool {
		return spans[i][0] < spans[j][0] || spans[i][0] == spans[j][0] && spans[i][1] > spans[j][1]
	})
	var b strings.Builder
	pos := 0
	for _, s := range spans {
		if s[0] < pos {
			continue // inside (or overlapping) one already masked
		}
		b.WriteString(line[pos:s[0]])
		b.WriteString(gateway.Mask(line[s[0]:s[1]]))
		pos = s[1]
	}
	b.WriteString(line[pos:])
	return b.String()
}

// secretValuesIn lists the values MaskSecrets would mask in a file, so
// that the same strings are masked wherever else they show up (a note, a
// line where the key is not under a secret name).
func secretValuesIn(b []byte) []string {
	out, _ := secretValuesSkipping(b, nil)
	return out
}

// secretValuesSkipping is secretValuesIn that skips the lines in skip (a
// side already scanned: the other side of a change is mostly the same
// lines) and returns the lines it saw.
func secretValuesSkipping(b []byte, skip map[string]bool) (out []string, lines map[string]bool) {
	lines = map[string]bool{}
	for _, line := range strings.Split(gateway.RedactURL(string(b)), "\n") {
		if skip[line] || lines[line] {
			continue
		}
		lines[line] = true
		for _, s := range secretSpans(line) {
			if s[1]-s[0] >= 8 { // shorter ones are masked where they stand, not searched for
				out = append(out, line[s[0]:s[1]])
			}
		}
	}
	return out, lines
}

// secretsShown are the strings to mask when showing c: what its writer
// listed, and every secret-looking value of both sides, so that a removed
// file or a restored one is masked like an edited one.
func (c *Change) secretsShown() []string {
	out := append([]string(nil), c.secrets...)
	return append(out, c.shown.values(c.Old, c.New)...)
}

// shownMemo keeps the secret values found in a change's two sides: the
// plan's diff, each of its notes and its report all ask, and scanning a
// large file each time made setup slow in the size of the file times the
// number of notes.
type shownMemo struct {
	old, new []byte
	found    []string
	done     bool
}

func (m *shownMemo) values(old, new []byte) []string {
	if !m.done || !same(m.old, old) || !same(m.new, new) {
		m.old, m.new, m.done = old, new, true
		found, seen := secretValuesSkipping(old, nil)
		more, _ := secretValuesSkipping(new, seen)
		m.found = append(found, more...)
	}
	return m.found
}

// same reports whether a and b are the same bytes in memory (not just
// equal): a side replaced by another slice is scanned again.
func same(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
