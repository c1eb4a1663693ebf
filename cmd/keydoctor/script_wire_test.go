package main

import (
	"encoding/pem"
	"flag"
	"net/http/httptest"
	"os"

	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	scriptCmds["tlsmock"] = scriptTLSMock
	scriptCmds["blackhole"] = scriptBlackhole
}

// scriptTLSMock starts the fake gateway behind https with a throwaway
// certificate that nothing trusts:
//
//	tlsmock [--scenario NAME]
//
// It sets TLS_GATEWAY_URL (the root, prefix /api) and writes the
// certificate, PEM, to $WORK/ca.pem (what --ca-file is given).
func scriptTLSMock(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! tlsmock")
	}
	fs := flag.NewFlagSet("tlsmock", flag.ContinueOnError)
	var o mock.Options
	fs.StringVar(&o.Scenario, "scenario", "", "")
	if err := fs.Parse(args); err != nil {
		ts.Fatalf("tlsmock: %v", err)
	}
	o.Prefix, o.Key = "/api", scriptGatewayKey
	h := mock.NewHandler(o)
	srv := httptest.NewUnstartedServer(h)
	srv.StartTLS()
	ts.Defer(srv.Close)
	pemBytes := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	ts.Check(os.WriteFile(ts.MkAbs("ca.pem"), pemBytes, 0o600))
	ts.Setenv("TLS_GATEWAY_URL", srv.URL+"/api")
}

// scriptBlackhole listens on a loopback port whose accept queue is full,
// so that connecting to it times out instead of being refused: a host
// that drops packets, without leaving loopback. It sets BLACKHOLE_URL.
func scriptBlackhole(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: blackhole")
	}
	addr, closeFn, err := fullListener()
	if err != nil {
		ts.Fatalf("blackhole: %v (guard the script with [!linux] skip)", err)
	}
	ts.Defer(closeFn)
	ts.Setenv("BLACKHOLE_URL", "http://"+addr+"/api")
}
