/* The double-dummy search of a 32-card play position, the compiled twin of
 * game/dds/solver.py (``Solver``): the same fail-soft alpha-beta driven by MTD(f), the same
 * transposition table (never losing an entry, as the Python dict), the same move ordering,
 * merging of equivalent cards, horizon estimate, node count and budget checks.  It gives
 * the same values and visits the same nodes, so a node cap aborts at the same node.
 *
 * A card is a bit of a 32-bit mask, index = suit * 8 + strength (game/dds/position.py).
 * The Python side (game/dds/compiled.py) hands over a position as plain integers; the
 * search runs without the interpreter lock.
 *
 * Python API:
 *   Search(masks, trick, turn, points, rules, seat, horizon)
 *     masks: each seat's cards; trick: the (seat, index) plays of the trick in progress;
 *     points: the 32 cards' points for this deal's trump; rules: (players, mode,
 *     trump_suit, undertrump_must, overtrump_relaxed, partner_ruff), mode 0 sans-atout,
 *     1 tout-atout, 2 a trump suit, partner_ruff 0 free, 1 no undertrump, 2 must
 *     overtrump; seat: whose side maximises; horizon: trick ends searched (99: all).
 *   .value(node_cap, seconds) -> int      the best value of the position
 *   .values(node_cap, seconds) -> [(index, value)]   each legal card's value
 *   .nodes                                 nodes visited so far (all calls)
 *   node_cap / seconds: None for no limit; past either, Aborted is raised.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

#define DIX_DE_DER 10
#define CHECK_EVERY 1023 /* nodes between two budget checks (solver._CHECK_EVERY) */
#define MAX_PLAYERS 4
#define NO_BOUND 1000    /* the high bound of an unsearched table entry */
#define FIRST_SLOTS (1u << 10)

enum { MODE_NO_TRUMP = 0, MODE_ALL_TRUMP = 1, MODE_SUIT = 2 };
enum { RUFF_FREE = 0, RUFF_NO_UNDERTRUMP = 1, RUFF_MUST_OVERTRUMP = 2 };
enum { RUNNING = 0, OVER_NODE_CAP, OVER_DEADLINE, OUT_OF_MEMORY };

static uint32_t SUIT_MASK[4];
static uint32_t ABOVE[32];             /* the cards of i's suit that beat i */
static uint8_t WEIGHT_ROW[256][256];   /* [live suit][holding]: solver._weight_row */

static double clock_now(void) {
#ifdef _WIN32
    LARGE_INTEGER frequency, counter;
    QueryPerformanceFrequency(&frequency);
    QueryPerformanceCounter(&counter);
    return (double)counter.QuadPart / (double)frequency.QuadPart;
#else
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
#endif
}

/* --- the transposition table: (hands, leader, horizon left) -> bounds and best lead --- */

typedef struct {
    uint32_t masks[MAX_PLAYERS];
    uint8_t used, leader, depth;
    int8_t lead;
    int16_t low, high;
} Entry;

typedef struct {
    Entry *slots;
    size_t capacity; /* a power of two, at most half full */
    size_t count;
} Table;

static size_t slot_of(const Table *table, const uint32_t *masks, int leader, int depth) {
    uint64_t h = ((uint64_t)masks[0] << 32 | masks[1]) * 0x9E3779B97F4A7C15ull;
    h ^= ((uint64_t)masks[2] << 32 | masks[3]) + ((uint64_t)leader << 8 | (uint64_t)depth);
    h *= 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    return (size_t)h & (table->capacity - 1);
}

static int same_key(const Entry *e, const uint32_t *masks, int leader, int depth) {
    return e->leader == leader && e->depth == depth && e->masks[0] == masks[0]
        && e->masks[1] == masks[1] && e->masks[2] == masks[2] && e->masks[3] == masks[3];
}

static Entry *find(const Table *table, const uint32_t *masks, int leader, int depth) {
    size_t i = slot_of(table, masks, leader, depth);
    for (;;) {
        Entry *e = &table->slots[i];
        if (!e->used || same_key(e, masks, leader, depth))
            return e;
        i = (i + 1) & (table->capacity - 1);
    }
}

