#!/usr/bin/env node
'use strict';
// keydoctor's npm launcher. npm installed, beside this package, the one
// @keydoctor/<os>-<cpu> package whose "os" and "cpu" fields match this
// machine (an optionalDependency); this file runs the binary it holds.
// Nothing is downloaded, at install or here: no postinstall script.

const { spawn } = require('child_process');

// The platform packages, by process.platform and process.arch. Generated
// together with them by packaging/release (npm.go), which checks that
// this table and the packages it builds agree.
const PLATFORMS = {
  'darwin arm64': '@keydoctor/darwin-arm64',
  'darwin x64': '@keydoctor/darwin-x64',
  'linux arm64': '@keydoctor/linux-arm64',
  'linux x64': '@keydoctor/linux-x64',
  'win32 arm64': '@keydoctor/win32-arm64',
  'win32 x64': '@keydoctor/win32-x64',
};

function fail(error, hint) {
  process.stderr.write('keydoctor: error: ' + error + '\n');
  process.stderr.write('keydoctor: hint: ' + hint + '\n');
  process.exit(1);
}

const pkg = PLATFORMS[process.platform + ' ' + process.arch];
if (!pkg) {
  fail('no keydoctor binary is built for ' + process.platform + '/' + process.arch,
    'build it from a clone with Go: go install ./cmd/keydoctor');
}
const exe = 'keydoctor' + (process.platform === 'win32' ? '.exe' : '');
let bin;
try {
  bin = require.resolve(pkg + '/bin/' + exe);
} catch (e) {
  fail(pkg + ' is not installed beside keydoctor',
    'reinstall without --omit=optional or --no-optional, so that npm installs ' + pkg);
}

// npm exec (npx) sets npm_command=exec: the binary then names its next
// command as 'npx keydoctor …', since keydoctor is not on the user's PATH.
const env = Object.assign({}, process.env, {
  KEYDOCTOR_LAUNCHER: process.env.npm_command === 'exec' ? 'npx' : 'npm',
});
const child = spawn(bin, process.argv.slice(2), { stdio: 'inherit', env });

// Ctrl-C reaches the binary from the terminal (same process group): the
// launcher waits for it to finish (setup's wizard says what it did). A
// signal sent to the launcher alone is passed on.
process.on('SIGINT', () => {});
for (const sig of ['SIGTERM', 'SIGHUP']) {
  process.on(sig, () => child.kill(sig));
}
child.on('error', (e) => fail('cannot run ' + bin + ': ' + e.message,
  'reinstall keydoctor (npm install keydoctor)'));
child.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code === null ? 1 : code);
});
