package crush_test

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool/crush"
)

// Crush's paths per OS, from its source (internal/config/load.go,
// internal/home): the global file under ~/.config on every OS, the data
// file under %LOCALAPPDATA% on Windows only, and the variables that move
// each.
func TestCrushPaths(t *testing.T) {
	h := filepath.FromSlash("/h")
	for _, tt := range []struct {
		goos         string
		vars         map[string]string
		global, data string
	}{
		{"linux", nil, "/h/.config/crush/crush.json", "/h/.local/share/crush/crush.json"},
		{"darwin", nil, "/h/.config/crush/crush.json", "/h/.local/share/crush/crush.json"},
		{"windows", map[string]string{"LOCALAPPDATA": "/h/AppData/Local"}, "/h/.config/crush/crush.json", "/h/AppData/Local/crush/crush.json"},
		{"windows", nil, "/h/.config/crush/crush.json", "/h/AppData/Local/crush/crush.json"},
		{"linux", map[string]string{"XDG_CONFIG_HOME": "/x", "XDG_DATA_HOME": "/d"}, "/x/crush/crush.json", "/d/crush/crush.json"},
		{"windows", map[string]string{crush.GlobalVar: "/g", crush.DataVar: "/s", "XDG_DATA_HOME": "/d"}, "/g/crush.json", "/s/crush.json"},
	} {
		m := map[string]string{"HOME": h}
		for k, v := range tt.vars {
			m[k] = filepath.FromSlash(v)
		}
		e := env.FromMap(m)
		e.GOOS = tt.goos
		if g, d := crush.Global(e), crush.Data(e); g != filepath.FromSlash(tt.global) || d != filepath.FromSlash(tt.data) {
			t.Errorf("%s %v: global %s data %s, want %s %s", tt.goos, tt.vars, g, d, tt.global, tt.data)
		}
	}
	e := env.FromMap(map[string]string{"HOME": h})
	e.GOOS = "linux"
	if crush.System(e) != "/etc/crush/crush.json" {
		t.Errorf("system file %q", crush.System(e))
	}
	e.GOOS = "windows"
	if crush.System(e) != "" {
		t.Errorf("a system file on Windows: %q", crush.System(e))
	}
}
