package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

func TestTmpProfProfiles(t *testing.T) {
	h := t.TempDir()
	os.MkdirAll(h+"/proj", 0o700)
	os.MkdirAll(h+"/.config/keydoctor", 0o700)
	var b strings.Builder
	b.WriteString("default: p0\nprofiles:\n")
	for i := 0; i < 8000; i++ {
		fmt.Fprintf(&b, "  p%d:\n    base_url: https://gw%d.example/api\n    model: m%d\n    key_env: TAOTOKEN_API_KEY\n", i, i, i)
	}
	os.WriteFile(h+"/.config/keydoctor/profiles.yaml", []byte(b.String()), 0o600)
	t.Setenv("HOME", h)
	t.Setenv("XDG_CONFIG_HOME", h+"/.config")
	t.Setenv("TAOTOKEN_API_KEY", "sk-test-0123456789abcdef0123")
	t.Setenv("KEYDOCTOR_KEYRING", "off")
	t.Chdir(h + "/proj")
	os.Args = []string{"keydoctor", "status"}
	start := time.Now()
	t.Log(Main(), time.Since(start))
}
