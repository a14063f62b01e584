"""The catalogues: the same keys in French and English, the same placeholders, and every
literal key the game's code asks for exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from game import i18n
from game.engine.announcements import Announcement, announcement_top
from game.i18n import Texts, catalogue, system_language

GAME = Path(i18n.__file__).resolve().parent
LITERAL_KEY = re.compile(
    r"""\b(?:tr|_text|_label|has_key|translated)\(\s*(?:(?:self\.)?texts,\s*)?["']([a-z0-9_.-]+)["']""")
SAY_KEY = re.compile(r"""\(\s*["']((?:say|bid|illegal|trump|suit|outcome|score)\.[a-z0-9_]+)["']""")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in GAME.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        keys.update(LITERAL_KEY.findall(source))
        keys.update(SAY_KEY.findall(source))
    return keys


def test_both_catalogues_have_the_same_keys() -> None:
    assert set(catalogue("fr")) == set(catalogue("en"))


def test_placeholders_match_between_languages() -> None:
    french, english = catalogue("fr"), catalogue("en")
    different = {k for k in french if placeholders(french[k]) != placeholders(english[k])}
    assert not different


def test_every_literal_key_used_in_the_game_exists() -> None:
    keys = used_keys()
    assert len(keys) > 50  # the scan finds the calls
    missing = sorted(k for k in keys if k not in catalogue("en"))
    assert not missing


def test_tr_formats_in_its_language_and_a_missing_key_shows_itself() -> None:
    french, english = Texts("fr"), Texts("en")
    assert french.tr("illegal.follow_suit", suit=french.tr("suit.H")) \
        == "Vous devez fournir à cœur"
    assert english.tr("illegal.follow_suit", suit=english.tr("suit.H")) \
        == "You must follow suit (hearts)"
    assert english.tr("no.such.key") == "no.such.key"
    assert not english.has_key("no.such.key") and english.has_key("suit.H")


def test_two_texts_in_one_process_each_keep_their_language() -> None:
    """No language of the process: one app's words never change another's."""
    french, english = Texts("fr"), Texts("en")
    english.language = "fr"
    english.language = "en"  # switched there and back: the other one never moved
    assert (french.tr("suit.S"), english.tr("suit.S")) == ("pique", "spades")
    assert (french.tr_n("table.tricks", 0), english.tr_n("table.tricks", 0)) \
        == ("0 pli", "0 tricks")


def test_plurals_follow_each_language() -> None:
    french, english = Texts("fr"), Texts("en")
    assert [french.plural_form(n) for n in (0, 1, 2)] == ["one", "one", "other"]
    assert [english.plural_form(n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert english.tr_n("table.tricks", 1) == "1 trick"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'de'"):
        Texts("de")
    texts = Texts("en")
    with pytest.raises(ValueError):
        texts.language = "de"
    assert texts.language == "en"  # the refused switch left it as it was


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr_FR.UTF-8", "fr"), ("fr_CA", "fr"), ("en_US.UTF-8", "en"), ("de_DE", "en"),
])
def test_system_language(monkeypatch: pytest.MonkeyPatch, lang: str, expected: str) -> None:
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", lang)
    assert system_language() == expected


def dynamic_keys() -> set[str]:
    """Keys built at run time (f-strings): every value they can take."""
    import dataclasses
    from enum import Enum

    from game.ai import Level
    from game.engine.announcements import Kind
    from game.engine.cards import Suit
    from game.engine.games import GAMES
    from game.engine.tarot_scoring import Contract
    from game.storage.settings import SPEEDS
    from game.ui.kit.layout import SPOTS
    from game.ui.scenes.settings import THINK_NAMES
    from game.ui.scenes.setup import GROUPS, LAST, PRESETS_TAB, option_names, preset_help_key
    from game.ui.scenes.setup import preset_names as presets_of
    from game.ui.table.glossary import TERMS
    from game.ui.table.model import contract_key

    keys = {f"seat.{compass}" for compass in SPOTS}
    keys |= {f"suit.{suit.letter}" for suit in Suit}
    keys |= {f"level.{level.value}" for level in Level}
    keys |= {f"kind.{kind.value}" for kind in Kind}
    keys |= {f"announce_top.{announcement_top(a)}" for a in every_announcement_kind()}
    keys |= {contract_key(contract) for contract in Contract}
    keys |= {f"tarot.rank.{letter}" for letter in "123456789TVCDR"}
    keys |= {f"speed.{name}" for name in SPEEDS}
    keys |= {f"think.{name}" for name in THINK_NAMES.values()}
    keys |= {f"language.{lang}" for lang in ("auto", "fr", "en")}
    keys |= {f"{kind}.{term}" for term in TERMS for kind in ("term", "glossary")}
    keys |= set(GROUPS) | {PRESETS_TAB}
    for game, info in GAMES.items():
        rules = info.rules
        keys.add(f"game.{game}")
        for name in [*presets_of(game), LAST]:
            keys |= {f"preset.{name}", preset_help_key(game, name)}
        for name in option_names(rules):
            keys |= {f"opt.{name}", f"opt.{name}.help"}
        for field in dataclasses.fields(rules):
            default = getattr(rules(), field.name)
            if isinstance(default, Enum):
                keys |= {f"val.{member.value}" for member in type(default)}
    return keys


def every_announcement_kind() -> list[Announcement]:
    """A tierce to every top card a sequence can have, and every carré that scores."""
    from game.engine.announcements import CARRE_VALUES, Kind
    from game.engine.cards import Card, Rank, Suit

    tierces = [Announcement(Kind.TIERCE, tuple(Card(Suit.HEARTS, Rank(r))
                                               for r in range(top - 2, top + 1)), 20)
               for top in range(Rank.NINE, Rank.ACE + 1)]
    carres = [Announcement(Kind.CARRE, tuple(Card(suit, rank) for suit in Suit), value)
              for rank, value in CARRE_VALUES.items()]
    return tierces + carres


def test_the_french_clicks_on_things() -> None:
    """"Cliquez sur une carte", never "cliquez une carte"."""
    wrong = [(key, text) for key, text in catalogue("fr").items()
             if re.search(r"[Cc]liquez (?!sur |pour )", text)]
    assert not wrong


def test_every_key_built_at_run_time_exists() -> None:
    missing = sorted(k for k in dynamic_keys() if k not in catalogue("en"))
    assert not missing


def test_every_option_of_the_setup_is_in_a_group() -> None:
    from game.engine.games import GAMES
    from game.ui.scenes.setup import GROUPS, option_names

    grouped = {name for names in GROUPS.values() for name in names}
    assert all(set(option_names(game.rules)) <= grouped for game in GAMES.values())


def test_every_computer_reason_can_be_shown() -> None:
    """The reasons game/ai gives (its README lists them) are in both catalogues."""
    readme = (GAME / "ai" / "README.md").read_text(encoding="utf-8")
    reasons = set(re.findall(r"^\| `(hint\.[a-z_]+)`", readme, re.MULTILINE))
    assert len(reasons) > 20
    assert reasons <= set(catalogue("en")) and reasons <= set(catalogue("fr"))


def test_an_option_group_fits_the_setup_panel() -> None:
    from game.engine.games import GAMES
    from game.ui.scenes.setup import GROUPS, option_names

    for game in GAMES.values():
        names = option_names(game.rules)
        assert all(sum(n in names for n in group) <= 6 for group in GROUPS.values())
