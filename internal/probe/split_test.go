package probe

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestLineSplitterMatchesLineReader: whatever the chunking, the pushed
// splitter yields the lines LineReader pulls, for every line ending.
func TestLineSplitterMatchesLineReader(t *testing.T) {
	streams := []string{
		"data: a\n\ndata: b\n\n",
		"data: a\r\n\r\ndata: b\r\n\r\n",
		"data: a\r\rdata: b\r\r",
		"data: a\n\ndata: [DONE]", // no final line ending
		"\r\n\n\r",
		"data: x\r\ndata: y\rdata: z\n\n",
	}
	for _, s := range streams {
		var want []string
		lr := NewLineReader(strings.NewReader(s), 0)
		for {
			l, err := lr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, string(l))
		}
		for size := 1; size <= len(s); size++ {
			var got []string
			sp := NewLineSplitter(0)
			add := func(l []byte) { got = append(got, string(l)) }
			for i := 0; i < len(s); i += size {
				sp.Write([]byte(s[i:min(i+size, len(s))]), add)
			}
			sp.Flush(add)
			if strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
				t.Errorf("%q in chunks of %d: %q, want %q", s, size, got, want)
			}
		}
	}
}

func TestLineSplitterLimit(t *testing.T) {
	sp := NewLineSplitter(8)
	n := 0
	sp.Write([]byte("short\n"), func([]byte) { n++ })
	sp.Write(bytes.Repeat([]byte("x"), 5), func([]byte) { n++ })
	sp.Write(bytes.Repeat([]byte("x"), 5), func([]byte) { n++ })
	sp.Write([]byte("\nafter\n"), func([]byte) { n++ })
	if n != 1 || !errors.Is(sp.Err, ErrLineTooLong) {
		t.Fatalf("%d lines, err %v", n, sp.Err)
	}
}
