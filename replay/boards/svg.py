"""A very small SVG writer: rectangles, text and groups, escaped, with a viewBox."""

from __future__ import annotations

from html import escape


class Svg:
    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self._parts: list[str] = []

    def rect(self, x: float, y: float, w: float, h: float, fill: str, *, stroke: str = "#333",
             radius: float = 4, dashed: bool = False) -> None:  # fmt: skip
        dash = ' stroke-dasharray="4 3"' if dashed else ""
        self._parts.append(
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{radius}" fill="{fill}" '
            f'stroke="{stroke}"{dash}/>'
        )

    def text(self, x: float, y: float, content: str, *, size: int = 12, weight: str = "normal",
             fill: str = "#111", anchor: str = "start") -> None:  # fmt: skip
        self._parts.append(
            f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}" font-family="sans-serif">{escape(content)}</text>'
        )

    def render(self) -> str:
        body = "".join(self._parts)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
            f'width="100%" role="img">{body}</svg>'
        )
