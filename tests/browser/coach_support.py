"""A table dealt so that one move is a 15-point blunder, and that move played: the coach's
review in the browser has something to say."""

from deal_support import dealt_computer_table

from games import services
from games.engine import Tile, load

SCENE = ("6-6 4-3 6-2 1-1 2-1 1-0 0-0", "6-4 5-5 3-3 4-4 5-4 3-0 2-2", "")


BLUNDER = Tile(6, 2)


def blundered_table(monkeypatch, user, best_of: int = 1):
    """The table of :func:`blundered_match`, every hand dealt the same, not yet played."""
    me = services.Player(user_id=user.id, session_key=None)
    return dealt_computer_table(
        monkeypatch, "all_fives", SCENE, player=me, match={"best_of": best_of}
    )


def play_the_blunder(table, user):
    """Hand by hand as :func:`blundered_match` says, until the hand in play is over."""
    me = services.Player(user_id=user.id, session_key=None)
    for _ in range(200):
        table.refresh_from_db()
        match = load(table.record)
        if table.finished or match.needs_deal:
            return table
        moves = match.legal_moves()
        chosen = next((m for m in moves if getattr(m, "tile", None) == BLUNDER), moves[0])
        if len(match.histories[-1]) != 2:
            chosen = moves[0]
        services.play(public_id=table.public_id, player=me, move=chosen, seen_version=table.version)
    raise AssertionError("the hand did not end")
