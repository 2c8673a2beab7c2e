#include "games/path_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/budget_internal.h"
#include "core/grid_internal.h"
#include "core/grow_internal.h"

#define EXPLAIN_MAX_SIDE 200 /* boards drawn by --explain */

/* Marks: which side each stone's group reaches. */
enum { WHITE_LEFT = 1, WHITE_RIGHT = 2, BLACK_TOP = 4, BLACK_BOTTOM = 8 };

const char *cg_path_verdict_text(cg_path_verdict verdict) {
    switch (verdict) {
    case CG_PATH_WHITE_CONNECTED:
        return "White has a winning path.";
    case CG_PATH_BLACK_CONNECTED:
        return "Black has a winning path.";
    case CG_PATH_WHITE_IN_ONE:
        return "White can win in one move.";
    case CG_PATH_BLACK_IN_ONE:
        return "Black can win in one move.";
    case CG_PATH_NONE:
        break;
    }
    return "There is no winning path.";
}

void cg_path_init(cg_path_solver *solver, cg_budget *budget) {
    memset(solver, 0, sizeof *solver);
    solver->budget = budget;
}

void cg_path_free(cg_path_solver *solver) {
    free(solver->marks);
    free(solver->queue);
    free(solver->parent);
    free(solver->result.chain);
    cg_budget *budget = solver->budget;
    cg_budget_give(budget, solver->held, 1);
    cg_budget_give(budget, solver->chain_held, 1);
    memset(solver, 0, sizeof *solver);
    solver->budget = budget;
}

static cg_status reserve(cg_path_solver *s, size_t cells, bool want_chain, cg_error *err) {
    cg_status st = CG_OK;
    if (cells > s->capacity) {
        const cg_array arrays[] = {
            {&s->marks, sizeof *s->marks, 1, 0},
            {&s->queue, sizeof *s->queue, 1, 0},
        };
        st = cg_resize_arrays(s->budget, &s->held, arrays, 2, cells, "the board's search arrays",
                              err);
        s->capacity = st == CG_OK ? cells : s->capacity;
    }
    if (st == CG_OK && want_chain && cells > s->chain_capacity) {
        const cg_array arrays[] = {
            {&s->parent, sizeof *s->parent, 1, 0},
            {&s->result.chain, sizeof *s->result.chain, 1, 0},
        };
        st = cg_resize_arrays(s->budget, &s->chain_held, arrays, 2, cells,
                              "the board's chain arrays", err);
        s->chain_capacity = st == CG_OK ? cells : s->chain_capacity;
    }
    return st;
}

/* First empty cell whose stone would join groups reaching both sides. */
static size_t one_move_wins(const cg_grid *g, const uint8_t *marks, uint8_t bit_a, cg_grid_side a,
                            uint8_t bit_b, cg_grid_side b, size_t *count) {
    size_t first = SIZE_MAX;
    *count = 0;
    for (size_t c = 0; c < g->n * g->n; c++) {
        if (g->cells[c] == 'U' && cg_grid_touches(g, marks, bit_a, c, a) &&
            cg_grid_touches(g, marks, bit_b, c, b)) {
            if (first == SIZE_MAX) {
                first = c;
            }
            (*count)++;
        }
    }
    return first;
}

static bool connected(const cg_grid *g, const uint8_t *marks, uint8_t both) {
    for (size_t c = 0; c < g->n * g->n; c++) {
        if ((marks[c] & both) == both) {
            return true;
        }
    }
    return false;
}

/* The judge's answer from the marks of the four floods; for a win in one,
 * the first winning cell and their number. */
