/* Tarot's hot loop in C: the identical twin of the Python play-outs.
 *
 * Cards are numbered as game.engine.tarot_cards.DECK78 lists them (0..55 the four plain
 * suits of 14, 56..76 the trumps 1..21, 77 the Excuse), so a sorted list of ids is
 * Python's sorted(cards).  A hand is kept twice: an ordered array (Python's list, whose
 * order breaks the ties of min() and max()) and one bit per rank and suit (the sets the
 * Confirmé play asks about).
 *
 * What each function computes, and in which order it looks at the cards, is the Python
 * function it names (game/engine/tarot_tricks.py, game/ai/tarot.py,
 * game/ai/tarot_search.py, game/ai/tarot_endgame.py): tests/test_core_tarot.py holds
 * them to the same results.
 *
 * The position a play-out starts from comes as bytes (game/core/tarot.py packs it):
 *   header  n, seat, taker, called, view_partner, announcer, secret, closed, multiplier,
 *           chien_to_attack, poignee_bonus/10, chelem_announced, petit_multiplied,
 *           unannounced_chelem/10, defence_chelem/10, excuse_to_trick_winner,
 *           finished_tricks, trick_cards   (255: none)
 *   then each finished trick: winner, then n (seat, card) pairs;
 *   then the trick under way: (seat, card) pairs;
 *   then what the taker knows aside (closed table): count, cards.
 * A world: each seat's hand (count, cards in order), then the pile (count, cards).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"

#define NCARDS 78
#define EXC 77
#define PETIT 56
#define T21 76
#define TRUMP 4
#define EXCSUIT 5
#define KING 14
#define NONE 255
#define MAXP 5
#define MAXHAND 24
#define MAXTRICKS 26
#define HEADER 18

static int SUIT[NCARDS], RANK[NCARDS], HALF[NCARDS], BOUT[NCARDS], KEEP10[NCARDS];

static int card_of(int suit, int rank) {
    if (suit < TRUMP) return suit * 14 + rank - 1;
    if (suit == TRUMP) return 55 + rank;
    return EXC;
}

/* the trumps among ``cards``, lowest first */
static int trumps_by_rank(const uint8_t *cards, int count, uint8_t *out) {
    uint32_t ranks = 0;
    for (int i = 0; i < count; i++) if (SUIT[cards[i]] == TRUMP) ranks |= 1u << RANK[cards[i]];
    int n = 0;
    for (int r = 1; r <= 21; r++) if ((ranks >> r) & 1) out[n++] = (uint8_t)card_of(TRUMP, r);
    return n;
}

static void init_tables(void) {
    for (int id = 0; id < NCARDS; id++) {
        int suit = id < 56 ? id / 14 : id < 77 ? TRUMP : EXCSUIT;
        int rank = id < 56 ? id % 14 + 1 : id < 77 ? id - 55 : 0;
        int bout = id == EXC || id == PETIT || id == T21;
        int half = 1;
        if (bout) half = 9;
        else if (suit < TRUMP) half = rank == 14 ? 9 : rank == 13 ? 7 : rank == 12 ? 5 : rank == 11 ? 3 : 1;
        SUIT[id] = suit; RANK[id] = rank; BOUT[id] = bout; HALF[id] = half;
        /* keep_value, times ten (ints: the same order, the same ties) */
        int keep = 10 * half;
        if (id == EXC) keep = 400;
        else if (id == PETIT || id == T21) keep = 500;
        else if (suit == TRUMP) keep += 30 + rank;
        else if (rank == KING) keep += 100;
        KEEP10[id] = keep;
    }
}

/* --- the position and the game under way ------------------------------------------- */

typedef struct {
    int n, seat, taker, called, view_partner, announcer, secret, closed;
    int multiplier, chien_to_attack, poignee_bonus, chelem_announced, petit_multiplied;
    int unannounced_chelem, defence_chelem, excuse_to_winner;
    int ntricks, tlen;
    uint8_t tr_winner[MAXTRICKS], tr_seat[MAXTRICKS][MAXP], tr_card[MAXTRICKS][MAXP];
    uint8_t cur_seat[MAXP], cur_card[MAXP];
    uint32_t aside[6];  /* the taker's écart he knows (closed table), by suit */
} Position;

typedef struct {
    const Position *pos;
    int n;
    uint8_t hand[MAXP][MAXHAND];
    int len[MAXP];
    uint32_t held[MAXP][6];  /* by suit, one bit per rank (the Excuse: bit 0 of suit 5) */
    int ntricks, tlen;
    uint8_t tr_winner[MAXTRICKS], tr_seat[MAXTRICKS][MAXP], tr_card[MAXTRICKS][MAXP];
    uint8_t cur_seat[MAXP], cur_card[MAXP];
    int pile_points, pile_bouts;
    /* the table */
    int attack;  /* seats of the attack, one bit each */
    int holder;  /* of the called card (-1: none, or in the pile) */
    int partner;
    /* what the play told (closed table): voids and trump caps by seat, cards played */
    int inf_voids[MAXP], inf_caps[MAXP];
    uint32_t played[6];
} Game;

typedef struct {
    int seat, n, announcer;
    uint32_t unseen[6];
    int voids[MAXP];  /* suits, one bit each */
    int caps[MAXP];
    int attack, defence;
} Memory;

static int bit_of(int card) { return 1 << RANK[card]; }
static int in_hand(const Game *g, int seat, int card) {
    return (g->held[seat][SUIT[card]] >> RANK[card]) & 1;
}

static int parse_position(const uint8_t *b, Py_ssize_t size, Position *p) {
    if (size < HEADER) return -1;
    p->n = b[0]; p->seat = b[1]; p->taker = b[2];
    p->called = b[3] == NONE ? -1 : b[3];
    p->view_partner = b[4] == NONE ? -1 : b[4];
    p->announcer = b[5] == NONE ? -1 : b[5];
    p->secret = b[6]; p->closed = b[7]; p->multiplier = b[8]; p->chien_to_attack = b[9];
    p->poignee_bonus = 10 * b[10]; p->chelem_announced = b[11]; p->petit_multiplied = b[12];
    p->unannounced_chelem = 10 * b[13]; p->defence_chelem = 10 * b[14];
    p->excuse_to_winner = b[15]; p->ntricks = b[16]; p->tlen = b[17];
    if (p->n < 3 || p->n > MAXP || p->ntricks >= MAXTRICKS || p->tlen >= p->n) return -1;
    Py_ssize_t k = HEADER;
    for (int t = 0; t < p->ntricks; t++) {
        if (k + 1 + 2 * p->n > size) return -1;
        p->tr_winner[t] = b[k++];
        for (int i = 0; i < p->n; i++) { p->tr_seat[t][i] = b[k++]; p->tr_card[t][i] = b[k++]; }
        if (p->tr_winner[t] >= p->n) return -1;
        for (int i = 0; i < p->n; i++)
            if (p->tr_seat[t][i] >= p->n || p->tr_card[t][i] >= NCARDS) return -1;
    }
    if (k + 2 * p->tlen + 1 > size) return -1;
    for (int i = 0; i < p->tlen; i++) {
        p->cur_seat[i] = b[k++]; p->cur_card[i] = b[k++];
        if (p->cur_seat[i] >= p->n || p->cur_card[i] >= NCARDS) return -1;
    }
    if (p->seat >= p->n || p->taker >= p->n || (p->called >= NCARDS)
        || (p->view_partner >= p->n) || (p->announcer >= p->n)) return -1;
    memset(p->aside, 0, sizeof p->aside);
    int count = b[k++];
    if (k + count > size) return -1;
    for (int i = 0; i < count; i++) {
        int c = b[k++];
        if (c >= NCARDS) return -1;
        p->aside[SUIT[c]] |= bit_of(c);
    }
    return 0;
}

/* _infer, one card at a time: what ``card`` played by ``seat`` after the trick's
 * first ``at`` cards tells of its voids and trump cap. */
static void infer(Game *g, const uint8_t *seats, const uint8_t *cards, int at) {
    if (at == 0) return;
    int card = cards[at], seat = seats[at];
    int led = -1, top = 0;
    for (int i = 0; i < at; i++) {
        int c = cards[i];
        if (led < 0 && c != EXC) led = SUIT[c];
        if (SUIT[c] == TRUMP && RANK[c] > top) top = RANK[c];
    }
    if (card == EXC || led < 0) return;
    if (SUIT[card] != led) {
        g->inf_voids[seat] |= 1 << led;
        if (SUIT[card] != TRUMP) g->inf_voids[seat] |= 1 << TRUMP;
    }
    if (SUIT[card] == TRUMP && RANK[card] < top && (led == TRUMP || SUIT[card] != led))
        if (top < g->inf_caps[seat]) g->inf_caps[seat] = top;
}

