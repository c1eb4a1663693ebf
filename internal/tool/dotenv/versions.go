package dotenv

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/format/dotenv"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Loader is a dotenv library programs load the project's .env with, and
// its rules by the library's version (docs/tools.md, ".env").
type Loader struct {
	Name  string
	Facts tool.Facts[tool.DotEnvRules]
}

// Loaders are the libraries observed, each by hand on 2026-12-02 with a
// file holding a BOM, an export prefix, quoted values and a variable
// also exported (python-dotenv's load_dotenv and dotenv_values, node
// dotenv's config and parse). No program's library version is detected,
// so the newest facts of each apply.
var Loaders = []Loader{
	{Name: "python-dotenv", Facts: tool.Facts[tool.DotEnvRules]{
		{Seen: []string{"1.2.2"}, Value: tool.DotEnvRules{ShellWins: true, ReadsBOM: false, Export: true, Quotes: true}}}},
	{Name: "dotenv (npm)", Facts: tool.Facts[tool.DotEnvRules]{
		{Seen: []string{"17.4.2"}, Value: tool.DotEnvRules{ShellWins: true, ReadsBOM: true, Export: true, Quotes: true}}}},
}

// shellWins reports whether every loader observed leaves an exported
// variable as it is: then the shell's value is what a program gets.
func shellWins() bool {
	for _, l := range Loaders {
		if !l.Facts.Value("").ShellWins {
			return false
		}
	}
	return true
}

// notReadingBOM names the loaders (with their versions) that do not skip
// a byte order mark.
func notReadingBOM() []string {
	var out []string
	for _, l := range Loaders {
		if !l.Facts.Value("").ReadsBOM {
			out = append(out, l.Name+" "+l.Facts.Newest())
		}
	}
	return out
}

// bomCheck reports a project .env that starts with a UTF-8 byte order
// mark when a loader observed reads the mark as part of the first name:
// a program using it finds that variable unset (keydoctor's reader
// skips the mark, as the tools that load their own .env do).
type bomCheck struct{ project string }

func (bomCheck) Name() string { return "dotenv-bom" }

func (c bomCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	path := File(c.project)
	b, err := safefile.ReadFile(path)
	if err != nil || !bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
		return nil
	}
	who := notReadingBOM()
	if len(who) == 0 {
		return nil
	}
	f, err := dotenv.Parse(b)
	if err != nil || len(f.Entries()) == 0 {
		return nil // config-invalid reports what does not parse
	}
	first := f.Entries()[0].Key
	at := e.Tilde(path)
	return []doctor.Finding{{Code: catalog.ConfigInvalid, Status: doctor.Warning, Tool: ID, Source: at,
		Message: fmt.Sprintf("%s starts with a UTF-8 byte order mark: %s reads the first name as \"\\ufeff%s\", so a program loading the file with it finds %s unset", at, strings.Join(who, " and "), first, first),
		Fix:     catalog.Render(catalog.ConfigInvalid, catalog.Slots{Edit: "save " + at + " as UTF-8 without a BOM", File: at})}}
}

// ChecksOffline adds the byte-order-mark check at the config stage.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageConfig, Check: bomCheck{project: o.Snapshot.Project}}}
}
