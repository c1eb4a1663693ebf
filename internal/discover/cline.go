package discover

import (
	"fmt"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/tidwall/gjson"
)

// clineID names the Cline CLI in problems and paths.
const clineID = string(gateway.Cline)

// ClineEntry is one provider of Cline's providers.json.
type ClineEntry struct {
	ID                  string
	Line                int
	BaseURL, Key, Model Value
	// Provider is settings.provider: "openai-compatible", "anthropic", …
	Provider            Value
	HasSettings         bool
	HasUpdatedAt        bool
	UpdatedAtNotAString bool
}

// Cline is what the Cline CLI reads.
type Cline struct {
	ProvidersPath string
	Exists        bool
	LastUsed      Value
	Entries       []ClineEntry
	MCPPath       string
	MCPServers    []MCPServer
}

// MCPServer is one entry of a cline_mcp_settings.json mcpServers object.
type MCPServer struct {
	Name string
	File string
	Line int
	Env  map[string]Value
}

func (s *Snapshot) readCline(tool.Tool) {
	c := &s.Cline
	c.ProvidersPath = tool.ClineProvidersFile(s.Env)
	s.notePath(c.ProvidersPath, clineID)
	doc, prob := loadJSON(clineID, c.ProvidersPath)
	if prob != nil {
		c.Exists = true
		s.addProblem(*prob)
	}
	if doc != nil {
		c.Exists = true
		c.LastUsed, _, _ = doc.str(clineID, tool.ClineLastUsed, tool.ClineLastUsed)
		doc.get(tool.ClineProviders).ForEach(func(k, v gjson.Result) bool {
			c.Entries = append(c.Entries, s.clineEntry(doc, k.String(), v))
			return true
		})
	}
	c.MCPPath = tool.ClineCLIMCP(s.Env)
	c.MCPServers = s.readMCP(clineID, c.MCPPath)
}

// clineEntry reads one provider entry of providers.json.
func (s *Snapshot) clineEntry(doc *jsonDoc, id string, v gjson.Result) ClineEntry {
	base := tool.ClineProviders + "." + esc(id)
	keyBase := tool.ClineProviders + "." + id
	en := ClineEntry{ID: id, Line: doc.source(doc.get(base), "").Line}
	en.HasSettings = v.Get(tool.ClineSettings).IsObject()
	u := v.Get(tool.ClineUpdatedAt)
	en.HasUpdatedAt = u.Exists()
	en.UpdatedAtNotAString = u.Exists() && u.Type != gjson.String
	for _, f := range []struct {
		dst  *Value
		name string
	}{{&en.BaseURL, tool.ClineBaseURL}, {&en.Key, tool.ClineAPIKey}, {&en.Model, tool.ClineModel}, {&en.Provider, tool.ClineKind}} {
		in := "." + tool.ClineSettings + "." + f.name
		val, ok, prob := doc.str(clineID, base+in, keyBase+in)
		if prob != nil {
			s.addProblem(*prob)
		}
		if ok {
			*f.dst = val
		}
	}
	return en
}

// readMCP reads the mcpServers of a cline_mcp_settings.json.
func (s *Snapshot) readMCP(id, path string) []MCPServer {
	s.notePath(path, id)
	doc, prob := loadJSON(id, path)
	if prob != nil {
		s.addProblem(*prob)
	}
	if doc == nil {
		return nil
	}
	var out []MCPServer
	servers := doc.get(tool.ClineMCPServers)
	if servers.Exists() && !servers.IsObject() {
		s.addProblem(Problem{Tool: id, File: path, Line: doc.source(servers, "").Line,
			Message: "mcpServers must be an object of server names to settings; Cline ignores it"})
		return nil
	}
	servers.ForEach(func(k, v gjson.Result) bool {
		// Nested results carry offsets relative to their parent, so every
		// position is looked up again by its full path.
		name := k.String()
		base := tool.ClineMCPServers + "." + esc(name)
		srv := MCPServer{Name: name, File: path, Line: doc.source(doc.get(base), "").Line, Env: map[string]Value{}}
		v.Get("env").ForEach(func(ek, _ gjson.Result) bool {
			vn := ek.String()
			if val, ok, _ := doc.str(id, base+".env."+esc(vn), tool.ClineMCPServers+"."+name+".env."+vn); ok {
				srv.Env[vn] = val
			}
			return true
		})
		out = append(out, srv)
		return true
	})
	return out
}