static int grow(Table *table) {
    Table bigger;
    size_t i;
    bigger.capacity = table->capacity ? table->capacity * 2 : FIRST_SLOTS;
    bigger.count = table->count;
    bigger.slots = (Entry *)calloc(bigger.capacity, sizeof(Entry));
    if (!bigger.slots)
        return 0;
    for (i = 0; i < table->capacity; i++) {
        const Entry *e = &table->slots[i];
        if (e->used)
            *find(&bigger, e->masks, e->leader, e->depth) = *e;
    }
    free(table->slots);
    *table = bigger;
    return 1;
}

/* --- the search ---------------------------------------------------------------------- */

typedef struct {
    int players, mode, trump_suit, undertrump_must, overtrump_relaxed, partner_ruff;
    int points[32];
    int suit_points[4][256];
    int maximiser[MAX_PLAYERS];
    int partner[MAX_PLAYERS];
    int horizon;
    /* the root position */
    uint32_t root_masks[MAX_PLAYERS];
    int trick_seat[MAX_PLAYERS], trick_card[MAX_PLAYERS], trick_length, turn;
    /* the search's state */
    uint32_t masks[MAX_PLAYERS];
    Table table;
    unsigned long long nodes;
    long long node_cap; /* < 0: none */
    int timed;
    double deadline;
    int stop;
} Search;

static int legal_mask(const Search *s, uint32_t hand, int led, int master, int partner_master) {
    uint32_t follow, trumps, over;
    int master_is_trump;
    if (led < 0)
        return (int)hand;
    follow = hand & SUIT_MASK[led];
    if (follow) {
        if (s->mode == MODE_NO_TRUMP || (s->mode == MODE_SUIT && led != s->trump_suit))
            return (int)follow;
        if (partner_master && s->overtrump_relaxed)
            return (int)follow;
        return (int)((follow & ABOVE[master]) ? (follow & ABOVE[master]) : follow);
    }
    if (s->mode != MODE_SUIT)
        return (int)hand;
    trumps = hand & SUIT_MASK[s->trump_suit];
    if (!trumps)
        return (int)hand;
    master_is_trump = (master >> 3) == s->trump_suit;
    if (partner_master) {
        uint32_t kept;
        if (s->partner_ruff == RUFF_FREE || !master_is_trump)
            return (int)hand;
        over = trumps & ABOVE[master];
        if (s->partner_ruff == RUFF_MUST_OVERTRUMP)
            return (int)(over ? over : hand);
        kept = (hand & ~SUIT_MASK[s->trump_suit]) | over;
        return (int)(kept ? kept : hand);
    }
    if (master_is_trump) {
        over = trumps & ABOVE[master];
        if (over)
            return (int)over;
        return (int)(s->undertrump_must ? trumps : hand);
    }
    return (int)trumps;
}

/* The distinct moves of ``legal``, the most promising first (Solver._ordered). */
static int ordered(const Search *s, int seat, uint32_t legal, int led, int master,
                   int master_seat, uint32_t table, int *moves) {
    int scores[32], count = 0, kept = -1, i, friend_master, master_suit;
    uint32_t live = table, others, rest;
    if (!(legal & (legal - 1))) {
        moves[0] = high_bit(legal);
        return 1;
    }
    for (i = 0; i < s->players; i++)
        live |= s->masks[i];
    others = live & ~legal;
    friend_master = led >= 0 && s->maximiser[master_seat] == s->maximiser[seat];
    master_suit = master >> 3;
    for (rest = legal; rest; rest &= rest - 1) {
        int index = low_bit(rest), suit = index >> 3, value = s->points[index];
        int score, j;
        if (kept >= 0 && (kept >> 3) == suit && s->points[kept] == value
            && !(others & ((1u << index) - (2u << kept))))
            continue; /* the same as the card kept just below */
        kept = index;
        if (led < 0) {
            score = (index & 7) * 4 + value / 4;
        } else {
            int wins = suit == master_suit ? index > master : suit == s->trump_suit;
            if (friend_master)
                score = wins ? value - 8 : value;
            else
                score = wins ? 100 + value - (index & 7) : -value;
        }
        /* Insert, (score, index) descending: the Python sort of the same pairs. */
        for (j = count; j > 0 && (scores[j - 1] < score
                                  || (scores[j - 1] == score && moves[j - 1] < index)); j--) {
            scores[j] = scores[j - 1];
            moves[j] = moves[j - 1];
        }
        scores[j] = score;
        moves[j] = index;
        count++;
    }
    return count;
}

