"""One verdict per position: the hint, the review's analysis and the benchmarks ask the
same evaluation of a position and get the same answer, with its confidence, its numbers
and its reasons.

A position is what a seat knows when it decides: the rules, the deal (its number and the
match's totals when it began), the deal's actions so far and the seat (``Position``).
Its evaluation draws its worlds from generators seeded by the position alone (a hash of
it): never the clock, never a fresh generator, so the hint asked twice, the hint and the
review, the review today and tomorrow, on any machine at any load, say the same.  An
``Advisor`` keeps the evaluations (a memory on the match's host that the hint and the
coach share; pondering may fill it): the review reads what the hint weighed.

At the card play the candidates race on the same worlds (paired), by the Expert's own
rollouts (``play_inference.InferenceSearch`` at the 32-card games,
``tarot_search.TarotWorldSearch`` at tarot), in batches of worlds, each batch from its
own generator seeded by the position and the batch's number.  After each batch the
leader (the best mean of the cards still in the race: they share every world) is
compared with each other card world by world (``paired``): a card significantly worse (a
one-sided paired t-test, at the level that keeps the chance of dropping the true best
within ``1 - LEVEL`` over every card and every batch the budget allows: ``family_level``)
leaves the race and is not rolled out again; the evaluation stops once every card left
is told from the leader (significantly worse, or as good as it: the upper bound of their
difference below ``SAME_POINTS``) and the leader's worlds count for ``EQUAL_WORLDS``
likely deals, after the budget's batches, or when its work is spent
(``Budget``: the cards the rollouts may play in all, a rollout playing the cards left in
every hand, and a world's draw counting for so many cards where it weighs: at tarot with
the compiled core, the draws are most of the work; the compiled core's budget when its
rollouts are built, else the Python one, about the table's default thinking time of CPU
either way).  At tarot with the core every world drawn is kept, weighed by how well it
fits the auction, rather than one in twelve kept in proportion to that fit (the Expert's
way): the draws cost as much as the rollouts there.  Weighed worlds count for the likely
deals their weights are worth (``Sample.likely_deals``).  A batch is cut to
what the budget affords (the first has the budget's ``least`` worlds at least).  The
budget counts rollouts, never seconds: the number of worlds depends on the position and
the budget only, and the verdict names its budget.  A card out of the race keeps its
worlds, and every comparison of two cards is made on the worlds both were rolled out in
(``Sample``).

The verdict suggests the card with the best mean, unless the rule's card (the
Confirmé's) is as good as it.  A card is called as good as the suggested one only when
both are still in the race and the paired test bounds their difference within the
budget's ``within`` points (``Difference.reach``: the mean's size and its one-sided
margin, at the level that makes the claims against every card left hold together at
``LEVEL``), over ``EQUAL_WORLDS`` likely deals at least; the hint says the largest such
bound ("within ±6 points").  A card neither significantly worse nor within the bound is
not named as equal: the race could not tell.

The review asks what the player's choice cost against the verdict's best
(``Evaluation.review``): for a card not as good as the best it looks closer, rolling out
those two cards in more worlds (``CLOSER_BATCHES`` at most, seeded by the position too)
until the loss's standard error is ``CLOSER_ERROR`` or less (the analysis has seconds a
decision; the hint the thinking time): the same verdict, its reasons read from those
worlds too.  A decision is marked
(``Difference.marks``) only when its loss is above the player's threshold *and*
significantly so: the one-sided paired t-test of ``loss - threshold > 0`` over the
worlds at ``LEVEL``.  The best card costs nothing and the cards named as good as it are
not looked at again, so a card the hint suggested is never marked.  Decisions not
weighed world by world (the calls: the bidding searches keep only their means) carry
their values but no mark.

No pygame here.

The parts: ``position`` (the position and its seeded worlds), ``sample`` (the paired
sample and its statistics), ``verdict`` (the answer and its reasons), ``budget`` (the
race's work, by the compiled core), ``race`` (the race and the review's closer look),
``searches`` (the Expert's searches keeping
each rollout's outcome) and ``evaluation`` (the evaluation in steps, the advisor).
"""

from game.advice.budget import MIN_WORLDS, Budget, BudgetOf, table_budget
from game.advice.evaluation import MEMORY, Advisor, Evaluation
from game.advice.position import Position, current_position, deal_start, position_at
from game.advice.race import CLOSER_BATCHES, CLOSER_ERROR, SAME_POINTS, Between, CardPlay
from game.advice.sample import (
    LEVEL,
    Difference,
    Outcome,
    Sample,
    family_level,
    paired,
    t_quantile,
)
from game.advice.verdict import Figures, Say, Verdict

__all__ = [
    "CLOSER_BATCHES", "CLOSER_ERROR", "LEVEL", "MEMORY", "MIN_WORLDS", "SAME_POINTS",
    "Advisor", "Between", "Budget", "BudgetOf", "CardPlay", "Difference", "Evaluation",
    "Figures", "Outcome", "Position", "Sample", "Say", "Verdict", "current_position",
    "deal_start", "family_level", "paired", "position_at", "t_quantile", "table_budget",
]
