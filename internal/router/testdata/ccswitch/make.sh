#!/bin/sh
# Makes cc-switch.db: CC Switch's providers table (src-tauri/src/database/schema.rs,
# 2026-12), with a current Claude provider, a current Codex provider, one not
# current, and a column added by ALTER TABLE as CC Switch's migrations do.
# Needs the sqlite3 CLI; the tests read the committed file, not this script.
set -eu
cd "$(dirname "$0")"
rm -f cc-switch.db
sqlite3 cc-switch.db <<'SQL'
CREATE TABLE IF NOT EXISTS providers (
    id TEXT NOT NULL,
    app_type TEXT NOT NULL,
    name TEXT NOT NULL,
    settings_config TEXT NOT NULL,
    website_url TEXT,
    category TEXT,
    created_at INTEGER,
    sort_index INTEGER,
    notes TEXT,
    icon TEXT,
    icon_color TEXT,
    meta TEXT NOT NULL DEFAULT '{}',
    is_current BOOLEAN NOT NULL DEFAULT 0,
    PRIMARY KEY (id, app_type)
);
ALTER TABLE providers ADD COLUMN in_failover_queue BOOLEAN NOT NULL DEFAULT 0;
INSERT INTO providers (id, app_type, name, settings_config, is_current) VALUES
 ('p1', 'claude', 'Old Gateway', '{"env":{"ANTHROPIC_BASE_URL":"http://old.example","ANTHROPIC_AUTH_TOKEN":"sk-fake-ccswitch-0000000000000000"}}', 0),
 ('p2', 'claude', 'My Gateway', '{"env":{"ANTHROPIC_BASE_URL":"https://user:pw@gw.example/api","ANTHROPIC_AUTH_TOKEN":"sk-fake-ccswitch-0000000000000000","ANTHROPIC_MODEL":"claude-sonnet-4-5"}}', 1),
 ('p3', 'codex', 'Codex Gateway', '{"auth":{"OPENAI_API_KEY":"sk-fake-ccswitch-0000000000000000"},"config":"model = \"gpt-5-mini\"\nmodel_provider = \"gw\"\n[model_providers.gw]\nbase_url = \"https://gw.example/v1\"\n"}', 1);
SQL
