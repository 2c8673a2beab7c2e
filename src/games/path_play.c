/* PATH's play part: a position (a 4x4 empty board by default, or one case
 * of a judge input) played against the exact solver of path_solve.c. The
 * side to move is --to-move (White by default), which the human plays unless
 * the computer moves first. A move names a cell: its column letter and its
 * row number from the top ("b3"). A position the solver cannot settle within
 * its limits is refused with the reason. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/path_internal.h"

#define USUAL_SIDE 4
#define MAX_PLAY_SIDE 26               /* columns are letters */
#define PLAY_NODES ((uint64_t)5000000) /* positions one question may take */
#define LOSING_CHOICE_MAX_EMPTY 18
#define PLAY_TABLE                                                                                 \
    ((size_t)16                                                                                    \
     << 20) /* bytes of table: a game is replayed in fresh states */ /* exact remoteness for the   \
                                                                        loser's delay */

typedef struct play_state {
    cg_path_search search;
    cg_path_colour human;
    cg_path_move_value *values; /* room for n * n */
    size_t n;
    bool ready;
} play_state;

static const char *const colour_word[2] = {"White", "Black"};

static void name_cell(size_t cell, size_t n, char *out, size_t size) {
    snprintf(out, size, "%c%zu", (char)('a' + cell % n), cell / n + 1);
}

static cg_status set_up(play_state *s, const char *cells, size_t n, const cg_options *options,
                        cg_budget *budget, cg_error *err) {
    if (n > MAX_PLAY_SIDE) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "a board of side %zu is too wide to play (columns are the letters a "
                            "to z: at most %d)",
                            n, MAX_PLAY_SIDE);
    }
    size_t empty = 0;
    for (size_t c = 0; c < n * n; c++) {
        empty += cells[c] == 'U';
    }
    if (empty > CG_PATH_MAX_EMPTY) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "cannot play this position perfectly: it has %zu empty cells, and "
                            "the solver searches positions of at most %d",
                            empty, CG_PATH_MAX_EMPTY);
    }
    cg_path_colour to_move = options->path_to_move == 1 ? CG_PATH_BLACK : CG_PATH_WHITE;
    s->human = options->computer_first ? (cg_path_colour)(1 - to_move) : to_move;
    s->n = n;
    cg_path_search_init(&s->search, budget);
    s->search.max_nodes = PLAY_NODES;
    s->search.table_limit = PLAY_TABLE;
    s->search.hook = options->progress_hook;
    s->search.hook_context = options->progress_context;
    s->ready = true;
    s->values = malloc(n * n * sizeof *s->values);
    if (s->values == NULL) {
        return cg_error_nomem(err, "starting path");
    }
    cg_status st = cg_path_search_set(&s->search, cells, n, to_move, err);
    if (st != CG_OK) {
        return st;
    }
    /* Refuse what the solver cannot settle: perfect play or nothing. */
    cg_path_value v;
    cg_error why;
    cg_error_clear(&why);
    st = cg_path_search_value(&s->search, &v, &why);
    if (st == CG_ERR_LIMIT) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "cannot play this position perfectly: it has %zu empty cells and "
                            "the solver did not settle it within its limits (%llu positions per "
                            "question, a table of at most 16 MiB): %s",
                            empty, (unsigned long long)PLAY_NODES, why.message);
    }
    if (st != CG_OK) {
        return cg_error_set(err, st, "%s", why.message);
    }
    return CG_OK;
}

static cg_status start(void *state, cg_scanner *position, const cg_options *options,
                       cg_budget *budget, cg_error *err) {
    play_state *s = state;
    if (position == NULL) {
        char cells[USUAL_SIDE * USUAL_SIDE];
        memset(cells, 'U', sizeof cells);
        return set_up(s, cells, USUAL_SIDE, options, budget, err);
    }
    cg_path_board b = {NULL, 0, 0, 0, budget};
    cg_status st = cg_path_read_board(position, &b, err);
    if (st == CG_END) {
        st = cg_error_set(err, CG_ERR_INPUT, "%s: expected a board, found none",
                          cg_scanner_name(position));
    }
    if (st == CG_OK) {
        st = set_up(s, b.cells, b.n, options, budget, err);
    }
    cg_path_board_free(&b);
    return st;
}

