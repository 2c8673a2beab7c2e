/* cgsolve: the command-line front end. It parses options, opens streams and
 * turns library statuses into messages and exit codes; all game logic lives
 * in the library. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cgsolve/cgsolve.h"
#include "cgsolve/grundy_table.h"
#include "cgsolve/play.h"

enum exit_code {
    EXIT_OK = 0,
    EXIT_BAD_INPUT = 1,
    EXIT_USAGE = 2,
    EXIT_LIMIT = 3,
    EXIT_IO = 4,
    EXIT_INTERNAL = 5,
};

static int exit_code_for(cg_status st) {
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
    case CG_ERR_INTERNAL:
        break;
    }
    return EXIT_INTERNAL;
}

static void print_usage(FILE *out) {
    fputs("Usage: cgsolve GAME [OPTION...] [FILE...]\n"
          "       cgsolve grundy CODE [--upto N] [OPTION...]\n"
          "       cgsolve play GAME [--first=WHO] [OPTION...] [POSITION-FILE]\n"
          "       cgsolve list | --help | --version\n"
          "\n"
          "Solve two-player combinatorial games exactly. Each FILE (or standard input\n"
          "when none is given) is one judge input; the answers go to standard output.\n"
          "\n"
          "Options:\n"
          "  -e, --explain          follow each answer with an explanation of why\n"
          "  -f, --format=FORMAT    judge (default), explain or json (one object a line)\n"
          "  -j, --json             same as --format=json\n"
          "  -m, --memory=SIZE      budget for search tables, e.g. 256M or 2G (default 1G;\n"
          "                         domino 256M)\n"
          "  -o, --optimal          domino: who wins under perfect play\n"
          "  -M, --max=M            numbergame: play on the numbers 2..M (default 20, at most 56)\n"
          "  -n, --upto=N           grundy: compute G(0..N) (default 100)\n"
          "  -c, --color=WHEN       colour explanations: auto (default), always, never\n"
          "  -F, --first=WHO        play: who moves first, human (default) or computer\n"
          "  -h, --help             show this help (after GAME: that game's input format)\n"
          "  -V, --version          show the version\n"
          "\n"
          "Exit status: 0 success, 1 bad input, 2 usage error, 3 resource limit reached,\n"
          "4 read or write error. Messages go to standard error; answers written before\n"
          "a bad case are kept.\n"
          "\n"
          "Games (see `cgsolve list`): ",
          out);
    const cg_game *const *games = cg_games();
    for (size_t i = 0; games[i] != NULL; i++) {
        fprintf(out, "%s%s", i > 0 ? ", " : "", games[i]->name);
    }
    fputs(", grundy\nPlayable (`cgsolve play GAME`): ", out);
    const cg_play_game *const *playable = cg_play_games();
    for (size_t i = 0; playable[i] != NULL; i++) {
        fprintf(out, "%s%s", i > 0 ? ", " : "", playable[i]->name);
    }
    fputc('\n', out);
}

static void print_list(void) {
    const cg_game *const *games = cg_games();
    for (size_t i = 0; games[i] != NULL; i++) {
        printf("%-12s %s\n", games[i]->name, games[i]->summary);
    }
    printf("%-12s %s\n", "grundy", "the Grundy sequence of any octal game, e.g. 0.007 or 0.77");
    printf("%-12s %s\n", "play", "play treblecross or numbergame against a perfect opponent");
}

/* Parse "512", "256K", "64M", "2G" into bytes. */
static bool parse_size(const char *text, size_t *bytes) {
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || end == text || text[0] == '-') {
        return false;
    }
    unsigned shift = 0;
    switch (*end) {
    case '\0':
        break;
    case 'k':
    case 'K':
        shift = 10;
        break;
    case 'm':
    case 'M':
        shift = 20;
        break;
    case 'g':
    case 'G':
        shift = 30;
        break;
    default:
        return false;
    }
    if (*end != '\0' && end[1] != '\0') {
        return false;
    }
    if (value > (SIZE_MAX >> shift)) {
        return false;
    }
    *bytes = (size_t)value << shift;
    return *bytes > 0;
}

