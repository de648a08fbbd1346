"""A message as a reader would see it, drawn from the simulator's record into a PNG (Pillow):
the author line, then a components-V2 card (its container with the accent bar, text displays,
the gallery's pictures, separators and action rows) or a plain message (content, pictures,
rows). Discord's dark theme, roughly: enough to look at a post, not a pixel-exact client.

Markdown is drawn as a reader sees it, in part: ``## `` headings, ``-# `` small grey lines,
``**bold**``, and ``<@id>`` mentions as the member's name."""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageChops, ImageDraw

from rendering.kit import font

if TYPE_CHECKING:  # only read: a picture never changes the simulator
    from .model import SimAttachment, SimMessage

WIDTH = 760
MARGIN = 16
BACKGROUND = (49, 51, 56)
CARD = (43, 45, 49)
INK = (219, 222, 225)
MUTED = (148, 155, 164)
MENTION = (201, 205, 251)
MENTION_BACK = (60, 66, 112)
LINE = (63, 65, 71)
BUTTONS = {1: (88, 101, 242), 2: (78, 80, 88), 3: (36, 128, 70), 4: (218, 55, 60), 5: (78, 80, 88)}
SELECT_BACK = (30, 31, 34)
_MENTION = re.compile(r"<@!?(\d+)>")


