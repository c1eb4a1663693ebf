// Package gitexec runs git in a repository keydoctor does not trust (a
// cloned project): only commands that read, with every command the
// repository could configure switched off.
package gitexec

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
)

// gitHardening are the options put before every git command keydoctor
// runs. The repository is untrusted (a cloned one's .git/config, its
// .gitattributes, a `.git` file pointing anywhere): none of the commands
// git can be told to run may start. core.fsmonitor runs its value (or a
// daemon) on any index read; hooksPath moves the hooks away (a command may
// fire post-index-change); the pager, an external diff, an ssh command and
// every transport are off. keydoctor only asks git to read the index
// (ls-files) and the ignore rules (check-ignore), which never convert
// content, so no clean/smudge/process filter of .gitattributes runs
// either.
var gitHardening = []string{
	"--no-pager",
	"-c", "core.fsmonitor=false",
	"-c", "core.hooksPath=" + os.DevNull,
	"-c", "core.pager=cat",
	"-c", "core.sshCommand=false",
	"-c", "core.askPass=",
	"-c", "core.untrackedCache=false",
	"-c", "diff.external=",
	"-c", "credential.helper=",
	"-c", "protocol.allow=never",
}

// gitEnv is the environment git runs in: the process's, minus what would
// point git at another repository, a pager, an external diff or a
// prompt, plus the switches that keep it from the system configuration
// and from taking locks. safe.directory is left as the user has it: git
// refusing a repository that another user owns is reported, not
// overridden.
func gitEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER",
			"GIT_SSH", "GIT_SSH_COMMAND", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS",
			"GIT_CONFIG_COUNT", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_TRACE", "GIT_CEILING_DIRECTORIES":
			continue
		}
		if strings.HasPrefix(name, "GIT_CONFIG_KEY_") || strings.HasPrefix(name, "GIT_CONFIG_VALUE_") {
			continue
		}
		out = append(out, kv)
	}
	return append(out,
		"GIT_CONFIG_NOSYSTEM=1", "GIT_ATTR_NOSYSTEM=1", "GIT_PAGER=cat", "PAGER=cat",
		"GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0", "GIT_NO_LAZY_FETCH=1",
		"GIT_PROTOCOL_FROM_USER=0", "GIT_ALLOW_PROTOCOL=", "GIT_NO_REPLACE_OBJECTS=1")
}

// Run runs the git binary in dir with args, hardened against the
// repository (gitHardening, gitEnv), and returns its standard output and
// exit status; err is set only when git could not be run at all.
func Run(ctx context.Context, dir string, args ...string) (string, int, error) {
	argv := append(append([]string{"-C", dir}, gitHardening...), args...)
	cmd := exec.CommandContext(ctx, "git", argv...)
	cmd.Env = gitEnv()
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return string(out), ee.ExitCode(), nil
	}
	if err != nil {
		return "", -1, err
	}
	return string(out), 0, nil
}
