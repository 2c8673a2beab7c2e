#include "games/domino_internal.h"

#include "core/grow_internal.h"

#include <stdlib.h>
#include <string.h>

/* A position as a state key:
 *   bits 0..27  tiles not yet laid (by tile id; the owner is fixed by the deal)
 *   bits 28..30 the lower open end, bits 31..33 the higher open end
 *   bit 34      the player to move (0 Red, 1 Green)
 *   bit 35      the previous turn was a pass (a second pass blocks the game) */
#define TILE_BITS 0x0FFFFFFFu
#define LOW_SHIFT 28
#define HIGH_SHIFT 31
#define MOVER_SHIFT 34
#define PASSED_BIT ((uint64_t)1 << 35)
#define MAX_MOVES ((size_t)2 * CG_DOMINO_MAX_HAND)
#define KEEP_TABLE_SLOTS ((size_t)1 << 20) /* larger tables are freed between deals */

typedef cg_domino_rules rules;

/* Bits set in a tile mask (SWAR: no library call without -mpopcnt). */
static int count_tiles(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

static int tile_id(int a, int b) {
    if (a > b) {
        int t = a;
        a = b;
        b = t;
    }
    return a * 7 - a * (a - 1) / 2 + (b - a);
}

static uint64_t encode(uint32_t left, int x, int y, int mover, bool passed) {
    int lo = x < y ? x : y, hi = x < y ? y : x;
    return (uint64_t)left | (uint64_t)lo << LOW_SHIFT | (uint64_t)hi << HIGH_SHIFT |
           (uint64_t)mover << MOVER_SHIFT | (passed ? PASSED_BIT : 0);
}

static uint32_t left_of(uint64_t s) {
    return (uint32_t)(s & TILE_BITS);
}
static int low_of(uint64_t s) {
    return (int)(s >> LOW_SHIFT & 7);
}
static int high_of(uint64_t s) {
    return (int)(s >> HIGH_SHIFT & 7);
}
static int mover_of(uint64_t s) {
    return (int)(s >> MOVER_SHIFT & 1);
}

static size_t domino_moves(void *context, uint64_t state, uint64_t *next) {
    const rules *r = context;
    uint32_t left = left_of(state);
    if ((left & r->hand[0]) == 0 || (left & r->hand[1]) == 0) {
        return 0; /* somebody has won */
    }
    int lo = low_of(state), hi = high_of(state), mover = mover_of(state), other = 1 - mover;
    uint32_t fits = left & r->hand[mover] & (r->with_value[lo] | r->with_value[hi]);
    size_t k = 0;
    while (fits != 0) {
        int t = __builtin_ctz(fits);
        fits &= fits - 1;
        uint32_t rest = left & ~((uint32_t)1 << t);
        int a = r->low[t], b = r->high[t];
        if (a == lo || b == lo) { /* lay it on the lower end */
            next[k++] = encode(rest, a == lo ? b : a, hi, other, false);
        }
        if (hi != lo && (a == hi || b == hi)) { /* on the higher end */
            next[k++] = encode(rest, lo, a == hi ? b : a, other, false);
        }
    }
    if (k == 0 && !(state & PASSED_BIT)) {
        next[k++] = encode(left, lo, hi, other, true); /* a forced pass */
    }
    return k; /* 0 after a pass with nothing to lay: blocked */
}

static unsigned domino_goals(void *context, uint64_t state) {
    const rules *r = context;
    uint32_t left = left_of(state);
    return ((left & r->hand[0]) == 0 ? 1u : 0u) | ((left & r->hand[1]) == 0 ? 2u : 0u);
}

/* The tiles laid from now on form two trails, one from each open end. If
 * they are G, G plus an edge from a new vertex to each open end has an Euler
 * trail, so the odd-degree vertices of G, toggled at the two open ends, are
 * at most two. G holds all the winner's tiles (parity vector D of numbers
 * with odd degree, toggled at the ends) plus some of the opponent's; adding
 * opponent tiles toggles an even number of vertices within a component of
 * the opponent's tile graph. So each such component (a number with no
 * opponent tile is one on its own) holding an odd count of D leaves at least
 * one odd vertex: more than two such components make the win impossible.
 * Doubles never change parity. Returns that count. */
static int odd_components(const rules *r, uint32_t mine, uint32_t theirs, uint64_t state) {
    unsigned odd = 1u << low_of(state) ^ 1u << high_of(state);
    unsigned joined[7];
    for (int v = 0; v < 7; v++) {
        odd ^= (unsigned)(count_tiles(mine & r->with_value[v] & ~r->doubles) & 1) << v;
        joined[v] = 1u << v;
    }
    for (uint32_t rest = theirs & ~r->doubles; rest != 0; rest &= rest - 1) {
        int t = __builtin_ctz(rest);
        joined[r->low[t]] |= 1u << r->high[t];
        joined[r->high[t]] |= 1u << r->low[t];
    }
    int count = 0;
    for (unsigned unseen = 0x7Fu; unseen != 0;) {
        unsigned component = 1u << __builtin_ctz(unseen), frontier = component;
        while (frontier != 0) {
            unsigned added = joined[__builtin_ctz(frontier)] & ~component;
            frontier = (frontier & (frontier - 1)) | added;
            component |= added;
        }
        count += count_tiles(odd & component) & 1;
        unseen &= ~component;
    }
    return count;
}

/* How many times the opponent must still pass for the player to win. The
 * turns alternate; before the player's last play the opponent has at least
 * as many turns as the player has plays left, less one if the player moves
 * now, and may lay at most all but one of their tiles in them. */
static int passes_needed(uint32_t mine, uint32_t theirs, bool mine_to_move) {
    int plays = count_tiles(mine), spare = count_tiles(theirs) - 1;
    return (mine_to_move ? plays - 1 : plays) - spare;
}

/* A player passes only when both open ends show numbers none of their tiles
 * has. Ends can only ever show numbers in `reach`. To pass with ends e1, e2
 * the player must first lay every tile showing e1 or e2 yet keep one. */
static bool can_ever_pass(const rules *r, uint32_t hand, unsigned reach) {
    int held = count_tiles(hand);
    for (int e1 = 0; e1 < 7; e1++) {
        if (!(reach >> e1 & 1u)) {
            continue;
        }
        for (int e2 = e1; e2 < 7; e2++) {
            if ((reach >> e2 & 1u) &&
                count_tiles(hand & (r->with_value[e1] | r->with_value[e2])) < held) {
                return true;
            }
        }
    }
    return false;
}

/* A tile can be laid again only if one of its numbers can still show on an
 * open end: numbers on the ends now, or joined to them through tiles not yet
 * laid (each laid tile exposes its other half). A player holding a tile
 * outside that closure can never empty their hand. */
static unsigned domino_possible(void *context, uint64_t state, unsigned wanted) {
    const rules *r = context;
    uint32_t left = left_of(state);
    unsigned joined[7] = {0}; /* joined[v]: numbers sharing a tile not yet laid with v */
    for (uint32_t rest = left; rest != 0; rest &= rest - 1) {
        int t = __builtin_ctz(rest);
        joined[r->low[t]] |= 1u << r->high[t];
        joined[r->high[t]] |= 1u << r->low[t];
    }
    unsigned reach = 1u << low_of(state) | 1u << high_of(state), frontier = reach;
    while (frontier != 0) {
        int v = __builtin_ctz(frontier);
        unsigned added = joined[v] & ~reach;
        frontier = (frontier & (frontier - 1)) | added;
        reach |= added;
    }
    uint32_t live = 0;
    for (int v = 0; v < 7; v++) {
        live |= (reach >> v & 1u) ? r->with_value[v] : 0;
    }
    uint32_t dead = left & ~live;
    unsigned possible = 0;
    for (int p = 0; p < 2; p++) {
        uint32_t mine = left & r->hand[p], theirs = left & r->hand[1 - p];
        if ((wanted >> p & 1u) && (dead & mine) == 0 &&
            odd_components(r, mine, theirs, state) <= 2 &&
            (passes_needed(mine, theirs, mover_of(state) == p) <= 0 ||
             can_ever_pass(r, theirs, reach))) {
            possible |= 1u << p;
        }
    }
    return possible;
}

static cg_outcome domino_terminal(void *context, uint64_t state) {
    /* No moves: either the previous player emptied their hand, or blocked. */
    return domino_goals(context, state) != 0 ? CG_OUTCOME_LOSS : CG_OUTCOME_DRAW;
}

void cg_domino_init(cg_domino_solver *solver, cg_budget *budget) {
    memset(solver, 0, sizeof *solver);
    cg_memo_init(&solver->memo, budget);
}

void cg_domino_free(cg_domino_solver *solver) {
    cg_memo_free(&solver->memo);
    for (int p = 0; p < 2; p++) {
        free(solver->result.line[p].moves);
        cg_state_path_free(&solver->witness[p]);
    }
    memset(solver, 0, sizeof *solver);
}

bool cg_domino_valid(const cg_domino_deal *deal, const char **reason, int *first, int *second) {
    *first = *second = -1;
    if (deal->n < 1 || deal->n > CG_DOMINO_MAX_HAND) {
        *reason = "each hand holds 1 to 14 tiles";
        return false;
    }
    int where[CG_DOMINO_TILES];
    bool any_double = false;
    for (int t = 0; t < CG_DOMINO_TILES; t++) {
        where[t] = -1;
    }
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < deal->n; i++) {
            int a = deal->tiles[p][i][0], b = deal->tiles[p][i][1];
            if (a > 6 || b > 6) {
                *reason = "tile numbers run from 0 to 6";
                *first = p * deal->n + i;
                return false;
            }
            int id = tile_id(a, b);
            if (where[id] >= 0) {
                *reason = "a tile is dealt twice";
                *first = where[id];
                *second = p * deal->n + i;
                return false;
            }
            where[id] = p * deal->n + i;
            any_double = any_double || a == b;
        }
    }
    if (!any_double) {
        *reason = "nobody holds a double, so nobody can open";
        return false;
    }
    return true;
}

