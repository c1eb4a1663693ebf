package crush_test

import (
	"context"
	"net"
	"os"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// offline runs the offline checks on a home holding crush.json.
func offline(t *testing.T, config string, vars map[string]string) []doctor.Finding {
	t.Helper()
	e, dir := envtest.Home(t, map[string]string{".config/crush/crush.json": config}, vars)
	s := discover.Discover(e, discover.Options{Project: dir})
	noGit := func(context.Context, string, ...string) (string, int, error) { return "", 128, nil }
	list := checks.Offline(checks.Options{Snapshot: s, Profile: gateway.Profile{}, Git: noGit,
		Dial: func(context.Context, string, string) (net.Conn, error) { return nil, os.ErrNotExist }})
	return doctor.Run(context.Background(), e, list, doctor.RunOptions{Timeout: time.Minute})
}

func has(fs []doctor.Finding, code catalog.Code) bool {
	for _, f := range fs {
		if f.Code == code && f.Tool == "crush" {
			return true
		}
	}
	return false
}

// Crush is a Go program: a proxy variable does not capture its loopback
// gateway (net/http never proxies loopback), while a Node tool's would.
func TestCrushLoopbackNotProxied(t *testing.T) {
	fs := offline(t, globalJSON("openai-compat", "http://127.0.0.1:15721/v1", testKey), map[string]string{"HTTPS_PROXY": "http://127.0.0.1:7890", "HTTP_PROXY": "http://127.0.0.1:7890"})
	if has(fs, catalog.ProxyCapturesLocal) {
		t.Errorf("proxy-captures-local reported for Crush's loopback base URL")
	}
}

// Only the anthropic type's /v1 is doubled: the same base is right for
// the openai-compat type.
func TestCrushDoubledVersionByType(t *testing.T) {
	if !has(offline(t, globalJSON("anthropic", "https://gw.example/v1", testKey), nil), catalog.URLDoubleVersion) {
		t.Error("an anthropic base ending in /v1 is not reported")
	}
	if has(offline(t, globalJSON("openai-compat", "https://gw.example/v1", testKey), nil), catalog.URLDoubleVersion) {
		t.Error("an openai-compat base ending in /v1 is reported")
	}
	if !has(offline(t, globalJSON("openai-compat", "https://gw.example", testKey), nil), catalog.URLMissingVersion) {
		t.Error("an openai-compat base without /v1 is not reported")
	}
}
