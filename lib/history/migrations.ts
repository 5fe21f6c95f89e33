/**
 * Versioned migrations of history.db. Migration N brings the
 * database from user_version N-1 to N; append new ones, never edit a shipped one.
 */

export const MIGRATIONS: readonly string[] = [
  // 1: observations, blobs, drift events, review marks, baselines, and the permission tables.
  `
  CREATE TABLE blobs (
    kind TEXT NOT NULL CHECK (kind IN ('schema', 'description', 'annotations')),
    hash TEXT NOT NULL,
    content TEXT NOT NULL,
    PRIMARY KEY (kind, hash)
  ) WITHOUT ROWID;

  CREATE TABLE observations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    observed_at TEXT NOT NULL,
    server_id TEXT NOT NULL,
    fleet_hash TEXT NOT NULL,
    tool_set_hash TEXT NOT NULL,
    hash_version INTEGER NOT NULL
  );
  CREATE INDEX observations_by_server ON observations (server_id, id);

  CREATE TABLE observation_tools (
    observation_id INTEGER NOT NULL REFERENCES observations (id) ON DELETE CASCADE,
    tool_name TEXT NOT NULL,
    schema_hash TEXT NOT NULL,
    description_hash TEXT NOT NULL,
    annotations_hash TEXT,
    exposed_name TEXT,
    excluded INTEGER NOT NULL CHECK (excluded IN (0, 1)),
    collides_with TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (observation_id, tool_name)
  ) WITHOUT ROWID;
  CREATE INDEX observation_tools_by_tool ON observation_tools (tool_name, observation_id);

  CREATE TABLE drift_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    observation_id INTEGER NOT NULL REFERENCES observations (id) ON DELETE CASCADE,
    occurred_at TEXT NOT NULL,
    kind TEXT NOT NULL,
    server_id TEXT NOT NULL,
    tool_name TEXT NOT NULL,
    details TEXT NOT NULL
  );
  CREATE INDEX drift_events_by_time ON drift_events (occurred_at);
  CREATE INDEX drift_events_by_server ON drift_events (server_id, id);

  CREATE TABLE review_marks (
    event_id INTEGER PRIMARY KEY REFERENCES drift_events (id) ON DELETE CASCADE,
    reviewed_at TEXT NOT NULL
  );

  CREATE TABLE baselines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    accepted_at TEXT NOT NULL,
    lock_file TEXT,
    fleet_hash TEXT NOT NULL,
    last_event_id INTEGER
  );

  CREATE TABLE permission_rules (
    server_id TEXT NOT NULL,
    tool_name TEXT,
    decision TEXT NOT NULL CHECK (decision IN ('allow', 'ask', 'deny', 'none')),
    updated_at TEXT NOT NULL
  );
  -- tool_name NULL is the server default; NULLs are distinct in UNIQUE, so key on an expression.
  CREATE UNIQUE INDEX permission_rules_key ON permission_rules (server_id, ifnull(tool_name, ''));

  CREATE TABLE permission_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    changed_at TEXT NOT NULL,
    server_id TEXT NOT NULL,
    tool_name TEXT,
    previous TEXT CHECK (previous IN ('allow', 'ask', 'deny', 'none')),
    decision TEXT NOT NULL CHECK (decision IN ('allow', 'ask', 'deny', 'none'))
  );
  `,
];

export const LATEST_VERSION = MIGRATIONS.length;
