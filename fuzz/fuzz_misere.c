/* libFuzzer target for misère play through the one-call API, as a program
 * embedding the library calls it: the bytes are a selector byte, a first
 * line (the octal code, any text) and the rest (the body). Selector bits
 * 0-1 pick the call, the others its size:
 *   0  cg_misere_text, the table of heaps 0..upto (upto <= 23), the body's
 *      words as options ("name=value" or "name");
 *   1  cg_misere_text on a sum: the body's words as its heaps (decimal
 *      text, valid or not; heaps the parser takes are at most 16);
 *   2  cg_misere_text with --quotient N (N <= 7);
 *   3  a misère play session of "grundy": the code and up to four heaps
 *      (1 to 11) drawn from the body's first bytes as the start, each
 *      line after the body's first a command.
 * A table's or a sum's questions may search 5,000 positions each, a
 * session's heaps are small, and the memory is 16 MiB, so an input runs in
 * well under a second; nothing may crash, hang or leak. Errors are
 * expected, but each must say why, an internal one is a bug, and a success
 * returns its text whole (abort, so that libFuzzer keeps the input). */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgsolve/cgsolve.h"
#include "fuzz_options.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_WORDS 12
#define MAX_COMMANDS 24
#define MAX_HEAP 16                /* a sum's heaps at most, but for refused ones */
#define PARSED_HEAP_MAX 1000000ull /* the largest heap --sum takes (misere_report.c) */

/* Options a table or a sum must not take from the body: another way to
 * value the heaps (a quotient's learning can take seconds on some codes),
 * a larger budget, or output the API refuses anyway. */
static bool left_out(const char *name) {
    name += name[0] == '-' ? (name[1] == '-' ? 2 : 1) : 0; /* as the API reads it */
    static const char *const names[] = {"quotient", "by", "positions", "memory"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(name, names[i]) == 0) {
            return true;
        }
    }
    return false;
}

/* The body's words as options, then the bounds that hold whatever they
 * say (applied last). body is modified. */
static size_t parse_options(char *body, cg_option_value *options) {
    size_t count = fuzz_words_as_options(body, " \n", left_out, options, MAX_WORDS);
    options[count++] = (cg_option_value){"by", "search"};
    options[count++] = (cg_option_value){"positions", "5000"};
    options[count++] = (cg_option_value){"memory", "16M"};
    return count;
}

/* What every call must keep to, whatever its input: a refusal says why,
 * and never for a bug of ours; it returns st. */
static cg_status check_refusal(cg_status st, const cg_api_error *err) {
    if (st != CG_OK && (st == CG_ERR_INTERNAL || err->message[0] == '\0')) {
        abort();
    }
    return st;
}

/* And a text's success returns its text, NUL-ended at its length. */
static void check_answer(cg_status st, const cg_text *json, const cg_api_error *err) {
    if (st == CG_OK && (json->data == NULL || strlen(json->data) != json->len)) {
        abort();
    }
    check_refusal(st, err);
}

static void table(unsigned pick, const char *code, char *body) {
    cg_option_value options[MAX_WORDS + 3];
    cg_call call = {options, parse_options(body, options), "<fuzz>", false, NULL, NULL};
    cg_text json = {NULL, 0};
    cg_api_error err;
    check_answer(cg_misere_text(code, pick % 24, NULL, 0, &call, &json, &err), &json, &err);
    cg_text_free(&json);
}

/* Whether word is a heap the parser takes that is large enough to cost
 * seconds: every heap up to it is analysed first, and a sum the search
 * does not settle is tried on the quotient of heaps up to its largest
 * (0.274's 30 + 29 took 17 s instrumented, 0.65's 20 + 19 + 17 1.1 s in a
 * release build; heaps up to 16, 0.01 s). */
static bool too_slow(const char *word) {
    char *end = NULL;
    unsigned long long n = strtoull(word, &end, 10);
    return *word >= '0' && *word <= '9' && *end == '\0' && n > MAX_HEAP && n <= PARSED_HEAP_MAX;
}

