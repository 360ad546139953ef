"""Reference referee for `dominoes-record/1` game records.

A deliberately simple, independent replayer written only from docs/rules.md
(and the seeds for background).  It is a differential-testing oracle for the real engine:
readability beats speed everywhere.

    replay_record(record) -> dict   # the parsed JSON value of a record
    replay_text(text) -> dict       # JSON text; "not JSON" is an unreadable record

The returned dict is one line of `python manage.py replay FILE` output without the "file" key,
plus "readable": False exactly when the record is "not a readable record"
(docs/rules.md#unreadable-records, exit status 2), True otherwise.

Run as a script, `python reference_referee.py FILE...` prints one JSON line per file.

Readings chosen where the rules leave a choice (the most literal reading each time)
-----------------------------------------------------------------------------------
A1  Undealt tiles: a deal must list all 28 tiles exactly once across `hands` + `boneyard`;
    tiles set aside (block with 2-3 seats) are the ones in `boneyard`.  Under `stuck: pass`
    they are never drawn; if a record overrides `stuck` for such a preset, they are drawable.
A2  Types are strict JSON types: integers must be JSON integers (7.0 and true are not 7),
    flags must be JSON booleans.  NaN/Infinity are not JSON.
A3  `teams: false` is accepted with any number of seats (only `teams: true` needs 4 seats).
    `team_draw` / `brazilian` with 4 seats and `teams: false` are readable (4 sides) as long
    as everything else fits (brazilian then needs a `tied_block` override, #valid-rules).
A4  `count_fives` accepts true and false (false switches it off, e.g. for all_fives);
    `out_counts_partner: false` is fine without partners; `match: {"single_round": false}`
    is out of range.  `match` must be an object with exactly one of the three keys.
A5  `score: none` outside a single round (or single_round with a target) is readable.
A6  Preset seat ranges: classic {2}; single_round, draw, block, all_fives {2,3,4};
    team_draw and brazilian {2,4}.
A7  `next_opener` default of single_round (table says "-") is `winner`; it only matters when
    a single round's tie (no_score) starts a new hand, which rotates anyway.
A8  Unreadable records: `match.scores` is a zero list when the number of sides can be worked
    out best-effort from `rules.seats` (an int 2..4) and `teams` (explicit bool, else the
    preset default: team_draw/brazilian with 4 seats), else [].
A9  A move must be a JSON object whose keys are among seat/play/end/draw/pass; any other key
    makes it illegal.  `draw`/`pass`, when present, must be exactly true; exactly one of
    play/draw/pass may be present.  `end: null` counts as naming no end (so it is fine on the
    opening play and illegal on later plays).  `end` on a draw or pass is illegal.
A10 A hand entry that is not an object, or lacks a proper `deal` or a `moves` list, is a bad
    deal (error with move null), not an unreadable record.  Extra keys at the top level, in
    a hand entry or in a deal are ignored.
A11 Blocked: the hand blocks at a pass when the last `seats` turns all ended in a pass (run of
    passes since the last play >= seats; draws do not break the run) and no draw is possible
    at that moment (stuck `pass`, or boneyard <= reserve).  Under single_draw the run can
    exceed `seats` while the boneyard still holds tiles.
A12 With `shared`, each tied lowest side scores "as if alone lowest": `others` = the pips of
    every other side, the other tied sides included; `difference` = that minus its own pips.
    `blocker_loses` on a tie with `difference` therefore scores 0 (blocker pips minus its own,
    which are equal).
A13 `out_counts_partner` adds the partner's pips on top of the other sides' pips, and only
    when `score` is not `none`.
A14 Best of N: the "ending level" check (even N, wins level after N counted hands -> higher
    match score wins) is made only at the hand that brings the counted hands to N; after that
    only hand wins decide (the next counted win is then a majority).  Shared hands in best-of
    still give their points but count for nobody.
A15 With `count_fives`, counts are scored whatever the match kind; only a `target` match ends
    at once on a count.  The target check after a count looks at every side (only the scorer
    can newly reach it).
A16 A hand left unfinished that is followed by another hand: the error is on the new hand
    (move null) and the unfinished hand is not listed (it did not end); match.scores exclude
    its counts.  Likewise a hand interrupted by an illegal move is not listed.
A17 Next opener under `winner` after a shared/blocked hand with winners: the lowest single
    hand among the winning sides' seats (lower seat on equal pips); after a hand with no
    winner: the seat after that hand's opener.  Replayed (tied) hands are ordinary hands for
    the rotation.
A18 The first-hand opener looks only at dealt hands (a double in the boneyard is not dealt).
    The opening move must be a play by that seat of that tile, naming no end; anything else
    at move 0 (draw, pass, wrong seat, malformed move) is the move-0 error.
A19 After an All Fives count ends the match mid-hand, any further move of that hand is an
    illegal move (the hand is listed with result null); any further hand is an error with
    move null.
A20 The blocking run is `seats` passes (seats, not sides, also with partners).  A seat number
    that is not the seat to move (including out-of-range numbers) is an illegal move.
A21 Order of the play after a count: the count is scored, then, if it was the seat's last
    tile, the hand is scored as out; the target is checked after both
    (#reaching-the-target-on-a-count).

The partnership variants (written from VARIANTS.md sections 2-4, 9 and 10 alone)
--------------------------------------------------------------------------------
V1  Presets latin (LA-1..LA-9), puerto_rican (PR-1..PR-14: 4 seats as teams; 2-3 seats alone
    with draw, reserve 2 and every hand opened like the first) and dominican (DO-1..DO-12).
V2  `bonuses` is an object of named bonus -> points (0..100) changing the preset's own:
    capicu, chuchazo, pase_salida (opening tile not a double), pase_salida_double, pase_corrido.
    `hand_bonuses` (bool) is the 100/75/50/25 ladder; `tranque_bonus` (0..100) is paid for a
    blocked win; `bonus_size` (0..100) makes every bonus of `bonuses` that is played worth
    that much.  No bonus may be played with count_fives.
V3  A bonus is listed in the hand's report under "bonuses" (name, side, seat, points, move),
    only when the rules pay some bonus; its points are in the hand's points.
V4  Capicu: the seat goes out with a non-double whose two numbers are the two open ends, and
    those ends differ.  Chuchazo: it goes out with the 0-0.  Each winning side of a blocked hand
    gains the tranque bonus; each winning side gains the hand-number bonus of the hand's number
    (hand 0 of the match: 100 ... hand 3: 25).  Out: pase corrido first, then capicu or
    chuchazo, then the hand bonus.  Blocked: tranque, then the hand bonus.  Seat null for the
    bonuses of a blocked hand.
V5  Pase de salida: the first pass of a hand, made by the seat after the opener while the
    opening tile is the only tile on the table; the opener's side gains it.  Pase corrido: a
    play (not the opening) made right after every other seat passed in turn since that same
    seat's previous play.
V6  first_opener lot: seat 0's first `seats` dealt tiles are the lot; the one with the most
    valuable (high, low) names the seat (its position) that opens hand 0 with any tile.
V7  spanish_federation: the preset's first_opener, next_opener and score become lot, rotate and
    all_hands (the record may still change them).
V8  block_winner: team_total (sides' sums), lowest_seat (the sides of the seats with the fewest
    pips), blocker_vs_next (the blocker and the seat after it; the lower hand's side).  Two or
    more sides left: tied_block decides (blocker_wins: the blocker's side; opener_team: the
    side of the hand's opener), those needing exactly two sides.
V9  score all_hands: every pip left in every hand; out_counts_partner with all_hands is
    refused, and so is difference with a block_winner other than team_total.
"""

