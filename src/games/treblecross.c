#include "games/treblecross_internal.h"

#include "core/grow_internal.h"

#include <stdlib.h>
#include <string.h>

/* Free stretches are 0.007 heaps shifted by two (see the header). */
#define STRETCH_SHIFT 2

void cg_treblecross_init(cg_treblecross_solver *solver, cg_budget *budget) {
    memset(solver, 0, sizeof *solver);
    cg_octal_code code;
    cg_octal_parse("0.007", &code, NULL);
    cg_octal_engine_init(&solver->grundy, &code, CG_ENGINE_AUTO, budget);
}

void cg_treblecross_set_threads(cg_treblecross_solver *solver, unsigned threads) {
    cg_octal_engine_set_threads(&solver->grundy, threads);
}

cg_status cg_treblecross_load_table(cg_treblecross_solver *solver, const char *path,
                                    cg_error *err) {
    if (solver == NULL || path == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_treblecross_load_table: NULL %s",
                            solver == NULL ? "solver" : "path");
    }
    cg_octal_engine *e = &solver->grundy;
    cg_octal_code code = e->code;
    cg_budget *budget = e->budget;
    unsigned threads = e->threads;
    cg_octal_engine_free(e);
    cg_status st = cg_octal_engine_load(e, &code, CG_ENGINE_AUTO, budget, path, err);
    if (st != CG_OK) {
        cg_octal_engine_init(e, &code, CG_ENGINE_AUTO, budget); /* usable, empty */
    }
    cg_octal_engine_set_threads(e, threads);
    return st;
}

cg_treblecross_split cg_treblecross_split_at(size_t length, size_t position) {
    cg_treblecross_split split;
    split.left = position > 3 ? position - 3 : 0;
    split.right = length > position + 2 ? length - position - 2 : 0;
    return split;
}

void cg_treblecross_free(cg_treblecross_solver *solver) {
    cg_octal_engine_free(&solver->grundy);
    free(solver->result.moves);
    free(solver->result.stretches);
    memset(solver, 0, sizeof *solver);
}

bool cg_treblecross_valid(const char *board, size_t len, size_t *offset, const char **reason) {
    for (size_t i = 0; i < len; i++) {
        if (board[i] != '.' && board[i] != 'X') {
            *offset = i;
            *reason = "expected '.' or 'X'";
            return false;
        }
        if (i >= 2 && board[i] == 'X' && board[i - 1] == 'X' && board[i - 2] == 'X') {
            *offset = i - 2;
            *reason = "the board already holds XXX: the game is over";
            return false;
        }
    }
    if (len < 3) {
        *offset = 0;
        *reason = "a board has at least 3 cells";
        return false;
    }
    return true;
}

cg_nimber cg_treblecross_stretch_value(const cg_treblecross_solver *solver, size_t length) {
    return cg_octal_engine_at(&solver->grundy, length + STRETCH_SHIFT);
}

static bool is_x(const char *board, size_t len, size_t i, int delta) {
    if (delta < 0 && i < (size_t)-delta) {
        return false;
    }
    size_t j = i + (size_t)(ptrdiff_t)delta;
    return j < len && board[j] == 'X';
}

/* Placing an X on empty cell i completes a triple. */
static bool completes_triple(const char *board, size_t len, size_t i) {
    return (is_x(board, len, i, -2) && is_x(board, len, i, -1)) ||
           (is_x(board, len, i, -1) && is_x(board, len, i, 1)) ||
           (is_x(board, len, i, 1) && is_x(board, len, i, 2));
}

static cg_status push_move(cg_treblecross_result *r, size_t cell, cg_error *err) {
    return cg_append(&r->moves, &r->move_count, &r->moves_cap, &cell, sizeof cell,
                     "listing winning moves", err);
}

static cg_status push_stretch(cg_treblecross_result *r, size_t start, size_t length,
                              cg_error *err) {
    cg_treblecross_stretch stretch = {start, length, 0};
    return cg_append(&r->stretches, &r->stretch_count, &r->stretches_cap, &stretch, sizeof stretch,
                     "listing free stretches", err);
}

/* Split the board into free stretches: empty cells at distance >= 3 from every X. */
static cg_status find_stretches(cg_treblecross_result *r, const char *board, size_t len,
                                size_t *longest, cg_error *err) {
    size_t last_x = SIZE_MAX; /* position of the nearest X to the left */
    size_t run_start = 0, run_length = 0;
    *longest = 0;
    for (size_t i = 0; i <= len; i++) {
        bool free_cell = false;
        if (i < len) {
            if (board[i] == 'X') {
                last_x = i;
            }
            bool near_left = last_x != SIZE_MAX && i - last_x <= 2;
            bool near_right = is_x(board, len, i, 1) || is_x(board, len, i, 2);
            free_cell = board[i] == '.' && !near_left && !near_right;
        }
        if (free_cell) {
            if (run_length == 0) {
                run_start = i;
            }
            run_length++;
        } else if (run_length > 0) {
            cg_status st = push_stretch(r, run_start, run_length, err);
            if (st != CG_OK) {
                return st;
            }
            if (run_length > *longest) {
                *longest = run_length;
            }
            run_length = 0;
        }
    }
    return CG_OK;
}