static cg_path_verdict verdict_of(const cg_grid *g, const uint8_t *marks, size_t *cell,
                                  size_t *count) {
    *cell = SIZE_MAX;
    *count = 0;
    if (connected(g, marks, WHITE_LEFT | WHITE_RIGHT)) {
        return CG_PATH_WHITE_CONNECTED;
    }
    if (connected(g, marks, BLACK_TOP | BLACK_BOTTOM)) {
        return CG_PATH_BLACK_CONNECTED;
    }
    *cell = one_move_wins(g, marks, WHITE_LEFT, CG_SIDE_LEFT, WHITE_RIGHT, CG_SIDE_RIGHT, count);
    if (*cell != SIZE_MAX) {
        return CG_PATH_WHITE_IN_ONE;
    }
    *cell = one_move_wins(g, marks, BLACK_TOP, CG_SIDE_TOP, BLACK_BOTTOM, CG_SIDE_BOTTOM, count);
    return *cell != SIZE_MAX ? CG_PATH_BLACK_IN_ONE : CG_PATH_NONE;
}

/* A shortest winning chain for the verdict, side to side. */
static cg_status find_chain(cg_path_solver *s, const cg_grid *g, cg_error *err) {
    cg_path_result *r = &s->result;
    bool white = r->verdict == CG_PATH_WHITE_CONNECTED || r->verdict == CG_PATH_WHITE_IN_ONE;
    r->chain_length = cg_grid_shortest_chain(
        g, white ? 'W' : 'B', r->winning_cell, white ? CG_SIDE_LEFT : CG_SIDE_TOP,
        white ? CG_SIDE_RIGHT : CG_SIDE_BOTTOM, s->parent, s->queue, r->chain);
    if (r->chain_length == 0) {
        return cg_error_set(err, CG_ERR_INTERNAL, "no chain found for a won board");
    }
    return CG_OK;
}

cg_status cg_path_solve(cg_path_solver *s, const char *cells, size_t n, bool want_chain,
                        cg_error *err) {
    size_t count;
    if (s == NULL || cells == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_solve: NULL %s",
                            s == NULL ? "solver" : "board");
    }
    if (n == 0 || !cg_size_mul(n, n, &count) || count >= UINT32_MAX) {
        return cg_error_set(err, CG_ERR_LIMIT, "a board of side %zu is too large", n);
    }
    for (size_t c = 0; c < count; c++) {
        if (cells[c] != 'W' && cells[c] != 'B' && cells[c] != 'U') {
            return cg_error_set(err, CG_ERR_INPUT,
                                "cg_path_solve: cell %zu (from 0) is not W, B or U", c);
        }
    }
    cg_status st = reserve(s, count, want_chain, err);
    if (st != CG_OK) {
        return st;
    }
    cg_path_result *r = &s->result;
    cg_grid g = {cells, n};
    memset(s->marks, 0, count);
    cg_grid_flood(&g, 'W', CG_SIDE_LEFT, s->marks, WHITE_LEFT, s->queue);
    cg_grid_flood(&g, 'W', CG_SIDE_RIGHT, s->marks, WHITE_RIGHT, s->queue);
    cg_grid_flood(&g, 'B', CG_SIDE_TOP, s->marks, BLACK_TOP, s->queue);
    cg_grid_flood(&g, 'B', CG_SIDE_BOTTOM, s->marks, BLACK_BOTTOM, s->queue);
    r->verdict = verdict_of(&g, s->marks, &r->winning_cell, &r->winning_count);
    r->chain_length = 0;
    return want_chain && r->verdict != CG_PATH_NONE ? find_chain(s, &g, err) : CG_OK;
}

/* ---- the cgsolve game interface ---------------------------------------- */

typedef struct run_state {
    cg_path_solver solver;
    bool explain;
    bool color;
    bool want_value; /* --value */
    cg_path_colour to_move;
    cg_path_search search;
    cg_path_value value;
    cg_status value_status; /* CG_OK, or why the value is unknown */
    char value_note[CG_ERROR_MESSAGE_MAX];
    char *cells;
    size_t n;
    size_t cells_capacity;
    size_t cells_held; /* bytes of cells in the budget */
} run_state;

