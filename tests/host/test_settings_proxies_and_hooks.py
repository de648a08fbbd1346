"""Settings of issue 35: MARQUEE_TRUSTED_PROXIES (whose X-Forwarded-For the game pages
believe), each bad value named in a sentence; and test-only hooks, named MARQUEE_TEST_…,
which a bot talking to the real Discord refuses."""
from __future__ import annotations

import ipaddress

import pytest

from bot.settings import LOOPBACK, Settings, SettingsError

SIMULATED = "http://127.0.0.1:5555/api/v10"


def networks(*texts: str) -> tuple:
    return tuple(ipaddress.ip_network(text) for text in texts)


def test_only_this_machine_is_trusted_unless_told(env):
    assert Settings.from_env().trusted_proxies == LOOPBACK == networks("127.0.0.0/8", "::1/128")


@pytest.mark.parametrize(("value", "trusted"), [
    ("10.0.0.7", networks("10.0.0.7/32")),
    ("10.0.0.0/8, fd00::/8,127.0.0.1", networks("10.0.0.0/8", "fd00::/8", "127.0.0.1/32")),
    ("2001:db8::5", networks("2001:db8::5/128")),
    ("172.18.0.0/16", networks("172.18.0.0/16")),
    ("none", ()),
    ("NONE", ()),
])
def test_proxies_are_addresses_and_ranges(env, value, trusted):
    env(MARQUEE_TRUSTED_PROXIES=value)
    assert Settings.from_env().trusted_proxies == trusted


@pytest.mark.parametrize(("value", "said"), [
    ("proxy.internal", ("MARQUEE_TRUSTED_PROXIES must be addresses or ranges of the proxies in front of the game "
                        "pages, joined by commas, like 127.0.0.1,10.0.0.0/8,fd00::/8 (or none); 'proxy.internal' "
                        "is neither.")),
    ("10.0.0.0/8;fd00::/8", "'10.0.0.0/8;fd00::/8' is neither."),
    ("10.0.0.0/33", "'10.0.0.0/33' is neither."),
    ("10.0.0.1/8", ("MARQUEE_TRUSTED_PROXIES names the range '10.0.0.1/8', whose address has bits past its /8: "
                    "write 10.0.0.0/8 for the whole range, or the address alone for one proxy.")),
    ("fd00::1/8", "write fd00::/8 for the whole range"),
    ("127.0.0.1,,10.0.0.1", "'' is neither."),
    ("127.0.0.1,", "'' is neither."),
    ("*", "'*' is neither."),
    ("0300.0.0.1", "'0300.0.0.1' is neither."),  # octal to some parsers, nothing to this one
])
def test_a_bad_proxy_list_is_named_in_one_sentence(env, value, said):
    env(MARQUEE_TRUSTED_PROXIES=value)
    with pytest.raises(SettingsError) as bad:
        Settings.from_env()
    assert len(bad.value.problems) == 1 and said in bad.value.problems[0]
    assert bad.value.problems[0].startswith("MARQUEE_TRUSTED_PROXIES ")


def test_a_test_hook_is_read_beside_the_simulated_discord(env):
    env(MARQUEE_API_BASE=SIMULATED, MARQUEE_TEST_OUTBOX_BASE_DELAY="0.2")
    assert Settings.from_env().test_outbox_base_delay == 0.2
    env(MARQUEE_TEST_OUTBOX_BASE_DELAY="")
    assert Settings.from_env().test_outbox_base_delay is None  # the outbox's own 10 s


@pytest.mark.parametrize("name", ["MARQUEE_TEST_OUTBOX_BASE_DELAY", "MARQUEE_TEST_ANYTHING_ELSE"])
def test_a_test_hook_is_refused_by_a_bot_on_the_real_discord(env, monkeypatch, name):
    monkeypatch.setenv(name, "0.2")  # removed after the test, whatever its name
    with pytest.raises(SettingsError) as bad:
        Settings.from_env()
    assert bad.value.problems == [
        f"{name} is for the test suite's simulated Discord only (with MARQUEE_API_BASE); unset it."]


@pytest.mark.parametrize("value", ["abc", "0", "0.01", "-1", "inf", "1e3", "61"])
def test_the_outbox_hook_is_a_sane_number_of_seconds(env, value):
    # "abc" crashed the bot at start, "0" had the outbox look for work ~1,900 times a second.
    env(MARQUEE_API_BASE=SIMULATED, MARQUEE_TEST_OUTBOX_BASE_DELAY=value)
    with pytest.raises(SettingsError) as bad:
        Settings.from_env()
    assert bad.value.problems == [("MARQUEE_TEST_OUTBOX_BASE_DELAY must be a number of seconds (0.05 or more, "
                                   f"at most 60), like 1; got {value!r}.")]
