-- Version 3: each player's rating (Glicko-2) and its finished games at live tables.
CREATE TABLE player_ratings (
  player TEXT PRIMARY KEY REFERENCES players(id),
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  vol REAL NOT NULL,
  -- When it was last rated (ms since 1970): its deviation grows from then on.
  rated_ms INTEGER NOT NULL,
  -- Rated games.
  games INTEGER NOT NULL DEFAULT 0,
  -- Games it left while they were under way (POST /api/me/leave).
  left_midway INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
-- One row per player and finished game it held a seat in.
CREATE TABLE player_games (
  player TEXT NOT NULL REFERENCES players(id),
  table_k INTEGER NOT NULL REFERENCES tables(k),
  n INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  at_ms INTEGER NOT NULL,
  -- What its seat won (negative: paid).
  payment INTEGER NOT NULL,
  -- As the soloist: its bid (`ulti bids` id) and whether every unit was made; else NULL.
  contract TEXT,
  made INTEGER,
  -- Kontras it said (per unit), and those its side won.
  kontras INTEGER NOT NULL,
  kontras_won INTEGER NOT NULL,
  -- Its rating after the game.
  rating REAL NOT NULL,
  PRIMARY KEY (player, table_k, n)
) WITHOUT ROWID;
CREATE INDEX player_games_newest ON player_games(player, at_ms, table_k, n);
