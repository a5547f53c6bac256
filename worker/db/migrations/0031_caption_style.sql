-- Caption style per profile (issue 34, worker/rules/captions.ts): the subtitle text's size and its
-- background, chosen in the player's subtitles menu and on the profile's form.
ALTER TABLE profiles ADD COLUMN caption_size TEXT NOT NULL DEFAULT 'medium' CHECK (caption_size IN ('small', 'medium', 'large'));
ALTER TABLE profiles ADD COLUMN caption_background TEXT NOT NULL DEFAULT 'shadow' CHECK (caption_background IN ('none', 'shadow', 'box'));
