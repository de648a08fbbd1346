"""The game pages' settings (issue 27): off without a public address, read and checked."""
from __future__ import annotations

import pytest

from bot.settings import Settings, SettingsError


def test_the_pages_are_off_unless_a_public_address_is_set(env):
    settings = Settings.from_env()
    assert (settings.public_url, settings.web_port, settings.web_host) == (None, 8080, "127.0.0.1")


def test_good_page_settings_are_read(env):
    env(MARQUEE_PUBLIC_URL="https://games.example.org/marquee/", MARQUEE_WEB_PORT="8200", MARQUEE_WEB_HOST="::1")
    settings = Settings.from_env()
    assert (settings.public_url, settings.web_port, settings.web_host) == (
        "https://games.example.org/marquee", 8200, "::1")


@pytest.mark.parametrize(("name", "value", "said"), [
    ("MARQUEE_PUBLIC_URL", "games.example.org", "MARQUEE_PUBLIC_URL must be the address players open"),
    ("MARQUEE_PUBLIC_URL", "ftp://games.example.org", "starting http:// or https://"),
    ("MARQUEE_PUBLIC_URL", "https://", "MARQUEE_PUBLIC_URL must be the address players open"),
    ("MARQUEE_PUBLIC_URL", "https://x.org/?a=1", "MARQUEE_PUBLIC_URL must be the address players open"),
    ("MARQUEE_WEB_PORT", "0", "MARQUEE_WEB_PORT must be a port number"),
    ("MARQUEE_WEB_HOST", "my host", "MARQUEE_WEB_HOST must be an address to listen on"),
])
def test_a_bad_page_setting_is_named_in_one_sentence(env, name, value, said):
    env(**{name: value})
    with pytest.raises(SettingsError) as bad:
        Settings.from_env()
    assert len(bad.value.problems) == 1 and said in bad.value.problems[0]