import json
import re
import sys

FORMAT = "dominoes-record/1"
END_NAMES = ("left", "right", "up", "down")
ALL_TILES = [(high, low) for high in range(7) for low in range(high + 1)]  # 28 tiles

KNOWN_OPTIONS = (
    "preset",
    "seats",
    "teams",
    "tiles_each",
    "stuck",
    "reserve",
    "score",
    "count_fives",
    "out_counts_partner",
    "tied_block",
    "first_opener",
    "next_opener",
    "match",
    "block_winner",
    "bonuses",
    "hand_bonuses",
    "tranque_bonus",
    "bonus_size",
    "spanish_federation",
)
CHOICE_OPTIONS = {
    "stuck": ("draw", "single_draw", "pass"),
    "score": ("others", "difference", "none", "all_hands"),
    "tied_block": ("no_score", "shared", "blocker_loses", "blocker_wins", "opener_team"),
    "first_opener": ("highest_double", "lowest_double_from_one", "lot"),
    "next_opener": ("winner", "rotate", "as_first"),
    "block_winner": ("team_total", "lowest_seat", "blocker_vs_next"),
}
BONUS_NAMES = ("capicu", "chuchazo", "pase_salida", "pase_salida_double", "pase_corrido")
HAND_BONUS_LADDER = [100, 75, 50, 25]


def _preset(
    seats,
    tiles_each,
    stuck,
    score,
    tied_block,
    first_opener,
    next_opener,
    match,
    count_fives=False,
    **more,
):
    more.setdefault("block_winner", "team_total")
    more.setdefault("bonuses", {})
    more.setdefault("hand_bonuses", False)
    return {
        **more,
        "seats": seats,
        "tiles_each": tiles_each,
        "stuck": stuck,
        "score": score,
        "tied_block": tied_block,
        "first_opener": first_opener,
        "next_opener": next_opener,
        "match": match,
        "count_fives": count_fives,
    }


# tiles_each maps seats -> default tiles per seat.
PRESETS = {
    "classic": _preset(
        (2,), {2: 7}, "draw", "difference", "no_score", "highest_double", "winner", {"target": 100}
    ),
    "single_round": _preset(
        (2, 3, 4),
        {2: 7, 3: 5, 4: 5},
        "draw",
        "none",
        "shared",
        "lowest_double_from_one",
        "winner",
        {"single_round": True},
    ),
    "team_draw": _preset(
        (2, 4),
        {2: 7, 4: 7},
        "draw",
        "others",
        "no_score",
        "highest_double",
        "winner",
        {"target": 100},
    ),
    "draw": _preset(
        (2, 3, 4),
        {2: 7, 3: 5, 4: 5},
        "draw",
        "difference",
        "no_score",
        "highest_double",
        "winner",
        {"target": 100},
    ),
    "block": _preset(
        (2, 3, 4),
        {2: 7, 3: 7, 4: 7},
        "pass",
        "difference",
        "no_score",
        "highest_double",
        "winner",
        {"target": 100},
    ),
    "all_fives": _preset(
        (2, 3, 4),
        {2: 7, 3: 5, 4: 5},
        "draw",
        "difference",
        "no_score",
        "highest_double",
        "winner",
        {"target": 100},
        count_fives=True,
    ),
    "brazilian": _preset(
        (2, 4),
        {2: 7, 4: 7},
        "pass",
        "others",
        "blocker_loses",
        "highest_double",
        "rotate",
        {"target": 50},
    ),
    "latin": _preset(
        (4,), {4: 7}, "pass", "others", "no_score", "highest_double", "rotate", {"target": 100}
    ),
    "puerto_rican": _preset(
        (2, 3, 4),
        {2: 7, 3: 7, 4: 7},
        "pass",
        "all_hands",
        "no_score",
        "highest_double",
        "winner",
        {"target": 500},
        bonuses={"capicu": 100, "chuchazo": 100},
        hand_bonuses=True,
        # PR-12, PR-13: the draw game of two or three
        alone={"stuck": "draw", "reserve": 2, "next_opener": "as_first"},
    ),
    "dominican": _preset(
        (4,),
        {4: 7},
        "pass",
        "others",
        "blocker_wins",
        "highest_double",
        "winner",
        {"target": 200},
        bonuses={"capicu": 25, "pase_salida": 50, "pase_salida_double": 25, "pase_corrido": 25},
    ),
}
TEAMS_BY_DEFAULT = ("team_draw", "brazilian", "latin", "puerto_rican", "dominican")  # 4 seats


