"""One-line fields the player types in: a deal number ("play deal no. …"), digits only,
1 to 999 999 999, anything else refused with the reason in words; the player's name."""

from __future__ import annotations

import pygame

from game.engine.match import DEAL_NUMBERS
from game.ui.kit.drawlog import framed
from game.ui.kit.widgets import GLOW, GOLD, INK, blit_text

MAX_DIGITS = len(str(DEAL_NUMBERS - 1))
NAME_MAX = 12  # a name fits a plate at the table and a column of the score sheet
PLACEHOLDER = (100, 90, 72)  # greyed, yet 4.5:1 on the field
PASSED_ON = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)  # the scene's keys


def parse_deal_number(text: str) -> tuple[int | None, str | None]:
    """(the number, None), (None, None) when empty, or (None, an i18n key saying why not)."""
    text = text.strip()
    if not text:
        return None, None
    if not (text.isascii() and text.isdigit()):
        return None, "entry.digits_only"
    number = int(text)
    if not 0 < number < DEAL_NUMBERS:
        return None, "entry.range"
    return number, None


class TextField:
    """A one-line field: a click gives it the keyboard, characters are typed (those
    ``refusal`` refuses are not: ``error`` says why, as an i18n key), Backspace erases,
    Tab or a click elsewhere leaves it."""

    def __init__(self, rect: pygame.Rect, text: str = "") -> None:
        self.rect = rect
        self.text = text
        self.focused = False
        self.error: str | None = None

    def refusal(self, char: str) -> str | None:
        """Why ``char`` cannot be typed now (an i18n key), or None."""
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was the field's (a click on it, a key while focused)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if event.type != pygame.KEYDOWN or not self.focused or event.key in PASSED_ON:
            return False
        if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.text = self.text[:-1]
            self.error = None
        elif event.key == pygame.K_TAB:
            self.focused = False
        else:
            self.type(getattr(event, "unicode", ""))
        return True

    def type(self, char: str) -> None:
        if not char:
            return
        self.error = self.refusal(char)
        if self.error is None:
            self.text += char

    def draw(self, target: pygame.Surface, placeholder: str) -> None:
        fill = (255, 250, 236) if self.focused else (248, 238, 210)
        framed(target, "field", self.rect)
        pygame.draw.rect(target, fill, self.rect, border_radius=10)
        edge = GLOW if self.focused else GOLD
        pygame.draw.rect(target, edge, self.rect, width=3 if self.focused else 2,
                         border_radius=10)
        if self.text:
            end = blit_text(target, self.text, 28, INK,
                            midleft=(self.rect.x + 14, self.rect.centery))
        else:
            end = pygame.Rect(self.rect.x + 14, self.rect.y, 0, 0)
            blit_text(target, placeholder, 22, PLACEHOLDER,
                      midleft=(self.rect.x + 14, self.rect.centery))
        if self.focused and pygame.time.get_ticks() // 500 % 2 == 0:  # the caret blinks
            x = end.right + 2
            pygame.draw.line(target, INK, (x, self.rect.y + 10), (x, self.rect.bottom - 10), 2)



class DealNumberField(TextField):
    """The deal number: digits only, as many as the largest number has."""

    def value(self) -> tuple[int | None, str | None]:
        return parse_deal_number(self.text)

    def refusal(self, char: str) -> str | None:
        if not (char.isascii() and char.isdigit()):
            return "entry.digits_only"
        return "entry.range" if len(self.text) >= MAX_DIGITS else None


class NameField(TextField):
    """The player's name: printable characters, ``NAME_MAX`` at most."""

    def refusal(self, char: str) -> str | None:
        if not char.isprintable():
            return "entry.printable_only"
        return "entry.name_length" if len(self.text) >= NAME_MAX else None
