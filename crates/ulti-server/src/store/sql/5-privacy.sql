-- Version 5: what a player hides from others on its profile (`POST /api/me/privacy`): a
-- comma-separated list of "money", "games". No row: nothing hidden.
CREATE TABLE IF NOT EXISTS player_privacy (
  player TEXT PRIMARY KEY REFERENCES players(id),
  hidden TEXT NOT NULL
) WITHOUT ROWID;
