/* The subcommands' drivers: they open streams, call the library and turn
 * its statuses into messages and exit codes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "core/file_internal.h"
#include "octal/grundy_table_internal.h"
#include "octal/octal_internal.h"

int cli_exit_code(cg_status st) {
    switch (st) {
    case CG_OK:
    case CG_END:
        return EXIT_OK;
    case CG_ERR_INPUT:
        return EXIT_BAD_INPUT;
    case CG_ERR_USAGE:
        return EXIT_USAGE;
    case CG_ERR_LIMIT:
    case CG_ERR_NOMEM:
        return EXIT_LIMIT;
    case CG_ERR_IO:
        return EXIT_IO;
    case CG_ERR_STOPPED:
        return EXIT_STOPPED;
    case CG_ERR_INTERNAL:
        break;
    }
    return EXIT_INTERNAL;
}

/* Set once a failure of the answers' own stream has been said, so that
 * cli_close_output does not say it a second time (a full disk, most often). */
static bool output_failure_said;

int cli_report_failure(const char *what, const cg_error *err) {
    fflush(stdout);
    output_failure_said = output_failure_said || err->on_output;
    fprintf(stderr, "cgsolve %s: %s%s\n", what, err->message,
            err->over_budget ? " (raise it with --memory)" : "");
    return cli_exit_code(err->status);
}

int cli_close_output(FILE *out, int rc) {
    if ((fflush(out) != 0 || ferror(out)) && !output_failure_said) {
        fprintf(stderr, "cgsolve: write error: %s\n", strerror(errno != 0 ? errno : EIO));
        return EXIT_IO;
    }
    return ferror(out) && rc == EXIT_OK ? EXIT_IO : rc;
}

/* Colour under --color=auto: a terminal that wants it (NO_COLOR, TERM=dumb). */
static bool want_color(const cg_options *options) {
    if (options->color_mode != CG_COLOR_AUTO) {
        return options->color_mode == CG_COLOR_ALWAYS;
    }
    const char *no_color = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    return isatty(STDOUT_FILENO) && (no_color == NULL || no_color[0] == '\0') &&
           (term == NULL || strcmp(term, "dumb") != 0);
}

static int run_one(const cli *c, FILE *stream, const char *name, uint64_t *answered) {
    cg_error err;
    cg_error_clear(&err);
    cg_scanner *scanner = NULL;
    cg_status st = cg_scanner_open_stream(&scanner, stream, name, &err);
    if (st == CG_OK && stream == stdin && isatty(STDIN_FILENO)) {
        /* typed input: say why nothing happens yet */
        fprintf(stderr, "cgsolve %s: reading standard input… (Ctrl-D ends it)\n", c->game->name);
    }
    if (st == CG_OK) {
        st = cg_run(c->game, scanner, &c->options, stdout, answered, &err);
    }
    cg_scanner_close(scanner);
    return st == CG_OK ? EXIT_OK : cli_report_failure(c->game->name, &err);
}

/* Long work inside a case, on a terminal's standard error: one line redrawn,
 * wiped when the work is done. */
static bool show_progress(void *context, const char *what, uint64_t done, uint64_t total) {
    const cli *c = context;
    if (done >= total) {
        fprintf(stderr, "\r%70s\r", "");
    } else {
        fprintf(stderr, "\rcgsolve %s: %s %llu of %llu (%.0f%%)   ", c->game->name, what,
                (unsigned long long)done, (unsigned long long)total,
                100.0 * (double)done / (double)total);
    }
    return false;
}

int cli_run_game(cli *c) {
    c->options.color = want_color(&c->options);
    if (isatty(STDERR_FILENO)) {
        c->options.progress_hook = show_progress;
        c->options.progress_context = c;
    }
    uint64_t answered = 0;
    if (c->argc == 0) {
        return cli_close_output(stdout, run_one(c, stdin, "<stdin>", &answered));
    }
    int worst = EXIT_OK;
    for (int i = 0; i < c->argc; i++) {
        int rc;
        if (strcmp(c->argv[i], "-") == 0) {
            rc = run_one(c, stdin, "<stdin>", &answered);
        } else {
            FILE *f = fopen(c->argv[i], "rb");
            if (f == NULL) {
                rc = cli_cannot_open(c->game->name, c->argv[i]);
            } else {
                rc = run_one(c, f, c->argv[i], &answered);
                fclose(f);
            }
        }
        worst = rc > worst ? rc : worst;
    }
    return cli_close_output(stdout, worst);
}

static int playable_names(char *out, size_t size) {
    size_t at = 0;
    out[0] = '\0';
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        if ((*game)->play != NULL && at < size) {
            at += (size_t)snprintf(out + at, size - at, "%s%s", at > 0 ? ", " : "", (*game)->name);
        }
    }
    return EXIT_OK;
}

