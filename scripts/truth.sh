#!/usr/bin/env bash
# Checks keydoctor's facts about each tool against the current real CLIs:
# installs them from npm into a scratch prefix (or uses DIR when given),
# then runs internal/truth's TestRealTools, which writes each tool's facts
# into a scratch home pointed at the built-in fake gateway, runs one
# headless turn of the real CLI and compares the request it sent with what
# keydoctor predicted. Prints the report (tool, version, fact, holds).
#
#   scripts/truth.sh              # latest versions from npm
#   scripts/truth.sh /path/bin    # CLIs already installed there
#   TOOLS=claude,codex scripts/truth.sh
#
# Needs Node and npm on PATH, and network access to the npm registry for
# the install. Never part of `go test ./...`: without KEYDOCTOR_REAL_TOOLS
# the test skips.
set -euo pipefail
cd "$(dirname "$0")/.."

# Kilo is pinned: 7.8.1, the latest, pins a Linux binary package the
# registry does not serve (docs/tools.md, "Kilo Code CLI"); 7.7.7's is.
# The others ask for @latest by name: without a tag, npm on an older Node
# (20) quietly installed the newest release whose engines it meets
# (Claude Code 2.1.197 and Qwen Code 0.15.10 when 2.1.332 and 0.24.4 were
# out), so the harness judged old versions and said nothing.
packages=(@anthropic-ai/claude-code@latest @openai/codex@latest @google/gemini-cli@latest @qwen-code/qwen-code@latest opencode-ai@latest @mariozechner/pi-coding-agent@latest @github/copilot@latest @kilocode/cli@7.7.7 cline@latest)
if [ $# -ge 1 ]; then
	bin=$1
else
	prefix=${TRUTH_PREFIX:-$(mktemp -d -t keydoctor-truth-npm.XXXXXX)}
	echo "== installing ${packages[*]} into $prefix"
	npm install -g --prefix "$prefix" --no-fund --no-audit "${packages[@]}" >&2
	bin=$prefix/bin
	echo "== installed (node $(node --version)):"
	npm ls -g --prefix "$prefix" --depth 0 >&2 || true
fi
report=${TRUTH_REPORT:-$(mktemp -t keydoctor-truth.XXXXXX.md)}
echo "== checking the facts against the CLIs in $bin"
status=0
KEYDOCTOR_REAL_TOOLS=$bin KEYDOCTOR_TRUTH_TOOLS=${TOOLS:-} KEYDOCTOR_TRUTH_REPORT=$report \
	go test ./internal/truth/ -run '^TestRealTools$' -count=1 -timeout 60m -v >/dev/null || status=$?
cat "$report"
exit $status
