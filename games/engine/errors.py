"""The engine's exceptions: each says precisely what was wrong, in words a player can read."""


class DominoesError(Exception):
    """Base of every error the engine raises."""


class InvalidTile(DominoesError, ValueError):
    """Text or numbers that are not a double-six tile."""


class InvalidRules(DominoesError, ValueError):
    """Rule options that are unknown, out of range, or do not fit together."""


class InvalidDeal(DominoesError, ValueError):
    """A deal that is not a deal of these rules (tile counts, duplicates, hand sizes)."""


class IllegalMove(DominoesError, ValueError):
    """A move the rules do not allow now; the state is left exactly as it was."""


class NotYourTurn(IllegalMove):
    """A move by a seat whose turn it is not (a page a move behind: the site says it in the
    player's words)."""


class InvalidRecord(DominoesError, ValueError):
    """A document that is not a readable ``dominoes-record/1``."""
