/* The PATH's proof-number search: can a side win from the position? */
#include "games/path_solve_internal.h"

/* ---- the proof-number search ---------------------------------------------
 *
 * The sign of a value is two boolean questions: can the side to move win?
 * if not, can the opponent? Each is settled by depth-first proof-number
 * search (df-pn): at the attacker's turns one move must win (an OR node),
 * at the defender's every move must (AND). A position's proof number is how
 * many more positions at least must be proved to prove it, its disproof
 * number likewise; the search always goes down the move that is cheapest to
 * settle (fewest proofs at OR nodes, fewest disproofs at AND nodes) until
 * its numbers pass the thresholds it was given, so a draw is disproved along
 * the defender's easiest defences, where alpha-beta would refute every
 * defence it tries first in full. The pairing cut and a crossing gone end
 * the attacker's hopes at once, at every position. Positions are stored by
 * their canonical stones and attacker, the numbers as last seen. */

#define PN_INF 0x3FFFFFFFu /* proved, or disproved: no sum of these overflows */

static uint32_t pn_add(uint32_t a, uint32_t b) {
    uint32_t s = a + b;
    return s > PN_INF ? PN_INF : s;
}

/* Settles the current position at once when it can: its numbers into pn,
 * dn and true; else its moves into moves, *count. known: the position was
 * expanded before (so is no leaf): its moves only. */
static bool pn_leaf(cg_path_frame *f, int attacker, bool known, uint32_t *pn, uint32_t *dn,
                    int *moves, int *count) {
    int me = f->to_move, op = 1 - me;
    bool attacking = me == attacker;
    uint64_t empty = empty_cells(f);
    uint32_t win_pn = attacking ? 0 : PN_INF, win_dn = attacking ? PN_INF : 0;
    if (!known && cg_path_wins_of(f, me, empty) != 0) { /* the side to move wins */
        f->stats.immediate_wins++;
        *pn = win_pn;
        *dn = win_dn;
        return true;
    }
    uint64_t threats = cg_path_wins_of(f, op, empty);
    if (!known && popcount(threats) >= 2) { /* the side to move loses */
        f->stats.double_threats++;
        *pn = win_dn;
        *dn = win_pn;
        return true;
    }
    uint64_t useful_att = cg_path_useful_of(f, attacker, empty);
    if (!known && useful_att == 0) {
        f->stats.no_crossing++;
        *pn = PN_INF;
        *dn = 0;
        return true;
    }
    if (!known && cg_path_paired(f, attacker, useful_att)) {
        *pn = PN_INF;
        *dn = 0;
        return true;
    }
    if (threats != 0) {
        f->stats.forced_blocks++;
        moves[0] = lowest(threats);
        *count = 1;
        return false;
    }
    uint64_t useful_def = cg_path_useful_of(f, 1 - attacker, empty);
    uint64_t useful_me = attacking ? useful_att : useful_def;
    uint64_t useful_op = attacking ? useful_def : useful_att;
    f->stats.dead_cells += (uint64_t)popcount(empty & ~(useful_me | useful_op));
    *count = cg_path_order_moves(f, useful_me | useful_op, useful_me & useful_op, -1, moves);
    return false;
}

static void pn_search(cg_path_frame *f, int attacker, uint32_t th_pn, uint32_t th_dn,
                      uint32_t *out_pn, uint32_t *out_dn);

/* A node's moves and their numbers, seen from the node's kind: "mine" the
 * number that is minimised here (pn at OR nodes), "theirs" the one summed. */
typedef struct pn_children {
    int moves[CG_PATH_MAX_EMPTY];
    uint32_t mine[CG_PATH_MAX_EMPTY], theirs[CG_PATH_MAX_EMPTY];
    int count;
    bool or_node;
} pn_children;

/* The children's numbers as stored, else (1, 1). */
static void pn_children_look(cg_path_frame *f, int attacker, pn_children *ch) {
    key child[CG_PATH_MAX_EMPTY];
    for (int j = 0; j < ch->count; j++) { /* the keys first, their buckets fetched meanwhile */
        make(f, ch->moves[j]);
        child[j] = key_of(f);
        unmake(f, ch->moves[j]);
        __builtin_prefetch(pn_bucket(f, &child[j], attacker));
    }
    for (int j = 0; j < ch->count; j++) {
        uint32_t cp, cd;
        pn_look(f, &child[j], attacker, &cp, &cd);
        ch->mine[j] = ch->or_node ? cp : cd;
        ch->theirs[j] = ch->or_node ? cd : cp;
    }
}

