package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// The canary: a key passed through every input keydoctor accepts must never
// show up in anything a command prints or writes, except the tool files
// it configures (and their backups). canaryCore is the part redact.Mask
// never shows, so a masked key passes and any longer piece fails.
const (
	leakCanary   = "sk-canary-7f3a9c1e5b2d4a6f8e0c"
	leakOtherKey = "sk-other-00000000000000000beef"
)

var canaryCore = leakCanary[4 : len(leakCanary)-4]

// leakInput is one way the canary reaches keydoctor.
type leakInput struct {
	name string
	// keyed: the canary is the key commands use, so the fake gateway (which
	// accepts only the canary) must see it accepted at least once.
	keyed   bool
	prepare func(s *sandbox)
}

var leakInputs = []leakInput{
	{"variable", true, func(s *sandbox) {
		s.env["TAOTOKEN_API_KEY"] = leakCanary
	}},
	{"key-env", true, func(s *sandbox) {
		s.env["MY_GATEWAY_KEY"] = leakCanary
		s.keyArgs = []string{"--key-env", "MY_GATEWAY_KEY"}
	}},
	{"key-stdin", true, func(s *sandbox) {
		s.stdin = leakCanary + "\n"
		s.keyArgs = []string{"--key-stdin"}
	}},
	{"dotenv", true, func(s *sandbox) {
		delete(s.env, "TAOTOKEN_BASE_URL")
		delete(s.env, "TAOTOKEN_MODEL")
		s.write(filepath.Join(s.proj, ".env"), "TAOTOKEN_BASE_URL="+s.gw.Root()+"\nTAOTOKEN_API_KEY="+leakCanary+"\nTAOTOKEN_MODEL=gpt-4o\n")
	}},
	{"settings", true, func(s *sandbox) {
		s.toolFiles(s.gw.Root(), leakCanary)
	}},
	{"codex-login", false, func(s *sandbox) {
		s.env["TAOTOKEN_API_KEY"] = leakOtherKey
		s.write(filepath.Join(s.home, ".codex", "auth.json"), `{
  "OPENAI_API_KEY": null,
  "tokens": {
    "id_token": "`+leakCanary+`",
    "access_token": "`+leakCanary+`",
    "refresh_token": "`+leakCanary+`",
    "account_id": "acc-1"
  },
  "last_refresh": "2026-01-01T00:00:00Z"
}
`)
	}},
	{"url-userinfo", false, func(s *sandbox) {
		host := strings.TrimPrefix(s.gw.Root(), "http://")
		s.env["TAOTOKEN_API_KEY"] = leakOtherKey
		s.env["TAOTOKEN_BASE_URL"] = "http://u:" + leakCanary + "@" + host
		s.urlArgs = []string{"--base-url", "http://" + leakCanary + "@" + host}
		s.toolFiles("http://me:"+leakCanary+"@"+host, leakOtherKey)
	}},
	{"url-query", false, func(s *sandbox) {
		s.env["TAOTOKEN_API_KEY"] = leakOtherKey
		s.env["TAOTOKEN_BASE_URL"] = s.gw.Root() + "?key=" + leakCanary
		s.urlArgs = []string{"--base-url", s.gw.Root() + "?api_key=" + leakCanary + "&x=1"}
		s.toolFiles(s.gw.Root()+"?token="+leakCanary, leakOtherKey)
	}},
}

// TestNoCanaryLeaks drives every command of the root command with the
// canary through every input and greps everything: stdout, stderr, --json,
// diffs, the backups listing, trace and mock logs, bench --save/--raw,
// error messages, and every file left in the sandbox that is not a tool
// file. A command without a case here fails the test.
func TestNoCanaryLeaks(t *testing.T) {
	if testing.Short() {
		t.Skip("drives every command many times")
	}
	// As root the same session also runs as nobody: temp files, backups,
	// logs and error messages (permission ones included) take other paths
	// for an ordinary user, and each is output that must stay masked.
	//
	// Not a binaryTest: its halves are a chain (the inputs, then the
	// coverage they add up to), and behind every other test's subtests in
	// the queue for -parallel's slots it would end last. It runs before
	// them, its two halves at once, their inputs filling the slots.
	forEachUser(t, func(t *testing.T, u binUser) {
		t.Parallel()
		canaryLeaks(t, u)
	})
}

