/* Treblecross test data: random boards (no XXX), hard ones (whose only
 * wins are XX. or X.X at an edge, long boards whose answer hangs on one
 * stretch), boundary ones (3 cells, 2,000 cells), and shrinking by a cell. */
#include <stdlib.h>
#include <string.h>

#include "core/validate_internal.h"
#include "framework/testdata_internal.h"
#include "games/treblecross_internal.h"

/* UVa 10561's stated limits: gen and stress stay inside them by default,
 * validate checks them. */
#define JUDGE_BOARDS 99
#define JUDGE_LENGTH 200
#define PROBLEM "UVa 10561"

const char cg_treblecross_judge_limits[] =
    "UVa 10561: N < 100 boards; each board 3 to 200 cells of '.' and 'X', without\n"
    "XXX. Layout: N on a line, then one board a line (trailing spaces allowed).\n";

static bool x_at(const char *board, size_t len, size_t i, int d) {
    return (d >= 0 || i >= (size_t)-d) && i + (size_t)d < len && board[i + (size_t)d] == 'X';
}

/* Put an X at i unless that makes three in a row. */
static void place(char *board, size_t len, size_t i) {
    bool triple = (x_at(board, len, i, -2) && x_at(board, len, i, -1)) ||
                  (x_at(board, len, i, -1) && x_at(board, len, i, 1)) ||
                  (x_at(board, len, i, 1) && x_at(board, len, i, 2));
    board[i] = triple ? '.' : 'X';
}

static void random_board(char *board, size_t len, unsigned density, cg_rng *rng) {
    memset(board, '.', len);
    board[len] = '\0';
    for (size_t i = 0; i < len; i++) {
        if (cg_rng_below(rng, 100) < density) {
            place(board, len, i);
        }
    }
}

/* The first case checks --cases against the judge's limit, every case the
 * length. */
static cg_status within_limits(const cg_options *options, uint64_t index, cg_error *err) {
    cg_status st =
        index > 0 ? CG_OK
                  : cg_gen_within(options, "--cases", options->cases, JUDGE_BOARDS, PROBLEM, err);
    if (st == CG_OK) {
        st = cg_gen_within(options, "--length", (uint64_t)options->length, JUDGE_LENGTH, PROBLEM,
                           err);
    }
    return st;
}

/* The cells of case index's board of len cells, by --hard. */
static void fill_board(const cg_options *options, uint64_t index, unsigned density, char *board,
                       size_t len, cg_rng *rng) {
    if (options->hard && index % 2 == 0 && len >= 6) {
        /* XX. or X.X at one edge, the rest free but for a far X: the only
         * wins complete the triple at the edge. */
        random_board(board, len, 0, rng);
        bool left = cg_rng_below(rng, 2) == 0, gap = cg_rng_below(rng, 2) == 0;
        size_t a = left ? 0 : len - 1, b = left ? (gap ? 2 : 1) : (gap ? len - 3 : len - 2);
        board[a] = board[b] = 'X';
        if (len > 12) {
            board[len / 2] = 'X';
        }
    } else if (options->hard) {
        random_board(board, len, 2, rng);
    } else {
        random_board(board, len, density, rng);
    }
}

cg_status cg_treblecross_generate_case(const cg_options *options, cg_rng *rng, uint64_t index,
                                       cg_buf *out, cg_error *err) {
    cg_status st = within_limits(options, index, err);
    if (st != CG_OK) {
        return st;
    }
    size_t len = options->length > 0 ? (size_t)options->length : 3 + (size_t)cg_rng_below(rng, 38);
    unsigned density =
        options->density >= 0 ? (unsigned)options->density : (unsigned)cg_rng_below(rng, 30);
    if (options->edge) {
        static const char *const small[] = {"...", "X..", ".X.", "..X", "X.X", "XX.", ".XX"};
        if (index % 8 < 7) {
            cg_buf_puts(out, small[index % 8]);
            return CG_OK;
        }
        len = options->length > 0 ? len : options->beyond_limits ? 2000 : JUDGE_LENGTH;
    } else if (options->hard && options->length == 0 && index % 2 == 1) {
        /* one hard board in two over the whole range, up to three digits long */
        len = 3 + (size_t)cg_rng_below(rng, JUDGE_LENGTH - 2);
    }
    char *board = malloc(len + 1);
    if (board == NULL) {
        return cg_error_nomem(err, "generating a board");
    }
    fill_board(options, index, density, board, len, rng);
    cg_buf_puts(out, board);
    if (options->hard && index % 4 == 3) {
        cg_buf_puts(out, "  "); /* white space a line-based reader may take for cells */
    }
    free(board);
    return CG_OK;
}

/* Smaller boards, every single reduction: a cell fewer (a stretch of equal
 * cells shortened by one: each stretch once), or an X cleared. */
void cg_treblecross_shrink_case(const char *text, size_t len, cg_strlist *candidates) {
    for (size_t i = 0; len > 3 && i < len; i++) {
        if (i == 0 || text[i] != text[i - 1]) {
            cg_strlist_addf(candidates, "%.*s%s", (int)i, text, text + i + 1);
        }
    }
    for (size_t i = 0; i < len; i++) {
        if (text[i] == 'X') {
            cg_strlist_addf(candidates, "%.*s.%s", (int)i, text, text + i + 1);
        }
    }
}

/* A board's size: its cells. */
uint64_t cg_treblecross_case_size(const char *text, size_t len) {
    uint64_t cells = 0;
    for (size_t i = 0; i < len; i++) {
        cells += text[i] == '.' || text[i] == 'X';
    }
    return cells;
}

const cg_option_spec cg_treblecross_gen_options[] = {
    {.name = "length",
     .short_name = 'L',
     .arg = CG_ARG_INT,
     .arg_name = "L",
     .help = "cells per board (default 3..40)",
     CG_OPTION_FIELD(length),
     .min = 3,
     .max = (int64_t)1 << 30},
    {.name = "density",
     .short_name = 'x',
     .arg = CG_ARG_INT,
     .arg_name = "PERCENT",
     .help = "cells holding an X, in percent (default 0..30)",
     CG_OPTION_FIELD(density),
     .def = -1,
     .min = 0,
     .max = 100},
    {.name = NULL},
};

/* The judge's input exactly: N, then N boards, one a line. */
cg_status cg_treblecross_validate_input(cg_validator *v) {
    uint64_t boards;
    cg_status st = cg_expect_int(v, 0, JUDGE_BOARDS, "the number of boards N", &boards);
    if (st == CG_OK) {
        st = cg_expect_eol(v);
    }
    for (uint64_t b = 0; st == CG_OK && b < boards; b++) {
        const char *board;
        size_t len;
        uint64_t line = v->line, column = v->column;
        st = cg_expect_word(v, ".X", 3, JUDGE_LENGTH, "a board of '.' and 'X'", &board, &len);
        for (size_t i = 0; st == CG_OK && i + 2 < len; i++) {
            if (board[i] == 'X' && board[i + 1] == 'X' && board[i + 2] == 'X') {
                st = cg_validation_error(v, line, column + i, "the board holds XXX");
            }
        }
        if (st == CG_OK) {
            cg_skip_trailing_spaces(v);
            st = cg_expect_eol(v);
        }
    }
    return st == CG_OK ? cg_expect_eof(v) : st;
}
