package main

import (
	"bufio"
	"context"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// sandbox is one user's machine for TestNoCanaryLeaks: a home, a project,
// a temp dir, a fake gateway that accepts only the canary, and the
// variables, key flags and stdin an input adds. Its commands run as user.
type sandbox struct {
	t                     *testing.T
	cover                 *coverage
	user                  binUser
	exe                   string // the keydoctor binary
	root, home, proj, tmp string
	bin                   string // fake tools for verify
	gw                    *mock.Server
	gwLog                 string
	env                   map[string]string
	keyArgs, urlArgs      []string
	setups                int // setup --yes runs that exited 0
	stdin                 string
}

func newSandbox(t *testing.T, cover *coverage, u binUser) *sandbox {
	root, exe, self := testutil.TempDir(t), "keydoctor", ""
	if u.UID >= 0 {
		// Another user needs a root it owns under a directory it may
		// traverse (t.TempDir's parent is private), the built binary, and
		// a copy of the test binary for the fake tools.
		var err error
		if root, err = os.MkdirTemp("", "keydoctor-leak-"); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(root) })
		exe, self = builtKeydoctor(t), sharedTestBinary(t)
	}
	s := &sandbox{t: t, cover: cover, user: u, exe: exe, root: root, home: filepath.Join(root, "home"), proj: filepath.Join(root, "home", "proj"),
		tmp: filepath.Join(root, "tmp"), bin: filepath.Join(root, "bin"), gwLog: filepath.Join(root, "gateway.log")}
	for _, d := range []string{s.proj, s.tmp, s.bin} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	s.gw = startLeakGateway(t, s.gwLog)
	s.env = map[string]string{"TAOTOKEN_BASE_URL": s.gw.Root(), "TAOTOKEN_MODEL": "gpt-4o"}
	if self == "" {
		var err error
		if self, err = os.Executable(); err != nil {
			t.Fatal(err)
		}
	}
	for _, tool := range []string{"claude", "codex"} {
		script := "#!/bin/sh\n" + fakeToolVar + "=" + tool + " exec '" + self + "' \"$@\"\n"
		s.write(filepath.Join(s.bin, tool), script)
		os.Chmod(filepath.Join(s.bin, tool), 0o755)
	}
	return s
}

// handOver gives the whole sandbox, as the input prepared it, to the
// user its commands run as.
func (s *sandbox) handOver() {
	s.t.Helper()
	if s.user.UID < 0 {
		return
	}
	err := filepath.WalkDir(s.root, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, s.user.UID, s.user.GID)
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

// wroteAsUser fails unless the session wrote as the sandbox's user: what
// its commands wrote (the trace and mock logs, everything under
// ~/.config/keydoctor) belongs to the user, there is some of it, and a
// setup --yes that succeeded left its backups. A session refused for want
// of permission would leak nothing and prove nothing.
func (s *sandbox) wroteAsUser() {
	s.t.Helper()
	if s.user.UID < 0 {
		return
	}
	n := 0
	owned := func(p string) {
		if _, err := os.Lstat(p); err != nil {
			return // a refused command writes nothing (trace of a URL with credentials)
		}
		n++
		if uid, _ := ownerOf(s.t, p); uid != s.user.UID {
			s.t.Errorf("%s belongs to uid %d, not to %s", p, uid, s.user.Name)
		}
	}
	owned(filepath.Join(s.root, "trace.jsonl"))
	owned(filepath.Join(s.root, "mock.jsonl"))
	filepath.WalkDir(filepath.Join(s.home, ".config", "keydoctor"), func(p string, _ fs.DirEntry, err error) error {
		if err == nil {
			owned(p)
		}
		return nil
	})
	if _, err := os.Stat(filepath.Join(s.home, ".config", "keydoctor", "backups")); s.setups > 0 && err != nil {
		s.t.Errorf("%d setup --yes runs succeeded as %s, but left no backups: %v", s.setups, s.user.Name, err)
	}
	if n == 0 {
		s.t.Errorf("no command of the session wrote anything as %s", s.user.Name)
	}
}

// command is keydoctor ARGS run as the sandbox's user, in the project,
// with the sandbox's environment.
func (s *sandbox) command(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, s.exe, args...)
	cmd.Dir, cmd.Env = s.proj, s.environ()
	if s.user.UID >= 0 {
		setCredential(cmd, s.user)
	}
	return cmd
}

