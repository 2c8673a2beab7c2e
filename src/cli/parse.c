/* Reading the command line against the option declarations. Options may
 * stand before or after the command; each is checked against what the
 * command accepts once the command is known. */
#include <stdarg.h>
#include <string.h>

#include "cli.h"

int cli_usage_error(const char *what, const char *format, ...) {
    fflush(stdout);
    fprintf(stderr, "cgsolve%s%s: ", what != NULL ? " " : "", what != NULL ? what : "");
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputs("\nTry 'cgsolve --help'.\n", stderr);
    return EXIT_USAGE;
}

/* Edit distance (insertions, deletions, substitutions, transpositions) of
 * two short words; long words count as far apart. */
static size_t distance(const char *a, const char *b) {
    enum { MAX = 32 };
    size_t n = strlen(a), m = strlen(b);
    if (n >= MAX || m >= MAX) {
        return MAX;
    }
    size_t d[MAX + 1][MAX + 1];
    for (size_t i = 0; i <= n; i++) {
        for (size_t j = 0; j <= m; j++) {
            if (i == 0 || j == 0) {
                d[i][j] = i + j;
                continue;
            }
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            best = d[i - 1][j] + 1 < best ? d[i - 1][j] + 1 : best;
            best = d[i][j - 1] + 1 < best ? d[i][j - 1] + 1 : best;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best) {
                best = d[i - 2][j - 2] + 1;
            }
            d[i][j] = best;
        }
    }
    return d[n][m];
}

const char *cli_suggest(const char *word, const char *const *candidates, int count) {
    const char *best = NULL;
    size_t best_distance = strlen(word) / 3 + 1; /* a third of the word, at least one */
    best_distance = best_distance > 3 ? 3 : best_distance;
    for (int i = 0; i < count; i++) {
        size_t d = distance(word, candidates[i]);
        if (d <= best_distance && (best == NULL || d < distance(word, best))) {
            best = candidates[i];
        }
    }
    return best;
}

/* ---- finding a declaration by name -------------------------------------- */

typedef struct lookup {
    const char *long_name; /* look up by this, or */
    char short_name;       /* by this */
    const cg_option_spec *found;
    const char *names[96]; /* every long name, for suggestions */
    int name_count;
} lookup;

static void match(const cg_option_spec *spec, void *context) {
    lookup *l = context;
    if ((l->long_name != NULL && strcmp(spec->name, l->long_name) == 0) ||
        (l->short_name != 0 && spec->short_name == l->short_name)) {
        l->found = l->found != NULL ? l->found : spec;
    }
    if (l->name_count < (int)(sizeof l->names / sizeof l->names[0])) {
        l->names[l->name_count++] = spec->name;
    }
}

static int unknown_long(const char *word, const char *name, lookup *l) {
    const char *near = cli_suggest(name, l->names, l->name_count);
    if (near != NULL) {
        return cli_usage_error(NULL, "unknown option '%s'; did you mean '--%s'?", word, near);
    }
    return cli_usage_error(NULL, "unknown option '%s'", word);
}

/* ---- recording options ------------------------------------------------- */

static int record(cli *c, const cg_option_spec *spec, const char *typed, const char *value) {
    if (c->given_count == CLI_MAX_GIVEN) {
        return cli_usage_error(NULL, "too many options");
    }
    int k = c->given_count++;
    c->given[k] = spec;
    snprintf(c->given_as[k], sizeof c->given_as[k], "%s", typed);
    bool front_end = false; /* --help, --version: held in c itself */
    for (const cg_option_spec *own = cli_options; own->name != NULL; own++) {
        front_end |= own == spec;
    }
    cg_error err;
    cg_status st = front_end ? cg_option_store(c, spec, value, &err)
                             : cg_option_set(&c->options, spec, value, &err);
    if (st != CG_OK) {
        return cli_usage_error(NULL, "invalid --%s: %s", spec->name, err.message);
    }
    return EXIT_OK;
}