// canaryLeaks runs every input's session as u.
func canaryLeaks(t *testing.T, u binUser) {
	covered := &coverage{runs: map[string]int{}}
	t.Run("inputs", func(t *testing.T) {
		for _, in := range leakInputs {
			t.Run(in.name, func(t *testing.T) {
				t.Parallel()
				s := newSandbox(t, covered, u)
				in.prepare(s)
				s.handOver()
				s.session()
				s.scanFiles()
				s.wroteAsUser()
				covered.add("(inputs)")
				if in.keyed && !s.gatewayAccepted() {
					t.Errorf("the fake gateway never accepted the canary: the input did not reach any request")
				}
			})
		}
		t.Run("no-key-commands", func(t *testing.T) {
			t.Parallel()
			s := newSandbox(t, covered, u)
			s.env["TAOTOKEN_API_KEY"] = leakCanary
			// the demo's gateways at a quarter of their delays: what it
			// prints is scanned, not its timings (demo_runs.txtar)
			s.env[mock.TimeScaleVar] = "0.25"
			s.handOver()
			s.run("demo")
			s.run("explain", "--list")
			s.run("explain", "auth-invalid")
			s.run("completion", "bash") // a command of its own since its help says what bash needs
			s.scanFiles()
			covered.add("(inputs)")
		})
	})
	if covered.count("(inputs)") < len(leakInputs)+1 {
		t.Logf("not every input ran (-run): which commands are covered is not judged")
		return
	}
	var missing []string
	for _, c := range newRootCmd(env.FromMap(nil)).Commands() {
		if covered.count(c.Name()) == 0 {
			missing = append(missing, c.Name())
		}
	}
	if len(missing) > 0 {
		t.Errorf("commands without a canary case (add them to the session in leak_test.go): %v", missing)
	}
	t.Logf("canary as %s: %d command runs over %d inputs; per command: %s", u.Name, covered.total()-covered.count("(inputs)"), len(leakInputs), covered)
}

// session runs every command the way a user would, in one home.
func (s *sandbox) session() {
	for _, flags := range [][]string{{"--dry-run"}, {"--dry-run", "--json"}, {"--yes", "--json"}, {"--yes"}} {
		s.run(append(append([]string{"setup"}, flags...), "--tools", "claude,codex,cline,env", "--project", s.proj)...)
	}
	s.run("status", "--project", s.proj)
	s.run("status", "--json", "--project", s.proj)
	s.run("doctor", "--offline", "--verbose", "--project", s.proj)
	s.run("doctor", "--json", "--verbose", "--project", s.proj, "--timeout", "20s")
	s.run("doctor", "--bench", "--project", s.proj, "--timeout", "20s", "--tool", "claude")
	s.run("ping", "--timeout", "20s")
	s.run("ping", "--json", "--stream", "--protocol", "messages", "--timeout", "20s")
	save, raw := filepath.Join(s.root, "bench.json"), filepath.Join(s.root, "raw.jsonl")
	s.run("bench", "-n", "2", "--warmup", "0", "--yes", "--json", "--save", save, "--raw", raw, "--timeout", "20s")
	s.run("bench", "-n", "2", "--warmup", "0", "--yes", "--csv", "--timeout", "20s")
	if _, err := os.Stat(save); err == nil {
		s.run("bench", "--compare", save, "--yes", "--max-regression", "100000%", "--timeout", "20s")
	}
	s.verify()
	s.trace()
	s.mockCommand()
	s.mcpSession()
	s.run("restore")
	s.run("restore", "--json")
	s.run("restore", "--last", "--dry-run")
	s.run("restore", "--last", "--dry-run", "--json")
	s.run("restore", "--last", "--json")
	s.run("restore", "--last") // undoes the restore
	s.run("profile", "list")
	s.run("profile", "list", "--json")
	s.run("profile", "show", "taotoken", "--json")
	s.run("use", "taotoken", "--dry-run", "--project", s.proj)
	s.run("use", "taotoken", "--yes", "--project", s.proj)
	s.run("init", "--project", s.proj)
	team := filepath.Join(s.proj, "keydoctor.yaml")
	s.run("trust", team)
	s.run("trust", "--list")
	s.run("trust", "--revoke", team)
	s.run("trust", team)
	s.run("version")
}