cg_status cg_treblecross_solve(cg_treblecross_solver *solver, const char *board, size_t len,
                               cg_error *err) {
    if (solver == NULL || board == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_treblecross_solve: NULL %s",
                            solver == NULL ? "solver" : "board");
    }
    size_t offset;
    const char *reason;
    if (!cg_treblecross_valid(board, len, &offset, &reason)) {
        return cg_error_set(err, CG_ERR_INPUT, "cg_treblecross_solve: cell %zu (from 0): %s",
                            offset, reason);
    }
    cg_treblecross_result *r = &solver->result;
    r->move_count = 0;
    r->stretch_count = 0;
    r->nim_sum = 0;
    r->immediate = false;
    cg_status st;
    for (size_t i = 0; i < len; i++) {
        if (board[i] == '.' && completes_triple(board, len, i)) {
            if ((st = push_move(r, i, err)) != CG_OK) {
                return st;
            }
        }
    }
    if (r->move_count > 0) {
        r->immediate = true;
        r->winning = true;
        return CG_OK;
    }
    size_t longest;
    if ((st = find_stretches(r, board, len, &longest, err)) != CG_OK) {
        return st;
    }
    if ((st = cg_octal_engine_extend(&solver->grundy, longest + STRETCH_SHIFT, err)) != CG_OK) {
        return st;
    }
    for (size_t s = 0; s < r->stretch_count; s++) {
        r->stretches[s].grundy = cg_treblecross_stretch_value(solver, r->stretches[s].length);
        r->nim_sum = cg_nim_add(r->nim_sum, r->stretches[s].grundy);
    }
    r->winning = r->nim_sum != 0;
    if (!r->winning) {
        return CG_OK;
    }
    /* A move at position i (1-based) of stretch s replaces g(L) by
     * g(max(0, i-3)) xor g(max(0, L-i-2)): O(1) per candidate. */
    for (size_t s = 0; s < r->stretch_count; s++) {
        size_t length = r->stretches[s].length;
        cg_nimber others = cg_nim_add(r->nim_sum, r->stretches[s].grundy);
        for (size_t i = 1; i <= length; i++) {
            cg_treblecross_split split = cg_treblecross_split_at(length, i);
            cg_nimber after =
                cg_nim_add(others, cg_nim_add(cg_treblecross_stretch_value(solver, split.left),
                                              cg_treblecross_stretch_value(solver, split.right)));
            if (after == 0 && (st = push_move(r, r->stretches[s].start + i - 1, err)) != CG_OK) {
                return st;
            }
        }
    }
    return CG_OK;
}

/* ---- the cgsolve game interface ---------------------------------------- */

typedef struct run_state {
    cg_treblecross_solver solver;
    char *board;
    size_t board_len;
    size_t board_cap;
} run_state;

static cg_status open_run(void *state, const cg_options *options, cg_budget *budget,
                          cg_error *err) {
    run_state *s = state;
    cg_treblecross_init(&s->solver, budget);
    cg_treblecross_set_threads(&s->solver, cg_options_threads(options));
    cg_status st =
        options->table != NULL ? cg_treblecross_load_table(&s->solver, options->table, err) : CG_OK;
    /* a board of hundreds of thousands of cells takes seconds */
    cg_octal_engine_set_progress(&s->solver.grundy, options->progress_hook,
                                 options->progress_context);
    return st;
}

cg_status cg_treblecross_read_board(cg_scanner *in, char **board, size_t *len, size_t *capacity,
                                    cg_error *err) {
    cg_token tok;
    cg_status st = cg_scan_token(in, "a board of '.' and 'X'", &tok, err);
    if (st != CG_OK) {
        return st;
    }
    size_t offset;
    const char *reason;
    if (!cg_treblecross_valid(tok.text, tok.len, &offset, &reason)) {
        if (offset < tok.len && tok.text[offset] != '.' && tok.text[offset] != 'X') {
            char found[16];
            cg_describe_byte((unsigned char)tok.text[offset], found);
            return cg_scan_error_at(in, &tok, offset, err, "%s, found %s", reason, found);
        }
        if (tok.len < 3) {
            return cg_scan_error_at(in, &tok, offset, err, "%s, found %zu", reason, tok.len);
        }
        return cg_scan_error_at(in, &tok, offset, err, "%s", reason);
    }
    char *grown = cg_grow(*board, capacity, tok.len + 1, 1);
    if (grown == NULL) {
        return cg_error_nomem(err, "storing a board");
    }
    *board = grown;
    memcpy(*board, tok.text, tok.len + 1);
    *len = tok.len;
    return CG_OK;
}

