package wire

import (
	"net/url"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// CAReader is a tool that can be given an extra CA bundle: who reads it
// (title is the title of the path's tool row) from which variable
// (docs/tools.md). A tool that is not one gets no such fix.
type CAReader interface {
	ChecksCA(title string) (who, variable string)
}

// caVariable names who reads an extra CA bundle from which variable.
func caVariable(m Path) (who, variable string) {
	if t, ok := tool.Lookup(string(m.Tool)); ok {
		if r, ok := t.Impl.(CAReader); ok {
			return r.ChecksCA(m.tool().Title)
		}
	}
	return "", ""
}

// The CA variables tools read: Node programs add NodeCA to their bundled
// roots; Rust and Python stacks honour SystemCA.
const (
	NodeCA   = "NODE_EXTRA_CA_CERTS"
	SystemCA = "SSL_CERT_FILE"
)

// protocolNeed is what the tool's protocol needs from the gateway.
func protocolNeed(m Path) string {
	switch m.tool().Protocol {
	case gateway.Messages:
		return "an Anthropic-compatible /v1/messages endpoint"
	case gateway.Responses:
		return "the Responses API (/v1/responses; wire_api = \"chat\" is no longer accepted)"
	}
	return "OpenAI chat completions (/v1/chat/completions)"
}

// redirectSlots points the tool at where the redirect goes, in its own
// form, when that is an API address; else it names the page it leads to.
func redirectSlots(s *catalog.Slots, m Path, from, loc string) {
	if loc == "" {
		return
	}
	if target, err := url.Parse(from); err == nil {
		if l, err := target.Parse(loc); err == nil {
			loc = l.String()
		}
	}
	b, ok := baseFor(m, loc)
	if r, isList := strings.CutSuffix(strings.SplitN(loc, "?", 2)[0], "/v1/models"); !ok && isList {
		b, ok = m.tool().Base(r), true
	}
	if ok {
		s.Value = b
		return
	}
	s.URL = loc
}

// baseSlots point the tool at a base URL that answers found, in the
// tool's own form and where it is set; a shell variable is named as such.
func baseSlots(m Path, found string, s catalog.Slots) catalog.Slots {
	b, ok := baseFor(m, found)
	if !ok {
		s.URL = found
		return s
	}
	s.Value, s.Was = b, m.Base
	// A shell variable wins over every file setup writes: the fix is where
	// the shell sets it, and setup is no alternative.
	if v, isVar := strings.CutPrefix(m.BaseSource, "$"); isVar {
		s.Key, s.File = v, m.BaseExport
		if s.File == "" {
			s.File = "the shell profile that exports it"
		}
		return s
	}
	s.Command = "keydoctor setup --base-url " + rootOf(b)
	return s
}