// takesKey are the commands with the profile flags (--key-env,
// --key-stdin, --base-url).
var takesKey = map[string]bool{"setup": true, "doctor": true, "status": true, "ping": true, "bench": true}

// run runs keydoctor ARGS as a user would (a process of its own, the
// sandbox's environment) and checks both streams for the canary.
func (s *sandbox) run(args ...string) (int, string) {
	s.t.Helper()
	if takesKey[args[0]] {
		args = append(append(args, s.keyArgs...), s.urlArgs...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := s.command(ctx, args...)
	cmd.Stdin = strings.NewReader(s.stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := cmd.ProcessState.ExitCode()
	if err != nil && code < 0 {
		s.t.Fatalf("keydoctor %s: %v", strings.Join(args, " "), err)
	}
	s.cover.add(args[0])
	if args[0] == "setup" && args[1] == "--yes" && code == 0 {
		s.setups++
	}
	s.check("keydoctor "+strings.Join(args, " ")+" (stdout)", out.String())
	s.check("keydoctor "+strings.Join(args, " ")+" (stderr)", errb.String())
	if code > 2 {
		s.t.Errorf("keydoctor %s: exit status %d\n%s", strings.Join(args, " "), code, errb.String())
	}
	return code, out.String()
}

// check fails when text holds any part of the canary longer than a mask.
func (s *sandbox) check(what, text string) {
	s.t.Helper()
	if i := strings.Index(text, canaryCore); i >= 0 {
		from, to := max(0, i-120), min(len(text), i+len(canaryCore)+40)
		s.t.Errorf("LEAK in %s:\n…%s…", strings.ReplaceAll(what, leakCanary, "$CANARY"), text[from:to])
	}
}

// gatewayAccepted reports whether the fake gateway answered a request
// that carried the canary (its log shows keys masked).
func (s *sandbox) gatewayAccepted() bool {
	b, _ := os.ReadFile(s.gwLog)
	for _, line := range strings.Split(string(b), "\n") {
		if strings.Contains(line, `"status":200`) && strings.Contains(line, `"key":"`+redact.Mask(leakCanary)+`"`) {
			return true
		}
	}
	return false
}

// coverage counts runs per command across parallel sandboxes.
type coverage struct {
	mu   sync.Mutex
	runs map[string]int
}

func (c *coverage) add(cmd string) { c.mu.Lock(); c.runs[cmd]++; c.mu.Unlock() }
func (c *coverage) count(cmd string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.runs[cmd]
}

func (c *coverage) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.runs {
		n += v
	}
	return n
}

func (c *coverage) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var parts []string
	for k, v := range c.runs {
		if k != "(inputs)" {
			parts = append(parts, k+" "+strconv.Itoa(v))
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// startLeakGateway runs the fake gateway that accepts only the canary,
// logging to a file that is scanned like every other output.
func startLeakGateway(t *testing.T, logPath string) *mock.Server {
	t.Helper()
	f, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Prefix: "/api", Key: leakCanary, Tokens: 4, Logger: f})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close(); f.Close() })
	return srv
}
