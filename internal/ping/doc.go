package ping

import (
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// Doc is the `ping --json` document, keydoctor/ping@1: a contract
// (docs/architecture.md, Contracts).
type Doc struct {
	Schema     string             `json:"schema"`
	Profile    gateway.Public     `json:"profile"`
	Protocol   string             `json:"protocol"`
	Stream     bool               `json:"stream"`
	Method     string             `json:"method"`
	URL        string             `json:"url"`
	Status     int                `json:"status,omitempty"`
	Model      string             `json:"model,omitempty"`
	Text       string             `json:"text,omitempty"`
	Usage      *Usage             `json:"usage,omitempty"`
	TimingsMS  map[string]float64 `json:"timings_ms,omitempty"`
	TPOTMS     float64            `json:"tpot_ms,omitempty"`
	Code       catalog.Code       `json:"code,omitempty"`
	Error      string             `json:"error,omitempty"`
	RetryAfter float64            `json:"retry_after_s,omitempty"`
	Notes      []probe.Note       `json:"notes,omitempty"`
	Curl       string             `json:"curl"`
}

// Usage is the tokens the request took.
type Usage struct {
	InputTokens  int    `json:"input_tokens"`
	OutputTokens int    `json:"output_tokens"`
	Source       string `json:"source"` // server or counted
}

// NewDoc is the document of what came back.
func NewDoc(t Target, res *probe.Result) Doc {
	doc := Doc{
		Schema: Schema, Profile: t.Profile.Public(), Protocol: string(t.Request.Protocol), Stream: t.Request.Stream,
		Method: res.Method, URL: res.URL, Status: res.StatusCode, Model: res.Model, Text: res.Text,
		TimingsMS: res.Timings.Millis(), Code: res.Code, Notes: res.Notes, Curl: t.Curl(),
		RetryAfter: res.RetryAfter.Seconds(),
	}
	if res.OK() {
		src := "server"
		if !res.Usage.FromServer {
			src = "counted"
		}
		doc.Usage = &Usage{res.Usage.InputTokens, res.Usage.OutputTokens, src}
	}
	if res.Stream != nil {
		doc.TPOTMS = float64(res.Stream.TPOT()) / float64(time.Millisecond)
	}
	if res.Err != nil {
		doc.Error = res.Err.Error()
	}
	return doc
}
