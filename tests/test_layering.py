"""The import rules: games/ stays pure (no Discord, Pillow, database, clock, network or global RNG);
bot/ in four layers importing one way down to renderers and games; no import cycles anywhere."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"discord", "PIL", "aiosqlite", "sqlite3", "asyncio", "time", "datetime", "requests",
             "aiohttp", "bot", "socket"}
GLOBAL_RANDOM = {"random", "randint", "randrange", "choice", "choices", "shuffle", "sample", "uniform", "seed"}


def _engine_files():
    return [p for p in (ROOT / "games").rglob("*.py") if p.name != "__main__.py"]


def test_engines_import_nothing_impure():
    bad = []
    for path in _engine_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            bad += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert not bad, bad


def test_engines_use_no_global_random():
    bad = []
    for path in _engine_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "random" and node.attr in GLOBAL_RANDOM):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno} random.{node.attr}")
    assert not bad, bad


def test_renderers_do_not_import_bot():
    for path in (ROOT / "renderers").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                assert node.module.split(".")[0] not in {"bot", "discord"}, path


# --- bot/ in four layers, and no import cycles ------------------------------------------------
# Imports run one way: bot/discord -> bot/table -> {bot/store, bot/words} -> renderers -> games
# (docs/bot-layers.md). A module may import its own layer and any layer below, never one above;
# store and words are side by side and import neither each other nor anything above them.
# The entry points (bot/__main__.py, console, backup, ...) sit on top and may import any layer;
# nothing layered imports them, except bot/config.py (settings) and bot/observe.py (logs, metrics,
# health: every layer reports there), which import nothing of bot/.

PACKAGES = ("games", "renderers", "bot")

#: layer -> rank: a module imports only modules of its own layer or of a lower rank
RANK = {"games": 0, "renderers": 1, "store": 2, "words": 2, "table": 3, "discord": 4}
BOT_LAYERS = ("discord", "table", "store", "words")
#: modules above the layers: started by hand or by the Makefile, never imported by a layer
ENTRY_POINTS = {"bot", "bot.__main__", "bot.config", "bot.observe", "bot.console", "bot.backup",
                "bot.migrate_to_postgres", "bot.records", "games.__main__"}
#: the entry points a layer may import: they import nothing of bot/
LEAVES = {"bot.config", "bot.observe"}
#: third-party modules only one layer may import (the entry points may import anything)
OWNED = {"discord": "discord", "aiohttp": "discord", "aiosqlite": "store", "asyncpg": "store", "sqlite3": "store"}

#: today's offences against the layer rule ("importer -> imported"): this list may only shrink.
#: Fix one, then delete its line here (the test fails until you do); never add one.
LAYER_ALLOWED: set[str] = set()

#: today's import cycles, each as its sorted modules: this list may only shrink (a cycle cut, or
#: smaller, is updated here; a new cycle, or a module joining one, fails).
CYCLES_ALLOWED: set[tuple[str, ...]] = set()


def _modules() -> dict[str, Path]:
    """Dotted name -> file of every module of the project's packages (a package by its own name)."""
    out = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = path
    return out


