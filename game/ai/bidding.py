"""Bidding of the Confirmé level: belote classique (take, name a suit, the 7 of trump)
and coinche (opening, raising, capot, coinche and surcoinche)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from game.ai.decision import Decision
from game.ai.evaluate import defence_value, hand_value, suit_trump_value
from game.ai.seat import CallSeat
from game.ai.two_players import DECOUVERTE_TAKE_THRESHOLD, alone_points, takers_best
from game.engine.actions import (
    CAPOT_BID,
    Bid,
    ChooseMode,
    Coinche,
    ExchangeSeven,
    Pass,
    Surcoinche,
    Take,
)
from game.engine.cards import Card, Rank, Suit, TrumpMode, card
from game.engine.protocol import Action, Phase
from game.engine.rules import TrickGameRules
from game.engine.trick_view import TrickView

# Belote classique: the hand value (with the retourne when it comes to the taker) needed
# to take, by number of players.  Each for himself, the taker only has to beat the best
# single opponent, so less is needed.
TAKE_THRESHOLD = {4: 48, 3: 44, 2: 46}

# Coinche: what partner is assumed to bring, by what he said so far.
PARTNER_UNKNOWN = 35
PARTNER_PASSED = 20
PARTNER_OTHER_SUIT = 20
OPPONENTS_BID_PENALTY = 5
SWITCH_MARGIN = 20  # leave partner's trump for our own only when clearly better
CAPOT_ESTIMATE = 240
COINCHE_MARGIN = 50  # tuned in the arena: a failed coinche costs more than a missed one
SURCOINCHE_MARGIN = 20
PARTNER_DEFENCE = 10
CAPOT_STOPPER = 25  # one sure trick in defence beats a capot


def suit_args(suit: Suit) -> tuple[tuple[str, str], ...]:
    return (("suit", suit.symbol),)


# --- belote classique ------------------------------------------------------------------------


def belote_bidding(view: TrickView) -> Decision:
    """Take (or name a trump in round 2) with the best-valued trump when it reaches the
    threshold; sans-atout and tout-atout, when the table plays them, are valued as
    coinche values them (``evaluate.hand_value``) on the same scale as a suit."""
    if view.phase is Phase.EXCHANGE:
        return Decision(ExchangeSeven(), "hint.exchange_seven")
    options = [(_take_value(view, action), action) for action in view.legal
               if not isinstance(action, Pass)]
    if options:
        value, action = max(options, key=lambda option: option[0])
        decouverte = view.rules is not None and view.rules.decouverte
        if value >= (DECOUVERTE_TAKE_THRESHOLD if decouverte else TAKE_THRESHOLD[view.players]):
            return _take_decision(view, action)
    return Decision(Pass(), "hint.pass_weak")


def _take_value(view: TrickView, action: Action) -> float:
    if isinstance(action, ChooseMode):
        return hand_value(_cards_if_taking(view, None), action.mode, None, announcements=False)
    suit = _suit_taken(view, action)
    return suit_trump_value(_cards_if_taking(view, suit), suit)


def _suit_taken(view: TrickView, action: Action) -> Suit:
    retourne = view.retourne
    assert retourne is not None, "belote is bid on the retourne"
    return retourne.suit if isinstance(action, Take) else action.suit  # type: ignore[attr-defined]


def _take_decision(view: TrickView, action: Action) -> Decision:
    if isinstance(action, ChooseMode):
        return Decision(action, "hint.choose_mode", (("trump", action.mode.value),))
    suit = _suit_taken(view, action)
    reason = "hint.take_strong" if isinstance(action, Take) else "hint.choose_suit"
    return Decision(action, reason, suit_args(suit))


def _cards_if_taking(view: TrickView, suit: Suit | None) -> list[Card]:
    """The known cards the taker would hold: the retourne comes to him at four, and at
    two or three in exchange for the 7 of trump in the first round (the découverte's is
    the dealer's card: the face-up cards only)."""
    hand: list[Card] = list(view.hand)
    retourne = view.retourne
    assert retourne is not None, "belote's bidding has a retourne"
    if view.rules is not None and view.rules.decouverte:
        return hand
    gets_retourne = view.players == 4 or (
        suit == retourne.suit and card(retourne.suit, Rank.SEVEN) in hand
    )
    if gets_retourne:
        hand.append(retourne)
    return hand


# --- coinche ----------------------------------------------------------------------------------


def last_bid(bids: Sequence[tuple[int, Action]]) -> tuple[int, Bid] | None:
    for seat, action in reversed(bids):
        if isinstance(action, Bid):
            return seat, action
    return None


def coinche_bidding(view: TrickView) -> Decision:
    current = last_bid(view.bids)
    legal = view.legal
    if current is not None:
        contract = current[1]
        if Surcoinche() in legal and _should_surcoinche(view, contract):
            return Decision(Surcoinche(), "hint.surcoinche")
        if Coinche() in legal and _should_coinche(view, contract):
            return Decision(Coinche(), "hint.coinche_failing", (("value", str(contract.value)),))
    choice = _best_bid(view, current)
    if choice is not None:
        return choice
    return Decision(Pass(), "hint.pass_weak")


def team_estimate(view: CallSeat, mode: TrumpMode, suit: Suit | None,
                  rules: TrickGameRules | None = None) -> float:
    """Points our side should make with this trump: my hand plus what partner showed
    (at two players, ``rules`` given: my hand alone, ``two_players``)."""
    return estimate_from(view, mode, suit, rules)(hand_value(view.hand, mode, suit))


def estimate_from(view: CallSeat, mode: TrumpMode, suit: Suit | None,
                  rules: TrickGameRules | None = None) -> Callable[[float], float]:
    """``team_estimate`` from my hand's value with this trump (``evaluate.hand_value``):
    what the calls say of the others is the same for any hand (``view.hand`` unread)."""
    if rules is not None and rules.players == 2:
        return functools.partial(alone_points, rules)
    seat: int = view.seat
    partner = (seat + 2) % 4
    partner_bids = [(i, a) for i, (s, a) in enumerate(view.bids)
                    if s == partner and isinstance(a, Bid)]
    if partner_bids:
        index, top = partner_bids[-1]
        same = top.mode is mode and top.suit == suit
        partner_part = top.value - _credited_to_me(view, index) if same else PARTNER_OTHER_SUIT
    elif any(s == partner for s, _ in view.bids):
        partner_part = PARTNER_PASSED
    else:
        partner_part = PARTNER_UNKNOWN
    opponents_bid = any(isinstance(a, Bid) and s % 2 != seat % 2 for s, a in view.bids)
    penalty = OPPONENTS_BID_PENALTY if opponents_bid else 0
    return lambda mine: mine + partner_part - penalty


def _credited_to_me(view: CallSeat, before: int) -> float:
    """What partner counted for my hand when he bid: my own earlier bid in his trump
    told him my strength, otherwise he assumed an average hand."""
    top = view.bids[before][1]
    assert isinstance(top, Bid)
    mine = [a for s, a in view.bids[:before] if s == view.seat and isinstance(a, Bid)
            and a.mode is top.mode and a.suit == top.suit]
    return mine[-1].value - PARTNER_UNKNOWN if mine else PARTNER_UNKNOWN


def _best_bid(view: TrickView, current: tuple[int, Bid] | None) -> Decision | None:
    legal_bids = [a for a in view.legal if isinstance(a, Bid)]
    if not legal_bids:
        return None
    trumps = {(b.mode, b.suit) for b in legal_bids}
    estimates = {t: team_estimate(view, *t, view.rules) for t in trumps}
    partner_holds = current is not None and current[0] % 2 == view.seat % 2
    if partner_holds and current is not None:
        held = (current[1].mode, current[1].suit)
        floor = estimates.get(held, 0.0) + SWITCH_MARGIN
        estimates = {t: e for t, e in estimates.items() if t == held or e >= floor}
    (mode, suit), estimate = max(estimates.items(), key=lambda item: item[1])
    value = CAPOT_BID if estimate >= CAPOT_ESTIMATE else int(estimate) // 10 * 10
    candidates = [b for b in legal_bids
                  if b.mode is mode and b.suit == suit and b.value <= value]
    if not candidates:
        return None
    chosen = max(candidates, key=lambda b: b.value)
    args = (("value", "capot" if chosen.is_capot else str(chosen.value)),
            ("trump", suit.symbol if suit is not None else mode.value))
    if chosen.is_capot:
        return Decision(chosen, "hint.bid_capot", args)
    raising = partner_holds and current is not None and current[1].suit == suit
    return Decision(chosen, "hint.raise_partner" if raising else "hint.bid_strength", args)


def _should_coinche(view: TrickView, contract: Bid) -> bool:
    mine = defence_value(view.hand, contract.mode, contract.suit)
    if contract.is_capot:
        return mine >= CAPOT_STOPPER
    if view.rules is not None and view.players == 2:
        best = takers_best(view.hand, view.rules, contract)
    else:
        best = 162 - (mine + PARTNER_DEFENCE)
    return best < contract.value - COINCHE_MARGIN


def _should_surcoinche(view: TrickView, contract: Bid) -> bool:
    if contract.is_capot:
        return False
    estimate = team_estimate(view, contract.mode, contract.suit, view.rules)
    return estimate >= contract.value + SURCOINCHE_MARGIN
