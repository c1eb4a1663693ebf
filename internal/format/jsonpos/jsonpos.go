// Package jsonpos validates JSON and JSON-with-comments files the way a
// careful editor must before touching them, and turns every failure into a
// line and column a person can go to. Setup refuses such files with it;
// the doctor reports them (config-invalid) with it. encoding/json silently
// accepts duplicate keys (the last wins) and tools disagree on which wins,
// so a duplicate key is an error here too.
package jsonpos

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/tailscale/hujson"

	"github.com/keydoctor/keydoctor/internal/human"
)

var bom = []byte("\ufeff")

// Error is a JSON file that does not parse. Line and Col are 1-based; Col
// counts characters, not bytes.
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg) }

// LineCol converts a byte offset into data to a 1-based line and column.
// A leading byte-order mark is not counted.
func LineCol(data []byte, offset int) (line, col int) {
	offset = max(0, min(offset, len(data)))
	start := 0
	if bytes.HasPrefix(data, bom) && offset >= len(bom) {
		start = len(bom)
	}
	prefix := data[start:offset]
	line = 1 + bytes.Count(prefix, []byte("\n"))
	lineStart := bytes.LastIndexByte(prefix, '\n') + 1
	return line, utf8.RuneCount(prefix[lineStart:]) + 1
}

// At builds an Error at a byte offset.
func At(data []byte, offset int, msg string) *Error {
	l, c := LineCol(data, offset)
	return &Error{Line: l, Col: c, Msg: msg}
}

// Validate checks strict JSON (RFC 8259; a leading byte-order mark is
// tolerated): one value, no trailing data, no duplicate object keys, no
// nesting deeper than MaxDepth.
func Validate(data []byte) error {
	body, skip := data, 0
	if bytes.HasPrefix(data, bom) {
		body, skip = data[len(bom):], len(bom)
	}
	if err := CheckDepth(data); err != nil {
		return err
	}
	if err := validate(body); err != nil {
		var e *offsetError
		if errors.As(err, &e) {
			return At(data, skip+e.offset, e.msg)
		}
		return err
	}
	return nil
}

// ValidateJSONC checks JSON with comments and trailing commas (VS Code's
// settings.json) with the same rules, reporting positions in data.
func ValidateJSONC(data []byte) error {
	body, skip := data, 0
	if bytes.HasPrefix(data, bom) {
		body, skip = data[len(bom):], len(bom)
	}
	if err := CheckDepth(data); err != nil {
		return err // before hujson, whose parser recurses once per level
	}
	std, err := hujson.Standardize(append([]byte(nil), body...))
	if err != nil {
		return fromHuJSON(data, skip, err)
	}
	// Standardize blanks comments and trailing commas out in place, so
	// offsets in std are offsets in body.
	return Validate(append(append([]byte(nil), data[:skip]...), std...))
}

var huPos = regexp.MustCompile(`^hujson: line (\d+), column (\d+): (.*)$`)

func fromHuJSON(data []byte, skip int, err error) error {
	m := huPos.FindStringSubmatch(err.Error())
	if m == nil {
		return &Error{Line: 1, Col: 1, Msg: err.Error()}
	}
	line, _ := strconv.Atoi(m[1])
	byteCol, _ := strconv.Atoi(m[2])
	// hujson counts bytes from the start of its input; convert to characters.
	lines := bytes.Split(data[skip:], []byte("\n"))
	col := byteCol
	if line-1 < len(lines) && byteCol-1 <= len(lines[line-1]) {
		col = utf8.RuneCount(lines[line-1][:byteCol-1]) + 1
	}
	return &Error{Line: line, Col: col, Msg: m[3]}
}

// offsetError is an error at a byte offset of the body being validated.
type offsetError struct {
	offset int
	msg    string
}

func (e *offsetError) Error() string { return e.msg }

// frame is one open object or array while walking the tokens.
type frame struct {
	object  bool
	keys    map[string]bool
	wantKey bool
}

func validate(b []byte) error {
	if len(bytes.TrimSpace(b)) == 0 {
		return &offsetError{0, "the file is empty"}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var stack []*frame
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].wantKey = true
		}
	}
	for {
		before := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return tokenError(b, before, err)
		}
		var top *frame
		if n := len(stack); n > 0 {
			top = stack[n-1]
		}
		switch {
		case top != nil && top.object && top.wantKey && tok != json.Delim('}'):
			key, _ := tok.(string)
			if top.keys[key] {
				return &offsetError{skipSeparators(b, before), human.HideWords(fmt.Sprintf("duplicate key %q", key), key)}
			}
			top.keys[key] = true
			top.wantKey = false
			continue
		case tok == json.Delim('{'):
			stack = append(stack, &frame{object: true, keys: map[string]bool{}, wantKey: true})
			continue
		case tok == json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case tok == json.Delim('}'), tok == json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		valueDone()
		if len(stack) == 0 {
			end := int(dec.InputOffset())
			if rest := bytes.TrimLeft(b[end:], " \t\r\n"); len(rest) > 0 {
				return &offsetError{len(b) - len(rest), "unexpected text after the top-level value"}
			}
			return nil
		}
	}
}

// skipSeparators moves from the end of the previous token to the start
// of the next one.
func skipSeparators(b []byte, i int) int {
	for i < len(b) && bytes.IndexByte([]byte(" \t\r\n,:"), b[i]) >= 0 {
		i++
	}
	return i
}

func tokenError(b []byte, before int, err error) error {
	// The decoder's offsets point at the token it was reading, not at the
	// bad character; the scanner behind Unmarshal is precise.
	var v any
	if uerr := json.Unmarshal(b, &v); uerr != nil {
		err = uerr
	}
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se) && se.Error() != "unexpected end of JSON input":
		// Offset counts the bytes read, the bad character included.
		return &offsetError{max(0, int(se.Offset)-1), syntaxMsg(se.Error())}
	case se != nil, errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return &offsetError{len(b), "unexpected end of file (an unclosed bracket, brace or string)"}
	}
	return &offsetError{skipSeparators(b, before), err.Error()}
}

func syntaxMsg(s string) string {
	if s == "" {
		return "syntax error"
	}
	return s
}
