/* Conformance: every registered game must behave alike through the runner.
 * For each golden input of each game (tests/golden/GAME/NAME.in, path given
 * as argv[1]) the three output modes must agree: the judge output matches
 * the golden file, every JSON line is valid JSON with the game's name and
 * consecutive case numbers, the JSON answers are the judge answers, and the
 * explanation output contains the judge answers in order. Every game must
 * have golden files, and every game must reject an empty input or accept it
 * with no output, without crashing. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "framework/cgsolve_internal.h"

static const char *golden_dir;

/* ---- a small JSON checker (depth bounded by the report depth) ---------- */

typedef struct cursor {
    const char *p;
    int depth;
} cursor;

static void skip_ws(cursor *c) {
    while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\n') {
        c->p++;
    }
}

/* Parse a string; when out is not NULL, append its unescaped text. */
static bool json_string(cursor *c, char *out, size_t cap) {
    size_t n = 0;
    if (*c->p != '"') {
        return false;
    }
    for (c->p++; *c->p != '"'; c->p++) {
        char ch = *c->p;
        if (ch == '\0' || (unsigned char)ch < 0x20) {
            return false;
        }
        if (ch == '\\') {
            c->p++;
            switch (*c->p) {
            case 'n':
                ch = '\n';
                break;
            case 't':
                ch = '\t';
                break;
            case '"':
            case '\\':
            case '/':
                ch = *c->p;
                break;
            case 'u':
                for (int i = 1; i <= 4; i++) {
                    if (strchr("0123456789abcdefABCDEF", c->p[i]) == NULL || c->p[i] == '\0') {
                        return false;
                    }
                }
                c->p += 4;
                ch = '?';
                break;
            default:
                return false;
            }
        }
        if (out != NULL && n + 1 < cap) {
            out[n++] = ch;
        }
    }
    c->p++;
    if (out != NULL) {
        out[n] = '\0';
    }
    return true;
}

static bool json_value(cursor *c);

static bool json_container(cursor *c, char open, char close, bool keyed) {
    if (*c->p != open || ++c->depth > 32) {
        return false;
    }
    c->p++;
    skip_ws(c);
    if (*c->p == close) {
        c->p++;
        c->depth--;
        return true;
    }
    for (;;) {
        skip_ws(c);
        if (keyed) {
            if (!json_string(c, NULL, 0)) {
                return false;
            }
            skip_ws(c);
            if (*c->p++ != ':') {
                return false;
            }
        }
        if (!json_value(c)) {
            return false;
        }
        skip_ws(c);
        if (*c->p == ',') {
            c->p++;
            continue;
        }
        if (*c->p == close) {
            c->p++;
            c->depth--;
            return true;
        }
        return false;
    }
}

static bool json_value(cursor *c) {
    skip_ws(c);
    switch (*c->p) {
    case '{':
        return json_container(c, '{', '}', true);
    case '[':
        return json_container(c, '[', ']', false);
    case '"':
        return json_string(c, NULL, 0);
    case 't':
        return strncmp(c->p, "true", 4) == 0 && (c->p += 4, true);
    case 'f':
        return strncmp(c->p, "false", 5) == 0 && (c->p += 5, true);
    case 'n':
        return strncmp(c->p, "null", 4) == 0 && (c->p += 4, true);
    default:
        break;
    }
    const char *start = c->p;
    if (*c->p == '-') {
        c->p++;
    }
    while (*c->p >= '0' && *c->p <= '9') {
        c->p++;
    }
    return c->p > start && c->p[-1] != '-';
}

/* ---- running a game on a file in memory -------------------------------- */

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *data = NULL;
    size_t cap = 0;
    *len = 0;
    for (;;) {
        if (*len + 4096 > cap) {
            cap = cap * 2 + 8192;
            data = realloc(data, cap);
            assert_non_null(data);
        }
        size_t got = fread(data + *len, 1, 4096, f);
        *len += got;
        if (got == 0) {
            break;
        }
    }
    fclose(f);
    data[*len] = '\0';
    return data;
}

/* Run game on input in one output mode; returns the output (malloc'd). */
static char *run_mode(const cg_game *game, const char *input, size_t len, cg_output_mode mode,
                      bool optimal, cg_status *status) {
    char *text = NULL;
    size_t text_len = 0;
    FILE *out = open_memstream(&text, &text_len);
    assert_non_null(out);
    cg_scanner *scanner = NULL;
    assert_int_equal(cg_scanner_open_memory(&scanner, input, len, "<golden>", NULL), CG_OK);
    cg_options options;
    cg_options_init(&options);
    options.output = mode;
    options.optimal = optimal;
    cg_error err;
    *status = cg_run(game, scanner, &options, out, NULL, &err);
    cg_scanner_close(scanner);
    fclose(out);
    return text;
}

