"""The end of a tarot deal: the cards each camp ends with (the Excuse's fate), the
deal's outcome (points, bouts, poignées, petit au bout, chelem) and its result, scored
by ``tarot_scoring`` (a part of ``tarot.TarotDeal``)."""

from __future__ import annotations

from typing import Self

from game.engine.actions import DealScored
from game.engine.protocol import DealResult, Event
from game.engine.tarot_actions import PartnerRevealed
from game.engine.tarot_cards import (
    EXCUSE,
    THE_PETIT,
    TarotCard,
    count_bouts,
    half_points,
)
from game.engine.tarot_scoring import (
    Camp,
    DealOutcome,
    ExcuseFate,
    PoigneeKind,
    TarotFacts,
    deal_marks,
    poignee_kind,
    score_deal,
    score_lines,
)
from game.engine.tarot_state import Step, TarotState
from game.engine.tarot_tricks import excuse_ends_with_attack

LAST_TRICK_FATES = (ExcuseFate.CHANGED_CAMP, ExcuseFate.LAST_TRICK, ExcuseFate.CHELEM)


class TarotOutcome(TarotState):
    """The deal's end: scored once the last trick is won."""

    def _finish(self, events: list[Event]) -> tuple[Self, list[Event]]:
        if not self.partner_revealed:
            events.append(PartnerRevealed(self.partner))
        outcome = self.deal_outcome()
        assert self.taker is not None
        score = score_deal(outcome, self.rules)
        partner = None if outcome.alone else self.partner
        result = DealResult(
            sides=tuple(f"player_{s}" for s in range(self.players)),
            scores=deal_marks(score, outcome, self.taker, partner),
            lines=score_lines(score, outcome, self.taker, partner, self.rules),
            summary="won" if score.won else "lost",
            facts=TarotFacts.of(outcome, score, self.taker, partner),
        )
        events.append(DealScored(result))
        state = self.evolve(step=Step.OVER, turn=None, outcome=result, partner_revealed=True)
        return state, events

    def camp_cards(self) -> tuple[list[TarotCard], list[TarotCard]]:
        """The cards each camp ends with (attack, defence), the Excuse exchange made:
        the exchanged half-point card is not a real card, see ``attack_half_points``."""
        attack: list[TarotCard] = []
        defence: list[TarotCard] = []
        contract = self.contract
        assert contract is not None
        set_aside = self.ecart if contract.chien_shown else self.chien
        (attack if contract.chien_to_attack else defence).extend(set_aside)
        for trick in self.tricks:
            winner_attack = self.in_attack(trick.winner)
            for seat, c in trick.plays:
                to_attack = self._excuse_to_attack(seat, winner_attack) if c is EXCUSE \
                    else winner_attack
                (attack if to_attack else defence).append(c)
        return attack, defence

    def _excuse_to_attack(self, owner: int, winner_attack: bool) -> bool:
        """Whether the Excuse played by ``owner`` in a trick the attack won (or not,
        ``winner_attack``) ends with the attack; still owed at the end, its camp never
        won a trick: it stays in the trick."""
        status = self.excuse
        assert status is not None
        if status.fate is ExcuseFate.OWED:
            return winner_attack
        return excuse_ends_with_attack(status.fate, self.in_attack(owner), winner_attack)

    def _excuse_is_kept(self) -> bool:
        status = self.excuse
        return status is not None and status.fate in (
            ExcuseFate.SAME_CAMP, ExcuseFate.EXCHANGED, ExcuseFate.OWED
        ) and self._camp_has_trick(status.seat, before=len(self.tricks))

    def attack_half_points(self) -> int:
        attack, _ = self.camp_cards()
        points = half_points(attack)
        status = self.excuse
        if status is not None and self._excuse_is_kept() and status.fate is not \
                ExcuseFate.SAME_CAMP:
            points += -1 if self.in_attack(status.seat) else 1
        return points

    def deal_outcome(self) -> DealOutcome:
        contract, taker = self.contract, self.taker
        assert contract is not None and taker is not None
        attack, _ = self.camp_cards()
        camp_of = {True: Camp.ATTACK, False: Camp.DEFENCE}
        chelem = None
        for camp in (True, False):
            if all(self.in_attack(t.winner) == camp for t in self.tricks):
                chelem = camp_of[camp]
        return DealOutcome(
            players=self.players, contract=contract, points=self.attack_half_points(),
            bouts=count_bouts(attack),
            poignees=tuple((self._poignee_kind(cards), camp_of[self.in_attack(s)])
                           for s, cards in self.poignees),
            petit_au_bout=self._petit_au_bout(camp_of),
            chelem_announced=self.chelem_announcer is not None, chelem=chelem,
            alone=self.players == 5 and self.partner is None, miseres=self.miseres,
            excuse_last_trick=self._excuse_last_trick(EXCUSE in attack),
        )

    def _excuse_last_trick(self, to_attack: bool) -> tuple[ExcuseFate, Camp] | None:
        """An Excuse played in the last trick: its fate and the camp it ended with."""
        status = self.excuse
        if status is None or status.fate not in LAST_TRICK_FATES:
            return None
        return status.fate, Camp.ATTACK if to_attack else Camp.DEFENCE

    def _poignee_kind(self, cards: tuple[TarotCard, ...]) -> PoigneeKind:
        kind = poignee_kind(self.players, len(cards), self.rules.poignee_sizes)
        assert kind is not None
        return kind

    def _petit_au_bout(self, camp_of: dict[bool, Camp]) -> Camp | None:
        tricks = self.tricks
        bout = tricks[-1]
        if self.excuse is not None and self.excuse.fate is ExcuseFate.CHELEM:
            bout = tricks[-2]
        if THE_PETIT not in bout.cards:
            return None
        return camp_of[self.in_attack(bout.winner)]