def _imported(module: str, path: Path, modules) -> tuple[set[str], set[str]]:
    """(project modules, third-party top-level names) that ``module`` imports anywhere in its file,
    inside functions too. ``from x import y`` counts x, and x.y when that is a module."""
    ours, theirs = set(), set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            names = [stem] + [f"{stem}.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] not in PACKAGES:
                theirs.add(name.split(".")[0])
                continue
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != module and not module.startswith(name + "."):
                ours.add(name)
    return ours, theirs


def _graph():
    modules = _modules()
    return {m: _imported(m, p, modules) for m, p in modules.items()}


def _layer(module: str) -> str | None:
    """The layer of a module, or None for an entry point."""
    if module in ENTRY_POINTS:
        return None
    top, _, rest = module.partition(".")
    if top != "bot":
        return top
    return rest.split(".")[0]


def _layer_offences(graph) -> set[str]:
    bad = set()
    for module, (ours, theirs) in graph.items():
        mine = _layer(module)
        if mine is None:
            continue
        for other in ours:
            theirs_layer = _layer(other)
            if other in LEAVES:
                continue
            if theirs_layer is None or (theirs_layer != mine and RANK[theirs_layer] >= RANK[mine]):
                bad.add(f"{module} -> {other}")
        for lib in theirs:
            if OWNED.get(lib, mine) != mine:
                bad.add(f"{module} -> {lib}")
    return bad


def _cycles(graph) -> set[tuple[str, ...]]:
    """The strongly connected sets of more than one module (Tarjan's algorithm)."""
    index, low, stack, on, found = {}, {}, [], set(), set()

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v][0]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.add(tuple(sorted(comp)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _compare(found: set, allowed: set, what: str) -> None:
    new, gone = sorted(found - allowed), sorted(allowed - found)
    assert not new and not gone, (
        f"new {what} (not allowed: fix the import): {new}; " if new else ""
    ) + (f"{what} gone or changed (update the allow-list in tests/test_layering.py): {gone}" if gone else "")


def test_the_leaves_import_nothing_of_bot():
    graph = _graph()
    assert {leaf: sorted(m for m in graph[leaf][0] if m.startswith("bot")) for leaf in LEAVES} == {
        leaf: [] for leaf in LEAVES}


def test_bot_modules_each_have_a_layer():
    loose = [m for m in _modules() if m.startswith("bot.") and m not in ENTRY_POINTS
             and m.split(".")[1] not in BOT_LAYERS]
    assert not loose, f"put these modules in a layer (bot/discord, bot/table, bot/store, bot/words): {loose}"


def test_imports_run_down_the_layers():
    _compare(_layer_offences(_graph()), LAYER_ALLOWED, "layer offences")


def test_no_import_cycles():
    _compare(_cycles(_graph()), CYCLES_ALLOWED, "import cycles")


def test_the_checks_see_what_they_must(tmp_path):
    """The checker itself: a back edge, a sibling import, a driver outside the store and a loop
    through an import inside a function are all caught."""
    graph = {"bot.table.a": ({"bot.discord.b", "games.x"}, {"asyncpg"}), "bot.discord.b": ({"bot.table.a"}, set()),
             "games.x": (set(), set()), "bot.words.w": ({"bot.store.s"}, set()), "bot.store.s": (set(), set())}
    assert _layer_offences(graph) == {"bot.table.a -> bot.discord.b", "bot.table.a -> asyncpg",
                                      "bot.words.w -> bot.store.s"}
    assert _cycles(graph) == {("bot.discord.b", "bot.table.a")}
    src = tmp_path / "a.py"
    src.write_text("import games\n\ndef late():\n    from ..discord import b\n    import discord\n")
    modules = {"bot.table.a": src, "bot.discord.b": src, "games": src}
    assert _imported("bot.table.a", src, modules) == ({"bot.discord.b", "games"}, {"discord"})


#: the files every game folder has, each holding the same thing in every game (the package's
#: ``__init__.py`` holds its description and names ``GAME``)
GAME_FILES = ("game.py", "data.py", "rules.py", "moves.py", "notation.py", "view.py", "scoring.py", "messages.py",
              "actions.py")


def test_every_game_folder_names_its_files_the_same_way():
    """``games/<game>/`` has the same files in every game: ``game.py`` holds the ``Game`` class
    (``GAME`` is its instance), ``actions.py`` the verbs as a table (``HANDLERS``: verb -> what it
    does), ``data.py`` the components, ``rules.py``, ``moves.py``, ``notation.py``, ``view.py``,
    ``scoring.py`` and ``messages.py`` the rest."""
    import importlib

    import games
    from games.core import Game

    assert len(games.game_ids()) >= 5
    for game_id in games.game_ids():
        engine = games.get(game_id)
        folder = ROOT / "games" / game_id.replace("-", "_")
        missing = [name for name in GAME_FILES if not (folder / name).is_file()]
        assert not missing, (game_id, missing)
        module = importlib.import_module(f"games.{folder.name}.game")
        assert type(engine).__module__ == module.__name__ and isinstance(engine, Game), game_id
        assert module.GAME is engine, game_id
        handlers = importlib.import_module(f"games.{folder.name}.actions").HANDLERS
        assert isinstance(handlers, dict) and len(handlers) >= 3, game_id
        for verb, row in handlers.items():  # a function, or a row holding one (with its phase, its fields)
            assert callable(row) or any(callable(cell) for cell in row), (game_id, verb)


#: the registries, the one list of games in each of games/ and renderers/ (a new game adds a line
#: to each); every other table of games is its games' own data, beside each game
REGISTRIES = {"games/__init__.py", "renderers/__init__.py"}
#: shared tables keyed by game id ("file:NAME") outside the files of the games they name: none left
#: (issue 29); a new one fails: put what a game needs beside it, found by its name
GAME_TABLES_ALLOWED: set[str] = set()


def _game_ids(root: Path = ROOT) -> set[str]:
    tree = ast.parse((root / "games" / "__init__.py").read_text())
    engines = next(n.value for n in ast.walk(tree) if isinstance(n, ast.AnnAssign | ast.Assign)
                   and "ENGINES" in ast.unparse(n.targets[0] if isinstance(n, ast.Assign) else n.target))
    return {k.value for k in engines.keys}


def _owns(rel: str, game_id: str) -> bool:
    """The file is one of the game's own: its engine, renderer, plug, components or bot."""
    stem = game_id.replace("-", "_")
    name = rel.rsplit("/", 1)[-1]
    return (rel.startswith(f"games/{stem}/") or (rel.count("/") == 1 and name.startswith(stem))
            or (rel.rsplit("/", 1)[0] in ("bot/table/games", "bot/discord/components", "games/bots")
                and name.startswith(stem)))


def _game_tables(root: Path = ROOT) -> set[str]:
    """Every dict or set literal, outside the registries, keyed by a game id it does not own
    ("file:NAME", NAME the variable it is given to, else its line)."""
    ids, found = _game_ids(root), set()
    for layer in ("games", "renderers", "bot"):
        for path in (root / layer).rglob("*.py"):
            rel = path.relative_to(root).as_posix()
            if rel in REGISTRIES:
                continue
            tree = ast.parse(path.read_text())
            names = {}
            for n in ast.walk(tree):
                if isinstance(n, ast.Assign | ast.AnnAssign) and n.value is not None:
                    name = ast.unparse(n.targets[0] if isinstance(n, ast.Assign) else n.target)
                    names[id(n.value)] = name  # frozenset({...}) as well as {...}
                    if isinstance(n.value, ast.Call):
                        names.update({id(a): name for a in n.value.args})
            for node in ast.walk(tree):
                keys = node.keys if isinstance(node, ast.Dict) else node.elts if isinstance(node, ast.Set) else []
                named = {k.value for k in keys if isinstance(k, ast.Constant) and k.value in ids}
                if any(not _owns(rel, g) for g in named):
                    found.add(f"{rel}:{names.get(id(node), node.lineno)}")
    return found


def test_no_shared_table_keyed_by_game_id():
    """What a game needs besides its engine is found by its name beside it (its plug
    ``bot/table/games/<game>.py``, its renderer, ``Game.names``, its engine's messages), so adding
    a game touches no shared table; only the two registries list the games."""
    _compare(_game_tables(), GAME_TABLES_ALLOWED, "tables keyed by game id")


def test_the_game_table_check_sees_one(tmp_path):
    """The check finds a table of games (as renderers/score_words.py ZH and renderers/labels.py
    turn.game.<id> were) and leaves a game's own files alone."""
    assert _owns("bot/table/games/terra_mystica.py", "terra-mystica")
    assert _owns("renderers/terra_mystica_labels.py", "terra-mystica")
    assert not _owns("renderers/labels.py", "terra-mystica") and not _owns("bot/words/help_terms.py", "bruges")
    for layer in ("games", "renderers", "bot"):
        (tmp_path / layer).mkdir()
    (tmp_path / "games" / "__init__.py").write_text((ROOT / "games" / "__init__.py").read_text())
    (tmp_path / "renderers" / "score_words.py").write_text('ZH = {"bruges": {"canals": "運河"}}\n')
    (tmp_path / "renderers" / "bruges.py").write_text('OWN = {"bruges": 1}\n')
    (tmp_path / "bot" / "orders.py").write_text('OPEN = frozenset({"amerigo"})\n')
    assert _game_tables(tmp_path) == {"renderers/score_words.py:ZH", "bot/orders.py:OPEN"}


#: the longest a module of bot/ may be (issue 29: 1,230 lines before); a longer one is cut by what it does
BOT_MODULE_LINES = 800


def test_no_bot_module_is_over_800_lines():
    long = {p.relative_to(ROOT).as_posix(): n for p in (ROOT / "bot").rglob("*.py")
            if (n := len(p.read_text().splitlines())) > BOT_MODULE_LINES}
    assert not long, f"bot/ modules over {BOT_MODULE_LINES} lines (cut them by what they hold): {long}"


def test_custom_ids_are_built_only_in_send():
    """Stage 6: every custom id is built by ``bot.discord.send.custom_id`` (``bot.discord.custom_ids``: its ``PREFIXES``); a
    component passes it on, never writes one as a literal or an f-string of its own."""
    found = []
    for path in (ROOT / "bot").rglob("*.py"):
        if path.relative_to(ROOT).as_posix() in ("bot/discord/send.py", "bot/discord/custom_ids.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.keyword) and node.arg == "custom_id" and (
                    isinstance(node.value, ast.JoinedStr) or isinstance(node.value, ast.Constant)):
                found.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}")
    assert not found, f"custom ids written by hand (use send.custom_id): {found}"
