package jsonedit

import (
	"encoding/json"
	"strings"

	"github.com/tailscale/hujson"
)

// AppendTo adds value (any JSON-encodable Go value) as the last element of
// the array at path, in the style of its elements: their line break and
// indentation, a trailing comma when they have one. It reports false when
// path holds no array.
func (d *Doc) AppendTo(path []string, value any) (bool, error) {
	v := d.Lookup(path...)
	if v == nil {
		return false, nil
	}
	arr, ok := v.Value.(*hujson.Array)
	if !ok {
		return false, nil
	}
	raw, err := json.Marshal(value)
	if err != nil {
		return false, err
	}
	depth := len(path) + 1 // the elements sit one level below the array's member
	nv, err := d.valueAt(raw, depth)
	if err != nil {
		return false, err
	}
	if n := len(arr.Elements); n > 0 {
		last := &arr.Elements[n-1]
		nv.BeforeExtra = lastLineIndent(last.BeforeExtra)
		if len(nv.BeforeExtra) == 0 {
			nv.BeforeExtra = hujson.Extra(" ")
		}
		if !startsLine(nv.BeforeExtra) {
			// An array on one line stays on one line, in an indented
			// file too.
			nv.Value = compact(nv.Value)
		}
		if last.AfterExtra != nil { // trailing comma style (JSONC)
			nv.AfterExtra = hujson.Extra{}
		}
		if c := sameLineComment(arr.AfterExtra); c != "" && startsLine(nv.BeforeExtra) {
			// The last element's comment stays on its line.
			c = trimEOL(c)
			nv.BeforeExtra = append(hujson.Extra(c), nv.BeforeExtra...)
			arr.AfterExtra = arr.AfterExtra[len(c):]
		}
	} else if d.unit != "" {
		nv.BeforeExtra = hujson.Extra(d.eol + strings.Repeat(d.unit, depth))
		if strings.TrimSpace(string(arr.AfterExtra)) == "" {
			arr.AfterExtra = hujson.Extra(d.eol + strings.Repeat(d.unit, depth-1))
		}
	}
	arr.Elements = append(arr.Elements, nv)
	return true, nil
}

// compact is v without the line breaks and indentation valueAt gave it.
func compact(v hujson.ValueTrimmed) hujson.ValueTrimmed {
	c := hujson.Value{Value: v}.Clone()
	c.Minimize()
	return c.Value
}
