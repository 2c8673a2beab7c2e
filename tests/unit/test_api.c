/* The one-call API (cgsolve.h) against the paths the command line takes:
 * every golden input and every examples/GAME.in solved by cg_solve_text
 * gives the golden file's bytes and exactly what cg_run writes in judge and
 * in JSON mode; errors carry the line and column their message names; bad
 * arguments are refused with a status; Grundy values equal the table
 * `cgsolve grundy` writes, stop when asked and resume from a checkpoint; a
 * play session's events, command by command, are byte for byte what one run
 * of cg_play over the same commands writes; gen and check give what the
 * contest tools give. argv[1]: tests/golden. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "framework/cgsolve_internal.h"
#include "octal/grundy_table_internal.h"

static const char *golden_dir;

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long size = ftell(f);
    assert_true(size >= 0);
    rewind(f);
    char *data = malloc((size_t)size + 1);
    assert_non_null(data);
    *len = fread(data, 1, (size_t)size, f);
    assert_int_equal(*len, (size_t)size);
    data[*len] = '\0';
    fclose(f);
    return data;
}

/* A golden case's options: the words of its .args file, each "--name" with
 * the next word as its value when that is not an option itself. */
#define MAX_GOLDEN_OPTIONS 8
typedef struct golden_options {
    char words[256];
    cg_option_value values[MAX_GOLDEN_OPTIONS];
    size_t count;
} golden_options;

static void read_golden_options(const char *path, golden_options *g) {
    g->count = 0;
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return;
    }
    size_t n = fread(g->words, 1, sizeof g->words - 1, f);
    fclose(f);
    g->words[n] = '\0';
    char *save = NULL;
    for (char *w = strtok_r(g->words, " \t\n", &save); w != NULL;
         w = strtok_r(NULL, " \t\n", &save)) {
        if (strncmp(w, "--", 2) == 0) {
            assert_true(g->count < MAX_GOLDEN_OPTIONS);
            g->values[g->count++] = (cg_option_value){w, NULL};
        } else {
            assert_true(g->count > 0 && g->values[g->count - 1].value == NULL);
            g->values[g->count - 1].value = w;
        }
    }
}

/* What the command line's path writes: cg_run in one mode, with the case's
 * options set through the game's declarations as the command line sets them. */
static char *run_mode(const cg_game *game, const char *input, size_t len, cg_output_mode mode,
                      const golden_options *g, const char *name) {
    char *text = NULL;
    size_t text_len = 0;
    FILE *out = open_memstream(&text, &text_len);
    assert_non_null(out);
    cg_scanner *scanner = NULL;
    assert_int_equal(cg_scanner_open_memory(&scanner, input, len, name, NULL), CG_OK);
    cg_options options;
    cg_options_init(&options);
    cg_error err;
    for (size_t i = 0; i < g->count; i++) {
        const cg_option_spec *spec = game->options;
        while (spec != NULL && spec->name != NULL &&
               strcmp(spec->name, g->values[i].name + 2) != 0) {
            spec++;
        }
        assert_true(spec != NULL && spec->name != NULL);
        assert_int_equal(cg_option_set(&options, spec, g->values[i].value, &err), CG_OK);
    }
    options.output = mode;
    assert_int_equal(cg_run(game, scanner, &options, out, NULL, &err), CG_OK);
    cg_scanner_close(scanner);
    fclose(out);
    return text;
}

static size_t count_lines(const char *text, size_t len) {
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        n += text[i] == '\n';
    }
    return n;
}

/* One input through the API, judge only and with JSON, against cg_run and
 * (when not NULL) the expected judge output. */
static void check_input(const cg_game *game, const char *input, size_t len, const golden_options *g,
                        const char *expected) {
    cg_call call = {g->values, g->count, "<golden>", false, NULL, NULL};
    cg_solve_result result;
    cg_api_error err;
    assert_int_equal(cg_solve_text(game->name, input, len, &call, &result, &err), CG_OK);
    char *judge = run_mode(game, input, len, CG_OUTPUT_JUDGE, g, "<golden>");
    assert_non_null(result.judge.data);
    assert_int_equal(result.judge.len, strlen(judge));
    assert_memory_equal(result.judge.data, judge, result.judge.len);
    if (expected != NULL) {
        assert_string_equal(result.judge.data, expected);
    }
    assert_null(result.json.data);
    uint64_t cases = result.cases;
    cg_solve_result_free(&result);

    call.json = true;
    assert_int_equal(cg_solve_text(game->name, input, len, &call, &result, &err), CG_OK);
    char *json = run_mode(game, input, len, CG_OUTPUT_JSON, g, "<golden>");
    assert_string_equal(result.judge.data, judge);
    assert_int_equal(result.json.len, strlen(json));
    assert_memory_equal(result.json.data, json, result.json.len);
    assert_int_equal(count_lines(result.json.data, result.json.len), cases);
    assert_int_equal(result.cases, cases);
    assert_true(cases > 0);
    cg_solve_result_free(&result);
    assert_null(result.judge.data);
    free(json);
    free(judge);
}