/* The maximising side's share of the points left, by the strength it holds. */
static int estimate(const Search *s, int leader) {
    uint32_t live = 0;
    int suit, seat, total = DIX_DE_DER, mine = 0, theirs = 0, shift, sum;
    for (seat = 0; seat < s->players; seat++)
        live |= s->masks[seat];
    for (suit = 0; suit < 4; suit++) {
        int live_suit, factor;
        shift = 8 * suit;
        live_suit = (int)((live >> shift) & 0xFF);
        if (!live_suit)
            continue;
        total += s->suit_points[suit][live_suit];
        factor = suit == s->trump_suit ? 2 : 1;
        for (seat = 0; seat < s->players; seat++) {
            int weight = WEIGHT_ROW[live_suit][(s->masks[seat] >> shift) & 0xFF] * factor;
            if (s->maximiser[seat])
                mine += weight;
            else
                theirs += weight;
        }
    }
    if (s->maximiser[leader])
        mine += 2; /* the lead is worth a little */
    sum = mine + theirs;
    return total * mine / (sum > 1 ? sum : 1);
}

static int over_budget(Search *s) {
    if (s->node_cap >= 0 && s->nodes > (unsigned long long)s->node_cap)
        s->stop = OVER_NODE_CAP;
    else if (s->timed && clock_now() > s->deadline)
        s->stop = OVER_DEADLINE;
    return s->stop;
}

static int trick_start(Search *s, int leader, int depth, int alpha, int beta);

static int card(Search *s, int seat, int count, int led, int master, int master_seat,
                int trick_points, uint32_t table, int depth, int alpha, int beta,
                int hint, int *best_lead);

/* The value once ``seat`` plays ``index`` (Solver._after). */
static int after(Search *s, int seat, int index, int count, int led, int master,
                 int master_seat, int trick_points, uint32_t table, int depth,
                 int alpha, int beta) {
    uint32_t bit = 1u << index;
    int value;
    if (led < 0) {
        led = index >> 3;
        master = index;
        master_seat = seat;
    } else if ((index >> 3) == (master >> 3)) {
        if (index > master) {
            master = index;
            master_seat = seat;
        }
    } else if ((index >> 3) == s->trump_suit) {
        master = index;
        master_seat = seat;
    }
    trick_points += s->points[index];
    s->masks[seat] ^= bit;
    if (count + 1 < s->players) {
        value = card(s, (seat + 1) % s->players, count + 1, led, master, master_seat,
                     trick_points, table | bit, depth, alpha, beta, -1, NULL);
    } else {
        int gain;
        if (!s->masks[master_seat])
            trick_points += DIX_DE_DER;
        gain = s->maximiser[master_seat] ? trick_points : 0;
        value = gain + trick_start(s, master_seat, depth - 1, alpha - gain, beta - gain);
    }
    s->masks[seat] ^= bit;
    return value;
}

/* The value with ``seat`` to play the ``count``-th card of the trick (Solver._card); on
 * a lead, ``hint`` is tried first and the best (or cutting) lead is put in *best_lead. */
