/* PATH test data: random boards, hard ones (no one-move win; N = 1),
 * boundary ones, and shrinking by a row and a column or a stone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/validate_internal.h"
#include "framework/testdata_internal.h"
#include "games/path_internal.h"

/* UVa 601's stated limits and layout: gen and stress stay inside them by
 * default, validate checks them. */
#define JUDGE_SIDE 80
#define PROBLEM "UVa 601"

const char cg_path_judge_limits[] =
    "UVa 601: boards of side 0 < N < 81, cells 'W', 'B' or 'U'. Layout: N on a line,\n"
    "a blank line, N lines of exactly N cells, a blank line; a line '0' ends it.\n";

/* One board in the judge's layout: N, a blank line, the rows; the line
 * end after the last row and the blank line after it are the writer's. */
static void write_board(const char *cells, size_t n, cg_buf *out) {
    cg_buf_printf(out, "%zu\n", n);
    for (size_t row = 0; row < n; row++) {
        cg_buf_putc(out, '\n');
        cg_buf_append(out, cells + row * n, n);
    }
    cg_buf_putc(out, '\n');
}

static void random_board(char *cells, size_t n, unsigned fill, cg_rng *rng) {
    for (size_t c = 0; c < n * n; c++) {
        uint64_t roll = cg_rng_below(rng, 200);
        cells[c] = roll < fill ? 'W' : roll < 2 * (uint64_t)fill ? 'B' : 'U';
    }
}

static cg_path_verdict verdict_of(const char *cells, size_t n) {
    cg_path_solver solver;
    cg_path_init(&solver, NULL);
    cg_path_verdict v = cg_path_solve(&solver, cells, n, false, NULL) == CG_OK
                            ? solver.result.verdict
                            : CG_PATH_NONE;
    cg_path_free(&solver);
    return v;
}

cg_status cg_path_generate_case(const cg_options *options, cg_rng *rng, uint64_t index, cg_buf *out,
                                cg_error *err) {
    cg_status st =
        cg_gen_within(options, "--size", (uint64_t)options->size, JUDGE_SIDE, PROBLEM, err);
    if (st != CG_OK) {
        return st;
    }
    size_t n = options->size > 0 ? (size_t)options->size : 1 + (size_t)cg_rng_below(rng, 8);
    unsigned fill = options->fill >= 0 ? (unsigned)options->fill : (unsigned)cg_rng_below(rng, 90);
    /* --edge: the one-cell boards, the largest, and the sides either side of
     * two digits (9 and 10); --hard: one in three N = 1, the others over the
     * whole range, half with one digit and half with two, so a reader that
     * misreads a two-digit N is found without --size */
    static const size_t edge_sides[] = {9, 10, JUDGE_SIDE};
    if (options->edge) {
        n = options->size > 0 ? n : (index % 6 < 3 ? 1 : edge_sides[index % 6 - 3]);
    } else if (options->hard && options->size == 0) {
        n = index % 3 == 2   ? 1
            : index % 3 == 0 ? 2 + (size_t)cg_rng_below(rng, 8)
                             : 10 + (size_t)cg_rng_below(rng, JUDGE_SIDE - 9);
    }
    char *cells = malloc(n * n + 1);
    if (cells == NULL) {
        return cg_error_nomem(err, "generating a board");
    }
    if (options->edge && index % 6 < 3 && options->size == 0) {
        cells[0] = "WBU"[index % 6];
    } else {
        /* hard: redraw until nobody has a path or a one-move win */
        int tries = options->hard && index % 3 != 2 ? 50 : 1;
        do {
            random_board(cells, n, fill, rng);
        } while (--tries > 0 && verdict_of(cells, n) != CG_PATH_NONE);
    }
    write_board(cells, n, out);
    free(cells);
    return CG_OK;
}

static void add_board(const char *cells, size_t n, cg_strlist *candidates) {
    cg_buf board = CG_BUF_INIT;
    write_board(cells, n, &board);
    cg_strlist_addf(candidates, "%s", board.data != NULL ? board.data : "");
    cg_buf_free(&board);
}

