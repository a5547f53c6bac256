-- Profiles, PIN locks and parental control (issue 4).
-- The profile this session is watching as. A profile with an active PIN becomes current only
-- through GET auth/profile/pin; switching to another profile locks it again (spec §4).
ALTER TABLE sessions ADD COLUMN profile_id INTEGER REFERENCES profiles(id) ON DELETE SET NULL;
