package dotenv_test

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
)

// testKey is an obvious fake key.
const testKey = "sk-test-0123456789abcdef0123"

// home writes files (relative to a temp home) and returns an Env whose
// variables are vars plus HOME.
var home = envtest.Home

func TestResolveDotEnvShellWins(t *testing.T) {
	e, dir := home(t, map[string]string{
		"p/.env": "# gateway\nexport TAOTOKEN_BASE_URL=https://file.example/api\nTAOTOKEN_API_KEY='" + testKey + "'\nTAOTOKEN_MODEL=gpt-4o\n",
	}, map[string]string{"TAOTOKEN_MODEL": "shell-model"})
	s := discover.Discover(e, discover.Options{Project: filepath.Join(dir, "p")})
	d, ok := s.Tool("env")
	if !ok {
		t.Fatal(".env not resolved")
	}
	if d.Base.Value != "https://file.example/api" || d.Base.Source.Line != 2 {
		t.Errorf("base = %+v", d.Base)
	}
	if d.Key.Value != testKey || d.Key.Source.Line != 3 {
		t.Errorf("key source = %+v", d.Key.Source)
	}
	if d.Model.Value != "shell-model" || d.Model.Source.Key != "TAOTOKEN_MODEL" || d.Model.Source.File != "" ||
		len(d.Model.Overrides) != 1 || d.Model.Overrides[0].Source.Line != 4 {
		t.Errorf("model = %+v", d.Model)
	}
}