static void fill_rules(rules *r, const cg_domino_deal *deal) {
    memset(r, 0, sizeof *r);
    for (int a = 0; a < 7; a++) {
        for (int b = a; b < 7; b++) {
            int t = tile_id(a, b);
            r->low[t] = (uint8_t)a;
            r->high[t] = (uint8_t)b;
            r->with_value[a] |= (uint32_t)1 << t;
            r->with_value[b] |= (uint32_t)1 << t;
            if (a == b) {
                r->doubles |= (uint32_t)1 << t;
            }
        }
    }
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < deal->n; i++) {
            r->hand[p] |= (uint32_t)1 << tile_id(deal->tiles[p][i][0], deal->tiles[p][i][1]);
        }
    }
}

/* The position after the automatic opening: the highest double dealt is on
 * both ends and its holder's opponent moves. Valid deals hold a double. */
static uint64_t opening(const rules *r) {
    for (int v = 6; v >= 0; v--) {
        uint32_t bit = (uint32_t)1 << tile_id(v, v);
        for (int p = 0; p < 2; p++) {
            if (r->hand[p] & bit) {
                return encode((r->hand[0] | r->hand[1]) & ~bit, v, v, 1 - p, false);
            }
        }
    }
    return 0;
}

static cg_status push_move(cg_domino_line *line, cg_domino_move move, cg_error *err) {
    return cg_append(&line->moves, &line->length, &line->capacity, &move, sizeof move,
                     "recording a play line", err);
}

