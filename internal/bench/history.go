package bench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// HistoryFile is the name of the history in keydoctor's data directory.
const HistoryFile = "bench-history.jsonl"

// AppendHistory adds one run to a history: one JSON line, the report as
// --json prints it but on one line and without a comparison verdict. The
// directory is made private (0700), the file 0600: a history names the
// gateways and models used, never a key.
func AppendHistory(path string, r Report) error {
	r.Comparison = nil
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	// one write: a line is whole or absent, even with runs side by side
	if _, err := f.Write(buf.Bytes()); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// LoadHistory reads a history. A line that is not a saved run is skipped
// and named in skipped (line number: reason), so that one torn line does
// not hide the rest.
func LoadHistory(path string) (runs []Report, skipped []string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return readHistory(f)
}

// readHistory reads history lines from r.
func readHistory(r io.Reader) (runs []Report, skipped []string, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		rep, err := parseReport(line)
		if err != nil {
			skipped = append(skipped, fmt.Sprintf("line %d: %v", n, err))
			continue
		}
		runs = append(runs, rep)
	}
	return runs, skipped, sc.Err()
}
