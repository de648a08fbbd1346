"""Discord's documented limits that the OpenAPI description cannot express.

Each check returns ``(rule, detail)`` pairs; the REST layer turns them into violations and a
400 reply, as Discord would. Sources: Discord's developer docs on messages, embeds, message
components, interactions and application commands."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

Problem = tuple[str, str]

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
ROWS_MAX = 5
ROW_BUTTONS_MAX = 5
SELECT_OPTIONS_MAX = 25
CUSTOM_ID_MAX = 100
COMPONENTS_V2_FLAG = 1 << 15
#: Components V2 (a message flagged IS_COMPONENTS_V2): at most 40 components in all, nested
#: ones counted, and 4,000 characters of text across its text displays.
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000
TEXT_DISPLAY, MEDIA_GALLERY, THUMBNAIL, FILE = 10, 12, 11, 13
#: The types only a components-V2 message may hold: section, text display, thumbnail, media
#: gallery, file, separator, container.
V2_TYPES = {9, 10, 11, 12, 13, 14, 17}
SELECT_TYPES = {3, 5, 6, 7, 8}
_COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def _walk(components: list[dict] | None, path: str) -> Iterator[tuple[str, dict]]:
    for i, comp in enumerate(components or []):
        if not isinstance(comp, dict):
            continue
        here = f"{path}[{i}]"
        yield here, comp
        yield from _walk(comp.get("components"), f"{here}.components")
        if isinstance(comp.get("component"), dict):
            yield from _walk([comp["component"]], f"{here}.component")
        if isinstance(comp.get("accessory"), dict):
            yield from _walk([comp["accessory"]], f"{here}.accessory")


def _custom_ids(components: list[dict] | None, path: str) -> list[Problem]:
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for where, comp in _walk(components, path):
        cid = comp.get("custom_id")
        if cid is None:
            continue
        if not isinstance(cid, str) or not 1 <= len(cid) <= CUSTOM_ID_MAX:
            length = len(cid) if isinstance(cid, str) else cid
            problems.append(
                ("custom_id is 1–100 characters", f"{where}.custom_id has length {length}")
            )
        elif cid in seen:
            problems.append(
                ("custom_id unique within a message", f"{where} repeats {cid!r} of {seen[cid]}")
            )
        else:
            seen[cid] = where
    return problems


def _embed_problems(embeds: list[dict] | None) -> list[Problem]:
    problems: list[Problem] = []
    embeds = embeds or []
    if len(embeds) > EMBEDS_MAX:
        problems.append(("at most 10 embeds", f"{len(embeds)} embeds"))
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        limits = {
            "title": (embed.get("title"), 256),
            "description": (embed.get("description"), 4096),
            "footer.text": ((embed.get("footer") or {}).get("text"), 2048),
            "author.name": ((embed.get("author") or {}).get("name"), 256),
        }
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append(
                ("at most 25 fields per embed", f"embeds[{i}] has {len(fields)} fields")
            )
        for j, field in enumerate(fields):
            limits[f"fields[{j}].name"] = (field.get("name"), 256)
            limits[f"fields[{j}].value"] = (field.get("value"), 1024)
            if not field.get("name") or not field.get("value"):
                problems.append(
                    ("embed field name and value are required", f"embeds[{i}].fields[{j}] is empty")
                )
        for where, (text, cap) in limits.items():
            if isinstance(text, str):
                total += len(text)
                if len(text) > cap:
                    problems.append(
                        (
                            f"embed {where} ≤ {cap} characters",
                            f"embeds[{i}].{where} has {len(text)}",
                        )
                    )
    if total > EMBED_TOTAL_MAX:
        problems.append(("embeds total ≤ 6000 characters", f"the embeds hold {total} characters"))
    return problems


def _row_problems(components: list[dict]) -> list[Problem]:
    problems: list[Problem] = []
    rows = [c for c in components if isinstance(c, dict) and c.get("type") == 1]
    if len(rows) > ROWS_MAX:
        problems.append(("at most 5 action rows", f"{len(rows)} action rows"))
    for r, row in enumerate(components):
        if not isinstance(row, dict):
            continue
        if row.get("type") != 1:
            problems.append(
                (
                    "top-level components are action rows",
                    f"components[{r}] has type {row.get('type')}",
                )
            )
            continue
        children = row.get("components") or []
        buttons = [c for c in children if c.get("type") == 2]
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if len(buttons) > ROW_BUTTONS_MAX:
            problems.append(
                ("at most 5 buttons per row", f"components[{r}] has {len(buttons)} buttons")
            )
        if selects and len(children) > 1:
            problems.append(
                ("a select is alone in its row", f"components[{r}] has {len(children)} components")
            )
        if not children:
            problems.append(("an action row holds 1–5 components", f"components[{r}] is empty"))
    return problems


def component_problems(components: list[dict] | None, *, path: str = "components") -> list[Problem]:
    """Buttons and selects, wherever they sit (messages and modals)."""
    problems = _custom_ids(components, path)
    for where, comp in _walk(components, path):
        kind = comp.get("type")
        if kind == 2:
            is_link = comp.get("style") == 5
            is_premium = comp.get("style") == 6
            if is_link and (not comp.get("url") or comp.get("custom_id")):
                problems.append(("a link button has a url and no custom_id", where))
            if not is_link and not is_premium and (not comp.get("custom_id") or comp.get("url")):
                problems.append(("a non-link button has a custom_id and no url", where))
            if not is_premium and not comp.get("label") and not comp.get("emoji"):
                problems.append(("a button has a label or an emoji", where))
        elif kind == 3:
            options = comp.get("options") or []
            if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
                problems.append(
                    ("a select has 1–25 options", f"{where} has {len(options)} options")
                )
            values = [o.get("value") for o in options]
            if len(set(values)) != len(values):
                problems.append(("select option values are unique", where))
            low, high = comp.get("min_values", 1), comp.get("max_values", 1)
            if low is not None and high is not None and not low <= high <= max(len(options), 1):
                problems.append(
                    (
                        "min_values ≤ max_values ≤ number of options",
                        f"{where}: min {low}, max {high}, {len(options)} options",
                    )
                )
            defaults = [o for o in options if o.get("default")]
            if high is not None and len(defaults) > high:
                problems.append(("no more default options than max_values", where))
    return problems


def message_problems(body: dict[str, Any]) -> list[Problem]:
    """A message body: create, edit, interaction reply, webhook follow-up."""
    if not isinstance(body, dict):
        return []
    problems: list[Problem] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > CONTENT_MAX:
        problems.append(("content ≤ 2000 characters", f"content has {len(content)} characters"))
    problems += _embed_problems(body.get("embeds"))
    components = body.get("components")
    flags = body.get("flags") or 0
    if isinstance(components, list) and components:
        if flags & COMPONENTS_V2_FLAG:
            problems += v2_problems(body)
        else:
            problems += _row_problems(components)
        problems += component_problems(components)
    elif flags & COMPONENTS_V2_FLAG and (content or body.get("embeds")):
        problems += v2_problems(body)
    return problems


def v2_problems(body: dict[str, Any]) -> list[Problem]:
    """A components-V2 message: no content or embeds (its text is in text displays), at most
    40 components counting nested ones, at most 4,000 characters across its text displays."""
    problems: list[Problem] = []
    if body.get("content") or body.get("embeds"):
        problems.append(("a components-v2 message has no content or embeds", "content/embeds set"))
    everything = list(_walk(body.get("components"), "components"))
    if len(everything) > V2_COMPONENTS_MAX:
        problems.append(
            ("at most 40 components in a components-v2 message", f"{len(everything)} components")
        )
    text = sum(
        len(comp.get("content") or "") for _, comp in everything if comp.get("type") == TEXT_DISPLAY
    )
    if text > V2_TEXT_MAX:
        problems.append(
            ("at most 4000 characters across a message's text displays", f"{text} characters")
        )
    return problems


def media_urls(components: list[dict] | None) -> Iterator[tuple[str, str]]:
    """(where, url) of every picture or file a V2 message's components show."""
    for where, comp in _walk(components, "components"):
        kind = comp.get("type")
        if kind == MEDIA_GALLERY:
            for i, item in enumerate(comp.get("items") or []):
                yield f"{where}.items[{i}]", ((item or {}).get("media") or {}).get("url") or ""
        elif kind == THUMBNAIL:
            yield where, (comp.get("media") or {}).get("url") or ""
        elif kind == FILE:
            yield where, (comp.get("file") or {}).get("url") or ""


