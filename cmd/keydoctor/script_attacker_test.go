package main

import (
	"net"
	"net/http"
	"strings"
	"sync"

	"github.com/keydoctor/keydoctor/internal/redact"

	"github.com/rogpeppe/go-internal/testscript"
)

// The "attacker": a loopback listener standing for a host a cloned
// repository names, recording every credential header it receives.
func init() {
	scriptCmds["attacker"] = scriptAttacker
	scriptCmds["heard"] = scriptHeard
}

// credentialHeaders are the headers any protocol keydoctor speaks puts a
// key in.
var credentialHeaders = []string{"Authorization", "X-Api-Key", "X-Goog-Api-Key", "Api-Key"}

// recorder is a listener that keeps every credential it was sent (raw,
// for comparing; masked, for a failing test's message: it must not print
// the canary either).
type recorder struct {
	mu    sync.Mutex
	raw   []string
	heard []string
	srv   *http.Server
	url   string
}

// startRecorder listens on 127.0.0.1 and answers every request 401 after
// keeping its credential headers (and a key in the query).
func startRecorder() (*recorder, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r := &recorder{url: "http://" + ln.Addr().String()}
	r.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		for _, h := range credentialHeaders {
			for _, v := range req.Header.Values(h) {
				r.raw, r.heard = append(r.raw, v), append(r.heard, h+": "+redact.Mask(v))
			}
		}
		if k := req.URL.Query().Get("key"); k != "" {
			r.raw, r.heard = append(r.raw, k), append(r.heard, "?key="+redact.Mask(k))
		}
		r.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		w.Write([]byte(`{"error":{"message":"invalid key"}}`))
	})}
	go r.srv.Serve(ln)
	return r, nil
}

// Heard is every credential received so far (masked), or only those
// holding key when it is not "".
func (r *recorder) Heard(key string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for i, v := range r.raw {
		if key == "" || strings.Contains(v, key) {
			out = append(out, r.heard[i])
		}
	}
	return out
}

func (r *recorder) Close() { r.srv.Close() }

var (
	scriptRecordersMu sync.Mutex
	scriptRecorders   = map[*testscript.TestScript]*recorder{}
)

// scriptAttacker starts the recorder and sets ATTACKER_URL (its root,
// with /api) and ATTACKER_HOST (host:port).
//
//	attacker
func scriptAttacker(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: attacker")
	}
	r, err := startRecorder()
	ts.Check(err)
	scriptRecordersMu.Lock()
	scriptRecorders[ts] = r
	scriptRecordersMu.Unlock()
	ts.Defer(func() {
		r.Close()
		scriptRecordersMu.Lock()
		delete(scriptRecorders, ts)
		scriptRecordersMu.Unlock()
	})
	ts.Setenv("ATTACKER_URL", r.url+"/api")
	ts.Setenv("ATTACKER_HOST", strings.TrimPrefix(r.url, "http://"))
}

// scriptHeard checks what the attacker received: "! heard" that no
// credential at all reached it, "heard" that one did (the control: the
// listener works and the command would have sent it); with KEY, only
// credentials holding that key count.
//
//	[!] heard [KEY]
func scriptHeard(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) > 1 {
		ts.Fatalf("usage: [!] heard [KEY]")
	}
	key := ""
	if len(args) == 1 {
		key = args[0]
	}
	scriptRecordersMu.Lock()
	r := scriptRecorders[ts]
	scriptRecordersMu.Unlock()
	if r == nil {
		ts.Fatalf("heard: no attacker: run attacker first")
	}
	got := r.Heard(key)
	if neg && len(got) > 0 {
		ts.Fatalf("the attacker received %d credential(s): %s", len(got), strings.Join(got, "; "))
	}
	if !neg && len(got) == 0 {
		ts.Fatalf("the attacker received no credential")
	}
}
