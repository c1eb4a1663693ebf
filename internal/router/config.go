package router

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/tailscale/hujson"
	"github.com/tidwall/gjson"
)

// ccrConfig is what keydoctor reads of claude-code-router's legacy
// config.json (1.x, 2.x; 3.x migrates it into config.sqlite and keeps
// reading it when no database exists) and of 3.x's app_config row, the
// same document: the providers and the default
// route. The keys (APIKEY, Providers[].api_key) are never decoded.
type ccrConfig struct {
	Providers []struct {
		Name    string   `json:"name"`
		BaseURL string   `json:"api_base_url"`
		Alt     string   `json:"baseUrl"`
		Models  []string `json:"models"`
	} `json:"Providers"`
	Router struct {
		Default string `json:"default"`
	} `json:"Router"`
}

// CCRDirs are the folders claude-code-router keeps its configuration in,
// newest first: 3.x on Windows uses %APPDATA%\claude-code-router
// (packages/core/src/runtime/app-paths.ts), every version elsewhere
// ~/.claude-code-router.
func CCRDirs(e *env.Env) []string {
	var out []string
	if e.GOOS == "windows" {
		if ad := e.Getenv("APPDATA"); ad != "" {
			out = append(out, filepath.Join(ad, "claude-code-router"))
		}
	}
	return append(out, filepath.Join(e.Home, ".claude-code-router"))
}

// ReadCCR reads where claude-code-router sends model: the provider and
// model of the route (a "provider,model" model names its own; any other
// goes to Router.default). 3.x's config.sqlite wins over config.json, as
// in 3.x (the database is authoritative once it exists; config.json is
// then a leftover it archives). nil when no configuration is found.
func ReadCCR(e *env.Env, model string) *Route {
	for _, dir := range CCRDirs(e) {
		var fromDB *Route
		if db := filepath.Join(dir, "config.sqlite"); exists(db) {
			if fromDB = routeOfDB(home(e, db), db, model); fromDB.Note == "" || fromDB.Provider != "" {
				return fromDB
			}
		}
		file := filepath.Join(dir, "config.json")
		b, err := safefile.ReadFile(file)
		if errors.Is(err, fs.ErrNotExist) {
			if fromDB != nil {
				return fromDB
			}
			continue
		}
		if err != nil {
			return &Route{File: home(e, file), Note: "not read: " + err.Error()}
		}
		return routeOf(home(e, file), b, model)
	}
	return nil
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// routeOf reads one configuration document, config.json's or the
// database's row (JSON5-ish: comments and trailing commas are accepted,
// as CCR's json5 parser does).
func routeOf(file string, b []byte, model string) *Route {
	r := &Route{File: file}
	std, err := hujson.Standardize(b)
	var c ccrConfig
	if err == nil {
		err = json.Unmarshal(std, &c)
	}
	if err != nil {
		r.Note = "not read: it does not parse"
		return r
	}
	want := c.Router.Default
	if strings.Contains(model, ",") {
		want = model
	}
	prov, m, ok := strings.Cut(want, ",")
	if !ok {
		r.Note = "no default route (Router.default \"provider,model\")"
		return r
	}
	r.Provider, r.Model = clean(strings.TrimSpace(prov)), clean(strings.TrimSpace(m))
	for i, p := range c.Providers {
		if strings.TrimSpace(p.Name) != strings.TrimSpace(prov) {
			continue
		}
		// Standardize blanks comments and trailing commas out, lines kept:
		// the entry's line is the file's.
		if at := gjson.GetBytes(std, "Providers."+strconv.Itoa(i)); at.Index > 0 {
			r.Line, r.Entry = 1+bytes.Count(std[:at.Index], []byte("\n")), "Providers["+strconv.Itoa(i)+"]"
		}
		base := p.BaseURL
		if base == "" {
			base = p.Alt
		}
		// Shown through the run's writer, which hides a URL's credentials.
		if r.Upstream, ok = shownURL(base); !ok {
			r.Note = unshownURL
		}
		return r
	}
	r.Note = "its Router.default names a provider that is not in Providers"
	return r
}

func home(e *env.Env, p string) string {
	if e.Home != "" && strings.HasPrefix(p, e.Home+string(filepath.Separator)) {
		return "~" + p[len(e.Home):]
	}
	return p
}
