/* The 32-card games' kernel (belote, coinche): legal cards, trick winner, trick points,
 * and the Expert's play-outs, each seat playing the Confirmé's card with every hand seen.
 *
 * The Python twin is game/engine/tricks.py (legal_cards, winning_play, trick_points),
 * game/ai/play.py (choose_card) under game/ai/search.py's perfect_memory, and
 * search.play_rollout / bid_search.play_out; game/core/trick32.py converts the Python
 * objects and calls this module.  Every function here computes exactly what its twin
 * computes, down to the order of the legal cards and the tie-breaks of min() and max()
 * (the first best card in the hand's order) and the floating-point sums of keep_cost.
 *
 * A card is a bit of a 32-bit mask: index = suit * 8 + strength, where strength is the
 * card's trick-taking order in its suit for the deal's trump (0 = weakest), as in
 * game/dds/position.py.  The trump is a "key": 0-3 a trump suit, 4 sans-atout,
 * 5 tout-atout.  The rule options are bits of "flags" (see FLAG_*).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "bits.h"

#define MAX_SEATS 4
#define DECK 32
#define NO_TRUMP_KEY 4
#define ALL_TRUMP_KEY 5
#define KEYS 6

#define FLAG_UNDERTRUMP_MUST 1
#define FLAG_OVERTRUMP_RELAXED 2
#define PARTNER_RUFF_SHIFT 2 /* 0 free, 1 no_undertrump, 2 must_overtrump */
#define RUFF_FREE 0
#define RUFF_NO_UNDERTRUMP 1
#define RUFF_MUST_OVERTRUMP 2

enum { MODE_SUIT, MODE_NO_TRUMP, MODE_ALL_TRUMP };
enum { SEVEN = 7, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE };

/* game/ai/play.py's constants and game/engine/trick_view.py's */
#define TRUMP_KEEP 15.0
#define MASTER_KEEP 12.0
#define TEN_GUARD_KEEP 6.0
#define LEAD_GUARD_COST 5.0
#define BELOTE_POINTS 20.0
#define GIFT_MASTER_PENALTY 9
#define ALL_TRUMP_GIFT_PENALTY 20
#define RUFF_MIN_POINTS 10
#define DIX_DE_DER 10

/* Ranks in strength order, and each rank's points (game/engine/cards.py). */
static const int TRUMP_ORDER[8] = {SEVEN, EIGHT, QUEEN, KING, TEN, ACE, NINE, JACK};
static const int PLAIN_ORDER[8] = {SEVEN, EIGHT, NINE, JACK, QUEEN, KING, TEN, ACE};
/* indexed by rank - 7 */
static const int TRUMP_POINTS[8] = {0, 0, 14, 10, 20, 3, 4, 11};
static const int PLAIN_POINTS[8] = {0, 0, 0, 10, 2, 3, 4, 11};
static const int NO_TRUMP_POINTS[8] = {0, 0, 0, 10, 2, 3, 4, 19};
static const int ALL_TRUMP_POINTS[8] = {0, 0, 9, 5, 14, 1, 3, 6};

static uint32_t SUIT_MASK[4];
static uint32_t ABOVE[DECK];          /* the cards of i's suit that beat i */
static int RANK_AT[KEYS][DECK];       /* the rank of the card at an index, per trump key */
static int POINTS_AT[KEYS][DECK];

static void init_tables(void) {
    for (int s = 0; s < 4; s++) SUIT_MASK[s] = 0xFFu << (8 * s);
    for (int i = 0; i < DECK; i++) {
        uint32_t at_or_below = (i == 31) ? 0xFFFFFFFFu : ((2u << i) - 1u);
        ABOVE[i] = SUIT_MASK[i >> 3] & ~at_or_below;
    }
    for (int key = 0; key < KEYS; key++) {
        for (int i = 0; i < DECK; i++) {
            int suit = i >> 3, strength = i & 7;
            int trump_like = key == ALL_TRUMP_KEY || key == suit;
            int rank = trump_like ? TRUMP_ORDER[strength] : PLAIN_ORDER[strength];
            const int *points;
            if (key == NO_TRUMP_KEY) points = NO_TRUMP_POINTS;
            else if (key == ALL_TRUMP_KEY) points = ALL_TRUMP_POINTS;
            else points = trump_like ? TRUMP_POINTS : PLAIN_POINTS;
            RANK_AT[key][i] = rank;
            POINTS_AT[key][i] = points[rank - SEVEN];
        }
    }
}

static inline uint32_t bit(int i) { return 1u << i; }

/* --- the table: trump, seats and rule options ------------------------------------------ */

typedef struct {
    int players;
    int key, mode, trump;    /* trump: the trump suit, -1 unless mode is MODE_SUIT */
    int taker;               /* -1: no taker */
    int undertrump_must, overtrump_relaxed, partner_ruff;
    const int *rank, *points;
} Table;

