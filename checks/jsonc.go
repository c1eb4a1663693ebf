package checks

import (
	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/tailscale/hujson"
)

// readJSONC reads a JSON-with-comments file as standard JSON.
func readJSONC(path string) ([]byte, bool) {
	b, err := safefile.ReadFile(path)
	if err != nil {
		return nil, false
	}
	return standardJSON(b)
}

func standardJSON(b []byte) ([]byte, bool) {
	if jsonpos.CheckDepth(b) != nil {
		return nil, false
	}
	std, err := hujson.Standardize(append([]byte(nil), b...))
	if err != nil {
		return nil, false
	}
	return std, true
}
