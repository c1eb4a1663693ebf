package discover

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/keydoctor/keydoctor/internal/jsonpos"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/tailscale/hujson"
	"github.com/tidwall/gjson"
)

// jsonDoc is a parsed JSON (or JSON-with-comments) file: its bytes, in
// which every comment was blanked out so byte offsets (and thus lines)
// still match the file on disk.
type jsonDoc struct {
	path string
	data []byte
}

// readFile reads a file. A missing file is (nil, false, nil): not a
// problem, the tool is just not configured there.
func readFile(path string) ([]byte, bool, error) {
	b, err := safefile.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	return b, true, nil
}

// unreadable is the problem of a file that exists but cannot be read.
func unreadable(tool, path string, err error) Problem {
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

// loadJSON reads a strict JSON file. It returns nil (and no problem) for
// a missing file; a problem with line and column for one that does not
// parse (jsonpos: duplicate keys included, since tools disagree on which
// one wins), as the tool's JSON.parse would refuse it.
func loadJSON(tool, path string) (*jsonDoc, *Problem) {
	return load(tool, path, false)
}

// loadJSONC reads a JSON-with-comments file (VS Code's settings.json).
// Comments and trailing commas are blanked in place, keeping offsets.
func loadJSONC(tool, path string) (*jsonDoc, *Problem) {
	return load(tool, path, true)
}

func load(tool, path string, jsonc bool) (*jsonDoc, *Problem) {
	b, ok, err := readFile(path)
	if !ok {
		return nil, nil
	}
	if err != nil {
		p := unreadable(tool, path, err)
		return nil, &p
	}
	if len(bytes.TrimSpace(bytes.TrimPrefix(b, []byte("\ufeff")))) == 0 {
		return &jsonDoc{path: path, data: []byte("{}")}, nil
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
	return &jsonDoc{path: path, data: data}, nil
}

// get looks up a gjson path.
func (d *jsonDoc) get(path string) gjson.Result { return gjson.GetBytes(d.data, path) }

// source is where a found result sits.
func (d *jsonDoc) source(r gjson.Result, key string) Source {
	s := Source{File: d.path, Key: key}
	if r.Index > 0 {
		s.Line = lineOf(d.data, r.Index)
	}
	return s
}

// str reads a string at path. A value of another type is a problem (the
// tool would not use it); absence is (Value{}, false, nil).
func (d *jsonDoc) str(tool, path, key string) (Value, bool, *Problem) {
	r := d.get(path)
	if !r.Exists() || r.Type == gjson.Null { // null means unset (Codex writes "OPENAI_API_KEY": null)
		return Value{}, false, nil
	}
	src := d.source(r, key)
	if r.Type != gjson.String {
		return Value{}, false, &Problem{Tool: tool, File: d.path, Line: src.Line,
			Message: fmt.Sprintf("%s must be a string, not %s", key, sanitize(r.Raw))}
	}
	return Value{Value: r.String(), Source: src}, true, nil
}

// scalar reads a string, number or boolean at path as the text a
// program sees once it lands in the environment: Claude Code accepts
// "API_TIMEOUT_MS": 600000 and "DISABLE_TELEMETRY": true in its settings
// env. Objects, arrays and null are what str makes of them.
func (d *jsonDoc) scalar(tool, path, key string) (Value, bool, *Problem) {
	r := d.get(path)
	if r.Type == gjson.Number || r.Type == gjson.True || r.Type == gjson.False {
		return Value{Value: r.Raw, Source: d.source(r, key)}, true, nil
	}
	return d.str(tool, path, key)
}

// esc escapes a key for use inside a gjson path.
func esc(key string) string {
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