static cg_status read_case(void *state, cg_scanner *in, cg_error *err) {
    run_state *s = state;
    return cg_treblecross_read_board(in, &s->board, &s->board_len, &s->board_cap, err);
}

static cg_status solve_case(void *state, cg_error *err) {
    run_state *s = state;
    return cg_treblecross_solve(&s->solver, s->board, s->board_len, err);
}

static void write_answer(void *state, uint64_t number, cg_buf *out) {
    (void)number;
    const cg_treblecross_result *r = &((run_state *)state)->solver.result;
    cg_buf_puts(out, r->winning ? "WINNING\n" : "LOSING\n");
    for (size_t i = 0; i < r->move_count; i++) {
        if (i > 0) {
            cg_buf_putc(out, ' ');
        }
        cg_buf_put_uint(out, r->moves[i] + 1);
    }
    cg_buf_putc(out, '\n');
}

/* Which cell's winning move, in which stretch (the stretches are in order). */
static void explain_moves(const cg_treblecross_result *r, cg_report *report) {
    cg_report_open_list(report, "winning_moves");
    size_t stretch = 0;
    for (size_t i = 0; i < r->move_count; i++) {
        size_t cell = r->moves[i];
        cg_treblecross_split split = {0, 0};
        size_t length = 0;
        if (!r->immediate) {
            while (r->stretches[stretch].start + r->stretches[stretch].length <= cell) {
                stretch++;
            }
            length = r->stretches[stretch].length;
            split = cg_treblecross_split_at(length, cell - r->stretches[stretch].start + 1);
        }
        cg_report_open_object(report, NULL);
        cg_report_int(report, "cell", (int64_t)cell + 1);
        cg_report_bool(report, "completes_three", r->immediate);
        cg_report_int(report, "stretch_length", (int64_t)length);
        cg_report_int(report, "leaves_left", (int64_t)split.left);
        cg_report_int(report, "leaves_right", (int64_t)split.right);
        cg_report_close(report);
    }
    cg_report_close(report);
}

static void explain_case(void *state, cg_report *report) {
    const run_state *s = state;
    const cg_treblecross_result *r = &s->solver.result;
    cg_report_string_n(report, "board", s->board, s->board_len);
    cg_report_string(report, "winner", r->winning ? "first" : "second");
    cg_report_string(report, "reason",
                     r->immediate            ? "three_in_a_row"
                     : r->stretch_count == 0 ? "no_free_cell"
                                             : "nim_sum");
    cg_report_open_list(report, "stretches");
    for (size_t i = 0; !r->immediate && i < r->stretch_count; i++) {
        cg_report_open_object(report, NULL);
        cg_report_int(report, "from", (int64_t)r->stretches[i].start + 1);
        cg_report_int(report, "to", (int64_t)(r->stretches[i].start + r->stretches[i].length));
        cg_report_int(report, "length", (int64_t)r->stretches[i].length);
        cg_report_int(report, "grundy", (int64_t)r->stretches[i].grundy);
        cg_report_close(report);
    }
    cg_report_close(report);
    cg_report_int(report, "nim_sum", r->immediate ? 0 : (int64_t)r->nim_sum);
    explain_moves(r, report);
}

static void close_run(void *state) {
    run_state *s = state;
    cg_treblecross_free(&s->solver);
    free(s->board);
}

static const cg_option_spec treblecross_options[] = {
    CG_THREADS_OPTION,
    {.name = "table",
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "start 0.007's values from a grundy checkpoint",
     CG_OPTION_FIELD(table)},
    {.name = NULL},
};

const cg_game cg_game_treblecross = {
    .name = "treblecross",
    .summary = "UVa 10561 Treblecross: win or lose, and every winning move (octal game 0.007)",
    .input_help = "Input: a count N, then N boards, one token each, of '.' (empty) and 'X',\n"
                  "at least 3 cells, never already holding XXX. Any length is accepted.\n"
                  "Output per board: WINNING or LOSING, then a line with every winning cell\n"
                  "(1-based, ascending; empty for a losing board).\n",
    .case_count = "the number of boards (a non-negative integer)",
    .case_separator = "",
    .options = treblecross_options,
    .state_size = sizeof(run_state),
    .open = open_run,
    .read_case = read_case,
    .solve_case = solve_case,
    .write_answer = write_answer,
    .explain_case = explain_case,
    .close = close_run,
    .gen_options = cg_treblecross_gen_options,
    .generate_case = cg_treblecross_generate_case,
    .shrink_case = cg_treblecross_shrink_case,
    .case_size = cg_treblecross_case_size,
    .size_unit = {"cell", "cells"},
    .judge_limits = cg_treblecross_judge_limits,
    .validate_input = cg_treblecross_validate_input,
    .play = &cg_treblecross_play,
};
