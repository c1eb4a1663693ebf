package all_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/testutil"
	tools "github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/tidwall/gjson"
)

// The conformance suite: every registered tool passes the same table, so a
// new tool gets all of it by registering. Setup tools are written with
// their writer and read back through discovery; tools that read only the
// shell are given the same triple as variables.

const (
	testKey  = "sk-test-0123456789abcdef0123"
	testRoot = "https://gw.example/api"
	model    = "gpt-4o"
)

func TestConformance(t *testing.T) {
	for _, tool := range tools.All() {
		t.Run(string(tool.ID), func(t *testing.T) { conform(t, tool) })
	}
}

// systems are the OSes whose paths every tool is written and read on: the
// files land in a throwaway directory of this machine, where each OS's
// rules (XDG_CONFIG_HOME, ~/Library/Application Support, %APPDATA%) put them.
var systems = []string{"linux", "darwin", "windows"}

// conform runs the whole suite for one tool, on each OS's paths.
func conform(t *testing.T, tool tools.Tool) {
	for _, goos := range systems {
		t.Run(goos, func(t *testing.T) { conformOn(t, tool, goos) })
	}
}

func conformOn(t *testing.T, tool tools.Tool, goos string) {
	t.Run("adapters", func(t *testing.T) {
		if !discover.Reads(tool) {
			t.Errorf("discovery has no reader for format %q", tool.Format)
		}
		if tool.Setup && !writers.Writes(tool) {
			t.Errorf("setup writes %s, but no writer handles format %q", tool.ID, tool.Format)
		}
		if tool.Setup == (tool.Format == tools.FormatShell) {
			t.Errorf("a tool is written by setup exactly when it keeps files (Setup %v, format %s)", tool.Setup, tool.Format)
		}
	})
	for _, home := range []struct {
		name  string
		messy bool
	}{{"empty home", false}, {"messy home", true}} {
		t.Run(home.name, func(t *testing.T) {
			h := newHome(t, tool, goos, home.messy)
			h.configure(t, profile(testRoot))
			h.readBack(t)
			h.kept(t)
			h.idempotent(t)
			h.restore(t)
		})
	}
	t.Run("doctor finds a doubled /v1", func(t *testing.T) {
		h := newHome(t, tool, goos, false)
		h.configure(t, profile(testRoot+"/v1"))
		h.finds(t, "url-double-version")
	})
	t.Run("doctor finds a missing /v1", func(t *testing.T) {
		if !tool.BaseHasVersion {
			t.Skipf("%s adds /v1 itself: a base without it is right", tool.Title)
		}
		h := newHome(t, tool, goos, false)
		h.configure(t, profile(testRoot))
		h.dropVersion(t)
		h.finds(t, "url-missing-version")
	})
	t.Run("masked key everywhere", func(t *testing.T) {
		h := newHome(t, tool, goos, true)
		h.configure(t, profile(testRoot))
		h.masked(t)
	})
	t.Run("verify's command line", func(t *testing.T) {
		if tool.Headless == nil {
			t.Skipf("verify does not run %s", tool.Title)
		}
		h := newHome(t, tool, goos, false)
		h.configure(t, profile(testRoot))
		h.commandLine(t)
	})
}

// configure gives the tool the triple: setup's writer, or the shell.
func (h *home) configure(t *testing.T, p gateway.Profile) {
	t.Helper()
	if !h.tool.Setup {
		v := h.tool.Vars
		h.vars[v.BaseURL], h.vars[v.Key], h.vars[v.Model] = h.tool.Base(p.BaseURL), p.Key, p.Model
		h.newEnv()
		return
	}
	plan, err := writers.MakePlan(h.options(p), []gateway.ToolID{h.tool.ID})
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	if len(plan.Pending()) == 0 {
		t.Fatal("setup plans no change")
	}
	noKey(t, "the diff", diff(plan))
	res, err := plan.Apply(writers.ApplyOptions{BackupRoot: h.e.BackupDir(), Now: time.Now(), Command: "setup"})
	if err != nil {
		t.Fatalf("apply: %v", err)
	}
	h.plan, h.backup = plan, res.Backup
}

