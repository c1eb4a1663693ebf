package pi

import (
	"encoding/json"
	"regexp"
	"strings"
)

// Pi reads models.json with its own stripJsonComments (0.73.1,
// core/model-registry.js) and then JSON.parse: it removes // line comments
// and trailing commas outside strings and nothing else, so a /* */
// comment, which JSON-with-comments readers accept, makes pi drop every
// custom provider. These are its two expressions, applied in its order.
var (
	piLineComment    = regexp.MustCompile(`"(?:\\.|[^"\\])*"|//[^\n]*`)
	piTrailingCommas = regexp.MustCompile(`"(?:\\.|[^"\\])*"|,(\s*[}\]])`)
)

// stripAsPi is what pi hands JSON.parse for models.json's bytes.
func stripAsPi(s string) string {
	s = piLineComment.ReplaceAllStringFunc(s, func(m string) string {
		if strings.HasPrefix(m, `"`) {
			return m
		}
		return ""
	})
	var b strings.Builder
	last := 0
	for _, m := range piTrailingCommas.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(s[last:m[0]])
		if m[2] >= 0 { // a trailing comma: its tail stays
			b.WriteString(s[m[2]:m[3]])
		} else {
			b.WriteString(s[m[0]:m[1]])
		}
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// PiParses reports whether pi can read models.json's bytes (an error
// saying why when it cannot).
func PiParses(b []byte) error {
	var v any
	return json.Unmarshal([]byte(stripAsPi(string(b))), &v)
}
