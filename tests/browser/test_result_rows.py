"""The hand-end panel's rows say what each side scored and why once, on the side's own line: a
partnership's reason is the team's (never printed after the partner's hand), the seat that went
out says so once ("went out", not "out" beside "out 11"), and a single round that keeps no
points names its winner instead of "+0 0 total"; History shows the same match's score ("Won
1-0", or the real points of a single round that keeps them), never "Lost 0-0"."""

from pathlib import Path

import pytest
from deal_support import play_out_the_hand
from factories import make_user, sign_in
from playwright.sync_api import expect
from records.stats_builders import finished_match, player_of
from table_driver import Table

from games import services
from games.engine import Rules, load

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/work/shots/results")

#: Each row of the panel as the page lays it out: its name, points, total and why, where the why
#: stands (on the side's own line, or among its hands), and each hand's words.
ROWS = """() => [...document.querySelectorAll("#result-sides > li")].map((li) => ({
  side: Number(li.dataset.side),
  won: li.dataset.won === "true",
  name: li.querySelector(":scope > .seat-name").textContent,
  why: li.querySelector(".result-why").textContent,
  whyOnTeamLine: li.querySelectorAll(":scope > .result-why").length,
  points: li.querySelector(":scope > .result-points").textContent,
  total: li.querySelector(":scope > .result-total").textContent,
  text: li.innerText,
  whyInHands: li.querySelectorAll(".result-detail .result-why").length,
  hands: [...li.querySelectorAll(".result-hand")].map((hand) => ({
    seat: Number(hand.dataset.seat),
    out: hand.dataset.out === "true",
    words: hand.querySelector(".result-pips").textContent,
  })),
}))"""


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def open_table(page, server, table) -> list[dict]:
    page.goto(f"{server}/tables/{table.public_id}/")
    Table(page).wait_settled()
    expect(page.locator("#hand-result")).to_be_visible()
    return page.evaluate(ROWS)


def history_cells(page, server, table) -> tuple[str, str]:
    page.goto(f"{server}/me/history/")
    row = page.locator(f'#history tr[data-table="{table.public_id}"]')
    expect(row).to_be_visible()
    return row.locator("td.outcome").inner_text(), row.locator("td.score").inner_text()


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_a_single_round_names_its_winner_and_history_its_score(server, page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    user = make_user("alice@example.com", first_name="Alice")
    sign_in(page, server, user)
    table = finished_match(user, "single_round")  # the preset keeps no points
    match = load(table.record)
    (winner,) = match.winners
    rows = open_table(page, server, table)
    shoot(page, f"single-round-{size[0]}x{size[1]}")
    for row in rows:
        assert "+0" not in row["text"] and "total" not in row["text"], row
        assert row["won"] == (row["side"] == winner), row
        assert row["points"] == ("wins" if row["won"] else ""), row
    outcome, score = history_cells(page, server, table)
    assert outcome.startswith("Won" if winner == 0 else "Lost"), outcome
    assert score == ("1–0" if winner == 0 else "0–1")
    shoot(page, f"history-{size[0]}x{size[1]}")

    # A single round of a game that keeps points: the winner's real points, and no total
    # beside them (the hand is the match); History shows the same points.
    scored = finished_match(user, "classic", match={"single_round": True})
    match = load(scored.record)
    (winner,) = match.winners
    rows = open_table(page, server, scored)
    won = next(row for row in rows if row["won"])
    assert won["side"] == winner and won["points"] == f"+{match.scores[winner]}", won
    assert match.scores[winner] > 0 and won["total"] == "", won
    outcome, score = history_cells(page, server, scored)
    mine, theirs = match.scores[0], match.scores[1]
    assert outcome.startswith("Won" if winner == 0 else "Lost"), outcome
    assert score == f"{mine}–{theirs}"


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_a_partnership_scores_on_the_team_line_and_going_out_is_said_once(server, page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    user = make_user("alice@example.com", first_name="Alice")
    sign_in(page, server, user)
    me = player_of(user)
    table = services.create_computer_table(
        player=me, name="Alice", rules=Rules.for_preset("brazilian", seats=4), levels=["easy"] * 3
    )
    play_out_the_hand(table.public_id, {0: me})
    table.refresh_from_db()
    report = load(table.record).reports[-1]
    rows = open_table(page, server, table)
    shoot(page, f"partners-{size[0]}x{size[1]}")
    assert len(rows) == 2 and all(len(row["hands"]) == 2 for row in rows), rows
    for row in rows:
        # The reason is on the team's own line, never after the second (partner's) hand.
        assert row["whyInHands"] == 0 and row["whyOnTeamLine"] == 1, row
        assert row["total"].endswith("total"), row
        assert row["points"] == f"+{report.points[row['side']]}", row
    (won,) = [row for row in rows if row["won"]]
    assert won["side"] == report.winners[0]
    points = report.points[won["side"]]
    if report.result == "out":
        out = [hand for row in rows for hand in row["hands"] if hand["out"]]
        assert len(out) == 1 and out[0]["words"] == "went out", rows
        assert out[0]["seat"] in [hand["seat"] for hand in won["hands"]], rows
        # What the team scored, once, and no second "out" beside "went out".
        assert won["why"] in (f"their {points} pips", f"their {points} pip"), won
        assert won["text"].count("out") == 1, won
    else:
        assert won["why"].startswith("blocked: "), won
    assert not [row for row in rows if not row["won"] and row["why"]], rows
