package checks

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
)

// Every fix an offline check gives comes from its code's one catalog
// template (catalog.Render), with the specifics as slots: a Fix written
// any other way, or rendered from another code than the finding's, fails
// here. Findings without a code (an info line no catalog entry covers)
// and an empty fix are allowed. The checks of the tool packages
// (internal/tool/<id>) are held to the same rule.
func TestEveryFixIsRenderedFromTheCatalog(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	own, err := filepath.Glob("../internal/tool/*/*.go")
	if err != nil || len(own) == 0 {
		t.Fatal("no tool package found", err)
	}
	files = append(files, own...)
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		text := func(n ast.Node) string {
			return string(src[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
		}
		bad := func(n ast.Node, why string) {
			t.Errorf("%s: %s: %s", fset.Position(n.Pos()), why, text(n))
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				return n.Name.Name != "finding" && n.Name.Name != "Finding" // their callers are checked
			case *ast.CompositeLit:
				var code, fix ast.Expr
				for _, el := range n.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					switch id, _ := kv.Key.(*ast.Ident); {
					case id == nil:
					case id.Name == "Code":
						code = kv.Value
					case id.Name == "Fix":
						fix = kv.Value
					}
				}
				if fix != nil && code != nil {
					if why := rendered(text, fix, code); why != "" {
						bad(fix, why)
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "Fix" {
						if n.Tok != token.ASSIGN || i >= len(n.Rhs) || !isRender(n.Rhs[i]) {
							bad(n, "a fix is set only to catalog.Render(…)")
						}
					}
				}
			case *ast.CallExpr:
				if isFindingCall(n.Fun) && len(n.Args) == 6 {
					if why := rendered(text, n.Args[4], n.Args[1]); why != "" {
						bad(n.Args[4], why)
					}
				}
			}
			return true
		})
	}
}

// isFindingCall: fn is finding, or checks.Finding in a tool package.
func isFindingCall(fn ast.Expr) bool {
	if id, ok := fn.(*ast.Ident); ok {
		return id.Name == "finding"
	}
	sel, ok := fn.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "checks" && sel.Sel.Name == "Finding"
}

// rendered says what is wrong with fix as the fix of a finding with code,
// or "".
func rendered(text func(ast.Node) string, fix, code ast.Expr) string {
	if lit, ok := fix.(*ast.BasicLit); ok && (lit.Value == `""` || lit.Value == "``") {
		return ""
	}
	if !isRender(fix) {
		return "a fix comes from catalog.Render(code, slots), not a sentence of its own"
	}
	if got := text(fix.(*ast.CallExpr).Args[0]); got != text(code) {
		return "the fix is rendered from " + got + ", the finding's code is " + text(code)
	}
	return ""
}

func isRender(e ast.Expr) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok || len(c.Args) != 2 {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "catalog" && sel.Sel.Name == "Render"
}

// A messy home with one of most configuration mistakes: every error or
// warning with a config code carries a fix filled with its specifics,
// never the generic text (a check that forgets a slot falls back to it).
func TestFixesNameTheFindingsSpecifics(t *testing.T) {
	files := map[string]string{
		".claude/settings.json": `{"env":{"ANTHROPIC_BASE_URL":"https://gw.example/api/v1","ANTHROPIC_AUTH_TOKEN":"` + testKey +
			`","ANTHROPIC_API_KEY":"sk-test-fedcba9876543210fedc","ANTHROPIC_MODEL":"m","CLAUDE_CODE_USE_BEDROCK":"1"}}`,
		".claude/.settings.json.keydoctor-2147480000-1234.tmp": "{}",
		".codex/config.toml": "model = \"m2\"\nmodel_provider = \"gw\"\n[model_providers.gw]\nbase_url = \"https://gw.example/api\"\nenv_key = \"GW_UNSET_KEY\"\nwire_api = \"chat\"\n" +
			"[model_providers.openai]\nbase_url = \"https://gw.example/api/v1\"\n",
		".cline/data/settings/providers.json": `{"version": 1, "lastUsedProvider": "openai-compatible", "modes": {}, "providers": {"openai-compatible": {"settings": {"provider": "openai-compatible", "apiKey": "` + testKey +
			`", "model": "m", "baseUrl": "https://gw.example/api/v1"}, "tokenSource": "manual"}}}`,
		".config/opencode/opencode.json": `{"provider": {"taotoken": {"npm": "@ai-sdk/openai-compatible", "options": {"baseURL": "https://gw.example/api/v1"}, "models": {"m-mini": {}}}}, "model": "taotoken/m"}`,
		".qwen/settings.json":            "{\"model\": {\"name\": \"m\",},}\n",
		".qwen/.env":                     "OPENAI_MODEL=m\n",
		"proj/.env":                      "OPENAI_BASE_URL=http://127.0.0.1:15721/v1\nOPENAI_API_KEY=" + testKey + "\n",
		"proj/.git/HEAD":                 "ref: refs/heads/main\n",
	}
	e, s, dir := snapshot(t, files, map[string]string{"HTTPS_PROXY": "http://10.9.9.9:7890", "HTTP_PROXY": "http://10.9.9.9:7890", "ANTHROPIC_MODEL": "other"})
	if err := os.Chmod(filepath.Join(dir, "proj/.env"), 0o644); err != nil {
		t.Fatal(err)
	}
	refuse := func(context.Context, string, string) (net.Conn, error) { return nil, errors.New("connection refused") }
	untracked := func(context.Context, string, ...string) (string, int, error) { return "?? .env\n", 0, nil }
	fs := doctor.Run(context.Background(), e, Offline(Options{Snapshot: s, Dial: refuse, Git: untracked}), doctor.RunOptions{})
	seen := map[catalog.Code]bool{}
	for _, f := range fs {
		if f.Code == "" || catalog.Of(f.Code).Class != catalog.Config || (f.Status != doctor.Error && f.Status != doctor.Warning) {
			continue
		}
		seen[f.Code] = true
		if f.Fix == "" || f.Fix == catalog.Generic(f.Code) {
			t.Errorf("%s (%s): the fix is not the finding's own: %q", f.Code, f.Message, f.Fix)
		}
	}
	for _, c := range []catalog.Code{catalog.URLDoubleVersion, catalog.URLMissingVersion, catalog.AuthConflict, catalog.ProviderBypass,
		catalog.CodexChatWire, catalog.CodexEnvKeyUnset, catalog.ConfigIgnored, catalog.ConfigInvalid, catalog.TripleDrift,
		catalog.ValueOverridden, catalog.ModelUndeclared, catalog.LocalRelayDown, catalog.ProxyUnreachable, catalog.ProxyCapturesLocal,
		catalog.SecretPerms, catalog.SecretInGit, catalog.TempFileLeft, catalog.DotEnvShadow} {
		if !seen[c] {
			t.Errorf("the fixture raises no %s: %v", c, codes(fs))
		}
	}
}