static int table_init(Table *t, int players, int key, int taker, int flags) {
    if (players < 2 || players > MAX_SEATS || key < 0 || key >= KEYS) return -1;
    t->players = players;
    t->key = key;
    t->mode = key == NO_TRUMP_KEY ? MODE_NO_TRUMP : key == ALL_TRUMP_KEY ? MODE_ALL_TRUMP : MODE_SUIT;
    t->trump = t->mode == MODE_SUIT ? key : -1;
    t->taker = taker;
    t->undertrump_must = (flags & FLAG_UNDERTRUMP_MUST) != 0;
    t->overtrump_relaxed = (flags & FLAG_OVERTRUMP_RELAXED) != 0;
    t->partner_ruff = (flags >> PARTNER_RUFF_SHIFT) & 3;
    t->rank = RANK_AT[key];
    t->points = POINTS_AT[key];
    return 0;
}

static inline uint32_t trump_mask(const Table *t) {
    return t->mode == MODE_SUIT ? SUIT_MASK[t->trump] : 0;
}

static inline int is_trump_suit(const Table *t, int suit) {
    return t->mode == MODE_SUIT && suit == t->trump;
}

static inline int same_side(const Table *t, int a, int b) {
    return a == b || (t->players == 4 && (a & 1) == (b & 1));
}

/* The cards that beat ``holder`` (Trump.beats). */
static inline uint32_t beating(const Table *t, int holder) {
    uint32_t over = ABOVE[holder];
    if (t->mode == MODE_SUIT && (holder >> 3) != t->trump) over |= SUIT_MASK[t->trump];
    return over;
}

/* --- the deal: hands (masks, and each hand's order) and the trick in progress ----------- */

typedef struct {
    uint32_t hand[MAX_SEATS];
    uint8_t order[MAX_SEATS][DECK]; /* each hand's cards as dealt: the tie-breaks' order */
    int count[MAX_SEATS];
    int trick_seat[MAX_SEATS], trick_card[MAX_SEATS];
    int trick_len;
} Deal;

typedef struct {
    int seat, card;
} Play;

static Play winning_play(const Table *t, const int *seats, const int *cards, int n) {
    int best = 0;
    for (int k = 1; k < n; k++) {
        int challenger = cards[k], holder = cards[best];
        if ((challenger >> 3) == (holder >> 3)) {
            if (challenger > holder) best = k;
        } else if (t->mode == MODE_SUIT && (challenger >> 3) == t->trump) {
            best = k;
        }
    }
    Play won;
    won.seat = seats[best];
    won.card = cards[best];
    return won;
}

static int trick_points(const Table *t, const int *cards, int n) {
    int total = 0;
    for (int k = 0; k < n; k++) total += t->points[cards[k]];
    return total;
}

/* --- legal cards (tricks.card_rule) ------------------------------------------------------- */

/* The legal cards' mask; *partner_first set when the list puts the hand's other suits
 * before the trumps (the NO_UNDERTRUMP partner exception builds it so). */
static uint32_t legal_mask(const Table *t, uint32_t hand, const int *seats, const int *cards,
                           int n, int partner, int *partner_first) {
    *partner_first = 0;
    if (n == 0) return hand;
    int led = cards[0] >> 3;
    Play master = winning_play(t, seats, cards, n);
    int partner_master = partner >= 0 && master.seat == partner;
    uint32_t follow = hand & SUIT_MASK[led];
    if (follow) {
        if (t->mode == MODE_NO_TRUMP || (t->mode == MODE_SUIT && led != t->trump)) return follow;
        if (partner_master && t->overtrump_relaxed) return follow;
        uint32_t higher = follow & beating(t, master.card);
        return higher ? higher : follow;
    }
    if (t->mode != MODE_SUIT) return hand;
    uint32_t trumps = hand & SUIT_MASK[t->trump];
    if (!trumps) return hand;
    int master_trump = (master.card >> 3) == t->trump;
    if (partner_master) {
        if (t->partner_ruff == RUFF_FREE || !master_trump) return hand;
        uint32_t over = trumps & beating(t, master.card);
        if (t->partner_ruff == RUFF_MUST_OVERTRUMP) return over ? over : hand;
        uint32_t allowed = (hand & ~SUIT_MASK[t->trump]) | over;
        if (!allowed) return hand;
        *partner_first = 1;
        return allowed;
    }
    if (master_trump) {
        uint32_t over = trumps & beating(t, master.card);
        if (over) return over;
        return t->undertrump_must ? trumps : hand;
    }
    return trumps;
}

/* The legal cards of ``order`` (a hand's cards in its order), in the order the Python
 * twin lists them; returns how many. */
static int legal_list(const Table *t, const uint8_t *order, int count, uint32_t hand,
                      const int *seats, const int *cards, int n, int partner, int *out) {
    int partner_first;
    uint32_t mask = legal_mask(t, hand, seats, cards, n, partner, &partner_first);
    int found = 0;
    if (partner_first) {
        uint32_t trumps = SUIT_MASK[t->trump];
        for (int k = 0; k < count; k++)
            if ((mask & ~trumps) & bit(order[k])) out[found++] = order[k];
        for (int k = 0; k < count; k++)
            if ((mask & trumps) & bit(order[k])) out[found++] = order[k];
        return found;
    }
    for (int k = 0; k < count; k++)
        if (mask & bit(order[k])) out[found++] = order[k];
    return found;
}

/* --- the Confirmé's card, every hand seen (play.choose_card, search.perfect_memory) ---- */

