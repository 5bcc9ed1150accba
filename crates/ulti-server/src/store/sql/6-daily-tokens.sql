-- Version 6: a daily attempt keeps no seat token. A resume gives the seat a fresh token (its
-- hash stored with the table's `sit`, like every seat's), so the plain one goes.
ALTER TABLE daily_attempts DROP COLUMN token;