static cg_status open_run(void *state, const cg_options *options, cg_budget *budget,
                          cg_error *err) {
    (void)err; /* cannot fail */
    run_state *s = state;
    cg_path_init(&s->solver, budget);
    s->explain = options->output != CG_OUTPUT_JUDGE;
    s->color = options->output == CG_OUTPUT_EXPLAIN && options->color;
    s->want_value = options->path_value && s->explain;
    s->to_move = options->path_to_move == 1 ? CG_PATH_BLACK : CG_PATH_WHITE;
    cg_path_search_init(&s->search, budget);
    s->search.hook = options->progress_hook;
    s->search.hook_context = options->progress_context;
    return CG_OK;
}

static cg_status read_row(cg_path_board *b, cg_scanner *in, size_t row, cg_error *err) {
    char expected[96];
    snprintf(expected, sizeof expected, "row %zu of the board (%zu characters from W, B, U)",
             row + 1, b->n);
    cg_token tok;
    cg_status st = cg_scan_token(in, expected, &tok, err);
    if (st != CG_OK) {
        return st;
    }
    for (size_t i = 0; i < tok.len && i < b->n; i++) {
        char c = tok.text[i];
        if (c != 'W' && c != 'B' && c != 'U') {
            char found[16];
            cg_describe_byte((unsigned char)c, found);
            return cg_scan_error_at(in, &tok, i, err, "expected 'W', 'B' or 'U', found %s", found);
        }
    }
    if (tok.len != b->n) {
        return cg_scan_error_at(in, &tok, 0, err, "expected %s, found a row of %zu characters",
                                expected, tok.len);
    }
    memcpy(b->cells + row * b->n, tok.text, b->n);
    return CG_OK;
}

cg_status cg_path_read_board(cg_scanner *in, cg_path_board *b, cg_error *err) {
    int64_t n;
    cg_status st =
        cg_scan_case_size(in, "the board size N (0 ends the input)", 65535, &n, NULL, err);
    if (st != CG_OK) {
        return st;
    }
    b->n = (size_t)n;
    size_t cells = b->n * b->n;
    if (cells > b->capacity) {
        const cg_array board[] = {{&b->cells, 1, 1, 0}};
        st = cg_resize_arrays(b->budget, &b->held, board, 1, cells, "the board", err);
        if (st != CG_OK) {
            return st;
        }
        b->capacity = cells;
    }
    for (size_t row = 0; row < b->n; row++) {
        if ((st = read_row(b, in, row, err)) != CG_OK) {
            return st;
        }
    }
    return CG_OK;
}

void cg_path_board_free(cg_path_board *b) {
    free(b->cells);
    cg_budget_give(b->budget, b->held, 1);
    b->cells = NULL;
    b->capacity = b->held = 0;
}

static cg_status read_case(void *state, cg_scanner *in, cg_error *err) {
    run_state *s = state;
    cg_path_board b = {s->cells, s->n, s->cells_capacity, s->cells_held, s->solver.budget};
    cg_status st = cg_path_read_board(in, &b, err);
    s->cells = b.cells;
    s->n = b.n;
    s->cells_capacity = b.capacity;
    s->cells_held = b.held;
    return st;
}

/* The value under perfect play; a value the limits do not allow is
 * reported unknown with the reason (the judge's answer stands alone). */
static cg_status solve_value(run_state *s, cg_error *err) {
    cg_error why;
    cg_error_clear(&why);
    s->value_status = cg_path_search_set(&s->search, s->cells, s->n, s->to_move, &why);
    if (s->value_status == CG_OK) {
        s->value_status = cg_path_search_value(&s->search, &s->value, &why);
    }
    snprintf(s->value_note, sizeof s->value_note, "%s", why.message);
    if (s->value_status == CG_ERR_STOPPED || s->value_status == CG_ERR_NOMEM ||
        s->value_status == CG_ERR_INTERNAL) {
        return cg_error_set(err, s->value_status, "%s", why.message);
    }
    return CG_OK;
}

static cg_status solve_case(void *state, cg_error *err) {
    run_state *s = state;
    cg_status st = cg_path_solve(&s->solver, s->cells, s->n, s->explain, err);
    if (st == CG_OK && s->want_value) {
        st = solve_value(s, err);
    }
    return st;
}