class _Pen:
    """Draws downwards on a tall canvas; ``y`` is where the next thing goes."""

    def __init__(self, names: dict[int, str]) -> None:
        self.image = Image.new("RGB", (WIDTH, 6000), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.names = names
        self.y = MARGIN

    def text(self, text: str, left: int, right: int) -> None:
        for line in text.splitlines() or [""]:
            size, colour, bold = 15, INK, False
            if line.startswith("## "):
                line, size, bold = line[3:], 20, True
            elif line.startswith("-# "):
                line, size, colour = line[3:], 12, MUTED
            self._line(_MENTION.sub(lambda m: "@" + self.names.get(int(m[1]), m[1]), line),
                       left, right, size, colour, bold)

    def _line(self, line: str, left: int, right: int, size: int, colour: tuple[int, int, int],
              bold: bool) -> None:
        """One line of markdown, wrapped at ``right``: **bold** runs in bold, mentions marked."""
        x, height = left, size + 6
        for n, run in enumerate(line.split("**")):
            strong = bold or n % 2 == 1
            face = font(size, strong)
            for word in re.split(r"(\s+)", run):
                if not word:
                    continue
                width = face.getlength(word)
                if x + width > right and x > left and not word.isspace():
                    x, self.y = left, self.y + height
                if word.startswith("@") and word[1:2].isalpha():
                    self.draw.rounded_rectangle((x - 1, self.y, x + width + 1, self.y + size + 3), 3,
                                                fill=MENTION_BACK)
                    self.draw.text((x, self.y), word, font=face, fill=MENTION)
                else:
                    self.draw.text((x, self.y), word, font=face, fill=colour)
                x += width
        self.y += height

    def picture(self, attachment: SimAttachment, left: int, right: int) -> None:
        try:
            image = Image.open(io.BytesIO(attachment.data)).convert("RGB")
        except OSError:
            self.text(f"📎 {attachment.filename}", left, right)
            return
        scale = min(1.0, (right - left) / image.width)
        image = image.resize((int(image.width * scale), int(image.height * scale)))
        self.y += 4
        self.image.paste(image, (left, self.y))
        self.y += image.height + 8

    def gallery(self, attachments: list[SimAttachment], left: int, right: int) -> None:
        """One picture across; more, two by two in a grid of equal cells, as Discord lays them."""
        if len(attachments) == 1:
            self.picture(attachments[0], left, right)
            return
        middle, top, tallest = (left + right) // 2, self.y, self.y
        for n, attachment in enumerate(attachments):
            self.y = top
            self.picture(attachment, left if n % 2 == 0 else middle + 2, middle - 2 if n % 2 == 0 else right)
            tallest = max(tallest, self.y)
            if n % 2 == 1:
                top = tallest
        self.y = tallest

    def row(self, row: dict[str, Any], left: int, right: int) -> None:
        x, face = left, font(14, True)
        for comp in row.get("components") or []:
            if comp.get("type") == 2:
                label = comp.get("label") or ""
                width = int(face.getlength(label)) + 32
                if x + width > right and x > left:
                    x, self.y = left, self.y + 40
                fill = BUTTONS.get(comp.get("style", 2), BUTTONS[2])
                if comp.get("disabled"):
                    fill = tuple(c // 2 for c in fill)
                self.draw.rounded_rectangle((x, self.y, x + width, self.y + 32), 4, fill=fill)
                self.draw.text((x + 16, self.y + 8), label, font=face, fill=(255, 255, 255))
                x += width + 8
            else:  # a select
                self.draw.rounded_rectangle((left, self.y, right, self.y + 38), 4, fill=SELECT_BACK,
                                            outline=LINE)
                self.draw.text((left + 12, self.y + 11), comp.get("placeholder") or "", font=font(14),
                               fill=MUTED)
                self.draw.text((right - 24, self.y + 9), "▾", font=font(16), fill=INK)
                self.y += 4
        self.y += 40


def draw_message(message: SimMessage, path: str | None = None) -> bytes:
    """The message drawn as a reader sees it: a PNG (also written to ``path`` if given)."""
    names = {member.id: member.user.global_name for member in message.sim.members} if hasattr(
        message.sim, "members") else {}
    pen = _Pen(names)
    pen.draw.ellipse((MARGIN, pen.y, MARGIN + 36, pen.y + 36), fill=(88, 101, 242))
    pen.draw.text((MARGIN + 48, pen.y), message.author.global_name, font=font(15, True), fill=INK)
    left = MARGIN + 48
    badge = left + int(font(15, True).getlength(message.author.global_name)) + 6
    if message.author.bot:
        pen.draw.rounded_rectangle((badge, pen.y + 2, badge + 34, pen.y + 18), 3, fill=(88, 101, 242))
        pen.draw.text((badge + 5, pen.y + 3), "APP", font=font(11, True), fill=(255, 255, 255))
    pen.y += 24
    right = WIDTH - MARGIN
    if message.content:
        pen.text(message.content, left, right)
    by_url = {a.url: a for a in message.attachments}
    shown: set[str] = set()
    for comp in message.components:
        _component(pen, comp, left, right, by_url, shown)
    if not message.flags & (1 << 15):  # a V2 message shows only the files its components name
        for attachment in message.attachments:
            if attachment.url not in shown:
                pen.picture(attachment, left, right)
    image = pen.image.crop((0, 0, WIDTH, pen.y + MARGIN))
    out = io.BytesIO()
    image.save(out, "PNG")
    if path is not None:
        with open(path, "wb") as file:
            file.write(out.getvalue())
    return out.getvalue()


def _component(pen: _Pen, comp: dict[str, Any], left: int, right: int,
               by_url: dict[str, SimAttachment], shown: set[str]) -> None:
    kind = comp.get("type")
    if kind == 17:  # a container: a panel with its accent bar on the left
        top = pen.y
        pen.y += 12
        for child in comp.get("components") or []:
            _component(pen, child, left + 18, right - 14, by_url, shown)
        pen.y += 4
        bottom = pen.y
        # The panel under what was drawn: the page's colour inside it turns the panel's.
        box = (left, top, right, bottom)
        region = pen.image.crop(box)
        page = ImageChops.difference(region, Image.new("RGB", region.size, BACKGROUND)).convert("L")
        region.paste(CARD, (0, 0, *region.size), page.point(lambda v: 255 if v == 0 else 0))
        pen.image.paste(region, box[:2])
        accent = comp.get("accent_color")
        if accent is not None:
            pen.draw.rounded_rectangle((left, top, left + 4, bottom), 2,
                                       fill=((accent >> 16) & 255, (accent >> 8) & 255, accent & 255))
        pen.y += 8
    elif kind == 10:
        pen.text(comp.get("content") or "", left, right)
        pen.y += 4
    elif kind == 12:
        urls = [url for item in comp.get("items") or []
                if (url := ((item or {}).get("media") or {}).get("url") or "") in by_url]
        shown.update(urls)
        pen.gallery([by_url[url] for url in urls], left, right)
    elif kind == 14:
        if comp.get("divider", True):
            pen.draw.line((left, pen.y + 6, right, pen.y + 6), fill=LINE, width=1)
        pen.y += 14
    elif kind == 1:
        pen.row(comp, left, right)
    elif kind == 9:
        for child in comp.get("components") or []:
            _component(pen, child, left, right - 90, by_url, shown)

