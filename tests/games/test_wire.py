"""The table socket's protocol is one list (games.live.protocol: INCOMING, OUTGOING), and every
side speaks all of it and nothing else: the consumer has one handler per incoming message, the
table's JavaScript handles every type the server sends and no other, and sends every type the
server reads and no other.

How the JavaScript (static/js/table/, every .js below it) is read, kept to two simple habits so
that a rewrite of the page keeps passing by keeping them:

- What it receives: the comment ``// wire: incoming`` stands on the line before the ``switch``
  or the object that dispatches the server's messages by type. The next ``{...}`` block after
  it (brackets balanced, strings skipped) is read at its top level: its ``case "x":`` labels
  when it has any (a switch; ``default`` is no type), else its keys (``x:``, ``"x":`` or a
  method ``x(``; a dispatch object).
- What it sends: every message is an object literal with its type written out, in the
  arguments of a call of a function or method named ``send``:
  ``this.send({ type: "move", ... })``, ``socket.send(JSON.stringify({ type: "sync" }))``.
  Each ``type: "x"`` in such a call's arguments (parentheses balanced) is a type sent.

Comments are dropped first (``//`` after a space or at a line's start, and ``/* */``).
"""

import re
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest

from games.engine import Draw, Play
from games.live import protocol
from games.live.consumers import TableConsumer

ROOT = Path(__file__).resolve().parents[2]
TABLE_JS = ROOT / "static" / "js" / "table"
MARKER = "// wire: incoming"

COMMENT = re.compile(r"/\*.*?\*/|(?:^|(?<=\s))//[^\n]*", re.S | re.M)
SEND = re.compile(r"\bsend\(")
TYPE_SENT = re.compile(r"""\btype\s*:\s*["'](\w+)["']""")
CASE = re.compile(r"""\bcase\s+["'](\w+)["']\s*:""")
KEY = re.compile(r"""^\s*(?:async\s+)?(?:["'](\w+)["']|(\w+))\s*[:(]""")
OPENING, CLOSING = "({[", ")}]"


def _scan(text: str, start: int) -> Iterator[tuple[int, str, int]]:
    """(index, character, bracket depth before it) from ``text[start]`` (an opening bracket) to
    its closing one; a string literal comes as one piece, at its first index."""
    depth, index = 0, start
    while index < len(text):
        char = text[index]
        if char in "\"'`":
            end = index + 1
            while text[end] != char:
                end += 2 if text[end] == "\\" else 1
            yield index, text[index : end + 1], depth
            index = end + 1
            continue
        yield index, char, depth
        if char in OPENING:
            depth += 1
        elif char in CLOSING:
            depth -= 1
            if depth == 0:
                return
        index += 1
    raise AssertionError(f"unbalanced brackets after {text[start : start + 60]!r}")


def _inside(text: str, start: int) -> str:
    """What the brackets opening at ``start`` enclose."""
    return "".join(piece for _, piece, depth in _scan(text, start) if depth)[:-1]


def _top_level(text: str, start: int) -> str:
    """What the brackets opening at ``start`` enclose at their own level, nested brackets kept
    but emptied: ``x: (m) => f(m)`` reads ``x: () => f()``."""
    kept = (
        piece
        for _, piece, depth in _scan(text, start)
        if depth == 1 or (depth == 2 and len(piece) == 1 and piece in CLOSING)
    )
    return "".join(kept)[:-1]


def _sources() -> dict[Path, str]:
    return {path: path.read_text() for path in sorted(TABLE_JS.rglob("*.js"))}


def js_receives(sources: dict[Path, str]) -> set[str]:
    marked = [(path, text) for path, text in sources.items() if MARKER in text]
    assert len(marked) == 1, f"one {MARKER!r} line in static/js/table/, found in {marked}"
    path, text = marked[0]
    after = text.index("\n", text.index(MARKER)) + 1
    code = COMMENT.sub("", text[after:])
    block = _top_level(code, code.index("{"))
    cases = CASE.findall(block)
    if cases:
        return set(cases)
    keys = {"".join(match) for entry in block.split(",") for match in KEY.findall(entry)}
    assert keys, f"no cases or keys in the block after {MARKER!r} in {path}"
    return keys


