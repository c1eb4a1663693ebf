package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"math/rand"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/lock"
)

// writers are the commands that write, as the concurrency tests run them:
// each changes something in the home serialHome makes.
var writerCmds = map[string][]string{
	"setup-model":      {"setup", "--yes", "--offline", "--tools", allToolsFlag, "--model", "gpt-6"},
	"setup-background": {"setup", "--yes", "--offline", "--tools", allToolsFlag, "--background-model", "bg-9"},
	"use":              {"use", "alt", "--yes"},
	"profile-set":      {"profile", "set", "taotoken", "--model", "m-z"},
	"restore":          {"restore", "--last"},
	"doctor-fix":       {"doctor", "--fix", "--yes", "--offline"},
	"init":             {"init", "--tools", "claude,env"},
}

// serialHome is a home after a setup (profile taotoken, the default) and
// 'profile add alt', whose .env then drifted to another model (doctor
// --fix has a fix to make).
func serialHome(t *testing.T, u binUser) *userHome {
	t.Helper()
	h := keyedHome(t, u)
	seedHome(h)
	h.Env = append(h.Env, "KEYDOCTOR_LOCK_WAIT=60s")
	wantCode(t, h.Run("setup", "--yes", "--offline", "--tools", allToolsFlag, "--model", "m-a"), 0)
	wantCode(t, h.Run("profile", "add", "alt", "--base-url", "https://alt.example.com/api", "--model", "m-b", "--key-env", "TAOTOKEN_API_KEY"), 0)
	h.WriteFile("proj/.env", strings.Replace(h.ReadFile("proj/.env"), "TAOTOKEN_MODEL=m-a", "TAOTOKEN_MODEL=m-old", 1), 0o600)
	return h
}

// serialState is every file a writer may change: the tools', the profile
// store and the team file.
func serialState(h *userHome) map[string]string {
	m := toolState(h)
	for _, f := range []string{".config/keydoctor/profiles.yaml", "proj/keydoctor.yaml"} {
		m[f] = h.ReadFile(f)
	}
	return m
}

// reportLine is a line of a writer's report that says what it changed.
var reportLine = regexp.MustCompile(`^(created|updated|chmod|removed|restored|unchanged|profile|added|renamed|wrote|nothing changed)\b`)

var backupName = regexp.MustCompile(`\d{8}T\d{6}\.\d{3}Z(-\d+)?`)

// claims are the lines of a run's report that say what it changed, its
// backup's name blanked, and its exit status.
func claims(code int, stdout string) string {
	var b strings.Builder
	for _, l := range strings.Split(stdout, "\n") {
		if reportLine.MatchString(l) {
			b.WriteString(backupName.ReplaceAllString(l, "BACKUP") + "\n")
		}
	}
	return b.String() + "exit " + strconv.Itoa(code)
}

// serialOutcome is what a then b, run one after the other, leave and say.
type serialOutcome struct {
	state    map[string]string
	claimsOf [2]string
}

func runSerial(t *testing.T, u binUser, a, b string) serialOutcome {
	h := serialHome(t, u)
	ra := h.Run(writerCmds[a]...)
	rb := h.Run(writerCmds[b]...)
	noCanary(t, ra)
	noCanary(t, rb)
	return serialOutcome{state: serialState(h), claimsOf: [2]string{claims(ra.Code, ra.Stdout), claims(rb.Code, rb.Stdout)}}
}

