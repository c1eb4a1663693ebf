package discover

import (
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/toolpaths"
	"github.com/tidwall/gjson"
)

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

func (s *Snapshot) readCline() {
	c := &s.Cline
	c.ProvidersPath = toolpaths.ClineProviders(s.Env)
	s.notePath(c.ProvidersPath, "cline")
	doc, prob := loadJSON("cline", c.ProvidersPath)
	if prob != nil {
		c.Exists = true
		s.addProblem(*prob)
	}
	if doc != nil {
		c.Exists = true
		c.LastUsed, _, _ = doc.str("cline", "lastUsedProvider", "lastUsedProvider")
		doc.get("providers").ForEach(func(k, v gjson.Result) bool {
			id := k.String()
			base := "providers." + esc(id)
			keyBase := "providers." + id
			en := ClineEntry{ID: id, Line: doc.source(doc.get(base), "").Line}
			en.HasSettings = v.Get("settings").IsObject()
			u := v.Get("updatedAt")
			en.HasUpdatedAt = u.Exists()
			en.UpdatedAtNotAString = u.Exists() && u.Type != gjson.String
			for _, f := range []struct {
				dst  *Value
				name string
			}{{&en.BaseURL, "baseUrl"}, {&en.Key, "apiKey"}, {&en.Model, "model"}, {&en.Provider, "provider"}} {
				val, ok, prob := doc.str("cline", base+".settings."+f.name, keyBase+".settings."+f.name)
				if prob != nil {
					s.addProblem(*prob)
				}
				if ok {
					*f.dst = val
				}
			}
			c.Entries = append(c.Entries, en)
			return true
		})
	}
	c.MCPPath = toolpaths.ClineCLIMCP(s.Env)
	c.MCPServers = s.readMCP("cline", c.MCPPath)
}

// readMCP reads the mcpServers of a cline_mcp_settings.json.
func (s *Snapshot) readMCP(tool, path string) []MCPServer {
	s.notePath(path, tool)
	doc, prob := loadJSON(tool, path)
	if prob != nil {
		s.addProblem(*prob)
	}
	if doc == nil {
		return nil
	}
	var out []MCPServer
	servers := doc.get("mcpServers")
	if servers.Exists() && !servers.IsObject() {
		s.addProblem(Problem{Tool: tool, File: path, Line: doc.source(servers, "").Line,
			Message: "mcpServers must be an object of server names to settings; Cline ignores it"})
		return nil
	}
	servers.ForEach(func(k, v gjson.Result) bool {
		// Nested results carry offsets relative to their parent, so every
		// position is looked up again by its full path.
		name := k.String()
		base := "mcpServers." + esc(name)
		srv := MCPServer{Name: name, File: path, Line: doc.source(doc.get(base), "").Line, Env: map[string]Value{}}
		v.Get("env").ForEach(func(ek, _ gjson.Result) bool {
			vn := ek.String()
			if val, ok, _ := doc.str(tool, base+".env."+esc(vn), "mcpServers."+name+".env."+vn); ok {
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
	if en.Provider.Value == "anthropic" || en.ID == "anthropic" {
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
