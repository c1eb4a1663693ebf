package dotenv

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

const realLooking = `# project settings
export NODE_ENV=development   # keep
DATABASE_URL="postgres://u:p@localhost/db"

TAOTOKEN_BASE_URL=https://old.example/api
SINGLE='it is'
MULTI="line one
line two"
TAOTOKEN_API_KEY=sk-old-0000000000000000 # old key
`

func TestParseEntries(t *testing.T) {
	f, err := Parse([]byte("export A=1\nB = ' two '  # c\nC=\"x\\ny\\\"\"\nD=\nE=a#b\n\n# x\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{
		{Key: "A", Value: "1", Line: 1, Export: true},
		{Key: "B", Value: " two ", Line: 2, Quote: '\''},
		{Key: "C", Value: "x\ny\"", Line: 3, Quote: '"'},
		{Key: "D", Value: "", Line: 4},
		{Key: "E", Value: "a#b", Line: 5},
	}
	got := f.Entries()
	if len(got) != len(want) {
		t.Fatalf("got %d entries, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Key != w.Key || g.Value != w.Value || g.Line != w.Line || g.Export != w.Export || g.Quote != w.Quote {
			t.Errorf("entry %d = %+v, want %+v", i, g, w)
		}
	}
}

func TestSet(t *testing.T) {
	tests := []struct {
		name, in, key, value, want string
	}{
		{"replace keeps comment and export", "# c\nexport K=old # note\nX=1\n", "K", "new", "# c\nexport K=new # note\nX=1\n"},
		{"append", "X=1\n", "K", "v", "X=1\nK=v\n"},
		{"append without final newline", "X=1", "K", "v", "X=1\nK=v"},
		{"empty file", "", "K", "v", "K=v\n"},
		{"crlf", "X=1\r\nY=2\r\n", "K", "v", "X=1\r\nY=2\r\nK=v\r\n"},
		{"crlf replace", "K=a\r\nY=2\r\n", "K", "b", "K=b\r\nY=2\r\n"},
		{"bom", "\ufeffX=1\n", "K", "v", "\ufeffX=1\nK=v\n"},
		{"bom only", "\ufeff", "K", "v", "\ufeffK=v\n"},
		{"keeps double quotes", `K="old"` + "\n", "K", "new", `K="new"` + "\n"},
		{"keeps single quotes", "K='old'\n", "K", "new", "K='new'\n"},
		{"quotes when needed", "K=old\n", "K", "a b", "K='a b'\n"},
		{"double quotes for a quote", "K=old\n", "K", "it's", "K=\"it's\"\n"},
		{"escapes newline", "", "K", "a\nb", "K=\"a\\nb\"\n"},
		{"dollar quoted", "", "K", "a$b", "K='a$b'\n"},
		{"every duplicate", "K=1\nK=2\n", "K", "3", "K=3\nK=3\n"},
		{"unchanged value, other quoting", `K="v"` + "\n", "K", "v", `K="v"` + "\n"},
		{"multiline replaced", "A=1\nK=\"x\ny\"\nB=2\n", "K", "z", "A=1\nK=\"z\"\nB=2\n"},
		{"url bare", "", "K", "https://taotoken.net/api", "K=https://taotoken.net/api\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			changed, err := f.Set(tt.key, tt.value)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(f.Bytes()); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if changed != (tt.in != tt.want) {
				t.Errorf("changed = %v", changed)
			}
			if v, ok := f.Get(tt.key); !ok || v != tt.value {
				t.Errorf("Get = %q, %v", v, ok)
			}
		})
	}
}

func TestSetRealLookingKeepsOtherLines(t *testing.T) {
	f, err := Parse([]byte(realLooking))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"TAOTOKEN_BASE_URL": "https://taotoken.net/api", "TAOTOKEN_API_KEY": "sk-test-0123456789abcdef0123", "TAOTOKEN_MODEL": "gpt-4o"} {
		if _, err := f.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	want := strings.NewReplacer(
		"https://old.example/api", "https://taotoken.net/api",
		"sk-old-0000000000000000", "sk-test-0123456789abcdef0123",
	).Replace(realLooking) + "TAOTOKEN_MODEL=gpt-4o\n"
	if got := string(f.Bytes()); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		in        string
		line, col int
	}{
		{"A=1\nnot an assignment\n", 2, 5},
		{"A=1\n=x\n", 2, 1},
		{"A=\"open\nB=2\n", 1, 3},
		{"A='x' trailing\n", 1, 7},
		{"  9A=1\n", 1, 3},
		{"é=1\n", 1, 1},
		{"A=1\r\nB 2\r\n", 2, 3},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.in))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: err = %v, want a SyntaxError", tt.in, err)
			continue
		}
		if se.Line != tt.line || se.Col != tt.col {
			t.Errorf("%q: at %d:%d (%s), want %d:%d", tt.in, se.Line, se.Col, se.Msg, tt.line, tt.col)
		}
	}
}