static void every_golden_input_gives_the_cli_bytes(void **state) {
    (void)state;
    int inputs = 0;
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        char dir[600];
        snprintf(dir, sizeof dir, "%s/%s", golden_dir, (*game)->name);
        DIR *d = opendir(dir);
        assert_non_null(d);
        struct dirent *entry;
        while ((entry = readdir(d)) != NULL) {
            size_t n = strlen(entry->d_name);
            if (n < 4 || strcmp(entry->d_name + n - 3, ".in") != 0) {
                continue;
            }
            char path[1400];
            snprintf(path, sizeof path, "%s/%.*s", dir, (int)(n - 3), entry->d_name);
            char in_path[1500], out_path[1500], args_path[1500];
            snprintf(in_path, sizeof in_path, "%s.in", path);
            snprintf(out_path, sizeof out_path, "%s.out", path);
            snprintf(args_path, sizeof args_path, "%s.args", path);
            golden_options g;
            read_golden_options(args_path, &g);
            size_t len, expected_len;
            char *input = read_file(in_path, &len);
            char *expected = read_file(out_path, &expected_len);
            check_input(*game, input, len, &g, expected);
            free(expected);
            free(input);
            inputs++;
        }
        closedir(d);
    }
    assert_true(inputs >= 10);
}

static void every_example_gives_the_cli_bytes(void **state) {
    (void)state;
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        char path[700];
        snprintf(path, sizeof path, "%s/../../examples/%s.in", golden_dir, (*game)->name);
        size_t len;
        char *input = read_file(path, &len);
        golden_options none = {.count = 0};
        check_input(*game, input, len, &none, NULL);
        free(input);
    }
}

static void errors_name_their_place(void **state) {
    (void)state;
    static const char bad[] = "3\n...\n.X.\n..Y..\n";
    cg_solve_result result;
    cg_api_error err;
    assert_int_equal(cg_solve_text("treblecross", bad, strlen(bad), NULL, &result, &err),
                     CG_ERR_INPUT);
    assert_int_equal(err.status, CG_ERR_INPUT);
    assert_int_equal(err.line, 4);
    assert_int_equal(err.column, 3);
    assert_memory_equal(err.message, "<input>:4:3: ", 13);
    assert_int_equal(result.cases, 2); /* the answers before the bad case */
    assert_string_equal(result.judge.data, "WINNING\n1 2 3\nLOSING\n\n");
    cg_solve_result_free(&result);

    /* the name given is the one located, and a message naming only a line */
    static const char numbers[] = "1\n5 x\n";
    cg_call call = {NULL, 0, "game.txt", true, NULL, NULL};
    assert_int_equal(cg_solve_text("numbergame", numbers, strlen(numbers), &call, &result, &err),
                     CG_ERR_INPUT);
    assert_memory_equal(err.message, "game.txt:2:", 11);
    assert_int_equal(err.line, 2);
    assert_true(err.column > 0);
    assert_null(result.json.data);
    cg_solve_result_free(&result);

    static const char long_board[] = "1\n..................................................\n";
    cg_option_value tiny = {"memory", "1K"};
    cg_call small = {&tiny, 1, NULL, false, NULL, NULL};
    cg_status st =
        cg_solve_text("treblecross", long_board, strlen(long_board), &small, &result, &err);
    assert_int_equal(st, CG_ERR_LIMIT);
    assert_memory_equal(err.message, "<input>:2: case 1: ", 19);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.column, 0);
    cg_solve_result_free(&result);
}

/* The place is the scanner's, not read back from the message: names the
 * old "NAME:L:C:" parser misread (an empty one, one that ends in ":3:4:",
 * one so long the message cuts its place short) locate the same fault. */
static void places_are_data_not_text(void **state) {
    (void)state;
    static const char bad[] = "1\n.Z.\n"; /* 'Z' at line 2, column 2 */
    char cut[CG_ERROR_MESSAGE_MAX];
    memset(cut, 'n', sizeof cut - 5); /* 507 bytes: "NAME:2:2" fills the message */
    cut[sizeof cut - 5] = '\0';
    const char *const names[] = {"", "in:3:4:", "board:9", cut};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        cg_call call = {NULL, 0, names[i], false, NULL, NULL};
        cg_solve_result result;
        cg_api_error err;
        assert_int_equal(cg_solve_text("treblecross", bad, strlen(bad), &call, &result, &err),
                         CG_ERR_INPUT);
        assert_memory_equal(err.message, names[i], strlen(names[i]));
        assert_int_equal(err.line, 2);
        assert_int_equal(err.column, 2);
        cg_solve_result_free(&result);
    }
    /* a case that failed as a whole: its line, column 0 */
    static const char long_board[] = "1\n..........................................\n";
    cg_option_value tiny = {"memory", "1K"};
    cg_call small = {&tiny, 1, ":3:4:", false, NULL, NULL};
    cg_solve_result result;
    cg_api_error err;
    assert_int_equal(
        cg_solve_text("treblecross", long_board, strlen(long_board), &small, &result, &err),
        CG_ERR_LIMIT);
    assert_memory_equal(err.message, ":3:4::2: case 1: ", 17);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.column, 0);
    cg_solve_result_free(&result);
}

