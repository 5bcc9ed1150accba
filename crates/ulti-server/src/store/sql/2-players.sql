-- Version 2: players (guests and accounts), their sessions, who sits where.
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  -- NULL once the account is deleted (its games stay, without the name).
  name TEXT,
  name_key TEXT UNIQUE,
  -- Argon2id, PHC string; NULL for a guest.
  password TEXT,
  created_ms INTEGER NOT NULL,
  deleted_ms INTEGER,
  -- The table the player sits at now (one at a time), or NULL.
  at_table TEXT
);
CREATE TABLE sessions (
  token_sha256 BLOB PRIMARY KEY,
  player TEXT NOT NULL REFERENCES players(id),
  created_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_by_player ON sessions(player);
-- A table's player per seat (the `sit` messages in its log say the same, in order).
CREATE TABLE seat_players (
  table_k INTEGER NOT NULL REFERENCES tables(k),
  seat INTEGER NOT NULL,
  player TEXT NOT NULL REFERENCES players(id),
  PRIMARY KEY (table_k, seat)
) WITHOUT ROWID;
CREATE INDEX seat_players_by_player ON seat_players(player);
