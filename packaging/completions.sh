#!/bin/sh
# Writes keydoctor's shell completions into completions/ for the release
# archives: GoReleaser runs it before building (.goreleaser.yaml, before).
# The scripts do not depend on the platform, so one host build writes them
# for every archive.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -o "$tmp/keydoctor" ./cmd/keydoctor
rm -rf completions
mkdir completions
"$tmp/keydoctor" completion bash >completions/keydoctor.bash
"$tmp/keydoctor" completion zsh >completions/_keydoctor
"$tmp/keydoctor" completion fish >completions/keydoctor.fish
"$tmp/keydoctor" completion powershell >completions/keydoctor.ps1