static void expect_usage(cg_status st, const cg_api_error *err, const char *needle) {
    assert_int_equal(st, CG_ERR_USAGE);
    assert_int_equal(err->status, CG_ERR_USAGE);
    if (strstr(err->message, needle) == NULL) {
        fail_msg("'%s' does not say '%s'", err->message, needle);
    }
    assert_int_equal(err->line, 0);
}

static void solve_one(const char *game, const cg_option_value *options, size_t count,
                      const char *needle) {
    cg_call call = {options, count, NULL, false, NULL, NULL};
    cg_solve_result result;
    cg_api_error err;
    expect_usage(cg_solve_text(game, "1\n...\n", 6, &call, &result, &err), &err, needle);
    assert_null(result.judge.data);
    cg_solve_result_free(&result);
}

static void bad_arguments_are_refused(void **state) {
    (void)state;
    cg_solve_result result;
    cg_api_error err;
    expect_usage(cg_solve_text("treblecross", "", 0, NULL, NULL, &err), &err, "result");
    expect_usage(cg_solve_text(NULL, "", 0, NULL, &result, &err), &err, "game");
    expect_usage(cg_solve_text("treblecross", NULL, 3, NULL, &result, &err), &err, "input");
    expect_usage(cg_solve_text("chess", "", 0, NULL, &result, &err), &err, "unknown game");
    /* NULL with no bytes is the empty input, a bad one */
    assert_int_equal(cg_solve_text("treblecross", NULL, 0, NULL, &result, &err), CG_ERR_INPUT);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, 1);
    cg_solve_result_free(&result);

    static const struct {
        const char *game;
        cg_option_value option;
        const char *says;
    } refused[] = {
        {"treblecross", {"--frobnicate", "1"}, "takes no option '--frobnicate'"},
        {"treblecross", {"optimal", NULL}, "takes no option 'optimal'"}, /* domino's */
        {"domino", {"optimal", "yes"}, "option 'optimal' takes no value"},
        {"treblecross", {"-m", NULL}, "option 'memory' needs a value"},
        {"treblecross", {"memory", "lots"}, "option 'memory': 'lots' is not a size"},
        {"numbergame", {"max", "99999999999"}, "option 'max': "},
        {"treblecross", {"json", NULL}, "takes no option 'json'"},
        {"treblecross", {"-f", "explain"}, "takes no option '-f'"},
        {"treblecross", {NULL, "1"}, "option 1 has no name"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        solve_one(refused[i].game, &refused[i].option, 1, refused[i].says);
    }
    solve_one("treblecross", NULL, 2, "2 options given as NULL");

    /* short and long names, with and without dashes, are the CLI's */
    static const char hand[] = "1 6 6 0 0\n0\n";
    cg_option_value spellings[] = {{"m", "64M"}, {"--memory", "32M"}, {"-o", NULL}};
    cg_call call = {spellings, 3, NULL, false, NULL, NULL};
    assert_int_equal(cg_solve_text("domino", hand, strlen(hand), &call, &result, &err), CG_OK);
    cg_solve_result_free(&result);

    cg_grundy_result values;
    expect_usage(cg_grundy_values(NULL, 10, NULL, &values, &err), &err, "code is NULL");
    expect_usage(cg_grundy_values("0.007", 10, NULL, NULL, &err), &err, "result");
    cg_option_value upto = {"upto", "5"};
    cg_call with_upto = {&upto, 1, NULL, false, NULL, NULL};
    expect_usage(cg_grundy_values("0.007", 10, &with_upto, &values, &err), &err, "'upto'");
    cg_option_value method = {"method", "fast"};
    cg_call with_method = {&method, 1, NULL, false, NULL, NULL};
    expect_usage(cg_grundy_values("0.007", 10, &with_method, &values, &err), &err,
                 "option 'method': 'fast' is not one of");
    assert_int_equal(cg_grundy_values("0.8x", 10, NULL, &values, &err), CG_ERR_INPUT);
    assert_true(strlen(err.message) > 0);
    assert_int_equal(cg_grundy_values("0.007", (uint64_t)1 << 41, NULL, &values, &err),
                     CG_ERR_LIMIT);
    cg_grundy_result_free(&values);

    cg_session *session = (cg_session *)&err;
    expect_usage(cg_session_open(NULL, "treblecross", NULL, 0, NULL, &err), &err, "session");
    expect_usage(cg_session_open(&session, NULL, NULL, 0, NULL, &err), &err, "game");
    assert_null(session);
    expect_usage(cg_session_open(&session, "go", NULL, 0, NULL, &err), &err, "unknown game");
    cg_option_value first = {"first", "nobody"};
    cg_call who = {&first, 1, NULL, false, NULL, NULL};
    expect_usage(cg_session_open(&session, "treblecross", NULL, 0, &who, &err), &err,
                 "option 'first': 'nobody' is not one of");
    assert_int_equal(cg_session_open(&session, "treblecross", "1\n..Y\n", 6, NULL, &err),
                     CG_ERR_INPUT);
    assert_null(session);
    /* as `cgsolve play treblecross FILE` says it: not a counted input, so
     * read as a bare board */
    assert_string_equal(err.message, "<position>:1:1: expected '.' or 'X', found '1'");
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, 1);
    expect_usage(cg_session_send(NULL, "1", &err), &err, "session");
    cg_text events;
    expect_usage(cg_session_read(NULL, &events, &err), &err, "session");
    cg_session_close(NULL);
}