/* The world and the trick under way make a position the play can go on from: no card
 * twice, the trick's seats in turn and the position's seat next, the hands even (those
 * that played in the trick one card shorter). */
static int consistent(const Position *p, const Game *g) {
    uint32_t seen[6] = {0, 0, 0, 0, 0, 0};
    int n = p->n, total = 0;
    for (int s = 0; s < n; s++)
        for (int suit = 0; suit < 6; suit++) {
            if (seen[suit] & g->held[s][suit]) return 0;
            seen[suit] |= g->held[s][suit];
            total += popcount32(g->held[s][suit]);
        }
    for (int s = 0; s < n; s++) total -= g->len[s];
    if (total) return 0;  /* a card twice in one hand */
    for (int i = 0; i < p->tlen; i++) {
        int c = p->cur_card[i];
        if ((seen[SUIT[c]] >> RANK[c]) & 1) return 0;
        seen[SUIT[c]] |= (uint32_t)bit_of(c);
        if (p->cur_seat[i] != (p->cur_seat[0] + i) % n) return 0;
    }
    int next = p->tlen ? (p->cur_seat[p->tlen - 1] + 1) % n : p->seat;
    if (next != p->seat || g->len[p->seat] < 1) return 0;
    int short_len = g->len[p->tlen ? p->cur_seat[0] : p->seat];
    for (int s = 0; s < n; s++) {
        int played = 0;
        for (int i = 0; i < p->tlen; i++) played |= p->cur_seat[i] == s;
        int want = p->tlen ? (played ? short_len : short_len + 1) : short_len;
        if (g->len[s] != want) return 0;
    }
    return 1;
}

static int parse_world(const Position *p, const uint8_t *b, Py_ssize_t size, Game *g) {
    memset(g, 0, sizeof *g);
    g->pos = p; g->n = p->n;
    Py_ssize_t k = 0;
    for (int s = 0; s < p->n; s++) {
        if (k >= size) return -1;
        int count = b[k++];
        if (count > MAXHAND || k + count > size) return -1;
        g->len[s] = count;
        for (int i = 0; i < count; i++) {
            int c = b[k++];
            if (c >= NCARDS) return -1;
            g->hand[s][i] = (uint8_t)c;
            g->held[s][SUIT[c]] |= bit_of(c);
        }
    }
    if (k >= size) return -1;
    int count = b[k++];
    if (k + count > size) return -1;
    for (int i = 0; i < count; i++) {
        int c = b[k++];
        if (c >= NCARDS) return -1;
        g->pile_points += HALF[c]; g->pile_bouts += BOUT[c];
    }
    if (!consistent(p, g)) return -1;
    g->ntricks = p->ntricks; g->tlen = p->tlen;
    memcpy(g->tr_winner, p->tr_winner, sizeof g->tr_winner);
    memcpy(g->tr_seat, p->tr_seat, sizeof g->tr_seat);
    memcpy(g->tr_card, p->tr_card, sizeof g->tr_card);
    memcpy(g->cur_seat, p->cur_seat, sizeof g->cur_seat);
    memcpy(g->cur_card, p->cur_card, sizeof g->cur_card);
    /* start_rollout: the called card's holder in this world, the partner */
    g->holder = -1;
    if (p->called >= 0)
        for (int s = 0; s < p->n; s++)
            if (in_hand(g, s, p->called)) { g->holder = s; break; }
    g->partner = g->holder < 0 ? p->view_partner : g->holder;
    if (g->partner == p->taker) g->partner = -1;
    g->attack = 1 << p->taker;
    if (g->partner >= 0) g->attack |= 1 << g->partner;
    for (int s = 0; s < p->n; s++) g->inf_caps[s] = 21;
    for (int t = 0; t < g->ntricks; t++)
        for (int i = 0; i < p->n; i++) {
            infer(g, g->tr_seat[t], g->tr_card[t], i);
            g->played[SUIT[g->tr_card[t][i]]] |= bit_of(g->tr_card[t][i]);
        }
    for (int i = 0; i < g->tlen; i++) {
        infer(g, g->cur_seat, g->cur_card, i);
        g->played[SUIT[g->cur_card[i]]] |= bit_of(g->cur_card[i]);
    }
    return 0;
}

/* --- the trick rules (tarot_tricks) ----------------------------------------------- */

static int led_suit(const uint8_t *cards, int len) {
    for (int i = 0; i < len; i++)
        if (cards[i] != EXC) return SUIT[cards[i]];
    return -1;
}

static int card_power(int card, int led) {
    if (SUIT[card] == TRUMP) return 100 + RANK[card];
    return SUIT[card] == led ? RANK[card] : -1;
}

static int trick_winner(const uint8_t *seats, const uint8_t *cards, int len) {
    int led = led_suit(cards, len);
    int best_seat = seats[0], best_key = -1;
    for (int i = 0; i < len; i++) {
        int key = card_power(cards[i], led);
        if (key > best_key) { best_seat = seats[i]; best_key = key; }
    }
    return best_seat;
}

/* legal_cards(hand, trick), in Python's order (the Excuse put last when it is added) */
static int legal_cards(const uint8_t *hand, int len, const uint8_t *trick, int tlen,
                       uint8_t *out) {
    int led = led_suit(trick, tlen), count = 0, excuse = 0;
    for (int i = 0; i < len; i++) excuse |= hand[i] == EXC;
    if (led < 0) { memcpy(out, hand, len); return len; }
    if (led != TRUMP) {
        for (int i = 0; i < len; i++) if (SUIT[hand[i]] == led) out[count++] = hand[i];
        if (count) { if (excuse) out[count++] = EXC; return count; }
    }
    int top = 0, trumps = 0;
    for (int i = 0; i < tlen; i++)
        if (SUIT[trick[i]] == TRUMP && RANK[trick[i]] > top) top = RANK[trick[i]];
    for (int i = 0; i < len; i++) if (SUIT[hand[i]] == TRUMP) trumps++;
    if (!trumps) { memcpy(out, hand, len); return len; }
    for (int i = 0; i < len; i++)
        if (SUIT[hand[i]] == TRUMP && RANK[hand[i]] > top) out[count++] = hand[i];
    if (!count)
        for (int i = 0; i < len; i++) if (SUIT[hand[i]] == TRUMP) out[count++] = hand[i];
    if (excuse) out[count++] = EXC;
    return count;
}

/* the cards ``seat`` may play now (OpenTable.card's first lines) */
static int seat_cards(const Game *g, int seat, uint8_t *out) {
    const Position *p = g->pos;
    uint8_t hand[MAXHAND];
    int len = 0;
    int drop = seat == p->announcer && g->len[seat] > 1;  /* announcer_hand */
    for (int i = 0; i < g->len[seat]; i++)
        if (!(drop && g->hand[seat][i] == EXC)) hand[len++] = g->hand[seat][i];
    if (g->ntricks == 0 && g->tlen == 0 && p->called >= 0) {  /* first_lead_cards */
        int count = 0;
        for (int i = 0; i < len; i++)
            if (SUIT[hand[i]] != SUIT[p->called] || hand[i] == p->called) out[count++] = hand[i];
        if (count) return count;
        memcpy(out, hand, len);
        return len;
    }
    return legal_cards(hand, len, g->cur_card, g->tlen, out);
}

/* --- the camps and the memory (OpenTable.camps, known_camps, open/play_memory) ------- */

static void camps(const Game *g, int seat, int *attack, int *defence) {
    const Position *p = g->pos;
    int everyone = (1 << g->n) - 1;
    if (p->secret && (g->holder < 0 || in_hand(g, g->holder, p->called))) {
        if (g->n < 5) { *attack = 1 << p->taker; *defence = everyone & ~*attack; return; }
        if (seat == g->holder) {
            *attack = (1 << p->taker) | (1 << seat);
            *defence = everyone & ~*attack;
        } else if (seat == p->taker) {
            *attack = 1 << p->taker; *defence = 0;
        } else {
            *attack = 1 << p->taker; *defence = 1 << seat;
        }
        return;
    }
    *attack = g->attack;
    *defence = everyone & ~g->attack;
}

static void memory_of(const Game *g, int seat, Memory *m) {
    const Position *p = g->pos;
    m->seat = seat; m->n = g->n; m->announcer = p->announcer;
    camps(g, seat, &m->attack, &m->defence);
    if (!p->closed) {
        memset(m->unseen, 0, sizeof m->unseen);
        for (int s = 0; s < g->n; s++) {
            int voids = 0, cap;
            for (int suit = 0; suit < 6; suit++) {
                if (s != seat) m->unseen[suit] |= g->held[s][suit];
                if (!g->held[s][suit]) voids |= 1 << suit;
            }
            cap = high_bit_or_none(g->held[s][TRUMP]);
            m->voids[s] = voids;
            m->caps[s] = cap < 0 ? 0 : cap;
        }
        m->unseen[EXCSUIT] = 0;  /* never asked of the Excuse */
        return;
    }
    for (int suit = 0; suit < 6; suit++) {
        uint32_t all = suit < TRUMP ? 0x7FFEu : suit == TRUMP ? 0x3FFFFEu : 1u;
        uint32_t known = seat == p->taker ? p->aside[suit] : 0;
        m->unseen[suit] = all & ~(g->played[suit] | g->held[seat][suit] | known);
    }
    m->unseen[EXCSUIT] = 0;
    for (int s = 0; s < g->n; s++) { m->voids[s] = g->inf_voids[s]; m->caps[s] = g->inf_caps[s]; }
}