func TestSetRefusesBadKey(t *testing.T) {
	f, _ := Parse(nil)
	if _, err := f.Set("A B", "x"); err == nil {
		t.Error("a key with a space was accepted")
	}
}

// FuzzSetKeepsOtherBytes: whatever parses, setting one key changes only
// that key's value bytes (or appends a line), and re-parses to the same
// entries otherwise.
func FuzzSetKeepsOtherBytes(f *testing.F) {
	for _, s := range []string{realLooking, "", "\ufeffA=1\r\n", "A=1", "export A='x'\n#c\n", "A=\"a\nb\"\n", "A=x # y\nA=z\n"} {
		f.Add([]byte(s), "A", "value with 'quotes' and \"double\" $x\n")
		f.Add([]byte(s), "TAOTOKEN_API_KEY", "sk-test-0123456789abcdef0123")
	}
	f.Fuzz(func(t *testing.T, data []byte, key, value string) {
		file, err := Parse(data)
		if err != nil || !validKey(key) {
			return
		}
		before := file.Entries()
		if _, err := file.Set(key, value); err != nil {
			return // invalid UTF-8 values are refused
		}
		out := file.Bytes()
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("result does not parse: %v\n%q", err, out)
		}
		if v, ok := again.Get(key); !ok || v != value {
			t.Fatalf("Get(%s) = %q, want %q", key, v, value)
		}
		var others []Entry
		for _, e := range again.Entries() {
			if e.Key != key {
				others = append(others, e)
			}
		}
		var wantOthers []Entry
		for _, e := range before {
			if e.Key != key {
				wantOthers = append(wantOthers, e)
			}
		}
		if len(others) != len(wantOthers) {
			t.Fatalf("other entries: %d, want %d", len(others), len(wantOthers))
		}
		for i := range others {
			if others[i].Key != wantOthers[i].Key || others[i].Value != wantOthers[i].Value || others[i].Export != wantOthers[i].Export {
				t.Fatalf("entry %s changed", others[i].Key)
			}
		}
		// Bytes outside the first and last edited spans are untouched.
		var spans []Entry
		for _, e := range before {
			if e.Key == key {
				spans = append(spans, e)
			}
		}
		if len(spans) == 0 {
			if !bytes.HasPrefix(out, data) {
				t.Fatalf("appending changed the existing bytes")
			}
			return
		}
		first, last := spans[0], spans[len(spans)-1]
		if !bytes.HasPrefix(out, data[:first.valStart]) || !bytes.HasSuffix(out, data[last.valEnd:]) {
			t.Fatalf("bytes outside the edited values changed")
		}
	})
}

// A key or token pasted on a line of its own (no NAME=) is the one thing
// on that line: the error names its place, never the token.
func TestSyntaxErrorHidesBareToken(t *testing.T) {
	for _, tok := range []string{"ghp_0123456789abcdefABCDEF0123456789abcd", "sk_live_51Habcdefghijklmnopqrstuv", "github_pat_11ABCDEFG0123456789_abcdefghij", "0123456789abcdef0123456789abcdef"} {
		for _, in := range []string{tok + "\n", "A=1\n" + tok + "\n", "A=1\n  export " + tok + " \n", "A=1\n" + tok + " trailing\n"} {
			_, err := Parse([]byte(in))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("%q: err = %v", in, err)
			}
			if strings.Contains(err.Error(), tok) || strings.Contains(err.Error(), tok[4:12]) {
				t.Errorf("%q: the error shows the token: %v", in, err)
			}
			if tok[0] > '9' && !strings.Contains(se.Msg, "key or token") {
				t.Errorf("%q: %v", in, err)
			}
		}
	}
	// An ordinary name missing its = is still named.
	if _, err := Parse([]byte("TAOTOKEN_API_KEY\n")); err == nil || !strings.Contains(err.Error(), "expected = after TAOTOKEN_API_KEY") {
		t.Errorf("err = %v", err)
	}
}
