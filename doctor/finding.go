// Package doctor is the engine behind `keydoctor doctor`: checks, findings,
// a parallel runner with per-check timeouts, and the report.
package doctor

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/writers"
)

// Status is a finding's verdict. Its zero value is not OK.
type Status int

const (
	StatusUnknown Status = iota
	OK
	Info
	Warning
	Error
	Skipped // a precondition failed; the message names it
	Failed  // the check itself could not run (panic, timeout, bug)
)

var statusNames = [...]string{"unknown", "ok", "info", "warning", "error", "skipped", "failed"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", int(s))
}

// ParseStatus is the inverse of String.
func ParseStatus(s string) (Status, error) {
	for i, n := range statusNames {
		if n == s {
			return Status(i), nil
		}
	}
	return StatusUnknown, fmt.Errorf("unknown status %q", s)
}

func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

func (s *Status) UnmarshalText(b []byte) error {
	v, err := ParseStatus(string(b))
	*s = v
	return err
}

// Finding is one result of one check. A finding carries exactly one code.
type Finding struct {
	Check    string         `json:"check"`
	Code     catalog.Code   `json:"code"`
	Status   Status         `json:"status"`
	Tool     gateway.ToolID `json:"tool,omitempty"`
	Message  string         `json:"message"`
	Fix      string         `json:"fix,omitempty"`
	Source   string         `json:"source,omitempty"`
	Duration time.Duration  `json:"-"`
	// Evidence is what a wire check saw, key masked (issue: doctor part 2).
	Evidence *Evidence `json:"evidence,omitempty"`
	// At is the place the finding is about, typed; Source is its display
	// form (Located sets both). Zero when the finding names no file or
	// variable, or a check still sets Source alone.
	At At `json:"-"`
	// Edit is the file edit that fixes the finding, proposed by the check
	// that found it (it knows the file, the tool and what setup writes
	// there); nil when fixing it is a step for the user. `doctor --fix`
	// applies it when the code's catalog entry is FileFix.
	Edit *writers.Edit `json:"-"`
}

// At is a place in the user's configuration: a file (absolute), the line
// and column of the key in it (0 when unknown) and the key's path inside
// the file; or, with File empty, the environment variable Key.
type At struct {
	File      string
	Line, Col int
	Key       string
}

// Display is at as a finding's Source shows it: "~/x.json:3" (":3:7"
// with a column), "~/x.json", "$KEY"; "" for nowhere.
func (a At) Display(e *env.Env) string {
	switch {
	case a.File == "" && a.Key == "":
		return ""
	case a.File == "":
		return "$" + a.Key
	case a.Line > 0 && a.Col > 0:
		return fmt.Sprintf("%s:%d:%d", e.Tilde(a.File), a.Line, a.Col)
	case a.Line > 0:
		return fmt.Sprintf("%s:%d", e.Tilde(a.File), a.Line)
	}
	return e.Tilde(a.File)
}

// Located is f about the place at: its typed At, and the Source shown
// derived from it.
func (f Finding) Located(e *env.Env, at At) Finding {
	f.At, f.Source = at, at.Display(e)
	return f
}

// Evidence is the request and answer behind a wire finding. Every string
// in it is masked before it is stored here.
type Evidence struct {
	Method   string             `json:"method,omitempty"`
	URL      string             `json:"url,omitempty"`
	Headers  map[string]string  `json:"headers,omitempty"`
	Status   int                `json:"status,omitempty"`
	Body     string             `json:"body,omitempty"` // first bytes, control characters stripped
	Timings  map[string]float64 `json:"timings_ms,omitempty"`
	Curl     string             `json:"curl,omitempty"`
	Attempts int                `json:"attempts,omitempty"`
}

// MarshalJSON adds duration_ms as the contract names it.
func (f Finding) MarshalJSON() ([]byte, error) {
	type plain Finding
	return json.Marshal(struct {
		plain
		DurationMS float64 `json:"duration_ms"`
	}{plain(f), float64(f.Duration.Microseconds()) / 1000})
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (f *Finding) UnmarshalJSON(b []byte) error {
	type plain Finding
	var v struct {
		plain
		DurationMS float64 `json:"duration_ms"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*f = Finding(v.plain)
	f.Duration = time.Duration(v.DurationMS * float64(time.Millisecond))
	return nil
}

// Check is one diagnosis. A check that cannot run returns a Failed
// finding; one whose precondition failed returns Skipped naming it.
type Check interface {
	Name() string
	Run(ctx context.Context, e *env.Env) []Finding
}

// CheckFunc adapts a function to Check.
type CheckFunc struct {
	CheckName string
	Fn        func(ctx context.Context, e *env.Env) []Finding
}

func (c CheckFunc) Name() string { return c.CheckName }

func (c CheckFunc) Run(ctx context.Context, e *env.Env) []Finding { return c.Fn(ctx, e) }