cg_domino_move cg_domino_step(const cg_domino_rules *r, uint64_t before, uint64_t after) {
    cg_domino_move m = {.player = (cg_domino_player)mover_of(before),
                        .end_low = (uint8_t)low_of(after),
                        .end_high = (uint8_t)high_of(after)};
    uint32_t laid = left_of(before) & ~left_of(after);
    if (laid == 0) {
        m.pass = true;
        return m;
    }
    int t = __builtin_ctz(laid);
    int a = r->low[t], b = r->high[t], lo = low_of(before), hi = high_of(before);
    /* Laid against the lower end iff it matches it and the ends that
     * leaves, {other half, hi}, are the ends after the move. */
    int other = a == lo ? b : a;
    bool on_low = (a == lo || b == lo) && encode(0, other, hi, 0, false) ==
                                              encode(0, low_of(after), high_of(after), 0, false);
    int against = on_low ? lo : hi;
    m.a = (uint8_t)against;
    m.b = (uint8_t)(a == against ? b : a);
    return m;
}

cg_domino_view cg_domino_look(const cg_domino_rules *r, uint64_t state) {
    cg_domino_view v;
    v.hand[0] = left_of(state) & r->hand[0];
    v.hand[1] = left_of(state) & r->hand[1];
    v.end_low = low_of(state);
    v.end_high = high_of(state);
    v.mover = (cg_domino_player)mover_of(state);
    return v;
}