def js_sends(sources: dict[Path, str]) -> set[str]:
    sent = set()
    for text in sources.values():
        code = COMMENT.sub("", text)
        for call in SEND.finditer(code):
            sent.update(TYPE_SENT.findall(_inside(code, call.end() - 1)))
    return sent


def test_the_javascript_handles_every_type_the_server_sends_and_no_other():
    assert js_receives(_sources()) == set(protocol.OUTGOING)


def test_the_javascript_sends_every_type_the_server_reads_and_no_other():
    assert js_sends(_sources()) == set(protocol.INCOMING)


def test_the_reading_of_the_javascript_sees_both_habits():
    switch = f"""
        {MARKER}
        switch (message.type) {{
          case "state": this.show(message); break; // "ignored": a comment
          case "error": {{ const x = {{ type: "nested" }}; break; }}
          default: if (message.version > this.version) this.socket.sync();
        }}
        this.send({{ type: "move", version: this.state.version, move: clean }}, {{ waits: false }});
        socket.send(JSON.stringify({{ type: "sync" }}));
        // this.send({{ type: "commented" }});
        this.send(seat === null ? {{ type: "join", name }} : {{ type: "join", name, seat }});
        const url = `${{scheme}}://${{location.host}}/ws/tables/${{id}}/`; // "(" in a string
    """
    objects = f"""
        {MARKER}
        const on = {{
          state: (message) => this.receiveState(message),
          "next_hand": (m) => {{ f(m, {{ a: 1 }}); }},
          error(message) {{ this.fail(message.message, {{ b: 2 }}); }},
        }};
        const other = {{ notDispatched: 1 }};
    """
    assert js_receives({Path("switch.js"): switch}) == {"state", "error"}
    assert js_sends({Path("switch.js"): switch}) == {"move", "sync", "join"}
    assert js_receives({Path("objects.js"): objects}) == {"state", "next_hand", "error"}
    with pytest.raises(AssertionError, match="one"):
        js_receives({Path("none.js"): "switch (message.type) {}"})


def test_the_consumer_has_one_handler_per_incoming_message():
    handlers = TableConsumer.__dict__["_handle"].dispatcher.registry
    assert set(handlers) - {object} == set(protocol.INCOMING.values())


def test_each_type_names_its_class_once_and_every_incoming_field_is_a_key_on_the_wire():
    for registry in (protocol.INCOMING, protocol.OUTGOING):
        assert all(kind == message.type for kind, message in registry.items())
    move = protocol.parse('{"type": "move", "version": 3, "move": {"play": "6-2", "end": "left"}}')
    assert move == protocol.PlayMove(version=3, move=Play.parse("6-2", "left"))
    assert [field.name for field in fields(protocol.Join)] == ["name", "seat"]
    assert protocol.parse('{"type": "join", "name": 5}') == protocol.Join(name="", seat=None)


@pytest.mark.parametrize(
    ("frame", "said"),
    [
        (None, "Messages are JSON text of at most 2 KB."),
        ('{"type": "sync", "pad": "' + "x" * protocol.MAX_FRAME + '"}', "at most 2 KB"),
        ("{not json", "That message is not JSON."),
        ('["move"]', "A message is a JSON object with a type."),
        ('{"type": ["move"]}', "Unknown message type ['move']."),
        ('{"type": "move", "version": true, "move": {"draw": true}}', "Say which version"),
        ('{"type": "move", "version": 1, "move": {"play": "9-9"}}', "A move is an object"),
        ('{"type": "move", "version": 1, "move": ["draw"]}', "A move is an object"),
        ('{"type": "seat", "seat": "2"}', "Choose a seat by its number."),
        ('{"type": "join", "seat": 1.5}', "Choose a seat by its number."),
        ('{"type": "table_talk", "allowed": 1}', "Say whether table talk is allowed"),
    ],
)
def test_a_frame_that_is_no_message_is_malformed_in_words(frame, said):
    with pytest.raises(protocol.Malformed, match=re.escape(said)):
        protocol.parse(frame)


def test_each_message_out_is_its_frame():
    assert protocol.Hint(Draw(), "Nothing fits.").to_json() == (
        '{"type": "hint", "move": {"draw": true}, "reason": "Nothing fits."}'
    )
    assert protocol.Arrival(None).to_json() == '{"type": "arrival", "seat": null}'
    assert protocol.State('{"type": "state"}').to_json() == '{"type": "state"}'
