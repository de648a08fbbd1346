"""Dependencies point one way: no import circle anywhere, nothing outside tools/ imports a
benchmark, the stores share helpers through a module of their own, and the pure layers
(the engine, the rules, the table's plans) import no Discord."""
from __future__ import annotations

from collections import defaultdict

from tests.architecture.imports import cycles, imports, modules

KNOWN = modules()
IMPORTS = list(imports(KNOWN))


def graph(*, type_only: bool) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for found in IMPORTS:
        if type_only or not found.explained:
            edges[found.importer].add(found.imported)
    return edges


def test_no_import_circle():
    """Type-only imports count too, unless their ``if TYPE_CHECKING:`` says why it is there."""
    assert cycles(graph(type_only=False)) == []


def test_every_type_only_import_says_why():
    unexplained = sorted({f"{i.importer}:{i.line}" for i in IMPORTS if i.type_only and not i.explained})
    assert unexplained == []


def test_nothing_outside_tools_imports_a_benchmark():
    assert [i for i in IMPORTS if i.imported.startswith("tools") and not i.importer.startswith("tools")] == []


def test_the_postgres_store_takes_nothing_private_from_the_sqlite_one():
    source = KNOWN["bot.store.postgres"].read_text()
    assert "from bot.store.sqlite import" not in source and "from .sqlite import" not in source


def test_pure_layers_import_no_discord_and_no_io():
    pure = ("bot.engine", "bot.games.")
    for found in IMPORTS:
        if found.importer.startswith(pure) and found.importer not in ("bot.games.registry", "bot.games.content"):
            assert not found.imported.startswith(("cogs", "bot.store", "bot.delivery", "bot.app")), found
