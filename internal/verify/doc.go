package verify

import (
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/relay"
	"github.com/keydoctor/keydoctor/internal/status"
)

// Schema names the document of `verify --json` and its version.
const Schema = "keydoctor/verify@1"

// Doc is `verify --json`: what the files say (key masked), every request
// as trace logs it (no body, no key), the verdicts, and how the tool
// ended.
type Doc struct {
	Schema     string           `json:"schema"`
	Tool       string           `json:"tool"`
	OK         bool             `json:"ok"`
	Configured ConfiguredDoc    `json:"configured"`
	Relay      string           `json:"relay"`
	Requests   []relay.Record   `json:"requests"`
	Findings   []doctor.Finding `json:"findings"`
	ToolExit   string           `json:"tool_exit,omitempty"`
	ToolOutput string           `json:"tool_output,omitempty"`
	// ToolLog are the lines of the tool's own log about the failure.
	ToolLog []string `json:"tool_log,omitempty"`
}

// ConfiguredDoc is what the tool's files say, as Doc shows it.
type ConfiguredDoc struct {
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
	// Route is where the tool's requests go (its provider switches).
	Route *status.Route `json:"route,omitempty"`
}

// routeDoc is the turn's expected route as status's document names a
// route, with the switch that selects it even on the gateway route.
func routeDoc(c Configured) *status.Route {
	r := c.Route
	if r.Kind == "" {
		return nil
	}
	out := &status.Route{Kind: string(r.Kind), Name: r.Name, Title: r.Title, Source: c.RouteSource}
	if r.Switch.Set() {
		out.Value, out.Key = r.Switch.Value, r.Switch.Source.Key
	}
	return out
}

// NewDoc is the document of one turn of tool; timeout is the turn's
// deadline, named when the tool did not finish within it.
func NewDoc(tool gateway.Tool, t Turn, timeout time.Duration) *Doc {
	c := t.Configured
	doc := &Doc{
		Schema: Schema, Tool: string(tool.ID), OK: !t.Failed(), Relay: t.RelayRoot,
		Configured: ConfiguredDoc{
			BaseURL: c.Base, BaseSource: c.BaseSource, Model: c.Model, ModelSource: c.ModelSource,
			BackgroundModel: c.BackgroundModel, BackgroundModelSource: c.BackgroundModelSource,
			Auth: string(c.Auth), Key: c.ShownKey(), KeySource: c.KeySource,
			Route: routeDoc(c),
		},
		Requests: t.Records,
	}
	doc.Configured.Notes = append(doc.Configured.Notes, c.Notes...)
	if doc.Requests == nil {
		doc.Requests = []relay.Record{}
	}
	for _, v := range t.Verdicts {
		doc.Findings = append(doc.Findings, doctor.Finding{Check: "verify", Code: v.Code, Status: v.Status.Doctor(),
			Tool: tool.ID, Message: v.What + ": " + v.Message})
	}
	if t.ToolErr != nil {
		doc.ToolExit = toolExit(t, timeout)
		doc.ToolOutput = strings.TrimSpace(t.ToolOutput)
		doc.ToolLog = t.ToolLog
	}
	return doc
}