static int card(Search *s, int seat, int count, int led, int master, int master_seat,
                int trick_points, uint32_t table, int depth, int alpha, int beta,
                int hint, int *best_lead) {
    int moves[32], n, i, best, best_move, maximise = s->maximiser[seat];
    uint32_t hand = s->masks[seat], legal;
    s->nodes++;
    if (!(s->nodes & CHECK_EVERY) && over_budget(s))
        return 0;
    if (led < 0) {
        legal = hand;
        n = ordered(s, seat, legal, led, master, master_seat, table, moves);
        for (i = 0; hint >= 0 && i < n && moves[i] != hint; i++)
            ;
        if (hint >= 0 && i < n) {
            for (; i > 0; i--)
                moves[i] = moves[i - 1];
            moves[0] = hint;
        }
    } else {
        int partner_master = master_seat == s->partner[seat];
        legal = (uint32_t)legal_mask(s, hand, led, master, partner_master);
        n = ordered(s, seat, legal, led, master, master_seat, table, moves);
    }
    best = maximise ? -1 : 100000;
    best_move = moves[0];
    for (i = 0; i < n; i++) {
        int value = after(s, seat, moves[i], count, led, master, master_seat, trick_points,
                          table, depth, alpha, beta);
        if (s->stop)
            return 0;
        if (maximise) {
            if (value > best) {
                best = value;
                best_move = moves[i];
                if (best > alpha) {
                    alpha = best;
                    if (alpha >= beta)
                        break;
                }
            }
        } else if (value < best) {
            best = value;
            best_move = moves[i];
            if (best < beta) {
                beta = best;
                if (alpha >= beta)
                    break;
            }
        }
    }
    if (led < 0)
        *best_lead = best_move;
    return best;
}

static int trick_start(Search *s, int leader, int depth, int alpha, int beta) {
    Entry *e;
    int low, high, hint, value, lead = -1;
    if (!s->masks[leader])
        return 0;
    if (depth < 0)
        return estimate(s, leader);
    e = find(&s->table, s->masks, leader, depth);
    if (e->used) {
        low = e->low;
        high = e->high;
        hint = e->lead;
        if (low >= beta)
            return low;
        if (high <= alpha)
            return high;
        if (low == high)
            return low;
        if (low > alpha)
            alpha = low;
        if (high < beta)
            beta = high;
    } else {
        low = 0;
        high = NO_BOUND;
        hint = -1;
    }
    value = card(s, leader, 0, -1, -1, -1, 0, 0, depth, alpha, beta, hint, &lead);
    if (s->stop)
        return 0;
    /* game.ai.bounds.narrowed */
    if (value <= alpha) {
        if (value < high)
            high = value;
    } else if (value >= beta) {
        if (value > low)
            low = value;
    } else {
        low = high = value;
    }
    /* The search below may have grown the table: find the slot again. */
    e = find(&s->table, s->masks, leader, depth);
    if (!e->used) {
        if (2 * (s->table.count + 1) > s->table.capacity) {
            if (!grow(&s->table)) {
                s->stop = OUT_OF_MEMORY;
                return 0;
            }
            e = find(&s->table, s->masks, leader, depth);
        }
        memcpy(e->masks, s->masks, sizeof e->masks);
        e->used = 1;
        e->leader = (uint8_t)leader;
        e->depth = (uint8_t)depth;
        s->table.count++;
    }
    e->low = (int16_t)low;
    e->high = (int16_t)high;
    e->lead = (int8_t)lead;
    return value;
}

/* --- the root ------------------------------------------------------------------------ */

static void root_trick(const Search *s, int *led, int *master, int *master_seat,
                       int *trick_points, uint32_t *table) {
    int k;
    *led = *master = *master_seat = -1;
    *trick_points = 0;
    *table = 0;
    for (k = 0; k < s->trick_length; k++) {
        int seat = s->trick_seat[k], index = s->trick_card[k];
        if (k == 0) {
            *led = index >> 3;
            *master = index;
            *master_seat = seat;
        } else if ((index >> 3) == (*master >> 3)) {
            if (index > *master) {
                *master = index;
                *master_seat = seat;
            }
        } else if ((index >> 3) == s->trump_suit) {
            *master = index;
            *master_seat = seat;
        }
        *trick_points += s->points[index];
        *table |= 1u << index;
    }
}

static int points_left(const Search *s) {
    uint32_t live = 0;
    int k, total = DIX_DE_DER;
    for (k = 0; k < s->trick_length; k++)
        live |= 1u << s->trick_card[k];
    for (k = 0; k < s->players; k++)
        live |= s->root_masks[k];
    for (; live; live &= live - 1)
        total += s->points[low_bit(live)];
    return total;
}