class Unreadable(Exception):
    """The record is not a readable record (docs/rules.md#unreadable-records)."""


class BadHand(Exception):
    """A bad deal / misplaced hand: an error with move null."""


class BadMove(Exception):
    """An illegal move: an error at that move's index."""


# ---------------------------------------------------------------------------------------------
# small helpers


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def parse_tile(value):
    """'6-4' or '4-6' -> (6, 4); anything else -> None."""
    if not isinstance(value, str):
        return None
    found = re.fullmatch(r"([0-6])-([0-6])", value)
    if not found:
        return None
    a, b = int(found.group(1)), int(found.group(2))
    return (max(a, b), min(a, b))


def show(tile):
    return f"{tile[0]}-{tile[1]}"


def pips(tile):
    return tile[0] + tile[1]


def is_double(tile):
    return tile[0] == tile[1]


def round_to_five(points):
    remainder = points % 5
    if remainder <= 2:
        return points - remainder
    return points + (5 - remainder)


# ---------------------------------------------------------------------------------------------
# rules


class Rules:
    """The effective rules of a record: preset defaults with the record's options applied."""

    def side_of(self, seat):
        return seat % 2 if self.teams else seat

    def seats_of(self, side):
        return [seat for seat in range(self.seats) if self.side_of(seat) == side]

    def no_draw_possible(self, boneyard_size):
        return self.stuck == "pass" or boneyard_size <= self.reserve


def parse_match(value):
    if not isinstance(value, dict) or len(value) != 1:
        raise Unreadable("match must be an object with exactly one of target/best_of/single_round")
    ((key, amount),) = value.items()
    if key == "target":
        if not is_int(amount) or not 25 <= amount <= 500:
            raise Unreadable(f"match target {amount!r} is out of range 25..500")
    elif key == "best_of":
        if not is_int(amount) or not 1 <= amount <= 5:
            raise Unreadable(f"match best_of {amount!r} is out of range 1..5")
    elif key == "single_round":
        if amount is not True:
            raise Unreadable(f"match single_round must be true, not {amount!r}")
    else:
        raise Unreadable(f"unknown match kind {key!r}")
    return key, amount


def parse_rules(raw):
    if not isinstance(raw, dict):
        raise Unreadable("rules is not an object")
    for key in raw:
        if key not in KNOWN_OPTIONS:
            raise Unreadable(f"unknown option {key!r}")

    preset_name = raw.get("preset")
    if not isinstance(preset_name, str) or preset_name not in PRESETS:
        raise Unreadable(f"unknown preset {preset_name!r}")
    preset = dict(PRESETS[preset_name])

    rules = Rules()
    rules.preset = preset_name

    seats = raw.get("seats")
    if not is_int(seats) or seats not in preset["seats"]:
        raise Unreadable(
            f"seats {seats!r} not allowed by preset {preset_name} "
            f"(allowed: {list(preset['seats'])})"
        )
    rules.seats = seats
    if seats < 4:
        preset.update(preset.get("alone", {}))
    spanish = raw.get("spanish_federation", False)
    if not isinstance(spanish, bool):
        raise Unreadable(f"spanish_federation must be true or false, not {spanish!r}")
    if spanish:
        preset.update(first_opener="lot", next_opener="rotate", score="all_hands")

    teams = raw.get("teams", seats == 4 and preset_name in TEAMS_BY_DEFAULT)
    if not isinstance(teams, bool):
        raise Unreadable(f"teams must be true or false, not {teams!r}")
    if teams and seats != 4:
        raise Unreadable(f"teams need 4 seats, not {seats}")
    rules.teams = teams
    rules.sides = 2 if teams else seats

    tiles_each = raw.get("tiles_each", preset["tiles_each"][seats])
    if not is_int(tiles_each) or not 5 <= tiles_each <= 9:
        raise Unreadable(f"tiles_each {tiles_each!r} is out of range 5..9")
    if seats * tiles_each > 28:
        raise Unreadable(f"{seats} seats x {tiles_each} tiles is more than 28")
    rules.tiles_each = tiles_each

    for key, choices in CHOICE_OPTIONS.items():
        value = raw.get(key, preset[key])
        if not isinstance(value, str) or value not in choices:
            raise Unreadable(f"{key} {value!r} is not one of {list(choices)}")
        setattr(rules, key, value)

    reserve = raw.get("reserve", preset.get("reserve", 0))
    if not is_int(reserve) or reserve not in (0, 2):
        raise Unreadable(f"reserve {reserve!r} must be 0 or 2")
    rules.reserve = reserve

    count_fives = raw.get("count_fives", preset["count_fives"])
    if not isinstance(count_fives, bool):
        raise Unreadable(f"count_fives must be true or false, not {count_fives!r}")
    rules.count_fives = count_fives

    out_counts_partner = raw.get("out_counts_partner", False)
    if not isinstance(out_counts_partner, bool):
        raise Unreadable(f"out_counts_partner must be true or false, not {out_counts_partner!r}")
    if out_counts_partner and not teams:
        raise Unreadable("out_counts_partner needs partners (teams)")
    rules.out_counts_partner = out_counts_partner

    rules.match_kind, rules.match_value = parse_match(raw.get("match", preset["match"]))

    if rules.tied_block == "blocker_loses" and rules.sides != 2:
        origin = "the record" if "tied_block" in raw else f"preset {preset_name} (default)"
        raise Unreadable(
            f"tied_block blocker_loses from {origin} needs two sides, not {rules.sides}"
        )
    if rules.match_kind == "best_of" and rules.sides != 2:
        raise Unreadable(f"best_of needs two sides, not {rules.sides}")
    parse_variant_options(raw, preset, rules)
    return rules


