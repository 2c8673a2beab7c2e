/* The PATH under perfect play (path_internal.h): a search set up on a
 * frame (path_solve_internal.h), and its calls: a value, every move's value,
 * a stone played, and the looks at one prune. */
#include <stdlib.h>
#include <string.h>

#include "core/clock_internal.h"
#include "games/path_solve_internal.h"

static void frame_free(cg_path_frame *f, cg_budget *budget) {
    if (f == NULL) {
        return;
    }
    free(f->board);
    cg_path_scratch_free(&f->scratch);
    free(f->table);
    cg_budget_give(budget, f->table_held, 1);
    cg_budget_give(budget, f->held, 1);
    free(f);
}

void cg_path_search_init(cg_path_search *search, cg_budget *budget) {
    memset(search, 0, sizeof *search);
    search->budget = budget;
}

void cg_path_search_free(cg_path_search *search) {
    if (search == NULL) {
        return;
    }
    frame_free(search->frame, search->budget);
    search->frame = NULL;
}

/* Check a board of n * n cells: *count cells, *empty of them 'U'. */
static cg_status check_cells(const char *cells, size_t n, size_t *count, size_t *empty,
                             cg_error *err) {
    if (n == 0 || !cg_size_mul(n, n, count) || *count >= UINT32_MAX / 16) {
        return cg_error_set(err, CG_ERR_LIMIT, "a board of side %zu is too large", n);
    }
    *empty = 0;
    for (size_t c = 0; c < *count; c++) {
        if (cells[c] != 'W' && cells[c] != 'B' && cells[c] != 'U') {
            return cg_error_set(err, CG_ERR_USAGE, "cell %zu is '%c', not W, B or U", c, cells[c]);
        }
        *empty += cells[c] == 'U';
    }
    return CG_OK;
}

/* s's frame for a board of side n: made when there is none, its board and
 * wall scratch renewed for another side (the table is kept). NULL when
 * that fails, *st saying why. */
static cg_path_frame *frame_for(cg_path_search *s, size_t n, cg_status *st, cg_error *err) {
    cg_path_frame *f = s->frame;
    if (f != NULL && f->n != n) {
        free(f->board);
        cg_path_scratch_free(&f->scratch);
        cg_budget_give(s->budget, f->held, 1);
        f->held = 0;
        f->board = NULL;
    }
    if (f == NULL) {
        *st = cg_budget_take(s->budget, sizeof *f, 1, "the search's frame", err);
        if (*st != CG_OK) {
            return NULL;
        }
        f = calloc(1, sizeof *f);
        if (f == NULL) {
            cg_budget_give(s->budget, sizeof *f, 1);
            *st = cg_error_nomem(err, "the search's frame");
            return NULL;
        }
        s->frame = f;
        cg_budget_give(s->budget, sizeof *f, 1);
    }
    if (f->board != NULL) {
        return f;
    }
    size_t bytes = n * n + 1 + cg_path_scratch_bytes(n); /* + 1: never a 0-byte malloc */
    *st = cg_budget_take(s->budget, bytes, 1, "the search's board", err);
    if (*st != CG_OK) {
        return NULL;
    }
    f->held = bytes;
    f->board = malloc(n * n + 1);
    if (f->board == NULL) {
        *st = cg_error_nomem(err, "the search's board");
        return NULL;
    }
    *st = cg_path_scratch_make(&f->scratch, n, err);
    return *st == CG_OK ? f : NULL;
}

/* Beyond the search (more than CG_PATH_MAX_EMPTY empty cells): only the
 * checks that read the board; f->over from the judge. */
static cg_status set_board_only(cg_path_search *s, cg_path_frame *f, const char *cells, size_t n,
                                cg_error *err) {
    f->all = 0;
    f->sym_count = 1;
    cg_path_solver judge;
    cg_path_init(&judge, s->budget);
    cg_status st = cg_path_solve(&judge, cells, n, false, err);
    if (st == CG_OK) {
        f->over = judge.result.verdict == CG_PATH_WHITE_CONNECTED   ? 0
                  : judge.result.verdict == CG_PATH_BLACK_CONNECTED ? 1
                                                                    : -1;
    }
    cg_path_free(&judge);
    return st;
}