def attachment_problems(components: list[dict] | None, names: set[str]) -> list[Problem]:
    """Each ``attachment://name`` a V2 component shows names a file the message has."""
    return [
        ("a component's attachment:// names a file of the message",
         f"{where} names {url[13:]!r}; files: {sorted(names)}")
        for where, url in media_urls(components)
        if url.startswith("attachment://") and url[13:] not in names
    ]


def edit_problems(flags: int, body: dict[str, Any], kept: set[str]) -> list[Problem]:
    """An edit of a message flagged ``flags``, which keeps (or is sent) the files ``kept``.
    A message cannot switch between components V2 and content on edit; a V2 message is
    checked as V2 whether or not the edit repeats the flag."""
    problems: list[Problem] = []
    if not isinstance(body, dict):
        return problems
    was_v2 = bool(flags & COMPONENTS_V2_FLAG)
    sent = body.get("flags")
    if sent is not None and bool(sent & COMPONENTS_V2_FLAG) != was_v2:
        problems.append(
            ("a message cannot switch between components v2 and content on edit",
             f"message flags {flags}, edit flags {sent}")
        )
    elif was_v2:
        if body.get("components") == []:
            problems.append(("a components-v2 message keeps a component", "components: []"))
        if "flags" not in body and (body.get("content") or body.get("embeds") or body.get("components")):
            problems += v2_problems(body)
        if body.get("components") is not None:
            problems += attachment_problems(body["components"], kept)
    elif any(comp.get("type") in V2_TYPES for _, comp in _walk(body.get("components"), "components")):
        problems.append(
            ("v2 components need a message flagged IS_COMPONENTS_V2", "the message is not")
        )
    return problems