/* The first count cells W, B or U of text into cells: how many there were. */
static size_t read_cells(const char *text, size_t count, char *cells) {
    size_t got = 0;
    for (const char *p = text; *p != '\0' && got < count; p++) {
        if (*p == 'W' || *p == 'B' || *p == 'U') {
            cells[got++] = *p;
        }
    }
    return got;
}

/* The board without row skip_row and column skip_col. */
static void add_without(const char *cells, size_t n, size_t skip_row, size_t skip_col,
                        char *smaller, cg_strlist *candidates) {
    size_t k = 0;
    for (size_t r = 0; r < n; r++) {
        for (size_t c = 0; r != skip_row && c < n; c++) {
            if (c != skip_col) {
                smaller[k++] = cells[r * n + c];
            }
        }
    }
    add_board(smaller, n - 1, candidates);
}

/* Smaller boards, every single reduction: without a row and a column (any
 * row with any column), or a stone taken off. */
void cg_path_shrink_case(const char *text, size_t len, cg_strlist *candidates) {
    (void)len;
    size_t n;
    int used;
    if (sscanf(text, "%zu%n", &n, &used) != 1 || n == 0 || n > 200) {
        return;
    }
    char *cells = calloc(n * n + 1, 1), *smaller = malloc(n * n + 1);
    if (cells == NULL || smaller == NULL) {
        free(cells);
        free(smaller);
        return;
    }
    if (read_cells(text + used, n * n, cells) == n * n) {
        for (size_t rc = 0; n > 1 && rc < n * n; rc++) {
            add_without(cells, n, rc / n, rc % n, smaller, candidates);
        }
        for (size_t c = 0; c < n * n; c++) {
            if (cells[c] != 'U') { /* a cell emptied */
                memcpy(smaller, cells, n * n);
                smaller[c] = 'U';
                add_board(smaller, n, candidates);
            }
        }
    }
    free(smaller);
    free(cells);
}

/* A board's size: its cells, N * N. */
uint64_t cg_path_case_size(const char *text, size_t len) {
    (void)len;
    unsigned long long n = 0;
    return sscanf(text, "%llu", &n) == 1 ? (uint64_t)(n * n) : 0;
}

const cg_option_spec cg_path_gen_options[] = {
    {.name = "size",
     .short_name = 'z',
     .arg = CG_ARG_INT,
     .arg_name = "N",
     .help = "board side (default 1..8)",
     CG_OPTION_FIELD(size),
     .min = 1,
     .max = 65535},
    {.name = "fill",
     .short_name = 'l',
     .arg = CG_ARG_INT,
     .arg_name = "PERCENT",
     .help = "cells holding a stone, in percent (default 0..90)",
     CG_OPTION_FIELD(fill),
     .def = -1,
     .min = 0,
     .max = 100},
    {.name = NULL},
};

/* The judge's input exactly: boards (N, a blank line, N rows of N cells, a
 * blank line) until a line '0'. */
cg_status cg_path_validate_input(cg_validator *v) {
    cg_status st = CG_OK;
    for (;;) {
        uint64_t n;
        if ((st = cg_expect_int(v, 0, JUDGE_SIDE, "the board's side N", &n)) != CG_OK ||
            (st = cg_expect_eol(v)) != CG_OK || n == 0) {
            break;
        }
        st = cg_expect_eol(v); /* the blank line after N */
        for (uint64_t row = 0; st == CG_OK && row < n; row++) {
            st = cg_expect_word(v, "WBU", (size_t)n, (size_t)n, "a row of 'W', 'B' and 'U'", NULL,
                                NULL);
            if (st == CG_OK) {
                st = cg_expect_eol(v);
            }
        }
        if (st != CG_OK || (st = cg_expect_eol(v)) != CG_OK) { /* the blank line after it */
            break;
        }
    }
    return st == CG_OK ? cg_expect_eof(v) : st;
}
