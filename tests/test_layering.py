"""games/ stays pure: no Discord, Pillow, database, clock, network or global RNG."""

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