def parse_variant_options(raw, preset, rules):
    """The options of the partnership variants (readings V2, V7, V8, V9)."""
    bonuses = dict(preset["bonuses"])
    given = raw.get("bonuses", {})
    if not isinstance(given, dict):
        raise Unreadable("bonuses must be an object")
    for name, points in given.items():
        if name not in BONUS_NAMES:
            raise Unreadable(f"unknown bonus {name!r}")
        if not is_int(points) or not 0 <= points <= 100:
            raise Unreadable(f"bonus {name} {points!r} is out of range 0..100")
        bonuses[name] = points
    hand_bonuses = raw.get("hand_bonuses", preset["hand_bonuses"])
    if not isinstance(hand_bonuses, bool):
        raise Unreadable(f"hand_bonuses must be true or false, not {hand_bonuses!r}")
    tranque_bonus = raw.get("tranque_bonus", 0)
    if not is_int(tranque_bonus) or not 0 <= tranque_bonus <= 100:
        raise Unreadable(f"tranque_bonus {tranque_bonus!r} is out of range 0..100")
    if "bonus_size" in raw:
        size = raw["bonus_size"]
        if not is_int(size) or not 0 <= size <= 100:
            raise Unreadable(f"bonus_size {size!r} is out of range 0..100")
        bonuses = {name: size if points else 0 for name, points in bonuses.items()}
    rules.bonuses = {name: bonuses.get(name, 0) for name in BONUS_NAMES}
    rules.hand_bonuses = hand_bonuses
    rules.tranque_bonus = tranque_bonus
    rules.pays_bonuses = hand_bonuses or tranque_bonus > 0 or any(rules.bonuses.values())

    if rules.sides != 2 and rules.tied_block in ("blocker_wins", "opener_team"):
        raise Unreadable(f"tied_block {rules.tied_block} needs two sides, not {rules.sides}")
    if rules.out_counts_partner and rules.score == "all_hands":
        raise Unreadable("out_counts_partner with all_hands")
    if rules.score == "difference" and rules.block_winner != "team_total":
        raise Unreadable("difference needs block_winner team_total")
    if rules.count_fives and rules.pays_bonuses:
        raise Unreadable("bonuses are not played with count_fives")


def guess_sides(record):
    """Best-effort number of sides for an unreadable record (reading A8); None if unknown."""
    if not isinstance(record, dict) or not isinstance(record.get("rules"), dict):
        return None
    raw = record["rules"]
    seats = raw.get("seats")
    if not is_int(seats) or not 2 <= seats <= 4:
        return None
    teams = raw.get("teams")
    if not isinstance(teams, bool):
        teams = seats == 4 and raw.get("preset") in TEAMS_BY_DEFAULT
    return 2 if teams and seats == 4 else seats


def check_record_shape(record):
    if not isinstance(record, dict):
        raise Unreadable("the record is not a JSON object")
    if record.get("format") != FORMAT:
        raise Unreadable(f"format is {record.get('format')!r}, not {FORMAT!r}")
    if not isinstance(record.get("hands"), list):
        raise Unreadable("hands is not a list")
    return parse_rules(record.get("rules"))


# ---------------------------------------------------------------------------------------------
# deal


def parse_tile_list(values, what):
    if not isinstance(values, list):
        raise BadHand(f"{what} is not a list")
    tiles = []
    for value in values:
        tile = parse_tile(value)
        if tile is None:
            raise BadHand(f"{what} holds {value!r}, which is not a tile")
        tiles.append(tile)
    return tiles


