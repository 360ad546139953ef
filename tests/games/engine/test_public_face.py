"""The engine's public face: typed values in a view, a move's JSON form on the move, no import
circle inside, and nothing outside reaching past ``games.engine`` / ``games.engine.bots``."""

import ast
import random
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    ALL_TILES,
    Deal,
    Draw,
    End,
    IllegalMove,
    InvalidMove,
    Legal,
    Match,
    Pass,
    Play,
    Rules,
    Tile,
    move_from_json,
    move_from_record,
    move_to_record,
    view_for,
)

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "games" / "engine"

EVERY_MOVE = [
    Draw(),
    Pass(),
    *(Play(tile) for tile in ALL_TILES),
    *(Play(tile, end) for tile in ALL_TILES for end in End),
]


@pytest.mark.parametrize("move", EVERY_MOVE, ids=str)
def test_a_moves_json_form_reads_back_as_the_same_move(move):
    assert move_from_json(move.to_json()) == move
    assert move_to_record(2, move) == {"seat": 2, **move.to_json()}
    assert move_from_record(move_to_record(2, move)) == (2, move)


def test_a_moves_json_form_is_what_the_page_sends():
    assert Play(Tile(6, 2), End.RIGHT).to_json() == {"play": "6-2", "end": "right"}
    assert Play(Tile(6, 6)).to_json() == {"play": "6-6"}
    assert Draw().to_json() == {"draw": True}
    assert Pass().to_json() == {"pass": True}


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"play": "6-2", "seat": 0}, "a move has no 'seat'"),
        ({"play": "9-9"}, "9-9 is not a double-six tile"),
        ({"play": "6-2", "end": "middle"}, "'middle' is not an end (left, right, up or down)"),
        ({"draw": True, "pass": True}, "a move is exactly one of play, draw and pass"),
        ({"draw": True, "end": "left"}, "only a play names an end"),
        ({"pass": 1}, 'a pass is written "pass": true'),
        (["draw"], "a move is an object with one of play, draw, pass"),
    ],
)
def test_a_move_that_is_not_one_says_why(data, reason):
    with pytest.raises(InvalidMove) as raised:
        move_from_json(data)
    assert str(raised.value) == reason
    # Not a move at all, so not one the rules refuse: a page that sends it is broken or forged.
    assert not isinstance(raised.value, IllegalMove)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(["draw", "all_fives", "block"]))
def test_a_view_holds_the_engines_values(seed, preset):
    rules = Rules.for_preset(preset, seats=2)
    match = Match(rules)
    rng = random.Random(seed)
    match.start_hand(Deal.shuffled(rules, rng))
    for _ in range(rng.randrange(12)):
        if match.turn is None:
            break
        match.apply(match.turn, rng.choice(match.legal_moves()))
    if match.turn is None:
        return
    view = view_for(match, match.turn)
    assert view.rules is rules
    assert all(isinstance(tile, Tile) for tile in view.hand)
    assert all(isinstance(option, Legal) for option in view.legal)
    assert [option.move for option in view.legal] == match.legal_moves()
    assert view.opening is None or isinstance(view.opening, Tile)
    assert all(isinstance(end, End) for end in view.ends)
    assert [entry.move for entry in view.history] == [
        move_from_record(record)[1] for record in view.to_json()["history"]
    ]


def _engine_modules() -> dict[str, Path]:
    modules = {}
    for path in ENGINE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    return modules


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The engine modules ``name`` imports anywhere in its code (functions and TYPE_CHECKING
    blocks included): a lazy import is still a circle."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            if node.level:
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return {module for module in found if module in modules and module != name}


def test_no_engine_module_imports_one_that_imports_it_back():
    modules = _engine_modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> None:
        if name in trail:
            cycle = trail[trail.index(name) :] + [name]
            raise AssertionError("import circle: " + " -> ".join(cycle))
        if name in done:
            return
        for imported in sorted(graph[name]):
            visit(imported, [*trail, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])


def _banned(source: str, filename: str) -> list[str]:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--select",
            "TID251",
            "--output-format",
            "concise",
            "--stdin-filename",
            filename,
            "-",
        ],
        input=source,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    return [line for line in result.stdout.splitlines() if "TID251" in line]


@pytest.mark.parametrize(
    "source",
    [
        "from games.engine.hand import HandState\n",
        "from games.engine import hand\n",
        "import games.engine.view\n",
        "from games.engine.record import move_from_record\n",
        "from games.engine.bots.knowledge import Knowledge\n",
    ],
)
def test_code_outside_the_engine_may_not_reach_inside(source):
    assert _banned(source, "games/example.py")


def test_the_public_face_and_the_engines_own_tests_pass_the_rule():
    public = "from games.engine import Match, Tile\nfrom games.engine.bots import Bot, hint\n"
    assert not _banned(public, "games/example.py")
    assert not _banned("from games.engine.hand import HandState\n", "tests/games/engine/example.py")


def test_every_inside_module_is_banned_outside_the_engine():
    # A module added to the engine later is inside too, unless it is made public here.
    public = {"games.engine", "games.engine.bots"}
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    banned = config["tool"]["ruff"]["lint"]["flake8-tidy-imports"]["banned-api"]
    assert set(banned) == set(_engine_modules()) - public


# The hand in play is the engine's inside (bit masks and move codes): Match keeps it private and
# answers for it (dealt, needs_deal, histories, view_for, reveal). Ruff's banned-api rule covers
# imports, not attributes, so the private members of Match are checked here, in every Python
# file outside the engine and its own tests.
OUTSIDE = [
    path
    for path in ROOT.rglob("*.py")
    if not path.relative_to(ROOT).parts[0].startswith(".")
    and "migrations" not in path.parts
    and not path.is_relative_to(ENGINE)
    and not path.is_relative_to(ROOT / "tests" / "games" / "engine")
]


def _private_members_of_match() -> set[str]:
    tree = ast.parse((ENGINE / "match.py").read_text())
    match = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Match")
    names = {
        node.attr
        for node in ast.walk(match)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
    }
    names |= {
        node.name
        for node in match.body
        if isinstance(node, ast.FunctionDef)
        and node.name.startswith("_")
        and not node.name.startswith("__")
    }
    names.discard("_")
    return names


def _reaches_into_a_match(source: str, private: set[str]) -> list[str]:
    """``x._hand`` and the like, for any ``x`` but ``self``/``cls`` (their own privates)."""
    return [
        f"line {node.lineno}: .{node.attr}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and node.attr in private
        and not (isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"})
    ]


def test_match_keeps_the_hand_in_play_private():
    private = _private_members_of_match()
    assert "_hand" in private
    assert not hasattr(Match(Rules.for_preset("draw", seats=2)), "hand")
    assert _reaches_into_a_match("match = load(record)\nmatch._hand.boneyard\n", private)
    assert not _reaches_into_a_match("self._hand = None\nmatch.view_for(0).hand\n", private)


def test_nothing_outside_the_engine_reads_a_matchs_inside():
    private = _private_members_of_match()
    assert len(OUTSIDE) > 100  # the walk found the project's code
    reaches = {
        str(path.relative_to(ROOT)): found
        for path in OUTSIDE
        if (found := _reaches_into_a_match(path.read_text(), private))
    }
    assert not reaches, f"outside the engine, ask the Match, not its hand: {reaches}"
