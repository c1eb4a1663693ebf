package cline

import (
	"bytes"
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Sheet is what a range of Cline CLI versions does with providers.json
// (docs/tools.md, "Cline").
type Sheet struct {
	// ReadsBOM: a providers.json starting with a UTF-8 byte order mark
	// is read; false: Cline discards it and writes its built-in provider
	// in its place, losing every provider (✓ 3.0.65: the turn then
	// waits on api.cline.bot, nothing reaches the gateway).
	ReadsBOM bool
	// LeavesHub: a headless turn without BackendMode=local starts a hub
	// daemon that keeps running after the turn (✓ 3.0.65); verify's
	// turn sets BackendLocal.
	LeavesHub bool
}

// Facts are the sheets by version, oldest first.
var Facts = tool.Facts[Sheet]{
	{Seen: []string{"3.0.65"}, Value: Sheet{ReadsBOM: false, LeavesHub: true}},
}

// bomCheck reports a providers.json with a byte order mark, judged by the
// facts of the version installed ("" : the newest).
type bomCheck struct{ version string }

func (bomCheck) Name() string { return "cline-bom" }

func (c bomCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	path := ProvidersFile(e)
	b, err := safefile.ReadFile(path)
	if err != nil || !bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) || Facts.Value(c.version).ReadsBOM {
		return nil
	}
	who := Tool.Title
	if c.version != "" {
		who += " " + c.version
	}
	return []doctor.Finding{{Code: catalog.ConfigInvalid, Status: doctor.Error, Tool: gateway.ToolID(string(ID)), Source: e.Tilde(path),
		Message: fmt.Sprintf("%s starts with a UTF-8 byte order mark: %s discards the file on its next start and writes its built-in provider in its place, losing every provider in it", e.Tilde(path), who),
		Fix:     catalog.Render(catalog.ConfigInvalid, catalog.Slots{Edit: "save " + e.Tilde(path) + " as UTF-8 without a BOM", File: e.Tilde(path)})}}
}

// ChecksOffline adds the byte-order-mark check at the config stage.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageConfig, Check: bomCheck{o.Version(ID)}}}
}
