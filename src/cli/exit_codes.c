/* The exit codes the program uses, with what each means: --help lists them
 * from here, and tests/cli checks that README and the man page name every
 * code of cli.h's exit_code enum. */
#include <errno.h>
#include <string.h>

#include "cli.h"

static const struct {
    int code;
    const char *meaning;
} exit_codes[] = {
    {EXIT_OK, "success"},
    {EXIT_BAD_INPUT, "bad input (stress: a failing input found)"},
    {EXIT_USAGE, "usage error"},
    {EXIT_LIMIT, "resource limit reached or out of memory"},
    {EXIT_IO, "read or write error"},
    {EXIT_INTERNAL, "internal error (a bug)"},
    {EXIT_WRONG_ANSWER, "check: wrong answer"},
    {EXIT_PRESENTATION_ERROR, "check: presentation error"},
    {EXIT_STOPPED, "interrupted (what was written stays valid)"},
};

void cli_print_exit_codes(FILE *out) {
    fputs("\nExit status:", out);
    size_t column = 12;
    for (size_t i = 0; i < sizeof exit_codes / sizeof exit_codes[0]; i++) {
        char item[96];
        int len = snprintf(item, sizeof item, " %d %s%s", exit_codes[i].code, exit_codes[i].meaning,
                           i + 1 < sizeof exit_codes / sizeof exit_codes[0] ? "," : ".");
        if (column + (size_t)len > 78) {
            fputc('\n', out);
            column = 0;
        }
        fputs(column == 0 ? item + 1 : item, out); /* no space opens a line */
        column += (size_t)len;
    }
    fputs("\nMessages go to standard error.\n", out);
}

/* "cannot VERB 'PATH': reason" (exit 4), or exit 3 when memory ran out. */
static int file_failure(const char *what, const char *verb, const char *verbing, const char *path) {
    int error = errno;
    fflush(stdout);
    if (error == ENOMEM) {
        fprintf(stderr, "cgsolve %s: out of memory while %s '%s'\n", what, verbing, path);
        return EXIT_LIMIT;
    }
    fprintf(stderr, "cgsolve %s: cannot %s '%s': %s\n", what, verb, path, strerror(error));
    return EXIT_IO;
}

int cli_cannot_open(const char *what, const char *path) {
    return file_failure(what, "open", "opening", path);
}

int cli_cannot_write(const char *what, const char *path) {
    return file_failure(what, "write", "writing", path);
}