def parse_hand_entry(entry, rules):
    """-> (hands: list of tile lists, boneyard: tile list, moves: list).  Raises BadHand."""
    if not isinstance(entry, dict):
        raise BadHand("the hand is not an object")
    deal = entry.get("deal")
    if not isinstance(deal, dict):
        raise BadHand("the hand has no deal object")
    raw_hands = deal.get("hands")
    if not isinstance(raw_hands, list):
        raise BadHand("deal.hands is not a list")
    if len(raw_hands) != rules.seats:
        raise BadHand(f"the deal has {len(raw_hands)} hands for {rules.seats} seats")
    hands = [parse_tile_list(raw, f"hand {seat}") for seat, raw in enumerate(raw_hands)]
    boneyard = parse_tile_list(deal.get("boneyard"), "the boneyard")
    for seat, hand in enumerate(hands):
        if len(hand) != rules.tiles_each:
            raise BadHand(f"hand {seat} holds {len(hand)} tiles, not {rules.tiles_each}")
    seen = set()
    for tile in [tile for hand in hands for tile in hand] + boneyard:
        if tile in seen:
            raise BadHand(f"tile {show(tile)} is dealt twice")
        seen.add(tile)
    if len(seen) != 28:
        missing = [show(tile) for tile in ALL_TILES if tile not in seen]
        raise BadHand(f"the deal holds {len(seen)} tiles, not 28 (missing {', '.join(missing)})")
    moves = entry.get("moves")
    if not isinstance(moves, list):
        raise BadHand("the hand's moves is not a list")
    return hands, boneyard, moves


# ---------------------------------------------------------------------------------------------
# who opens


def double_order(first_opener):
    if first_opener == "highest_double":
        return [(n, n) for n in range(6, -1, -1)]
    return [(n, n) for n in range(1, 7)] + [(0, 0)]  # lowest_double_from_one


def first_hand_opener(rules, hands):
    """-> (seat, tile) that must open the first hand of the match (tile None: any tile)."""
    if rules.first_opener == "lot":
        lot = hands[0][: rules.seats]  # reading V6
        return lot.index(max(lot)), None
    holder = {tile: seat for seat, hand in enumerate(hands) for tile in hand}
    for double in double_order(rules.first_opener):
        if double in holder:
            return holder[double], double
    # no double dealt: the heaviest tile (ties: larger endpoint, then lower seat)
    heaviest = max(holder, key=lambda tile: (pips(tile), tile[0], -holder[tile]))
    return holder[heaviest], heaviest


def later_hand_opener(rules, previous):
    """Seat that leads (with any tile) the hand after the finished hand `previous`."""
    if rules.next_opener == "as_first":
        raise AssertionError("as_first hands are opened by first_hand_opener")
    rotated = (previous.opener + 1) % rules.seats
    if not previous.winners or rules.next_opener == "rotate":
        return rotated
    if previous.result == "out":
        return previous.out_seat
    candidates = [seat for seat in range(rules.seats) if rules.side_of(seat) in previous.winners]
    return min(candidates, key=lambda seat: (previous.seat_pips(seat), seat))


# ---------------------------------------------------------------------------------------------
# the table (line of play, with the All Fives spinner)


class End:
    """An open end.  kind: 'half' (a non-double's outer half), 'double' (an ordinary double
    across the end), 'spinner' (a still-open long side of the spinner), 'short' (a spinner
    short side with no tile on it yet)."""

    def __init__(self, value, kind):
        self.value = value
        self.kind = kind


class Table:
    def __init__(self, count_fives):
        self.count_fives = count_fives
        self.ends = {}  # end name -> End
        self.spinner_value = None  # number on the spinner, once there is one
        self.spinner_open_long = set()  # names of the spinner's long sides still open
        self.short_sides_open = False

    def open_with(self, tile):
        high, low = tile
        if is_double(tile) and self.count_fives:
            self.spinner_value = high
            self.spinner_open_long = {"left", "right"}
            self.ends = {"left": End(high, "spinner"), "right": End(high, "spinner")}
        elif is_double(tile):
            self.ends = {"left": End(high, "double"), "right": End(high, "double")}
        else:
            self.ends = {"left": End(high, "half"), "right": End(low, "half")}

    def fits(self, tile, end_name):
        return self.ends[end_name].value in tile

    def fits_anywhere(self, tile):
        return any(self.fits(tile, end_name) for end_name in self.ends)

    def place(self, tile, end_name):
        end = self.ends[end_name]
        new_value = tile[1] if tile[0] == end.value else tile[0]
        if end.kind == "spinner":
            self.spinner_open_long.discard(end_name)
        if is_double(tile) and self.count_fives and self.spinner_value is None:
            # first double of the hand, played on an end: its inner long side is covered,
            # its outer long side is this end.
            self.spinner_value = new_value
            self.spinner_open_long = {end_name}
            kind = "spinner"
        elif is_double(tile):
            kind = "double"
        else:
            kind = "half"
        self.ends[end_name] = End(new_value, kind)
        if (
            self.spinner_value is not None
            and not self.spinner_open_long
            and not self.short_sides_open
        ):
            self.short_sides_open = True
            self.ends["up"] = End(self.spinner_value, "short")
            self.ends["down"] = End(self.spinner_value, "short")

    def count(self):
        """All Fives count of the open ends."""
        total = 0
        spinner_open = False
        for end in self.ends.values():
            if end.kind == "half":
                total += end.value
            elif end.kind == "double":
                total += 2 * end.value
            elif end.kind == "spinner":
                spinner_open = True
            # 'short' with no tile on it counts nothing
        if spinner_open:
            total += 2 * self.spinner_value  # counted once, however many long sides are open
        return total

    def describe(self, end_name):
        return f"the {end_name} end ({self.ends[end_name].value})"


# ---------------------------------------------------------------------------------------------
# moves


