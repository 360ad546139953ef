"""Writes the site's app icons (static/img/icon-*.png) from the same drawing as favicon.svg: an
ivory domino on the felt. Plain Python (zlib), no imaging library: run it again only when the
drawing changes.

    .venv/bin/python scripts/make_icons.py
"""

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "static" / "img"
FELT = (31, 94, 64)
IVORY = (251, 248, 240)
EDGE = (20, 60, 42)
PIP = (29, 31, 36)
SAMPLES = 3  # per pixel and axis: smooth edges


def rounded(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


# The drawing on a 0..1 square: (test, colour), the last hit wins.
PIPS = [(0.5, 0.31), (0.41, 0.6), (0.5, 0.69), (0.59, 0.78), (0.41, 0.78), (0.59, 0.6)]


def colour_at(x: float, y: float, maskable: bool) -> tuple[int, int, int] | None:
    colour: tuple[int, int, int] | None = None
    if maskable or rounded(x, y, 0, 0, 1, 1, 0.2):
        colour = FELT
    if rounded(x, y, 0.3, 0.1, 0.7, 0.9, 0.07):
        colour = EDGE
    if rounded(x, y, 0.32, 0.12, 0.68, 0.88, 0.055):
        colour = IVORY
    if 0.35 <= x <= 0.65 and abs(y - 0.5) <= 0.012:
        colour = EDGE
    for px, py in PIPS:
        if (x - px) ** 2 + (y - py) ** 2 <= 0.035**2:
            colour = PIP
    return colour


def render(size: int, maskable: bool) -> bytes:
    scale = 0.8 if maskable else 1.0  # a maskable icon keeps its drawing in the safe circle
    rows = []
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            r = g = b = a = 0
            for sj in range(SAMPLES):
                for si in range(SAMPLES):
                    x = ((i + (si + 0.5) / SAMPLES) / size - 0.5) / scale + 0.5
                    y = ((j + (sj + 0.5) / SAMPLES) / size - 0.5) / scale + 0.5
                    c = colour_at(x, y, maskable) or (FELT if maskable else None)
                    if c:
                        r, g, b, a = r + c[0], g + c[1], b + c[2], a + 1
            n = SAMPLES * SAMPLES
            row += bytes((r // max(a, 1), g // max(a, 1), b // max(a, 1), 255 * a // n))
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for size, maskable, name in (
        (192, False, "icon-192.png"),
        (512, False, "icon-512.png"),
        (512, True, "icon-maskable-512.png"),
        (180, True, "apple-touch-icon.png"),
    ):
        (OUT / name).write_bytes(render(size, maskable))
        print(OUT / name)