/* ---- Grundy values ------------------------------------------------------ */

/* `cgsolve grundy CODE --upto N [--json]`'s output, in-process. */
static char *grundy_text(const char *code, uint64_t upto, cg_output_mode mode) {
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    cg_options options;
    cg_options_init(&options);
    options.upto = upto;
    options.output = mode;
    cg_error err;
    assert_int_equal(cg_write_grundy_table(code, &options, out, NULL, &err), CG_OK);
    fclose(out);
    return text;
}

static void grundy_values_are_the_tables(void **state) {
    (void)state;
    static const char *const codes[] = {"0.007", "0.77", "0.07", "4.07", "0.137"};
    for (size_t c = 0; c < sizeof codes / sizeof codes[0]; c++) {
        cg_grundy_result result;
        cg_api_error err;
        assert_int_equal(cg_grundy_values(codes[c], 3000, NULL, &result, &err), CG_OK);
        assert_int_equal(result.count, 3001);
        char *table = grundy_text(codes[c], 3000, CG_OUTPUT_JUDGE);
        const char *p = table;
        for (size_t n = 0; n < result.count; n++) {
            char *end;
            assert_int_equal(result.values[n], strtoul(p, &end, 10));
            p = end + 1;
        }
        assert_int_equal(*p, '\0');
        free(table);
        char *json = grundy_text(codes[c], 3000, CG_OUTPUT_JSON);
        assert_string_equal(result.json.data, json);
        assert_int_equal(result.json.len, strlen(json));
        free(json);
        cg_grundy_result_free(&result);
    }
    cg_grundy_result kayles;
    cg_api_error err;
    cg_option_value naive = {"method", "naive"};
    cg_call call = {&naive, 1, NULL, false, NULL, NULL};
    assert_int_equal(cg_grundy_values("0.77", 12, &call, &kayles, &err), CG_OK);
    static const uint32_t known[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4};
    assert_memory_equal(kayles.values, known, sizeof known);
    cg_grundy_result_free(&kayles);
}

static bool stop_at_second_call(void *context, const char *what, uint64_t done, uint64_t total) {
    int *calls = context;
    assert_string_equal(what, "grundy values");
    assert_true(done <= total);
    return ++*calls >= 2;
}

static void grundy_stops_and_resumes(void **state) {
    (void)state;
    char path[] = "/tmp/test_api_checkpoint_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    int calls = 0;
    cg_option_value checkpoint = {"checkpoint", path};
    cg_call call = {&checkpoint, 1, NULL, false, stop_at_second_call, &calls};
    cg_grundy_result partial;
    cg_api_error err;
    assert_int_equal(cg_grundy_values("0.007", 100000, &call, &partial, &err), CG_ERR_STOPPED);
    assert_int_equal(err.status, CG_ERR_STOPPED);
    assert_true(partial.count > 0 && partial.count < 100001);
    assert_null(partial.json.data);
    cg_grundy_result whole;
    assert_int_equal(cg_grundy_values("0.007", 5000, NULL, &whole, &err), CG_OK);
    assert_true(partial.count <= whole.count);
    assert_memory_equal(partial.values, whole.values, partial.count * sizeof *whole.values);

    cg_option_value resume = {"resume", path};
    cg_call again = {&resume, 1, NULL, false, NULL, NULL};
    cg_grundy_result resumed;
    assert_int_equal(cg_grundy_values(NULL, 5000, &again, &resumed, &err), CG_OK);
    assert_int_equal(resumed.count, whole.count);
    assert_memory_equal(resumed.values, whole.values, whole.count * sizeof *whole.values);
    cg_grundy_result_free(&resumed);
    cg_grundy_result_free(&whole);
    cg_grundy_result_free(&partial);
    unlink(path);
}

/* cg_grundy_values_table hands over the engine's 16-bit table: the same
 * values, filled in past a proven period, and partial when stopped. */