static bool parse_count(const char *text, long long min, long long max, long long *out) {
    char *end;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || value < min || value > max) {
        return false;
    }
    *out = value;
    return true;
}

typedef struct cli {
    const char *command; /* game name or "grundy" */
    cg_options options;
    const char *color;
    long long upto;
    bool upto_given;
    bool max_given;
    bool help;
    bool version;
    bool computer_first;
    bool first_given;
    bool memory_given;
} cli;

static int usage_error(const char *command, const char *format, const char *detail) {
    fprintf(stderr, "cgsolve%s%s: ", command != NULL ? " " : "", command != NULL ? command : "");
    fprintf(stderr, format, detail);
    fputs("\nTry 'cgsolve --help'.\n", stderr);
    return EXIT_USAGE;
}

/* Parse options of argv[1..]; argv[0] plays the program name for getopt. */
static int parse_options(cli *c, int argc, char **argv) {
    static const struct option longs[] = {
        {"explain", no_argument, NULL, 'e'},     {"format", required_argument, NULL, 'f'},
        {"json", no_argument, NULL, 'j'},        {"memory", required_argument, NULL, 'm'},
        {"optimal", no_argument, NULL, 'o'},     {"max", required_argument, NULL, 'M'},
        {"upto", required_argument, NULL, 'n'},  {"color", required_argument, NULL, 'c'},
        {"help", no_argument, NULL, 'h'},        {"version", no_argument, NULL, 'V'},
        {"first", required_argument, NULL, 'F'}, {NULL, 0, NULL, 0},
    };
    opterr = 0;
    optind = 1;
    int opt;
    while ((opt = getopt_long(argc, argv, ":ef:jm:oM:n:c:hVF:", longs, NULL)) != -1) {
        switch (opt) {
        case 'e':
            c->options.output = CG_OUTPUT_EXPLAIN;
            break;
        case 'f':
            if (strcmp(optarg, "judge") == 0) {
                c->options.output = CG_OUTPUT_JUDGE;
            } else if (strcmp(optarg, "explain") == 0) {
                c->options.output = CG_OUTPUT_EXPLAIN;
            } else if (strcmp(optarg, "json") == 0) {
                c->options.output = CG_OUTPUT_JSON;
            } else {
                return usage_error(c->command, "unknown format '%s' (judge, explain or json)",
                                   optarg);
            }
            break;
        case 'j':
            c->options.output = CG_OUTPUT_JSON;
            break;
        case 'm':
            c->memory_given = true;
            if (!parse_size(optarg, &c->options.memory_limit)) {
                return usage_error(c->command, "invalid --memory '%s' (e.g. 256M or 2G)", optarg);
            }
            break;
        case 'o':
            c->options.optimal = true;
            break;
        case 'M': {
            long long m;
            if (!parse_count(optarg, 2, 56, &m)) {
                return usage_error(c->command, "invalid --max '%s' (an integer from 2 to 56)",
                                   optarg);
            }
            c->options.max_number = m;
            c->max_given = true;
            break;
        }
        case 'n':
            if (!parse_count(optarg, 0, (long long)1 << 40, &c->upto)) {
                return usage_error(c->command, "invalid --upto '%s' (a non-negative integer)",
                                   optarg);
            }
            c->upto_given = true;
            break;
        case 'c':
            c->color = optarg;
            if (strcmp(optarg, "auto") != 0 && strcmp(optarg, "always") != 0 &&
                strcmp(optarg, "never") != 0) {
                return usage_error(c->command, "invalid --color '%s' (auto, always or never)",
                                   optarg);
            }
            break;
        case 'F':
            if (strcmp(optarg, "human") != 0 && strcmp(optarg, "computer") != 0) {
                return usage_error(c->command, "invalid --first '%s' (human or computer)", optarg);
            }
            c->computer_first = strcmp(optarg, "computer") == 0;
            c->first_given = true;
            break;
        case 'h':
            c->help = true;
            break;
        case 'V':
            c->version = true;
            break;
        case ':':
            return usage_error(c->command, "option '%s' needs a value", argv[optind - 1]);
        default:
            return usage_error(c->command, "unknown option '%s'", argv[optind - 1]);
        }
    }
    return EXIT_OK;
}