typedef struct {
    const Table *t;
    const Deal *d;
    int me;
    uint32_t hand;    /* my cards */
    uint32_t others;  /* every other seat's cards: the memory's "unseen" */
} Seen;

static inline int is_master(const Seen *m, int c) { return !(m->others & ABOVE[c]); }

static inline int is_void(const Seen *m, int seat, int suit) {
    return !(m->d->hand[seat] & SUIT_MASK[suit]);
}

/* Memory.trumps_with([seat]): the trumps ``seat`` (another seat) holds. */
static inline uint32_t trumps_of(const Seen *m, int seat) {
    if (seat == m->me) return 0;
    return m->d->hand[seat] & trump_mask(m->t);
}

static double keep_cost(const Seen *m, int c) {
    const Table *t = m->t;
    int suit = c >> 3;
    double cost = (double)t->points[c] + (double)(c & 7) / 10.0;
    if (is_trump_suit(t, suit) || t->mode == MODE_ALL_TRUMP) cost += TRUMP_KEEP;
    int master = is_master(m, c);
    if (master) cost += MASTER_KEEP;
    if (is_trump_suit(t, suit) && (t->rank[c] == KING || t->rank[c] == QUEEN)) {
        uint32_t pair = 0;
        for (uint32_t trumps = m->hand & SUIT_MASK[suit]; trumps; trumps &= trumps - 1) {
            int r = t->rank[low_bit(trumps)];
            if (r == KING || r == QUEEN) pair++;
        }
        if (pair == 2) cost += BELOTE_POINTS;
    }
    if (t->rank[c] == TEN && !master && popcount32(m->hand & SUIT_MASK[suit]) == 2)
        cost += TEN_GUARD_KEEP;
    return cost;
}

static int ruff_feared(const Seen *m, int c) {
    for (int s = 0; s < m->t->players; s++)
        if (!same_side(m->t, s, m->me) && is_void(m, s, c >> 3) && trumps_of(m, s)) return 1;
    return 0;
}

static double lead_cost(const Seen *m, int c) {
    double cost = keep_cost(m, c);
    if (m->t->rank[c] != TEN) {
        for (uint32_t same = m->hand & SUIT_MASK[c >> 3]; same; same &= same - 1) {
            int h = low_bit(same);
            if (m->t->rank[h] == TEN && !is_master(m, h)) {
                cost += LEAD_GUARD_COST;
                break;
            }
        }
    }
    return cost;
}

static int cheapest(const Seen *m, const int *cards, int n) {
    int best = cards[0];
    double best_cost = keep_cost(m, best);
    for (int k = 1; k < n; k++) {
        double cost = keep_cost(m, cards[k]);
        if (cost < best_cost) best = cards[k], best_cost = cost;
    }
    return best;
}

static int lead(const Seen *m, const int *cards, int n) {
    const Table *t = m->t;
    int me = m->me;
    int takers_side = t->taker >= 0 && same_side(t, t->taker, me);
    uint32_t opponent_trumps = 0, legal = 0;
    for (int s = 0; s < t->players; s++)
        if (!same_side(t, s, me)) opponent_trumps |= trumps_of(m, s);
    for (int k = 0; k < n; k++) legal |= bit(cards[k]);
    uint32_t my_trumps = legal & trump_mask(t);
    if (takers_side && opponent_trumps && my_trumps) {
        int top = high_bit(my_trumps);
        if (is_master(m, top)) return top;
        if (t->taker == me && popcount32(my_trumps) >= 3) return low_bit(my_trumps);
    }
    /* a master card of a plain suit, the most points first, then the longest suit out */
    int best = -1, best_points = 0, best_out = 0;
    for (int k = 0; k < n; k++) {
        int c = cards[k];
        if (is_trump_suit(t, c >> 3) || !is_master(m, c) || ruff_feared(m, c)) continue;
        int points = t->points[c], out = popcount32(m->others & SUIT_MASK[c >> 3]);
        if (best < 0 || points > best_points || (points == best_points && out > best_out))
            best = c, best_points = points, best_out = out;
    }
    if (best >= 0) return best;
    /* a card the partner ruffs */
    int partner = t->players == 4 ? (me + 2) % 4 : -1;
    if (partner >= 0 && trumps_of(m, partner)) {
        double best_cost = 0.0;
        for (int k = 0; k < n; k++) {
            int c = cards[k];
            if (is_trump_suit(t, c >> 3) || !is_void(m, partner, c >> 3) || ruff_feared(m, c))
                continue;
            double cost = keep_cost(m, c);
            if (best < 0 || cost < best_cost) best = c, best_cost = cost;
        }
        if (best >= 0) return best;
    }
    /* a low card, of a plain suit when there is one */
    int plain[DECK], count = 0;
    for (int k = 0; k < n; k++)
        if (!is_trump_suit(t, cards[k] >> 3)) plain[count++] = cards[k];
    const int *pool = count ? plain : cards;
    int size = count ? count : n;
    best = pool[0];
    double best_cost = lead_cost(m, best);
    for (int k = 1; k < size; k++) {
        double cost = lead_cost(m, pool[k]);
        if (cost < best_cost) best = pool[k], best_cost = cost;
    }
    return best;
}

