//go:build windows

package winreg

import (
	"fmt"
	"os"
	"testing"

	"golang.org/x/sys/windows/registry"
)

// TestReadRegistry writes keys of its own under HKCU\Software (never the
// user's Environment or Internet Settings) and reads them back as Read
// reads the real ones.
func TestReadRegistry(t *testing.T) {
	base := fmt.Sprintf(`Software\keydoctor-test-%d`, os.Getpid())
	mk := func(path string) registry.Key {
		k, _, err := registry.CreateKey(registry.CURRENT_USER, path, registry.ALL_ACCESS)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { k.Close(); registry.DeleteKey(registry.CURRENT_USER, path) })
		return k
	}
	t.Cleanup(func() { registry.DeleteKey(registry.CURRENT_USER, base) })
	user, machine, inet := mk(base+`\user`), mk(base+`\machine`), mk(base+`\inet`)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(user.SetStringValue("ANTHROPIC_BASE_URL", "http://127.0.0.1:15721"))
	must(user.SetExpandStringValue("KD_TEST_EXPANDED", `%KD_TEST_HOME%\x`))
	must(user.SetDWordValue("NOT_A_STRING", 1))
	must(machine.SetStringValue("ANTHROPIC_BASE_URL", "http://machine"))
	must(machine.SetStringValue("OPENAI_BASE_URL", "https://gateway.example/v1"))
	must(inet.SetDWordValue("ProxyEnable", 0))
	must(inet.SetStringValue("ProxyServer", "127.0.0.1:7890"))
	must(inet.SetStringValue("ProxyOverride", "<local>"))
	t.Setenv("KD_TEST_HOME", `C:\Users\kd`)

	v, err := read(paths{`HKCU\` + base + `\user`, `HKCU\` + base + `\machine`, `HKCU\` + base + `\inet`})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := v.Lookup("ANTHROPIC_BASE_URL"); got.Value != "http://127.0.0.1:15721" || got.Key != `HKCU\`+base+`\user` {
		t.Errorf("user variable: %+v", got)
	}
	if got, _ := v.Lookup("OPENAI_BASE_URL"); got.Value != "https://gateway.example/v1" {
		t.Errorf("machine variable: %+v", got)
	}
	if got, _ := v.Lookup("KD_TEST_EXPANDED"); got.Value != `C:\Users\kd\x` {
		t.Errorf("REG_EXPAND_SZ not expanded: %+v", got)
	}
	if _, ok := v.Lookup("NOT_A_STRING"); ok {
		t.Error("a DWORD read as a variable")
	}
	want := Proxy{Enabled: false, Server: "127.0.0.1:7890", Override: "<local>"}
	if v.Proxy != want || !v.Proxy.Set() {
		t.Errorf("proxy = %+v, want %+v (a server left behind with ProxyEnable 0 still counts)", v.Proxy, want)
	}

	missing, err := read(paths{`HKCU\` + base + `\none`, `HKLM\` + base + `\none`, `HKCU\` + base + `\none`})
	if err != nil || len(missing.Env) != 0 || missing.Proxy.Set() {
		t.Errorf("keys that do not exist: %+v, %v; want nothing and no error", missing, err)
	}
}
