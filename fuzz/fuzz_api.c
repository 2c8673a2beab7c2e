/* libFuzzer target for the public entry points called directly, as a
 * program embedding the library calls them, with whatever it is handed:
 * the bytes are a selector byte, a first line and the rest (the body).
 * Selector bits 0-1 pick the entry point, the others its game or variant:
 *   0  cg_solve_text: the body as a judge input of any game, the first line
 *      as options "name=value name ..." (the command line's syntax);
 *   1  the per-game solve functions on positions built from the body:
 *      Treblecross boards, domino deals, Game CS edge lists, Number Game
 *      masks, PATH boards (every byte and length, valid or not);
 *   2  cg_grundy_values: the first line as the octal code, up to a small
 *      bound, the body as options;
 *   3  cg_session_*: the first line as the start position, each line of
 *      the body as a command.
 * Memory is held at 16 MiB whatever the options say; options and commands
 * that touch files (checkpoints, tables, save) are left out. Nothing may
 * crash, hang or leak; errors are expected. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/budget_internal.h"
#include "framework/cgsolve_internal.h"
#include "fuzz_options.h"
#include "games/domino_internal.h"
#include "games/gamecs_internal.h"
#include "games/numbergame_internal.h"
#include "games/path_internal.h"
#include "games/treblecross_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MEMORY ((size_t)16 << 20)
#define MAX_OPTIONS 8

/* Options that read or write files, or only make runs long: not fuzzed. */
static bool left_out(const char *name) {
    static const char *const names[] = {"table",  "checkpoint",  "resume", "values-out",
                                        "verify", "certificate", "census", "shard",
                                        "value",  "markdown",    "spill"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strstr(name, names[i]) != NULL) {
            return true;
        }
    }
    return false;
}

/* The words of text ("name=value" or "name") as options, memory last so
 * that it always holds. text is modified. */
static size_t parse_options(char *text, cg_option_value *options) {
    size_t count = fuzz_words_as_options(text, " ", left_out, options, MAX_OPTIONS);
    options[count++] = (cg_option_value){"memory", "16M"};
    return count;
}

static const char *game_name(unsigned pick, bool with_grundy) {
    size_t count = 0;
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        count++;
    }
    size_t choices = count + (with_grundy ? 1 : 0);
    size_t k = pick % choices;
    return k == count ? "grundy" : cg_games()[k]->name;
}

static void solve_text(unsigned pick, char *line, const char *body, size_t len) {
    cg_option_value options[MAX_OPTIONS + 1];
    cg_call call = {options, parse_options(line, options), "<fuzz>", (pick & 1) != 0, NULL, NULL};
    cg_solve_result result;
    cg_api_error err;
    cg_solve_text(game_name(pick >> 1, false), body, len, &call, &result, &err);
    cg_solve_result_free(&result);
}

static void solve_treblecross(const char *body, size_t len) {
    cg_budget budget = cg_budget_make(MEMORY);
    cg_treblecross_solver solver;
    cg_treblecross_init(&solver, &budget);
    cg_error err;
    cg_treblecross_solve(&solver, body, len, &err);
    cg_treblecross_free(&solver);
}

static void solve_domino(const uint8_t *body, size_t len, bool optimal) {
    cg_domino_deal deal;
    memset(&deal, 0, sizeof deal);
    deal.n = len > 0 ? body[0] % 16 : 0; /* 0 and 15 are out of range */
    size_t at = 1;
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < deal.n && i < CG_DOMINO_MAX_HAND; i++) {
            for (int half = 0; half < 2; half++) {
                deal.tiles[p][i][half] = at < len ? (uint8_t)(body[at++] % 8) : 0; /* 7: bad */
            }
        }
    }
    cg_budget budget = cg_budget_make(MEMORY);
    cg_domino_solver solver;
    cg_domino_init(&solver, &budget);
    cg_error err;
    cg_domino_solve(&solver, &deal, true, optimal && deal.n <= 7, &err);
    cg_domino_free(&solver);
}

static void solve_gamecs(const uint8_t *body, size_t len, bool find_moves) {
    size_t n = len > 0 ? body[0] % 65 : 1; /* 0 nodes is refused */
    uint32_t u[64], v[64];
    uint64_t w[64];
    for (size_t i = 0; i + 1 < n; i++) {
        size_t at = 1 + 3 * i;
        /* a node past n - 1 or a weight of 0 now and then: refused */
        u[i] = at < len ? (uint32_t)(body[at] % (n + 1)) : (uint32_t)i;
        v[i] = at + 1 < len ? (uint32_t)(body[at + 1] % (n + 1)) : (uint32_t)(i + 1);
        w[i] = at + 2 < len ? body[at + 2] % 5 : 1;
    }
    cg_budget budget = cg_budget_make(MEMORY);
    cg_gamecs_solver solver;
    cg_gamecs_init(&solver, &budget);
    cg_error err;
    cg_gamecs_solve(&solver, n, u, v, w, find_moves, &err);
    cg_gamecs_free(&solver);
}

