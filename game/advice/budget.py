"""The race's budget: the work a card verdict may do, counted in rollout cards (never in
seconds, so the same position gets the same verdict on every machine of its kind), and
how close two cards must be shown to be before the hint calls them as good as each
other.

The budget depends on whether the compiled core plays the rollouts (``game.core.kernels``:
``trick32()`` at the 32-card games, ``tarot()`` at tarot).  With it a rollout card
costs about a microsecond, so the verdict weighs many more likely deals in the table's
thinking time (0.3 s): tarot's opening leads rest on 300 draws at least, each weighed by
the auction.  Without it the Python rollouts (25-40 µs a card) get the budget that
answers within that time (and tarot's worlds are the Expert's, one draw in twelve kept
by the auction).
The verdict names the budget it ran (``Verdict.budget``): its answer is reproducible on
any machine that runs the same one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from game.core import kernels

MIN_WORLDS = 4  # a batch has this many worlds at least
# A card is as good as the best only when the paired test bounds their difference within
# this many points (tarot: marks: the same yardstick halved, as a mark weighs more).
EQUAL_WITHIN = 8.0
TAROT_EQUAL_WITHIN = 4.0
# ...and only over this many shared worlds at least: a few worlds where two cards come
# to the same cannot show a difference that turns up in one world in ten (0.9 ** 20 is
# 12 %).  Tarot's opening leads on the Python budget (5 or 6 worlds) name no equals.
EQUAL_WORLDS = 20


@dataclass(frozen=True)
class Budget:
    """The race's work: ``cards`` the rollouts may play in all (a rollout plays the cards
    left in every hand), a world's draw counting for ``draw`` cards, in batches of
    ``batch`` worlds, ``batches`` at most; the first has ``first`` worlds, and ``least``
    even beyond the budget.  ``within``: the points within which two cards are called as
    good as each other.  The race stops before its budget is spent only once the
    leader's worlds count for ``settled`` likely deals.  ``name`` says which."""

    name: str
    cards: int
    batch: int
    batches: int
    first: int
    least: int
    within: float
    draw: int = 0
    weighed_draws: bool = False  # tarot: every draw kept, weighed by the auction
    settled: int = EQUAL_WORLDS  # the likely deals before the race may stop early

    def world_cost(self, racing: int, plays: int) -> int:
        """The work of one world: its draw, and ``racing`` rollouts of ``plays`` cards."""
        return self.draw + racing * plays

    def scaled(self, factor: int) -> Budget:
        """``factor`` times the work (a reference for the benchmarks)."""
        return replace(self, name=f"{self.name}x{factor}", cards=self.cards * factor,
                       batches=self.batches * factor)


# Without the compiled core: about the table's thinking time of Python rollouts.
TRICK_PYTHON = Budget("python", cards=11_000, batch=24, batches=6, first=24,
                      least=MIN_WORLDS, within=EQUAL_WITHIN)
TAROT_PYTHON = Budget("python", cards=6_500, batch=10, batches=6, first=10,
                      least=MIN_WORLDS, within=TAROT_EQUAL_WITHIN)
# With it: about ten times the cards at the 32-card games (a rollout card ≤ 1 µs).  At
# tarot a compiled rollout card costs about 0.15 µs, and a draw (a placement of the
# hidden cards and its fit to the auction, ``tarot_auction_reading``) about 0.1-0.15 ms,
# as much as 1,000 rollout cards.  The Expert keeps one draw in twelve (in proportion to
# its fit); the verdict keeps every one, weighed by its fit (``weighed_draws``): 500 to
# 1,000 worlds in about 0.25 s of CPU where it drew 140 to 160, the first batch 300
# worlds whatever it costs.  Where the auction says much, a few hundred draws weigh as
# a few dozen likely deals: the race goes on until they count for 100 (its opening
# leads' floor), or its budget is spent.
TRICK_CORE = Budget("core", cards=120_000, batch=48, batches=8, first=48,
                    least=MIN_WORLDS, within=EQUAL_WITHIN)
TAROT_CORE = Budget("core", cards=1_000_000, batch=100, batches=8, first=300, least=300,
                    within=TAROT_EQUAL_WITHIN, draw=1_000, weighed_draws=True, settled=100)

BudgetOf = Callable[[bool], Budget]  # a card verdict's budget, at tarot or not


def table_budget(tarot: bool) -> Budget:
    """The budget of the hint and the review: the core's when its rollouts are
    compiled, else the Python one."""
    if tarot:
        return TAROT_PYTHON if kernels.tarot() is None else TAROT_CORE
    return TRICK_PYTHON if kernels.trick32() is None else TRICK_CORE
