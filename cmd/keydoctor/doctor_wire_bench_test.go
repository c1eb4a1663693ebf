package main

import (
	"context"
	"errors"
	"io"
	"net"
	"path/filepath"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// benchDoctor times one full doctor run (offline and wire checks) over a
// home where Claude Code (messages), Codex (responses), Cline and .env
// (chat) point at root. The target is under 1.5 s of wall time per run,
// healthy or failing fast (issue: doctor part 2).
func benchDoctor(b *testing.B, root string, wantFailing bool) {
	home := testutil.TempDir(b)
	h := wireHome{Root: root, Key: scriptGatewayKey, Model: "gpt-4o", Tools: []string{"claude", "codex", "cline", "env"}}
	if err := h.write(home); err != nil {
		b.Fatal(err)
	}
	e := env.FromMap(map[string]string{
		"HOME": home, "TAOTOKEN_API_KEY": scriptGatewayKey, "TAOTOKEN_BASE_URL": root, "TAOTOKEN_MODEL": "gpt-4o",
	})
	run := func() {
		o := &doctorOptions{Env: e, Project: filepath.Join(home, "proj"), Timeout: 5 * time.Second, Out: io.Discard}
		err := runDoctor(context.Background(), o)
		var ee *exitError
		if failing := errors.As(err, &ee); failing != wantFailing || (err != nil && !failing) {
			b.Fatalf("doctor: %v (want failing %v)", err, wantFailing)
		}
	}
	run() // warm up: the first run pays for process-wide one-time costs
	b.ResetTimer()
	for b.Loop() {
		run()
	}
}

func BenchmarkDoctorHealthy(b *testing.B) {
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Prefix: "/api", Key: scriptGatewayKey, TPOT: time.Millisecond})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	benchDoctor(b, srv.Root(), false)
}

// BenchmarkDoctorFailFast: every path is refused at once.
func BenchmarkDoctorFailFast(b *testing.B) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	benchDoctor(b, "http://"+addr+"/api", true)
}

// BenchmarkDoctorAuthInvalid: every path is answered, and rejected, at once.
func BenchmarkDoctorAuthInvalid(b *testing.B) {
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Prefix: "/api", Key: scriptGatewayKey, Scenario: mock.AuthInvalid})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	benchDoctor(b, srv.Root(), true)
}
