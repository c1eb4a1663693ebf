package main

import (
	"io"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/relay"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// verifyDoc is `verify --json`: what the files say (key masked), every
// request as trace logs it (no body, no key), the verdicts, and how the
// tool ended.
type verifyDoc struct {
	Schema     string           `json:"schema"`
	Tool       string           `json:"tool"`
	OK         bool             `json:"ok"`
	Configured verifyConfigured `json:"configured"`
	Relay      string           `json:"relay"`
	Requests   []relay.Record   `json:"requests"`
	Findings   []doctor.Finding `json:"findings"`
	ToolExit   string           `json:"tool_exit,omitempty"`
	ToolOutput string           `json:"tool_output,omitempty"`
}

type verifyConfigured struct {
	BaseURL               string   `json:"base_url"`
	BaseSource            string   `json:"base_source,omitempty"`
	Model                 string   `json:"model"`
	ModelSource           string   `json:"model_source,omitempty"`
	BackgroundModel       string   `json:"background_model,omitempty"`
	BackgroundModelSource string   `json:"background_model_source,omitempty"`
	Auth                  string   `json:"auth,omitempty"`
	Key                   string   `json:"key"`
	KeySource             string   `json:"key_source,omitempty"`
	Notes                 []string `json:"notes,omitempty"`
	// Route is where the tool's requests go (Claude Code: its provider
	// switches), as status names it.
	Route *statusRoute `json:"route,omitempty"`
}

// verifyRoute is the turn's expected route, with the switch that selects
// it even on the gateway route (CLAUDE_CODE_USE_GATEWAY).
func verifyRoute(c verify.Configured) *statusRoute {
	r := c.Route
	if r.Kind == "" {
		return nil
	}
	out := &statusRoute{Kind: string(r.Kind), Name: r.Name, Title: r.Title, Source: c.RouteSource}
	if r.Switch.Set() {
		out.Value, out.Key = r.Switch.Value, r.Switch.Source.Key
	}
	return out
}

func writeVerifyJSON(w io.Writer, tool gateway.Tool, t verify.Turn, timeout time.Duration) error {
	c := t.Configured
	doc := verifyDoc{
		Schema: schemaVerify, Tool: string(tool.ID), OK: !t.Failed(), Relay: t.RelayRoot,
		Configured: verifyConfigured{
			BaseURL: c.Base, BaseSource: c.BaseSource, Model: c.Model, ModelSource: c.ModelSource,
			BackgroundModel: c.BackgroundModel, BackgroundModelSource: c.BackgroundModelSource,
			Auth: string(c.Auth), Key: redact.Mask(c.Key), KeySource: c.KeySource,
			Route: verifyRoute(c),
		},
		Requests: t.Records,
	}
	for _, n := range c.Notes {
		doc.Configured.Notes = append(doc.Configured.Notes, n)
	}
	if doc.Requests == nil {
		doc.Requests = []relay.Record{}
	}
	for _, v := range t.Verdicts {
		doc.Findings = append(doc.Findings, doctor.Finding{Check: "verify", Code: v.Code, Status: verdictStatus(v.Status),
			Tool: string(tool.ID), Message: v.What + ": " + v.Message})
	}
	if t.ToolErr != nil {
		doc.ToolExit = toolExit(t, timeout)
		doc.ToolOutput = strings.TrimSpace(t.ToolOutput)
	}
	return writeJSON(w, doc)
}

// verdictStatus is the doctor's status of the same name.
func verdictStatus(s verify.Severity) doctor.Status {
	switch s {
	case verify.OK:
		return doctor.OK
	case verify.Info:
		return doctor.Info
	case verify.Warning:
		return doctor.Warning
	}
	return doctor.Error
}
