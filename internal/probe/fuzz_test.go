package probe

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// The fuzz targets check two properties of each protocol's decoder on any
// input: it never panics, and reading the bytes whole (ReadFrom, as probe
// does) or in arbitrary chunks (as a relay's tap delivers it) sees the same
// stream. Seeds: the recorded streams plus testdata/fuzz.

func fuzzDecoder(f *testing.F, proto gateway.Protocol) {
	files, _ := filepath.Glob(filepath.Join("testdata", "streams", "*.sse"))
	for _, file := range files {
		if !strings.HasPrefix(filepath.Base(file), string(proto)) {
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(5))
	}
	f.Add([]byte("data: [DONE]"), uint8(1))
	f.Add([]byte("event: error\ndata: not json\n\n"), uint8(3))
	f.Add([]byte(":\r\r\ndata:x\r\n\r\n"), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint8) {
		d := NewDecoder(proto, time.Now())
		d.Clock = func() time.Duration { return 0 }
		if _, err := d.ReadFrom(bytes.NewReader(data)); err != nil {
			return // a line over the limit: nothing to compare
		}
		whole := d.Stream()
		parts := readInChunks(proto, data, int(chunk)%64+1)
		if !sameStream(whole, parts) {
			t.Errorf("whole and chunked reads disagree:\n%+v\n%+v", summary(whole), summary(parts))
		}
		if whole.Usage == nil || whole.Usage.OutputTokens < 0 {
			t.Errorf("usage %+v", whole.Usage)
		}
	})
}

func FuzzChatDecoder(f *testing.F)      { fuzzDecoder(f, gateway.Chat) }
func FuzzMessagesDecoder(f *testing.F)  { fuzzDecoder(f, gateway.Messages) }
func FuzzResponsesDecoder(f *testing.F) { fuzzDecoder(f, gateway.Responses) }