static void write_answer(void *state, uint64_t number, cg_buf *out) {
    (void)number;
    const run_state *s = state;
    cg_buf_puts(out, cg_path_verdict_text(s->solver.result.verdict));
    cg_buf_putc(out, '\n');
}

/* The board with the chain marked: chain stones in lower case ('w', 'b'),
 * the winning empty cell as '*'; with colour, highlighted instead. */
static void draw_board(const run_state *s, cg_buf *out) {
    const cg_path_result *r = &s->solver.result;
    size_t count = s->n * s->n;
    uint8_t *on_chain = calloc(count, 1);
    if (on_chain == NULL) {
        cg_buf_fail(out);
        return;
    }
    for (size_t i = 0; i < r->chain_length; i++) {
        on_chain[r->chain[i]] = 1;
    }
    for (size_t c = 0; c < count; c++) {
        char cell = s->cells[c];
        if (c == r->winning_cell) {
            char stone = r->verdict == CG_PATH_WHITE_IN_ONE ? 'W' : 'B';
            cg_buf_put_styled(out, s->color ? stone : '*', CG_STYLE_MARK, s->color);
        } else if (on_chain[c]) {
            cg_buf_put_styled(out, s->color ? cell : (char)(cell - 'A' + 'a'), CG_STYLE_STRONG,
                              s->color);
        } else {
            cg_buf_putc(out, cell);
        }
        if (c % s->n == s->n - 1) {
            cg_buf_putc(out, '\n');
        }
    }
    free(on_chain);
}

static void explain_cell(cg_report *report, size_t cell, size_t n) {
    cg_report_open_object(report, NULL);
    cg_report_int(report, "row", (int64_t)(cell / n + 1));
    cg_report_int(report, "column", (int64_t)(cell % n + 1));
    cg_report_close(report);
}

/* ---- the value under perfect play (--value) ----------------------------- */

static const char *colour_name(cg_path_colour c) {
    return c == CG_PATH_WHITE ? "white" : "black";
}

/* One row of a drawing as a report string. */
static void report_rows(cg_report *report, const char *key, const char *drawing, size_t n) {
    cg_report_open_list(report, key);
    for (size_t r = 0; r < n; r++) {
        cg_report_string_n(report, NULL, drawing + r * n, n);
    }
    cg_report_close(report);
}

/* The board with the winning line's moves numbered 1-9 then a-z (in order). */
static void report_line_board(cg_report *report, const char *cells, size_t n,
                              const cg_path_value *v) {
    char *drawing = malloc(n * n);
    if (drawing == NULL) {
        return;
    }
    memcpy(drawing, cells, n * n);
    static const char marks[] = "123456789abcdefghijklmnopqrstuvwxyz";
    for (size_t i = 0; i < v->line_length; i++) {
        drawing[v->line[i]] = i < sizeof marks - 1 ? marks[i] : '+';
    }
    report_rows(report, "line_board", drawing, n);
    free(drawing);
}

/* One side's pairs: its wall's (cg_path_pairing), else the matching cut's
 * (cg_path_matching_pairing); false when neither holds it. */
static bool side_pairs(const char *cells, size_t n, char attacker, uint32_t *pairs, size_t *count) {
    bool found = false;
    if (cg_path_pairing(cells, n, attacker, &found, pairs, count, NULL) == CG_OK && found) {
        return true;
    }
    return cg_path_matching_pairing(cells, n, attacker, &found, pairs, count, NULL) == CG_OK &&
           found;
}

