package gemini_test

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/gemini"
)

const testKey = "sk-test-0123456789abcdef0123"

// Gemini CLI loads the first .env found walking up from the project (a
// project .env hides ~/.gemini/.env, files never merge), and an exported
// variable beats the file it loaded.
func TestResolveGeminiFirstEnvAndShell(t *testing.T) {
	e, dir := envtest.Home(t, map[string]string{
		".gemini/.env": "GOOGLE_GEMINI_BASE_URL=https://own.example\nGEMINI_API_KEY=" + testKey + "\n",
		"p/.env":       "GOOGLE_GEMINI_BASE_URL=https://project.example\n",
	}, map[string]string{"GEMINI_MODEL": "shell-model"})
	s := discover.Discover(e, discover.Options{Project: filepath.Join(dir, "p")})
	g, ok := s.Tool("gemini")
	if !ok {
		t.Fatalf("gemini not resolved; problems %+v", s.Problems)
	}
	st := gemini.StateOf(s)
	if st.EnvPath != filepath.Join(dir, "p", ".env") || st.OwnVars["GEMINI_API_KEY"].Value != testKey {
		t.Errorf("loaded %q, own vars %+v", st.EnvPath, st.OwnVars)
	}
	if g.Base.Value != "https://project.example" || g.Base.Source.Line != 1 || g.Key.Set() {
		t.Errorf("base %+v, key %+v: the project .env hides the own one", g.Base, g.Key)
	}
	if g.Model.Value != "shell-model" || g.Model.Source.Origin != "shell" {
		t.Errorf("model = %+v", g.Model)
	}
	if g.Places.Key.File != filepath.Join(dir, ".gemini", ".env") {
		t.Errorf("the key belongs in %q", g.Places.Key.File)
	}
}
