-- The language of each member's Discord client, as last seen in an interaction: what their
-- DMs and private answers are worded in when a game speaks it. NULL: not seen yet.
ALTER TABLE member_settings ADD COLUMN language TEXT;
