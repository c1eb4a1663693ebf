package claude_test

import (
	"os"
	"testing"
	"time"
)

// slowHelperArg makes this test binary an apiKeyHelper that does not
// answer: TestHelperKey's deadline case runs it through the shell.
const slowHelperArg = "keydoctor-test-slow-helper"

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == slowHelperArg {
		// Longer than any deadline the test sets; it is killed, or its
		// pipe is closed, long before.
		time.Sleep(30 * time.Second)
		os.Exit(0)
	}
	os.Exit(m.Run())
}
