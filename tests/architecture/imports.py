"""The project's import graph, read from the source (nothing is imported to build it)."""
from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "cogs", "rendering", "tools")


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int
    type_only: bool  # under ``if TYPE_CHECKING:``
    explained: bool  # ... with a comment on that line (or the one above) saying why


def modules() -> dict[str, Path]:
    """Every module under the project's packages, by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imports(known: dict[str, Path]) -> Iterator[Import]:
    """Each import of one project module by another: top-level, in functions and type-only."""
    for name, path in known.items():
        source = path.read_text()
        lines = source.splitlines()
        tree = ast.parse(source, str(path))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        guarded = _type_checking_blocks(tree, lines)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(node, package)
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                           for alias in node.names]
            else:
                continue
            block = next((explained for start, end, explained in guarded if start <= node.lineno <= end), None)
            for target in targets:
                for imported in _with_parents(target, known):
                    # A module's own packages are being imported already when it runs: that
                    # their __init__ imports it back is how packages work, not a circle.
                    if imported != name and not name.startswith(imported + "."):
                        yield Import(name, imported, node.lineno, block is not None, bool(block))


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    base = parts[: len(parts) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _with_parents(target: str, known: dict[str, Path]) -> Iterator[str]:
    """The module and the packages whose ``__init__`` importing it runs."""
    parts = target.split(".")
    for end in range(1, len(parts) + 1):
        prefix = ".".join(parts[:end])
        if prefix in known:
            yield prefix


def _type_checking_blocks(tree: ast.AST, lines: list[str]) -> list[tuple[int, int, bool]]:
    blocks = []
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            said = "#" in lines[node.lineno - 1] or lines[node.lineno - 2].strip().startswith("#")
            blocks.append((node.lineno, node.end_lineno or node.lineno, said))
    return blocks


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found