static uint32_t root_legal(const Search *s) {
    int led, master, master_seat, trick_points;
    uint32_t table;
    if (!s->trick_length)
        return s->root_masks[s->turn];
    root_trick(s, &led, &master, &master_seat, &trick_points, &table);
    return (uint32_t)legal_mask(s, s->root_masks[s->turn], led, master,
                                master_seat == s->partner[s->turn]);
}

/* One zero-window search of the root (Solver._root); ``only``: the card played first,
 * or -1 for the best of them. */
static int root(Search *s, int alpha, int beta, int only) {
    int led, master, master_seat, trick_points;
    uint32_t table;
    memcpy(s->masks, s->root_masks, sizeof s->masks);
    if (only < 0 && !s->trick_length)
        return trick_start(s, s->turn, s->horizon, alpha, beta);
    root_trick(s, &led, &master, &master_seat, &trick_points, &table);
    if (only < 0)
        return card(s, s->turn, s->trick_length, led, master, master_seat, trick_points,
                    table, s->horizon, alpha, beta, -1, NULL);
    return after(s, s->turn, only, s->trick_length, led, master, master_seat, trick_points,
                 table, s->horizon, alpha, beta);
}

static int mtdf(Search *s, int only, int guess) {
    int low = 0, high = points_left(s), value = guess;
    while (low < high) {
        int beta = value == low ? value + 1 : value;
        value = root(s, beta - 1, beta, only);
        if (s->stop)
            return 0;
        if (value < beta)
            high = value;
        else
            low = value;
    }
    return value;
}

/* Fills values[] for each card of the root's legal mask, lowest index first; returns
 * their count (``all`` = 0: only the position's value, in values[0]). */
static int solve(Search *s, int all, int *indices, int *values) {
    int guess = points_left(s) / 2, count = 0;
    uint32_t legal;
    if (!all) {
        values[0] = mtdf(s, -1, guess);
        return 1;
    }
    for (legal = root_legal(s); legal && !s->stop; legal &= legal - 1) {
        indices[count] = low_bit(legal);
        values[count] = guess = mtdf(s, indices[count], guess);
        count++;
    }
    return count;
}

/* --- the Python type ----------------------------------------------------------------- */

static PyObject *Aborted;

typedef struct {
    PyObject_HEAD
    Search search;
    int busy;
} SearchObject;

static int read_ints(PyObject *sequence, int *out, Py_ssize_t length, const char *what) {
    PyObject *fast = PySequence_Fast(sequence, what);
    Py_ssize_t i;
    if (!fast)
        return 0;
    if (PySequence_Fast_GET_SIZE(fast) != length) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items expected", what, length);
        Py_DECREF(fast);
        return 0;
    }
    for (i = 0; i < length; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return 0;
        }
        out[i] = (int)value;
    }
    Py_DECREF(fast);
    return 1;
}

static int read_masks(Search *s, PyObject *masks) {
    PyObject *fast = PySequence_Fast(masks, "masks");
    Py_ssize_t i;
    if (!fast)
        return 0;
    if (PySequence_Fast_GET_SIZE(fast) != s->players) {
        PyErr_SetString(PyExc_ValueError, "one mask per player expected");
        Py_DECREF(fast);
        return 0;
    }
    for (i = 0; i < s->players; i++) {
        unsigned long mask = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return 0;
        }
        s->root_masks[i] = (uint32_t)mask;
    }
    Py_DECREF(fast);
    return 1;
}

static int read_trick(Search *s, PyObject *trick) {
    PyObject *fast = PySequence_Fast(trick, "trick");
    Py_ssize_t i, length;
    if (!fast)
        return 0;
    length = PySequence_Fast_GET_SIZE(fast);
    if (length >= s->players) {
        PyErr_SetString(PyExc_ValueError, "a trick in progress has fewer plays than players");
        Py_DECREF(fast);
        return 0;
    }
    for (i = 0; i < length; i++) {
        int play[2];
        if (!read_ints(PySequence_Fast_GET_ITEM(fast, i), play, 2, "a play (seat, index)")) {
            Py_DECREF(fast);
            return 0;
        }
        if (play[0] < 0 || play[0] >= s->players || play[1] < 0 || play[1] > 31) {
            PyErr_SetString(PyExc_ValueError, "a play's seat or card is out of range");
            Py_DECREF(fast);
            return 0;
        }
        s->trick_seat[i] = play[0];
        s->trick_card[i] = play[1];
    }
    s->trick_length = (int)length;
    Py_DECREF(fast);
    return 1;
}

