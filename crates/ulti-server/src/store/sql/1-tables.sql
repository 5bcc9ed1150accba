-- Version 1: the tables, their seats and append-only log, finished games, the health probe.
CREATE TABLE IF NOT EXISTS tables (
  k INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  created_ms INTEGER NOT NULL,
  rules TEXT NOT NULL,
  seed INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
  table_k INTEGER NOT NULL REFERENCES tables(k),
  seat INTEGER NOT NULL,
  kind TEXT NOT NULL,
  token_sha256 BLOB,
  PRIMARY KEY (table_k, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS events (
  table_k INTEGER NOT NULL REFERENCES tables(k),
  v INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (table_k, v)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS games (
  table_k INTEGER NOT NULL REFERENCES tables(k),
  n INTEGER NOT NULL,
  record TEXT NOT NULL,
  payments TEXT NOT NULL,
  PRIMARY KEY (table_k, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS health (
  k INTEGER PRIMARY KEY,
  at_ms INTEGER NOT NULL
);
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
  BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
  BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