static int same_camp(const Memory *m, int a, int b) {
    int pair = (1 << a) | (1 << b);
    return a == b || (m->attack & pair) == pair || (m->defence & pair) == pair;
}

/* whether ``seat`` may hold an unseen card of ``suit`` ranked above ``above`` */
static int may_hold_above(const Memory *m, int seat, int suit, int above) {
    if ((m->voids[seat] >> suit) & 1) return 0;
    uint32_t cards = m->unseen[suit] & ~((2u << above) - 1);
    if (suit == TRUMP) cards &= (2u << m->caps[seat]) - 1;
    return cards != 0;
}

static int may_beat(const Memory *m, int seat, int master, int led) {
    if (SUIT[master] == TRUMP) return may_hold_above(m, seat, TRUMP, RANK[master]);
    if (may_hold_above(m, seat, led, RANK[master])) return 1;
    int might_be_void = ((m->voids[seat] >> led) & 1) || popcount32(m->unseen[led]) <= 2;
    return might_be_void && may_hold_above(m, seat, TRUMP, 0);
}

static int is_master(const Memory *m, int card) {
    return (m->unseen[SUIT[card]] >> (RANK[card] + 1)) == 0;
}

static int threatened(const Memory *m, const int *threats, int nthreats, int card, int led) {
    for (int i = 0; i < nthreats; i++)
        if (may_beat(m, threats[i], card, led)) return 1;
    return 0;
}

/* --- the Confirmé card (tarot.choose_tarot_card) ----------------------------------- */

typedef struct {
    int seat, taker, hand_len;
    const uint8_t *trick_seat, *trick_card;
    int tlen;
    const uint8_t *winners;  /* of the deal's finished tricks */
    int ntricks;
} SeatView;

static int cheapest(const uint8_t *cards, int count) {
    int best = cards[0];
    for (int i = 1; i < count; i++) if (KEEP10[cards[i]] < KEEP10[best]) best = cards[i];
    return best;
}

static int contains(const uint8_t *cards, int count, int card) {
    for (int i = 0; i < count; i++) if (cards[i] == card) return 1;
    return 0;
}

static int give_card(const uint8_t *cards, int count) {
    if (contains(cards, count, PETIT)) return PETIT;
    int best = -1;
    for (int i = 0; i < count; i++) {
        int c = cards[i];
        if (SUIT[c] == TRUMP || c == EXC) continue;
        if (best < 0 || HALF[c] > HALF[best]) best = c;
    }
    return best >= 0 ? best : cheapest(cards, count);
}

static int opponents(const Memory *m, const int *seats, int count, int *out) {
    int k = 0;
    for (int i = 0; i < count; i++) if (!same_camp(m, seats[i], m->seat)) out[k++] = seats[i];
    return k;
}

static int later_threats(const Memory *m, int tlen, int *threats) {
    int later[MAXP], count = 0;
    for (int k = 1; k < m->n - tlen; k++) later[count++] = (m->seat + k) % m->n;
    return opponents(m, later, count, threats);
}

static int ruff_feared(const Memory *m, int suit, const int *others, int nothers) {
    for (int i = 0; i < nothers; i++) {
        int v = m->voids[others[i]];
        if (((v >> suit) & 1) && !((v >> TRUMP) & 1)) return 1;
    }
    return 0;
}

static int partner_ruff_lead(const Memory *m, const uint8_t *cards, int count,
                             const int *others, int nothers) {
    int best = -1;
    for (int i = 0; i < count; i++) {
        int c = cards[i];
        if (SUIT[c] >= TRUMP || RANK[c] >= KING) continue;
        int partner_void = 0;
        for (int s = 0; s < m->n && !partner_void; s++) {
            if (s == m->seat || !same_camp(m, s, m->seat)) continue;
            partner_void = ((m->voids[s] >> SUIT[c]) & 1) && !((m->voids[s] >> TRUMP) & 1);
        }
        if (!partner_void || ruff_feared(m, SUIT[c], others, nothers)) continue;
        if (best < 0 || HALF[c] < HALF[best]) best = c;
    }
    return best;
}

static int lead_card(const SeatView *v, const Memory *m, const uint8_t *cards, int count) {
    int all[MAXP], others[MAXP];
    for (int s = 0; s < m->n; s++) all[s] = s;
    int nothers = opponents(m, all, m->n, others);
    uint8_t trumps[MAXHAND];
    int ntrumps = trumps_by_rank(cards, count, trumps);
    uint32_t theirs = 0;  /* the unseen trumps an opponent may hold */
    for (int i = 0; i < nothers; i++)
        if (!((m->voids[others[i]] >> TRUMP) & 1))
            theirs |= m->unseen[TRUMP] & ((2u << m->caps[others[i]]) - 1);
    int their_trumps = popcount32(theirs);
    if (v->seat == v->taker && ntrumps && their_trumps) {
        int top = trumps[ntrumps - 1];
        if (is_master(m, top) && top != T21) return top;
        int small = -1, nsmall = 0;
        for (int i = 0; i < ntrumps; i++)
            if (trumps[i] != PETIT) { if (small < 0) small = trumps[i]; nsmall++; }
        if (nsmall && 2 * ntrumps * nothers >= 3 * their_trumps) return small;
    }
    int best = -1;
    for (int i = 0; i < count; i++) {
        int c = cards[i];
        if (SUIT[c] >= TRUMP || !is_master(m, c)) continue;
        if (popcount32(m->unseen[SUIT[c]]) < 4 || ruff_feared(m, SUIT[c], others, nothers)) continue;
        if (best < 0 || HALF[c] > HALF[best]) best = c;
    }
    if (best >= 0) return best;
    int ruff = partner_ruff_lead(m, cards, count, others, nothers);
    if (ruff >= 0) return ruff;
    int length[4] = {0, 0, 0, 0}, nplain = 0;
    for (int i = 0; i < count; i++) if (SUIT[cards[i]] < TRUMP) { length[SUIT[cards[i]]]++; nplain++; }
    if (!nplain) {
        uint8_t rest[MAXHAND];
        int nrest = 0;
        for (int i = 0; i < count; i++) if (cards[i] != PETIT && cards[i] != EXC) rest[nrest++] = cards[i];
        return nrest ? cheapest(rest, nrest) : cheapest(cards, count);
    }
    for (int i = 0; i < count; i++) {
        int c = cards[i];
        if (SUIT[c] >= TRUMP) continue;
        if (best < 0 || length[SUIT[c]] > length[SUIT[best]]
            || (length[SUIT[c]] == length[SUIT[best]] && KEEP10[c] < KEEP10[best])) best = c;
    }
    return best;
}

/* the trick's winner and its card */
static int master_of(const SeatView *v, int *winner) {
    *winner = trick_winner(v->trick_seat, v->trick_card, v->tlen);
    for (int i = 0; i < v->tlen; i++) if (v->trick_seat[i] == *winner) return v->trick_card[i];
    return -1;
}

/* the cards of ``cards`` that beat ``master`` (winners) and those no threat may beat (safe) */
static void winning_cards(const Memory *m, const uint8_t *cards, int count, int master, int led,
                          const int *threats, int nthreats, uint8_t *winners, int *nwinners,
                          uint8_t *safe, int *nsafe) {
    *nwinners = *nsafe = 0;
    for (int i = 0; i < count; i++) {
        int c = cards[i];
        if (c == EXC || card_power(c, led) <= card_power(master, led)) continue;
        winners[(*nwinners)++] = (uint8_t)c;
        if (!threatened(m, threats, nthreats, c, led)) safe[(*nsafe)++] = (uint8_t)c;
    }
}

static int strength(int c) { return (SUIT[c] == TRUMP) * 100 + RANK[c]; }  /* (is_trump, rank) */

/* the weakest of ``count`` cards (the first of equals) */
static int weakest(const uint8_t *cards, int count) {
    int best = cards[0];
    for (int i = 1; i < count; i++) if (strength(cards[i]) < strength(best)) best = cards[i];
    return best;
}