static void solve_numbergame(const uint8_t *body, size_t len) {
    int max = len > 0 ? body[0] % 20 : 0; /* 0 and 1 are refused; up to 19 stays fast */
    uint64_t available = 0;
    for (size_t i = 1; i < len && i <= 8; i++) {
        available = available << 8 | body[i];
    }
    cg_budget budget = cg_budget_make(MEMORY);
    cg_numbergame game;
    cg_error err;
    if (cg_numbergame_init(&game, max, &budget, &err) == CG_OK) {
        bool wins;
        uint64_t winning;
        cg_numbergame_wins(&game, available, &wins, &err);
        cg_numbergame_winning_moves(&game, available, &winning, &err);
        cg_numbergame_free(&game);
    }
}

static void solve_path(const char *body, size_t len) {
    size_t n = 0;
    while ((n + 1) * (n + 1) <= len && n < 40) {
        n++;
    }
    cg_budget budget = cg_budget_make(MEMORY);
    cg_path_solver solver;
    cg_path_init(&solver, &budget);
    cg_error err;
    cg_path_solve(&solver, body, n, true, &err);
    cg_path_free(&solver);
    bool found;
    size_t pair_count;
    uint32_t *pairs = n > 0 ? malloc(n * n * sizeof *pairs) : NULL;
    cg_path_pairing(body, n, len % 2 == 0 ? 'W' : 'B', &found, pairs, &pair_count, &err);
    free(pairs);
    uint32_t cut[2 * CG_PATH_CUT_MAX_SETS];
    cg_path_matching_pairing(body, n, len % 2 == 0 ? 'B' : 'W', &found, cut, &pair_count, &err);
    cg_path_search search;
    cg_path_search_init(&search, &budget);
    search.max_nodes = 20000; /* keeps a run short */
    if (cg_path_search_set(&search, body, n, len % 3 == 0 ? CG_PATH_BLACK : CG_PATH_WHITE, &err) ==
        CG_OK) {
        cg_path_value value;
        cg_path_search_value(&search, &value, &err);
    }
    cg_path_search_free(&search);
}

static void solve_position(unsigned pick, const char *body, size_t len) {
    const uint8_t *bytes = (const uint8_t *)body;
    bool variant = (pick / 5) % 2 != 0;
    switch (pick % 5) {
    case 0:
        solve_treblecross(body, len);
        break;
    case 1:
        solve_domino(bytes, len, variant);
        break;
    case 2:
        solve_gamecs(bytes, len, variant);
        break;
    case 3:
        solve_numbergame(bytes, len);
        break;
    default:
        solve_path(body, len);
        break;
    }
}

/* Whether a code's digits may leave three heaps (8 to f): the engine then
 * applies the definition over every split in three, the cube of the bound
 * (the code "c" to 3,050 took 28 s, past the fuzzer's timeout). */
static bool splits_in_three(const char *code) {
    for (; *code != '\0'; code++) {
        if (strchr("89abcdefABCDEF", *code) != NULL) {
            return true;
        }
    }
    return false;
}

static void grundy_values(unsigned pick, const char *code, char *body) {
    cg_option_value options[MAX_OPTIONS + 1];
    cg_call call = {options, parse_options(body, options), "<fuzz>", false, NULL, NULL};
    cg_grundy_result result;
    cg_api_error err;
    uint64_t upto = (uint64_t)pick * 50; /* <= 3150 */
    if (splits_in_three(code) && upto > 600) {
        upto = 600; /* a fraction of a second */
    }
    cg_grundy_values(code, upto, &call, &result, &err);
    cg_grundy_result_free(&result);
}

static void session(unsigned pick, const char *position, char *body) {
    cg_option_value options[] = {{"memory", "16M"}, {"seed", "7"}, {"first", "computer"}};
    cg_call call = {options, (pick & 1) != 0 ? 3 : 2, "<fuzz>", false, NULL, NULL};
    cg_session *s = NULL;
    cg_api_error err;
    cg_text events = {NULL, 0};
    size_t len = strlen(position);
    if (cg_session_open(&s, game_name(pick >> 1, true), len > 0 ? position : NULL, len, &call,
                        &err) == CG_OK) {
        char *save = NULL;
        int sent = 0;
        for (char *line = strtok_r(body, "\n", &save); line != NULL && sent < 32;
             line = strtok_r(NULL, "\n", &save), sent++) {
            if (cg_session_over(s)) {
                break;
            }
            if (strstr(line, "save") != NULL || strlen(line) > CG_SESSION_LINE_MAX) {
                continue; /* writes a file (wherever the word stands: commands are
                             read as words) / refused as too long: not what is fuzzed */
            }
            cg_session_send(s, line, &err);
            cg_session_read(s, &events, &err);
            cg_text_free(&events);
        }
        cg_session_status(s, &err);
    }
    cg_session_close(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) {
        return 0;
    }
    /* NUL-terminated copies: the first line and the body */
    char *copy = malloc(size);
    if (copy == NULL) {
        return 0;
    }
    memcpy(copy, data + 1, size - 1);
    copy[size - 1] = '\0';
    char *newline = memchr(copy, '\n', size - 1);
    char *body = newline != NULL ? newline + 1 : copy + size - 1;
    size_t body_len = (size_t)(copy + size - 1 - body);
    if (newline != NULL) {
        *newline = '\0';
    }
    char *line = copy;
    unsigned pick = data[0] >> 2;
    switch (data[0] & 3) {
    case 0:
        solve_text(pick, line, body, body_len);
        break;
    case 1:
        solve_position(pick, body, body_len);
        break;
    case 2:
        grundy_values(pick, line, body);
        break;
    default:
        session(pick, line, body);
        break;
    }
    free(copy);
    return 0;
}