/* Memory.may_beat: could ``seat``, still to play, beat ``c``, the trick's master card? */
static int may_beat(const Seen *m, int seat, int c, int led) {
    const Table *t = m->t;
    if (seat != m->me && (m->d->hand[seat] & m->others & ABOVE[c])) return 1;
    if (t->mode != MODE_SUIT || (c >> 3) == t->trump) return 0;
    int might_be_void = is_void(m, seat, led) || popcount32(m->others & SUIT_MASK[led]) < 3;
    return might_be_void && trumps_of(m, seat) != 0;
}

/* Partner wins this trick: give him points, but not trumps or sure tricks. */
static int charge(const Seen *m, const int *cards, int n) {
    const Table *t = m->t;
    int best = -1, best_gift = 0;
    int any_plain = 0;
    for (int k = 0; k < n; k++) any_plain |= !is_trump_suit(t, cards[k] >> 3);
    for (int k = 0; k < n; k++) {
        int c = cards[k];
        if (any_plain && is_trump_suit(t, c >> 3)) continue;
        int gift = t->points[c];
        if (is_master(m, c)) gift -= GIFT_MASTER_PENALTY;
        if (t->mode == MODE_ALL_TRUMP && (t->rank[c] == JACK || t->rank[c] == NINE))
            gift -= ALL_TRUMP_GIFT_PENALTY;
        if (best < 0 || gift > best_gift) best = c, best_gift = gift;
    }
    return best;
}

static int follow(const Seen *m, const int *cards, int n) {
    const Table *t = m->t;
    const Deal *d = m->d;
    int led = d->trick_card[0] >> 3;
    Play master = winning_play(t, d->trick_seat, d->trick_card, d->trick_len);
    int later[MAX_SEATS], later_count = 0;
    for (int k = 1; k < t->players - d->trick_len; k++) {
        int s = (m->me + k) % t->players;
        if (!same_side(t, s, m->me)) later[later_count++] = s;
    }
    if (same_side(t, master.seat, m->me)) {
        int beaten = 0;
        for (int k = 0; k < later_count && !beaten; k++)
            beaten = may_beat(m, later[k], master.card, led);
        if (!beaten) return charge(m, cards, n);
    }
    uint32_t over = beating(t, master.card);
    int safe = -1, safe_key = 0, ruff = -1, any_winner = 0;
    for (int k = 0; k < n; k++) {
        int c = cards[k];
        if (!(over & bit(c))) continue;
        any_winner = 1;
        int beaten = 0;
        for (int j = 0; j < later_count && !beaten; j++) beaten = may_beat(m, later[j], c, led);
        if (!beaten) {
            int key = (c & 7) + 100 * is_trump_suit(t, c >> 3);
            if (safe < 0 || key < safe_key) safe = c, safe_key = key;
        }
        if ((c >> 3) != led && (ruff < 0 || (c & 7) < (ruff & 7))) ruff = c;
    }
    if (safe >= 0) return safe;
    if (any_winner && ruff >= 0 &&
        trick_points(t, d->trick_card, d->trick_len) >= RUFF_MIN_POINTS)
        return ruff;
    return cheapest(m, cards, n);
}

static int choose_card(const Table *t, const Deal *d, int me, const int *cards, int n) {
    if (n == 1) return cards[0];
    Seen m = {t, d, me, d->hand[me], 0};
    for (int s = 0; s < t->players; s++)
        if (s != me) m.others |= d->hand[s];
    return d->trick_len ? follow(&m, cards, n) : lead(&m, cards, n);
}

/* search.rollout_card: ``seat``'s card, or -1 when it has none. */
static int rollout_card(const Table *t, const Deal *d, int seat) {
    int cards[DECK];
    int partner = t->players == 4 ? (seat + 2) % 4 : -1;
    int n = legal_list(t, d->order[seat], d->count[seat], d->hand[seat], d->trick_seat,
                       d->trick_card, d->trick_len, partner, cards);
    if (n == 0) return -1;
    return choose_card(t, d, seat, cards, n);
}

/* --- the play-out (search.play_rollout, search.finish_tricks) ------------------------------ */

typedef struct {
    int points[MAX_SEATS], tricks[MAX_SEATS];
    int current_seat[MAX_SEATS], current_card[MAX_SEATS], current_len, current_winner;
    int error; /* 0, or ERROR_* */
} Result;

enum { ERROR_NONE, ERROR_NOT_IN_HAND, ERROR_NO_CARD };

/* Play the deal to its end from ``d`` (changed in place), ``seat`` next, playing ``first``
 * (-1: its Confirmé card); r's points and tricks hold the tricks already won. */