func (h *home) snapshot() *discover.Snapshot {
	return discover.Discover(h.e, discover.OptionsFor(profile(testRoot), h.project))
}

// readBack: discovery finds the triple that was written, with no problem
// in the tool's files. A tool whose setup writes only MCP server entries
// has no triple of its own to find.
func (h *home) readBack(t *testing.T) {
	t.Helper()
	s := h.snapshot()
	for _, f := range h.files() {
		for _, p := range s.ProblemsIn(f.Path) {
			t.Errorf("discovery: %s: %s", p.At(h.e), p.Message)
		}
	}
	own, ok := s.Own(h.tool.ID)
	if h.tool.MCPOnly {
		if ok {
			t.Errorf("%s writes only MCP server entries, but discovery found a triple of its own: %+v", h.tool.ID, own)
		}
		return
	}
	if !ok {
		t.Fatalf("discovery does not find %s's triple", h.tool.ID)
	}
	wantModel := model
	if !own.NeedsModel { // a program that picks its model in code: no variable is read
		wantModel = ""
	}
	if want := h.tool.Base(testRoot); own.Base.Value != want || own.Key.Value != testKey || own.Model.Value != wantModel {
		t.Errorf("read back base %q key %s model %q, want %q, the key, %q", own.Base.Value, redact.Mask(own.Key.Value), own.Model.Value, want, wantModel)
	}
	if own.Auth != h.tool.Auth {
		t.Errorf("discovery says the key goes in %q, the description %q", own.Auth, h.tool.Auth)
	}
	if h.tool.Keys == nil {
		return
	}
	for _, f := range h.tool.Keys.Fixed {
		file, _ := h.tool.File(h.e, h.project, f.File)
		if got := gjson.GetBytes(readOrNil(t, file.Path), f.Key); got.String() != fmt.Sprint(f.Value) {
			t.Errorf("%s holds %s = %s, want %q", file.Path, f.Key, got.Raw, f.Value)
		}
	}
}

// kept: every file the user had still holds what setup does not own.
func (h *home) kept(t *testing.T) {
	t.Helper()
	for path, old := range h.before {
		if old == nil {
			continue
		}
		now := readOrNil(t, path)
		for _, frag := range messy[syntaxOf(h, path)].keep {
			if !bytes.Contains(now, []byte(frag)) {
				t.Errorf("%s lost %q:\n%s", path, frag, now)
			}
		}
	}
}

// idempotent: a second setup changes nothing.
func (h *home) idempotent(t *testing.T) {
	t.Helper()
	if !h.tool.Setup {
		return
	}
	again, err := writers.MakePlan(h.options(profile(testRoot)), []gateway.ToolID{h.tool.ID})
	if err != nil {
		t.Fatalf("second plan: %v", err)
	}
	for _, c := range again.Pending() {
		t.Errorf("a second run would change %s:\n%s", c.Path, diff(again))
	}
}

// restore puts every file back as it was before setup, byte for byte, and
// removes what setup created.
func (h *home) restore(t *testing.T) {
	t.Helper()
	if !h.tool.Setup {
		return
	}
	m, err := writers.ReadManifest(h.backup)
	if err != nil {
		t.Fatalf("the backup of the run: %v", err)
	}
	plan, err := writers.PlanRestore(m)
	if err != nil {
		t.Fatalf("plan restore: %v", err)
	}
	noKey(t, "the restore diff", diff(plan))
	if _, err := plan.Apply(writers.ApplyOptions{BackupRoot: h.e.BackupDir(), Now: time.Now().Add(time.Second), Command: "restore"}); err != nil {
		t.Fatalf("restore: %v", err)
	}
	for path, old := range h.before {
		if now := readOrNil(t, path); !bytes.Equal(now, old) {
			t.Errorf("restore left %s as\n%s\nwant\n%s", path, now, old)
		}
	}
}