/* The frame's empty cells numbered, its graph, symmetries and table. */
static cg_status set_graph(cg_path_search *s, cg_path_frame *f, const char *cells, size_t count,
                           cg_error *err) {
    size_t k = 0;
    for (size_t c = 0; c < count; c++) {
        if (cells[c] == 'U') {
            f->cell_of[k++] = (uint32_t)c;
        }
    }
    f->all = f->empty == 64 ? ~(uint64_t)0 : bit(f->empty) - 1;
    cg_status st = cg_path_build_graph(f, s->budget, err);
    if (st != CG_OK) {
        return st;
    }
    if (f->over < 0 && f->empty == 0) {
        f->over = 2;
    }
    cg_path_find_symmetries(f);
    return cg_path_size_table(s, f, err);
}

cg_status cg_path_search_set(cg_path_search *s, const char *cells, size_t n, cg_path_colour to_move,
                             cg_error *err) {
    size_t count = 0, empty = 0;
    if (s == NULL || cells == NULL || (to_move != CG_PATH_WHITE && to_move != CG_PATH_BLACK)) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_search_set: missing argument");
    }
    cg_status st = check_cells(cells, n, &count, &empty, err);
    if (st != CG_OK) {
        return st;
    }
    cg_path_frame *f = frame_for(s, n, &st, err);
    if (f == NULL) {
        return st;
    }
    f->n = n;
    memcpy(f->board, cells, count);
    f->stones[0] = f->stones[1] = 0;
    f->to_move = to_move == CG_PATH_WHITE ? 0 : 1;
    f->empty = empty > CG_PATH_MAX_EMPTY ? -1 : (int)empty;
    f->walls = n <= WALLS_MAX_SIDE;
    /* generation 0 marks never-used slots: after 255 the table is wiped */
    f->generation = f->generation == UINT8_MAX ? 1 : (uint8_t)(f->generation + 1);
    if (f->generation == 1 && f->table != NULL) {
        memset(f->table, 0, cg_path_table_bytes(f->table_bits));
    }
    f->over = -1;
    return f->empty < 0 ? set_board_only(s, f, cells, n, err) : set_graph(s, f, cells, count, err);
}

bool cg_path_check_limits(cg_path_frame *f) {
    if (f->max_nodes != 0 && f->stats.nodes > f->max_nodes) {
        f->stopped =
            cg_error_set(f->err, CG_ERR_LIMIT, "stopped after %llu positions, the most allowed",
                         (unsigned long long)f->max_nodes);
        return true;
    }
    double now = cg_seconds();
    if (f->hook != NULL && now >= f->next_report) {
        f->next_report = now + 0.5;
        if (f->hook(f->hook_context, "first moves settled", f->root_done, f->root_total)) {
            f->stopped = cg_error_set(f->err, CG_ERR_STOPPED, "stopped after %llu positions",
                                      (unsigned long long)f->stats.nodes);
            return true;
        }
    }
    return false;
}

/* ---- calls -------------------------------------------------------------- */

/* The sign of the value: two proof-number searches (can the side to move
 * win? if not, can the opponent?), or one alpha-beta search over the three
 * values when asked for (the solver before the proof-number search). */
static int wdl_value(cg_path_frame *f) {
    if (f->alpha_beta) {
        return cg_path_alpha_beta(f, -1, 1, true);
    }
    if (cg_path_pn_wins(f, f->to_move)) {
        return 1;
    }
    return f->stopped == CG_OK && cg_path_pn_wins(f, 1 - f->to_move) ? -1 : 0;
}

static void begin(cg_path_search *s, cg_path_frame *f, cg_error *err) {
    memset(&f->stats, 0, sizeof f->stats);
    f->max_nodes = s->max_nodes;
    f->next_check = CHECK_EVERY;
    f->started = cg_seconds();
    f->next_report = f->started + 0.5;
    f->hook = s->hook;
    f->hook_context = s->hook_context;
    f->stopped = CG_OK;
    f->err = err;
    f->root_done = f->root_total = 0;
    f->root_empty = popcount(empty_cells(f));
    f->alpha_beta = s->alpha_beta;
    f->matching = !s->no_matching;
}

static void end(cg_path_search *s, cg_path_frame *f) {
    cg_path_stats *t = &s->total;
    const cg_path_stats *c = &f->stats;
    t->nodes += c->nodes;
    t->table_hits += c->table_hits;
    t->table_cuts += c->table_cuts;
    t->immediate_wins += c->immediate_wins;
    t->double_threats += c->double_threats;
    t->forced_blocks += c->forced_blocks;
    t->no_crossing += c->no_crossing;
    t->pairing_cuts += c->pairing_cuts;
    t->matching_cuts += c->matching_cuts;
    t->beta_cuts += c->beta_cuts;
    t->dead_cells += c->dead_cells;
}