/* The sum of the body's words, each kept whole however odd, but for the
 * heaps too_slow turns away. */
static void sum(const char *code, char *body) {
    (void)code;
    const char *heaps[MAX_WORDS];
    size_t count = 0;
    char *save = NULL;
    for (char *word = strtok_r(body, " \n", &save); word != NULL && count < MAX_WORDS;
         word = strtok_r(NULL, " \n", &save)) {
        if (!too_slow(word)) {
            heaps[count++] = word;
        }
    }
    const cg_option_value options[] = {{"positions", "5000"}, {"memory", "16M"}};
    const cg_call call = {options, 2, "<fuzz>", false, NULL, NULL};
    cg_text json = {NULL, 0};
    cg_api_error err;
    check_answer(cg_misere_text(code, 0, heaps, count, &call, &json, &err), &json, &err);
    cg_text_free(&json);
}

static void quotient(unsigned pick, const char *code) {
    char n[4];
    snprintf(n, sizeof n, "%u", pick % 8);
    const cg_option_value options[] = {{"quotient", n}, {"positions", "5000"}, {"memory", "16M"}};
    const cg_call call = {options, 3, "<fuzz>", false, NULL, NULL};
    cg_text json = {NULL, 0};
    cg_api_error err;
    check_answer(cg_misere_text(code, 0, NULL, 0, &call, &json, &err), &json, &err);
    cg_text_free(&json);
}

/* A misère game of the code (the first line's first word: its other words
 * would be heaps of any size) from heaps of 1 to 11 (the body's first four
 * bytes), the body's later lines its commands. */
static void session(const char *code, char *body) {
    char start[96];
    int code_length = (int)strcspn(code, " \t\v\f\r");
    int at = snprintf(start, sizeof start, "%.*s", code_length < 60 ? code_length : 60, code);
    for (size_t i = 0; i < 4 && body[i] != '\0' && body[i] != '\n'; i++) {
        at += snprintf(start + at, sizeof start - (size_t)at, " %u",
                       (unsigned)(unsigned char)body[i] % 11 + 1);
    }
    const cg_option_value options[] = {
        {"misere", NULL}, {"memory", "16M"}, {"seed", "7"}, {"first", "computer"}};
    const cg_call call = {options, 4, "<fuzz>", false, NULL, NULL};
    cg_session *s = NULL;
    cg_api_error err;
    if (check_refusal(cg_session_open(&s, "grundy", start, strlen(start), &call, &err), &err) ==
        CG_OK) {
        char *commands = strchr(body, '\n'); /* after the heaps' line */
        char *save = NULL;
        int sent = 0;
        for (char *line = commands != NULL ? strtok_r(commands + 1, "\n", &save) : NULL;
             line != NULL && sent < MAX_COMMANDS; line = strtok_r(NULL, "\n", &save), sent++) {
            if (cg_session_over(s)) {
                break;
            }
            if (strstr(line, "save") != NULL || strlen(line) > CG_SESSION_LINE_MAX) {
                continue; /* writes a file (wherever the word stands: commands are
                             read as words) / refused as too long: not what is fuzzed */
            }
            cg_text events = {NULL, 0};
            check_refusal(cg_session_send(s, line, &err), &err);
            check_refusal(cg_session_read(s, &events, &err), &err);
            cg_text_free(&events);
        }
        check_refusal(cg_session_status(s, &err), &err);
    }
    cg_session_close(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) {
        return 0;
    }
    unsigned selector = data[0];
    char *text = malloc(size); /* the rest, NUL-ended */
    if (text == NULL) {
        return 0;
    }
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    char *newline = strchr(text, '\n');
    char *body = newline != NULL ? newline + 1 : text + strlen(text);
    if (newline != NULL) {
        *newline = '\0';
    }
    const char *code = text;
    unsigned pick = selector >> 2;
    switch (selector & 3u) {
    case 0:
        table(pick, code, body);
        break;
    case 1:
        sum(code, body);
        break;
    case 2:
        quotient(pick, code);
        break;
    default:
        session(code, body);
        break;
    }
    free(text);
    return 0;
}