static int follow_card(const SeatView *v, const Memory *m, const uint8_t *cards, int count) {
    int led = led_suit(v->trick_card, v->tlen);
    if (led < 0) return lead_card(v, m, cards, count);
    int winner, master = master_of(v, &winner);
    int threats[MAXP], nthreats = later_threats(m, v->tlen, threats);
    if (same_camp(m, winner, m->seat) && !threatened(m, threats, nthreats, master, led))
        return give_card(cards, count);
    uint8_t winners[MAXHAND], safe[MAXHAND];
    int nwinners, nsafe;
    winning_cards(m, cards, count, master, led, threats, nthreats, winners, &nwinners, safe, &nsafe);
    if (nsafe) return weakest(safe, nsafe);
    uint8_t rest[MAXHAND];
    int nrest = 0;
    for (int i = 0; i < count; i++) if (cards[i] != PETIT) rest[nrest++] = cards[i];
    int choice = nrest ? cheapest(rest, nrest) : cheapest(cards, count);
    if (contains(cards, count, EXC) && KEEP10[choice] >= 90) return EXC;
    return choice;
}

static int chelem_lead(const Memory *m, const uint8_t *cards, int count, const int *threats,
                       int nthreats) {
    int trumps_out = 0;
    for (int i = 0; i < nthreats && !trumps_out; i++)
        trumps_out = may_hold_above(m, threats[i], TRUMP, 0);
    int top_trump = -1, low_trump = -1, top_plain = -1;
    for (int i = 0; i < count; i++) {
        int c = cards[i];
        if (c == EXC || threatened(m, threats, nthreats, c, SUIT[c])) continue;
        if (SUIT[c] == TRUMP) {
            if (top_trump < 0 || strength(c) > strength(top_trump)) top_trump = c;
            if (low_trump < 0 || strength(c) < strength(low_trump)) low_trump = c;
        } else if (top_plain < 0 || strength(c) > strength(top_plain)) {
            top_plain = c;
        }
    }
    if (trumps_out && top_trump >= 0) return top_trump;
    if (top_plain >= 0) return top_plain;
    return low_trump;
}

static int chelem_card(const SeatView *v, const Memory *m, const uint8_t *cards, int count) {
    int led = led_suit(v->trick_card, v->tlen);
    int threats[MAXP], nthreats = later_threats(m, v->tlen, threats);
    if (led < 0) {
        int choice = chelem_lead(m, cards, count, threats, nthreats);
        return choice >= 0 ? choice : lead_card(v, m, cards, count);
    }
    int winner, master = master_of(v, &winner);
    uint8_t winners[MAXHAND], safe[MAXHAND];
    int nwinners, nsafe;
    winning_cards(m, cards, count, master, led, threats, nthreats, winners, &nwinners, safe, &nsafe);
    if (nsafe) return weakest(safe, nsafe);
    if (nwinners && !same_camp(m, winner, m->seat)) {
        int best = winners[0];
        for (int i = 1; i < nwinners; i++) if (strength(winners[i]) > strength(best)) best = winners[i];
        return best;
    }
    return follow_card(v, m, cards, count);
}

static int chelem_in_reach(const SeatView *v, const Memory *m) {
    if (!v->ntricks) return 0;
    for (int t = 0; t < v->ntricks; t++) if (!same_camp(m, v->winners[t], m->seat)) return 0;
    return 1;
}

static int choose_card(const SeatView *v, const Memory *m, const uint8_t *cards, int count) {
    if (count == 1) return cards[0];
    if (m->announcer == m->seat) return chelem_card(v, m, cards, count);
    if (contains(cards, count, EXC) && v->hand_len == 2 && !chelem_in_reach(v, m)) return EXC;
    if (v->tlen) return follow_card(v, m, cards, count);
    return lead_card(v, m, cards, count);
}

/* --- what only an open table sees (tarot_search.OpenTable) --------------------------- */

static int best_power(const Game *g, int seat, int led) {
    if (led != TRUMP && g->held[seat][led]) return high_bit_or_none(g->held[seat][led]);
    int top = high_bit_or_none(g->held[seat][TRUMP]);
    return top > 0 ? 100 + top : -1;
}

static void later_powers(const Game *g, int seat, int played, int led, int mine,
                         int *ours, int *theirs) {
    *ours = *theirs = -1;
    for (int k = 1; k < g->n - played; k++) {
        int later = (seat + k) % g->n, power = best_power(g, later, led);
        if ((mine >> later) & 1) { if (power > *ours) *ours = power; }
        else if (power > *theirs) *theirs = power;
    }
}

static int camp_wins_trick(const Game *g, int seat, int mine) {
    int led = led_suit(g->cur_card, g->tlen);
    if (led < 0) return 0;
    int ours, theirs;
    later_powers(g, seat, g->tlen, led, mine, &ours, &theirs);
    for (int i = 0; i < g->tlen; i++) {
        int power = card_power(g->cur_card[i], led);
        if ((mine >> g->cur_seat[i]) & 1) { if (power > ours) ours = power; }
        else if (power > theirs) theirs = power;
    }
    return ours > theirs;
}

static int sure_lead(const Game *g, int seat, const uint8_t *cards, int count, int mine) {
    int best = -1;
    for (int i = 0; i < count; i++) {
        int c = cards[i];
        if (SUIT[c] >= TRUMP) continue;
        int ours, theirs;
        later_powers(g, seat, 0, SUIT[c], mine, &ours, &theirs);
        if ((mine >> seat) & 1) { if (RANK[c] > ours) ours = RANK[c]; }
        else if (RANK[c] > theirs) theirs = RANK[c];
        if (ours <= theirs) continue;
        if (best < 0 || HALF[c] > HALF[best] || (HALF[c] == HALF[best] && RANK[c] < RANK[best]))
            best = c;
    }
    return best;
}

static int petit_hunt(const Game *g, int seat, const uint8_t *cards, int count) {
    if (g->tlen) return -1;
    int holder = -1;
    for (int s = 0; s < g->n; s++) if (g->held[s][TRUMP] & 2u) { holder = s; break; }
    if (holder < 0) return -1;
    int attack, defence;
    camps(g, seat, &attack, &defence);
    int opponents = (attack >> seat) & 1 ? defence : (defence >> seat) & 1 ? attack : 0;
    if (!((opponents >> holder) & 1)) return -1;
    uint32_t guards = g->held[holder][TRUMP] & ~2u;
    int nguards = popcount32(guards);
    uint8_t mine[MAXHAND];
    int nmine = trumps_by_rank(cards, count, mine);
    if (nguards > 3 || nmine <= nguards) return -1;
    int top_guard = guards ? high_bit_or_none(guards) : 0;
    return RANK[mine[nmine - 1]] > top_guard ? mine[nmine - 1] : mine[0];
}

static int sure_trick_card(const Game *g, int seat, const uint8_t *cards, int count) {
    if (seat == g->pos->announcer) return -1;
    int attack, defence;
    camps(g, seat, &attack, &defence);
    int mine = (attack >> seat) & 1 ? attack : defence;
    if (popcount32((uint32_t)mine) < 2) return -1;
    if (!g->tlen) return sure_lead(g, seat, cards, count, mine);
    if (!camp_wins_trick(g, seat, mine)) return -1;
    return give_card(cards, count);
}

static int table_card(const Game *g, int seat) {
    uint8_t cards[MAXHAND];
    int count = seat_cards(g, seat, cards);
    if (count <= 1) return count ? cards[0] : -1;
    if (!g->pos->closed) {
        int card = petit_hunt(g, seat, cards, count);
        if (card >= 0) return card;
        card = sure_trick_card(g, seat, cards, count);
        if (card >= 0) return card;
    }
    Memory m;
    memory_of(g, seat, &m);
    SeatView v = {seat, g->pos->taker, g->len[seat], g->cur_seat, g->cur_card, g->tlen,
                  g->tr_winner, g->ntricks};
    return choose_card(&v, &m, cards, count);
}

/* --- the play-out (tarot_search.play_tricks) ----------------------------------------- */

static int remove_card(Game *g, int seat, int card) {
    uint8_t *hand = g->hand[seat];
    int len = g->len[seat], i = 0;
    while (i < len && hand[i] != card) i++;
    if (i == len) return -1;
    memmove(hand + i, hand + i + 1, (size_t)(len - i - 1));
    g->len[seat] = len - 1;
    g->held[seat][SUIT[card]] &= ~(uint32_t)bit_of(card);
    return 0;
}

/* the play-out from ``seat`` (playing ``first`` when >= 0): to the deal's end (0), or, with
 * ``stop`` > 0, until a trick starts with at most ``stop`` cards in each hand (its leader,
 * plus 1); -1 bad input */