/* The moves worth trying for the side to move, best first: its winning
 * cells when it has any, the one block when the opponent has one threat. */
static int node_moves(cg_path_frame *f, int *moves) {
    int me = f->to_move;
    uint64_t empty = empty_cells(f);
    uint64_t wins = cg_path_wins_of(f, me, empty), threats = cg_path_wins_of(f, 1 - me, empty);
    if (wins != 0 || threats != 0) {
        int count = 0;
        for (uint64_t w = wins != 0 ? wins : threats; w != 0; w &= w - 1) {
            moves[count++] = lowest(w);
        }
        return count;
    }
    uint64_t live_me = cg_path_useful_of(f, me, empty),
             live_op = cg_path_useful_of(f, 1 - me, empty);
    int count = cg_path_order_moves(f, live_me | live_op, live_me & live_op, -1, moves);
    if (count == 0 && empty != 0) {
        moves[count++] = lowest(empty);
    }
    return count;
}

/* The sign of the score of the position after move i (for its mover). */
static int child_sign(cg_path_frame *f, int i) {
    int me = f->to_move;
    if (cg_path_wins_of(f, me, empty_cells(f)) & bit(i)) {
        return -1; /* the child's mover has lost */
    }
    make(f, i);
    int v = wdl_value(f);
    unmake(f, i);
    return v;
}