static void grundy_tables_are_the_engines(void **state) {
    (void)state;
    static const char *const codes[] = {"0.007", "0.77", "0.137"};
    cg_option_value until = {"until-period", NULL};
    cg_call until_period = {&until, 1, NULL, false, NULL, NULL};
    for (size_t c = 0; c < sizeof codes / sizeof codes[0]; c++) {
        cg_grundy_result wide, table, periodic;
        cg_api_error err;
        assert_int_equal(cg_grundy_values(codes[c], 4000, NULL, &wide, &err), CG_OK);
        assert_int_equal(cg_grundy_values_table(codes[c], 4000, NULL, &table, &err), CG_OK);
        assert_int_equal(cg_grundy_values_table(codes[c], 4000, &until_period, &periodic, &err),
                         CG_OK);
        assert_null(table.values);
        assert_int_equal(table.width, 2);
        assert_int_equal(table.count, wide.count);
        assert_int_equal(periodic.count, wide.count);
        assert_string_equal(table.json.data, wide.json.data);
        const uint16_t *narrow = table.table, *filled = periodic.table;
        for (size_t n = 0; n < wide.count; n++) {
            assert_int_equal(narrow[n], wide.values[n]);
            assert_int_equal(filled[n], wide.values[n]);
        }
        cg_grundy_result_free(&wide);
        cg_grundy_result_free(&table);
        cg_grundy_result_free(&periodic);
        assert_null(table.table);
    }
    int calls = 0;
    cg_call stopping = {NULL, 0, NULL, false, stop_at_second_call, &calls};
    cg_grundy_result partial, whole;
    cg_api_error err;
    assert_int_equal(cg_grundy_values_table("0.007", 100000, &stopping, &partial, &err),
                     CG_ERR_STOPPED);
    assert_true(partial.count > 0 && partial.count < 100001);
    assert_int_equal(cg_grundy_values("0.007", partial.count - 1, NULL, &whole, &err), CG_OK);
    for (size_t n = 0; n < partial.count; n++) {
        assert_int_equal(((const uint16_t *)partial.table)[n], whole.values[n]);
    }
    cg_grundy_result_free(&partial);
    cg_grundy_result_free(&whole);
    /* a taken table is every value: a window and its spill file are refused
     * for that reason, not as if --window-from were missing */
    cg_option_value spilled[] = {{"window-from", "2048"}, {"spill", "cgsolve-api-spill.tmp"}};
    cg_call spilling = {spilled, 2, NULL, false, NULL, NULL};
    cg_grundy_result refused;
    expect_usage(cg_grundy_values_table("0.167", 100000, &spilling, &refused, &err), &err,
                 "the whole table asked for here is never windowed");
    cg_grundy_result_free(&refused);
    assert_int_equal(access("cgsolve-api-spill.tmp", F_OK), -1); /* no file was made */
}

/* ---- play sessions -------------------------------------------------------- */

/* The first legal move of the last position event, or NULL. */
static char *first_legal_move(const char *events) {
    const char *at = NULL;
    for (const char *p = events; (p = strstr(p, "\"legal_moves\":[")) != NULL; p++) {
        at = p + strlen("\"legal_moves\":[");
    }
    if (at == NULL || *at != '"') {
        return NULL;
    }
    const char *end = strchr(at + 1, '"');
    return strndup(at + 1, (size_t)(end - at - 1));
}

/* What one cg_play over all the commands writes. */
static char *play_all(const cg_game *game, const char *position, const char *commands,
                      bool computer_first) {
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    cg_scanner *typed = NULL;
    assert_int_equal(cg_scanner_open_memory(&typed, commands, strlen(commands), "<c>", NULL),
                     CG_OK);
    cg_options options;
    cg_options_init(&options);
    options.output = CG_OUTPUT_JSON;
    options.computer_first = computer_first;
    cg_play_start start = {position, position != NULL ? strlen(position) : 0, "<position>"};
    cg_error err;
    assert_int_equal(
        cg_play(game, position != NULL ? &start : NULL, typed, &options, false, out, &err), CG_OK);
    cg_scanner_close(typed);
    fclose(out);
    return text;
}

static void append(char **all, size_t *len, const char *more, size_t more_len) {
    *all = realloc(*all, *len + more_len + 1);
    assert_non_null(*all);
    memcpy(*all + *len, more, more_len);
    *len += more_len;
    (*all)[*len] = '\0';
}

/* Play the first legal move (with a hint, a bad move and an undo on the
 * way) until the game ends or max_moves; the events read command by
 * command must be one cg_play's over the same commands. */
static void session_follows_cg_play(const char *name, const char *position, bool computer_first,
                                    int max_moves) {
    const cg_game *game = cg_find_game(name);
    game = game != NULL ? game : cg_find_play_only_game(name);
    cg_option_value first = {"first", "computer"};
    cg_call call = {&first, computer_first ? 1 : 0, NULL, false, NULL, NULL};
    cg_session *session;
    cg_api_error err;
    assert_int_equal(cg_session_open(&session, name, position,
                                     position != NULL ? strlen(position) : 0, &call, &err),
                     CG_OK);
    char *events = NULL, *commands = NULL;
    size_t events_len = 0, commands_len = 0;
    const char *script[] = {"hint", "no-such-move", NULL, NULL, "undo"};
    for (int step = 0; !cg_session_over(session) && step < max_moves + 4; step++) {
        cg_text got;
        assert_int_equal(cg_session_read(session, &got, &err), CG_OK);
        if (got.data != NULL) {
            append(&events, &events_len, got.data, got.len);
        }
        cg_text_free(&got);
        char *move = step < 5 && script[step] != NULL ? strdup(script[step])
                     : step >= max_moves + 3          ? strdup("quit")
                                                      : first_legal_move(events);
        assert_non_null(move);
        append(&commands, &commands_len, move, strlen(move));
        append(&commands, &commands_len, "\n", 1);
        assert_int_equal(cg_session_send(session, move, &err), CG_OK);
        free(move);
    }
    cg_text rest;
    assert_int_equal(cg_session_read(session, &rest, &err), CG_OK);
    if (rest.data != NULL) {
        append(&events, &events_len, rest.data, rest.len);
    }
    cg_text_free(&rest);
    assert_true(cg_session_over(session));
    assert_int_equal(cg_session_status(session, &err), CG_OK);
    expect_usage(cg_session_send(session, "hint", &err), &err, "over");
    cg_session_close(session);
    char *expected = play_all(game, position, commands != NULL ? commands : "", computer_first);
    assert_string_equal(events, expected);
    assert_non_null(strstr(events, "\"event\":\"hint\""));
    assert_non_null(strstr(events, "\"event\":\"error\""));
    assert_true(strstr(events, "\"event\":\"over\"") != NULL ||
                strstr(events, "\"event\":\"abandoned\"") != NULL);
    free(expected);
    free(events);
    free(commands);
}