void cg_domino_tile(const cg_domino_rules *r, int id, int *a, int *b) {
    *a = r->low[id];
    *b = r->high[id];
}

/* Turn a witness path of states into moves, the opening first. */
static cg_status describe_line(const rules *r, const cg_state_path *path, int opener,
                               int double_value, cg_domino_line *line, cg_error *err) {
    line->length = 0;
    uint8_t d = (uint8_t)double_value;
    cg_domino_move open = {.player = (cg_domino_player)opener,
                           .opening = true,
                           .a = d,
                           .b = d,
                           .end_low = d,
                           .end_high = d};
    cg_status st = push_move(line, open, err);
    for (size_t i = 1; st == CG_OK && i < path->length; i++) {
        st = push_move(line, cg_domino_step(r, path->states[i - 1], path->states[i]), err);
    }
    return st;
}

uint64_t cg_domino_graph(const cg_domino_deal *deal, cg_domino_rules *r, cg_state_graph *graph) {
    fill_rules(r, deal);
    uint64_t start = opening(r);
    cg_state_graph g = {
        r, MAX_MOVES, domino_terminal, domino_moves, domino_goals, domino_possible, NULL};
    *graph = g;
    return start;
}

cg_status cg_domino_solve(cg_domino_solver *solver, const cg_domino_deal *deal, bool want_lines,
                          bool optimal, cg_error *err) {
    if (solver == NULL || deal == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_domino_solve: NULL %s",
                            solver == NULL ? "solver" : "deal");
    }
    const char *reason;
    int first, second;
    if (!cg_domino_valid(deal, &reason, &first, &second)) {
        return cg_error_set(err, CG_ERR_INPUT, "invalid deal: %s", reason);
    }
    rules r;
    cg_state_graph graph;
    uint64_t start = cg_domino_graph(deal, &r, &graph);
    /* The opening double is on both ends; its holder is not the one to move. */
    int opener = 1 - mover_of(start), double_value = low_of(start);
    cg_domino_result *res = &solver->result;
    unsigned found = 0;
    cg_status st = CG_OK;
    /* One search per player: each prunes on its own player only. */
    for (int p = 0; p < 2 && st == CG_OK; p++) {
        unsigned hit = 0;
        cg_memo_clear(&solver->memo);
        st = cg_reach(&graph, &solver->memo, start, 1u << p, &hit,
                      want_lines ? solver->witness : NULL, 2, err);
        found |= hit;
        res->states_visited[p] = solver->memo.count;
    }
    for (int p = 0; p < 2 && st == CG_OK; p++) {
        res->can_win[p] = (found >> p & 1u) != 0;
        res->line[p].length = 0;
        if (want_lines && res->can_win[p]) {
            st = describe_line(&r, &solver->witness[p], opener, double_value, &res->line[p], err);
        }
    }
    if (st == CG_OK && optimal) {
        cg_memo_clear(&solver->memo);
        cg_outcome for_mover;
        st = cg_negamax(&graph, &solver->memo, start, &for_mover, err);
        res->optimal = mover_of(start) == CG_DOMINO_RED ? for_mover : cg_outcome_flip(for_mover);
    }
    if (solver->memo.capacity > KEEP_TABLE_SLOTS) {
        cg_memo_free(&solver->memo); /* so small deals do not clear a huge table */
    }
    return st;
}

