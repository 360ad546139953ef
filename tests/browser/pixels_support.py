"""The colours a person sees, read from a screenshot: Chromium's PNG decoded here (8-bit RGB or
RGBA, not interlaced: what Playwright writes), as the page's policy forbids decoding a data:
image in the page; and WCAG 2's contrast ratio of two of them."""

import struct
import zlib


class Screenshot:
    """A PNG's pixels: ``at(x, y)`` is the (red, green, blue) at that CSS pixel (scale 1)."""

    def __init__(self, png: bytes) -> None:
        assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
        offset, data = 8, b""
        while offset < len(png):
            (length,) = struct.unpack(">I", png[offset : offset + 4])
            kind = png[offset + 4 : offset + 8]
            body = png[offset + 8 : offset + 8 + length]
            if kind == b"IHDR":
                self.width, self.height, depth, colour, _, _, interlace = struct.unpack(
                    ">IIBBBBB", body
                )
                assert depth == 8 and colour in (2, 6) and not interlace, (depth, colour)
                self.channels = 3 if colour == 2 else 4
            elif kind == b"IDAT":
                data += body
            offset += 12 + length
        self.rows = self._unfilter(zlib.decompress(data))

    def _unfilter(self, raw: bytes) -> list[bytearray]:
        size, stride = self.channels, self.width * self.channels
        rows: list[bytearray] = []
        previous = bytearray(stride)
        for y in range(self.height):
            start = y * (stride + 1)
            kind, row = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
            for i in range(stride):
                left = row[i - size] if i >= size else 0
                up = previous[i]
                corner = previous[i - size] if i >= size else 0
                if kind == 1:
                    row[i] = (row[i] + left) & 0xFF
                elif kind == 2:
                    row[i] = (row[i] + up) & 0xFF
                elif kind == 3:
                    row[i] = (row[i] + (left + up) // 2) & 0xFF
                elif kind == 4:
                    guess = left + up - corner
                    near = min(
                        (abs(guess - left), 0, left),
                        (abs(guess - up), 1, up),
                        (abs(guess - corner), 2, corner),
                    )
                    row[i] = (row[i] + near[2]) & 0xFF
            rows.append(row)
            previous = row
        return rows

    def at(self, x: float, y: float) -> tuple[int, int, int]:
        row, column = self.rows[round(y)], round(x) * self.channels
        return row[column], row[column + 1], row[column + 2]


def contrast(one: tuple[int, int, int], other: tuple[int, int, int]) -> float:
    """WCAG 2's contrast ratio of two sRGB colours (1 to 21)."""

    def luminance(rgb: tuple[int, int, int]) -> float:
        channels = [c / 255 for c in rgb]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)