// environ is the whole environment of a command: nothing of the test
// process leaks in but PATH (where the keydoctor binary is).
func (s *sandbox) environ() []string {
	path := s.bin + string(os.PathListSeparator) + os.Getenv("PATH")
	if filepath.IsAbs(s.exe) {
		path = s.bin + string(os.PathListSeparator) + filepath.Dir(s.exe) + string(os.PathListSeparator) + os.Getenv("PATH")
	}
	out := []string{"PATH=" + path, "HOME=" + s.home,
		"XDG_CONFIG_HOME=" + filepath.Join(s.home, ".config"), "TMPDIR=" + s.tmp, "NO_COLOR=1",
		"KEYDOCTOR_KEYRING=off"} // never a developer's real keyring
	for k, v := range s.env {
		out = append(out, k+"="+v)
	}
	return out
}

func (s *sandbox) write(path, content string) {
	s.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		s.t.Fatal(err)
	}
}

// toolFiles configures Claude Code, Codex and Cline by hand, as a user
// who never ran setup would have.
func (s *sandbox) toolFiles(base, key string) {
	s.write(filepath.Join(s.home, ".claude", "settings.json"), `{"env": {"ANTHROPIC_BASE_URL": "`+base+`", "ANTHROPIC_AUTH_TOKEN": "`+key+`", "ANTHROPIC_MODEL": "claude-sonnet-4-5"}}`+"\n")
	s.write(filepath.Join(s.home, ".codex", "config.toml"), "model = \"gpt-4o\"\nmodel_provider = \"gw\"\n\n[model_providers.gw]\nname = \"GW\"\nbase_url = \""+base+"/v1\"\nwire_api = \"responses\"\nrequires_openai_auth = true\n")
	s.write(filepath.Join(s.home, ".codex", "auth.json"), `{"OPENAI_API_KEY": "`+key+`"}`+"\n")
	s.write(filepath.Join(s.home, ".cline", "data", "settings", "providers.json"), `{"version": 1, "lastUsedProvider": "openai-compatible", "modes": {},
  "providers": {"openai-compatible": {"settings": {"provider": "openai-compatible", "apiKey": "`+key+`", "model": "gpt-4o", "baseUrl": "`+base+`/v1"}, "tokenSource": "manual", "updatedAt": "2026-01-01T00:00:00.000Z"}}}`+"\n")
}

// toolFileNames may hold the key: they are what keydoctor configures.
var toolFileNames = map[string]bool{"settings.json": true, "settings.local.json": true, "config.toml": true, "auth.json": true, "providers.json": true, ".env": true}

// scanFiles greps every file left in the sandbox except the tool files
// and the backup copies of them: logs, bench files, manifests, temp files.
func (s *sandbox) scanFiles() {
	s.t.Helper()
	backups := filepath.Join(s.home, ".config", "keydoctor", "backups") + string(filepath.Separator)
	keyStore := filepath.Join(s.home, ".config", "keydoctor", "keys") + string(filepath.Separator)
	filepath.WalkDir(s.root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path == filepath.Join(s.root, "bin") {
			return nil
		}
		name := d.Name()
		if strings.HasPrefix(path, s.bin) || (toolFileNames[name] && !strings.HasPrefix(path, backups)) {
			return nil
		}
		if strings.HasPrefix(path, backups) && name != "manifest.json" {
			return nil // copies of tool files, 0600, what restore puts back
		}
		if strings.HasPrefix(path, keyStore) {
			return nil // the profiles' key store (0600) where no keyring is: a key's home, like the tool files
		}
		b, err := os.ReadFile(path)
		if err == nil {
			s.check("file "+strings.TrimPrefix(path, s.root), string(b))
		}
		return nil
	})
}

