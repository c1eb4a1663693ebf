package invocation

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/testutil"
)

func TestInvocationOf(t *testing.T) {
	dir := testutil.TempDir(t)
	onPath := filepath.Join(dir, "bin", "keydoctor")
	other := filepath.Join(dir, "elsewhere", "keydoctor")
	for _, p := range []string{onPath, other} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	found := func(string) string { return onPath }
	none := func(string) string { return "" }
	for _, c := range []struct {
		name, launcher, exe, arg0 string
		look                      func(string) string
		want                      string
	}{
		{"go run: a go-build work directory", "", "/tmp/go-build1855367624/b001/exe/keydoctor", "/tmp/go-build1855367624/b001/exe/keydoctor", none, "go run ./cmd/keydoctor"},
		{"go run on Windows", "", `C:\Users\a\AppData\Local\Temp\go-build123\b001\exe\keydoctor.exe`, `C:\Users\a\AppData\Local\Temp\go-build123\b001\exe\keydoctor.exe`, none, "go run ./cmd/keydoctor"},
		{"go run, cached in the build cache", "", "/root/.cache/go-build/3d/3d1e0c4bbe8d76f66821a0b5c1ad40eb271e3cfdc20eee44d6e02ccd80c8b1b2-d/keydoctor", "/root/.cache/go-build/3d/3d1e0c4bbe8d76f66821a0b5c1ad40eb271e3cfdc20eee44d6e02ccd80c8b1b2-d/keydoctor", none, "go run ./cmd/keydoctor"},
		{"a directory that only looks like a cache action", "", "/opt/abc-d/keydoctor", "/opt/abc-d/keydoctor", none, "/opt/abc-d/keydoctor"},
		{"npx", "npx", "/p/node_modules/@keydoctor/linux-x64/bin/keydoctor", "/p/node_modules/@keydoctor/linux-x64/bin/keydoctor", found, "npx keydoctor"},
		{"npm install -g: the launcher is on PATH", "npm", "/usr/lib/node_modules/@keydoctor/linux-x64/bin/keydoctor", "/usr/lib/node_modules/@keydoctor/linux-x64/bin/keydoctor", found, "keydoctor"},
		{"a project's npm dependency", "npm", "/p/node_modules/@keydoctor/linux-x64/bin/keydoctor", "/p/node_modules/@keydoctor/linux-x64/bin/keydoctor", none, "npx keydoctor"},
		{"on PATH", "", onPath, "keydoctor", found, "keydoctor"},
		{"by path, another keydoctor on PATH", "", other, "./keydoctor", found, "./keydoctor"},
		{"by path, none on PATH", "", other, "dist/keydoctor_linux_amd64_v1/keydoctor", none, "dist/keydoctor_linux_amd64_v1/keydoctor"},
		{"a path that would not paste back", "", other, "./key doctor/keydoctor", none, "keydoctor"},
		{"terminal escapes in argv[0]", "", other, "./\x1b]0;pwned\x07keydoctor", none, "keydoctor"},
		{"an unknown launcher value is ignored", "curl|sh", other, "./keydoctor", none, "./keydoctor"},
		{"a directory named exe outside go-build", "", "/opt/exe/keydoctor", "/opt/exe/keydoctor", none, "/opt/exe/keydoctor"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := of(c.launcher, c.exe, c.arg0, c.look); got != c.want {
				t.Errorf("of(%q, %q, %q) = %q, want %q", c.launcher, c.exe, c.arg0, got, c.want)
			}
		})
	}
}
