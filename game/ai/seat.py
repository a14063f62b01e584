"""What a seat's decision reads of its view, as protocols: the seat's own view
(``TrickView``, ``TarotView``) and the views a rollout builds for each seat (``SimView``,
``RolloutView``, a past call's ``calls._Past``) all satisfy them, so mypy checks every
function the real decisions and the rollouts share."""

from __future__ import annotations

from typing import Protocol

from game.core.kernels import PlaySeat as PlaySeat  # the core's play-outs read it too
from game.engine.cards import Card
from game.engine.protocol import Action
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_tricks import TarotPlay, TarotTrick
from game.engine.trick_view import Trick
from game.engine.tricks import Play, Trump


class SeenSeat(Protocol):
    """What a seat of a 32-card deal has seen (``memory.build_memory``): its view now,
    or at an earlier moment (``play_inference``)."""

    @property
    def seat(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def trump(self) -> Trump | None: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def trick(self) -> tuple[Play, ...]: ...
    @property
    def retourne(self) -> Card | None: ...
    @property
    def bergere(self) -> Card | None: ...
    @property
    def table_piles(self) -> tuple[tuple[tuple[Card | None, bool], ...], ...]: ...


class CallSeat(Protocol):
    """A seat in a 32-card auction, its hand and the calls so far."""

    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def bids(self) -> tuple[tuple[int, Action], ...]: ...


class TarotPlaySeat(Protocol):
    """A seat at a tarot trick: the Confirmé's card play reads no more."""

    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> tuple[TarotCard, ...]: ...
    @property
    def taker(self) -> int | None: ...
    @property
    def trick(self) -> tuple[TarotPlay, ...]: ...
    @property
    def tricks(self) -> tuple[TarotTrick, ...]: ...
