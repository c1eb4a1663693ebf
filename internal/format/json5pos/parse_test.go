package json5pos

import (
	"errors"
	"reflect"
	"testing"

	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
)

// The spec's own example (spec.json5.org, "Short Example") and the
// constructs a hand-written config has: every one decodes to what
// JSON5.parse makes of it.
func TestParseJSON5(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		want     any
	}{
		{"spec example", `{
  // comments
  unquoted: 'and you can quote me on that',
  singleQuotes: 'I can use "double quotes" here',
  lineBreaks: "Look, Mom! \
No \\n's!",
  hexadecimal: 0xdecaf,
  leadingDecimalPoint: .8675309, andTrailing: 8675309.,
  positiveSign: +1,
  trailingComma: 'in objects', andIn: ['arrays',],
  "backwardsCompatible": "with JSON",
}`, map[string]any{"unquoted": "and you can quote me on that", "singleQuotes": `I can use "double quotes" here`,
			"lineBreaks": `Look, Mom! No \n's!`, "hexadecimal": "#0xdecaf", "leadingDecimalPoint": "#.8675309", "andTrailing": "#8675309.",
			"positiveSign": "#+1", "trailingComma": "in objects", "andIn": []any{"arrays"}, "backwardsCompatible": "with JSON"}},
		{"escapes", `{a: '\x41\u00e9\'\"\0\v\/\q', $b_1: "\ud83d\ude00", "": -Infinity, n: NaN, e: 1e-3}`,
			map[string]any{"a": "Aé'\"\x00\v/q", "$b_1": "😀", "": "#-Infinity", "n": "#NaN", "e": "#1e-3"}},
		{"CRLF continuation and unicode keys", "{\r\n\tключ: 'a\\\r\nb', \\u0061b: null, /* x */ t: true,\r\n}\r\n",
			map[string]any{"ключ": "ab", "ab": nil, "t": true}},
		{"BOM, nbsp", "\ufeff{\u00a0a:[]}", map[string]any{"a": []any{}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n, err := Parse([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if got := Plain(n); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

// What JSON5 refuses is refused with the line and column of the fault.
func TestParseRefuses(t *testing.T) {
	for _, tt := range []struct {
		in        string
		line, col int
	}{
		{"{a: 1,,}", 1, 7},
		{"{\n  a: 'x\n'}", 2, 8},
		{"{a: 01}", 1, 5},
		{"{a: 1 b: 2}", 1, 7},
		{"{a: 1, a: 2}", 1, 8},
		{"{a: '\\1'}", 1, 6},
		{"{a: 0x}", 1, 5},
		{"{1a: 2}", 1, 2},
		{"{a: tru}", 1, 5},
		{"{a: 1} x", 1, 8},
		{"{/* open", 1, 2},
		{"[1, 2", 1, 1},
		{"{a: .}", 1, 5},
		{"{a: 1e}", 1, 5},
		{"{a: Infinityx}", 1, 5},
		{"", 1, 1},
	} {
		_, err := Parse([]byte(tt.in))
		var je *jsonpos.Error
		if !errors.As(err, &je) {
			t.Errorf("%q: %v, want a positioned error", tt.in, err)
			continue
		}
		if je.Line != tt.line || je.Col != tt.col {
			t.Errorf("%q: at %d:%d (%s), want %d:%d", tt.in, je.Line, je.Col, je.Msg, tt.line, tt.col)
		}
	}
}