def parse_move(move):
    """-> (kind, seat, tile, end) with kind 'play' / 'draw' / 'pass'.  Raises BadMove."""
    if not isinstance(move, dict):
        raise BadMove("the move is not an object")
    for key in move:
        if key not in ("seat", "play", "end", "draw", "pass"):
            raise BadMove(f"unknown key {key!r} in the move")
    seat = move.get("seat")
    if not is_int(seat):
        raise BadMove(f"seat {seat!r} is not a seat number")
    kinds = [kind for kind in ("play", "draw", "pass") if kind in move]
    if len(kinds) != 1:
        raise BadMove("a move must be exactly one of play, draw: true, pass: true")
    kind = kinds[0]
    end = move.get("end")
    if kind != "play":
        if move[kind] is not True:
            raise BadMove(f"{kind} must be true, not {move[kind]!r}")
        if "end" in move:
            raise BadMove(f"a {kind} names no end")
        return kind, seat, None, None
    tile = parse_tile(move["play"])
    if tile is None:
        raise BadMove(f"{move['play']!r} is not a tile")
    if end is not None and end not in END_NAMES:
        raise BadMove(f"{end!r} is not an end")
    return kind, seat, tile, end


# ---------------------------------------------------------------------------------------------
# one hand


class Hand:
    def __init__(self, rules, hands, boneyard, opener, opening_tile, number=0):
        self.rules = rules
        self.number = number  # 0 for the match's first hand
        self.bonuses = []  # reading V3
        self.plays_made = 0
        self.passers = []  # the seats that passed since the last play
        self.moves_applied = 0
        self.move_index = 0
        self.ends_before = None  # the open ends before the last play
        self.holdings = [list(hand) for hand in hands]
        self.boneyard = list(boneyard)  # boneyard[0] is drawn first
        self.table = Table(rules.count_fives)
        self.opener = opener
        self.opening_tile = opening_tile  # None: the opener may lead any tile
        self.turn = opener
        self.opened = False
        self.drew_this_turn = False
        self.pass_run = 0
        self.last_player = None  # the blocker, if the hand blocks
        self.points = [0] * rules.sides
        self.result = None  # 'out' / 'blocked' once the hand is over
        self.winners = []
        self.out_seat = None

    @property
    def over(self):
        return self.result is not None

    def seat_pips(self, seat):
        return sum(pips(tile) for tile in self.holdings[seat])

    def side_pips(self):
        totals = [0] * self.rules.sides
        for seat in range(self.rules.seats):
            totals[self.rules.side_of(seat)] += self.seat_pips(seat)
        return totals

    def holds_fitting_tile(self, seat):
        return any(self.table.fits_anywhere(tile) for tile in self.holdings[seat])

    def next_turn(self):
        self.turn = (self.turn + 1) % self.rules.seats
        self.drew_this_turn = False

    # -- applying a move ------------------------------------------------------------------

    def apply(self, move):
        self.move_index = self.moves_applied
        self.moves_applied += 1
        if not self.opened:
            self.apply_opening(move)
            return
        kind, seat, tile, end = parse_move(move)
        if seat != self.turn:
            raise BadMove(f"it is seat {self.turn}'s turn, not seat {seat}'s")
        if kind == "play":
            self.apply_play(seat, tile, end)
        elif kind == "draw":
            self.apply_draw(seat)
        else:
            self.apply_pass(seat)

    def apply_opening(self, move):
        try:
            kind, seat, tile, end = parse_move(move)
        except BadMove as problem:
            raise BadMove(f"wrong opening: {problem}") from None
        if kind != "play":
            raise BadMove(f"wrong opening: seat {self.opener} must open with a play, not a {kind}")
        if seat != self.opener:
            raise BadMove(f"wrong opener: seat {self.opener} must open, not seat {seat}")
        if self.opening_tile is not None and tile != self.opening_tile:
            raise BadMove(
                f"wrong opening tile: seat {seat} must open with "
                f"{show(self.opening_tile)}, not {show(tile)}"
            )
        if tile not in self.holdings[seat]:
            raise BadMove(f"wrong opening tile: seat {seat} does not hold {show(tile)}")
        if end is not None:
            raise BadMove("the opening play names no end")
        self.holdings[seat].remove(tile)
        self.table.open_with(tile)
        self.opened = True
        self.opening = tile
        self.last_tile = tile
        self.after_play(seat)

    def apply_play(self, seat, tile, end):
        if tile not in self.holdings[seat]:
            raise BadMove(f"seat {seat} does not hold {show(tile)}")
        if end is None:
            raise BadMove(f"the play of {show(tile)} must name its end")
        if end not in self.table.ends:
            raise BadMove(f"there is no {end} end on the table")
        if not self.table.fits(tile, end):
            raise BadMove(f"{show(tile)} does not fit {self.table.describe(end)}")
        self.holdings[seat].remove(tile)
        self.ends_before = (self.table.ends["left"].value, self.table.ends["right"].value)
        if (
            seat == self.last_player
            and len(self.passers) == self.rules.seats - 1
            and seat not in self.passers
        ):
            self.gain_bonus("pase_corrido", seat, self.rules.bonuses["pase_corrido"])
        self.table.place(tile, end)
        self.last_tile = tile
        self.after_play(seat)

    def after_play(self, seat):
        self.plays_made += 1
        self.passers = []
        self.pass_run = 0
        self.last_player = seat
        if self.rules.count_fives:
            count = self.table.count()
            if count > 0 and count % 5 == 0:
                self.points[self.rules.side_of(seat)] += count
        if not self.holdings[seat]:
            self.finish_out(seat)
        else:
            self.next_turn()

    def apply_draw(self, seat):
        if self.holds_fitting_tile(seat):
            raise BadMove(f"seat {seat} holds a tile that fits and must play")
        if self.rules.stuck == "pass":
            raise BadMove("no drawing: the stuck rule is pass")
        if len(self.boneyard) <= self.rules.reserve:
            raise BadMove(
                f"no draw is possible: the boneyard holds {len(self.boneyard)} tiles "
                f"(reserve {self.rules.reserve})"
            )
        if self.rules.stuck == "single_draw" and self.drew_this_turn:
            raise BadMove(f"seat {seat} has already drawn this turn (single draw)")
        self.holdings[seat].append(self.boneyard.pop(0))
        self.drew_this_turn = True

    def apply_pass(self, seat):
        if self.holds_fitting_tile(seat):
            raise BadMove(f"seat {seat} holds a tile that fits and must play")
        may_pass = self.rules.no_draw_possible(len(self.boneyard)) or (
            self.rules.stuck == "single_draw" and self.drew_this_turn
        )
        if not may_pass:
            raise BadMove(
                f"seat {seat} must draw before passing (boneyard holds {len(self.boneyard)} tiles)"
            )
        if (
            self.plays_made == 1
            and not self.passers
            and seat == (self.opener + 1) % self.rules.seats
        ):
            name = "pase_salida_double" if is_double(self.opening) else "pase_salida"
            self.gain_bonus("pase_salida", self.opener, self.rules.bonuses[name])
        self.passers.append(seat)
        self.pass_run += 1
        if self.pass_run >= self.rules.seats and self.rules.no_draw_possible(len(self.boneyard)):
            self.finish_blocked()
        else:
            self.next_turn()

    # -- scoring ------------------------------------------------------------------------------

    def hand_end_points(self, points):
        if self.rules.count_fives:
            return round_to_five(points)
        return points

    def gain_bonus(self, name, seat, points, side=None):
        """Reading V3/V4: a bonus scored at once (points 0: not played)."""
        if not points:
            return
        if side is None:
            side = self.rules.side_of(seat)
        self.points[side] += points
        self.bonuses.append(
            {"name": name, "side": side, "seat": seat, "points": points, "move": self.move_index}
        )

    def winners_score(self, side, totals, blocked):
        rules = self.rules
        everything = sum(totals)
        if rules.score == "none":
            return 0
        if rules.score == "all_hands":
            return everything
        gained = everything - totals[side]
        if blocked and rules.score == "difference":
            gained -= totals[side]
        return gained

    def hand_bonus(self, side, seat):
        if self.rules.hand_bonuses and self.number < len(HAND_BONUS_LADDER):
            self.gain_bonus("hand_bonus", seat, HAND_BONUS_LADDER[self.number], side)

    def finish_out(self, seat):
        rules = self.rules
        side = rules.side_of(seat)
        totals = self.side_pips()
        gained = self.winners_score(side, totals, blocked=False)
        if rules.out_counts_partner and rules.score != "none":
            gained += totals[side]  # the partner's pips (the seat itself holds none)
        self.points[side] += self.hand_end_points(gained)
        tile = self.last_tile
        if tile == (0, 0):
            self.gain_bonus("chuchazo", seat, rules.bonuses["chuchazo"])
        elif self.ends_before is not None:
            a, b = self.ends_before
            if not is_double(tile) and a != b and set(tile) == {a, b}:
                self.gain_bonus("capicu", seat, rules.bonuses["capicu"])
        self.hand_bonus(side, seat)
        self.result = "out"
        self.out_seat = seat
        self.winners = [side]

    def contenders(self):
        """Reading V8: the sides in the running for a blocked hand, before any tie rule."""
        rules = self.rules
        if rules.block_winner == "team_total":
            totals = self.side_pips()
            lowest = min(totals)
            return [side for side, total in enumerate(totals) if total == lowest]
        if rules.block_winner == "lowest_seat":
            judged = list(range(rules.seats))
        else:
            judged = [self.last_player, (self.last_player + 1) % rules.seats]
        lowest = min(self.seat_pips(seat) for seat in judged)
        return sorted({rules.side_of(seat) for seat in judged if self.seat_pips(seat) == lowest})

    def finish_blocked(self):
        rules = self.rules
        totals = self.side_pips()
        tied = self.contenders()
        if len(tied) == 1 or rules.tied_block == "shared":
            winners = tied
        elif rules.tied_block == "blocker_loses":
            blocker_side = rules.side_of(self.last_player)
            winners = [side for side in range(rules.sides) if side != blocker_side]
        elif rules.tied_block == "blocker_wins":
            winners = [rules.side_of(self.last_player)]
        elif rules.tied_block == "opener_team":
            winners = [rules.side_of(self.opener)]
        else:
            winners = []  # no_score
        for side in sorted(winners):
            gained = self.winners_score(side, totals, blocked=True)
            self.points[side] += self.hand_end_points(gained)
            self.gain_bonus("tranque_bonus", None, rules.tranque_bonus, side)
            self.hand_bonus(side, None)
        self.result = "blocked"
        self.winners = sorted(winners)


