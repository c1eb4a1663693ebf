package doctor

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

func check(name string, fn func(ctx context.Context) []Finding) Check {
	return CheckFunc{CheckName: name, Fn: func(ctx context.Context, _ *env.Env) []Finding { return fn(ctx) }}
}

func TestRunKeepsOrderWhateverFinishesFirst(t *testing.T) {
	release := make(chan struct{})
	checks := []Check{
		// The first check finishes last: it waits for the second.
		check("first", func(ctx context.Context) []Finding {
			<-release
			return []Finding{{Code: "a", Status: OK}}
		}),
		check("second", func(ctx context.Context) []Finding {
			close(release)
			return []Finding{{Code: "b", Status: Warning}, {Code: "c", Status: Info}}
		}),
	}
	fs := Run(context.Background(), env.FromMap(nil), checks, RunOptions{})
	var got []string
	for _, f := range fs {
		got = append(got, f.Check+"/"+string(f.Code))
	}
	if strings.Join(got, ",") != "first/a,second/b,second/c" {
		t.Errorf("order = %v", got)
	}
}

func TestRunTurnsPanicAndTimeoutIntoFailed(t *testing.T) {
	// The panic and the healthy check run under the default timeout: a
	// short one could expire before a loaded machine schedules them.
	fs := Run(context.Background(), env.FromMap(nil), []Check{
		check("panics", func(ctx context.Context) []Finding { panic("boom") }),
		check("fine", func(ctx context.Context) []Finding { return []Finding{{Code: "ok", Status: OK}} }),
	}, RunOptions{})
	if len(fs) != 2 {
		t.Fatalf("findings = %+v", fs)
	}
	if fs[0].Status != Failed || !strings.Contains(fs[0].Message, "boom") {
		t.Errorf("panic finding = %+v", fs[0])
	}
	if fs[1].Status != OK || fs[1].Check != "fine" {
		t.Errorf("healthy finding = %+v", fs[1])
	}
	// A check that never returns on its own ends only by the timeout,
	// whatever its length: a short one keeps the test fast.
	fs = Run(context.Background(), env.FromMap(nil), []Check{
		check("hangs", func(ctx context.Context) []Finding {
			<-ctx.Done() // returns only when the engine gives up on it
			return []Finding{{Code: "late", Status: OK}}
		}),
	}, RunOptions{Timeout: 20 * time.Millisecond})
	if len(fs) != 1 || fs[0].Status != Failed || !strings.Contains(fs[0].Message, "did not finish") {
		t.Errorf("timeout finding = %+v", fs)
	}
}

func TestStatusZeroValueIsNotOK(t *testing.T) {
	var s Status
	if s == OK || s.String() != "unknown" {
		t.Fatalf("zero status = %v", s)
	}
	for _, st := range []Status{OK, Info, Warning, Error, Skipped, Failed} {
		b, _ := st.MarshalText()
		var back Status
		if err := back.UnmarshalText(b); err != nil || back != st {
			t.Errorf("round trip %v: %v %v", st, back, err)
		}
	}
}

func TestReportJSONContract(t *testing.T) {
	const key = "sk-test-0123456789abcdef0123"
	p := gateway.Profile{Preset: "taotoken", BaseURL: "https://taotoken.net/api", Model: "gpt-4o", Key: key}
	fs := []Finding{
		{Check: "url-shape", Code: "url-double-version", Status: Error, Tool: "claude", Message: "m", Fix: "f", Source: "~/.claude/settings.json", Duration: 200 * time.Microsecond},
		{Check: "env", Code: "env-missing", Status: Warning},
		{Check: "env", Code: "ok", Status: OK},
	}
	r := NewReport(p, fs)
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	out := string(b)
	if strings.Contains(out, key) {
		t.Fatalf("the key leaked into JSON: %s", out)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc["schema"] != "keydoctor/report@1" {
		t.Errorf("schema = %v", doc["schema"])
	}
	prof := doc["profile"].(map[string]any)
	if prof["key"] != "sk-t****0123" || prof["name"] != "taotoken" || prof["base_url"] != "https://taotoken.net/api" {
		t.Errorf("profile = %v", prof)
	}
	f0 := doc["findings"].([]any)[0].(map[string]any)
	for _, k := range []string{"check", "code", "status", "tool", "message", "fix", "source", "duration_ms"} {
		if _, ok := f0[k]; !ok {
			t.Errorf("finding lacks %q: %v", k, f0)
		}
	}
	if f0["status"] != "error" || f0["duration_ms"] != 0.2 {
		t.Errorf("finding = %v", f0)
	}
	sum := doc["summary"].(map[string]any)
	if sum["error"] != 1.0 || sum["warning"] != 1.0 || sum["ok"] != 1.0 || sum["failed"] != 0.0 {
		t.Errorf("summary = %v", sum)
	}
	if !r.Failing(false) || NewReport(p, fs[1:]).Failing(false) || !NewReport(p, fs[1:]).Failing(true) {
		t.Error("exit rules: error fails; warning fails only when strict")
	}
}