static void sessions_follow_cg_play(void **state) {
    (void)state;
    session_follows_cg_play("treblecross", "1\n..........\n", false, 20);
    session_follows_cg_play("treblecross", NULL, true, 3);
    session_follows_cg_play("numbergame", NULL, false, 30);
    session_follows_cg_play("domino", NULL, true, 30);
    session_follows_cg_play("gamecs", NULL, false, 30);
    session_follows_cg_play("grundy", "0.77 5 7", false, 30);
    session_follows_cg_play("grundy", "0.07 9", true, 30); /* a game without options of its own */
}

/* The option "misere" opens a misère game, as `play --misere`: on Nim
 * (heaps up to 3) 1 1 3 the computer, moving first, leaves 1 1 1 (3:2); after
 * the human's 1:1 and its own, the human must take the last token, and the
 * computer, left without a move, wins. A game without misère play is refused. */
static void a_session_plays_misere(void **state) {
    (void)state;
    cg_session *session;
    cg_api_error err;
    cg_option_value options[] = {{"misere", NULL}, {"first", "computer"}};
    cg_call call = {options, 2, NULL, false, NULL, NULL};
    assert_int_equal(cg_session_open(&session, "grundy", "0.333 1 1 3", 11, &call, &err), CG_OK);
    cg_text events;
    assert_int_equal(cg_session_read(session, &events, &err), CG_OK);
    assert_non_null(strstr(events.data, "\"event\":\"start\""));
    assert_non_null(strstr(events.data, "\"play\":\"misere\""));
    assert_non_null(strstr(events.data, "\"by\":\"computer\",\"move\":\"3:2\""));
    cg_text_free(&events);
    assert_int_equal(cg_session_send(session, "1:1", &err), CG_OK);
    assert_int_equal(cg_session_read(session, &events, &err), CG_OK);
    assert_null(strstr(events.data, "\"event\":\"over\"")); /* the computer took one */
    cg_text_free(&events);
    assert_int_equal(cg_session_send(session, "1:1", &err), CG_OK);
    assert_int_equal(cg_session_read(session, &events, &err), CG_OK);
    assert_non_null(
        strstr(events.data, "\"event\":\"over\",\"winner\":\"computer\",\"play\":\"misere\""));
    cg_text_free(&events);
    cg_session_close(session);
    cg_call treblecross = {options, 1, NULL, false, NULL, NULL};
    assert_int_not_equal(cg_session_open(&session, "treblecross", NULL, 0, &treblecross, &err),
                         CG_OK);
    assert_non_null(strstr(err.message, "no misère play"));
}

static void closing_a_game_in_play_abandons_it(void **state) {
    (void)state;
    cg_session *session;
    cg_api_error err;
    cg_option_value copied = {"first", "computer"};
    char value[16] = "computer";
    copied.value = value;
    cg_call call = {&copied, 1, NULL, false, NULL, NULL};
    assert_int_equal(cg_session_open(&session, "treblecross", "......", 6, &call, &err), CG_OK);
    strcpy(value, "garbage"); /* the session keeps its own copy */
    assert_int_equal(cg_session_send(session, "help", &err), CG_OK);
    cg_text events;
    assert_int_equal(cg_session_read(session, &events, &err), CG_OK);
    assert_non_null(strstr(events.data, "\"first\":\"computer\""));
    assert_non_null(strstr(events.data, "\"event\":\"help\""));
    cg_text_free(&events);
    assert_int_equal(cg_session_read(session, &events, &err), CG_OK);
    assert_null(events.data); /* nothing new */
    assert_false(cg_session_over(session));
    char line[CG_SESSION_LINE_MAX + 2];
    memset(line, 'x', sizeof line - 1);
    line[sizeof line - 1] = '\0';
    expect_usage(cg_session_send(session, line, &err), &err, "at most");
    cg_session_close(session);
}

/* A 10x10 PATH board (44 empty cells) the computer takes seconds to answer
 * after e1 (found by a random search near the bench's hardest 40-empty
 * position, then two cells of each colour emptied: about 8 s here, where
 * the 40-empty one now takes 0.8 s): a stop ends the work, takes e1 back
 * and the game goes on. */
static const char long_path[] = "10\nBWWBUBBWWW\nUWUBBUWWUW\nBWBUBWBUBW\nBWBBWUBBUU\nBWUUUUUWWU\nUU"
                                "UUUBBUUU\nUWWWUUUUWU\nBBUWWUBWBB\nUWBWUWUWUW\nBUBWUBBBUB\n"
                                "0\n";