// verify runs a fake Claude Code and Codex through the relay.
func (s *sandbox) verify() {
	s.run("verify", "claude", "--project", s.proj, "--timeout", "60s")
	s.run("verify", "codex", "--json", "--timeout", "60s")
}

// trace relays requests that carry the canary in every place a client
// puts a key, then stops like Ctrl-C; the log file is scanned later.
func (s *sandbox) trace() {
	log := filepath.Join(s.root, "trace.jsonl")
	s.long([]string{"trace", "--listen", "127.0.0.1:0", "--log", log}, "relaying ", nil)
	s.long([]string{"trace", "--listen", "127.0.0.1:0", "--log", log, "--upstream", s.gw.Root()}, "relaying ", func(root string) {
		s.send(root+"/v1/chat/completions", "Authorization", "Bearer "+leakCanary, `{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}]}`)
		s.send(root+"/v1/messages?key="+leakCanary, "X-Api-Key", leakCanary, `{"model":"claude-sonnet-4-5","max_tokens":8,"stream":true,"messages":[{"role":"user","content":"hi"}]}`)
		s.send(root+"/v1/chat/completions?api_key="+leakCanary, "Authorization", "Bearer "+leakOtherKey, `{"model":"`+leakCanary+`","messages":[]}`)
		s.send(root+"/v1/chat/completions", "Authorization", "Bearer "+leakCanary, `{"model":"`+leakCanary+`","messages":[]}`)
	})
}

// mockCommand runs `keydoctor mock` with the canary as the key it accepts.
func (s *sandbox) mockCommand() {
	s.env["MOCK_ACCEPTS"] = leakCanary
	defer delete(s.env, "MOCK_ACCEPTS")
	log := filepath.Join(s.root, "mock.jsonl")
	s.long([]string{"mock", "--addr", "127.0.0.1:0", "--key-env", "MOCK_ACCEPTS", "--log", log}, "serving ", func(root string) {
		s.send(root+"/v1/chat/completions", "Authorization", "Bearer "+leakCanary, `{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}]}`)
		s.send(root+"/v1/chat/completions?key="+leakCanary, "Authorization", "Bearer "+leakOtherKey, `{"model":"`+leakCanary+`","messages":[]}`)
		s.send(root+"/v1/messages", "X-Api-Key", leakCanary+"x", `{"model":"claude-haiku-4-5","max_tokens":8,"messages":[{"role":"user","content":"hi"}]}`)
	})
}

// long runs a command that serves until interrupted: once its stdout has
// a line starting with ready (whose second word is the root URL), drive
// runs, then the command gets SIGINT. A command that exits before it is
// ready (refused input) is checked all the same.
func (s *sandbox) long(args []string, ready string, drive func(root string)) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := s.command(ctx, args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		s.t.Fatal(err)
	}
	var errb syncBuffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	var out strings.Builder
	roots := make(chan string, 1)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			line := sc.Text()
			out.WriteString(line + "\n")
			if f := strings.Fields(line); strings.HasPrefix(line, ready) && len(f) > 1 {
				select {
				case roots <- f[1]:
				default:
				}
			}
		}
		close(roots)
	}()
	if root, ok := <-roots; ok {
		if drive != nil {
			drive(root)
		}
		cmd.Process.Signal(syscall.SIGINT)
	}
	wg.Wait()
	err = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code < 0 || code > 2 {
		s.t.Errorf("keydoctor %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	s.cover.add(args[0])
	s.check("keydoctor "+strings.Join(args, " ")+" (stdout)", out.String())
	s.check("keydoctor "+strings.Join(args, " ")+" (stderr)", errb.String())
}

// send posts one request as a client would; the answer is not judged.
func (s *sandbox) send(url, header, value, body string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(header, value)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Errorf("request through %s: %v", url[:strings.Index(url, "/v1")], err)
		return
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}
