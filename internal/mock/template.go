package mock

import (
	"bytes"
	"encoding/json"
)

// template is an event's JSON encoded once per answer around one string
// field that changes per event (a token's text): json.Marshal of the
// chunk's maps for every token was most of the mock's CPU at 256 streams,
// and the mock is the gateway bench measures, on the same cores.
type template struct {
	prefix, suffix []byte
	ok             bool
}

// templateMarker stands for the changing field while the chunk is
// encoded; it needs no JSON escaping and no token contains it.
const templateMarker = "\x7fmock-field\x7f"

// newTemplate encodes v, in which the changing string is templateMarker.
func newTemplate(v any) template {
	b, err := json.Marshal(v)
	if err != nil {
		return template{}
	}
	quoted := `"` + templateMarker + `"`
	i := bytes.Index(b, []byte(quoted))
	if i < 0 || bytes.Count(b, []byte(quoted)) != 1 {
		return template{}
	}
	return template{prefix: b[:i], suffix: b[i+len(quoted):], ok: true}
}

// appendWith appends the event with field's value in place of the
// marker, encoded as json.Marshal would (HTML-safe escaping included).
func (t template) appendWith(dst []byte, field string) []byte {
	dst = append(dst, t.prefix...)
	if plainJSON(field) {
		dst = append(append(append(dst, '"'), field...), '"')
	} else {
		q, _ := json.Marshal(field)
		dst = append(dst, q...)
	}
	return append(dst, t.suffix...)
}

// plainJSON: s encodes as itself between quotes (printable ASCII that
// json.Marshal leaves alone).
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}