/* "--name", "--name=value" or "--name value"; *i is advanced past a value. */
static int long_option(cli *c, int argc, char **argv, int *i) {
    const char *word = argv[*i];
    char name[64];
    size_t len = strcspn(word + 2, "=");
    snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), word + 2);
    lookup l = {name, 0, NULL, {NULL}, 0};
    cli_each_known_option(match, &l);
    if (l.found == NULL) {
        l.found = cg_option_find(cli_old_options, name);
    }
    if (l.found == NULL) {
        return unknown_long(word, name, &l);
    }
    const char *value = word[2 + len] == '=' ? word + 3 + len : NULL;
    char typed[64];
    snprintf(typed, sizeof typed, "--%s", l.found->name);
    if (l.found->arg == CG_ARG_NONE && value != NULL) {
        return cli_usage_error(NULL, "option '--%s' takes no value", l.found->name);
    }
    if (l.found->arg != CG_ARG_NONE && value == NULL) {
        if (*i + 1 >= argc) {
            return cli_usage_error(NULL, "option '--%s' needs a value (%s)", l.found->name,
                                   l.found->arg_name);
        }
        value = argv[++*i];
    }
    return record(c, l.found, typed, value);
}

/* A cluster of short options "-ej", "-M30" or "-M 30". After a command's
 * name, its own options come first: stress's -j is --jobs, everywhere
 * else --json (stress takes no --json). */
static int short_options(cli *c, int argc, char **argv, int *i) {
    const char *word = argv[*i];
    const command *named = c->argc > 0 ? cli_find_command(c->argv[0]) : NULL;
    for (size_t k = 1; word[k] != '\0'; k++) {
        lookup l = {NULL, word[k], NULL, {NULL}, 0};
        if (named != NULL) {
            cli_each_option(named, NULL, match, &l);
        }
        if (l.found == NULL) {
            cli_each_known_option(match, &l);
        }
        char typed[3] = {'-', word[k], '\0'};
        if (l.found == NULL) {
            return cli_usage_error(NULL, "unknown option '%s'", typed);
        }
        if (l.found->arg == CG_ARG_NONE) {
            int rc = record(c, l.found, typed, NULL);
            if (rc != EXIT_OK) {
                return rc;
            }
            continue;
        }
        const char *value = word[k + 1] != '\0' ? word + k + 1 : NULL;
        if (value == NULL) {
            if (*i + 1 >= argc) {
                return cli_usage_error(NULL, "option '%s' needs a value (%s)", typed,
                                       l.found->arg_name);
            }
            value = argv[++*i];
        }
        return record(c, l.found, typed, value);
    }
    return EXIT_OK;
}

/* ---- the command and its arguments ------------------------------------ */

static int unknown_command(const char *word) {
    const char *names[32];
    int count = 0;
    for (const cg_game *const *game = cg_games(); *game != NULL && count < 24; game++) {
        names[count++] = (*game)->name;
    }
    for (const command *cmd = cli_commands; cmd->name != NULL && count < 32; cmd++) {
        names[count++] = cmd->name;
    }
    const char *near = cli_suggest(word, names, count);
    if (near != NULL) {
        return cli_usage_error(NULL, "unknown game or command '%s'; did you mean '%s'?", word,
                               near);
    }
    return cli_usage_error(NULL, "unknown game or command '%s' (see 'cgsolve list')", word);
}

/* word, after cmd (which takes a game), names none of its games: a command
 * or a play-only game (grundy) is said to be no game of cmd's, not
 * misspelt as itself. */
static int not_a_game(const command *cmd, const char *word) {
    if (cli_find_command(word) == NULL && cg_find_play_only_game(word) == NULL) {
        return unknown_command(word);
    }
    if (strcmp(cmd->name, "package") == 0) {
        return cli_usage_error("package", "%s has no judge problem to package (see 'cgsolve list')",
                               word);
    }
    return cli_usage_error(cmd->name, "'%s' is no game %s takes (see 'cgsolve list')", word,
                           cmd->name);
}