static int read_rules(Search *s, PyObject *rules, int seat) {
    int r[6], i, suit, mask;
    if (!read_ints(rules, r, 6, "rules"))
        return 0;
    s->players = r[0];
    s->mode = r[1];
    s->trump_suit = r[2];
    s->undertrump_must = r[3];
    s->overtrump_relaxed = r[4];
    s->partner_ruff = r[5];
    if (s->players < 2 || s->players > MAX_PLAYERS || s->mode < 0 || s->mode > 2
        || (s->mode == MODE_SUIT) != (s->trump_suit >= 0 && s->trump_suit < 4)
        || s->partner_ruff < 0 || s->partner_ruff > 2 || seat < 0 || seat >= s->players) {
        PyErr_SetString(PyExc_ValueError, "rules or seat out of range");
        return 0;
    }
    for (i = 0; i < s->players; i++) {
        /* PlayRules.side_of / partner_of: teams of two at four, else each for himself */
        s->maximiser[i] = s->players == 4 ? i % 2 == seat % 2 : i == seat;
        s->partner[i] = s->players == 4 ? (i + 2) % 4 : -1;
    }
    for (suit = 0; suit < 4; suit++)
        for (mask = 0; mask < 256; mask++) {
            int sum = 0;
            for (i = 0; i < 8; i++)
                if (mask >> i & 1)
                    sum += s->points[8 * suit + i];
            s->suit_points[suit][mask] = sum;
        }
    return 1;
}

/* Whether the root is a position of the play: no card twice, the trick's plays made in
 * turn by the seats before ``turn``, and each hand as long as the play leaves it (the
 * search relies on it: a seat to play always holds a card while the leader does). */
static int is_a_play_position(const Search *s) {
    uint32_t seen = 0;
    int k, tricks_left = popcount32(s->root_masks[s->turn]);
    for (k = 0; k < s->players; k++) {
        if (seen & s->root_masks[k])
            return 0;
        seen |= s->root_masks[k];
    }
    for (k = 0; k < s->trick_length; k++) {
        int seat = (s->turn - s->trick_length + k + s->players) % s->players;
        if (s->trick_seat[k] != seat || seen & (1u << s->trick_card[k]))
            return 0;
        seen |= 1u << s->trick_card[k];
    }
    if (s->trick_length && !tricks_left)
        return 0;
    for (k = 0; k < s->players; k++) {
        int played = (k - s->turn + s->players) % s->players >= s->players - s->trick_length;
        if (popcount32(s->root_masks[k]) != tricks_left - played)
            return 0;
    }
    return 1;
}

