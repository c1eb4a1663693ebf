package redact

import (
	"regexp"
	"sort"
	"strings"
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
	// keyShaped are values that look like keys or tokens whatever they
	// are under: sk-… keys, Stripe's sk_live_…, GitHub's ghp_… and
	// github_pat_…, GitLab's glpat-…, Slack's xoxb-…, AWS access key ids,
	// Google API keys.
	keyShaped = regexp.MustCompile(`\b(?:(?:sk|pk|rk|ak)-[A-Za-z0-9_\-]{8,}|(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{8,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_\-]{20,}|xox[abposr]-[A-Za-z0-9\-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_\-]{35})`)
	// keyPrefixes are what every keyShaped word starts with: a line
	// without any is not searched (the regular expression costs ~100 ns a
	// byte, and most lines hold none).
	keyPrefixes = []string{"sk-", "pk-", "rk-", "ak-", "sk_", "pk_", "rk_", "gh", "github_pat_", "glpat-", "xox", "AKIA", "AIza"}
	varName     = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)
	// shellRef is a value that is a reference to a variable in a shell's
	// syntax ($NAME, ${NAME}, $env:NAME), not the key it expands to.
	shellRef = regexp.MustCompile(`^\$(?:\{[A-Za-z_][A-Za-z0-9_]*\}|env:[A-Za-z_][A-Za-z0-9_]*|[A-Za-z_][A-Za-z0-9_]*)$`)
	// varRef is a value that only names the variable holding the key in
	// a tool's own syntax for a variable: "${VAR}", "{env:VAR}".
	varRef = regexp.MustCompile(`^(\$\{[A-Za-z_][A-Za-z0-9_]*\}|\{env:[A-Za-z_][A-Za-z0-9_]*\})$`)
	// bareLiteral are unquoted values no one would call a secret; a bare
	// number is one only under a name that counts or limits something
	// (max_tokens), not under PASSWORD=1234.
	bareLiteral = regexp.MustCompile(`^(?:true|false|null)$`)
	bareNumber  = regexp.MustCompile(`^[0-9][0-9._]*$`)
	countName   = regexp.MustCompile(`(?i)(?:tokens$|max|limit|count|size|timeout|ttl|length)`)
)

// MaskSecrets masks in text every secret it can recognise, wherever it is:
// URL credentials (RedactURL), values under a secret-looking name
// (SecretName), credential headers inside values, key-shaped
// words, and every string of known (the profile's key, values found in the
// files) — each through redact.Mask.
func MaskSecrets(text string, known ...string) string {
	text = RedactURL(text)
	var b strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		b.WriteString(replaceSpans(line, secretSpans(line)))
	}
	return Redact(b.String(), known...)
}

// secretSpans are the byte ranges of line that hold secrets.
func secretSpans(line string) [][2]int {
	// Every pattern needs a secret word (a secret name, a credential
	// header: SecretName of the whole line) or a key's "sk-": most lines
	// of a large file have neither and skip the expressions, which cost
	// about a microsecond a byte.
	if !SecretName(line) && !strings.Contains(line, "k-") {
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
	case v == "" || strings.Contains(v, Hidden): // nothing, or masked already
		return false
	case !SecretName(name):
		return false
	case bare && bareLiteral.MatchString(v), bare && bareNumber.MatchString(v) && countName.MatchString(name):
		return false
	case strings.Contains(strings.ToLower(name), "env") && varName.MatchString(v):
		return false // a setting such as env_key names the variable that holds the key
	case shellRef.MatchString(v):
		return false // the shell expands it when it runs the line
	case varRef.MatchString(v):
		return false // a reference to the variable: no key in it
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
		b.WriteString(Mask(line[s[0]:s[1]]))
		pos = s[1]
	}
	b.WriteString(line[pos:])
	return b.String()
}

// SecretValues lists the values MaskSecrets would mask in files (the
// two sides of a change), so that the same strings are masked wherever
// else they show up (a note, a line where the key is not under a secret
// name). A line is scanned once: the other side of a change is mostly the
// same lines.
func SecretValues(files ...[]byte) []string {
	var out []string
	lines := map[string]bool{}
	for _, b := range files {
		for _, line := range strings.Split(RedactURL(string(b)), "\n") {
			if lines[line] {
				continue
			}
			lines[line] = true
			for _, s := range secretSpans(line) {
				if s[1]-s[0] >= 8 { // shorter ones are masked where they stand, not searched for
					out = append(out, line[s[0]:s[1]])
				}
			}
		}
	}
	return out
}

// MaskTokens masks every key- or token-shaped word of s (sk-…, ghp_…,
// sk_live_…, AKIA…): the Writer's net for a secret nobody registered (a
// bare token on a .env line that does not parse).
func MaskTokens(s string) string {
	var b strings.Builder
	last := 0 // s[:last] is in b
	for start := 0; start < len(s); {
		end := strings.IndexByte(s[start:], '\n') + 1
		if end == 0 {
			end = len(s) - start
		}
		line := s[start : start+end]
		if mayHoldKey(line) {
			if m := keyShaped.ReplaceAllStringFunc(line, Mask); m != line {
				b.WriteString(s[last:start])
				b.WriteString(m)
				last = start + end
			}
		}
		start += end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// mayHoldKey: some key prefix starts a run of at least minKeyShaped word
// bytes, as every keyShaped match does (its characters are all word
// bytes, and the shortest is sk- and 8 more). A masked key (sk-t****cdef)
// and words such as "high" are not searched: the expression costs ~100 ns
// a byte, and the relay's every record line shows a masked key.
func mayHoldKey(line string) bool {
	for _, p := range keyPrefixes {
		for rest := line; ; {
			i := strings.Index(rest, p)
			if i < 0 {
				break
			}
			if wordRun(rest[i:]) >= minKeyShaped {
				return true
			}
			rest = rest[i+1:]
		}
	}
	return false
}

// minKeyShaped is the length of keyShaped's shortest match.
const minKeyShaped = len("sk-") + 8

// wordRun is how many bytes at s's start are [A-Za-z0-9_-], the only
// bytes keyShaped matches.
func wordRun(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return i
		}
	}
	return len(s)
}
