// Package wire holds the doctor's network checks: for each exact path a
// configured tool will take to the gateway, a ladder (reach, auth, models,
// request, stream, latency, background model) that stops at the first
// broken rung, with its own HTTP client interface, request meter, retry
// policy and model-list cache.
//
// It lives under checks, not internal, because it is one of the doctor's
// check families (it returns doctor findings, as package checks does), and
// apart from checks because it is a subsystem of its own: checks holds only
// the offline checks, which read files and variables and never call the
// gateway. Which code a failure gets, and the fix text, come from
// internal/catalog; the ladder decides only which rung breaks and fills the
// fix's slots with the tool's own values.
package wire

import (
	"net/http"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Path is one way one tool reaches the gateway: exactly what it will send.
// It is independent of discovery's types so that the wire checks can be
// given paths by anyone (discovery, tests, a benchmark).
type Path struct {
	Tool   gateway.ToolID
	Base   string // base URL as the tool has it configured, not normalised
	Key    string
	KeyVar string // the variable curl commands refer to, e.g. the preset's key variable
	// KeySetup is what a pasted curl runs first so that $KeyVar holds the
	// key ("" when the shell has it already): see keySetup.
	KeySetup string
	Auth     gateway.Auth
	Model    string
	// BackgroundModel is the tool's small, fast model, which also goes
	// through the gateway; BackgroundSource says where it is set (or, when
	// BackgroundDefault says it is the tool's built-in default, the
	// file where it belongs).
	BackgroundModel, BackgroundSource string
	BackgroundDefault                 bool
	// BaseAt, KeyAt, ModelAt and BackgroundAt are the places BaseSource,
	// KeySource, ModelSource and BackgroundSource name, typed (zero for a
	// tool's default): a finding's At.
	BaseAt, KeyAt, ModelAt, BackgroundAt doctor.At
	Protocol                             gateway.Protocol
	// BaseSource says where Base came from (file and key, or variable),
	// so that a fix can name the exact place to edit.
	BaseSource string
	// BaseExport is the shell profile line that exports the base URL's
	// variable ("~/.bashrc:12"), when BaseSource is a variable and a
	// profile sets it: where a fix must be made, since setup cannot.
	BaseExport string
	KeySource  string // where Key came from, the same way
	// ModelSource says where Model came from, the same way.
	ModelSource string
	// Rule is the row of the tool table whose URL rules apply, when it is
	// not Tool's own (an MCP server entry carrying OPENAI_BASE_URL).
	Rule gateway.Tool
	// NoKey: the tool sends no key (a local Ollama or LM Studio provider).
	NoKey bool
	// KeyHelper: the key comes from a command the tool runs (a key
	// helper its settings name); RunKeyHelpers runs it.
	KeyHelper bool
	// HelperFailed is why the key command failed when RunKeyHelpers ran
	// it (its exit status, its deadline, no output): the path's own
	// finding, key-helper-failed, not a skip.
	HelperFailed string
	// Headers are the extra headers the tool sends with each request
	// (discover.Tool.Headers): every probe of the path sends them too.
	Headers []discover.Header
	// HeadersKey and HeadersSource are the tool's setting of its extra
	// headers and the file (and line) it is in ("" for a variable): where
	// a header the gateway requires goes.
	HeadersKey, HeadersSource string
	// Skip, when set, is why this path is not probed (the finding says it).
	Skip string
}

// tool is the row of the tool table this path follows. A path built for a
// tool outside the table behaves like an OpenAI SDK: base with /v1, chat.
func (p Path) tool() gateway.Tool {
	if p.Rule.ID != "" {
		t := p.Rule
		if p.Protocol != "" {
			t.Protocol = p.Protocol
		}
		return t
	}
	t := tool.Wire(p.Tool)
	if p.Protocol != "" {
		t.Protocol = p.Protocol
	}
	return t
}

// URL is the URL the tool will request: its base as configured plus the
// endpoint it appends, with no normalisation (what the tool does), and the
// query it adds (its description's Query, e.g. beta=true
// after /v1/messages, docs/tools.md).
func (p Path) URL() string {
	u := p.tool().WillRequest(p.Base)
	if q := p.tool().Query; q != "" {
		u += "?" + q
	}
	return u
}

// ModelsURL is the model list at the same prefix as the tool's endpoint:
// …/v1/messages → …/v1/models.
func (p Path) ModelsURL() string {
	u := p.tool().WillRequest(p.Base)
	if proto := p.tool().Protocol; proto == gateway.Gemini {
		// …/v1beta/models/{model}:streamGenerateContent → …/v1beta/models
		return strings.TrimSuffix(u, proto.Path()) + proto.ModelsPath()
	}
	endpoint := strings.TrimPrefix(p.tool().Protocol.Path(), "/v1")
	return strings.TrimSuffix(u, endpoint) + "/models"
}

// modelsRoot is the gateway root whose /v1/models sits beside the tool's
// endpoint; for a tool whose base lacks the /v1 it needs, the normalised
// root (the list is still worth reading).
func (p Path) modelsRoot() string {
	if r, ok := strings.CutSuffix(p.ModelsURL(), p.modelsPath()); ok {
		return r
	}
	return rootOf(p.Base)
}

// key identifies what goes on the wire: two tools with the same key send
// byte-for-byte the same request and share one probe.
func (p Path) key() string {
	auth := p.Auth
	if auth == "" {
		auth = p.tool().Auth
	}
	parts := []string{string(p.tool().Protocol), p.URL(), string(auth), p.Key, p.Model, p.BackgroundModel, p.Skip}
	for _, h := range p.Headers {
		parts = append(parts, strings.ToLower(h.Name)+": "+h.Value.Value)
	}
	return strings.Join(parts, "\x00")
}

// Header is what the tool sends besides its key (Headers), for a probe
// request; nil when nothing.
func (p Path) Header() http.Header { return discover.HTTPHeader(p.Headers) }

// Route is a path probed once on behalf of every tool that takes it.
type Route struct {
	Path           // the first tool's path
	Members []Path // every tool's path that sends exactly this, in order
}

// GroupPaths merges identical paths, keeping the order in which they first
// appear, so that each distinct request is made once.
func GroupPaths(paths []Path) []Route {
	var out []Route
	index := map[string]int{}
	for _, p := range paths {
		if p.Auth == "" {
			p.Auth = p.tool().Auth
		}
		if p.Protocol == "" {
			p.Protocol = p.tool().Protocol
		}
		k := p.key()
		if i, ok := index[k]; ok {
			if !hasTool(out[i].Members, p.Tool) {
				out[i].Members = append(out[i].Members, p)
			}
			continue
		}
		index[k] = len(out)
		out = append(out, Route{Path: p, Members: []Path{p}})
	}
	return out
}

func hasTool(ps []Path, t gateway.ToolID) bool {
	for _, x := range ps {
		if x.Tool == t {
			return true
		}
	}
	return false
}

// modelsPath is the model list's path below the gateway root: the Gemini
// API's own for a tool that speaks it, else /v1/models.
func (p Path) modelsPath() string {
	if proto := p.tool().Protocol; proto == gateway.Gemini {
		return proto.ModelsPath()
	}
	return gateway.Chat.ModelsPath()
}