# ---------------------------------------------------------------------------------------------
# the match


class Match:
    def __init__(self, rules):
        self.rules = rules
        self.scores = [0] * rules.sides
        self.finished = False
        self.winners = []
        self.hand_wins = [0] * rules.sides
        self.counted_hands = 0

    def running_scores(self, hand):
        return [score + gained for score, gained in zip(self.scores, hand.points, strict=True)]

    def count_reaches_target(self, hand):
        """All Fives: a count during play that reaches the target ends the match at once."""
        if not (self.rules.count_fives and self.rules.match_kind == "target"):
            return False
        return max(self.running_scores(hand)) >= self.rules.match_value

    def end_by_count(self, hand):
        self.scores = self.running_scores(hand)
        self.finished = True
        self.winners = self.highest_sides()

    def highest_sides(self):
        best = max(self.scores)
        return [side for side, score in enumerate(self.scores) if score == best]

    def end_hand(self, hand):
        """Commit a finished hand (out or blocked) and progress the match."""
        self.scores = self.running_scores(hand)
        kind, value = self.rules.match_kind, self.rules.match_value
        if kind == "target":
            if max(self.scores) >= value:
                self.finished = True
                self.winners = self.highest_sides()
        elif kind == "single_round":
            if hand.winners:
                self.finished = True
                self.winners = list(hand.winners)
        else:
            self.progress_best_of(hand, value)

    def progress_best_of(self, hand, best_of):
        if len(hand.winners) != 1:
            return  # a tied or shared hand counts for nobody and is replayed
        winner = hand.winners[0]
        self.hand_wins[winner] += 1
        self.counted_hands += 1
        if 2 * self.hand_wins[winner] > best_of:
            self.finished = True
            self.winners = [winner]
        elif (
            best_of % 2 == 0
            and self.counted_hands == best_of
            and self.hand_wins[0] == self.hand_wins[1]
            and self.scores[0] != self.scores[1]
        ):
            self.finished = True
            self.winners = [0 if self.scores[0] > self.scores[1] else 1]


