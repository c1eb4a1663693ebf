package session_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/doctor/session"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
)

const key = "sk-test-0123456789abcdef"

// recorder is a Progress that keeps what it was told.
type recorder struct{ began chan string }

func (r recorder) Begin(what, url string) func() {
	r.began <- what + " " + url
	return func() {}
}

// TestRunClimbsTheLadderOfTheToolsFound runs the session against the fake
// gateway on loopback for a tool configured by its variables: its ladder
// runs, the report counts its requests, --tool of another tool sends
// none, offline sends none, and no document carries the key.
func TestRunClimbsTheLadderOfTheToolsFound(t *testing.T) {
	ctx := context.Background()
	srv, err := mock.Start(ctx, "127.0.0.1:0", mock.Options{Key: key, Prefix: "/api"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	root := "http://" + srv.Addr() + "/api"
	e, dir := envtest.Home(t, nil, map[string]string{"OPENAI_BASE_URL": root + "/v1", "OPENAI_API_KEY": key})
	p := gateway.Profile{BaseURL: root, Key: key, Model: "gpt-4o", KeyVar: "OPENAI_API_KEY"}
	run := func(o session.Options) doctor.Report {
		t.Helper()
		o.Profile, o.Project, o.Timeout = p, dir, 10*time.Second
		res, err := session.Run(ctx, e, o)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(res.Secrets(), key) {
			t.Error("the run's secrets lack the profile's key")
		}
		b, _ := json.Marshal(res.Report)
		if strings.Contains(string(b), key) {
			t.Errorf("the report carries the key: %s", b)
		}
		return res.Report
	}

	rec := recorder{make(chan string, 100)}
	r := run(session.Options{Progress: rec})
	if r.Schema != doctor.ReportSchema || r.Requests == 0 {
		t.Fatalf("online report: schema %q, %d requests", r.Schema, r.Requests)
	}
	onWire := 0
	for _, f := range r.Findings {
		if f.Tool == "openai" && f.Check != "" && f.Duration > 0 {
			onWire++
		}
	}
	if onWire == 0 {
		t.Errorf("no finding about the tool the variables configure: %+v", r.Findings)
	}
	close(rec.began)
	saw := false
	for b := range rec.began {
		saw = saw || strings.HasPrefix(b, "POST "+root)
	}
	if !saw {
		t.Error("the progress was not told of the requests")
	}

	if r := run(session.Options{Tool: "claude"}); r.Requests != 0 {
		t.Errorf("--tool claude sent %d requests for a tool that is not it", r.Requests)
	} else {
		for _, f := range r.Findings {
			if f.Tool != "" && f.Tool != "claude" {
				t.Errorf("--tool claude kept a finding about %s", f.Tool)
			}
		}
	}
	if r := run(session.Options{Offline: true}); r.Requests != 0 {
		t.Errorf("offline sent %d requests", r.Requests)
	}
}

func TestRunRefusesAnUnreadableCAFile(t *testing.T) {
	e, dir := envtest.Home(t, nil, nil)
	_, err := session.Run(context.Background(), e, session.Options{Project: dir, Timeout: time.Second, CAFile: dir + "/missing.pem"})
	var ce *session.CAFileError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "missing.pem") {
		t.Errorf("err = %v, want a CAFileError naming the file", err)
	}
}
