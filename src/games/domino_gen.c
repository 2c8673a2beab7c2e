/* Domino test data: random deals, hard ones (Green without a double, deals
 * whose answer needs many positions, tiny deals where a search that stops
 * at the other player's win goes wrong), boundary ones, and shrinking by a
 * tile from each hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/validate_internal.h"
#include "games/domino_internal.h"

const char cg_domino_judge_limits[] =
    "UVa 742: 1 <= n <= 14 tiles per hand from a double-six set (pips 0..6), no\n"
    "tile twice, at least one double; any number of cases. Layout: one case a\n"
    "line, n then Red's and Green's tiles as pairs, single spaces; a line '0'\n"
    "ends it.\n";

static void tile_of(int id, int *a, int *b) {
    *a = 0;
    while (id > 6 - *a) { /* ids run row by row: (0,0..6), (1,1..6), ... */
        id -= 7 - *a;
        (*a)++;
    }
    *b = *a + id;
}

void cg_domino_random_deal(cg_domino_deal *deal, int n, cg_rng *rng) {
    int ids[CG_DOMINO_TILES];
    for (;;) {
        for (int t = 0; t < CG_DOMINO_TILES; t++) {
            ids[t] = t;
        }
        cg_rng_shuffle(rng, ids, CG_DOMINO_TILES, sizeof *ids);
        deal->n = n;
        bool any_double = false;
        for (int i = 0; i < 2 * n; i++) {
            int a, b;
            tile_of(ids[i], &a, &b);
            deal->tiles[i / n][i % n][0] = (uint8_t)a;
            deal->tiles[i / n][i % n][1] = (uint8_t)b;
            any_double |= a == b;
        }
        if (any_double) {
            return;
        }
    }
}

static bool holds_double(const cg_domino_deal *deal, int player) {
    for (int i = 0; i < deal->n; i++) {
        if (deal->tiles[player][i][0] == deal->tiles[player][i][1]) {
            return true;
        }
    }
    return false;
}

/* Of a few random deals of n tiles, the one whose answer needs the most
 * positions. */
static cg_status hardest_deal(cg_domino_deal *deal, int n, cg_rng *rng, cg_error *err) {
    cg_budget budget = cg_budget_make((size_t)256 << 20);
    cg_domino_solver solver;
    cg_domino_init(&solver, &budget);
    uint64_t most = 0;
    cg_status st = CG_OK;
    for (int k = 0; st == CG_OK && k < 8; k++) {
        cg_domino_deal candidate;
        cg_domino_random_deal(&candidate, n, rng);
        st = cg_domino_solve(&solver, &candidate, false, false, err);
        uint64_t visited = solver.result.states_visited[0] + solver.result.states_visited[1];
        if (st == CG_OK && (k == 0 || visited > most)) {
            most = visited;
            *deal = candidate;
        }
    }
    cg_domino_free(&solver);
    return st;
}

/* The deal of case index: its size and kind by --edge and --hard. */
static cg_status draw_deal(const cg_options *options, cg_rng *rng, uint64_t index,
                           cg_domino_deal *deal, cg_error *err) {
    int n = options->tiles > 0 ? (int)options->tiles : 1 + (int)cg_rng_below(rng, 7);
    if (options->edge) {
        static const int sizes[] = {1, 1, 14, 14, 2};
        n = options->tiles > 0 ? n : sizes[index % 5];
        do {
            cg_domino_random_deal(deal, n, rng);
        } while ((index % 5 == 1 && holds_double(deal, 0)) ||
                 (index % 5 == 3 && holds_double(deal, 1)));
    } else if (options->hard && index % 3 == 0) {
        do { /* only Red holds doubles */
            cg_domino_random_deal(deal, n, rng);
        } while (holds_double(deal, 1));
    } else if (options->hard && index % 3 == 1) {
        return hardest_deal(deal, options->tiles > 0 ? n : 9, rng, err);
    } else if (options->hard) {
        cg_domino_random_deal(deal, options->tiles > 0 ? n : 2 + (int)cg_rng_below(rng, 2), rng);
    } else {
        cg_domino_random_deal(deal, n, rng);
    }
    return CG_OK;
}

cg_status cg_domino_generate_case(const cg_options *options, cg_rng *rng, uint64_t index,
                                  cg_buf *out, cg_error *err) {
    cg_domino_deal deal;
    cg_status st = draw_deal(options, rng, index, &deal, err);
    if (st != CG_OK) {
        return st;
    }
    cg_buf_printf(out, "%d", deal.n);
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < deal.n; i++) {
            int flip = (int)cg_rng_below(rng, 2);
            cg_buf_printf(out, " %d %d", deal.tiles[p][i][flip], deal.tiles[p][i][1 - flip]);
        }
    }
    return CG_OK;
}