// runPair starts a and b at once in one home while the test holds the
// write lock, waits until each of them is waiting for it (or has ended
// without needing it), and lets go: they then run in whichever order
// they take the lock. It returns the state and what each said.
func runPair(t *testing.T, u binUser, a, b string) (map[string]string, [2]string, [2]string) {
	h := serialHome(t, u)
	l, err := lock.Acquire(context.Background(), h.Path(".config/keydoctor"), lock.Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	var said, errs [2]string
	type proc struct {
		out     bytes.Buffer
		stderr  strings.Builder
		waiting chan struct{}
		done    chan struct{}
		code    int
	}
	ps := [2]*proc{}
	for i, name := range []string{a, b} {
		p := &proc{waiting: make(chan struct{}), done: make(chan struct{})}
		ps[i] = p
		cmd := h.Command(writerCmds[name]...)
		cmd.Stdout = &p.out
		pr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() {
			sc, once := bufio.NewScanner(pr), false
			for sc.Scan() {
				p.stderr.WriteString(sc.Text() + "\n")
				if !once && strings.HasPrefix(sc.Text(), "keydoctor: waiting up to ") {
					once = true
					close(p.waiting)
				}
			}
			io.Copy(io.Discard, pr)
			cmd.Wait()
			p.code = cmd.ProcessState.ExitCode()
			close(p.done)
		}()
	}
	for _, p := range ps {
		select {
		case <-p.waiting:
		case <-p.done:
		case <-time.After(30 * time.Second): // a hang, not a timing: fail rather than block the suite
			t.Fatal("a run neither waited for the lock nor ended")
		}
	}
	l.Release()
	for i, p := range ps {
		<-p.done
		said[i], errs[i] = claims(p.code, p.out.String()), p.stderr.String()
		noCanary(t, runResult{Stdout: p.out.String(), Stderr: errs[i]})
	}
	return serialState(h), said, errs
}

// checkSerial runs a and b at once and fails unless the files, the
// profile store and what each run said are those of a then b, or of b
// then a. It returns the order found.
func checkSerial(t *testing.T, u binUser, a, b string, serial func(a, b string) serialOutcome) string {
	t.Helper()
	got, said, errs := runPair(t, u, a, b)
	ab := serial(a, b)
	if sameState(got, ab.state) && said == ab.claimsOf {
		return a + " then " + b
	}
	ba := serial(b, a) // only when needed: each serial outcome costs a home and two runs
	if sameState(got, ba.state) && said == [2]string{ba.claimsOf[1], ba.claimsOf[0]} {
		return b + " then " + a
	}
	for f, v := range got {
		if v != ab.state[f] || v != ba.state[f] {
			t.Logf("%s:\n--- at once\n%s\n--- %s then %s\n%s\n--- %s then %s\n%s", f, v, a, b, ab.state[f], b, a, ba.state[f])
		}
	}
	t.Fatalf("%s and %s at once are no serial order of them\nthey said:\n%s\n%s\n%s then %s says:\n%s\n%s\n%s then %s says:\n%s\n%s\nstderr:\n%s\n%s",
		a, b, said[0], said[1], a, b, ab.claimsOf[0], ab.claimsOf[1], b, a, ba.claimsOf[0], ba.claimsOf[1], errs[0], errs[1])
	return ""
}

// serialCache remembers the serial outcomes of one user's test (each
// command is deterministic from serialHome).
func serialCache(t *testing.T, u binUser) func(a, b string) serialOutcome {
	m := map[[2]string]serialOutcome{}
	return func(a, b string) serialOutcome {
		k := [2]string{a, b}
		if o, ok := m[k]; ok {
			return o
		}
		m[k] = runSerial(t, u, a, b)
		return m[k]
	}
}

// TestLockFirst is issue 23's deterministic reproductions: two runs that
// both wait for the lock, then take it one after the other. Each must plan
// from what the other wrote: 'setup --model' and 'setup
// --background-model' on one profile keep both edits; 'use alt' and
// 'doctor --fix' leave every tool on alt or (fix first) the fix
// switched by use, never a fix planned from the profile before the switch.
func TestLockFirst(t *testing.T) {
	binaryTest(t)
	forEachUser(t, func(t *testing.T, u binUser) {
		t.Parallel()
		serial := serialCache(t, u)
		for _, pair := range [][2]string{{"setup-model", "setup-background"}, {"use", "doctor-fix"}, {"restore", "use"}} {
			tally := map[string]int{}
			for i := 0; i < trialCount("KEYDOCTOR_LOCKFIRST_TRIALS", 3); i++ {
				tally[checkSerial(t, u, pair[0], pair[1], serial)]++
			}
			t.Logf("%s: %v", u.Name, tally)
		}
	})
}

// TestConcurrentWriters runs random pairs of every command that writes
// (setup, use, profile set, restore, doctor --fix, init) at once, each
// pair released together from the lock, and checks that the files and
// the profile store are those of some serial order of the two, and that
// each run said what it says in that order (no "updated" for a change
// that did not survive). KEYDOCTOR_WRITER_PAIRS=N runs N pairs per user.
func TestConcurrentWriters(t *testing.T) {
	binaryTest(t)
	names := make([]string, 0, len(writerCmds))
	for n := range writerCmds {
		names = append(names, n)
	}
	sort.Strings(names)
	forEachUser(t, func(t *testing.T, u binUser) {
		t.Parallel()
		// 50 pairs as the test's own user, fewer as nobody (the same
		// code, other owners): ≈ 50 s on 2 busy cores.
		n := trialCount("KEYDOCTOR_WRITER_PAIRS", map[bool]int{true: 50, false: 15}[u.UID < 0])
		if testing.Short() {
			n = map[bool]int{true: 8, false: 4}[u.UID < 0]
		}
		seed := time.Now().UnixNano() // logged: KEYDOCTOR_WRITER_SEED=N replays a run
		if s, err := strconv.ParseInt(os.Getenv("KEYDOCTOR_WRITER_SEED"), 10, 64); err == nil {
			seed = s
		}
		r := rand.New(rand.NewSource(seed))
		serial := serialCache(t, u)
		tally := map[string]int{}
		for i := 0; i < n; i++ {
			a, b := names[r.Intn(len(names))], names[r.Intn(len(names))]
			order := checkSerial(t, u, a, b, serial)
			tally[strings.SplitN(order, " then ", 2)[0]+" first"]++
		}
		t.Logf("%s: %d pairs (seed %d): %v", u.Name, n, seed, tally)
	})
}
