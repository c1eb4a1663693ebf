package discover

import "github.com/tidwall/gjson"

// MCPServer is one entry of an MCP settings file's server object.
type MCPServer struct {
	Name string
	File string
	Line int
	// Key is the entry's dotted key in the file (mcpServers.NAME).
	Key string
	Env map[string]Value
}

// ReadMCP reads the servers of an MCP settings file: the object at key
// (mcpServers), each server's env variables with their lines. who names
// the program that reads the file, in problems.
func (s *Snapshot) ReadMCP(id, path, key, who string) []MCPServer {
	s.NotePath(path, id)
	doc, prob := LoadJSON(id, path, false)
	if prob != nil {
		s.AddProblem(*prob)
	}
	if doc == nil {
		return nil
	}
	var out []MCPServer
	servers := doc.Get(Esc(key))
	if servers.Exists() && !servers.IsObject() {
		s.AddProblem(Problem{Tool: id, File: path, Line: doc.Source(servers, "").Line,
			Message: key + " must be an object of server names to settings; " + who + " ignores it"})
		return nil
	}
	servers.ForEach(func(k, v gjson.Result) bool {
		// Nested results carry offsets relative to their parent, so every
		// position is looked up again by its full path.
		name := k.String()
		base := Esc(key) + "." + Esc(name)
		srv := MCPServer{Name: name, File: path, Line: doc.Source(doc.Get(base), "").Line, Key: key + "." + name, Env: map[string]Value{}}
		v.Get("env").ForEach(func(ek, _ gjson.Result) bool {
			vn := ek.String()
			if val, ok, _ := doc.Str(id, base+".env."+Esc(vn), srv.Key+".env."+vn); ok {
				srv.Env[vn] = val
			}
			return true
		})
		out = append(out, srv)
		return true
	})
	return out
}
