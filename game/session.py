"""The player's session: between the match being played and ``game.storage``.

The match is saved after every action by a background thread, so a save (an fsync, about
12 ms) never stalls a frame; while a save is being written, newer ones wait and only the
newest is written next.  Statistics are counted once per deal and once per match.

Usage from the app (no pygame here)::

    session = Session(storage)
    saved = session.continue_match()           # "Continue": None when there is nothing
    # ... or a new match:
    session.new_match(match, human_seat=0, levels=("", "confirme", "debutant", "expert"))
    session.on_action(match)                   # after EVERY action applied (AI or human)
    session.on_undo(earlier)                   # an undo went back to ``earlier``
    session.abandon()                          # the player quits the match for good
    for key, args in session.take_problems():  # show each once (storage messages)
        show_message(tr(key, **args))
    session.close()                            # at quit: waits for the last save

The session follows the match, it does not hold it: ``game.match_in_play.MatchInPlay``
owns the match in progress and tells the session of each change (it is its recorder).
``on_action`` also counts a deal in the statistics when it ends and the match when it is
over (then the save is removed); ``on_deal_scored`` and ``on_match_over`` do the same on
their own and may be called again without counting twice.

Each scored deal's par (``game/par.py``: the Expert replays it in the player's seat) is
computed in the background, in a process of its own; ``session.par(match, index)`` says
where it stands.
Once ready it is written with the match's save, then counted in the statistics; the
pars of a continued match come back from its save, and those it lacks are computed.

Crash safety: a deal or a match is counted only after a save that contains its end is on
disk, and a deal already in the saved match's history is never counted again, so a kill
at any moment may lose one count but never counts twice.  What was queued is written
however the program ends short of a kill: ``App.run`` closes the session even when a
frame raises, and the interpreter's exit closes a writer nobody closed.
"""

from __future__ import annotations

import atexit
import functools
import logging
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from game.engine.protocol import DealResult
from game.storage import MATCH_FILE, STATS_FILE, Problem, Storage
from game.storage.saves import SavedMatch, SavedPar
from game.storage.stats import layout_of

if TYPE_CHECKING:  # the engine loads with the first match, after the menu's first frame
    from game.engine.match import AnyRules, Match
    from game.par import Par, ParKey, ParStatus, ParWorker

log = logging.getLogger("atout.session")

Job = Callable[[], None]
EXIT_WAIT = 10.0  # seconds the interpreter's exit waits at most for the queued saves


@dataclass
class _Queued:
    job: Job
    replaceable: bool  # a match save: a newer save replaces it while it waits


