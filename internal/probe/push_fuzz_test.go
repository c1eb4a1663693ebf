package probe

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// FuzzLineSplitter: the event loop's line splitter finds, in bytes cut
// anywhere, the lines LineReader reads, and refuses a line too long as
// it does (below the limit's edge, where the two may stop a few bytes
// apart).
func FuzzLineSplitter(f *testing.F) {
	for _, s := range []string{"data: a\n\ndata: b\r\n\r\n", "a\rb\r\nc", "x\r", "\n\n\r\r\n", "data: {\"x\":1}\n\nend"} {
		f.Add([]byte(s), []byte{1, 5})
	}
	f.Fuzz(func(t *testing.T, raw, cuts []byte) {
		const limit = 64
		var want [][]byte
		lr := NewLineReader(bytes.NewReader(raw), limit)
		var wantErr error
		for {
			l, err := lr.Next()
			if err != nil {
				if err != io.EOF {
					wantErr = err
				}
				break
			}
			want = append(want, bytes.Clone(l))
		}
		var got [][]byte
		s := lineSplitter{limit: limit}
		line := func(l []byte) { got = append(got, bytes.Clone(l)) }
		var err error
		for i, rest := 0, raw; len(rest) > 0 && err == nil; i++ {
			n := len(rest)
			if len(cuts) > 0 {
				n = min(int(cuts[i%len(cuts)]%16)+1, n)
			}
			err, rest = s.feed(rest[:n], line), rest[n:]
		}
		if err == nil {
			err = s.end(line)
		}
		if errors.Is(wantErr, ErrLineTooLong) || errors.Is(err, ErrLineTooLong) {
			return // where each stops near the limit differs; both refuse
		}
		if len(got) != len(want) {
			t.Fatalf("LineReader %q, splitter %q", want, got)
		}
		for i := range got {
			if !bytes.Equal(got[i], want[i]) {
				t.Fatalf("line %d: LineReader %q, splitter %q", i, want[i], got[i])
			}
		}
		if s.n != lr.Bytes() {
			t.Fatalf("bytes: LineReader %d, splitter %d", lr.Bytes(), s.n)
		}
	})
}
