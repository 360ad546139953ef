"""The setup page and the table page: forms, redirects, hidden information and access."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from page_support import BASICS, SETUP, created, embedded_state, setup_post

from accounts.guests import GUEST_SESSION_KEY
from accounts.selectors import guest_name
from games.engine import Preset, Rules, load
from games.engine.bots import Level
from games.forms import LEVEL_FIELDS
from games.models import Table
from games.words import HOUSE_RULES

# Real commits: the computer's turns run on commit (inline in the test settings).
pytestmark = pytest.mark.django_db(transaction=True)


# --- the setup page -------------------------------------------------------------------------
def test_the_setup_page_offers_every_option(client):
    response = client.get(SETUP)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="csrfmiddlewaretoken"' in html
    for preset in Preset:
        assert f'name="preset" value="{preset.value}"' in html
    for seats in (2, 3, 4):
        assert f'name="seats" value="{seats}"' in html
    for field in ("teams", "match_format", "target", "best_of", "auto_pass", *LEVEL_FIELDS):
        assert f'name="{field}"' in html, field
    for level in Level:
        assert f'value="{level.value}"' in html
    for value in ("target", "best_of", "single_round"):
        assert f'<option value="{value}"' in html
    for name, _, choices in HOUSE_RULES:
        assert f'name="{name}"' in html, name
        for value, _ in choices:
            assert f'<option value="{value}"' in html, (name, value)
    assert 'name="show_hints"' in html and "checked" in html
    assert 'name="name"' in html and 'value="You"' not in html
    assert "Show tile hints" in html
    assert "Pass automatically" in html


def test_the_home_page_links_to_the_setup_page(client):
    html = client.get("/").content.decode()
    assert f'href="{SETUP}"' in html
    assert "Play the computer" in html  # and its one POST: tests/games/test_setup_memory.py


def test_a_plain_setup_keeps_the_preset_as_it_is(client):
    table = created(setup_post(client))
    assert table.rules == {"preset": "draw", "seats": 2}
    assert table.kind == Table.Kind.COMPUTER
    assert table.show_hints is True
    assert table.auto_pass is False  # off outside Block and Brazilian
    seats = list(table.seats.order_by("index"))
    assert [(s.index, s.name, s.bot_level) for s in seats] == [
        (0, "Alice", ""),
        (1, "Computer (easy)", "easy"),
    ]
    assert seats[0].guest == client.session[GUEST_SESSION_KEY]


def test_posting_house_rules_creates_a_table_with_only_the_changes(client):
    response = setup_post(
        client,
        preset="block",
        seats="3",
        level_1="easy",
        level_2="hard",
        match_format="target",
        target="150",
        tiles_each="6",
        next_opener="rotate",
        stuck="pass",  # the preset's own rule: not a change
        show_hints="",
    )
    table = created(response)
    assert table.rules == {
        "preset": "block",
        "seats": 3,
        "tiles_each": 6,
        "next_opener": "rotate",
        "match": {"target": 150},
    }
    assert Rules.from_record(table.rules).tiles_each == 6
    assert list(table.seats.order_by("index").values_list("bot_level", flat=True)) == [
        "",
        "easy",
        "hard",
    ]
    assert table.show_hints is False
    assert table.auto_pass is True  # Block passes for you unless you say otherwise


@pytest.mark.parametrize(
    ("changes", "rules"),
    [
        (
            {
                "preset": "classic",
                "stuck": "single_draw",
                "match_format": "best_of",
                "best_of": "3",
            },
            {"preset": "classic", "seats": 2, "stuck": "single_draw", "match": {"best_of": 3}},
        ),
        (
            {"preset": "all_fives", "seats": "4", "teams": "true", "out_counts_partner": "true"},
            {"preset": "all_fives", "seats": 4, "teams": True, "out_counts_partner": True},
        ),
        (
            {"preset": "brazilian", "seats": "4", "next_opener": "winner", "score": "difference"},
            {"preset": "brazilian", "seats": 4, "next_opener": "winner", "score": "difference"},
        ),
        (
            {"preset": "draw", "reserve": "2", "count_fives": "true", "tied_block": "shared"},
            {
                "preset": "draw",
                "seats": 2,
                "reserve": 2,
                "count_fives": True,
                "tied_block": "shared",
            },
        ),
        (
            {"preset": "single_round", "seats": "3", "first_opener": "highest_double"},
            {"preset": "single_round", "seats": 3, "first_opener": "highest_double"},
        ),
        (
            {"preset": "team_draw", "match_format": "single_round"},
            {"preset": "team_draw", "seats": 2, "match": {"single_round": True}},
        ),
    ],
)
def test_every_option_reaches_the_rules(client, changes, rules):
    table = created(setup_post(client, **changes))
    assert table.rules == rules
    assert table.seats.count() == rules["seats"]


def test_pass_automatically_follows_the_players_choice(client):
    assert created(setup_post(client, preset="block", auto_pass="false")).auto_pass is False
    assert created(setup_post(client, preset="draw", auto_pass="true")).auto_pass is True
    assert created(setup_post(client, preset="brazilian", seats="4")).auto_pass is True
    # As the game: on wherever the rules, house rules included, make a stuck player pass.
    assert created(setup_post(client, preset="draw", stuck="pass")).auto_pass is True
    assert created(setup_post(client, preset="block", stuck="draw")).auto_pass is False


def test_a_guest_who_writes_no_name_is_their_own_guest_name_against_the_computer(client):
    """Never "You": that is what everyone else would read at the table."""
    table = created(setup_post(client, name="  "))
    token = client.session[GUEST_SESSION_KEY]
    assert table.seats.get(index=0).name == guest_name(token)


def test_a_guest_names_themselves_for_friends(client):
    response = setup_post(client, mode="online", name="")
    assert response.status_code == 200
    assert "Write the name your friends will see at the table." in response.content.decode()
    assert not Table.objects.exists()


def test_an_account_plays_under_its_display_name(client):
    user = get_user_model().objects.create_user("ada", "ada@example.com", "pw", first_name="Ada")
    client.force_login(user)
    table = created(setup_post(client, mode="online", name=""))
    assert table.seats.get(index=0).name == "Ada"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"preset": "brazilian", "seats": "3"},
            "Brazilian partnership is a game for 2 or 4 players: choose 2 or 4 players, "
            "or another game.",
        ),
        (
            {"preset": "classic", "seats": "4"},
            "Classic is a game for 2 players: choose 2 players, or another game.",
        ),
        (
            {"seats": "3", "match_format": "best_of", "best_of": "3"},
            "Best of a number of hands needs two sides: 2 players, or 4 as partners.",
        ),
        ({"teams": "true"}, "Partners need 4 players"),
        ({"seats": "4", "tiles_each": "9"}, "4 players with 9 tiles each would need more than"),
        ({"out_counts_partner": "true"}, "needs partners (4 players)"),
        ({"match_format": "target"}, "Enter a target from 25 to 500 points."),
        ({"match_format": "target", "target": "1000"}, "A target is from 25 to 500 points."),
        ({"target": "10"}, "A target is from 25 to 500 points."),
        ({"match_format": "best_of", "best_of": "7"}, "Best of 1 to 5 hands."),
        (
            {"match_format": "best_of", "best_of": "3", "target": "150"},
            "You typed a target of 150 points but chose best of hands",
        ),
        ({"preset": "poker"}, "Select a valid choice"),
    ],
)
def test_an_invalid_combination_is_refused_and_creates_nothing(client, changes, message):
    response = setup_post(client, **changes)
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html
    assert Table.objects.count() == 0


def test_the_rules_error_is_announced(client):
    html = setup_post(client, preset="brazilian", seats="3").content.decode()
    assert 'role="alert"' in html
    assert "Brazilian partnership is a game for 2 or 4 players" in html


@pytest.mark.parametrize("match_format", ["", "target"])
def test_a_typed_target_is_never_ignored(client, match_format):
    table = created(setup_post(client, match_format=match_format, target="150"))
    assert table.rules["match"] == {"target": 150}


def test_the_setup_form_needs_its_csrf_token():
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(SETUP, BASICS).status_code == 403
    assert Table.objects.count() == 0
    page = strict.get(SETUP)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    assert token
    response = strict.post(SETUP, {**BASICS, "csrfmiddlewaretoken": token.group(1)})
    assert response.status_code == 302


# --- the table page -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "seats"), [("draw", "2"), ("all_fives", "3"), ("brazilian", "4")]
)
def test_the_table_page_embeds_the_players_own_view_and_no_other_hand(client, preset, seats):
    table = created(setup_post(client, preset=preset, seats=seats))
    response = client.get(f"/tables/{table.public_id}/")
    assert response.status_code == 200
    html = response.content.decode()
    state = embedded_state(html)
    table.refresh_from_db()
    match = load(table.record)
    assert state["type"] == "state"
    assert state["version"] == table.version
    assert state["table"]["id"] == table.public_id
    assert state["view"]["seat"] == 0
    assert state["view"]["hand"] == match.view_for(0).to_json()["hand"]
    assert state["view"] == match.view_for(0).to_json()
    for other in range(1, int(seats)):
        hidden = match.view_for(other).hand
        assert hidden
        for tile in hidden:
            assert f'"{tile}"' not in html, f"seat {other}'s {tile} is on the page"
    assert "table-info" in html
    assert 'src="/static/js/table/main.js"' in html
    assert 'type="module"' in html


def test_the_table_page_states_its_rules_in_words(client):
    table = created(
        setup_post(client, preset="block", next_opener="rotate", match_format="target", target="75")
    )
    html = client.get(f"/tables/{table.public_id}/").content.decode()
    assert "Block" in html
    assert "The next player in turn opens each new hand" in html
    assert "To 75 points" in html
    plain = created(setup_post(client, preset="draw"))
    html = client.get(f"/tables/{plain.public_id}/").content.decode()
    assert "No house rules" in html
    assert "To 100 points" in html


def test_the_table_page_has_the_controls_the_script_needs(client):
    table = created(setup_post(client))
    html = client.get(f"/tables/{table.public_id}/").content.decode()
    for element_id in ("hand", "board", "main-action", "undo", "hint", "status", "live", "alert"):
        assert f'id="{element_id}"' in html, element_id
    assert 'aria-live="polite"' in html
    assert 'role="alert"' in html
    assert f'href="{SETUP}"' in html  # New match


def test_a_stranger_cannot_see_someone_elses_computer_table(client):
    table = created(setup_post(client))
    stranger = Client()
    response = stranger.get(f"/tables/{table.public_id}/")
    assert response.status_code == 403
    html = response.content.decode()
    assert "Not your table" in html
    assert "table-state" not in html
    user = get_user_model().objects.create_user("mallory", "mallory@example.com", "pw-123456!")
    stranger.force_login(user)
    assert stranger.get(f"/tables/{table.public_id}/").status_code == 403


def test_a_signed_in_player_finds_the_table_from_another_browser(client):
    user = get_user_model().objects.create_user("alice", "alice@example.com", "pw-123456!")
    client.force_login(user)
    table = created(setup_post(client))
    assert table.created_by_id == user.id
    elsewhere = Client()
    elsewhere.force_login(user)
    assert elsewhere.get(f"/tables/{table.public_id}/").status_code == 200


def test_an_unknown_table_is_not_found(client):
    assert client.get("/tables/no-such-table/").status_code == 404


def test_the_table_page_is_not_cached(client):
    table = created(setup_post(client))
    response = client.get(f"/tables/{table.public_id}/")
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]


# --- the table script's layout (run with node when it is installed) -------------------------
LAYOUT_CHECK = r"""
import { fitLayout, largestUnit, layoutTable } from "%(module)s";
const views = JSON.parse(await new Promise((done) => {
  let text = "";
  process.stdin.on("data", (chunk) => (text += chunk));
  process.stdin.on("end", () => done(text));
}));
const hit = (a, b) =>
  a.x0 < b.x1 - 0.01 && b.x0 < a.x1 - 0.01 && a.y0 < b.y1 - 0.01 && b.y0 < a.y1 - 0.01;