/* A random board of side 3 or 4 with a third of its cells taken (the
 * side to move holding one stone more when the count is odd), no chain. */
static cg_status start_random(void *state, uint64_t seed, const cg_options *options,
                              cg_budget *budget, cg_error *err) {
    play_state *s = state;
    cg_rng rng = cg_rng_make(seed);
    char cells[USUAL_SIDE * USUAL_SIDE];
    size_t n = 3 + (size_t)cg_rng_below(&rng, 2);
    char mover = options->path_to_move == 1 ? 'B' : 'W', other = mover == 'W' ? 'B' : 'W';
    cg_path_solver judge;
    cg_path_init(&judge, NULL);
    cg_status st = CG_OK;
    do {
        memset(cells, 'U', n * n);
        size_t stones = n * n / 3;
        for (size_t k = 0; k < stones; k++) {
            size_t c;
            do {
                c = (size_t)cg_rng_below(&rng, n * n);
            } while (cells[c] != 'U');
            cells[c] = k % 2 == 0 ? mover : other;
        }
        st = cg_path_solve(&judge, cells, n, false, err);
    } while (st == CG_OK && (judge.result.verdict == CG_PATH_WHITE_CONNECTED ||
                             judge.result.verdict == CG_PATH_BLACK_CONNECTED));
    cg_path_free(&judge);
    return st == CG_OK ? set_up(s, cells, n, options, budget, err) : st;
}

static void show(void *state, size_t columns, cg_buf *out) {
    (void)columns; /* a PATH board is drawn whole, never folded */
    play_state *s = state;
    size_t n;
    cg_path_colour to_move;
    const char *cells = cg_path_search_cells(&s->search, &n, &to_move);
    cg_buf_puts(out, "    ");
    for (size_t c = 0; c < n; c++) {
        cg_buf_printf(out, " %c", (char)('a' + c));
    }
    cg_buf_puts(out, "\n");
    for (size_t r = 0; r < n; r++) {
        cg_buf_printf(out, "  %2zu", r + 1);
        for (size_t c = 0; c < n; c++) {
            char x = cells[r * n + c];
            cg_buf_printf(out, " %c", x == 'U' ? '.' : x);
        }
        cg_buf_puts(out, "\n");
    }
    cg_buf_printf(out, "  You are %s (%s); %s to move.\n", colour_word[s->human],
                  s->human == CG_PATH_WHITE ? "W, left to right" : "B, top to bottom",
                  colour_word[to_move]);
}

/* The moves whose value (for their mover) is wanted, or every legal one. */
static cg_status list(play_state *s, int wanted, cg_strlist *moves, cg_error *err) {
    size_t count = 0;
    cg_status st = cg_path_search_moves(&s->search, false, s->values, &count, err);
    for (size_t i = 0; i < count && st == CG_OK; i++) {
        if (wanted == 0 || (int)s->values[i].outcome == wanted) {
            char name[32];
            name_cell(s->values[i].cell, s->n, name, sizeof name);
            cg_strlist_addf(moves, "%s", name);
        }
    }
    if (st == CG_OK && cg_strlist_failed(moves)) {
        return cg_error_nomem(err, "listing moves");
    }
    return st;
}

static cg_status legal_moves(void *state, cg_strlist *moves, cg_error *err) {
    play_state *s = state;
    size_t n;
    const char *cells = cg_path_search_cells(&s->search, &n, NULL);
    cg_path_value v;
    cg_status st = cg_path_search_value(&s->search, &v, err);
    if (st != CG_OK || v.reason == CG_PATH_BY_OVER) {
        return st;
    }
    for (size_t c = 0; c < n * n; c++) {
        if (cells[c] == 'U') {
            char name[32];
            name_cell(c, n, name, sizeof name);
            cg_strlist_addf(moves, "%s", name);
        }
    }
    return cg_strlist_failed(moves) ? cg_error_nomem(err, "listing moves") : CG_OK;
}

