package writers

import (
	"errors"

	"github.com/keydoctor/keydoctor/internal/format/jsonedit"
	"github.com/tailscale/hujson"
)

// JSONDoc is a JSON (or JSON-with-comments) document a planner edits: the
// editor (jsonedit.Doc) computes the new bytes, and its errors become
// refusals naming the file, with the advice setup gives.
type JSONDoc struct {
	*jsonedit.Doc
	path string
}

// ReadJSON reads the JSON (or, with jsonc, JSON-with-comments) file a
// planner edits: its Change, and its document parsed from the file, or
// from fresh when the file is absent or empty.
func ReadJSON(path, fresh string, jsonc bool) (*Change, *JSONDoc, error) {
	c, err := ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	src := c.Old
	if !c.Existed || len(src) == 0 {
		src = []byte(fresh)
	}
	doc, err := ParseJSON(path, src, jsonc)
	if err != nil {
		return nil, nil, err
	}
	return c, doc, nil
}

// ParseJSON validates data (strict JSON, or JSONC when jsonc) and
// requires a top-level object. Empty input is an empty object.
func ParseJSON(path string, data []byte, jsonc bool) (*JSONDoc, error) {
	d, err := jsonedit.Parse(data, jsonc)
	if err != nil {
		return nil, refusedJSON(path, err)
	}
	return &JSONDoc{Doc: d, path: path}, nil
}

// Object returns the object at path, creating missing objects. A value
// on the way that is not an object is refused: we do not own it.
func (d *JSONDoc) Object(path ...string) (*hujson.Object, error) {
	obj, err := d.Doc.Object(path...)
	return obj, refusedJSON(d.path, err)
}

// Set puts value (any JSON-encodable Go value) at path; it reports
// whether the document changed.
func (d *JSONDoc) Set(path []string, value any) (bool, error) {
	changed, err := d.Doc.Set(path, value)
	return changed, refusedJSON(d.path, err)
}

// NotObject refuses the file for v, found at path, which is not the
// object an edit needs.
func (d *JSONDoc) NotObject(path []string, v hujson.Value) error {
	return refusedJSON(d.path, d.Doc.NotObject(path, v))
}

// refusedJSON is the editor's error as the refusal of the file at path,
// with its line, column and what to do; any other error is kept.
func refusedJSON(path string, err error) error {
	var e *jsonedit.Error
	if !errors.As(err, &e) {
		return err
	}
	hint := ""
	switch e.Kind {
	case jsonedit.Invalid:
		hint = "fix the file by hand (or restore it with 'keydoctor restore'), then run setup again"
	case jsonedit.NotObject:
		hint = "make it an object (or remove it), then run setup again"
	}
	return &RefusedError{Path: path, Line: e.Line, Col: e.Col, Reason: e.Reason, Hint: hint}
}
