"""Discord's OpenAPI 3.1 description: find the operation a request hits and check its body.

The spec is loaded once per process. Every ``oneOf`` in it is read as ``anyOf``: Discord's
unions are discriminated by a ``type`` field, so the two agree on every payload that has a
type, and ``anyOf`` stops at the first match instead of trying all seven component shapes
(three times faster). Verdicts are cached by the body's canonical JSON, because a bot sends
the same board message many times over."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

# Discord's OpenAPI description, vendored with its licence and upstream version
# (vendor/discord-api/README.md; `python3 tasks.py vendor` refreshes it).
SPEC_PATH = Path(__file__).resolve().parents[2] / "vendor" / "discord-api" / "openapi.json"
_URI = "urn:discord-openapi"


@dataclass(frozen=True)
class Operation:
    method: str
    template: str  # "/channels/{channel_id}/messages", as the spec spells it

    @property
    def route(self) -> str:
        return f"{self.method} {self.template}"


def _any_of(node: Any) -> Any:
    if isinstance(node, dict):
        return {("anyOf" if k == "oneOf" else k): _any_of(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_any_of(v) for v in node]
    return node


def _absolute_refs(node: Any) -> Any:
    if isinstance(node, dict):
        return {
            k: (
                _URI + v
                if k == "$ref" and isinstance(v, str) and v.startswith("#")
                else _absolute_refs(v)
            )
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_absolute_refs(v) for v in node]
    return node


class DiscordSpec:
    def __init__(self, path: Path = SPEC_PATH) -> None:
        raw = json.loads(path.read_text())
        self._spec = _any_of(raw)
        # The spec types snowflakes as strings; Discord accepts integers too, and discord.py
        # sends some ids (recipient_id, message_reference ids…) as JSON numbers.
        self._spec["components"]["schemas"]["SnowflakeType"] = {
            "anyOf": [
                {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
                {"type": "integer", "minimum": 0},
            ]
        }
        self._registry = Registry().with_resource(
            _URI, Resource.from_contents(self._spec, default_specification=DRAFT202012)
        )
        # Literal segments beat parameters: /users/@me before /users/{user_id}.
        patterns = []
        for template, item in self._spec["paths"].items():
            regex = "^" + re.sub(r"\\\{[^}]+\\\}", r"[^/]+", re.escape(template)) + "$"
            methods = {m.upper() for m in item if m in {"get", "post", "put", "patch", "delete"}}
            patterns.append((template.count("{"), re.compile(regex), template, methods))
        patterns.sort(key=lambda p: p[0])
        self._patterns = patterns
        self._validators: dict[tuple[str, str, str], Draft202012Validator | None] = {}
        self._verdicts: dict[tuple[str, str, str, str], list[str]] = {}

    def operation(self, method: str, path: str) -> Operation | None:
        """The operation for a concrete path such as ``/channels/123/messages``."""
        for _, regex, template, methods in self._patterns:
            if regex.match(path) and method.upper() in methods:
                return Operation(method.upper(), template)
        return None

    def _validator(self, op: Operation, media: str) -> Draft202012Validator | None:
        key = (op.method, op.template, media)
        if key not in self._validators:
            body = self._spec["paths"][op.template][op.method.lower()].get("requestBody")
            schema = None
            if body:
                content = body["content"]
                schema = (content.get(media) or content.get("application/json") or {}).get("schema")
            self._validators[key] = (
                None
                if schema is None
                else Draft202012Validator(_absolute_refs(schema), registry=self._registry)
            )
        return self._validators[key]

    def has_body(self, op: Operation) -> bool:
        return "requestBody" in self._spec["paths"][op.template][op.method.lower()]

    def body_errors(self, op: Operation, body: Any, media: str = "application/json") -> list[str]:
        """Readable schema errors for a request body (empty when valid)."""
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
        key = (op.method, op.template, media, canonical)
        if key in self._verdicts:
            return self._verdicts[key]
        validator = self._validator(op, media)
        errors: list[str] = []
        if validator is not None and not validator.is_valid(body):
            errors = [_describe(_most_specific(e)) for e in validator.iter_errors(body)]
        if len(self._verdicts) > 5000:
            self._verdicts.clear()
        self._verdicts[key] = errors
        return errors


def _discriminator_failed(errors: list[ValidationError]) -> bool:
    """True when a union branch was rejected because its ``type`` constant did not match."""
    for error in errors:
        path = list(error.relative_path)
        if path == ["type"] and error.validator in {"enum", "const"}:
            return True
    return False


def _most_specific(error: ValidationError) -> ValidationError:
    """Descend into anyOf branches, skipping the ones for a different component ``type``,
    and report the deepest remaining error: '101 chars is too long at components[0]...'."""
    if error.validator not in {"anyOf", "oneOf"} or not error.context:
        return error
    branches: dict[int, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    candidates = [errs for errs in branches.values() if not _discriminator_failed(errs)]
    if not candidates:
        return error

    # Deepest first; on a tie, a branch that merely says "not null" is the least telling.
    def rank(errs: list[ValidationError]) -> tuple[int, bool]:
        only_null = all(e.validator == "type" and e.validator_value == "null" for e in errs)
        return max(len(e.absolute_path) for e in errs), not only_null

    chosen = max(candidates, key=rank)
    deepest = max(chosen, key=lambda e: len(e.absolute_path))
    return _most_specific(deepest)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _describe(error: ValidationError) -> str:
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    rule, limit, value = error.validator, error.validator_value, error.instance
    if rule in {"maxLength", "minLength"} and isinstance(value, str):
        message = f"is {len(value)} characters long ({rule} {limit})"
    elif rule in {"maxItems", "minItems"} and isinstance(value, list):
        message = f"has {len(value)} items ({rule} {limit})"
    elif rule in {"maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"}:
        message = f"{_short(value)} breaks {rule} {limit}"
    elif rule == "required":
        message = error.message
    else:
        message = f"{_short(value)} fails {rule} {_short(limit)}"
    return f"body{where or ''} {message}"


@functools.lru_cache(maxsize=1)
def load_spec() -> DiscordSpec:
    return DiscordSpec()