/* The child with the least "mine" (*m, the next least *second) and the
 * sum of "theirs" (*t). */
static int pn_best(const pn_children *ch, uint32_t *m, uint32_t *second, uint32_t *t) {
    int best = 0;
    uint32_t least = PN_INF, next = PN_INF, sum = 0;
    for (int j = 0; j < ch->count; j++) {
        sum = pn_add(sum, ch->theirs[j]);
        if (ch->mine[j] < least) {
            next = least;
            least = ch->mine[j];
            best = j;
        } else if (ch->mine[j] < next) {
            next = ch->mine[j];
        }
    }
    *m = least;
    *second = next;
    *t = sum;
    return best;
}

/* The best child searched again and again until the node's numbers (*m
 * the least "mine", *t the sum of "theirs") pass its thresholds. */
static void pn_expand(cg_path_frame *f, int attacker, pn_children *ch, uint32_t th_mine,
                      uint32_t th_theirs, uint32_t *m, uint32_t *t) {
    for (;;) {
        uint32_t second;
        int best = pn_best(ch, m, &second, t);
        if (ch->count == 0 || *m >= th_mine || *t >= th_theirs || f->stopped != CG_OK) {
            return;
        }
        /* the best move's thresholds: until it passes the second best (by a
         * quarter more, so as not to switch back and forth), and what the
         * others leave of this node's summed threshold */
        uint32_t grow = second + second / 4 + 1;
        uint32_t child_mine = th_mine < grow ? th_mine : grow;
        /* NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult): best < count */
        uint32_t child_theirs = th_theirs - *t + ch->theirs[best];
        make(f, ch->moves[best]);
        uint32_t cp, cd;
        if (ch->or_node) {
            pn_search(f, attacker, child_mine, child_theirs, &cp, &cd);
        } else {
            pn_search(f, attacker, child_theirs, child_mine, &cp, &cd);
        }
        unmake(f, ch->moves[best]);
        ch->mine[best] = ch->or_node ? cp : cd;
        ch->theirs[best] = ch->or_node ? cd : cp;
    }
}

static void pn_search(cg_path_frame *f, int attacker, uint32_t th_pn, uint32_t th_dn,
                      uint32_t *out_pn, uint32_t *out_dn) {
    if (count_node(f)) {
        *out_pn = *out_dn = 1;
        return;
    }
    uint64_t start = f->stats.nodes;
    key k = key_of(f);
    const pn_entry *hit = pn_find(f, &k, attacker);
    if (hit != NULL) {
        f->stats.table_hits++;
        if (hit->pn >= th_pn || hit->dn >= th_dn) {
            f->stats.table_cuts++;
            *out_pn = hit->pn;
            *out_dn = hit->dn;
            return;
        }
    }
    pn_children ch;
    ch.count = 0;
    uint32_t pn, dn;
    /* a position in the table is no leaf: only its moves are wanted */
    if (pn_leaf(f, attacker, hit != NULL, &pn, &dn, ch.moves, &ch.count)) {
        cg_path_pn_store(f, &k, attacker, pn, dn, 1);
        *out_pn = pn;
        *out_dn = dn;
        return;
    }
    ch.or_node = f->to_move == attacker;
    pn_children_look(f, attacker, &ch);
    uint32_t th_mine = ch.or_node ? th_pn : th_dn, th_theirs = ch.or_node ? th_dn : th_pn;
    uint32_t m, t;
    pn_expand(f, attacker, &ch, th_mine, th_theirs, &m, &t);
    pn = ch.or_node ? m : t;
    dn = ch.or_node ? t : m;
    if (f->stopped == CG_OK) {
        uint64_t work = f->stats.nodes - start;
        cg_path_pn_store(f, &k, attacker, pn, dn, work > UINT32_MAX ? UINT32_MAX : (uint32_t)work);
    }
    *out_pn = pn;
    *out_dn = dn;
}

/* Whether attacker wins from the current position (false also when stopped). */
bool cg_path_pn_wins(cg_path_frame *f, int attacker) {
    uint32_t pn = 1, dn = 1;
    while (pn != 0 && dn != 0 && f->stopped == CG_OK) {
        pn_search(f, attacker, PN_INF, PN_INF, &pn, &dn);
    }
    return pn == 0 && f->stopped == CG_OK;
}
