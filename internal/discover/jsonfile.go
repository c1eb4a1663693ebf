package discover

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/tailscale/hujson"
	"github.com/tidwall/gjson"
)

// JSONDoc is a parsed JSON (or JSON-with-comments) file: its bytes, in
// which every comment was blanked out so byte offsets (and thus lines)
// still match the file on disk.
type JSONDoc struct {
	path string
	data []byte
}

// ReadFile reads a file. A missing file is (nil, false, nil): not a
// problem, the tool is just not configured there.
func ReadFile(path string) ([]byte, bool, error) {
	b, err := safefile.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	return b, true, nil
}

// Unreadable is the problem of a file that exists but cannot be read.
func Unreadable(tool, path string, err error) Problem {
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	edit := "make it a readable regular file (ls -l " + path + "), or remove it"
	if errors.Is(err, safefile.ErrTooLarge) {
		edit = "shrink it below " + safefile.Size(safefile.MaxConfig) + " (ls -l " + path + "), or remove it"
	}
	return Problem{Tool: tool, File: path, Unusable: true, Message: "cannot read the file: " + msg, Edit: edit}
}

// LoadJSON reads a JSON file, or with jsonc a JSON-with-comments one (VS
// Code's settings.json: comments and trailing commas are blanked in place,
// keeping offsets). It returns nil (and no problem) for a missing file; a
// problem with line and column for one that does not parse (jsonpos:
// duplicate keys included, since tools disagree on which one wins), as the
// tool's JSON.parse would refuse it.
func LoadJSON(tool, path string, jsonc bool) (*JSONDoc, *Problem) {
	b, ok, err := ReadFile(path)
	if !ok {
		return nil, nil
	}
	if err != nil {
		p := Unreadable(tool, path, err)
		return nil, &p
	}
	if len(bytes.TrimSpace(bytes.TrimPrefix(b, []byte("\ufeff")))) == 0 {
		return &JSONDoc{path: path, data: []byte("{}")}, nil
	}
	validate, kind := jsonpos.Validate, "JSON"
	if jsonc {
		validate, kind = jsonpos.ValidateJSONC, "JSON with comments"
	}
	if err := validate(b); err != nil {
		p := Problem{Tool: tool, File: path, Unusable: true, Message: "not valid " + kind + ": " + err.Error()}
		var je *jsonpos.Error
		if errors.As(err, &je) {
			p.Line, p.Col, p.Message = je.Line, je.Col, "not valid "+kind+": "+je.Msg
		}
		return nil, &p
	}
	data := b
	if jsonc {
		// Blank comments and trailing commas; a leading BOM is blanked
		// too, so offsets (and lines) stay those of the file.
		body := b
		lead := 0
		if bytes.HasPrefix(b, []byte("\ufeff")) {
			body, lead = b[3:], 3
		}
		std, err := hujson.Standardize(append([]byte(nil), body...))
		if err != nil {
			return nil, &Problem{Tool: tool, File: path, Unusable: true, Message: "not valid JSON with comments: " + err.Error()}
		}
		data = append(bytes.Repeat([]byte(" "), lead), std...)
	} else if bytes.HasPrefix(b, []byte("\ufeff")) {
		data = append([]byte("   "), b[3:]...)
	}
	if !gjson.ParseBytes(data).IsObject() {
		return nil, &Problem{Tool: tool, File: path, Line: 1, Col: 1, Unusable: true, Message: "the file must hold a JSON object ({…})"}
	}
	return &JSONDoc{path: path, data: data}, nil
}

// NewJSONDoc is a document of standard JSON bytes that come from no file
// (a variable's content): its sources name no file.
func NewJSONDoc(data []byte) *JSONDoc { return &JSONDoc{data: data} }

// Path is the file the document was read from ("" for none).
func (d *JSONDoc) Path() string { return d.path }

// Get looks up a gjson path.
func (d *JSONDoc) Get(path string) gjson.Result { return gjson.GetBytes(d.data, path) }

// Source is where a found result sits.
func (d *JSONDoc) Source(r gjson.Result, key string) Source {
	s := Source{File: d.path, Key: key}
	if r.Index > 0 {
		s.Line = lineOf(d.data, r.Index)
	}
	return s
}

// Str reads a string at path. A value of another type is a problem (the
// tool would not use it); absence is (Value{}, false, nil).
func (d *JSONDoc) Str(tool, path, key string) (Value, bool, *Problem) {
	r := d.Get(path)
	if !r.Exists() || r.Type == gjson.Null { // null means unset (a tool may write "OPENAI_API_KEY": null)
		return Value{}, false, nil
	}
	src := d.Source(r, key)
	if r.Type != gjson.String {
		return Value{}, false, &Problem{Tool: tool, File: d.path, Line: src.Line,
			Message: fmt.Sprintf("%s must be a string, not %s", key, Sanitize(r.Raw))}
	}
	return Value{Value: r.String(), Source: src}, true, nil
}

// Scalar reads a string, number or boolean at path as the text a
// program sees once it lands in the environment: a settings file's env
// object may hold "API_TIMEOUT_MS": 600000 and "DISABLE_TELEMETRY": true.
// Objects, arrays and null are what Str makes of them.
func (d *JSONDoc) Scalar(tool, path, key string) (Value, bool, *Problem) {
	r := d.Get(path)
	if r.Type == gjson.Number || r.Type == gjson.True || r.Type == gjson.False {
		return Value{Value: r.Raw, Source: d.Source(r, key)}, true, nil
	}
	return d.Str(tool, path, key)
}

// Esc escapes a key for use inside a gjson path.
func Esc(key string) string {
	var b strings.Builder
	for _, r := range key {
		switch r {
		case '.', '*', '?', '\\', '|', '#', '@', '!', '=', '<', '>', '%':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
