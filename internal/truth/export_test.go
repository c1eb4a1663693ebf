package truth

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// PredictCase is what keydoctor's reader predicts for a case, its files
// written under dir with root as the gateway root (no CLI is run).
func PredictCase(t testing.TB, d tool.Tool, s Suite, c Case, dir, root string) (Request, error) {
	home, project := filepath.Join(dir, "home"), filepath.Join(dir, "project")
	ph := placeholders{root: root, home: home}
	for _, d := range []string{home, project} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{}
	for name, body := range s.Files {
		files[name] = body
	}
	for name, body := range c.Files {
		files[name] = body
	}
	for name, body := range files {
		if err := writeFile(casePath(name, home, project), expand(body, ph)); err != nil {
			t.Fatal(err)
		}
	}
	return predict(caseEnv(home, os.Getenv("PATH"), d, s, c, ph), d, project)
}