const problems = [];
// The lanes geometry.fitLayout chooses among: from the narrowest to the widest.
for (const [limitX, limitY] of [[4, 3], [8, 6], [19, 6], [26, 8]]) {
  for (const view of views) {
    const layout = layoutTable(view, limitX, limitY);
    const rects = layout.pieces.map((p) => p.rect);
    rects.forEach((r, i) => {
      if (rects.slice(0, i).some((o) => hit(r, o))) problems.push("overlap");
      if (r.x0 < -limitX - 1.5 || r.x1 > limitX + 1.5) problems.push("too wide");
    });
    const shown = layout.pieces.map((p) => p.tile).sort();
    const table = view.table;
    const want = [table.opening, ...["left", "right", "up", "down"].flatMap(
      (end) => (table[end] || []).map((p) => p.tile))].sort();
    if (JSON.stringify(shown) !== JSON.stringify(want)) problems.push("tiles differ");
    for (const move of view.legal) {
      if (!move.end) continue;
      const ghost = layout.preview(move.end, move.play, view.ends[move.end]);
      if (!ghost || rects.some((r) => hit(r, ghost.rect))) problems.push("ghost " + move.end);
    }
  }
}
// Fitted to a felt (a phone, a laptop, a phone held sideways): the whole chain inside the
// picture, which has the felt's shape, no two tiles on each other (the lanes may lie off centre
// there), and no tile larger than the felt allows.
for (const [width, height] of [[370, 480], [1300, 420], [640, 180]]) {
  for (const view of views) {
    const { layout, viewBox, unit } = fitLayout(view, width, height);
    const [x, y, w, h] = viewBox;
    if (Math.abs(w / h - width / height) > 0.01) problems.push("shape " + [w, h]);
    if (unit > largestUnit(width, height) + 1e-9) problems.push("unit " + unit);
    const rects = layout.pieces.map((p) => p.rect);
    rects.forEach((r, i) => {
      if (rects.slice(0, i).some((o) => hit(r, o))) problems.push("overlap when fitted");
    });
    for (const { rect } of layout.pieces) {
      const inside = rect.x0 >= x - 1e-6 && rect.x1 <= x + w + 1e-6 &&
        rect.y0 >= y - 1e-6 && rect.y1 <= y + h + 1e-6;
      if (!inside) problems.push("outside the felt");
    }
  }
}
console.log(JSON.stringify({ checked: views.length, problems }));
"""


def random_views(count_per_kind: int = 40) -> list[dict]:
    """Views from random hands of every kind of line: plain, spinner opening, spinner on an arm."""
    import random

    from games.engine import Deal, Match

    views = []
    kinds = [("draw", 2, {"tiles_each": 9}), ("block", 4, {}), ("all_fives", 2, {"tiles_each": 9})]
    for preset, seats, options in kinds:
        rules = Rules.for_preset(preset, seats=seats, match={"target": 500}, **options)
        for seed in range(count_per_kind):
            match, rng = Match(rules), random.Random(seed)
            for _ in range(3):  # later hands open with any tile: spinners land on an arm
                if match.finished:
                    break
                match.start_hand(Deal.shuffled(rules, rng))
                while match.turn is not None:
                    match.apply(match.turn, rng.choice(match.legal_moves()))
                    if match.turn is not None:
                        views.append(match.view_for(match.turn).to_json())
    return views


def test_the_table_script_lays_out_every_line_without_overlaps_and_fits_it(tmp_path):
    import shutil
    import subprocess
    from pathlib import Path

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    module = Path(__file__).resolve().parents[2] / "static" / "js" / "board" / "geometry.js"
    script = tmp_path / "check.mjs"
    script.write_text(LAYOUT_CHECK % {"module": module.as_uri()})
    views = random_views()
    run = subprocess.run(
        [node, str(script)], input=json.dumps(views), capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["checked"] == len(views) > 1000
    assert report["problems"] == []
