package qwen

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/tool/openai"
	"github.com/tailscale/hujson"
	"github.com/tidwall/gjson"
)

// qwenCheck holds Qwen Code's own traps (docs/tools.md, "Qwen Code"):
// settings files it silently reset, settings model.name beating
// OPENAI_MODEL, and a partial OPENAI_* set without an auth type. What a
// file that does not parse comes to depends on the version installed
// (Facts; version "" is the newest).
type qwenCheck struct {
	snap    *discover.Snapshot
	version string
}

func (qwenCheck) Name() string { return "qwen" }

func (c qwenCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	settings := Settings(e)
	sheet := Facts.Value(c.version)
	out := qwenCorrupted(e, settings)
	doc, ok, bom := readSettings(settings)
	if bom && !sheet.ReadsBOM {
		out = append(out, doctor.Finding{Code: catalog.ConfigInvalid, Status: doctor.Error, Tool: qwenID,
			Message: fmt.Sprintf("%s starts with a UTF-8 byte order mark: %s does not parse it, and %s", e.Tilde(settings), c.title(), sheet.what()),
			Fix:     catalog.Render(catalog.ConfigInvalid, catalog.Slots{Edit: "save " + e.Tilde(settings) + " as UTF-8 without a BOM (or update Qwen Code: 0.24.4 reads it)", File: e.Tilde(settings)}),
			Source:  e.Tilde(settings)})
	}
	if !ok && sheet.RestoresOrig && fileExists(settings) && fileExists(settings+".orig") {
		out = append(out, doctor.Finding{Code: catalog.ConfigInvalid, Status: doctor.Error, Tool: qwenID,
			Message: fmt.Sprintf("%s does not parse and %s.orig exists: Qwen Code will silently replace settings.json with that older copy on its next start, losing every edit since", e.Tilde(settings), e.Tilde(settings)),
			Fix: catalog.Render(catalog.ConfigInvalid, catalog.Slots{Edit: "fix the syntax of " + e.Tilde(settings) + " before starting qwen",
				Remove: "delete " + e.Tilde(settings) + ".orig", File: e.Tilde(settings)}),
			Source: e.Tilde(settings)})
	}
	if ok && trailingComma(settings) {
		out = append(out, doctor.Finding{Code: catalog.ConfigInvalid, Status: doctor.Error, Tool: qwenID,
			Message: fmt.Sprintf("%s has a trailing comma: Qwen Code accepts comments but not trailing commas, and %s", e.Tilde(settings), sheet.what()),
			Fix:     catalog.Render(catalog.ConfigInvalid, catalog.Slots{Edit: "remove the comma before the closing } or ] in " + e.Tilde(settings)}),
			Source:  e.Tilde(settings)})
	}
	out = append(out, qwenEnvOverrides(e, c.snap.Project, doc)...)
	model := gjson.GetBytes(doc, Model).String()
	if v, set := e.Lookup(openai.Model); set && model != "" && v != model {
		out = append(out, doctor.Finding{Code: catalog.ValueOverridden, Status: doctor.Warning, Tool: qwenID,
			Message: fmt.Sprintf("Qwen Code uses model %q from %s model.name; $%s=%q is ignored (settings beat the variable in Qwen Code)", model, e.Tilde(settings), openai.Model, v),
			Fix: catalog.Render(catalog.ValueOverridden, catalog.Slots{Edit: checks.SetAt(e, discover.Source{File: settings, Key: Model}, v),
				Command: checks.SetupFor(qwenID) + " --model " + human.ShellQuote(v)}),
			Source: e.Tilde(settings)})
	}
	if gjson.GetBytes(doc, AuthType).String() == "" {
		var set, unset []string
		for _, v := range []string{openai.BaseURL, openai.APIKey, openai.Model} {
			if _, ok := e.Lookup(v); ok {
				set = append(set, v)
			} else {
				unset = append(unset, v)
			}
		}
		if len(set) > 0 && len(unset) > 0 {
			out = append(out, doctor.Finding{Code: catalog.EnvMissing, Status: doctor.Error, Tool: qwenID,
				Message: fmt.Sprintf("%s set but %s not, and %s names no auth type: headless Qwen Code stops with \"No auth type is selected\"", strings.Join(set, ", "), strings.Join(unset, ", "), e.Tilde(settings)),
				Fix: catalog.Render(catalog.EnvMissing, catalog.Slots{Edit: checks.ExportAll(e, unset), Command: checks.SetupFor(qwenID),
					Value: "the whole triple and " + AuthType, File: e.Tilde(settings)})})
		}
	}
	return out
}