static void play_deal(const Table *t, Deal *d, int seat, int first, Result *r) {
    int card = first >= 0 ? first : rollout_card(t, d, seat);
    int winner = seat;
    r->current_len = 0;
    r->current_winner = seat;
    r->error = ERROR_NONE;
    for (;;) {
        if (card < 0) { r->error = ERROR_NO_CARD; return; }
        if (!(d->hand[seat] & bit(card))) { r->error = ERROR_NOT_IN_HAND; return; }
        d->hand[seat] &= ~bit(card);
        d->trick_seat[d->trick_len] = seat;
        d->trick_card[d->trick_len] = card;
        d->trick_len++;
        if (d->trick_len < t->players) {
            seat = (seat + 1) % t->players;
        } else {
            Play won = winning_play(t, d->trick_seat, d->trick_card, d->trick_len);
            winner = won.seat;
            if (!r->current_len) {
                r->current_len = d->trick_len;
                memcpy(r->current_seat, d->trick_seat, sizeof(d->trick_seat));
                memcpy(r->current_card, d->trick_card, sizeof(d->trick_card));
                r->current_winner = winner;
            }
            r->points[winner] += trick_points(t, d->trick_card, d->trick_len);
            r->tricks[winner] += 1;
            d->trick_len = 0;
            seat = winner;
            if (!d->hand[seat]) break;
        }
        card = rollout_card(t, d, seat);
    }
    r->points[winner] += DIX_DE_DER;
}

/* --- random legal deals (the speed bench's workload, its Python twin in bench/) ------------ */

/* splitmix64: the generator the bench's Python twin writes the same way. */
static inline uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline int below(uint64_t *state, int n) { return (int)(splitmix64(state) % (uint64_t)n); }

/* One deal: the deck shuffled (Fisher-Yates from the top), ``hand_size`` cards a seat
 * dealt in turn, seat 0 leads, each card a uniform choice among the legal ones (in the
 * hand's order); returns the checksum of its tricks, the sum of (winner + 1) x points. */
static long long random_deal(const Table *t, int hand_size, uint64_t *state) {
    int deck[DECK];
    for (int i = 0; i < DECK; i++) deck[i] = i;
    for (int i = DECK - 1; i > 0; i--) {
        int j = below(state, i + 1), x = deck[i];
        deck[i] = deck[j], deck[j] = x;
    }
    Deal d;
    memset(&d, 0, sizeof d);
    for (int s = 0; s < t->players; s++) {
        for (int k = 0; k < hand_size; k++) {
            int c = deck[s * hand_size + k];
            d.order[s][k] = (uint8_t)c;
            d.hand[s] |= bit(c);
        }
        d.count[s] = hand_size;
    }
    int seat = 0, cards[DECK];
    long long sum = 0;
    for (int played = 0; played < t->players * hand_size; played++) {
        int partner = t->players == 4 ? (seat + 2) % 4 : -1;
        int n = legal_list(t, d.order[seat], d.count[seat], d.hand[seat], d.trick_seat,
                           d.trick_card, d.trick_len, partner, cards);
        int card = cards[below(state, n)];
        d.hand[seat] &= ~bit(card);
        d.trick_seat[d.trick_len] = seat;
        d.trick_card[d.trick_len++] = card;
        if (d.trick_len < t->players) {
            seat = (seat + 1) % t->players;
            continue;
        }
        Play won = winning_play(t, d.trick_seat, d.trick_card, d.trick_len);
        seat = won.seat;
        sum += (long long)(seat + 1) * trick_points(t, d.trick_card, d.trick_len);
        d.trick_len = 0;
    }
    return sum;
}

/* --- Python: reading the arguments --------------------------------------------------------- */

static int read_card(PyObject *item, int *out) {
    long value = PyLong_AsLong(item);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (value < 0 || value >= DECK) {
        PyErr_Format(PyExc_ValueError, "not a card index: %ld", value);
        return -1;
    }
    *out = (int)value;
    return 0;
}

/* A hand: a sequence of card indices, in its order. */
static int read_hand(PyObject *seq, uint8_t *order, int *count, uint32_t *mask) {
    PyObject *fast = PySequence_Fast(seq, "a hand must be a sequence of card indices");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    *mask = 0;
    *count = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        int c;
        if (read_card(items[k], &c) < 0) { Py_DECREF(fast); return -1; }
        if (*mask & bit(c)) {
            PyErr_SetString(PyExc_ValueError, "a card twice in a hand");
            Py_DECREF(fast);
            return -1;
        }
        *mask |= bit(c);
        order[(*count)++] = (uint8_t)c;
    }
    Py_DECREF(fast);
    return 0;
}

/* The hands of every seat: a sequence of ``players`` hands. */
static int read_hands(PyObject *seq, Deal *d, int *players) {
    PyObject *fast = PySequence_Fast(seq, "hands must be a sequence of hands");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n < 2 || n > MAX_SEATS) {
        PyErr_Format(PyExc_ValueError, "2 to 4 hands, not %zd", n);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        if (read_hand(PySequence_Fast_GET_ITEM(fast, s), d->order[s], &d->count[s],
                      &d->hand[s]) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    *players = (int)n;
    Py_DECREF(fast);
    return 0;
}

/* A trick: a sequence of (seat, card index) pairs. */
static int read_trick(PyObject *seq, int *seats, int *cards, int *len) {
    PyObject *fast = PySequence_Fast(seq, "a trick must be a sequence of (seat, card)");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "a trick holds at most 4 cards");
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        int seat, card;
        PyObject *play = PySequence_Fast_GET_ITEM(fast, k);
        if (!PyArg_ParseTuple(play, "ii", &seat, &card)) { Py_DECREF(fast); return -1; }
        if (seat < 0 || seat >= MAX_SEATS || card < 0 || card >= DECK) {
            PyErr_SetString(PyExc_ValueError, "a play is (seat 0-3, card 0-31)");
            Py_DECREF(fast);
            return -1;
        }
        seats[k] = seat;
        cards[k] = card;
    }
    *len = (int)n;
    Py_DECREF(fast);
    return 0;
}