static int play_until(Game *g, int seat, int first, int stop) {
    int card = first >= 0 ? first : table_card(g, seat);
    for (;;) {
        if (remove_card(g, seat, card) < 0) return -1;
        g->cur_seat[g->tlen] = (uint8_t)seat; g->cur_card[g->tlen] = (uint8_t)card;
        infer(g, g->cur_seat, g->cur_card, g->tlen);
        g->played[SUIT[card]] |= bit_of(card);
        g->tlen++;
        if (g->tlen < g->n) {
            seat = (seat + 1) % g->n;
        } else {
            if (g->ntricks >= MAXTRICKS) return -1;
            seat = trick_winner(g->cur_seat, g->cur_card, g->n);
            memcpy(g->tr_seat[g->ntricks], g->cur_seat, MAXP);
            memcpy(g->tr_card[g->ntricks], g->cur_card, MAXP);
            g->tr_winner[g->ntricks++] = (uint8_t)seat;
            g->tlen = 0;
            if (!g->len[seat]) return 0;
            if (stop > 0 && g->len[seat] <= stop) return seat + 1;
        }
        card = table_card(g, seat);
        if (card < 0) return -1;
    }
}

static int play_tricks(Game *g, int seat, int first) {
    return play_until(g, seat, first, 0);
}

/* --- the scoring (tarot_endgame.Tally, DealFrame, tarot_scoring.score_deal) ------------ */

typedef struct { int points, bouts, winners; } Tally;  /* winners: 1 defence, 2 attack */

#define FATE_SAME 0
#define FATE_EXCHANGED 1
#define FATE_OWED 2
#define FATE_CHANGED 3
#define FATE_LAST 4
#define FATE_CHELEM 5

static void tally_after(Tally *t, const uint8_t *seats, const uint8_t *cards, int n, int winner,
                        int attack, int last, int excuse_to_winner) {
    int winner_attack = (attack >> winner) & 1, excuse_attack = winner_attack;
    int owner = -1;
    for (int i = 0; i < n; i++) if (cards[i] == EXC) { owner = seats[i]; break; }
    if (owner >= 0) {
        int owner_attack = (attack >> owner) & 1, fate;
        int owner_bit = owner_attack ? 2 : 1;
        if (last && t->winners == owner_bit) fate = FATE_CHELEM;
        else if (last) fate = excuse_to_winner ? FATE_LAST : FATE_CHANGED;
        else if (owner_attack == winner_attack) fate = FATE_SAME;
        else fate = (t->winners & owner_bit) ? FATE_EXCHANGED : FATE_OWED;
        if (fate == FATE_CHELEM) winner_attack = owner_attack;
        excuse_attack = fate == FATE_CHANGED ? !owner_attack
                      : fate == FATE_LAST ? winner_attack : owner_attack;
        if (fate == FATE_EXCHANGED || fate == FATE_OWED) t->points += owner_attack ? -1 : 1;
    }
    for (int i = 0; i < n; i++) {
        int c = cards[i];
        if (c == EXC ? excuse_attack : winner_attack) { t->points += HALF[c]; t->bouts += BOUT[c]; }
    }
    t->winners |= winner_attack ? 2 : 1;
}

static const int POINTS_NEEDED[4] = {56, 51, 41, 36};

/* score_deal's per_defender; petit and chelem: 0 none, 1 attack, 2 defence */
static int per_defender(const Position *p, int points, int bouts, int petit, int chelem) {
    int half_diff = points - POINTS_NEEDED[bouts] * 2;
    int won = half_diff >= 0;
    int diff = won ? (half_diff + 1) / 2 : -((-half_diff + 1) / 2);
    int sign = won ? 1 : -1;
    int x = sign * (25 + (diff < 0 ? -diff : diff)) * p->multiplier;
    if (petit) x += (petit == 1 ? 1 : -1) * 10 * (p->petit_multiplied ? p->multiplier : 1);
    x += sign * p->poignee_bonus;
    if (chelem == 2) x -= p->defence_chelem;
    else if (chelem == 1) x += p->chelem_announced ? 400 : p->unannounced_chelem;
    else if (p->chelem_announced) x -= 200;
    return x;
}

/* DealFrame.deal_end and per_defender: the deal ending with the trick of ``cards`` won by
 * ``winner`` */
static int end_score(const Position *p, int attack, const Tally *t, const uint8_t *cards, int n,
                     int winner) {
    int petit = 0, chelem = 0;
    for (int i = 0; i < n; i++)
        if (cards[i] == PETIT) petit = (attack >> winner) & 1 ? 1 : 2;
    if (t->winners == 2) chelem = 1;
    else if (t->winners == 1) chelem = 2;
    return per_defender(p, t->points, t->bouts, petit, chelem);
}

static int deal_end(const Game *g, const Tally *t) {
    int last = g->ntricks - 1;
    return end_score(g->pos, g->attack, t, g->tr_card[last], g->n, g->tr_winner[last]);
}

static int defenders_pay(const Game *g) {
    const Position *p = g->pos;
    Tally t = {0, 0, 0};
    if (p->chien_to_attack) { t.points = g->pile_points; t.bouts = g->pile_bouts; }
    for (int i = 0; i < g->ntricks; i++)
        tally_after(&t, g->tr_seat[i], g->tr_card[i], g->n, g->tr_winner[i], g->attack,
                    i == g->ntricks - 1, p->excuse_to_winner);
    return deal_end(g, &t);
}

static int seat_factor(const Game *g, int seat) {
    int taker = g->pos->taker, factors[MAXP], sum = 0;
    for (int s = 0; s < g->n; s++) factors[s] = -1;
    if (g->partner >= 0 && g->partner != taker) factors[g->partner] = 1;
    factors[taker] = 0;
    for (int s = 0; s < g->n; s++) sum += factors[s];
    factors[taker] = -sum;
    return factors[seat];
}

/* one play-out: the seat's marks, or a failure flag; and unless ``trace`` is NULL, the
 * camps and the trick under way as the play-out finished it (TRACE_SIZE bytes: the
 * attack's seats, one bit each, the trick's winner, then its n (seat, card) pairs from
 * its leader on) */
#define TRACE_SIZE (2 + 2 * MAXP)

static int rollout_traced(const Position *p, const uint8_t *world, Py_ssize_t size, int first,
                          double *marks, uint8_t *trace) {
    Game g;
    if (parse_world(p, world, size, &g) < 0) return -1;
    if (first >= NCARDS || !in_hand(&g, p->seat, first)) return -1;
    if (play_tricks(&g, p->seat, first) < 0) return -1;
    *marks = (double)seat_factor(&g, p->seat) * defenders_pay(&g);
    if (!trace) return 0;
    int t = p->ntricks;
    memset(trace, NONE, TRACE_SIZE);
    trace[0] = (uint8_t)g.attack;
    trace[1] = g.tr_winner[t];
    for (int i = 0; i < g.n; i++) {
        trace[2 + 2 * i] = g.tr_seat[t][i];
        trace[3 + 2 * i] = g.tr_card[t][i];
    }
    return 0;
}

static int rollout_marks(const Position *p, const uint8_t *world, Py_ssize_t size, int first,
                         double *marks) {
    return rollout_traced(p, world, size, first, marks, NULL);
}

/* --- the exact endgame (tarot_endgame._Solver, Transpositions) ------------------------ */

#define UNBOUNDED 1000000000

typedef struct { uint64_t lo, hi; } Mask;  /* one bit per card id */

static void flip(Mask *m, int card) {
    if (card < 64) m->lo ^= (uint64_t)1 << card;
    else m->hi ^= (uint64_t)1 << (card - 64);
}

typedef struct {
    Mask held;
    int32_t points, low, high;
    int8_t seat, bouts, winners, used;
} Entry;

/* The Transpositions of one world: bounds by trick start, the history of cut-offs, the
 * positions searched against the budget. */
typedef struct {
    PyObject_HEAD
    long long budget, nodes;
    Entry *slots;
    size_t capacity, count;
    long long history[NCARDS];
} TableObject;