/* Report a library failure as "cgsolve GAME: message". */
static int report_failure(const char *command, const cg_error *err) {
    fflush(stdout);
    fprintf(stderr, "cgsolve %s: %s\n", command, err->message);
    return exit_code_for(err->status);
}

static int run_game_on(const cg_game *game, FILE *stream, const char *name,
                       const cg_options *options) {
    cg_error err;
    cg_error_clear(&err);
    cg_scanner *scanner = NULL;
    cg_status st = cg_scanner_open_stream(&scanner, stream, name, &err);
    if (st == CG_OK) {
        st = cg_run(game, scanner, options, stdout, &err);
    }
    cg_scanner_close(scanner);
    return st == CG_OK ? EXIT_OK : report_failure(game->name, &err);
}

static int run_game(const cg_game *game, const cli *c, int argc, char **argv) {
    if (optind >= argc) {
        return run_game_on(game, stdin, "<stdin>", &c->options);
    }
    for (int i = optind; i < argc; i++) {
        if (strcmp(argv[i], "-") == 0) {
            int rc = run_game_on(game, stdin, "<stdin>", &c->options);
            if (rc != EXIT_OK) {
                return rc;
            }
            continue;
        }
        FILE *f = fopen(argv[i], "rb");
        if (f == NULL) {
            fflush(stdout);
            fprintf(stderr, "cgsolve %s: cannot open '%s': %s\n", game->name, argv[i],
                    strerror(errno));
            return EXIT_IO;
        }
        int rc = run_game_on(game, f, argv[i], &c->options);
        fclose(f);
        if (rc != EXIT_OK) {
            return rc;
        }
    }
    return EXIT_OK;
}

static int run_grundy(const cli *c, int argc, char **argv) {
    if (optind >= argc) {
        return usage_error("grundy", "%s", "missing the octal game code, e.g. 0.007");
    }
    if (optind + 1 < argc) {
        return usage_error("grundy", "unexpected argument '%s'", argv[optind + 1]);
    }
    cg_error err;
    cg_error_clear(&err);
    uint64_t upto = c->upto_given ? (uint64_t)c->upto : 100;
    cg_status st = cg_write_grundy_table(argv[optind], upto, &c->options, stdout, &err);
    return st == CG_OK ? EXIT_OK : report_failure("grundy", &err);
}

/* `cgsolve play GAME [POSITION-FILE]`: moves come from standard input. */
static int run_play(const cli *c, int argc, char **argv) {
    if (optind >= argc) {
        return usage_error("play", "%s", "missing the game to play (treblecross or numbergame)");
    }
    const cg_play_game *game = cg_find_play_game(argv[optind]);
    if (game == NULL) {
        return usage_error("play", "cannot play '%s' (treblecross or numbergame)", argv[optind]);
    }
    if (optind + 2 < argc) {
        return usage_error("play", "unexpected argument '%s'", argv[optind + 2]);
    }
    cg_error err;
    cg_error_clear(&err);
    FILE *file = NULL;
    cg_scanner *position = NULL, *moves = NULL;
    cg_status st = CG_OK;
    if (optind + 1 < argc) {
        file = fopen(argv[optind + 1], "rb");
        if (file == NULL) {
            fprintf(stderr, "cgsolve play: cannot open '%s': %s\n", argv[optind + 1],
                    strerror(errno));
            return EXIT_IO;
        }
        st = cg_scanner_open_stream(&position, file, argv[optind + 1], &err);
    }
    if (st == CG_OK) {
        st = cg_scanner_open_stream(&moves, stdin, "<stdin>", &err);
    }
    if (st == CG_OK) {
        st = cg_play(game, position, moves, &c->options, !c->computer_first, !isatty(STDIN_FILENO),
                     stdout, &err);
    }
    cg_scanner_close(moves);
    cg_scanner_close(position);
    if (file != NULL) {
        fclose(file);
    }
    return st == CG_OK ? EXIT_OK : report_failure("play", &err);
}