// Auth is the header Cline sends this entry's apiKey in: x-api-key for
// its anthropic provider, bearer for the OpenAI-style ones.
func (en ClineEntry) Auth() gateway.Auth {
	if en.Provider.Value == tool.ClineAnthropic || en.ID == tool.ClineAnthropic {
		return gateway.AuthXAPIKey
	}
	return gateway.AuthBearer
}

// Active is the provider entry Cline uses: lastUsedProvider's.
func (c Cline) Active() (*ClineEntry, bool) {
	for i := range c.Entries {
		if c.Entries[i].ID == c.LastUsed.Value {
			return &c.Entries[i], true
		}
	}
	return nil, false
}

func (s *Snapshot) resolveCline(t tool.Tool) []Tool {
	c := s.Cline
	var out []Tool
	gw := c.gatewayEntry()
	en, active := c.Active()
	switch {
	case active && (en.BaseURL.Set() || gw == nil):
		ct := s.clineTool(en)
		if !en.BaseURL.Set() {
			// Another provider with no base URL of ours, on purpose.
			ct.Route = Route{Kind: RouteProvider, Name: en.ID, Title: "Cline's " + en.ID + " provider", Switch: c.LastUsed}
			s.Elsewhere = append(s.Elsewhere, ct)
			break
		}
		out = append(out, ct)
	case gw != nil:
		// The gateway's entry is there but not selected: Cline uses the
		// selected provider, or with none (or a dangling one) its built-in
		// "cline" provider (3.0.65, docs/tools.md).
		ct := s.clineTool(gw)
		ct.Route = Route{Kind: RouteProvider, Name: tool.ClineBuiltIn, Title: "Cline's built-in provider", Switch: c.LastUsed, Want: gw.ID}
		if active {
			ct.Route.Name, ct.Route.Title = en.ID, "Cline's "+en.ID+" provider"
		}
		if !c.LastUsed.Set() {
			ct.Route.Switch = Value{Source: Source{File: c.ProvidersPath, Key: tool.ClineLastUsed}}
		}
		out = append(out, ct)
	case c.LastUsed.Set() && len(c.Entries) > 0:
		s.addProblem(Problem{Tool: clineID, File: c.ProvidersPath, Line: c.LastUsed.Source.Line,
			Message: fmt.Sprintf("lastUsedProvider is %q, but providers has no such entry", sanitize(c.LastUsed.Value)),
			Edit:    fmt.Sprintf("add the %q entry to providers in %s (or point lastUsedProvider at an entry it has)", sanitize(c.LastUsed.Value), s.Env.Tilde(c.ProvidersPath)),
			Setup:   true})
	}
	return append(out, s.resolveMCP(t.ID, "Cline CLI", c.MCPServers)...)
}

// gatewayEntry is the entry that carries a base URL: the one setup
// writes (openai-compatible) first, else the first with one.
func (c Cline) gatewayEntry() *ClineEntry {
	var found *ClineEntry
	for i := range c.Entries {
		en := &c.Entries[i]
		if !en.BaseURL.Set() {
			continue
		}
		if en.ID == tool.ClineGateway {
			return en
		}
		if found == nil {
			found = en
		}
	}
	return found
}

// clineTool is the triple of the provider entry Cline uses.
func (s *Snapshot) clineTool(en *ClineEntry) Tool {
	c := s.Cline
	t := Tool{ID: gateway.Cline, Rule: tool.Wire(gateway.Cline), Label: "Cline CLI (provider " + en.ID + ")", NeedsModel: true,
		Base: en.BaseURL, Key: en.Key, Model: en.Model, KeyName: tool.ClineAPIKey}
	pre := tool.ClineProviders + "." + en.ID + "." + tool.ClineSettings + "."
	t.Places = Places{Source{File: c.ProvidersPath, Key: pre + tool.ClineBaseURL}, Source{File: c.ProvidersPath, Key: pre + tool.ClineAPIKey}, Source{File: c.ProvidersPath, Key: pre + tool.ClineModel}}
	if en.Auth() == gateway.AuthXAPIKey {
		t.Rule = tool.ClineAnthropicWire
	}
	if en.Key.Set() {
		t.Credentials = []Value{en.Key}
		t.Auth = en.Auth()
	}
	return t
}