static uint64_t entry_hash(Mask held, int seat, int points, int bouts, int winners) {
    uint64_t h = held.lo * 0x9E3779B97F4A7C15ull ^ (held.hi + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= (uint64_t)(seat + 8 * winners + 64 * bouts) * 0x165667B19E3779F9ull;
    h ^= (uint64_t)(uint32_t)points * 0x27D4EB2F165667C5ull;
    return h ^ (h >> 29);
}

static Entry *table_find(TableObject *t, Mask held, int seat, int points, int bouts, int winners) {
    size_t mask = t->capacity - 1;
    size_t i = (size_t)entry_hash(held, seat, points, bouts, winners) & mask;
    while (t->slots[i].used) {
        Entry *e = &t->slots[i];
        if (e->held.lo == held.lo && e->held.hi == held.hi && e->seat == seat
            && e->points == points && e->bouts == bouts && e->winners == winners)
            return e;
        i = (i + 1) & mask;
    }
    return &t->slots[i];  /* the free slot the key would take */
}

static int table_grow(TableObject *t) {
    size_t old = t->capacity;
    Entry *slots = t->slots;
    size_t capacity = old ? old * 2 : 1024;
    Entry *fresh = calloc(capacity, sizeof(Entry));
    if (!fresh) return -1;
    t->slots = fresh; t->capacity = capacity; t->count = 0;
    for (size_t i = 0; i < old; i++)
        if (slots[i].used) {
            Entry *e = table_find(t, slots[i].held, slots[i].seat, slots[i].points,
                                  slots[i].bouts, slots[i].winners);
            *e = slots[i];
            t->count++;
        }
    free(slots);
    return 0;
}

typedef struct {
    Game *g;
    TableObject *t;
    const Position *p;
    Mask held;
    int order[NCARDS];
    int excuse_to_winner, over, failed;
} Solver;

/* live_order: each card's place among those held and those of the trick under way */
static void live_order(Solver *s, int with_trick) {
    Mask live = s->held;
    if (with_trick)
        for (int i = 0; i < s->g->tlen; i++) flip(&live, s->g->cur_card[i]);
    int k = 0;
    for (int c = 0; c < NCARDS; c++) {
        int in = c < 64 ? (int)((live.lo >> c) & 1) : (int)((live.hi >> (c - 64)) & 1);
        if (in) s->order[c] = k++;
    }
}

typedef struct { int card, k1, k2; } Move;

static int solver_moves(Solver *s, int seat, Move *moves) {
    Game *g = s->g;
    uint8_t hand[MAXHAND], legal[MAXHAND + 1];
    int len = 0;
    int drop = seat == s->p->announcer && g->len[seat] > 1;
    for (int i = 0; i < g->len[seat]; i++)
        if (!(drop && g->hand[seat][i] == EXC)) hand[len++] = g->hand[seat][i];
    int count = legal_cards(hand, len, g->cur_card, g->tlen, legal);
    if (count == 1) { moves[0].card = legal[0]; return 1; }
    /* one_of_each_run, over the legal cards sorted */
    uint8_t sorted[MAXHAND + 1];
    int n = 0;
    for (int c = 0; c < NCARDS; c++)
        for (int i = 0; i < count; i++) if (legal[i] == c) { sorted[n++] = (uint8_t)c; break; }
    int kept = 0, last = sorted[0];
    moves[kept++].card = last;
    for (int i = 1; i < n; i++) {
        int c = sorted[i];
        if (!(s->order[c] == s->order[last] + 1 && SUIT[c] == SUIT[last] && HALF[c] == HALF[last]
              && !BOUT[c] && !BOUT[last]))
            moves[kept++].card = c;
        last = c;
    }
    if (kept == 1) return 1;
    /* _likely_best, then a stable sort */
    int follow = g->tlen > 0, same = 0, led = -1, top = 0;
    if (follow) {
        int winner = trick_winner(g->cur_seat, g->cur_card, g->tlen);
        same = ((g->attack >> winner) & 1) == ((g->attack >> seat) & 1);
        led = led_suit(g->cur_card, g->tlen);
        for (int i = 0; i < g->tlen; i++)
            if (g->cur_seat[i] == winner) top = card_power(g->cur_card[i], led);
    }
    for (int i = 0; i < kept; i++) {
        int c = moves[i].card;
        if (!follow) { moves[i].k1 = 0; moves[i].k2 = 0; }
        else if (same) { moves[i].k1 = -HALF[c]; moves[i].k2 = RANK[c]; }
        else if (card_power(c, led) > top) { moves[i].k1 = 0; moves[i].k2 = RANK[c]; }
        else { moves[i].k1 = 1; moves[i].k2 = HALF[c]; }
    }
    for (int i = 1; i < kept; i++) {
        Move m = moves[i];
        long long h = follow ? 0 : s->t->history[m.card];
        int j = i - 1;
        for (; j >= 0; j--) {
            Move o = moves[j];
            int later;
            if (!follow) later = s->t->history[o.card] < h;  /* -history: the higher first */
            else later = o.k1 > m.k1 || (o.k1 == m.k1 && o.k2 > m.k2);
            if (!later) break;
            moves[j + 1] = o;
        }
        moves[j + 1] = m;
    }
    return kept;
}

static int solver_value(Solver *s, int seat, Tally tally, int alpha, int beta);

static void reach(Solver *s, const Tally *tally, int *low, int *high) {
    int points = 0, bouts = 0, petit = 0;
    for (int c = 0; c < NCARDS; c++) {
        int in = c < 64 ? (int)((s->held.lo >> c) & 1) : (int)((s->held.hi >> (c - 64)) & 1);
        if (in) { points += HALF[c]; bouts += BOUT[c]; petit |= c == PETIT; }
    }
    *low = per_defender(s->p, tally->points, tally->bouts, petit ? 2 : 0,
                        (tally->winners & 2) ? 0 : 2);
    *high = per_defender(s->p, tally->points + points, tally->bouts + bouts, petit ? 1 : 0,
                         (tally->winners & 1) ? 0 : 1);
}

static int remove_at(Game *g, int seat, int card) {
    int i = 0;
    while (g->hand[seat][i] != card) i++;
    memmove(g->hand[seat] + i, g->hand[seat] + i + 1, (size_t)(g->len[seat] - i - 1));
    g->len[seat]--;
    return i;
}

static void insert_at(Game *g, int seat, int card, int i) {
    memmove(g->hand[seat] + i + 1, g->hand[seat] + i, (size_t)(g->len[seat] - i));
    g->hand[seat][i] = (uint8_t)card;
    g->len[seat]++;
}

static int solver_after(Solver *s, int seat, Tally tally, int alpha, int beta) {
    Game *g = s->g;
    if (g->tlen < g->n) return solver_value(s, (seat + 1) % g->n, tally, alpha, beta);
    int winner = trick_winner(g->cur_seat, g->cur_card, g->n);
    int last = g->len[winner] == 0;
    tally_after(&tally, g->cur_seat, g->cur_card, g->n, winner, g->attack, last,
                s->excuse_to_winner);
    if (last) return end_score(s->p, g->attack, &tally, g->cur_card, g->n, winner);
    uint8_t seats[MAXP], cards[MAXP];
    memcpy(seats, g->cur_seat, MAXP); memcpy(cards, g->cur_card, MAXP);
    g->tlen = 0;
    int value = solver_value(s, winner, tally, alpha, beta);
    memcpy(g->cur_seat, seats, MAXP); memcpy(g->cur_card, cards, MAXP);
    g->tlen = g->n;
    return value;
}

static int solver_search(Solver *s, int seat, Tally tally, int alpha, int beta) {
    Game *g = s->g;
    int attacking = (g->attack >> seat) & 1;
    int best = attacking ? -UNBOUNDED : UNBOUNDED;
    Move moves[MAXHAND + 1];
    int count = solver_moves(s, seat, moves);
    for (int k = 0; k < count; k++) {
        int card = moves[k].card;
        int index = remove_at(g, seat, card);
        flip(&s->held, card);
        g->cur_seat[g->tlen] = (uint8_t)seat; g->cur_card[g->tlen] = (uint8_t)card; g->tlen++;
        int after = solver_after(s, seat, tally, alpha, beta);
        g->tlen--;
        flip(&s->held, card);
        insert_at(g, seat, card, index);
        if (s->over || s->failed) return 0;
        if (attacking) { if (after > best) best = after; if (after > alpha) alpha = after; }
        else { if (after < best) best = after; if (after < beta) beta = after; }
        if (alpha >= beta) {
            s->t->history[card] += (long long)1 << g->len[seat];
            break;
        }
    }
    return best;
}

static int solver_value(Solver *s, int seat, Tally tally, int alpha, int beta) {
    TableObject *t = s->t;
    t->nodes++;
    if (t->nodes > t->budget) { s->over = 1; return 0; }
    if (s->g->tlen) return solver_search(s, seat, tally, alpha, beta);
    Entry *e = table_find(t, s->held, seat, tally.points, tally.bouts, tally.winners);
    int low, high;
    if (e->used) { low = e->low; high = e->high; }
    else reach(s, &tally, &low, &high);
    if (low >= beta || low == high) return low;
    if (high <= alpha) return high;
    if (low > alpha) alpha = low;
    if (high < beta) beta = high;
    int outer[NCARDS];
    memcpy(outer, s->order, sizeof outer);
    live_order(s, 0);
    int best = solver_search(s, seat, tally, alpha, beta);
    memcpy(s->order, outer, sizeof outer);
    if (s->over || s->failed) return 0;
    /* _store: narrowed */
    if (2 * (t->count + 1) > t->capacity && table_grow(t) < 0) { s->failed = 1; return 0; }
    e = table_find(t, s->held, seat, tally.points, tally.bouts, tally.winners);
    int old_low = -UNBOUNDED, old_high = UNBOUNDED;
    if (e->used) { old_low = e->low; old_high = e->high; }
    else {
        e->used = 1; e->held = s->held; e->seat = (int8_t)seat; e->points = tally.points;
        e->bouts = (int8_t)tally.bouts; e->winners = (int8_t)tally.winners;
        t->count++;
    }
    if (best <= alpha) { e->low = old_low; e->high = best < old_high ? best : old_high; }
    else if (best >= beta) { e->low = best > old_low ? best : old_low; e->high = old_high; }
    else { e->low = best; e->high = best; }
    return best;
}

/* tarot_search.solve: the world's deal after the seat plays ``first``, every seat then
 * playing perfectly; 0 with the seat's marks, 1 over the table's budget, -1 bad input */
/* The taker's camp's tally of the tricks already played (the chien's cards with them when
 * they count for the attack). */
static Tally tricks_tally(const Game *g, const Position *p) {
    Tally tally = {0, 0, 0};
    if (p->chien_to_attack) { tally.points = g->pile_points; tally.bouts = g->pile_bouts; }
    for (int i = 0; i < g->ntricks; i++)
        tally_after(&tally, g->tr_seat[i], g->tr_card[i], g->n, g->tr_winner[i], g->attack, 0,
                    p->excuse_to_winner);
    return tally;
}

/* A solver over ``g`` with the table ``t``, knowing every card still held. */
static void solver_start(Solver *s, TableObject *t, const Position *p, Game *g) {
    memset(s, 0, sizeof *s);
    s->g = g; s->t = t; s->p = p; s->excuse_to_winner = p->excuse_to_winner;
    for (int seat = 0; seat < g->n; seat++)
        for (int i = 0; i < g->len[seat]; i++) flip(&s->held, g->hand[seat][i]);
}

/* The seat's marks once it plays ``first`` and the rest of the deal is played perfectly
 * (tarot_search.solved); with a ``stop``, once the play-out after ``first`` reaches a trick
 * starting with at most ``stop`` cards a hand and the rest is played perfectly
 * (tarot_search.rollout_solved).  0 with the marks, 1 over the table's budget, -1 bad
 * input. */
static int exact_marks(TableObject *t, const Position *p, const uint8_t *world, Py_ssize_t size,
                       int first, int stop, double *marks) {
    Game g;
    if (parse_world(p, world, size, &g) < 0) return -1;
    if (first >= NCARDS || !in_hand(&g, p->seat, first) || t->capacity == 0 || stop < 0)
        return -1;
    int leader = -1;  /* the seat leading the trick the solve starts at; -1: after ``first`` */
    if (stop == 0) {
        remove_card(&g, p->seat, first);
        g.cur_seat[g.tlen] = (uint8_t)p->seat; g.cur_card[g.tlen] = (uint8_t)first; g.tlen++;
    } else {
        int played = play_until(&g, p->seat, first, stop);
        if (played < 0) return -1;
        if (played == 0) {  /* the deal ended before: the play-out's marks */
            *marks = (double)seat_factor(&g, p->seat) * defenders_pay(&g);
            return 0;
        }
        leader = played - 1;
    }
    Tally tally = tricks_tally(&g, p);
    Solver s;
    solver_start(&s, t, p, &g);
    live_order(&s, leader < 0);
    int pays = leader < 0 ? solver_after(&s, p->seat, tally, -UNBOUNDED, UNBOUNDED)
                          : solver_value(&s, leader, tally, -UNBOUNDED, UNBOUNDED);
    if (s.failed) return -1;
    if (s.over) return 1;
    *marks = (double)seat_factor(&g, p->seat) * pays;
    return 0;
}

static PyObject *table_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    long long budget = 1000000000000LL;
    static char *keywords[] = {"budget", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|L", keywords, &budget)) return NULL;
    TableObject *t = (TableObject *)type->tp_alloc(type, 0);
    if (!t) return NULL;
    t->budget = budget;
    if (table_grow(t) < 0) { Py_DECREF(t); return PyErr_NoMemory(); }
    return (PyObject *)t;
}

static void table_dealloc(TableObject *t) {
    free(t->slots);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static PyObject *table_nodes(TableObject *t, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(t->nodes);
}

static PyObject *table_spent(TableObject *t, void *closure) {
    (void)closure;
    return PyBool_FromLong(t->nodes > t->budget);
}

static PyGetSetDef table_getset[] = {
    {"nodes", (getter)table_nodes, NULL, "positions searched", NULL},
    {"spent", (getter)table_spent, NULL, "a solve ran out of the budget", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.core._tarot.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Table(budget): the transpositions the exact solves of one world share",
    .tp_new = table_new,
    .tp_dealloc = (destructor)table_dealloc,
    .tp_getset = table_getset,
};

/* --- the Python entries -------------------------------------------------------------- */

static PyObject *bad_input(void) {
    PyErr_SetString(PyExc_ValueError, "malformed tarot position or world");
    return NULL;
}

static int read_position(PyObject *obj, Position *p) {
    char *b; Py_ssize_t size;
    if (PyBytes_AsStringAndSize(obj, &b, &size) < 0) return -1;
    if (parse_position((const uint8_t *)b, size, p) < 0) { bad_input(); return -1; }
    return 0;
}

static PyObject *py_rollout(PyObject *self, PyObject *args) {
    PyObject *pos_obj; const char *world; Py_ssize_t size; int first;
    if (!PyArg_ParseTuple(args, "Sy#i", &pos_obj, &world, &size, &first)) return NULL;
    Position p;
    if (read_position(pos_obj, &p) < 0) return NULL;
    double marks;
    if (rollout_marks(&p, (const uint8_t *)world, size, first, &marks) < 0) return bad_input();
    return PyFloat_FromDouble(marks);
}

/* The worlds' bytes and sizes, read from the sequence ``seq`` (-1 with the error set). */
static int read_worlds(PyObject *seq, Py_ssize_t nworld, const char **data, Py_ssize_t *sizes) {
    for (Py_ssize_t w = 0; w < nworld; w++) {
        char *b;
        if (PyBytes_AsStringAndSize(PySequence_Fast_GET_ITEM(seq, w), &b, &sizes[w]) < 0)
            return -1;
        data[w] = b;
    }
    return 0;
}

/* Each world's marks for each first card as a list of rows (NULL with the error set). */
static PyObject *marks_rows(const double *marks, Py_ssize_t nworld, Py_ssize_t nfirst) {
    PyObject *rows = PyList_New(nworld);
    if (!rows) return NULL;
    for (Py_ssize_t w = 0; w < nworld; w++) {
        PyObject *row = PyList_New(nfirst);
        if (!row) { Py_DECREF(rows); return NULL; }
        for (Py_ssize_t k = 0; k < nfirst; k++)
            PyList_SET_ITEM(row, k, PyFloat_FromDouble(marks[w * nfirst + k]));
        PyList_SET_ITEM(rows, w, row);
    }
    return rows;
}

/* rollouts(position, worlds, firsts) and, ``traced``, traced(position, worlds, firsts):
 * every first card played out in every world with the GIL released; the rows of marks,
 * with the traces' bytes when ``traced`` */
static PyObject *batch(PyObject *args, int traced) {
    PyObject *pos_obj, *worlds; const char *firsts; Py_ssize_t nfirst;
    if (!PyArg_ParseTuple(args, "SOy#", &pos_obj, &worlds, &firsts, &nfirst)) return NULL;
    Position p;
    if (read_position(pos_obj, &p) < 0) return NULL;
    PyObject *seq = PySequence_Fast(worlds, "worlds must be a sequence of bytes");
    if (!seq) return NULL;
    Py_ssize_t nworld = PySequence_Fast_GET_SIZE(seq), count = nworld * nfirst;
    const char **data = batch_array(nworld, sizeof(char *));
    Py_ssize_t *sizes = batch_array(nworld, sizeof(Py_ssize_t));
    double *out = batch_array(count, sizeof(double));
    uint8_t *traces = traced ? batch_array(count, TRACE_SIZE) : NULL;
    PyObject *result = NULL, *rows = NULL;
    if (!data || !sizes || !out || (traced && !traces)) { PyErr_NoMemory(); goto done; }
    if (read_worlds(seq, nworld, data, sizes) < 0) goto done;
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t w = 0; w < nworld && !failed; w++)
        for (Py_ssize_t k = 0, at = w * nfirst; k < nfirst && !failed; k++, at++)
            failed = rollout_traced(&p, (const uint8_t *)data[w], sizes[w], (uint8_t)firsts[k],
                                    &out[at], traced ? traces + at * TRACE_SIZE : NULL) < 0;
    Py_END_ALLOW_THREADS
    if (failed) { bad_input(); goto done; }
    rows = marks_rows(out, nworld, nfirst);
    if (!rows || !traced) { result = rows; rows = NULL; goto done; }
    PyObject *trace_bytes = PyBytes_FromStringAndSize((const char *)traces, count * TRACE_SIZE);
    if (trace_bytes) result = PyTuple_Pack(2, rows, trace_bytes);
    Py_XDECREF(trace_bytes);
done:
    Py_XDECREF(rows);
    PyMem_Free(data); PyMem_Free(sizes); PyMem_Free(out); PyMem_Free(traces);
    Py_DECREF(seq);
    return result;
}

static PyObject *py_rollouts(PyObject *self, PyObject *args) { return batch(args, 0); }

/* traced: ``rollouts``' marks, and for each world and first card the trace of its play-out
 * (``rollout_traced``), all in one bytes of TRACE_SIZE bytes each, world by world */
static PyObject *py_traced(PyObject *self, PyObject *args) { return batch(args, 1); }

/* play(position, world): the deal played to its end from the position (its seat next,
 * choosing its own card), as bytes: for each trick played, its winner then its n
 * (seat, card) pairs */
static PyObject *py_play(PyObject *self, PyObject *args) {
    PyObject *pos_obj; const char *world; Py_ssize_t size;
    if (!PyArg_ParseTuple(args, "Sy#", &pos_obj, &world, &size)) return NULL;
    Position p;
    if (read_position(pos_obj, &p) < 0) return NULL;
    Game g;
    int failed;
    Py_BEGIN_ALLOW_THREADS
    failed = parse_world(&p, (const uint8_t *)world, size, &g) < 0
             || play_tricks(&g, p.seat, -1) < 0;
    Py_END_ALLOW_THREADS
    if (failed) return bad_input();
    uint8_t out[MAXTRICKS * (1 + 2 * MAXP)];
    Py_ssize_t k = 0;
    for (int t = p.ntricks; t < g.ntricks; t++) {
        out[k++] = g.tr_winner[t];
        for (int i = 0; i < g.n; i++) { out[k++] = g.tr_seat[t][i]; out[k++] = g.tr_card[t][i]; }
    }
    return PyBytes_FromStringAndSize((const char *)out, k);
}

/* legal(hand, trick): legal_cards as bytes of card ids, in Python's order */
static PyObject *py_legal(PyObject *self, PyObject *args) {
    const char *hand, *trick; Py_ssize_t len, tlen;
    if (!PyArg_ParseTuple(args, "y#y#", &hand, &len, &trick, &tlen)) return NULL;
    if (len > MAXHAND) return bad_input();
    for (Py_ssize_t i = 0; i < len; i++) if ((uint8_t)hand[i] >= NCARDS) return bad_input();
    for (Py_ssize_t i = 0; i < tlen; i++) if ((uint8_t)trick[i] >= NCARDS) return bad_input();
    uint8_t out[MAXHAND + 1];
    int count = legal_cards((const uint8_t *)hand, (int)len, (const uint8_t *)trick, (int)tlen, out);
    return PyBytes_FromStringAndSize((const char *)out, count);
}

/* winner(seats, cards): trick_winner */
static PyObject *py_winner(PyObject *self, PyObject *args) {
    const char *seats, *cards; Py_ssize_t ns, nc;
    if (!PyArg_ParseTuple(args, "y#y#", &seats, &ns, &cards, &nc)) return NULL;
    if (ns != nc || nc < 1 || nc > MAXP) return bad_input();
    for (Py_ssize_t i = 0; i < nc; i++) if ((uint8_t)cards[i] >= NCARDS) return bad_input();
    return PyLong_FromLong(trick_winner((const uint8_t *)seats, (const uint8_t *)cards, (int)nc));
}

/* half_points(cards) */
static PyObject *py_half_points(PyObject *self, PyObject *args) {
    const char *cards; Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "y#", &cards, &n)) return NULL;
    long total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if ((uint8_t)cards[i] >= NCARDS) return bad_input();
        total += HALF[(uint8_t)cards[i]];
    }
    return PyLong_FromLong(total);
}