/* ---- the cgsolve game interface ---------------------------------------- */

typedef struct run_state {
    cg_domino_solver solver;
    cg_domino_deal deal;
    bool lines;
    bool optimal;
} run_state;

static cg_status open_run(void *state, const cg_options *options, cg_budget *budget,
                          cg_error *err) {
    (void)err; /* cannot fail */
    run_state *s = state;
    cg_domino_init(&s->solver, budget);
    s->lines = options->output != CG_OUTPUT_JUDGE;
    s->optimal = options->optimal;
    return CG_OK;
}

static cg_status read_case(void *state, cg_scanner *in, cg_error *err) {
    run_state *s = state;
    return cg_domino_read_deal(in, &s->deal, err);
}

cg_status cg_domino_read_deal(cg_scanner *in, cg_domino_deal *deal, cg_error *err) {
    int64_t n;
    cg_token n_token;
    cg_status st = cg_scan_case_size(in, "the number of tiles per hand (1..14, 0 ends the input)",
                                     14, &n, &n_token, err);
    if (st != CG_OK) {
        return st;
    }
    deal->n = (int)n;
    cg_token where[2 * CG_DOMINO_MAX_HAND];
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < n; i++) {
            for (int half = 0; half < 2; half++) {
                char what[64];
                snprintf(what, sizeof what, "a number 0..6 (%s tile %d)", p == 0 ? "Red" : "Green",
                         i + 1);
                int64_t v;
                cg_token tok;
                if ((st = cg_scan_int(in, what, 0, 6, &v, &tok, err)) != CG_OK) {
                    return st;
                }
                if (half == 0) {
                    where[p * n + i] = tok;
                    where[p * n + i].text = NULL; /* only the position is kept */
                }
                deal->tiles[p][i][half] = (uint8_t)v;
            }
        }
    }
    const char *reason;
    int first, second;
    if (!cg_domino_valid(deal, &reason, &first, &second)) {
        if (second >= 0) {
            const uint8_t *tile = deal->tiles[second / n][second % n];
            return cg_scan_error_at(in, &where[second], 0, err,
                                    "tile %d-%d is dealt twice (first at line %llu, column %llu)",
                                    tile[0], tile[1], (unsigned long long)where[first].line,
                                    (unsigned long long)where[first].column);
        }
        return cg_scan_error_at(in, &n_token, 0, err, "invalid deal: %s", reason);
    }
    return CG_OK;
}

static cg_status solve_case(void *state, cg_error *err) {
    run_state *s = state;
    return cg_domino_solve(&s->solver, &s->deal, s->lines, s->optimal, err);
}

static const char *const player_name[2] = {"Red", "Green"};

static void write_answer(void *state, uint64_t number, cg_buf *out) {
    (void)number;
    const run_state *s = state;
    const cg_domino_result *r = &s->solver.result;
    if (s->optimal) {
        cg_buf_puts(out, r->optimal == CG_OUTCOME_WIN    ? "Red wins\n"
                         : r->optimal == CG_OUTCOME_LOSS ? "Green wins\n"
                                                         : "Nobody wins\n");
        return;
    }
    if (r->can_win[0] && r->can_win[1]) {
        cg_buf_puts(out, "Both players can win\n");
    } else if (r->can_win[0] || r->can_win[1]) {
        cg_buf_printf(out, "Only player %s can win\n", player_name[r->can_win[0] ? 0 : 1]);
    } else {
        cg_buf_puts(out, "No players can win\n");
    }
}

