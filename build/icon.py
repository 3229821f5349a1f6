"""Lantern's icon, drawn here from simple shapes (no outside artwork): `python -m build.icon`.

Writes assets/icon.png (1024 px and opaque, as the App Store wants it: `flet build` derives every icon size
from it), assets/splash.png (the lantern alone on a transparent ground, for the splash screen) and
assets/favicon.png (64 px, the served web app's tab icon). Pure Python, so it runs anywhere.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[1] / "assets"

Color = tuple[float, float, float]
NIGHT_TOP: Color = (20, 33, 61)
NIGHT_BOTTOM: Color = (34, 52, 86)
AMBER: Color = (255, 183, 3)
BRASS: Color = (232, 172, 52)
DARK_BRASS: Color = (170, 114, 26)
GLASS: Color = (255, 214, 110)
GLASS_GLOW: Color = (255, 244, 200)
FLAME: Color = (255, 138, 22)
FLAME_CORE: Color = (255, 250, 228)

# Each shape: its box (x0, y0, x1, y1) in units of the image side, and the coverage of a pixel
# (0..1) at the point (x, y) for a pixel size px, both in those units.
Coverage = Callable[[float, float, float], float]


def _rounded_rect(cx: float, cy: float, hw: float, hh: float, r: float) -> Coverage:
    def cover(x: float, y: float, px: float) -> float:
        qx, qy = abs(x - cx) - (hw - r), abs(y - cy) - (hh - r)
        d = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r
        return min(max(0.5 - d / px, 0.0), 1.0)

    return cover


def _ring(cx: float, cy: float, radius: float, half_width: float) -> Coverage:
    def cover(x: float, y: float, px: float) -> float:
        d = abs(math.hypot(x - cx, y - cy) - radius) - half_width
        return min(max(0.5 - d / px, 0.0), 1.0)

    return cover


def _flame(cx: float, cy: float, radius: float, height: float) -> Coverage:
    """A drop: a round bottom of `radius` under a point `height` above its centre."""

    def cover(x: float, y: float, px: float) -> float:
        if y >= cy:
            t = (y - cy) / radius
            half = radius * math.sqrt(max(1.0 - t * t, 0.0))
        else:
            t = (y - (cy - height)) / height
            half = radius * max(t, 0.0) ** 1.4
        return min(max((half - abs(x - cx)) / px + 0.5, 0.0), 1.0)

    return cover


def _mix(a: Color, b: Color, t: float) -> Color:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def _glass_color(x: float, y: float) -> Color:
    glow = max(0.0, 1.0 - math.hypot(x - 0.5, (y - 0.6) * 0.8) / 0.2)
    return _mix(GLASS, GLASS_GLOW, glow**1.5)


def _shapes() -> list[tuple[tuple[float, float, float, float], Coverage, Callable[[float, float], Color]]]:
    def solid(color: Color) -> Callable[[float, float], Color]:
        return lambda x, y: color

    return [
        ((0.40, 0.12, 0.60, 0.31), _ring(0.5, 0.215, 0.075, 0.018), solid(BRASS)),
        ((0.39, 0.24, 0.61, 0.30), _rounded_rect(0.5, 0.272, 0.09, 0.022, 0.015), solid(DARK_BRASS)),
        ((0.28, 0.28, 0.72, 0.35), _rounded_rect(0.5, 0.315, 0.2, 0.03, 0.025), solid(BRASS)),
        ((0.32, 0.33, 0.68, 0.74), _rounded_rect(0.5, 0.535, 0.165, 0.19, 0.04), _glass_color),
        ((0.32, 0.33, 0.38, 0.74), _rounded_rect(0.352, 0.535, 0.018, 0.19, 0.012), solid(BRASS)),
        ((0.62, 0.33, 0.68, 0.74), _rounded_rect(0.648, 0.535, 0.018, 0.19, 0.012), solid(BRASS)),
        ((0.42, 0.44, 0.58, 0.68), _flame(0.5, 0.6, 0.062, 0.14), solid(FLAME)),
        ((0.45, 0.52, 0.55, 0.66), _flame(0.5, 0.615, 0.032, 0.075), solid(FLAME_CORE)),
        ((0.28, 0.71, 0.72, 0.78), _rounded_rect(0.5, 0.745, 0.2, 0.028, 0.02), solid(BRASS)),
        ((0.35, 0.76, 0.65, 0.81), _rounded_rect(0.5, 0.785, 0.13, 0.02, 0.015), solid(DARK_BRASS)),
    ]


def draw(size: int, night: bool) -> list[bytearray]:
    """RGBA rows: the lantern and its glow, over the night sky (`night`) or a transparent ground."""
    px = 1.0 / size
    rows: list[bytearray] = []
    shapes = _shapes()
    for j in range(size):
        y = (j + 0.5) * px
        sky = _mix(NIGHT_TOP, NIGHT_BOTTOM, y)
        row = bytearray()
        for i in range(size):
            x = (i + 0.5) * px
            r, g, b, a = (*sky, 1.0) if night else (0.0, 0.0, 0.0, 0.0)
            glow = max(0.0, 1.0 - math.hypot(x - 0.5, y - 0.56) / 0.42) ** 2 * 0.6
            r, g, b, a = _over((r, g, b, a), AMBER, glow)
            for (x0, y0, x1, y1), cover, color in shapes:
                if x0 <= x <= x1 and y0 <= y <= y1:
                    coverage = cover(x, y, px)
                    if coverage > 0.0:
                        r, g, b, a = _over((r, g, b, a), color(x, y), coverage)
            row += bytes((round(r), round(g), round(b), round(a * 255)))
        rows.append(row)
    return rows


def _over(under: tuple[float, float, float, float], color: Color, alpha: float) -> tuple[float, ...]:
    r, g, b, a = under
    out = alpha + a * (1.0 - alpha)
    if out == 0.0:
        return (0.0, 0.0, 0.0, 0.0)
    keep = a * (1.0 - alpha) / out
    share = alpha / out
    return (color[0] * share + r * keep, color[1] * share + g * keep, color[2] * share + b * keep, out)


def png(rows: list[bytearray], opaque: bool) -> bytes:
    """An 8-bit PNG of these RGBA rows (RGB only when `opaque`), each row filtered against the one above."""
    channels = 3 if opaque else 4
    width, height = len(rows[0]) // 4, len(rows)
    data = bytearray()
    previous = bytes(width * channels)
    for rgba in rows:
        row = bytes(c for i, c in enumerate(rgba) if i % 4 < channels)
        data.append(2)  # the "Up" filter
        data += bytes((c - p) & 0xFF for c, p in zip(row, previous, strict=True))
        previous = row

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2 if opaque else 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(data), 9))
        + chunk(b"IEND", b"")
    )


IMAGES = (("icon.png", 1024, True), ("splash.png", 1024, False), ("favicon.png", 64, True))


def main() -> None:
    for name, size, night in IMAGES:
        (ASSETS / name).write_bytes(png(draw(size, night), opaque=night))
        print(f"assets/{name}: {size}x{size}")


if __name__ == "__main__":
    main()