/* For a position both sides are held to a draw in: the pairs, drawn. */
static void report_pairing(cg_report *report, const char *cells, size_t n) {
    size_t most = 2 * (size_t)CG_PATH_CUT_MAX_SETS; /* the matching cut's cells */
    size_t room = n * n > most ? n * n : most;
    uint32_t *pairs = malloc(room * sizeof *pairs);
    char *drawing = malloc(n * n);
    if (pairs == NULL || drawing == NULL) {
        free(pairs);
        free(drawing);
        return;
    }
    static const char *const keys[] = {"white_pairs", "black_pairs"};
    for (int side = 0; side < 2; side++) {
        size_t count = 0;
        if (!side_pairs(cells, n, side == 0 ? 'W' : 'B', pairs, &count)) {
            continue;
        }
        memcpy(drawing, cells, n * n);
        for (size_t i = 0; i < count; i++) { /* a pair's two cells share a letter */
            drawing[pairs[2 * i]] = drawing[pairs[2 * i + 1]] = (char)('a' + i % 26);
        }
        report_rows(report, keys[side], drawing, n);
    }
    cg_report_string(
        report, "pairing",
        "Each side is held to a draw by pairs of empty cells (the same letter; a side drawn "
        "without letters, or not drawn, is held by the defender's stones alone): whenever the "
        "attacker takes one cell of a pair, the defender takes the other. Either the pairs make "
        "a wall, every crossing of the attacker stepping between the two cells of some pair (or "
        "meeting a defending stone), or each minimal crossing (whose empty cells hold no other "
        "crossing's) has both cells of a pair of its own; either way the defender keeps a cell "
        "of every crossing and the attacker never gets through. On the empty board White's "
        "pairs join columns 1 and 2 in each row and Black's rows 1 and 2 in each column. See "
        "docs/path-pairing.md.");
    free(pairs);
    free(drawing);
}

static void explain_value(cg_report *report, const run_state *s) {
    static const char *const outcomes[] = {"unknown", "loss", "draw", "win"};
    static const char *const reasons[] = {"search", "over", "immediate_win", "double_threat",
                                          "pairing"};
    const cg_path_value *v = &s->value;
    bool known = s->value_status == CG_OK;
    cg_report_open_object(report, "value");
    cg_report_string(report, "to_move", colour_name(s->to_move));
    cg_report_string(report, "outcome", known ? outcomes[v->outcome] : "unknown");
    const char *winner = !known                          ? "unknown"
                         : v->outcome == CG_OUTCOME_DRAW ? "nobody"
                         : v->outcome == CG_OUTCOME_WIN  ? colour_name(s->to_move)
                         : s->to_move == CG_PATH_WHITE   ? "black"
                                                         : "white";
    cg_report_string(report, "winner", winner);
    if (!known) {
        cg_report_string(report, "note", s->value_note);
        cg_report_close(report);
        return;
    }
    cg_report_string(report, "reason", reasons[v->reason]);
    cg_report_int(report, "empty_cells", (int64_t)v->empty);
    if (v->best_move == SIZE_MAX) {
        cg_report_null(report, "best_move");
    } else {
        cg_report_open_object(report, "best_move");
        cg_report_int(report, "row", (int64_t)(v->best_move / s->n + 1));
        cg_report_int(report, "column", (int64_t)(v->best_move % s->n + 1));
        cg_report_close(report);
    }
    cg_report_open_list(report, "line");
    for (size_t i = 0; i < v->line_length; i++) {
        explain_cell(report, v->line[i], s->n);
    }
    cg_report_close(report);
    bool drawn = s->n <= EXPLAIN_MAX_SIDE;
    if (drawn && v->line_length > 0) {
        report_line_board(report, s->cells, s->n, v);
    }
    if (drawn && v->reason == CG_PATH_BY_PAIRING && v->outcome == CG_OUTCOME_DRAW) {
        report_pairing(report, s->cells, s->n);
    }
    cg_report_int(report, "positions_searched", (int64_t)v->stats.nodes);
    cg_report_close(report);
}