static const char *const player_token[2] = {"red", "green"};

/* A move as a structured value: who, what (open, lay, pass), the tile as
 * [the number laid against the end, the number now showing] ([] for a
 * pass) and the open ends after it. */
static void explain_move(cg_report *report, const cg_domino_move *m) {
    cg_report_open_object(report, NULL);
    cg_report_string(report, "player", player_token[m->player]);
    cg_report_string(report, "action", m->opening ? "open" : m->pass ? "pass" : "lay");
    cg_report_open_list(report, "tile");
    if (!m->pass) {
        cg_report_int(report, NULL, m->a);
        cg_report_int(report, NULL, m->b);
    }
    cg_report_close(report);
    cg_report_open_list(report, "ends_after");
    cg_report_int(report, NULL, m->end_low);
    cg_report_int(report, NULL, m->end_high);
    cg_report_close(report);
    cg_report_close(report);
}

static void explain_case(void *state, cg_report *report) {
    const run_state *s = state;
    const cg_domino_result *r = &s->solver.result;
    cg_report_open_object(report, "can_win");
    for (int p = 0; p < 2; p++) {
        cg_report_bool(report, player_token[p], r->can_win[p]);
    }
    cg_report_close(report);
    cg_report_string(report, "winner",
                     !s->optimal                     ? "not_computed"
                     : r->optimal == CG_OUTCOME_WIN  ? "red"
                     : r->optimal == CG_OUTCOME_LOSS ? "green"
                                                     : "nobody");
    cg_report_open_object(report, "lines");
    for (int p = 0; p < 2; p++) {
        cg_report_open_list(report, player_token[p]);
        for (size_t i = 0; r->can_win[p] && i < r->line[p].length; i++) {
            explain_move(report, &r->line[p].moves[i]);
        }
        cg_report_close(report);
    }
    cg_report_close(report);
    cg_report_open_object(report, "positions_explored");
    for (int p = 0; p < 2; p++) {
        cg_report_int(report, player_token[p], (int64_t)r->states_visited[p]);
    }
    cg_report_close(report);
}

static void close_run(void *state) {
    run_state *s = state;
    cg_domino_free(&s->solver);
}

static const cg_option_spec domino_options[] = {
    {.name = "optimal",
     .short_name = 'o',
     .arg = CG_ARG_NONE,
     .help = "who wins under perfect play",
     CG_OPTION_FIELD(optimal)},
    {.name = NULL},
};

const cg_game cg_game_domino = {
    .name = "domino",
    .summary = "UVa 742 Domino game: can Red, Green, both or neither win along some line",
    .input_help = "Input: deals until a line 0. Each: n (1..14), then Red's n tiles and\n"
                  "Green's n tiles as pairs of numbers 0..6; no tile twice, some double.\n"
                  "The highest double opens automatically; passing only when nothing fits;\n"
                  "two passes block the game (nobody wins).\n"
                  "Output per deal: Only player Red can win / Only player Green can win /\n"
                  "Both players can win / No players can win, with a blank line between deals.\n"
                  "Explanations show a winning line per player. With the perfect-play\n"
                  "option, the answer is who wins under perfect play instead (Red wins /\n"
                  "Green wins / Nobody wins).\n",
    .options = domino_options,
    .case_count = NULL,
    .case_separator = "\n",
    .state_size = sizeof(run_state),
    .default_memory = (size_t)256 << 20, /* enough for the largest search seen, n = 14 */
    .open = open_run,
    .read_case = read_case,
    .solve_case = solve_case,
    .write_answer = write_answer,
    .explain_case = explain_case,
    .close = close_run,
    .gen_options = cg_domino_gen_options,
    .generate_case = cg_domino_generate_case,
    .shrink_case = cg_domino_shrink_case,
    .case_size = cg_domino_case_size,
    .size_unit = {"tile a hand", "tiles a hand"},
    .judge_limits = cg_domino_judge_limits,
    .validate_input = cg_domino_validate_input,
    .play = &cg_domino_play,
};
