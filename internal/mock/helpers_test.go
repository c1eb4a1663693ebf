package mock

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	gosse "github.com/tmaxmax/go-sse"
)

const testKey = "sk-test-0123456789abcdef0123"

// startTest starts a gateway on loopback that stops with the test.
func startTest(t testing.TB, o Options) *Server {
	t.Helper()
	if o.Key == "" {
		o.Key = testKey
	}
	if o.Prefix == "" {
		o.Prefix = "/api"
	}
	s, err := Start(context.Background(), "127.0.0.1:0", o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// answer is one response, its SSE events parsed back when it streamed.
type answer struct {
	status int
	header http.Header
	body   []byte
	events []gosse.Event
	json   map[string]any // the body, when it is JSON
}

type call1 struct {
	method, path, body, scenario, auth string
	header                             map[string]string
}

// do sends one request with a deadline and reads the whole answer.
func do(t testing.TB, s *Server, c call1) answer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if c.method == "" {
		c.method = http.MethodPost
	}
	req, err := http.NewRequestWithContext(ctx, c.method, s.Root()+c.path, strings.NewReader(c.body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	switch c.auth {
	case "":
		req.Header.Set("Authorization", "Bearer "+testKey)
	case "none":
	default:
		req.Header.Set("Authorization", "Bearer "+c.auth)
	}
	for k, v := range c.header {
		req.Header.Set(k, v)
	}
	if c.scenario != "" {
		req.Header.Set(ScenarioHeader, c.scenario)
	}
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	a := answer{status: resp.StatusCode, header: resp.Header, body: b}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		for ev, err := range gosse.Read(bytes.NewReader(b), &gosse.ReadConfig{MaxEventSize: 1 << 20}) {
			if err != nil {
				t.Fatalf("parsing the stream: %v\n%s", err, b)
			}
			a.events = append(a.events, ev)
		}
	} else if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(b, &a.json); err != nil {
			t.Fatalf("parsing the body: %v\n%s", err, b)
		}
	}
	return a
}

var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// data decodes the JSON data of every event but a [DONE].
func (a answer) data(t testing.TB) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, ev := range a.events {
		if ev.Data == "[DONE]" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(ev.Data), &m); err != nil {
			t.Fatalf("event %q: %v", ev.Data, err)
		}
		out = append(out, m)
	}
	return out
}

func (a answer) types() []string {
	var out []string
	for _, ev := range a.events {
		out = append(out, ev.Type)
	}
	return out
}

// get walks a decoded JSON value by keys and indexes: get(m, "choices", 0, "delta").
func get(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[k]
		case int:
			l, ok := v.([]any)
			if !ok || k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

func str(v any, path ...any) string { s, _ := get(v, path...).(string); return s }

func num(v any, path ...any) int { f, _ := get(v, path...).(float64); return int(f) }