# ---------------------------------------------------------------------------------------------
# the report


def hand_report(hand, scores):
    line = {
        "result": hand.result,
        "winners": sorted(hand.winners),
        "points": list(hand.points),
        "scores": list(scores),
    }
    if hand.rules.pays_bonuses:
        line["bonuses"] = [dict(bonus) for bonus in hand.bonuses]
    return line


def report(hands, scores, finished, winners, error=None, readable=True):
    result = {
        "ok": error is None,
        "hands": hands,
        "match": {"finished": finished, "winners": sorted(winners), "scores": list(scores)},
    }
    if error is not None:
        result["error"] = error
    result["readable"] = readable
    return result


def unreadable_report(record, reason):
    sides = guess_sides(record)
    scores = [0] * sides if sides else []
    return report(
        [], scores, False, [], {"hand": None, "move": None, "reason": reason}, readable=False
    )


def replay_record(record):
    try:
        rules = check_record_shape(record)
    except Unreadable as problem:
        return unreadable_report(record, str(problem))

    match = Match(rules)
    listed = []  # hand reports
    previous = None  # the previous Hand object
    previous_ended = True

    def fail(hand_index, move_index, reason):
        return report(
            listed,
            match.scores,
            match.finished,
            match.winners,
            {"hand": hand_index, "move": move_index, "reason": reason},
        )

    for hand_index, entry in enumerate(record["hands"]):
        if match.finished:
            return fail(hand_index, None, "a hand after the match is over")
        if not previous_ended:
            return fail(hand_index, None, f"a new hand while hand {hand_index - 1} is unfinished")
        try:
            hands, boneyard, moves = parse_hand_entry(entry, rules)
        except BadHand as problem:
            return fail(hand_index, None, f"bad deal: {problem}")

        if hand_index == 0 or rules.next_opener == "as_first":
            opener, opening_tile = first_hand_opener(rules, hands)
        else:
            opener, opening_tile = later_hand_opener(rules, previous), None
        hand = Hand(rules, hands, boneyard, opener, opening_tile, hand_index)

        ended = False
        for move_index, move in enumerate(moves):
            if ended:
                what = "match" if match.finished else "hand"
                return fail(hand_index, move_index, f"a move after the {what} is over")
            try:
                hand.apply(move)
            except BadMove as problem:
                return fail(hand_index, move_index, str(problem))
            if hand.over:
                match.end_hand(hand)
                listed.append(hand_report(hand, match.scores))
                ended = True
            elif match.count_reaches_target(hand):
                match.end_by_count(hand)
                listed.append(hand_report(hand, match.scores))
                ended = True

        previous, previous_ended = hand, ended

    if not previous_ended:
        # the record simply stops inside its last hand: list it as unfinished
        scores = match.running_scores(previous)
        listed.append(hand_report(previous, scores))
        return report(listed, scores, match.finished, match.winners)
    return report(listed, match.scores, match.finished, match.winners)


def _reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def replay_text(text):
    try:
        record = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, TypeError, RecursionError) as problem:
        return report(
            [],
            [],
            False,
            [],
            {"hand": None, "move": None, "reason": f"not JSON: {problem}"},
            readable=False,
        )
    return replay_record(record)


def main(paths):
    status = 0
    for path in paths:
        try:
            with open(path, encoding="utf-8") as handle:
                line = replay_text(handle.read())
        except (OSError, UnicodeDecodeError) as problem:
            line = report(
                [],
                [],
                False,
                [],
                {"hand": None, "move": None, "reason": f"cannot read: {problem}"},
                readable=False,
            )
        if not line.pop("readable"):
            status = 2
        print(json.dumps({"file": path, **line}))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