/* Resolve the command (and a game) from the first positional arguments. */
static int resolve(cli *c) {
    if (c->argc == 0) {
        return EXIT_OK;
    }
    const char *first = c->argv[0];
    c->argc--;
    c->argv++;
    c->game = cg_find_game(first);
    if (c->game != NULL) {
        c->command = &cli_game_command;
        return EXIT_OK;
    }
    c->command = cli_find_command(first);
    if (c->command == NULL) {
        return unknown_command(first);
    }
    bool names_game = c->command->takes_game || c->command->shows_help;
    if (names_game && c->argc > 0) {
        c->game = cg_find_game(c->argv[0]);
        if (c->game == NULL && c->command->playable_games) {
            c->game = cg_find_play_only_game(c->argv[0]);
        }
        const command *other = c->game == NULL ? cli_find_command(c->argv[0]) : NULL;
        if (c->command->shows_help) {
            if (c->game == NULL && other == NULL) {
                return unknown_command(c->argv[0]);
            }
            c->command = other != NULL ? other : &cli_game_command;
            c->help = true;
        } else if (c->game == NULL) {
            return not_a_game(c->command, c->argv[0]);
        }
        c->argc--;
        c->argv++;
    }
    return EXIT_OK;
}

bool cli_given(const cli *c, const char *name) {
    for (int k = 0; k < c->given_count; k++) {
        if (strcmp(c->given[k]->name, name) == 0) {
            return true;
        }
    }
    return false;
}

/* `grundy --census` and the other old spellings: the command they name now
 * runs, the option dropped, with a word on standard error (once). */
static void old_spelling(cli *c) {
    if (c->command == NULL || strcmp(c->command->name, "grundy") != 0) {
        return;
    }
    for (int k = 0; k < c->given_count; k++) {
        for (const cli_old_spelling *old = cli_old_spellings; old->option != NULL; old++) {
            if (strcmp(c->given[k]->name, old->option) != 0) {
                continue;
            }
            fprintf(stderr,
                    "cgsolve: 'grundy --%s' is deprecated and goes in 2.0; use 'cgsolve %s'\n",
                    old->option, old->command);
            c->command = cli_find_command(old->command);
            for (int j = k; j + 1 < c->given_count; j++) {
                c->given[j] = c->given[j + 1];
                memcpy(c->given_as[j], c->given_as[j + 1], sizeof c->given_as[j]);
            }
            c->given_count--;
            return;
        }
    }
}

typedef struct applies {
    const cg_option_spec *spec;
    bool yes;
} applies;

static void is_it(const cg_option_spec *spec, void *context) {
    applies *a = context;
    a->yes |= strcmp(spec->name, a->spec->name) == 0;
}

/* Every option given applies to the command. */
static int check_options(const cli *c) {
    if (c->command == NULL) {
        return EXIT_OK;
    }
    for (int k = 0; k < c->given_count; k++) {
        applies a = {c->given[k], false};
        cli_each_option(c->command, c->game, is_it, &a);
        if (!a.yes) {
            const char *what = c->command == &cli_game_command ? c->game->name : c->command->name;
            return cli_usage_error(what, "option '%s' does not apply to %s", c->given_as[k], what);
        }
    }
    return EXIT_OK;
}

int cli_parse(cli *c, int argc, char **argv) {
    memset(c, 0, sizeof *c);
    cg_options_init(&c->options);
    /* Positional arguments are gathered at the front of argv + 1, in order. */
    c->argv = argv + 1;
    bool options_done = false;
    for (int i = 1; i < argc; i++) {
        const char *word = argv[i];
        int rc = EXIT_OK;
        /* testlib's "-appes" (a checker's result file in XML) is an argument */
        bool appes = strcmp(word, "-appes") == 0 || strcmp(word, "-APPES") == 0;
        if (options_done || word[0] != '-' || word[1] == '\0' || appes) {
            c->argv[c->argc++] = argv[i];
        } else if (strcmp(word, "--") == 0) {
            options_done = true;
        } else if (word[1] == '-') {
            rc = long_option(c, argc, argv, &i);
        } else {
            rc = short_options(c, argc, argv, &i);
        }
        if (rc != EXIT_OK) {
            return rc;
        }
    }
    int rc = resolve(c);
    if (rc != EXIT_OK) {
        return rc;
    }
    old_spelling(c);
    return check_options(c);
}