static int read_counts(PyObject *seq, int players, int *out, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != players) {
        PyErr_Format(PyExc_ValueError, "%s: one number a seat", what);
        Py_DECREF(fast);
        return -1;
    }
    for (int s = 0; s < players; s++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, s));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[s] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

static int check_table(Table *t, int players, int key, int taker, int flags) {
    if (table_init(t, players, key, taker, flags) < 0) {
        PyErr_SetString(PyExc_ValueError, "2 to 4 players and a trump key 0-5");
        return -1;
    }
    return 0;
}

static PyObject *plays_tuple(const int *seats, const int *cards, int n) {
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (int k = 0; k < n; k++) {
        PyObject *play = Py_BuildValue("(ii)", seats[k], cards[k]);
        if (!play) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, k, play);
    }
    return out;
}

static PyObject *ints_tuple(const int *values, int n) {
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (int k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLong(values[k]);
        if (!v) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, k, v);
    }
    return out;
}

/* (points, tricks, current trick's plays, its winner), or an exception for an error. */
static PyObject *result_tuple(const Result *r, int players) {
    if (r->error == ERROR_NOT_IN_HAND) {
        PyErr_SetString(PyExc_ValueError, "a card played is not in its seat's hand");
        return NULL;
    }
    if (r->error == ERROR_NO_CARD) {
        PyErr_SetString(PyExc_ValueError, "a seat has no card to play");
        return NULL;
    }
    PyObject *points = ints_tuple(r->points, players);
    PyObject *tricks = ints_tuple(r->tricks, players);
    PyObject *current = plays_tuple(r->current_seat, r->current_card, r->current_len);
    if (!points || !tricks || !current) {
        Py_XDECREF(points); Py_XDECREF(tricks); Py_XDECREF(current);
        return NULL;
    }
    return Py_BuildValue("(NNNi)", points, tricks, current, r->current_winner);
}

/* --- Python: the functions ----------------------------------------------------------------- */

PyDoc_STRVAR(legal_doc,
"legal(hand, trick, key, flags, partner) -> tuple of card indices\n\n"
"tricks.legal_cards: the cards of hand (indices, in its order) that may be played on\n"
"trick ((seat, index) pairs), in the order legal_cards lists them; partner -1: none.");

static PyObject *py_legal(PyObject *self, PyObject *args) {
    PyObject *hand_seq, *trick_seq;
    int key, flags, partner;
    if (!PyArg_ParseTuple(args, "OOiii", &hand_seq, &trick_seq, &key, &flags, &partner))
        return NULL;
    Table t;
    Deal d;
    if (check_table(&t, 4, key, -1, flags) < 0) return NULL;
    if (read_hand(hand_seq, d.order[0], &d.count[0], &d.hand[0]) < 0) return NULL;
    if (read_trick(trick_seq, d.trick_seat, d.trick_card, &d.trick_len) < 0) return NULL;
    int cards[DECK];
    int n = legal_list(&t, d.order[0], d.count[0], d.hand[0], d.trick_seat, d.trick_card,
                       d.trick_len, partner, cards);
    return ints_tuple(cards, n);
}

PyDoc_STRVAR(winner_doc,
"winner(trick, key) -> (seat, card index)\n\n"
"tricks.winning_play: the play winning trick, a non-empty sequence of (seat, index).");

static PyObject *py_winner(PyObject *self, PyObject *args) {
    PyObject *trick_seq;
    int key;
    if (!PyArg_ParseTuple(args, "Oi", &trick_seq, &key)) return NULL;
    Table t;
    int seats[MAX_SEATS], cards[MAX_SEATS], n;
    if (check_table(&t, 4, key, -1, 0) < 0) return NULL;
    if (read_trick(trick_seq, seats, cards, &n) < 0) return NULL;
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "an empty trick has no winner");
        return NULL;
    }
    Play won = winning_play(&t, seats, cards, n);
    return Py_BuildValue("(ii)", won.seat, won.card);
}

PyDoc_STRVAR(points_doc,
"points(cards, key) -> int\n\ntricks.trick_points of card indices under trump key.");

static PyObject *py_points(PyObject *self, PyObject *args) {
    PyObject *seq;
    int key;
    if (!PyArg_ParseTuple(args, "Oi", &seq, &key)) return NULL;
    Table t;
    if (check_table(&t, 4, key, -1, 0) < 0) return NULL;
    PyObject *fast = PySequence_Fast(seq, "cards must be a sequence of card indices");
    if (!fast) return NULL;
    long total = 0;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast); k++) {
        int c;
        if (read_card(PySequence_Fast_GET_ITEM(fast, k), &c) < 0) { Py_DECREF(fast); return NULL; }
        total += t.points[c];
    }
    Py_DECREF(fast);
    return PyLong_FromLong(total);
}

