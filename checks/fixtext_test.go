package checks

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every fix an offline check gives comes from its code's one catalog
// template (catalog.Render), with the specifics as slots: a Fix written
// any other way, or rendered from another code than the finding's, fails
// here. Findings without a code (an info line no catalog entry covers)
// and an empty fix are allowed.
func TestEveryFixIsRenderedFromTheCatalog(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
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
				return n.Name.Name != "finding" // its callers are checked
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
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "finding" && len(n.Args) == 6 {
					if why := rendered(text, n.Args[4], n.Args[1]); why != "" {
						bad(n.Args[4], why)
					}
				}
			}
			return true
		})
	}
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
