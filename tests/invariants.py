"""Invariants every deal keeps, whatever the game: checked by the random-game and fuzz
tests.  ``check_deal_invariants`` and ``check_finished_deal`` take a deal of either card
family and add that family's own checks (cards conserved, points conserved)."""

from __future__ import annotations

from collections import Counter

from game.engine.cards import DECK32, Card
from game.engine.protocol import Phase
from game.engine.tarot import Step, TarotDeal
from game.engine.tarot_cards import DECK78, TOTAL_POINTS, TarotCard, half_points
from game.engine.trickgame import TrickDeal

AnyDeal = TrickDeal | TarotDeal


def cards_in_deal(deal: TrickDeal) -> list[Card]:
    cards = [c for h in deal.hands for c in h] + [c for _, c in deal.trick]
    cards += [c for t in deal.tricks for c in t.cards]
    return cards + unseen_by_all(deal)


def unseen_by_all(deal: TrickDeal) -> list[Card]:
    """The cards no seat may see: the découverte's face-down cards, the contrée à deux's
    twelve aside."""
    face_down = [down for piles in deal.piles for _, down in piles if down is not None]
    return face_down + list(getattr(deal, "undealt", ()))


def tarot_cards_in_deal(deal: TarotDeal) -> list[TarotCard]:
    """Every card of a tarot deal, wherever it lies (hands, trick, tricks, écart, chien)."""
    cards = [c for h in deal.hands for c in h] + [c for _, c in deal.trick]
    cards += [c for t in deal.tricks for c in t.cards] + list(deal.ecart)
    contract = deal.contract
    chien_taken = contract is not None and contract.chien_shown and deal.step not in (
        Step.BID, Step.CALL)
    if not chien_taken:
        cards += deal.chien
    return cards


def check_deal_invariants(deal: AnyDeal) -> None:
    """What holds in every state of every game: a legal action until the end, each
    seat's view shows its own hand and its own legal actions, no card twice."""
    if not deal.is_over:
        assert deal.legal_actions(), "a legal action exists until the end"
    for seat in range(deal.players):
        view = deal.view(seat)
        assert Counter(view.hand) == Counter(deal.hands[seat])
        assert view.legal == (deal.legal_actions() if deal.current_player == seat else ())
        if isinstance(deal, TrickDeal):
            shown = repr(view)  # every card the view holds, wherever it is
            assert not [c for c in unseen_by_all(deal) if repr(c) in shown]
    if isinstance(deal, TarotDeal):
        _check_tarot_state(deal)
    else:
        _check_trick_state(deal)


def _check_trick_state(deal: TrickDeal) -> None:
    cards = cards_in_deal(deal)
    assert len(cards) == len(set(cards))
    every_card_dealt = deal.players == 4 or deal.rules.decouverte or getattr(deal, "undealt", ())
    if every_card_dealt and deal.phase is Phase.PLAY:
        assert sorted(cards) == sorted(DECK32)


def _check_tarot_state(deal: TarotDeal) -> None:
    cards = tarot_cards_in_deal(deal)
    assert len(cards) == 78 and set(cards) == set(DECK78)
    for seat in range(deal.players):
        view = deal.view(seat)
        if seat != deal.taker and not deal.is_over:
            assert view.ecart == ()
        if deal.contract is not None and not deal.contract.chien_shown and not deal.is_over:
            assert view.chien == ()


def check_finished_deal(deal: AnyDeal) -> None:
    """A finished deal: void (no result) or scored, its breakdown ending on its scores."""
    result = deal.result()
    if deal.void:
        assert result is None
        return
    assert result is not None
    assert result.lines[-1].values == result.scores
    if isinstance(deal, TarotDeal):
        _check_finished_tarot(deal)
    else:
        _check_finished_trick_deal(deal)


def _check_finished_trick_deal(deal: TrickDeal) -> None:
    result = deal.result()
    assert result is not None
    card_points = sum(t.points for t in deal.tricks)
    played_out = not any(deal.hands)  # a defender's arrêt ends a deal early
    assert played_out or result.facts.outcome == "arret"
    if (deal.players == 4 or deal.rules.decouverte) and played_out:
        assert card_points == 162
        assert sum(deal.tally().trick_points) in (162, deal.rules.capot_points)
    lines = {line.key: line.values for line in result.lines}
    assert lines["deal_score"] == result.scores
    assert all(score >= 0 for score in result.scores)


def _check_finished_tarot(deal: TarotDeal) -> None:
    result = deal.result()
    assert result is not None
    assert sum(result.scores) == 0
    attack, defence = deal.camp_cards()
    assert sorted(attack + defence) == sorted(DECK78)
    assert half_points(attack) + half_points(defence) == TOTAL_POINTS
    points = deal.attack_half_points()
    assert 0 <= points <= TOTAL_POINTS and abs(points - half_points(attack)) <= 1