PyDoc_STRVAR(choose_doc,
"choose(hands, trick, seat, key, taker, flags) -> card index\n\n"
"search.rollout_card: seat's Confirmé card on trick, seeing every hand (taker -1: none).");

static PyObject *py_choose(PyObject *self, PyObject *args) {
    PyObject *hands_seq, *trick_seq;
    int seat, key, taker, flags, players;
    if (!PyArg_ParseTuple(args, "OOiiii", &hands_seq, &trick_seq, &seat, &key, &taker, &flags))
        return NULL;
    Deal d;
    Table t;
    if (read_hands(hands_seq, &d, &players) < 0) return NULL;
    if (read_trick(trick_seq, d.trick_seat, d.trick_card, &d.trick_len) < 0) return NULL;
    if (check_table(&t, players, key, taker, flags) < 0) return NULL;
    if (seat < 0 || seat >= players) {
        PyErr_SetString(PyExc_ValueError, "no such seat");
        return NULL;
    }
    int card = rollout_card(&t, &d, seat);
    if (card < 0) {
        PyErr_SetString(PyExc_ValueError, "the seat has no card to play");
        return NULL;
    }
    return PyLong_FromLong(card);
}

/* The arguments every play-out shares. */
typedef struct {
    Table t;
    int trick_seat[MAX_SEATS], trick_card[MAX_SEATS], trick_len;
    int seat;
    int base_points[MAX_SEATS], base_tricks[MAX_SEATS];
} Start;

static int read_start(Start *st, int players, PyObject *trick_seq, int seat, int key,
                      int taker, int flags, PyObject *points_seq, PyObject *tricks_seq) {
    if (check_table(&st->t, players, key, taker, flags) < 0) return -1;
    if (read_trick(trick_seq, st->trick_seat, st->trick_card, &st->trick_len) < 0) return -1;
    if (st->trick_len >= players || seat < 0 || seat >= players) {
        PyErr_SetString(PyExc_ValueError, "the trick or the seat does not fit the players");
        return -1;
    }
    st->seat = seat;
    memset(st->base_points, 0, sizeof st->base_points);
    memset(st->base_tricks, 0, sizeof st->base_tricks);
    if (read_counts(points_seq, players, st->base_points, "points") < 0) return -1;
    return read_counts(tricks_seq, players, st->base_tricks, "tricks");
}

static void run(const Start *st, const Deal *dealt, int first, Result *r) {
    Deal d = *dealt;
    d.trick_len = st->trick_len;
    memcpy(d.trick_seat, st->trick_seat, sizeof d.trick_seat);
    memcpy(d.trick_card, st->trick_card, sizeof d.trick_card);
    memcpy(r->points, st->base_points, sizeof r->points);
    memcpy(r->tricks, st->base_tricks, sizeof r->tricks);
    play_deal(&st->t, &d, st->seat, first, r);
}

PyDoc_STRVAR(rollout_doc,
"rollout(hands, trick, seat, first, key, taker, flags, points, tricks)\n"
"    -> (points, tricks, current, winner)\n\n"
"search.play_rollout: the deal finished from hands (each seat's cards, in order) and the\n"
"trick in progress, seat next playing first (-1: its Confirmé card), every seat then\n"
"playing the Confirmé's card seeing every hand; points and tricks per seat start from\n"
"the given ones.  current: the first trick finished, as (seat, card) plays; winner its\n"
"winner.  The GIL is released while it plays.");

static PyObject *py_rollout(PyObject *self, PyObject *args) {
    PyObject *hands_seq, *trick_seq, *points_seq, *tricks_seq;
    int seat, first, key, taker, flags, players;
    if (!PyArg_ParseTuple(args, "OOiiiiiOO", &hands_seq, &trick_seq, &seat, &first, &key,
                          &taker, &flags, &points_seq, &tricks_seq))
        return NULL;
    Deal d;
    Start st;
    if (read_hands(hands_seq, &d, &players) < 0) return NULL;
    if (read_start(&st, players, trick_seq, seat, key, taker, flags, points_seq, tricks_seq) < 0)
        return NULL;
    if (first < -1 || first >= DECK) {
        PyErr_SetString(PyExc_ValueError, "first: a card index, or -1");
        return NULL;
    }
    Result r;
    Py_BEGIN_ALLOW_THREADS
    run(&st, &d, first, &r);
    Py_END_ALLOW_THREADS
    return result_tuple(&r, players);
}

PyDoc_STRVAR(rollouts_doc,
"rollouts(worlds, trick, seat, firsts, key, taker, flags, points, tricks)\n"
"    -> list (a world) of lists (a first card) of rollout results\n\n"
"rollout() for each world (its hands) and each first card, in one call: the GIL is\n"
"released while the whole batch plays.");