static const char play_help[] =
    "Usage: cgsolve play GAME [--first=human|computer] [--max M] [POSITION-FILE]\n"
    "Play treblecross or numbergame against a perfect opponent. The start is read\n"
    "from POSITION-FILE in the judge's format for one case (a board; or a count and\n"
    "the available numbers), else a 24-cell empty board or all of 2..M. Type your\n"
    "moves on standard input: a cell or a number; 'hint' lists the winning moves,\n"
    "'quit' stops.\n";

static const char grundy_help[] =
    "Usage: cgsolve grundy CODE [--upto N] [--explain | --json]\n"
    "Print G(0..N) of the octal game CODE (d0.d1d2..., each digit 0-7), one value a\n"
    "line: 0.007 Treblecross, 0.77 Kayles, 0.07 Dawson's Kayles. --explain adds the\n"
    "proven period, if any, and a checksum.\n";

int main(int argc, char **argv) {
    if (argc < 2) {
        print_usage(stderr);
        return EXIT_USAGE;
    }
    const char *first = argv[1];
    if (strcmp(first, "--help") == 0 || strcmp(first, "-h") == 0) {
        print_usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(first, "--version") == 0 || strcmp(first, "-V") == 0) {
        printf("cgsolve %s\n", CGSOLVE_VERSION);
        return EXIT_OK;
    }
    if (strcmp(first, "list") == 0) {
        print_list();
        return EXIT_OK;
    }
    bool is_grundy = strcmp(first, "grundy") == 0;
    bool is_play = strcmp(first, "play") == 0;
    const cg_game *game = is_grundy || is_play ? NULL : cg_find_game(first);
    if (!is_grundy && !is_play && game == NULL) {
        return usage_error(NULL, first[0] == '-' ? "unknown option '%s'" : "unknown game '%s'",
                           first);
    }
    cli c;
    memset(&c, 0, sizeof c);
    c.command = first;
    cg_options_init(&c.options);
    int rc = parse_options(&c, argc - 1, argv + 1);
    if (rc != EXIT_OK) {
        return rc;
    }
    optind += 1; /* index into argv rather than argv + 1 */
    if (c.help) {
        if (is_play) {
            fputs(play_help, stdout);
        } else if (is_grundy) {
            fputs(grundy_help, stdout);
        } else {
            printf("cgsolve %s: %s\n\n%s", game->name, game->summary, game->input_help);
        }
        return EXIT_OK;
    }
    if (c.version) {
        printf("cgsolve %s\n", CGSOLVE_VERSION);
        return EXIT_OK;
    }
    bool want_color = c.color == NULL || strcmp(c.color, "auto") == 0
                          ? isatty(STDOUT_FILENO)
                          : strcmp(c.color, "always") == 0;
    c.options.color = want_color;
    if (is_play) {
        return run_play(&c, argc, argv);
    }
    if (c.first_given) {
        return usage_error(first, "%s", "--first applies to play only");
    }
    if (is_grundy) {
        return run_grundy(&c, argc, argv);
    }
    if (!c.memory_given && game->default_memory != 0) {
        c.options.memory_limit = game->default_memory;
    }
    if (c.options.optimal && !(game->extra_options & CG_GAME_OPTION_OPTIMAL)) {
        return usage_error(first, "%s", "--optimal does not apply to this game");
    }
    if (c.max_given && !(game->extra_options & CG_GAME_OPTION_MAX)) {
        return usage_error(first, "%s", "--max does not apply to this game");
    }
    if (c.upto_given) {
        return usage_error(first, "%s", "--upto applies to grundy only");
    }
    return run_game(game, &c, argc, argv);
}
