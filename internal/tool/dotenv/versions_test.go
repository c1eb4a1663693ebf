package dotenv_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	format "github.com/keydoctor/keydoctor/internal/format/dotenv"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool/dotenv"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
)

// fakeKey is an obvious fake; no output may carry it.
const fakeKey = "sk-test-dotenv-0123456789"

// TestBOMWarnsForPython: a project .env with a byte order mark loses
// its first variable to python-dotenv 1.2.2 (node dotenv 17.4.2 reads
// it): a warning naming the library, its version and the variable.
func TestBOMWarnsForPython(t *testing.T) {
	body := "TAOTOKEN_BASE_URL=https://gw.example/api\nTAOTOKEN_API_KEY=" + fakeKey + "\n"
	for _, tt := range []struct {
		name, file, want string
	}{
		{"a mark", "\ufeff" + body, `python-dotenv 1.2.2 reads the first name as "\ufeffTAOTOKEN_BASE_URL", so a program loading the file with it finds TAOTOKEN_BASE_URL unset`},
		{"no mark", body, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			project := testutil.TempDir(t)
			e := env.FromMap(map[string]string{"HOME": testutil.TempDir(t)})
			if err := os.WriteFile(filepath.Join(project, ".env"), []byte(tt.file), 0o600); err != nil {
				t.Fatal(err)
			}
			got := tooltest.Messages(tooltest.Findings(t, e, project, dotenv.Tool, "", fakeKey),
				func(f doctor.Finding) bool { return f.Code == catalog.ConfigInvalid })
			if tt.want == "" && len(got) > 0 || tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want)) {
				t.Errorf("want %q, got %q", tt.want, got)
			}
		})
	}
}

// TestParserAgreesWithLoaders: keydoctor's parser reads an export
// prefix and quoted values as every loader observed does (their Export
// and Quotes facts), so what it predicts from a .env is what they load.
func TestParserAgreesWithLoaders(t *testing.T) {
	f, err := format.Parse([]byte("export EXP=2\nSQ='a b # c'\nDQ=\"x\\ny\"\nBARE=v # comment\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"EXP": "2", "SQ": "a b # c", "DQ": "x\ny", "BARE": "v"}
	for _, l := range dotenv.Loaders {
		r := l.Facts.Value("")
		if !r.Export || !r.Quotes {
			t.Errorf("%s %s: export %v, quotes %v: the parser would predict otherwise", l.Name, l.Facts.Newest(), r.Export, r.Quotes)
		}
	}
	for k, v := range want {
		if got, _ := f.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
}
