-- How each member wants to hear that a game waits on them (/game notify).
CREATE TABLE member_settings (
    user_id    BIGINT  PRIMARY KEY,
    notify     TEXT    NOT NULL DEFAULT 'thread' CHECK (notify IN ('thread', 'dm', 'both')),
    quiet_from INTEGER,              -- minutes after midnight in zone; NULL: no quiet hours
    quiet_to   INTEGER,
    zone       TEXT    NOT NULL DEFAULT 'UTC'
);
