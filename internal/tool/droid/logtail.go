package droid

import (
	"bytes"
	"io"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/tidwall/gjson"
)

// Droid's log (LogFile) is one record per entry, appended by every run ✓:
//
//	[2026-12-02T01:30:38.088Z] WARN: [LLM] Chat route failure | Context: {…,"error":{"message":"401 Incorrect API key provided: …"}}
//	[2026-12-02T01:30:38.090Z] WARN: [Agent] runAgent error
//	Error: 401 Incorrect API key provided: …
//	    at generate (…)
//	[2026-12-02T01:30:38.232Z] ERROR: Error running droid command
//	MetaError: Exec failed
//
// A run starts with the record of its "runtime_boot" phase. It grows
// about 70 KB a run, so only its last LogTailMax bytes are read.
const (
	LogTailMax = 256 << 10
	runStart   = `"phase":"runtime_boot"`
	// maxShown bounds what one record contributes to a message.
	maxShown = 240
)

// Record is one log record.
type Record struct {
	Time  time.Time
	Level string // INFO, WARN, ERROR
	// Message is the text before " | Context: "; Detail the error it
	// carries (its context's error message, or the first line after it).
	Message, Detail string
	start           bool
}

// ReadLogTail reads the last LogTailMax bytes of a regular file (a FIFO or
// a device is refused without blocking), its first partial line dropped.
func ReadLogTail(path string) ([]byte, error) {
	f, err := safefile.Open(path, 1<<62)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	off := st.Size() - LogTailMax
	if off > 0 {
		if _, err := f.Seek(off, io.SeekStart); err != nil {
			return nil, err
		}
	}
	b, err := io.ReadAll(io.LimitReader(f, LogTailMax))
	if err != nil {
		return nil, err
	}
	if off > 0 {
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			b = b[i+1:]
		}
	}
	return b, nil
}

// ParseLog splits log bytes into records; lines before the first record
// are dropped.
func ParseLog(b []byte) []Record {
	var out []Record
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimRight(line, "\r")
		if r, ok := parseHead(line); ok {
			out = append(out, r)
			continue
		}
		text, _, _ := strings.Cut(line, " | Context: ")
		text = strings.TrimSpace(text)
		// The first line after a record that says something ("Caused
		// by:" only announces the next).
		if n := len(out); n > 0 && out[n-1].Detail == "" && text != "" && !strings.HasSuffix(text, ":") {
			out[n-1].Detail = text
		}
	}
	return out
}

// parseHead parses "[TIME] LEVEL: message | Context: {json}".
func parseHead(line string) (Record, bool) {
	if !strings.HasPrefix(line, "[") {
		return Record{}, false
	}
	stamp, rest, ok := strings.Cut(line[1:], "] ")
	if !ok {
		return Record{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, stamp)
	if err != nil {
		return Record{}, false
	}
	level, rest, ok := strings.Cut(rest, ": ")
	if !ok || level == "" || strings.ToUpper(level) != level || len(level) > 8 {
		return Record{}, false
	}
	msg, ctx, _ := strings.Cut(rest, " | Context: ")
	r := Record{Time: t, Level: level, Message: strings.TrimSpace(msg), start: strings.Contains(ctx, runStart)}
	if ctx != "" && gjson.Valid(ctx) {
		e := gjson.Get(ctx, "error")
		switch {
		case e.Get("message").Type == gjson.String:
			r.Detail = e.Get("message").String()
		case e.Type == gjson.String:
			r.Detail = e.String()
		}
	}
	return r, true
}

// LastFailure is the failure of the last run the records hold: its WARN
// and ERROR records that carry an error, when that run has an ERROR (nil
// when the last run did not fail). Only records at or after since count
// (the zero time: any).
func LastFailure(recs []Record, since time.Time) []Record {
	from := 0
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].start {
			from = i
			break
		}
	}
	var out []Record
	failed := false
	for _, r := range recs[from:] {
		if r.Time.Before(since) {
			continue
		}
		failed = failed || r.Level == "ERROR"
		if r.Level == "ERROR" || (r.Level == "WARN" && r.Detail != "") {
			out = append(out, r)
		}
	}
	if !failed {
		return nil
	}
	return out
}

// Lines are records as shown to the user: one line each, the same
// detail once, every secret masked (the keys in known, and whatever
// looks like one), each at most maxShown long; the run's writer escapes
// the control bytes a log may hold.
func Lines(recs []Record, known ...string) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range recs {
		s := r.Level + " " + r.Message
		if r.Detail != "" {
			if seen[r.Detail] {
				continue
			}
			seen[r.Detail] = true
			s += ": " + r.Detail
		}
		s = redact.MaskSecrets(s, known...)
		if len(s) > maxShown {
			s = strings.ToValidUTF8(s[:maxShown], "") + "…"
		}
		out = append(out, r.Time.UTC().Format("15:04:05.000")+" "+s)
	}
	return out
}
