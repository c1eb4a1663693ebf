package catalog

import (
	"errors"
	"strings"
	"testing"
)

func TestAsk(t *testing.T) {
	for _, c := range []struct {
		query, want, notExplained string
	}{
		{"url-double-version", "url-double-version: ", ""},
		{"local proxy failed", "most likely means:", ""},
		{"  ", "", "explain needs a code"},
		{"url-dubble-version", "", "unknown code"},
		{"418", "", "no diagnosis code is about HTTP 418"},
	} {
		a, err := Ask(c.query)
		var ne *NotExplained
		if c.notExplained != "" {
			if !errors.As(err, &ne) || !strings.Contains(ne.Message, c.notExplained) || ne.Hint == "" {
				t.Errorf("Ask(%q) = %v, want NotExplained %q with a hint", c.query, err, c.notExplained)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Ask(%q): %v", c.query, err)
		}
		var b strings.Builder
		a.WriteText(&b)
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("Ask(%q) printed %q, want it to contain %q", c.query, b.String(), c.want)
		}
	}
}
