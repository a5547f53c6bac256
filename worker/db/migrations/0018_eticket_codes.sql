-- E-tickets' short codes (issue 17: the door scanner's "typed code", worker/rules/eticket.ts shortCode):
-- the first 10 letters and digits of the ticket id, upper case, computed by SQLite from the id
-- (nothing to fill in when a ticket is issued), indexed for the staff's look-up at the door.
ALTER TABLE etickets ADD COLUMN short_code TEXT GENERATED ALWAYS AS (upper(substr(replace(replace(id, '-', ''), '_', ''), 1, 10))) VIRTUAL;
CREATE INDEX etickets_short_code ON etickets(short_code);
