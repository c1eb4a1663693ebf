package probe

import (
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/tidwall/gjson"
)

// The Gemini API (ai.google.dev/api/generate-content): a request names its
// model in the path; each answer (the whole one, or each event of an
// alt=sse stream) is a GenerateContentResponse: candidates[].content.parts[]
// with text (thought: true marks thinking), candidates[].finishReason on
// the last chunk, usageMetadata and modelVersion. The stream has no end
// event: the finishReason is its terminator. Errors follow Google's shape
// {"error":{"code":400,"message":…,"status":"INVALID_ARGUMENT","details":[…]}}.

// geminiBody is a generateContent request for prompt.
func geminiBody(prompt string, maxTokens int) map[string]any {
	return map[string]any{
		"contents":         []map[string]any{{"role": "user", "parts": []map[string]string{{"text": prompt}}}},
		"generationConfig": map[string]int{"maxOutputTokens": maxTokens},
	}
}

// gemini consumes one event of a streamGenerateContent?alt=sse stream.
func (d *Decoder) gemini(data []byte, at time.Duration) {
	r := gjson.ParseBytes(data)
	if d.errorIn(data) {
		return
	}
	if m := r.Get("modelVersion").String(); m != "" {
		d.model(m)
	}
	r.Get("candidates").ForEach(func(_, c gjson.Result) bool {
		c.Get("content.parts").ForEach(func(_, p gjson.Result) bool {
			d.delta(p.Get("text").String(), at, p.Get("thought").Bool())
			return true
		})
		if fr := c.Get("finishReason").String(); fr != "" {
			d.s.StopReason = fr
			d.s.Terminated = true
		}
		return true
	})
	// A prompt refused before any candidate: the answer ends here.
	if br := r.Get("promptFeedback.blockReason").String(); br != "" {
		d.s.StopReason = br
		d.s.Terminated = true
	}
	if u := r.Get("usageMetadata"); u.IsObject() {
		in, out := geminiUsage(u)
		d.usage.InputTokens = in
		if out > 0 || u.Get("candidatesTokenCount").Exists() {
			d.usage.OutputTokens = out
			d.hasUsage = true
		}
	}
}

// geminiUsage reads usageMetadata: input, and output with thinking tokens
// (they are produced as the answer's are, as reasoning counts elsewhere).
func geminiUsage(u gjson.Result) (in, out int) {
	// A negative count is a broken gateway's: count nothing rather than
	// less than nothing.
	return int(max(u.Get("promptTokenCount").Int(), 0)), int(max(u.Get("candidatesTokenCount").Int(), 0) + max(u.Get("thoughtsTokenCount").Int(), 0))
}

// readGeminiAnswer takes model, text and usage from a whole
// generateContent answer.
func readGeminiAnswer(res *Result, r gjson.Result) {
	res.Model = r.Get("modelVersion").String()
	var text strings.Builder
	r.Get("candidates.0.content.parts").ForEach(func(_, p gjson.Result) bool {
		if !p.Get("thought").Bool() {
			text.WriteString(p.Get("text").String())
		}
		return true
	})
	res.Text = text.String()
	res.Usage.InputTokens, res.Usage.OutputTokens = geminiUsage(r.Get("usageMetadata"))
}

// GoogleKeyRejected reports whether an error body is Google's answer to a
// key it does not accept (the catalog's rule).
func GoogleKeyRejected(body []byte) bool { return catalog.GoogleKeyRejected(body) }