static PyObject *py_rollouts(PyObject *self, PyObject *args) {
    PyObject *worlds_seq, *trick_seq, *firsts_seq, *points_seq, *tricks_seq;
    int seat, key, taker, flags;
    if (!PyArg_ParseTuple(args, "OOiOiiiOO", &worlds_seq, &trick_seq, &seat, &firsts_seq, &key,
                          &taker, &flags, &points_seq, &tricks_seq))
        return NULL;
    PyObject *worlds = PySequence_Fast(worlds_seq, "worlds must be a sequence of hands");
    if (!worlds) return NULL;
    PyObject *firsts = PySequence_Fast(firsts_seq, "firsts must be a sequence of cards");
    if (!firsts) { Py_DECREF(worlds); return NULL; }
    Py_ssize_t world_count = PySequence_Fast_GET_SIZE(worlds);
    Py_ssize_t first_count = PySequence_Fast_GET_SIZE(firsts);
    PyObject *out = NULL;
    Py_ssize_t runs = world_count * first_count;
    Deal *deals = batch_array(world_count, sizeof(Deal));
    int *first_cards = batch_array(first_count, sizeof(int));
    Result *results = batch_array(runs, sizeof(Result));
    Start st;
    int players = 0;
    if (!deals || !first_cards || !results) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t k = 0; k < first_count; k++)
        if (read_card(PySequence_Fast_GET_ITEM(firsts, k), &first_cards[k]) < 0) goto done;
    for (Py_ssize_t w = 0; w < world_count; w++) {
        int seats;
        if (read_hands(PySequence_Fast_GET_ITEM(worlds, w), &deals[w], &seats) < 0) goto done;
        if (w && seats != players) {
            PyErr_SetString(PyExc_ValueError, "every world has the same number of hands");
            goto done;
        }
        players = seats;
    }
    if (world_count == 0) { out = PyList_New(0); goto done; }
    if (read_start(&st, players, trick_seq, seat, key, taker, flags, points_seq, tricks_seq) < 0)
        goto done;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t w = 0; w < world_count; w++)
        for (Py_ssize_t k = 0; k < first_count; k++)
            run(&st, &deals[w], first_cards[k], &results[w * first_count + k]);
    Py_END_ALLOW_THREADS
    out = PyList_New(world_count);
    if (!out) goto done;
    for (Py_ssize_t w = 0; w < world_count; w++) {
        PyObject *row = PyList_New(first_count);
        if (!row) { Py_CLEAR(out); goto done; }
        PyList_SET_ITEM(out, w, row);
        for (Py_ssize_t k = 0; k < first_count; k++) {
            PyObject *item = result_tuple(&results[w * first_count + k], players);
            if (!item) { Py_CLEAR(out); goto done; }
            PyList_SET_ITEM(row, k, item);
        }
    }
done:
    PyMem_Free(deals);
    PyMem_Free(first_cards);
    PyMem_Free(results);
    Py_DECREF(worlds);
    Py_DECREF(firsts);
    return out;
}

PyDoc_STRVAR(random_deals_doc,
"random_deals(seed, count, players, hand_size, key, flags) -> int\n\n"
"count deals played with uniformly random legal cards (splitmix64 from seed, the\n"
"bench's Python twin draws the same way); the checksum of their tricks.  The GIL is\n"
"released while they play.");

static PyObject *py_random_deals(PyObject *self, PyObject *args) {
    unsigned long long seed;
    long count;
    int players, hand_size, key, flags;
    if (!PyArg_ParseTuple(args, "Kliiii", &seed, &count, &players, &hand_size, &key, &flags))
        return NULL;
    Table t;
    if (check_table(&t, players, key, -1, flags) < 0) return NULL;
    if (hand_size < 1 || players * hand_size > DECK) {
        PyErr_SetString(PyExc_ValueError, "the hands do not fit in the deck");
        return NULL;
    }
    uint64_t state = seed;
    long long sum = 0;
    Py_BEGIN_ALLOW_THREADS
    for (long k = 0; k < count; k++) sum += random_deal(&t, hand_size, &state);
    Py_END_ALLOW_THREADS
    return PyLong_FromLongLong(sum);
}

static PyMethodDef methods[] = {
    {"legal", py_legal, METH_VARARGS, legal_doc},
    {"winner", py_winner, METH_VARARGS, winner_doc},
    {"points", py_points, METH_VARARGS, points_doc},
    {"choose", py_choose, METH_VARARGS, choose_doc},
    {"rollout", py_rollout, METH_VARARGS, rollout_doc},
    {"rollouts", py_rollouts, METH_VARARGS, rollouts_doc},
    {"random_deals", py_random_deals, METH_VARARGS, random_deals_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_trick32",
    "The 32-card games' kernel: legal cards, tricks and the Expert's play-outs "
    "(game/core/trick32.py is its Python face).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__trick32(void) {
    init_tables();
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "UNDERTRUMP_MUST", FLAG_UNDERTRUMP_MUST) < 0 ||
        PyModule_AddIntConstant(m, "OVERTRUMP_RELAXED", FLAG_OVERTRUMP_RELAXED) < 0 ||
        PyModule_AddIntConstant(m, "PARTNER_RUFF_SHIFT", PARTNER_RUFF_SHIFT) < 0 ||
        PyModule_AddIntConstant(m, "NO_TRUMP", NO_TRUMP_KEY) < 0 ||
        PyModule_AddIntConstant(m, "ALL_TRUMP", ALL_TRUMP_KEY) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
