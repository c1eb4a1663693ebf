package dotenv_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/dotenv"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
)

func TestDotEnvWriter(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"new", "", "TAOTOKEN_BASE_URL=https://taotoken.net/api\nTAOTOKEN_API_KEY=" + writerstest.Key + "\nTAOTOKEN_MODEL=gpt-4o\n"},
		{"exports and comments", "# app\nexport NODE_ENV=dev # keep\n\nexport TAOTOKEN_API_KEY=\"sk-old-77777777777777\" # gateway\n",
			"# app\nexport NODE_ENV=dev # keep\n\nexport TAOTOKEN_API_KEY=\"" + writerstest.Key + "\" # gateway\nTAOTOKEN_BASE_URL=https://taotoken.net/api\nTAOTOKEN_MODEL=gpt-4o\n"},
		{"crlf bom no final newline", "\ufeffA=1\r\nTAOTOKEN_MODEL='old'", "\ufeffA=1\r\nTAOTOKEN_MODEL='gpt-4o'\r\nTAOTOKEN_BASE_URL=https://taotoken.net/api\r\nTAOTOKEN_API_KEY=" + writerstest.Key},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := writerstest.Options(t)
			path := dotenv.File(o.Project)
			if err := os.MkdirAll(o.Project, 0o755); err != nil {
				t.Fatal(err)
			}
			if tt.in != "" {
				writerstest.WriteFile(t, path, tt.in, 0o600)
			}
			p := writerstest.PlanOne(t, o, dotenv.ID)
			d := writerstest.Diff(p)
			writerstest.NoKey(t, d)
			if strings.Contains(d, "sk-old-77777777777777") {
				t.Errorf("old key shown:\n%s", d)
			}
			writerstest.Apply(t, o, p)
			if got := writerstest.ReadString(t, path); got != tt.want {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
			if fi, _ := os.Stat(path); !writerstest.NoModes && fi.Mode().Perm() != 0o600 {
				t.Errorf("mode %v", fi.Mode().Perm())
			}
			if len(writerstest.PlanOne(t, o, dotenv.ID).Pending()) != 0 {
				t.Error("second run would change")
			}
		})
	}
}

func TestDotEnvGitignore(t *testing.T) {
	tests := []struct {
		name, ignore string
		add          bool
	}{
		{"no gitignore", "", true},
		{"ignored", "node_modules/\n.env\n", false},
		{"ignored by glob", ".env*\n", false},
		{"negated", ".env*\n!.env\n", true},
		{"other", "dist\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := writerstest.Options(t)
			if err := os.MkdirAll(filepath.Join(o.Project, ".git"), 0o755); err != nil {
				t.Fatal(err)
			}
			ign := filepath.Join(o.Project, ".gitignore")
			if tt.ignore != "" {
				writerstest.WriteFile(t, ign, tt.ignore, 0o644)
			}
			p := writerstest.PlanOne(t, o, dotenv.ID)
			writerstest.Apply(t, o, p)
			got, _ := os.ReadFile(ign)
			if added := strings.HasSuffix(string(got), "/.env\n"); added != tt.add {
				t.Errorf(".gitignore = %q, want added=%v", got, tt.add)
			}
			if tt.add && p.Changes[0].Path != ign {
				t.Error(".gitignore is not written before .env")
			}
		})
	}
}

func TestDotEnvRefusesSyntaxError(t *testing.T) {
	o := writerstest.Options(t)
	writerstest.WriteFile(t, dotenv.File(o.Project), "A=1\nthis is not\n", 0o600)
	_, err := writers.MakePlan(o, []gateway.ToolID{dotenv.ID})
	var re *writers.RefusedError
	if !errors.As(err, &re) || re.Line != 2 || re.Col != 6 {
		t.Errorf("err = %v", err)
	}
}