class BackgroundWriter:
    """One thread running jobs in order.  A replaceable job waiting last in the queue is
    replaced by the next replaceable one, so a burst of saves writes only the newest."""

    def __init__(self, name: str = "atout-autosave") -> None:
        self._changed = threading.Condition()
        self._queue: deque[_Queued] = deque()
        self._running = False
        self._closed = False
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()
        # A program that ends without ``close`` (an error before the app's loop, an
        # exit from elsewhere) still writes what was queued: the thread is a daemon
        # (nothing waits for it otherwise), so the interpreter's exit closes it.
        atexit.register(self.close, EXIT_WAIT)

    def submit(self, job: Job, replaceable: bool = False) -> None:
        with self._changed:
            if self._closed:
                raise RuntimeError("the writer is closed")
            if replaceable and self._queue and self._queue[-1].replaceable:
                self._queue[-1] = _Queued(job, True)
            else:
                self._queue.append(_Queued(job, replaceable))
            self._changed.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every submitted job has run; False on timeout."""
        with self._changed:
            return self._changed.wait_for(self._idle, timeout)

    def close(self, timeout: float | None = None) -> bool:
        """Run what is queued, then stop the thread; False when it did not finish in time."""
        atexit.unregister(self.close)
        flushed = self.flush(timeout)
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        self._thread.join(timeout)
        return flushed

    def _idle(self) -> bool:
        return not self._queue and not self._running

    def _loop(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._queue) or self._closed)
                if not self._queue:
                    return
                queued = self._queue.popleft()
                self._running = True
            try:
                queued.job()  # the session's jobs catch their own (Session._guarded)
            except Exception:  # any other job's error: said, and the next job runs
                log.exception("a background job failed")
            finally:
                with self._changed:
                    self._running = False
                    self._changed.notify_all()


@dataclass(frozen=True)
class _Tracked:
    """The match followed, by what identifies it (its rules and seeds), and its seats."""

    rules: AnyRules
    seed: int
    first_deal: int | None
    human_seat: int
    levels: tuple[str, ...]

    @classmethod
    def of(cls, match: Match, human_seat: int, levels: tuple[str, ...]) -> _Tracked:
        return cls(match.rules, match.seed, match.first_deal, human_seat, levels)

    def same_match(self, match: Match) -> bool:
        return (match.rules, match.seed, match.first_deal) == (
            self.rules, self.seed, self.first_deal)


class Session:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.undo_used = False
        # The number of actions of the last match save written to disk (-1: none yet).
        self.saved_actions = -1
        self._tracked: _Tracked | None = None
        self._deals_recorded = 0
        self._match_recorded = False
        self._lock = threading.Lock()  # storage is shared by the writer and the caller
        self._writer = BackgroundWriter()
        self._pars: ParWorker | None = None  # started with the first deal scored
        self._latest: Match | None = None  # the followed match as last given

    # --- starting --------------------------------------------------------------------------

    def new_match(
        self, match: Match, human_seat: int, levels: Sequence[str | Enum | None]
    ) -> None:
        """Follow a new match (it replaces any saved one).  ``levels``: one per seat, the
        player's own seat "" or None; a ``game.ai.Level`` is accepted."""
        plain = tuple("" if level is None else _level_name(level) for level in levels)
        if len(plain) != match.players or not 0 <= human_seat < match.players:
            raise ValueError("one level per seat, and the player's seat among them")
        self._follow(_Tracked.of(match, human_seat, plain), False, len(match.history))
        self.on_action(match)

    def continue_match(self) -> SavedMatch | None:
        """The saved match to continue, now followed; None when there is none (a damaged
        save is put aside with a problem, see ``take_problems``)."""
        self.flush()
        with self._lock:
            saved = self.storage.load_match()
        if saved is None:
            return None
        if saved.match.is_over:  # killed between its end and the save's removal
            self._submit(MATCH_FILE, self.storage.clear_match)
            return None
        self._follow(_Tracked.of(saved.match, saved.human_seat, saved.levels),
                     saved.undo_used, len(saved.match.history))
        self.saved_actions = len(saved.match.actions)
        self._latest = saved.match
        self._resume_pars(saved)
        return saved

    def _follow(self, tracked: _Tracked, undo_used: bool, deals_counted: int) -> None:
        self._tracked = tracked
        self.undo_used = undo_used
        self._deals_recorded = deals_counted
        self._match_recorded = False
        self.saved_actions = -1
        self._latest = None  # until the match is given (``on_action``, ``continue_match``)
        if self._pars is not None:
            self._pars.forget()

    # --- during play -------------------------------------------------------------------------

    def on_action(self, match: Match) -> None:
        """Save ``match`` in the background, and count what it just finished."""
        self._require(match)
        if match.is_over and self._match_recorded:
            return  # counted and its save removed already
        self._latest = match
        self._save(match)
        self.on_deal_scored(match)
        self.on_match_over(match)

    def on_deal_scored(self, match: Match) -> int:
        """Count the deals of ``match``'s history not counted yet; how many were.  A deal
        scored again after an undo took it back is not counted again."""
        tracked = self._require(match)
        new_deals = match.history[self._deals_recorded:]
        for index, record in enumerate(new_deals, start=self._deals_recorded):
            self._submit(STATS_FILE, functools.partial(
                record_deal, self.storage, match, tracked.human_seat, record.result))
            self._par_worker().ask((index, record.seed), match, tracked.human_seat,
                                   tracked.levels)
        self._deals_recorded = max(self._deals_recorded, len(match.history))
        return len(new_deals)

    def on_match_over(self, match: Match) -> bool:
        """Count a finished match once and remove its save; True when counted now."""
        tracked = self._require(match)
        if not match.is_over or self._match_recorded:
            return False
        self._match_recorded = True
        undo_used = self.undo_used
        self._submit(STATS_FILE, lambda: record_match(self.storage, match, tracked.human_seat,
                                                      undo_used))
        self._submit(MATCH_FILE, self.storage.clear_match)
        return True

    # --- the par of each deal ----------------------------------------------------------------

    def par(self, match: Match, index: int) -> Par | ParStatus | None:
        """Scored deal ``index`` of ``match``: the player's margin beside the Expert's
        in his seat, or ``ParStatus.COMPUTING`` / ``FAILED``; None when there is no par
        (not the followed match, or never asked)."""
        tracked = self._tracked
        if self._pars is None or tracked is None or not tracked.same_match(match):
            return None
        from game.par import Par, ParStatus
        from game.par_replay import player_margin

        expert = self._pars.expert((index, match.history[index].seed))
        if expert is None or isinstance(expert, ParStatus):
            return expert
        return Par(player_margin(match, index, tracked.human_seat), expert)

    def wait_for_pars(self, timeout: float | None = None) -> bool:
        """Wait until every par asked is computed (tests, the benchmark)."""
        return self._pars is None or self._pars.wait_idle(timeout)

    def _par_worker(self) -> ParWorker:
        if self._pars is None:
            from game.par import ParWorker  # the AI with it: after the first deal

            self._pars = ParWorker(self._par_ready)
        return self._pars

    def _resume_pars(self, saved: SavedMatch) -> None:
        """The continued match's pars from its save; those it lacks are computed."""
        pars = self._par_worker()
        for par in saved.pars:
            pars.known((par.deal, par.number), par.expert)
        for index, record in enumerate(saved.match.history):
            pars.ask((index, record.seed), saved.match, saved.human_seat, saved.levels)

    def _par_ready(self, key: ParKey, expert: float) -> None:
        """A par is computed (in the par's thread): saved with the match, then counted."""
        from game.par_replay import player_margin

        tracked, match = self._tracked, self._latest
        index, number = key
        if tracked is None or match is None or not tracked.same_match(match):
            return
        if index >= len(match.history) or match.history[index].seed != number:
            return
        if not self._match_recorded:
            self._save(match)
        difference = player_margin(match, index, tracked.human_seat) - expert
        rules = match.rules
        self._submit(STATS_FILE, lambda: self.storage.record_par(
            rules.game, rules.players, difference, layout_of(rules)))

    def _save(self, match: Match) -> None:
        tracked = self._require(match)
        pars = self._pars.ready() if self._pars is not None else {}
        saved = SavedMatch(match, tracked.human_seat, tracked.levels, self.undo_used,
                           tuple(SavedPar(index, number, expert)
                                 for (index, number), expert in sorted(pars.items())))
        self._submit(MATCH_FILE, lambda: self._write_save(saved), replaceable=True)

    @property
    def undo_allowed(self) -> bool:
        return self.storage.settings.undo_allowed

    def on_undo(self, match: Match) -> None:
        """An undo went back to ``match``: it is saved, marked as helped by undo, and the
        undo is counted."""
        self._require(match)
        self.undo_used = True
        rules = match.rules
        self._submit(STATS_FILE, lambda: self.storage.record_undo(
            rules.game, rules.players, layout_of(rules)))
        self.on_action(match)

    def on_deal_analysed(self, rules: AnyRules, points_lost: float) -> None:
        """The review analysed a deal of a match played by ``rules`` (any thread): its
        total goes to the statistics."""
        self._submit(STATS_FILE, lambda: self.storage.record_analysis(
            rules.game, rules.players, points_lost, layout_of(rules)))

    @property
    def in_progress(self) -> bool:
        """A match is followed and not over: starting another would abandon it."""
        return self._tracked is not None and not self._match_recorded

    def abandon(self) -> None:
        """The player gives the match up (the one followed, or else the one saved by an
        earlier session): its save is removed and, when it was not over, it is counted
        as abandoned."""
        if self._tracked is not None:
            rules = self._tracked.rules if self.in_progress else None
        else:
            saved = self.continue_match()  # reads the save; None when there is none
            rules = saved.match.rules if saved is not None else None
        if rules is not None:
            given_up = rules
            self._submit(STATS_FILE, lambda: self.storage.record_abandoned(
                given_up.game, given_up.players, layout_of(given_up)))
        if self._tracked is not None:
            self._tracked = None
            self._submit(MATCH_FILE, self.storage.clear_match)
        if self._pars is not None:
            self._pars.forget()

    # --- messages and shutting down --------------------------------------------------------

    def take_problems(self) -> list[Problem]:
        """The storage's messages not shown yet (i18n keys, ``docs/storage.md``)."""
        with self._lock:
            return self.storage.take_problems()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every save and count asked for is written (or failed)."""
        return self._writer.flush(timeout)

    def close(self, timeout: float | None = 10.0) -> bool:
        """Finish writing and stop the writer thread (at quit); a par being computed is
        given up (it is computed again when the match is continued)."""
        if self._pars is not None:
            self._pars.close()
        return self._writer.close(timeout)

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --- the writer's jobs -------------------------------------------------------------------

    def _require(self, match: Match) -> _Tracked:
        if self._tracked is None:
            raise RuntimeError("no match followed: call new_match or continue_match first")
        if not self._tracked.same_match(match):
            raise ValueError("another match than the one followed: call new_match first")
        return self._tracked

    def _submit(self, file: str, work: Callable[[], object], replaceable: bool = False) -> None:
        self._writer.submit(lambda: self._guarded(file, work), replaceable)

    def _guarded(self, file: str, work: Callable[[], object]) -> None:
        """Run ``work`` with the storage; storage reports its own OSErrors, anything else
        (a bug) is logged and reported so that saving and play go on."""
        try:
            with self._lock:
                work()
        except Exception as error:
            log.exception("saving %s failed", file)
            with self._lock:
                self.storage.problems.append(Problem(
                    "storage.write_failed", {"file": file, "error": type(error).__name__}))

    def _write_save(self, saved: SavedMatch) -> None:
        if self.storage.save_match(saved):
            self.saved_actions = len(saved.match.actions)



def record_deal(storage: Storage, match: Match, seat: int, result: DealResult) -> None:
    storage.record_deal(match.rules.game, match.players, result, seat, layout_of(match.rules))


def record_match(storage: Storage, match: Match, seat: int, undo_used: bool) -> None:
    storage.record_match(match.rules.game, match.players, match.totals, match.winner, seat,
                         undo_used, layout_of(match.rules))


def _level_name(level: str | Enum) -> str:
    return str(level.value) if isinstance(level, Enum) else level