static void strip_newlines(char *s) {
    char *w = s;
    for (const char *r = s; *r != '\0'; r++) {
        if (*r != '\n') {
            *w++ = *r;
        }
    }
    *w = '\0';
}

static void check_one(const cg_game *game, const char *dir, const char *name) {
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t len;
    char *input = read_file(path, &len);
    /* .args files hold options; only --optimal occurs among them. */
    char args_path[1300];
    snprintf(args_path, sizeof args_path, "%.*s.args", (int)(strlen(path) - 3), path);
    FILE *args = fopen(args_path, "r");
    bool optimal = false;
    if (args != NULL) {
        char line[256] = "";
        optimal = fgets(line, sizeof line, args) != NULL && strstr(line, "--optimal") != NULL;
        fclose(args);
    }
    cg_status st;
    char *judge = run_mode(game, input, len, CG_OUTPUT_JUDGE, optimal, &st);
    assert_int_equal(st, CG_OK);
    char out_path[1300];
    snprintf(out_path, sizeof out_path, "%.*s.out", (int)(strlen(path) - 3), path);
    size_t expected_len;
    char *expected = read_file(out_path, &expected_len);
    assert_string_equal(judge, expected);

    /* JSON: one valid object per case; the answers are the judge's. */
    char *json = run_mode(game, input, len, CG_OUTPUT_JSON, optimal, &st);
    assert_int_equal(st, CG_OK);
    size_t answers_cap = strlen(judge) + strlen(json) + 1;
    char *answers = calloc(answers_cap, 1);
    assert_non_null(answers);
    unsigned long long cases = 0;
    for (char *line = json; *line != '\0';) {
        char *end = strchr(line, '\n');
        assert_non_null(end);
        *end = '\0';
        cursor c = {line, 0};
        assert_true(json_value(&c));
        skip_ws(&c);
        assert_int_equal(*c.p, '\0');
        char head[128];
        snprintf(head, sizeof head,
                 "{\"schema\":\"cgsolve/1\",\"game\":\"%s\",\"file\":\"<golden>\","
                 "\"case\":%llu,\"answer\":",
                 game->name, ++cases);
        assert_memory_equal(line, head, strlen(head));
        cursor a = {line + strlen(head), 0};
        char *answer = malloc(strlen(line) + 1);
        assert_non_null(answer);
        assert_true(json_string(&a, answer, strlen(line) + 1));
        assert_memory_equal(a.p, ",\"analysis\":{", 13);
        strcat(answers, answer);
        free(answer);
        line = end + 1;
    }
    assert_true(cases > 0);
    char *judge_flat = strdup(judge);
    assert_non_null(judge_flat);
    strip_newlines(judge_flat);
    strip_newlines(answers);
    assert_string_equal(answers, judge_flat);

    /* Explanations: every line of the judge output appears, in order. */
    char *explained = run_mode(game, input, len, CG_OUTPUT_EXPLAIN, optimal, &st);
    assert_int_equal(st, CG_OK);
    const char *at = explained;
    for (char *line = judge; *line != '\0';) {
        char *end = strchr(line, '\n');
        assert_non_null(end);
        *end = '\0';
        if (*line != '\0') {
            const char *found = strstr(at, line);
            assert_non_null(found);
            at = found + strlen(line);
        }
        line = end + 1;
    }
    free(explained);
    free(judge_flat);
    free(answers);
    free(json);
    free(expected);
    free(judge);
    free(input);
}

static void every_game_conforms(void **state) {
    (void)state;
    const cg_game *const *games = cg_games();
    for (size_t g = 0; games[g] != NULL; g++) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s/%s", golden_dir, games[g]->name);
        DIR *d = opendir(dir);
        assert_non_null(d); /* every game has golden files */
        int inputs = 0;
        struct dirent *entry;
        while ((entry = readdir(d)) != NULL) {
            size_t n = strlen(entry->d_name);
            if (n > 3 && strcmp(entry->d_name + n - 3, ".in") == 0) {
                check_one(games[g], dir, entry->d_name);
                inputs++;
            }
        }
        closedir(d);
        assert_true(inputs >= 2); /* the judge sample and hand-made cases */
    }
}

static void every_game_survives_trivial_input(void **state) {
    (void)state;
    static const char *const inputs[] = {"", "0", "\n\n", "1", "-", "x"};
    const cg_game *const *games = cg_games();
    for (size_t g = 0; games[g] != NULL; g++) {
        for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
            cg_status st;
            free(run_mode(games[g], inputs[i], strlen(inputs[i]), CG_OUTPUT_JSON, false, &st));
            assert_true(st == CG_OK || st == CG_ERR_INPUT);
        }
    }
}

int main(int argc, char **argv) {
    golden_dir = argc > 1 ? argv[1] : "tests/golden";
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_game_conforms),
        cmocka_unit_test(every_game_survives_trivial_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
