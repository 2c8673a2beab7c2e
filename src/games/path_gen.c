/* PATH test data: random boards, hard ones (no one-move win; N = 1),
 * boundary ones, and shrinking by a row and a column or a stone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgsolve/games/path.h"

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
    size_t n = options->size > 0 ? (size_t)options->size : 1 + (size_t)cg_rng_below(rng, 8);
    unsigned fill = options->fill >= 0 ? (unsigned)options->fill : (unsigned)cg_rng_below(rng, 90);
    if (options->edge) {
        n = options->size > 0 ? n : (index % 4 < 3 ? 1 : 60);
    } else if (options->hard && index % 3 == 2 && options->size == 0) {
        n = 1;
    }
    char *cells = malloc(n * n + 1);
    if (cells == NULL) {
        return cg_error_nomem(err, "generating a board");
    }
    if (options->edge && index % 4 < 3 && options->size == 0) {
        cells[0] = "WBU"[index % 4];
    } else {
        /* hard: redraw until nobody has a path or a one-move win */
        int tries = options->hard && index % 3 != 2 ? 50 : 1;
        do {
            random_board(cells, n, fill, rng);
        } while (--tries > 0 && verdict_of(cells, n) != CG_PATH_NONE);
    }
    cg_buf_printf(out, "%zu", n);
    for (size_t row = 0; row < n; row++) {
        cg_buf_putc(out, '\n');
        cg_buf_append(out, cells + row * n, n);
    }
    free(cells);
    return CG_OK;
}

/* Smaller boards: without a row and a column (each corner), or a stone
 * taken off. */
void cg_path_shrink_case(const char *text, size_t len, cg_strlist *candidates) {
    (void)len;
    size_t n;
    int used;
    if (sscanf(text, "%zu%n", &n, &used) != 1 || n == 0 || n > 200) {
        return;
    }
    char *cells = calloc(n * n + 1, 1);
    if (cells == NULL) {
        return;
    }
    const char *p = text + used;
    size_t got = 0;
    for (; *p != '\0' && got < n * n; p++) {
        if (*p == 'W' || *p == 'B' || *p == 'U') {
            cells[got++] = *p;
        }
    }
    for (int corner = 0; got == n * n && n > 1 && corner < 4; corner++) {
        size_t skip_row = corner & 1 ? 0 : n - 1, skip_col = corner & 2 ? 0 : n - 1;
        cg_buf board = CG_BUF_INIT;
        cg_buf_printf(&board, "%zu", n - 1);
        for (size_t r = 0; r < n; r++) {
            if (r == skip_row) {
                continue;
            }
            cg_buf_putc(&board, '\n');
            for (size_t c = 0; c < n; c++) {
                if (c != skip_col) {
                    cg_buf_putc(&board, cells[r * n + c]);
                }
            }
        }
        cg_strlist_addf(candidates, "%s", board.data);
        cg_buf_free(&board);
    }
    for (size_t c = 0; got == n * n && c < n * n; c++) {
        if (cells[c] == 'U') {
            continue;
        }
        cg_buf board = CG_BUF_INIT;
        cg_buf_printf(&board, "%zu", n);
        for (size_t k = 0; k < n * n; k++) {
            if (k % n == 0) {
                cg_buf_putc(&board, '\n');
            }
            cg_buf_putc(&board, k == c ? 'U' : cells[k]);
        }
        cg_strlist_addf(candidates, "%s", board.data);
        cg_buf_free(&board);
    }
    free(cells);
}

const cg_option_spec cg_path_gen_options[] = {
    {CG_OPTION_SIZE, "size", 'z', CG_ARG_INT, "N", "board side (default 1..8)", 1, 65535, NULL},
    {CG_OPTION_FILL, "fill", 'l', CG_ARG_INT, "PERCENT",
     "cells holding a stone, in percent (default 0..90)", 0, 100, NULL},
    {CG_OPTION_COUNT, NULL, 0, CG_ARG_NONE, NULL, NULL, 0, 0, NULL},
};
