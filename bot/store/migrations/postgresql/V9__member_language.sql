-- The language of each member's Discord client, as last seen in an interaction.
ALTER TABLE member_settings ADD COLUMN language TEXT;
