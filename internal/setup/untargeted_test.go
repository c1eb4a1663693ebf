package setup

import (
	"errors"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/writers"
)

// A tool the plan writes nothing for says why and what to do (Absence);
// setup refuses when no chosen tool has anything to write.
func TestUntargetedSaysWhy(t *testing.T) {
	e := env.FromMap(map[string]string{"HOME": testutil.TempDir(t)})
	_, err := Untargeted(e, nil, []gateway.ToolID{"vscode"}, &writers.Plan{})
	var ue *gateway.UsageError
	if !errors.As(err, &ue) || !strings.HasPrefix(ue.Msg, "vscode: no VS Code") ||
		ue.Hint != "run the editor with the Cline extension once, or choose other --tools" {
		t.Fatalf("err = %#v", err)
	}
}
