package main

import (
	"net/http"
	"net/http/httptest"
	"net/url"

	"github.com/keydoctor/keydoctor/internal/relay"
	"github.com/rogpeppe/go-internal/testscript"
)

func init() { scriptCmds["testrouter"] = scriptTestRouter }

// scriptTestRouter starts a router on loopback in front of an upstream
// (a fake gateway's root), as claude-code-router or a local Portkey sits
// in front of a gateway:
//
//	testrouter [-buffer] UPSTREAM_ROOT
//
// It is keydoctor's trace relay, which forwards every request as it came
// and passes each event on as it comes, and sets ROUTER_URL to its root.
// With -buffer it holds the relay's whole answer and writes it at once,
// as a buffering router does. It stops when the script ends.
func scriptTestRouter(ts *testscript.TestScript, neg bool, args []string) {
	buffer := len(args) == 2 && args[0] == "-buffer"
	if neg || len(args) != 1 && !buffer {
		ts.Fatalf("usage: testrouter [-buffer] UPSTREAM_ROOT")
	}
	up, err := url.Parse(args[len(args)-1])
	ts.Check(err)
	rl := relay.New(relay.Options{Upstream: up})
	var h http.Handler = rl
	if buffer {
		h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := httptest.NewRecorder()
			rl.ServeHTTP(rec, r)
			for k, vs := range rec.Header() {
				w.Header()[k] = vs
			}
			w.WriteHeader(rec.Code)
			_, _ = w.Write(rec.Body.Bytes()) // the whole stream, one write
		})
	}
	srv := httptest.NewServer(h)
	ts.Defer(srv.Close)
	ts.Setenv("ROUTER_URL", srv.URL)
}