static void a_stopped_command_is_taken_back(void **state) {
    (void)state;
    cg_session *session;
    cg_api_error err;
    assert_int_equal(cg_session_open(&session, "path", long_path, strlen(long_path), NULL, &err),
                     CG_OK);
    cg_text events;
    assert_int_equal(cg_session_read(session, &events, &err), CG_OK);
    char *before = first_legal_move(events.data);
    assert_string_equal(before, "e1");
    cg_text_free(&events);
    bool answered = false;
    assert_int_equal(cg_session_post(session, "e1", &err), CG_OK);
    assert_int_equal(cg_session_wait(session, 200, &answered, &err), CG_OK);
    assert_false(answered); /* still thinking */
    cg_session_stop(session);
    assert_int_equal(cg_session_wait(session, -1, &answered, &err), CG_OK);
    assert_true(answered);
    assert_false(cg_session_over(session));
    assert_int_equal(cg_session_read(session, &events, &err), CG_OK);
    assert_non_null(strstr(events.data, "\"event\":\"stopped\",\"moves_taken_back\":1"));
    char *after = first_legal_move(events.data);
    assert_string_equal(after, before); /* e1 is empty again */
    cg_text_free(&events);
    assert_int_equal(cg_session_send(session, "history", &err), CG_OK);
    assert_int_equal(cg_session_read(session, &events, &err), CG_OK);
    assert_non_null(strstr(events.data, "\"moves\":[]"));
    cg_text_free(&events);
    cg_session_stop(session); /* a stop between commands is dropped by the next */
    assert_int_equal(cg_session_send(session, "help", &err), CG_OK);
    assert_false(cg_session_over(session));
    free(before);
    free(after);
    cg_session_close(session);
    expect_usage(cg_session_wait(NULL, 0, &answered, &err), &err, "session");
    expect_usage(cg_session_post(NULL, "a1", &err), &err, "session");
    cg_session_stop(NULL);
}

/* ---- misère play -------------------------------------------------------- */

static void misere_text_is_the_clis_analysis(void **state) {
    (void)state;
    cg_text json;
    cg_api_error err;
    assert_int_equal(cg_misere_text("0.77", 12, NULL, 0, NULL, &json, &err), CG_OK);
    /* G-(0..12) of Kayles (Winning Ways ch. 13; the CLI's own table) */
    assert_non_null(strstr(json.data, "\"heap\":5,\"normal\":4,\"misere\":1,\"genus\":\"4^146\""));
    assert_non_null(strstr(json.data, "\"first_wild\":5,\"checksum\":\"b6dbc3494a0c22ce\""));
    cg_text_free(&json);
    static const char *const sum[] = {"3", "4", "5"};
    assert_int_equal(cg_misere_text("0.77", 0, sum, 3, NULL, &json, &err), CG_OK);
    assert_non_null(strstr(json.data, "\"outcome\":\"N\",\"method\":\"search\","
                                      "\"winning_moves\":[\"1:1:1\",\"3:1:1\"]"));
    cg_text_free(&json);
    expect_usage(cg_misere_text("0.77", 0, sum, 0, NULL, &json, &err), &err, "needs heaps");
    static const char *const bad[] = {"x"};
    expect_usage(cg_misere_text("0.77", 0, bad, 1, NULL, &json, &err), &err, "heap 'x'");
    cg_option_value sum_flag = {"sum", NULL};
    cg_call with_sum = {&sum_flag, 1, NULL, false, NULL, NULL};
    expect_usage(cg_misere_text("0.77", 5, NULL, 0, &with_sum, &json, &err), &err, "'sum'");
    assert_int_equal(cg_misere_text("0.8x", 5, NULL, 0, NULL, &json, &err), CG_ERR_INPUT);
    assert_null(json.data);
    expect_usage(cg_misere_text(NULL, 5, NULL, 0, NULL, &json, &err), &err, "code");
}

/* ---- gen and check ------------------------------------------------------ */

