-- Version 4: the deal of the day. One attempt per player and day: its table and the seat's
-- token (handed back only to the player's own session, to resume).
CREATE TABLE daily_attempts (
  date TEXT NOT NULL,
  player TEXT NOT NULL REFERENCES players(id),
  table_id TEXT NOT NULL,
  token TEXT NOT NULL,
  -- How many deals the attempt plays (the server's day).
  deals INTEGER NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (date, player)
) WITHOUT ROWID;
-- One row per player and daily deal it finished: its money and the deal's par from its seat.
CREATE TABLE daily_results (
  date TEXT NOT NULL,
  deal INTEGER NOT NULL,
  player TEXT NOT NULL REFERENCES players(id),
  money INTEGER NOT NULL,
  par INTEGER NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (date, deal, player)
) WITHOUT ROWID;