/* --- random-legal deals (the benchmark's: bench/core_tarot.py has the Python twin) ----- */

static uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* One deal dealt from a shuffled deck and played to its end by random legal cards, seat 0
 * leading: the half points seat 0's tricks hold. */
static long random_deal(int n, uint64_t *state) {
    static const int HAND[6] = {0, 0, 0, 24, 18, 15};
    uint8_t deck[NCARDS], hands[MAXP][MAXHAND], seats[MAXP], trick[MAXP], legal[MAXHAND + 1];
    int len[MAXP];
    for (int i = 0; i < NCARDS; i++) deck[i] = (uint8_t)i;
    for (int i = NCARDS - 1; i > 0; i--) {
        int j = (int)(splitmix64(state) % (uint64_t)(i + 1));
        uint8_t t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
    for (int s = 0; s < n; s++) { len[s] = HAND[n]; memcpy(hands[s], deck + s * HAND[n], HAND[n]); }
    long points = 0;
    int leader = 0;
    for (int t = 0; t < HAND[n]; t++) {
        for (int k = 0; k < n; k++) {
            int seat = (leader + k) % n;
            int count = legal_cards(hands[seat], len[seat], trick, k, legal);
            int card = legal[splitmix64(state) % (uint64_t)count];
            int i = 0;
            while (hands[seat][i] != card) i++;
            memmove(hands[seat] + i, hands[seat] + i + 1, (size_t)(len[seat] - i - 1));
            len[seat]--;
            seats[k] = (uint8_t)seat; trick[k] = (uint8_t)card;
        }
        leader = trick_winner(seats, trick, n);
        if (leader == 0) for (int k = 0; k < n; k++) points += HALF[trick[k]];
    }
    return points;
}

static PyObject *py_random_deals(PyObject *self, PyObject *args) {
    int players; Py_ssize_t count; unsigned long long seed;
    if (!PyArg_ParseTuple(args, "inK", &players, &count, &seed)) return NULL;
    if (players < 3 || players > MAXP || count < 0) return bad_input();
    PyObject *result = PyList_New(count);
    if (!result) return NULL;
    uint64_t state = seed;
    for (Py_ssize_t d = 0; d < count; d++)
        PyList_SET_ITEM(result, d, PyLong_FromLong(random_deal(players, &state)));
    return result;
}

/* solve(table, position, world, first) and tail(table, position, world, first, stop):
 * exact_marks without the GIL, None when the table's budget runs out (a tail stops at one
 * card a hand at least) */
static PyObject *exact(PyObject *args, int with_stop) {
    PyObject *table, *pos_obj; const char *world; Py_ssize_t size; int first, stop = 0;
    if (!PyArg_ParseTuple(args, with_stop ? "O!Sy#ii" : "O!Sy#i", &TableType, &table, &pos_obj,
                          &world, &size, &first, &stop))
        return NULL;
    if (with_stop && stop < 1) return bad_input();
    Position p;
    if (read_position(pos_obj, &p) < 0) return NULL;
    double marks = 0;
    int outcome;
    Py_BEGIN_ALLOW_THREADS
    outcome = exact_marks((TableObject *)table, &p, (const uint8_t *)world, size, first, stop,
                          &marks);
    Py_END_ALLOW_THREADS
    if (outcome < 0) return bad_input();
    if (outcome > 0) Py_RETURN_NONE;
    return PyFloat_FromDouble(marks);
}

static PyObject *py_solve(PyObject *self, PyObject *args) { (void)self; return exact(args, 0); }

static PyObject *py_tail(PyObject *self, PyObject *args) { (void)self; return exact(args, 1); }

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS,
     "solve(table, position, world, first) -> the seat's marks, exact (None: over budget)"},
    {"tail", py_tail, METH_VARARGS,
     "tail(table, position, world, first, stop) -> the seat's marks, played out until a trick "
     "starts with at most stop cards a hand, then solved exactly (None: over budget)"},
    {"rollout", py_rollout, METH_VARARGS, "rollout(position, world, first) -> the seat's marks"},
    {"rollouts", py_rollouts, METH_VARARGS,
     "rollouts(position, worlds, firsts) -> marks by world and first card (GIL released)"},
    {"traced", py_traced, METH_VARARGS,
     "traced(position, worlds, firsts) -> (rollouts' marks, each play-out's trace as bytes)"},
    {"play", py_play, METH_VARARGS, "play(position, world) -> the tricks played, as bytes"},
    {"legal", py_legal, METH_VARARGS, "legal(hand, trick) -> legal cards, as bytes"},
    {"winner", py_winner, METH_VARARGS, "winner(seats, cards) -> the trick's winner"},
    {"random_deals", py_random_deals, METH_VARARGS,
     "random_deals(players, count, seed) -> seat 0's half points in each random-legal deal"},
    {"half_points", py_half_points, METH_VARARGS, "half_points(cards) -> their half points"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_tarot", "Tarot's play-outs in C (game/core/tarot.py).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__tarot(void) {
    init_tables();
    if (PyType_Ready(&TableType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
