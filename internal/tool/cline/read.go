package cline

import (
	"fmt"

	"github.com/keydoctor/keydoctor/internal/discover"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/tidwall/gjson"
)

// clineID names the Cline CLI in problems and paths.
const clineID = string(ID)

// Entry is one provider of Cline's providers.json.
type Entry struct {
	ID                  string
	Line                int
	BaseURL, Key, Model discover.Value
	// Headers are settings.headers.
	Headers []discover.Header
	// Provider is settings.provider: "openai-compatible", "anthropic", …
	Provider            discover.Value
	HasSettings         bool
	HasUpdatedAt        bool
	UpdatedAtNotAString bool
}

// State is what the Cline CLI reads (StateOf).
type State struct {
	ProvidersPath string
	Exists        bool
	LastUsed      discover.Value
	Entries       []Entry
	MCPPath       string
	MCPServers    []discover.MCPServer
}

// StateOf is what discovery read of the Cline CLI's files into s (empty
// when it did not read them).
func StateOf(s *discover.Snapshot) *State { return discover.StateFor[State](s, ID) }

// ReadFiles reads providers.json and the CLI's MCP settings.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	c := &State{}
	s.SetState(t.ID, c)
	c.ProvidersPath = ProvidersFile(s.Env)
	s.NotePath(c.ProvidersPath, clineID)
	doc, prob := discover.LoadJSON(clineID, c.ProvidersPath, false)
	if prob != nil {
		c.Exists = true
		s.AddProblem(*prob)
	}
	if doc != nil {
		c.Exists = true
		c.LastUsed, _, _ = doc.Str(clineID, LastUsed, LastUsed)
		doc.Get(Providers).ForEach(func(k, v gjson.Result) bool {
			c.Entries = append(c.Entries, clineEntry(s, doc, k.String(), v))
			return true
		})
	}
	c.MCPPath = CLIMCP(s.Env)
	c.MCPServers = s.ReadMCP(clineID, c.MCPPath, MCPServers, "Cline")
}

// clineEntry reads one provider entry of providers.json.
func clineEntry(s *discover.Snapshot, doc *discover.JSONDoc, id string, v gjson.Result) Entry {
	base := Providers + "." + discover.Esc(id)
	keyBase := Providers + "." + id
	en := Entry{ID: id, Line: doc.Source(doc.Get(base), "").Line}
	en.HasSettings = v.Get(Settings).IsObject()
	u := v.Get(UpdatedAt)
	en.HasUpdatedAt = u.Exists()
	en.UpdatedAtNotAString = u.Exists() && u.Type != gjson.String
	en.Headers = doc.Headers(base+"."+Settings+"."+Headers, keyBase+"."+Settings+"."+Headers)
	for _, f := range []struct {
		dst  *discover.Value
		name string
	}{{&en.BaseURL, BaseURL}, {&en.Key, APIKey}, {&en.Model, Model}, {&en.Provider, Kind}} {
		in := "." + Settings + "." + f.name
		val, ok, prob := doc.Str(clineID, base+in, keyBase+in)
		if prob != nil {
			s.AddProblem(*prob)
		}
		if ok {
			*f.dst = val
		}
	}
	return en
}

// Auth is the header Cline sends this entry's apiKey in: x-api-key for
// its anthropic provider, bearer for the OpenAI-style ones.
func (en Entry) Auth() gateway.Auth {
	if en.Provider.Value == Anthropic || en.ID == Anthropic {
		return gateway.AuthXAPIKey
	}
	return gateway.AuthBearer
}

// Active is the provider entry Cline uses: lastUsedProvider's.
func (c State) Active() (*Entry, bool) {
	for i := range c.Entries {
		if c.Entries[i].ID == c.LastUsed.Value {
			return &c.Entries[i], true
		}
	}
	return nil, false
}

// Resolve is the triple of the provider entry Cline uses, and one per MCP
// server whose env carries a gateway triple.
func (impl) Resolve(s *discover.Snapshot, t tool.Tool) []discover.Tool {
	c := StateOf(s)
	var out []discover.Tool
	gw := c.gatewayEntry()
	en, active := c.Active()
	switch {
	case active && (en.BaseURL.Set() || gw == nil):
		ct := clineTool(s, en)
		if !en.BaseURL.Set() {
			// Another provider with no base URL of ours, on purpose.
			ct.Route = discover.Route{Kind: discover.RouteProvider, Name: en.ID, Title: "Cline's " + en.ID + " provider", Switch: c.LastUsed}
			s.Elsewhere = append(s.Elsewhere, ct)
			break
		}
		out = append(out, ct)
	case gw != nil:
		// The gateway's entry is there but not selected: Cline uses the
		// selected provider, or with none (or a dangling one) its built-in
		// "cline" provider (3.0.65, docs/tools.md).
		ct := clineTool(s, gw)
		ct.Route = discover.Route{Kind: discover.RouteProvider, Name: BuiltIn, Title: "Cline's built-in provider", Switch: c.LastUsed, Want: gw.ID}
		if active {
			ct.Route.Name, ct.Route.Title = en.ID, "Cline's "+en.ID+" provider"
		}
		if !c.LastUsed.Set() {
			ct.Route.Switch = discover.Value{Source: discover.Source{File: c.ProvidersPath, Key: LastUsed}}
		}
		out = append(out, ct)
	case c.LastUsed.Set() && len(c.Entries) > 0:
		s.AddProblem(discover.Problem{Tool: clineID, File: c.ProvidersPath, Line: c.LastUsed.Source.Line,
			Message: fmt.Sprintf("lastUsedProvider is %q, but providers has no such entry", discover.Sanitize(c.LastUsed.Value)),
			Edit:    fmt.Sprintf("add the %q entry to providers in %s (or point lastUsedProvider at an entry it has)", discover.Sanitize(c.LastUsed.Value), s.Env.Tilde(c.ProvidersPath)),
			Setup:   true})
	}
	return append(out, s.ResolveMCP(t.ID, "Cline CLI", c.MCPServers)...)
}

// gatewayEntry is the entry that carries a base URL: the one setup
// writes (openai-compatible) first, else the first with one.
func (c State) gatewayEntry() *Entry {
	var found *Entry
	for i := range c.Entries {
		en := &c.Entries[i]
		if !en.BaseURL.Set() {
			continue
		}
		if en.ID == Gateway {
			return en
		}
		if found == nil {
			found = en
		}
	}
	return found
}

// clineTool is the triple of the provider entry Cline uses.
func clineTool(s *discover.Snapshot, en *Entry) discover.Tool {
	c := StateOf(s)
	t := discover.Tool{ID: ID, Rule: tool.Wire(ID), Label: "Cline CLI (provider " + en.ID + ")", NeedsModel: true,
		Base: en.BaseURL, Key: en.Key, Model: en.Model, KeyName: APIKey}
	pre := Providers + "." + en.ID + "." + Settings + "."
	t.Places = discover.Places{Base: discover.Source{File: c.ProvidersPath, Key: pre + BaseURL}, Key: discover.Source{File: c.ProvidersPath, Key: pre + APIKey}, Model: discover.Source{File: c.ProvidersPath, Key: pre + Model}}
	if en.Auth() == gateway.AuthXAPIKey {
		t.Rule = AnthropicWire
	}
	if en.Key.Set() {
		t.Credentials = []discover.Value{en.Key}
		t.Auth = en.Auth()
	}
	t.Headers, t.HeadersAt = en.Headers, discover.Source{File: c.ProvidersPath, Line: en.Line, Key: pre + Headers}
	return t
}