static int Search_init(SearchObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"masks", "trick", "turn", "points", "rules", "seat", "horizon",
                               NULL};
    PyObject *masks, *trick, *points, *rules;
    int turn, seat, horizon;
    Search *s = &self->search;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOiOOii", keywords, &masks, &trick,
                                     &turn, &points, &rules, &seat, &horizon))
        return -1;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the search is running");
        return -1;
    }
    free(s->table.slots);
    memset(s, 0, sizeof *s);
    if (!read_ints(points, s->points, 32, "points") || !read_rules(s, rules, seat)
        || !read_masks(s, masks) || !read_trick(s, trick))
        return -1;
    if (turn < 0 || turn >= s->players || horizon < 0 || horizon > 127) {
        PyErr_SetString(PyExc_ValueError, "turn or horizon out of range");
        return -1;
    }
    s->turn = turn;
    s->horizon = horizon;
    if (!is_a_play_position(s)) {
        PyErr_SetString(PyExc_ValueError, "not a position of the play");
        return -1;
    }
    if (!grow(&s->table)) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Search_dealloc(SearchObject *self) {
    free(self->search.table.slots);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Runs the search under the budget, without the interpreter lock. */
static int run(SearchObject *self, PyObject *args, int all, int *indices, int *values) {
    PyObject *node_cap = Py_None, *seconds = Py_None;
    Search *s = &self->search;
    int count;
    if (!PyArg_ParseTuple(args, "|OO", &node_cap, &seconds))
        return -1;
    if (!s->table.slots) {
        PyErr_SetString(PyExc_RuntimeError, "the search was not initialised");
        return -1;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the search is running in another thread");
        return -1;
    }
    s->node_cap = node_cap == Py_None ? -1 : PyLong_AsLongLong(node_cap);
    if (s->node_cap == -1 && PyErr_Occurred())
        return -1;
    if (node_cap != Py_None && s->node_cap < 0)
        s->node_cap = 0; /* a negative cap: over at the first check, as in Python */
    s->timed = seconds != Py_None;
    if (s->timed) {
        double left = PyFloat_AsDouble(seconds);
        if (left == -1.0 && PyErr_Occurred())
            return -1;
        s->deadline = clock_now() + left;
    }
    s->stop = RUNNING;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    count = solve(s, all, indices, values);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (s->stop == OUT_OF_MEMORY) {
        PyErr_NoMemory();
        return -1;
    }
    if (s->stop) {
        if (s->stop == OVER_NODE_CAP)
            PyErr_Format(Aborted, "node cap %lld", s->node_cap);
        else
            PyErr_SetString(Aborted, "deadline");
        return -1;
    }
    return count;
}

static PyObject *Search_value(SearchObject *self, PyObject *args) {
    int value;
    if (run(self, args, 0, NULL, &value) < 0)
        return NULL;
    return PyLong_FromLong(value);
}

static PyObject *Search_values(SearchObject *self, PyObject *args) {
    int indices[32], values[32], count, i;
    PyObject *out;
    count = run(self, args, 1, indices, values);
    if (count < 0)
        return NULL;
    out = PyList_New(count);
    if (!out)
        return NULL;
    for (i = 0; i < count; i++) {
        PyObject *pair = Py_BuildValue("(ii)", indices[i], values[i]);
        if (!pair) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, pair);
    }
    return out;
}

static PyObject *Search_nodes(SearchObject *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->search.nodes);
}

static PyMethodDef Search_methods[] = {
    {"value", (PyCFunction)Search_value, METH_VARARGS,
     "value(node_cap=None, seconds=None): the best value of the position for the side."},
    {"values", (PyCFunction)Search_values, METH_VARARGS,
     "values(node_cap=None, seconds=None): [(index, value)] of each legal card."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_nodes, NULL, "nodes visited by every call so far", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.core._dds32.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The double-dummy search of one position for one side (game.dds.solver).",
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
    .tp_init = (initproc)Search_init,
    .tp_new = PyType_GenericNew,
};

static void fill_tables(void) {
    int i, live, holding;
    for (i = 0; i < 4; i++)
        SUIT_MASK[i] = 0xFFu << (8 * i);
    for (i = 0; i < 32; i++)
        ABOVE[i] = SUIT_MASK[i >> 3] & ~(uint32_t)((2ull << i) - 1);
    for (live = 0; live < 256; live++) {
        int card_weight[8];
        for (i = 0; i < 8; i++) {
            int below = 0, j;
            for (j = 0; j < i; j++)
                below += live >> j & 1;
            card_weight[i] = 1 + below;
        }
        for (holding = 0; holding < 256; holding++) {
            int weight = 0;
            for (i = 0; i < 8; i++)
                if (holding >> i & 1)
                    weight += card_weight[i];
            WEIGHT_ROW[live][holding] = (uint8_t)weight;
        }
    }
}

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_dds32",
    "The double-dummy search of the 32-card games (the twin of game/dds/solver.py).",
    -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__dds32(void) {
    PyObject *m;
    fill_tables();
    if (PyType_Ready(&SearchType) < 0)
        return NULL;
    m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Aborted = PyErr_NewException("game.core._dds32.Aborted", NULL, NULL);
    if (!Aborted || PyModule_AddObject(m, "Aborted", Aborted) < 0) {
        Py_XDECREF(Aborted);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(Aborted); /* the module's reference was stolen; keep ours */
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