// dropVersion rewrites the base setup wrote without its /v1, as a user
// who pasted the gateway root would have it.
func (h *home) dropVersion(t *testing.T) {
	t.Helper()
	if !h.tool.Setup {
		h.vars[h.tool.Vars.BaseURL] = testRoot
		h.newEnv()
		return
	}
	found := false
	for _, f := range h.files() {
		b := readOrNil(t, f.Path)
		if nb := bytes.ReplaceAll(b, []byte(testRoot+"/v1"), []byte(testRoot)); !bytes.Equal(nb, b) {
			write(t, f.Path, string(nb))
			found = true
		}
	}
	if !found {
		t.Fatalf("no file of %s holds %s/v1", h.tool.ID, testRoot)
	}
}

// finds: the offline doctor reports code for this tool, per its own rule.
func (h *home) finds(t *testing.T, code string) {
	t.Helper()
	if h.tool.MCPOnly {
		t.Skipf("%s has no triple of its own: its MCP server entry carries the gateway for the server to use", h.tool.Title)
	}
	for _, f := range h.doctor(t) {
		if string(f.Code) == code && f.Tool == h.tool.ID {
			noKey(t, "the finding", f.Message+f.Fix)
			return
		}
	}
	t.Errorf("doctor did not report %s for %s", code, h.tool.ID)
}

func (h *home) doctor(t *testing.T) []doctor.Finding {
	t.Helper()
	noGit := func(context.Context, string, ...string) (string, int, error) { return "", 128, nil }
	list := checks.Offline(checks.Options{Snapshot: h.snapshot(), Profile: profile(testRoot), Git: noGit,
		Dial: func(context.Context, string, string) (net.Conn, error) { return nil, os.ErrNotExist }})
	return doctor.Run(context.Background(), h.e, list, doctor.RunOptions{Timeout: time.Minute})
}

// masked: the offline doctor's text and JSON reports never hold the key
// (the checks mask it themselves: no last-line redaction is asked for).
func (h *home) masked(t *testing.T) {
	t.Helper()
	r := doctor.NewReport(profile(testRoot), h.doctor(t))
	var text, js bytes.Buffer
	if err := doctor.WriteText(&text, r, doctor.TextOptions{Verbose: true}); err != nil {
		t.Fatal(err)
	}
	if err := json.NewEncoder(&js).Encode(r); err != nil {
		t.Fatal(err)
	}
	noKey(t, "doctor's report", text.String())
	noKey(t, "doctor's JSON", js.String())
	if !json.Valid(js.Bytes()) {
		t.Error("doctor's JSON does not parse")
	}
}

// placeholder is an argument verify forgot to fill.
var placeholder = regexp.MustCompile(`^\{[a-z]+\}$`)

// commandLine: verify builds one headless turn pointed at the relay from
// the tool's description: every placeholder filled, the relay reached by
// the redirect the description names, the key on no command line, and
// none of the tool's own files touched.
func (h *home) commandLine(t *testing.T) {
	t.Helper()
	c, err := verify.FromSnapshot(h.snapshot(), h.tool.ID)
	if err != nil {
		t.Fatalf("verify reads %s: %v", h.tool.ID, err)
	}
	own := map[string][]byte{}
	for _, f := range h.files() {
		own[f.Path] = readOrNil(t, f.Path)
	}
	const relay = "http://127.0.0.1:9/api"
	tmp := testutil.TempDir(t)
	inv, err := verify.Prepare(h.e, c, relay, tmp)
	if err != nil {
		t.Fatalf("prepare: %v", err)
	}
	args := strings.Join(inv.Args, "\x00")
	if !strings.Contains(args, verify.Prompt) {
		t.Errorf("the turn does not send the fixed prompt: %q", inv.Args)
	}
	for _, a := range inv.Args {
		if placeholder.MatchString(a) {
			t.Errorf("placeholder %s left in %q", a, inv.Args)
		}
	}
	noKey(t, "the command line", args)
	if !strings.Contains(args+"\x00"+strings.Join(inv.Env, "\x00"), relay) && !fileHolds(t, tmp, relay) {
		t.Errorf("nothing points the turn at the relay: args %q, env %q", inv.Args, inv.Env)
	}
	for path, b := range own {
		if !bytes.Equal(readOrNil(t, path), b) {
			t.Errorf("preparing the turn changed %s", path)
		}
	}
}
