package qwen

import (
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/openai"
)

// Qwen Code keeps its triple at fixed keys of settings.json (Keys): the
// generic reader reads it, its modelProviders list included.

// ReadFiles reads settings.json with the generic reader.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) { discover.JSONKeys().ReadFiles(s, t) }

// Resolve is the triple the generic reader resolves, with what Qwen Code
// really sends: OPENAI_BASE_URL and OPENAI_API_KEY, from the shell or the
// .env it loads, beat security.auth.baseUrl and apiKey (unlike the model:
// model.name beats OPENAI_MODEL). A modelProviders entry beats both.
// (✓ 0.15.10, and internal/truth's check of it.)
func (impl) Resolve(s *discover.Snapshot, t tool.Tool) []discover.Tool {
	out := discover.JSONKeys().Resolve(s, t)
	for i := range out {
		if out[i].ID != ID || out[i].MCP {
			continue
		}
		effective(s, &out[i].Base, BaseURL, openai.BaseURL)
		effective(s, &out[i].Key, APIKey, openai.APIKey)
		out[i].Headers, out[i].HeadersAt = headers(Settings(s.Env), out[i].Model.Value)
	}
	return out
}

// headers are the custom headers Qwen Code sends for model and where
// they are set: its modelProviders entry's when there is one (set or
// not: the levels do not merge), else the model settings'. The file was
// read (and its problems noted) by the generic reader.
func headers(path, model string) ([]discover.Header, discover.Source) {
	at := discover.Source{File: path, Key: ModelHeaders}
	doc, _ := discover.LoadJSON(string(ID), path, true)
	if doc == nil {
		return nil, at
	}
	list := discover.EscPath(strings.Split(Providers, "."))
	for i, en := range doc.Get(list).Array() {
		if model != "" && en.Get("id").String() == model {
			n := strconv.Itoa(i)
			key := Providers + "[" + n + "]." + CustomHeaders
			return doc.Headers(list+"."+n+"."+discover.EscPath(strings.Split(CustomHeaders, ".")), key), doc.Source(en, key)
		}
	}
	return doc.Headers(discover.EscPath(strings.Split(ModelHeaders, ".")), ModelHeaders), at
}

// effective replaces v, when it is the settings' key (not a
// modelProviders entry's), by the variable that beats it. The value it
// replaces is not listed as overridden: Qwen's own check
// (value-overridden, checksenv.go) reports it with the fix that suits.
func effective(s *discover.Snapshot, v *discover.Value, key, name string) {
	if v.Source.File == "" || v.Source.Key != key {
		return
	}
	e := s.Env
	if val, ok := e.Lookup(name); ok && val != "" {
		secret(s, name, val)
		*v = discover.Value{Value: val, Source: discover.Source{Key: name, Origin: "shell"}}
		return
	}
	path := checks.FirstDotEnv(s.Project, Tool.DotEnv.Names)
	if path == "" {
		path = Tool.DotEnv.Own(e)
	}
	if val := checks.ReadDotEnv(path)[name]; val != "" {
		secret(s, name, val)
		*v = discover.Value{Value: val, Source: discover.Source{File: path, Key: name}}
	}
}

// secret registers a key read from a variable, so that output masks it.
func secret(s *discover.Snapshot, name, val string) {
	if name == openai.APIKey {
		s.Env.Secrets.Add(val)
	}
}