/* The exact score of the current position (see the top of the file). */
static int exact_score(cg_path_frame *f) {
    int e = popcount(empty_cells(f));
    int v = wdl_value(f);
    if (v == 0 || f->stopped != CG_OK) {
        return 0;
    }
    int lo = v > 0 ? 1 : -e, hi = v > 0 ? e : -1;
    while (lo < hi && f->stopped == CG_OK) {
        int mid = lo + (hi - lo + 1) / 2;
        if (cg_path_alpha_beta(f, mid - 1, mid, false) >= mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

static cg_outcome outcome_of_sign(int v) {
    return v > 0 ? CG_OUTCOME_WIN : v < 0 ? CG_OUTCOME_LOSS : CG_OUTCOME_DRAW;
}

static cg_status over_value(const cg_path_frame *f, cg_path_value *value) {
    value->reason = CG_PATH_BY_OVER;
    value->outcome = f->over == 2            ? CG_OUTCOME_DRAW
                     : f->over == f->to_move ? CG_OUTCOME_WIN
                                             : CG_OUTCOME_LOSS;
    return CG_OK;
}

/* Too many empty cells for the search: only a pairing cut for both sides
 * (or no crossing left) settles it. */
static cg_status board_only_value(cg_path_frame *f, cg_path_value *value, cg_error *err) {
    bool white = false, black = false;
    cg_status st = cg_path_pairing(f->board, f->n, 'W', &white, NULL, NULL, err);
    if (st == CG_OK) {
        st = cg_path_pairing(f->board, f->n, 'B', &black, NULL, NULL, err);
    }
    if (st != CG_OK) {
        return st;
    }
    if (!white || !black) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "the position has %zu empty cells: the exact search handles at most "
                            "%d unless a pairing holds both sides to a draw",
                            value->empty, CG_PATH_MAX_EMPTY);
    }
    value->outcome = CG_OUTCOME_DRAW;
    value->reason = CG_PATH_BY_PAIRING;
    for (size_t c = 0; c < f->n * f->n; c++) {
        if (f->board[c] == 'U') {
            value->best_move = c; /* every move keeps both pairings: all draw */
            break;
        }
    }
    return CG_OK;
}

/* A winning line: the winner keeps winning, the loser blocks what it must
 * (else takes its first move in search order). */
static void winning_line(cg_path_frame *f, cg_path_value *value) {
    int played[CG_PATH_MAX_EMPTY], count = 0, winner = f->to_move;
    while (f->stopped == CG_OK && count < f->empty) {
        int moves[CG_PATH_MAX_EMPTY];
        int me = f->to_move, k = node_moves(f, moves), pick = -1;
        if (k == 0) {
            break;
        }
        bool finishing = me == winner && (cg_path_wins_of(f, me, empty_cells(f)) & bit(moves[0]));
        if (me != winner || finishing) {
            pick = moves[0];
        } else {
            for (int j = 0; j < k && pick < 0 && f->stopped == CG_OK; j++) {
                pick = child_sign(f, moves[j]) < 0 ? moves[j] : -1;
            }
        }
        if (pick < 0) {
            break;
        }
        value->line[value->line_length++] = f->cell_of[pick];
        make(f, pick);
        played[count++] = pick;
        if (finishing) {
            break;
        }
    }
    while (count > 0) {
        unmake(f, played[--count]);
    }
}

/* The sign of the position's value and how it was settled; *wins: the
 * side to move completes a chain at once. */
static int root_sign(cg_path_frame *f, cg_path_value *value, bool *wins) {
    uint64_t empty = empty_cells(f);
    int me = f->to_move;
    uint64_t threats = cg_path_wins_of(f, 1 - me, empty);
    *wins = cg_path_wins_of(f, me, empty) != 0;
    if (*wins) {
        value->reason = CG_PATH_BY_IMMEDIATE_WIN;
        return 1;
    }
    if (popcount(threats) >= 2) {
        value->reason = CG_PATH_BY_DOUBLE_THREAT;
        return -1;
    }
    if (cg_path_paired(f, me, cg_path_useful_of(f, me, empty)) &&
        cg_path_paired(f, 1 - me, cg_path_useful_of(f, 1 - me, empty))) {
        value->reason = CG_PATH_BY_PAIRING; /* the search would find it too; worth telling */
        return 0;
    }
    int v = wdl_value(f);
    /* settled where it starts: each side without a crossing or walled */
    value->reason =
        f->stats.nodes == (f->alpha_beta ? 1U : 2U) ? CG_PATH_BY_PAIRING : CG_PATH_BY_SEARCH;
    return v;
}

/* The first move in search order that keeps the value v (any when lost or
 * won at once) into value->best_move. */
static void root_best_move(cg_path_frame *f, cg_path_value *value, int v, bool wins) {
    int moves[CG_PATH_MAX_EMPTY];
    int k = node_moves(f, moves);
    for (int j = 0; j < k && value->best_move == SIZE_MAX && f->stopped == CG_OK; j++) {
        if (v < 0 || wins || -child_sign(f, moves[j]) == v) {
            value->best_move = f->cell_of[moves[j]];
        }
    }
}

cg_status cg_path_search_value(cg_path_search *s, cg_path_value *value, cg_error *err) {
    if (s == NULL || value == NULL || s->frame == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_search_value: no position set");
    }
    cg_path_frame *f = s->frame;
    memset(value, 0, sizeof *value);
    value->to_move = f->to_move == 0 ? CG_PATH_WHITE : CG_PATH_BLACK;
    value->best_move = SIZE_MAX;
    if (f->empty < 0) {
        for (size_t c = 0; c < f->n * f->n; c++) {
            value->empty += f->board[c] == 'U';
        }
        return f->over >= 0 ? over_value(f, value) : board_only_value(f, value, err);
    }
    value->empty = (size_t)popcount(empty_cells(f));
    if (f->over >= 0) {
        return over_value(f, value);
    }
    begin(s, f, err);
    bool wins = false;
    int v = root_sign(f, value, &wins);
    root_best_move(f, value, v, wins);
    if (v > 0 && f->stopped == CG_OK) {
        winning_line(f, value);
    }
    value->outcome = outcome_of_sign(v);
    value->stats = f->stats;
    end(s, f);
    return f->stopped;
}

cg_status cg_path_search_moves(cg_path_search *s, bool remoteness, cg_path_move_value *moves,
                               size_t *count, cg_error *err) {
    if (s == NULL || moves == NULL || count == NULL || s->frame == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_search_moves: no position set");
    }
    cg_path_frame *f = s->frame;
    *count = 0;
    if (f->over >= 0) {
        return CG_OK;
    }
    if (f->empty < 0) {
        return cg_error_set(
            err, CG_ERR_LIMIT,
            "the position has more than %d empty cells, too many to value each move",
            CG_PATH_MAX_EMPTY);
    }
    begin(s, f, err);
    uint64_t empty = empty_cells(f);
    uint64_t wins = cg_path_wins_of(f, f->to_move, empty);
    for (uint64_t rest = empty; rest != 0 && f->stopped == CG_OK; rest &= rest - 1) {
        int i = lowest(rest);
        cg_path_move_value *m = &moves[(*count)++];
        m->cell = f->cell_of[i];
        m->remoteness = 0;
        if (wins & bit(i)) {
            m->outcome = CG_OUTCOME_WIN;
            m->remoteness = 1;
            continue;
        }
        make(f, i);
        if (remoteness) {
            int score = exact_score(f), e = popcount(empty) - 1;
            m->outcome = cg_outcome_flip(outcome_of_sign(score));
            m->remoteness = 1 + (unsigned)(score == 0 ? e : e + 1 - abs(score));
        } else {
            m->outcome = cg_outcome_flip(outcome_of_sign(wdl_value(f)));
        }
        unmake(f, i);
    }
    end(s, f);
    return f->stopped;
}

cg_status cg_path_search_play(cg_path_search *s, size_t cell, cg_error *err) {
    if (s == NULL || s->frame == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_search_play: no position set");
    }
    cg_path_frame *f = s->frame;
    if (f->empty < 0) {
        return cg_error_set(err, CG_ERR_LIMIT, "too many empty cells to play");
    }
    if (f->over >= 0) {
        return cg_error_set(err, CG_ERR_INPUT, "the game is over");
    }
    int i = -1;
    for (int j = 0; j < f->empty && i < 0; j++) {
        i = f->cell_of[j] == cell ? j : -1;
    }
    if (i < 0 || !(empty_cells(f) & bit(i))) {
        return cg_error_set(err, CG_ERR_INPUT, "that cell is not empty");
    }
    int me = f->to_move;
    bool wins = cg_path_wins_of(f, me, empty_cells(f)) & bit(i);
    make(f, i);
    f->over = wins ? me : empty_cells(f) == 0 ? 2 : -1;
    return CG_OK;
}

const char *cg_path_search_cells(const cg_path_search *s, size_t *n, cg_path_colour *to_move) {
    if (s == NULL || s->frame == NULL) {
        return NULL;
    }
    if (n != NULL) {
        *n = s->frame->n;
    }
    if (to_move != NULL) {
        *to_move = s->frame->to_move == 0 ? CG_PATH_WHITE : CG_PATH_BLACK;
    }
    return s->frame->board;
}

/* A search on a board for a look at one prune (nothing is searched):
 * CG_ERR_LIMIT past CG_PATH_MAX_EMPTY empty cells. Free s in every case. */
static cg_status board_frame(cg_path_search *s, const char *cells, size_t n,
                             const cg_path_frame **f, cg_error *err) {
    cg_path_search_init(s, NULL);
    s->table_limit = 1; /* the smallest table */
    cg_status st = cg_path_search_set(s, cells, n, CG_PATH_WHITE, err);
    *f = s->frame;
    if (st == CG_OK && (*f == NULL || (*f)->empty < 0)) {
        cg_error_set(err, CG_ERR_LIMIT, "more than %d empty cells", CG_PATH_MAX_EMPTY);
        return CG_ERR_LIMIT;
    }
    return st;
}

cg_status cg_path_useful(const char *cells, size_t n, char colour, uint8_t *useful, cg_error *err) {
    if (cells == NULL || useful == NULL || (colour != 'W' && colour != 'B')) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_useful: missing argument");
    }
    cg_path_search s;
    const cg_path_frame *f;
    cg_status st = board_frame(&s, cells, n, &f, err);
    if (st == CG_OK && f != NULL) {
        uint64_t on = cg_path_useful_of(f, colour == 'W' ? 0 : 1, empty_cells(f));
        memset(useful, 0, n * n);
        for (int i = 0; i < f->empty; i++) {
            useful[f->cell_of[i]] = (uint8_t)(on >> i & 1);
        }
    }
    cg_path_search_free(&s);
    return st;
}

cg_status cg_path_matching_pairing(const char *cells, size_t n, char attacker, bool *found,
                                   uint32_t *pairs, size_t *pair_count, cg_error *err) {
    if (cells == NULL || found == NULL || (attacker != 'W' && attacker != 'B')) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_matching_pairing: missing argument");
    }
    *found = false;
    cg_path_search s;
    const cg_path_frame *f;
    cg_status st = board_frame(&s, cells, n, &f, err);
    if (st == CG_OK && f != NULL) {
        int c = attacker == 'W' ? 0 : 1, cut[2 * CG_PATH_CUT_MAX_SETS], count = 0;
        uint64_t empty = empty_cells(f), useful = cg_path_useful_of(f, c, empty);
        cg_path_crossings g = {f->adj[c], f->side[c][0], f->side[c][1], useful | f->stones[c],
                               useful};
        *found = f->over < 0 && cg_path_matching_cut(&g, cut, &count);
        for (int i = 0; *found && pairs != NULL && i < 2 * count; i++) {
            pairs[i] = f->cell_of[cut[i]];
        }
        if (pair_count != NULL) {
            *pair_count = *found ? (size_t)count : 0;
        }
    }
    cg_path_search_free(&s);
    return st;
}