static void add_deal(const int *values, int n, int skip_red, int skip_green,
                     cg_strlist *candidates) {
    cg_buf line = CG_BUF_INIT;
    cg_buf_printf(&line, "%d", skip_red >= 0 ? n - 1 : n);
    for (int i = 0; i < 2 * n; i++) {
        if (i != skip_red && i != n + skip_green) {
            cg_buf_printf(&line, " %d %d", values[1 + 2 * i], values[2 + 2 * i]);
        }
    }
    cg_strlist_addf(candidates, "%s", line.data != NULL ? line.data : "");
    cg_buf_free(&line);
}

/* Smaller deals, every single reduction: one tile fewer in each hand (any
 * tile of either), or one pip lowered to any smaller value (invalid deals,
 * a tile twice, are the caller's to drop). */
void cg_domino_shrink_case(const char *text, size_t len, cg_strlist *candidates) {
    (void)len;
    int values[1 + 4 * CG_DOMINO_MAX_HAND], count = 0, used;
    for (const char *p = text;
         count < 1 + 4 * CG_DOMINO_MAX_HAND && sscanf(p, "%d%n", &values[count], &used) == 1;
         p += used) {
        count++;
    }
    int n = values[0];
    if (count != 1 + 4 * n || n < 1) {
        return;
    }
    for (int r = 0; n > 1 && r < n; r++) {
        for (int g = 0; g < n; g++) {
            add_deal(values, n, r, g, candidates);
        }
    }
    for (int i = 1; i < count; i++) {
        int pip = values[i];
        for (values[i] = 0; values[i] < pip; values[i]++) {
            add_deal(values, n, -1, -1, candidates);
        }
        values[i] = pip;
    }
}

/* A deal's size: its tiles a hand. */
uint64_t cg_domino_case_size(const char *text, size_t len) {
    (void)len;
    int n = 0;
    return sscanf(text, "%d", &n) == 1 && n > 0 ? (uint64_t)n : 0;
}

const cg_option_spec cg_domino_gen_options[] = {
    {.name = "tiles",
     .short_name = 'i',
     .arg = CG_ARG_INT,
     .arg_name = "N",
     .help = "tiles per hand, 1..14 (default 1..7)",
     CG_OPTION_FIELD(tiles),
     .min = 1,
     .max = CG_DOMINO_MAX_HAND},
    {.name = NULL},
};

/* One tile of the case at line: a space and two pips; a tile dealt before
 * is named at its first pip. */
static cg_status expect_tile(cg_validator *v, uint64_t line, bool seen[7][7], bool *any_double) {
    uint64_t pips[2] = {0, 0};
    uint64_t column = v->column + 1;
    for (int side = 0; side < 2; side++) {
        cg_status st = cg_expect_space(v);
        if (st == CG_OK) {
            st = cg_expect_int(v, 0, 6, "a pip", &pips[side]);
        }
        if (st != CG_OK) {
            return st;
        }
    }
    uint64_t a = pips[0] < pips[1] ? pips[0] : pips[1], b = pips[0] ^ pips[1] ^ a;
    if (seen[a][b]) {
        return cg_validation_error(v, line, column, "the tile %llu-%llu is dealt twice",
                                   (unsigned long long)a, (unsigned long long)b);
    }
    seen[a][b] = true;
    *any_double |= a == b;
    return CG_OK;
}

/* The 2n tiles of the case at line, no tile twice, at least one double. */
static cg_status expect_deal(cg_validator *v, uint64_t line, uint64_t n) {
    bool seen[7][7] = {{false}}, any_double = false;
    for (uint64_t t = 0; t < 2 * n; t++) {
        cg_status st = expect_tile(v, line, seen, &any_double);
        if (st != CG_OK) {
            return st;
        }
    }
    return any_double ? CG_OK : cg_validation_error(v, line, 1, "nobody holds a double");
}

/* The judge's input exactly: one case a line until '0'. */
cg_status cg_domino_validate_input(cg_validator *v) {
    cg_status st = CG_OK;
    for (;;) {
        uint64_t n;
        uint64_t line = v->line;
        if ((st = cg_expect_int(v, 0, CG_DOMINO_MAX_HAND, "the tiles per hand n", &n)) != CG_OK ||
            n == 0) {
            break;
        }
        if ((st = expect_deal(v, line, n)) != CG_OK || (st = cg_expect_eol(v)) != CG_OK) {
            break;
        }
    }
    if (st == CG_OK) {
        st = cg_expect_eol(v);
    }
    return st == CG_OK ? cg_expect_eof(v) : st;
}