static cg_status winning_moves(void *state, cg_strlist *moves, cg_error *err) {
    return list(state, CG_OUTCOME_WIN, moves, err);
}

static cg_status drawing_moves(void *state, cg_strlist *moves, cg_error *err) {
    return list(state, CG_OUTCOME_DRAW, moves, err);
}

/* Every legal move's value into s->values (*count of them, the board's side
 * in *n); with their exact remoteness (*exact) when at most
 * LOSING_CHOICE_MAX_EMPTY cells are empty, where that is cheap enough. */
static cg_status search_moves(play_state *s, size_t *n, size_t *count, bool *exact, cg_error *err) {
    size_t empty = 0;
    const char *cells = cg_path_search_cells(&s->search, n, NULL);
    for (size_t c = 0; c < *n * *n; c++) {
        empty += cells[c] == 'U';
    }
    *exact = empty <= LOSING_CHOICE_MAX_EMPTY;
    *count = 0;
    return cg_path_search_moves(&s->search, *exact, s->values, count, err);
}

/* The loser's choice: the move that puts the end furthest off, when the
 * exact remoteness is cheap enough; else the first legal move. */
static cg_status losing_choice(void *state, cg_buf *move, cg_error *err) {
    play_state *s = state;
    size_t n, count;
    bool exact;
    cg_status st = search_moves(s, &n, &count, &exact, err);
    if (st != CG_OK || count == 0) {
        return st;
    }
    size_t best = 0;
    for (size_t i = 1; i < count; i++) {
        best = s->values[i].remoteness > s->values[best].remoteness ? i : best;
    }
    char name[32];
    name_cell(s->values[best].cell, n, name, sizeof name);
    cg_buf_puts(move, name);
    return CG_OK;
}

static cg_play_end end(void *state) {
    play_state *s = state;
    cg_path_value v;
    if (cg_path_search_value(&s->search, &v, NULL) == CG_OK && v.outcome == CG_OUTCOME_DRAW) {
        return CG_PLAY_NOBODY_WON;
    }
    return CG_PLAY_LAST_MOVER_WON;
}

static cg_status play(void *state, const char *move, cg_error *err) {
    play_state *s = state;
    size_t n;
    const char *cells = cg_path_search_cells(&s->search, &n, NULL);
    char letter = move[0];
    char *rest = NULL;
    long row = letter != '\0' ? strtol(move + 1, &rest, 10) : 0;
    if (letter < 'a' || letter >= (char)('a' + n) || rest == move + 1 || rest == NULL ||
        *rest != '\0' || row < 1 || (size_t)row > n) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "'%s' is not a cell: a column a to %c and a row 1 to %zu, such as b3",
                            move, (char)('a' + n - 1), n);
    }
    size_t cell = (size_t)(row - 1) * n + (size_t)(letter - 'a');
    if (cells[cell] != 'U') {
        return cg_error_set(err, CG_ERR_INPUT, "%s already holds a stone", move);
    }
    return cg_path_search_play(&s->search, cell, err);
}

/* The best outcome among the moves' for the side to move: a win, else a
 * draw, else a loss. */
static cg_outcome best_outcome(const cg_path_move_value *moves, size_t count) {
    cg_outcome best = CG_OUTCOME_LOSS;
    for (size_t i = 0; i < count; i++) {
        best = moves[i].outcome == CG_OUTCOME_WIN ||
                       (moves[i].outcome == CG_OUTCOME_DRAW && best == CG_OUTCOME_LOSS)
                   ? moves[i].outcome
                   : best;
    }
    return best;
}

/* The best remoteness of the best moves so far: the fewest moves to a win,
 * the most to a loss or a draw's fill (*have once one is seen). */
static void keep_best(cg_outcome best, uint64_t amount, uint64_t *remoteness, bool *have) {
    bool better = best == CG_OUTCOME_WIN ? amount < *remoteness : amount > *remoteness;
    *remoteness = !*have || better ? amount : *remoteness;
    *have = true;
}