static void gen_and_check_are_the_contest_tools(void **state) {
    (void)state;
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        if ((*game)->generate_case == NULL) {
            continue;
        }
        cg_option_value sizes[] = {{"cases", "4"}, {"seed", "7"}, {"--hard", NULL}};
        cg_call call = {sizes, 3, NULL, false, NULL, NULL};
        cg_text input;
        cg_api_error err;
        assert_int_equal(cg_gen_text((*game)->name, &call, &input, &err), CG_OK);
        /* what `cgsolve gen` writes: the generator's cases as a judge input */
        cg_options options;
        cg_options_init(&options);
        options.cases = 4;
        options.seed = 7;
        options.hard = true;
        cg_strlist cases = CG_STRLIST_INIT;
        cg_error e;
        assert_int_equal(cg_generate_cases(*game, &options, &cases, &e), CG_OK);
        cg_buf expected = CG_BUF_INIT;
        cg_write_judge_input(*game, &cases, &expected);
        assert_int_equal(input.len, expected.len);
        assert_memory_equal(input.data, expected.data, expected.len);
        cg_buf_free(&expected);
        cg_strlist_free(&cases);

        /* its own answers are accepted; a changed one is a wrong answer */
        cg_solve_result solved;
        assert_int_equal(cg_solve_text((*game)->name, input.data, input.len, NULL, &solved, &err),
                         CG_OK);
        cg_check_outcome outcome;
        assert_int_equal(cg_check_text((*game)->name, input.data, input.len, solved.judge.data,
                                       solved.judge.len, NULL, &outcome, &err),
                         CG_OK);
        assert_int_equal(outcome.verdict, CG_ACCEPTED);
        assert_int_equal(outcome.cases, solved.cases);
        assert_string_equal(outcome.summary.data, "accepted");
        cg_check_outcome_free(&outcome);
        static const char nonsense[] = "no such answer\n";
        assert_int_equal(cg_check_text((*game)->name, input.data, input.len, nonsense,
                                       strlen(nonsense), NULL, &outcome, &err),
                         CG_OK);
        assert_int_not_equal(outcome.verdict, CG_ACCEPTED);
        assert_int_equal(outcome.case_number, 1);
        assert_non_null(outcome.expected.data);
        cg_check_outcome_free(&outcome);
        cg_solve_result_free(&solved);
        cg_text_free(&input);
    }
    cg_text input;
    cg_api_error err;
    expect_usage(cg_gen_text("treblecross", NULL, NULL, &err), &err, "input is NULL");
    expect_usage(cg_gen_text("chess", NULL, &input, &err), &err, "unknown game");
    cg_option_value nodes = {"nodes", "5"}; /* gamecs's, not treblecross's */
    cg_call call = {&nodes, 1, NULL, false, NULL, NULL};
    expect_usage(cg_gen_text("treblecross", &call, &input, &err), &err, "takes no option");
    assert_null(input.data);
    cg_check_outcome outcome;
    expect_usage(cg_check_text("treblecross", NULL, 1, "", 0, NULL, &outcome, &err), &err,
                 "input is NULL");
    expect_usage(cg_check_text("treblecross", "", 0, NULL, 1, NULL, &outcome, &err), &err,
                 "output is NULL");
    assert_int_equal(cg_check_text("treblecross", "1\n.Z.\n", 5, "", 0, NULL, &outcome, &err),
                     CG_ERR_INPUT);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.column, 2);
    cg_check_outcome_free(&outcome);
}

/* Each table cg_each_option_table visits, its options found in the catalog. */
static void table_in_catalog(const cg_option_spec *table, void *context) {
    const char *json = context;
    for (const cg_option_spec *spec = table; spec->name != NULL; spec++) {
        char key[96];
        snprintf(key, sizeof key, "{\"name\":\"%s\",\"short\":", spec->name);
        if (strstr(json, key) == NULL) {
            fail_msg("the catalog lacks the option %s", spec->name);
        }
    }
}

static void the_catalog_is_the_declarations(void **state) {
    (void)state;
    cg_api_error err;
    expect_usage(cg_catalog(NULL, &err), &err, "json is NULL");
    cg_text json = {NULL, 0};
    assert_int_equal(cg_catalog(&json, &err), CG_OK);
    assert_non_null(json.data);
    assert_int_equal(strlen(json.data), json.len);
    assert_memory_equal(json.data, "{\"schema\":\"cgsolve/1\",\"version\":\"", 32);
    assert_int_equal(json.data[json.len - 1], '\n');
    assert_null(memchr(json.data, '\n', json.len - 1)); /* one line */
    const cg_game *const *lists[] = {cg_games(), cg_play_only_games()};
    for (size_t l = 0; l < 2; l++) {
        for (const cg_game *const *g = lists[l]; *g != NULL; g++) {
            char key[160];
            snprintf(key, sizeof key, "{\"name\":\"%s\",\"summary\":\"%s\"", (*g)->name,
                     (*g)->summary);
            assert_non_null(strstr(json.data, key));
        }
    }
    assert_non_null(strstr(json.data, "\"name\":\"grundy\",\"summary\""));
    assert_non_null(strstr(json.data, "\"solvable\":false,\"playable\":true,\"misere\":true"));
    cg_each_option_table(table_in_catalog, json.data);
    /* one declaration whole: numbergame's --max */
    assert_non_null(strstr(json.data, "{\"name\":\"max\",\"short\":\"M\",\"kind\":\"int\","
                                      "\"arg\":\"M\",\"help\":\"play on the numbers 2..M\","
                                      "\"default\":\"20\",\"min\":2,\"max\":56}"));
    assert_non_null(strstr(json.data, "\"choices\":[\"white\",\"black\"]"));
    cg_text_free(&json);
}

int main(int argc, char **argv) {
    golden_dir = argc > 1 ? argv[1] : "tests/golden";
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_golden_input_gives_the_cli_bytes),
        cmocka_unit_test(every_example_gives_the_cli_bytes),
        cmocka_unit_test(errors_name_their_place),
        cmocka_unit_test(places_are_data_not_text),
        cmocka_unit_test(the_catalog_is_the_declarations),
        cmocka_unit_test(bad_arguments_are_refused),
        cmocka_unit_test(grundy_values_are_the_tables),
        cmocka_unit_test(grundy_stops_and_resumes),
        cmocka_unit_test(grundy_tables_are_the_engines),
        cmocka_unit_test(sessions_follow_cg_play),
        cmocka_unit_test(closing_a_game_in_play_abandons_it),
        cmocka_unit_test(a_session_plays_misere),
        cmocka_unit_test(a_stopped_command_is_taken_back),
        cmocka_unit_test(misere_text_is_the_clis_analysis),
        cmocka_unit_test(gen_and_check_are_the_contest_tools),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