static void explain_case(void *state, cg_report *report) {
    const run_state *s = state;
    const cg_path_result *r = &s->solver.result;
    static const char *const verdicts[] = {"white_connected", "black_connected", "white_in_one",
                                           "black_in_one", "none"};
    static const char *const winners[] = {"white", "black", "white", "black", "nobody"};
    cg_report_int(report, "size", (int64_t)s->n);
    cg_report_string(report, "verdict", verdicts[r->verdict]);
    cg_report_string(report, "winner", winners[r->verdict]);
    cg_report_open_list(report, "winning_moves");
    if (r->winning_cell != SIZE_MAX) {
        explain_cell(report, r->winning_cell, s->n);
    }
    cg_report_close(report);
    cg_report_int(report, "winning_cells", (int64_t)r->winning_count);
    cg_report_int(report, "chain_length", (int64_t)r->chain_length);
    cg_report_open_list(report, "chain_ends");
    if (r->chain_length > 0) {
        explain_cell(report, r->chain[0], s->n);
        explain_cell(report, r->chain[r->chain_length - 1], s->n);
    }
    cg_report_close(report);
    /* A drawing is for reading: boards above EXPLAIN_MAX_SIDE get the facts
     * and an empty board, with the rows left out counted. */
    bool drawn = s->n <= EXPLAIN_MAX_SIDE;
    cg_buf drawing = CG_BUF_INIT;
    if (drawn) {
        draw_board(s, &drawing);
    }
    cg_report_open_list(report, "board");
    for (size_t row = 0; drawn && !cg_buf_failed(&drawing) && row < s->n; row++) {
        /* each row ends with a newline; rows hold escapes when coloured */
        const char *start = drawing.data, *end = start;
        for (size_t k = 0; k <= row; k++) {
            start = end + (k > 0);
            end = strchr(start, '\n');
        }
        if (s->color) {
            cg_report_styled(report, NULL, start, (size_t)(end - start));
        } else {
            cg_report_string_n(report, NULL, start, (size_t)(end - start));
        }
    }
    cg_report_close(report);
    if (cg_buf_failed(&drawing)) {
        cg_report_text_buf(report, "board_failed", &drawing);
    }
    cg_buf_free(&drawing);
    cg_report_int(report, "board_rows_omitted", drawn ? 0 : (int64_t)s->n);
    if (s->want_value) {
        explain_value(report, s);
    }
}

static void close_run(void *state) {
    run_state *s = state;
    cg_path_search_free(&s->search);
    free(s->cells);
    cg_budget_give(s->solver.budget, s->cells_held, 1);
    cg_path_free(&s->solver);
}

const cg_option_spec cg_path_options[] = {
    {.name = "value",
     .arg = CG_ARG_NONE,
     .help = "with --explain or --json: the value under perfect play",
     CG_OPTION_FIELD(path_value)},
    {.name = "to-move",
     .arg = CG_ARG_CHOICE,
     .arg_name = "SIDE",
     .help = "the side to move for --value (default white)",
     CG_OPTION_FIELD(path_to_move),
     .choices = "white|black"},
    {.name = NULL},
};

const cg_game cg_game_path = {
    .name = "path",
    .summary = "UVa 601 The PATH: connection game, existing and one-move winning paths",
    .input_help = "Input: boards until a line 0. Each: N (1..65535), then N rows of exactly N\n"
                  "characters from W, B, U (blank lines anywhere). White joins left to right,\n"
                  "Black top to bottom, 4-connected; White is to move.\n"
                  "Output per board, the first that applies: White has a winning path. /\n"
                  "Black has a winning path. / White can win in one move. / Black can win in\n"
                  "one move. / There is no winning path.\n"
                  "Explanations draw the board with a shortest winning chain marked.\n"
                  "With --value they add the value under perfect play for the side to\n"
                  "move (--to-move, White by default): win, draw or loss, a best move and\n"
                  "a winning line drawn on the board.\n",
    .case_count = NULL,
    .case_separator = "",
    .state_size = sizeof(run_state),
    .open = open_run,
    .read_case = read_case,
    .solve_case = solve_case,
    .write_answer = write_answer,
    .explain_case = explain_case,
    .close = close_run,
    .gen_options = cg_path_gen_options,
    .generate_case = cg_path_generate_case,
    .shrink_case = cg_path_shrink_case,
    .case_size = cg_path_case_size,
    .size_unit = {"cell", "cells"},
    .judge_limits = cg_path_judge_limits,
    .validate_input = cg_path_validate_input,
    .options = cg_path_options,
    .play = &cg_path_play,
};
