-- "You're next" (/game notify next): a member who opts in hears when the player after the one
-- to move now is them (issue 29).
ALTER TABLE member_settings ADD COLUMN next_up BOOLEAN NOT NULL DEFAULT FALSE;
