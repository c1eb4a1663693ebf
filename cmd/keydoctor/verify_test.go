package main

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// TestVerifyLooksUpThroughOptions: the tool's executable is found through
// the injected lookup, and a missing tool is bad usage (exit 2) before
// anything else happens.
func TestVerifyLooksUpThroughOptions(t *testing.T) {
	for _, tool := range []string{"claude", "codex", "cline"} {
		var asked []string
		var out bytes.Buffer
		o := &verifyOptions{
			Tool: gateway.ToolID(tool), Env: env.FromMap(map[string]string{"HOME": testutil.TempDir(t)}), Out: &out, Timeout: time.Second,
			LookPath: func(name string) (string, error) { asked = append(asked, name); return "", exec.ErrNotFound },
		}
		err := runVerify(context.Background(), o)
		var ce *cliError
		if !errors.As(err, &ce) || ce.code != exitUsage || !strings.Contains(ce.msg, "is not installed") {
			t.Errorf("%s: err = %v, want a usage error saying it is not installed", tool, err)
		}
		if len(asked) != 1 || asked[0] != tool {
			t.Errorf("%s: looked up %q", tool, asked)
		}
		if out.Len() != 0 {
			t.Errorf("%s: printed %q before failing", tool, out.String())
		}
	}
}
