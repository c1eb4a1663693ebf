#!/bin/sh
# make.sh rebuilds config.sqlite (+ -wal) the way claude-code-router 3.x
# keeps it (packages/core/src/config/config-repository.ts: createSchema,
# journal_mode = WAL), with the sqlite3 CLI; the tests read the committed
# files. The first configuration is checkpointed into the file, the newer
# one is committed in the WAL only, as after `ccr ui` saved it. The keys
# are fakes.
set -eu
rm -f config.sqlite config.sqlite-wal config.sqlite-shm tmp.sqlite*
sqlite3 tmp.sqlite <<'SQL'
PRAGMA journal_mode=WAL;
PRAGMA wal_autocheckpoint=0;
CREATE TABLE IF NOT EXISTS app_config (
  key TEXT PRIMARY KEY,
  value_json TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL DEFAULT '',
  encrypted_key TEXT NOT NULL,
  encryption TEXT NOT NULL DEFAULT 'plain',
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL DEFAULT '',
  limits_json TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS api_keys_created_at_idx ON api_keys(created_at);
INSERT INTO api_keys (id, name, encrypted_key, created_at) VALUES ('k1', 'claude', 'sk-test-routers-0123456789abcdef', '2026-01-01T00:00:00Z');
INSERT INTO app_config VALUES ('default', '{"Providers":[{"name":"old","api_base_url":"http://old.example/v1","api_key":"sk-test-routers-0123456789abcdef","models":["m0"]}],"Router":{"default":"old,m0"}}', '2026-01-01T00:00:00Z');
PRAGMA wal_checkpoint(TRUNCATE);
UPDATE app_config SET value_json = '{"APIKEY":"sk-test-routers-0123456789abcdef","Providers":[{"name":"other","api_base_url":"http://other.example/v1","api_key":"sk-test-routers-0123456789abcdef"},{"name":"up","api_base_url":"https://user:pw@gw.example/v1/chat/completions","api_key":"sk-test-routers-0123456789abcdef","models":["m1"],"padding":"' || printf('%.6000c', 'x') || '"}],"Router":{"default":"up,m1","background":"other,m2"}}', updated_at = '2026-01-02T00:00:00Z' WHERE key = 'default';
.shell cp tmp.sqlite config.sqlite && cp tmp.sqlite-wal config.sqlite-wal
SQL
rm -f tmp.sqlite*