// qwenID is Qwen Code's id, as findings name it.
const qwenID = "qwen"

var corruptedSuffix = regexp.MustCompile(`\.corrupted\.(\d+)$`)

// qwenCorrupted reports every settings.json.corrupted.<ms>: Qwen Code found
// the file invalid, renamed it and started with empty settings, saying so
// only in its debug log.
func qwenCorrupted(e *env.Env, settings string) []doctor.Finding {
	matches, _ := filepath.Glob(settings + ".corrupted.*")
	slices.Sort(matches)
	var out []doctor.Finding
	for _, m := range matches {
		sub := corruptedSuffix.FindStringSubmatch(m)
		if sub == nil {
			continue
		}
		when := "at an unknown time"
		if ms, err := strconv.ParseInt(sub[1], 10, 64); err == nil {
			when = "on " + time.UnixMilli(ms).UTC().Format("2006-01-02 15:04 UTC")
		}
		lost := "its settings"
		if keys := topKeys(m); len(keys) > 0 {
			lost = strings.Join(keys, ", ")
		}
		out = append(out, doctor.Finding{Code: catalog.ConfigInvalid, Status: doctor.Warning, Tool: qwenID,
			Message: fmt.Sprintf("Qwen Code found %s invalid %s, renamed it to %s and reset its settings: lost %s", e.Tilde(settings), when, e.Tilde(m), lost),
			Fix: catalog.Render(catalog.ConfigInvalid, catalog.Slots{Edit: fmt.Sprintf("copy what you still need from %s into %s (it must parse), run '%s', then delete %s",
				e.Tilde(m), e.Tilde(settings), checks.SetupFor(qwenID), human.ShellQuote(e.Tilde(m)))}),
			Source: e.Tilde(m)})
	}
	return out
}

var topKeyLine = regexp.MustCompile(`(?m)^\s{0,2}"([^"]+)"\s*:`)

// topKeys names the top-level settings a (probably broken) JSON file held:
// parsed when it parses, else the keys at the outer indentation.
func topKeys(path string) []string {
	b, err := safefile.ReadFile(path)
	if err != nil {
		return nil
	}
	var keys []string
	if doc, ok := checks.StandardJSON(b); ok {
		gjson.ParseBytes(doc).ForEach(func(k, _ gjson.Result) bool {
			keys = append(keys, k.String())
			return true
		})
		return keys
	}
	for _, m := range topKeyLine.FindAllSubmatch(b, -1) {
		if k := string(m[1]); !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// trailingComma reports whether a JSON-with-comments file has a comma
// before a closing brace or bracket.
func trailingComma(path string) bool {
	b, err := safefile.ReadFile(path)
	if err != nil {
		return false
	}
	if jsonpos.CheckDepth(b) != nil {
		return false
	}
	v, err := hujson.Parse(b)
	if err != nil {
		return false
	}
	found := false
	v.Range(func(v *hujson.Value) bool {
		switch c := v.Value.(type) {
		case *hujson.Object:
			found = found || len(c.Members) > 0 && c.Members[len(c.Members)-1].Value.AfterExtra != nil
		case *hujson.Array:
			found = found || len(c.Elements) > 0 && c.Elements[len(c.Elements)-1].AfterExtra != nil
		}
		return !found
	})
	return found
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// readSettings is settings.json as standard JSON, a UTF-8 byte order
// mark skipped (bom says there was one: whether Qwen Code reads it too
// depends on its version).
func readSettings(path string) (doc []byte, ok, bom bool) {
	b, err := safefile.ReadFile(path)
	if err != nil {
		return nil, false, false
	}
	b, bom = bytes.CutPrefix(b, []byte("\xef\xbb\xbf"))
	doc, ok = checks.StandardJSON(b)
	return doc, ok, bom
}

// title names the version judged: "Qwen Code 0.15.10", or "Qwen Code"
// when none was detected.
func (c qwenCheck) title() string {
	if c.version == "" {
		return Tool.Title
	}
	return Tool.Title + " " + c.version
}

// ChecksOffline adds Qwen Code's own checks at the layers stage, judged by
// the facts of the version installed.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageLayers, Check: qwenCheck{o.Snapshot, o.Version(ID)}}}
}
