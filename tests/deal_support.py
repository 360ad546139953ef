"""Tables against the computer dealt as a test chooses: the scene is then the same at every
run whatever the computer's level and seed, when the only tiles that fit leave it no choice."""

from __future__ import annotations

from games import services
from games.engine import ALL_TILES, Deal, Rules, Tile, load
from games.models import Table
from games.services import Player

#: A scene: seat 0's tiles, seat 1's, and the first tiles of the boneyard (every other tile
#: follows them).
Scene = tuple[str, str, str]

# I open 6-6; the computer's only six is 6-5; then nothing of mine fits (6 and 5): I draw 6-4
# and must play it, and the computer answers on the 4 or the 5 without drawing.
CLEAN: Scene = ("6-6 0-0 1-0 1-1 2-0 2-1 2-2", "6-5 3-3 4-3 4-4 3-0 4-0 5-5", "6-4")
# I hold every six: after my 6-6 the computer draws the whole boneyard in vain, and passes.
COMPUTER_DRAWS: Scene = ("6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 4-4 3-3 2-2 1-1 0-0 5-4", "")
# Block: nobody holds another six: the computer passes after my 6-6, so do I: blocked.
BLOCKED: Scene = ("6-6 0-0 1-0 1-1 2-0 2-1 2-2", "5-5 3-3 4-3 4-4 3-0 4-0 5-0", "")


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(tile) for tile in text.split()]


def deal_of(rules: Rules, scene: Scene) -> Deal:
    mine, computers, boneyard_first = scene
    hands = [tiles(mine), tiles(computers)]
    first = tiles(boneyard_first)
    dealt = {tile for hand in hands for tile in hand} | set(first)
    return Deal.from_hands(rules, hands, first + [t for t in ALL_TILES if t not in dealt])


def dealt_computer_table(
    monkeypatch, preset: str, scene: Scene, *, player: Player, **options: object
) -> Table:
    """``player`` against the computer (easy) at a 2-seat table of ``preset`` whose every hand
    is dealt as ``scene`` says (``Deal.secure`` is what the services deal with)."""
    rules = Rules.for_preset(preset, seats=2, **options)
    chosen = deal_of(rules, scene)
    monkeypatch.setattr(Deal, "secure", classmethod(lambda cls, rules: (chosen, "ab" * 16)))
    return services.create_computer_table(player=player, name="Alice", rules=rules, levels=["easy"])


def play_out_the_hand(public_id: str, people: dict[int, Player]) -> int:
    """Everyone plays the first legal move (the computer its own, on the locked path) until
    the hand is over (the match too, if it ends it); returns the table's version then.
    ``people``: each person's seat."""
    while True:
        table = Table.objects.get(public_id=public_id)
        match = load(table.record)
        if match.needs_deal or match.finished:
            return table.version
        if match.turn in people:
            services.play(
                public_id=public_id,
                player=people[match.turn],
                move=match.legal_moves()[0],
                seen_version=table.version,
            )
        else:
            assert services.run_bot_turn(public_id=public_id, expected_version=table.version)