/* A start position is small by nature: a longer file is refused, not cut. */
#define MAX_POSITION_FILE ((size_t)64 << 20)

/* The whole of a file, for a start position. */
static int read_position_file(const char *path, cg_buf *data) {
    cg_error err;
    cg_status st = cg_read_file(path, MAX_POSITION_FILE, NULL, data, &err);
    if (st == CG_ERR_INPUT) {
        fprintf(stderr, "cgsolve play: %s: not a position file\n", err.message);
        return EXIT_BAD_INPUT;
    }
    return st == CG_OK ? EXIT_OK : cli_report_failure("play", &err);
}

/* The width to fold play's text to: the terminal's, else COLUMNS, else 80. */
static size_t terminal_columns(void) {
    struct winsize size;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
        return size.ws_col;
    }
    const char *columns = getenv("COLUMNS");
    long n = columns != NULL ? strtol(columns, NULL, 10) : 0;
    return n > 0 && n < 10000 ? (size_t)n : 80;
}

/* `cgsolve play grundy FILE`: a lone argument that is no octal code but a
 * file names what `save` wrote (the code and the heaps, as on the command
 * line); anything else is read as the command line. */
static bool saved_position(const cli *c) {
    cg_octal_code code;
    return c->argc == 1 && cg_octal_parse(c->argv[0], &code, NULL) != CG_OK &&
           access(c->argv[0], F_OK) == 0;
}

/* `cgsolve play GAME [POSITION-FILE]`, and `cgsolve play grundy CODE
 * HEAP...`: the human's commands come from standard input. */
int cli_run_play(cli *c) {
    char names[256];
    playable_names(names, sizeof names);
    if (c->game == NULL) {
        return cli_usage_error("play", "missing the game to play (%s)", names);
    }
    if (c->game->play == NULL) {
        return cli_usage_error("play", "cannot play '%s': %s", c->game->name,
                               c->game->play_refusal != NULL ? c->game->play_refusal : names);
    }
    cg_play_start start = {NULL, 0, NULL};
    cg_buf data = CG_BUF_INIT;
    char heaps[4096];
    if (c->game->play_from_arguments && !saved_position(c)) {
        /* The position is the rest of the command line: a code and heaps. */
        size_t at = 0;
        for (int i = 0; i < c->argc && at < sizeof heaps; i++) {
            at += (size_t)snprintf(heaps + at, sizeof heaps - at, "%s ", c->argv[i]);
        }
        if (at >= sizeof heaps) {
            return cli_usage_error("play", "the position is too long");
        }
        start = (cg_play_start){c->argc > 0 ? heaps : NULL, at, "the command line"};
    } else if (c->argc > 1 && !c->game->play_from_arguments) {
        return cli_usage_error("play", "unexpected argument '%s'", c->argv[1]);
    } else if (c->argc == 1) {
        int rc = read_position_file(c->argv[0], &data);
        if (rc != EXIT_OK) {
            cg_buf_free(&data);
            return rc;
        }
        start = (cg_play_start){data.data, data.len, c->argv[0]};
    }
    c->options.color = want_color(&c->options);
    c->options.columns = terminal_columns();
    if (!cli_given(c, "seed")) {
        /* Without --seed, games differ from one run to the next. */
        c->options.seed = (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)getpid();
    }
    cg_error err;
    cg_error_clear(&err);
    cg_scanner *commands = NULL;
    cg_status st = cg_scanner_open_stream(&commands, stdin, "<stdin>", &err);
    if (st == CG_OK) {
        st = cg_play(c->game, &start, commands, &c->options, !isatty(STDIN_FILENO), stdout, &err);
    }
    cg_scanner_close(commands);
    cg_buf_free(&data);
    if (st == CG_ERR_INPUT && start.position == heaps &&
        strncmp(err.message, start.position_name, strlen(start.position_name)) == 0) {
        /* the position came from the command line: a usage error */
        return cli_usage_error("play", "%s", err.message);
    }
    return cli_close_output(stdout, st == CG_OK ? EXIT_OK : cli_report_failure("play", &err));
}

int cli_run_list(cli *c) {
    if (c->argc > 0) {
        return cli_usage_error("list", "unexpected argument '%s'", c->argv[0]);
    }
    return cli_close_output(stdout, cli_print_list(stdout));
}

int cli_run_help(cli *c) {
    if (c->argc > 0) {
        return cli_usage_error("help", "unexpected argument '%s'", c->argv[0]);
    }
    return cli_close_output(stdout, cli_print_general_help(stdout));
}

int cli_run_completion(cli *c) {
    if (c->argc != 1) {
        return cli_usage_error("completion", "name one shell: bash, zsh or fish");
    }
    return cli_close_output(stdout, cli_print_completion(c->argv[0], stdout));
}