def modal_problems(data: dict[str, Any]) -> list[Problem]:
    if not isinstance(data, dict):
        return [("a modal has data", "missing data")]
    problems: list[Problem] = []
    title = data.get("title") or ""
    if not 1 <= len(title) <= 45:
        problems.append(("a modal title is 1–45 characters", f"title has {len(title)} characters"))
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        problems.append(("a modal has 1–5 components", f"{len(components)} components"))
    problems += component_problems(components, path="data.components")
    cid = data.get("custom_id")
    if not isinstance(cid, str) or not 1 <= len(cid) <= CUSTOM_ID_MAX:
        problems.append(("custom_id is 1–100 characters", "modal custom_id"))
    return problems


def choices_problems(data: dict[str, Any]) -> list[Problem]:
    choices = (data or {}).get("choices") or []
    if len(choices) > 25:
        return [("at most 25 autocomplete choices", f"{len(choices)} choices")]
    return []


def _option_problems(options: list[dict], where: str) -> list[Problem]:
    problems: list[Problem] = []
    if len(options) > 25:
        problems.append(("at most 25 options per command", f"{where} has {len(options)}"))
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        problems.append(("option names are unique", where))
    seen_optional = False
    for i, opt in enumerate(options):
        here = f"{where}[{i}] {opt.get('name')!r}"
        name = opt.get("name") or ""
        if not _COMMAND_NAME.match(name) or name != name.lower():
            problems.append(("names are 1–32 lowercase letters, digits, - or _", here))
        if not 1 <= len(opt.get("description") or "") <= 100:
            problems.append(("descriptions are 1–100 characters", here))
        if len(opt.get("choices") or []) > 25:
            problems.append(("at most 25 choices per option", here))
        if opt.get("choices") and opt.get("autocomplete"):
            problems.append(("an option has choices or autocomplete, not both", here))
        if opt.get("type") in (1, 2):
            problems += _option_problems(opt.get("options") or [], f"{here}.options")
            continue
        if opt.get("required"):
            if seen_optional:
                problems.append(("required options come before optional ones", here))
        else:
            seen_optional = True
    return problems


def command_problems(commands: list[dict]) -> list[Problem]:
    problems: list[Problem] = []
    if not isinstance(commands, list):
        return problems
    chat = [c for c in commands if c.get("type", 1) == 1]
    if len(chat) > 100:
        problems.append(("at most 100 slash commands per scope", f"{len(chat)} commands"))
    keys = [(c.get("type", 1), c.get("name")) for c in commands]
    if len(set(keys)) != len(keys):
        problems.append(("command names are unique per type", "duplicate name"))
    for i, cmd in enumerate(commands):
        here = f"[{i}] {cmd.get('name')!r}"
        if cmd.get("type", 1) == 1:
            name = cmd.get("name") or ""
            if not _COMMAND_NAME.match(name) or name != name.lower():
                problems.append(("names are 1–32 lowercase letters, digits, - or _", here))
            if not 1 <= len(cmd.get("description") or "") <= 100:
                problems.append(("descriptions are 1–100 characters", here))
        problems += _option_problems(cmd.get("options") or [], f"{here}.options")
    return problems