/* Every legal move's outcome and, where the exact remoteness is cheap enough
 * (at most LOSING_CHOICE_MAX_EMPTY empty cells), its remoteness; beyond that
 * the measure is unknown rather than guessed. In legal_moves' row-major
 * order. A move's remoteness is the position it leaves (the search counts
 * the move itself: one less); the position's own is one more than its best
 * move's: the fewest moves to a win, the most to a loss, a draw's fill. */
static cg_status move_values(void *state, cg_play_values *values, cg_error *err) {
    play_state *s = state;
    size_t n, count;
    bool exact;
    cg_status st = search_moves(s, &n, &count, &exact, err);
    if (st != CG_OK) {
        return st;
    }
    cg_outcome best = best_outcome(s->values, count);
    uint64_t remoteness = 0;
    bool have = false;
    for (size_t i = 0; i < count; i++) {
        char name[32];
        name_cell(s->values[i].cell, n, name, sizeof name);
        cg_play_value *v = cg_play_values_add(values, name, s->values[i].outcome);
        if (v == NULL) {
            break;
        }
        if (!exact) {
            continue;
        }
        v->measure = CG_MEASURE_REMOTENESS;
        v->amount = s->values[i].remoteness > 0 ? s->values[i].remoteness - 1 : 0;
        if (s->values[i].outcome == best) {
            keep_best(best, v->amount, &remoteness, &have);
        }
    }
    values->position.outcome = count > 0 ? best : CG_OUTCOME_LOSS;
    if (exact) {
        values->position.measure = CG_MEASURE_REMOTENESS;
        values->position.amount = have ? remoteness + 1 : 0;
    }
    return CG_OK;
}

/* The JSON state: the side, the rows top to bottom ('W', 'B', '.' empty)
 * and the side to move. */
static void describe(void *state, cg_report *report) {
    play_state *s = state;
    size_t n;
    cg_path_colour to_move;
    const char *cells = cg_path_search_cells(&s->search, &n, &to_move);
    cg_report_int(report, "size", (int64_t)n);
    cg_report_open_list(report, "rows");
    char row[MAX_PLAY_SIDE + 1];
    for (size_t r = 0; r < n && n <= MAX_PLAY_SIDE; r++) {
        for (size_t c = 0; c < n; c++) {
            row[c] = cells[r * n + c] == 'U' ? '.' : cells[r * n + c];
        }
        cg_report_string_n(report, NULL, row, n);
    }
    cg_report_close(report);
    cg_report_string(report, "to_move", to_move == CG_PATH_WHITE ? "white" : "black");
}

/* The position as one case of UVa 601's input (count, blank line, rows,
 * blank line; the ending 0): `cgsolve path FILE` solves it. */
static cg_status write_position(void *state, cg_buf *out, cg_error *err) {
    (void)err;
    play_state *s = state;
    size_t n;
    const char *cells = cg_path_search_cells(&s->search, &n, NULL);
    cg_buf_printf(out, "%zu\n\n", n);
    for (size_t r = 0; r < n; r++) {
        cg_buf_append(out, cells + r * n, n);
        cg_buf_putc(out, '\n');
    }
    cg_buf_puts(out, "\n0\n");
    return CG_OK;
}

static void close_play(void *state) {
    play_state *s = state;
    if (s->ready) {
        cg_path_search_free(&s->search);
    }
    free(s->values);
    s->values = NULL;
}

const cg_play_rules cg_path_play = {
    .intro = "The PATH: White (W) joins the left and right columns, Black (B) the top and\n"
             "bottom rows, with a chain of stones side by side (not corner to corner).\n"
             "We put one stone at a time on an empty cell; whoever completes a chain\n"
             "first wins, and a full board without one is a draw.\n",
    .move_word = "cell",
    .move_help = "a cell such as b3 (column letter, row number from the top)",
    .state_size = sizeof(play_state),
    .start = start,
    .start_random = start_random,
    .show = show,
    .legal_moves = legal_moves,
    .winning_moves = winning_moves,
    .drawing_moves = drawing_moves,
    .end = end,
    .play = play,
    .losing_choice = losing_choice,
    .move_values = move_values,
    .describe = describe,
    .write_position = write_position,
    .close = close_play,
};
