/* The command-line front end: what its files share.
 *
 * main.c dispatches; parse.c reads the arguments against the option
 * declarations; commands.c is the table of subcommands, the options each
 * accepts and what sets it apart (fields, never its name); help.c writes
 * help, the list and shell completions from those tables; exit_codes.c
 * lists the exit codes; drivers.c runs games and play, grundy.c grundy,
 * census, verify and misere, contest.c gen, check, stress and validate
 * (process.c runs the program under test); long_run.c is what long runs
 * share (Ctrl-C). parse.c also reads grundy's old spellings (`grundy
 * --census` and so on, going in 2.0) as the commands they name now. */
#ifndef CGSOLVE_CLI_H
#define CGSOLVE_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "framework/cgsolve_internal.h"

enum exit_code {
    EXIT_OK = 0,
    EXIT_BAD_INPUT = 1,
    EXIT_USAGE = 2,
    EXIT_LIMIT = 3,
    EXIT_IO = 4,
    EXIT_INTERNAL = 5,
    EXIT_STOPPED = 130, /* Ctrl-C: what was printed before stays valid */
};

struct command;

#define CLI_MAX_GIVEN 64

/* The parsed command line. */
typedef struct cli {
    const struct command *command; /* NULL: none named */
    const cg_game *game;           /* the game solved or played, if any */
    cg_options options;
    bool help;
    bool version;
    int argc; /* positional arguments after the command (and play's game) */
    char **argv;
    /* Options given, for checking they apply: the spec and the word typed. */
    const cg_option_spec *given[CLI_MAX_GIVEN];
    char given_as[CLI_MAX_GIVEN][72];
    int given_count;
} cli;

/* A subcommand: its name, what it accepts and how it runs. */
typedef struct command {
    const char *name;
    const char *usage;           /* after "cgsolve NAME " */
    const char *summary;         /* one line */
    const char *details;         /* a paragraph for --help, or NULL */
    const char *common;          /* which of cg_common_options apply: "memory|json" */
    const char *options_of;      /* whose tables of cg_command_options_list, or NULL */
    bool takes_game;             /* its first argument names a game */
    bool game_options;           /* the options of the game it names apply */
    bool game_gen_options;       /* the game's generator options apply */
    const char *const *examples; /* NULL-ended */
    int (*run)(struct cli *c);
    bool playable_games; /* only playable games, the play-only ones (grundy) too */
    bool shows_help;     /* its argument names the game or command whose help it shows */
} command;

#define CLI_OUTPUT_OPTIONS "explain|format|json"
#define CLI_ALL_COMMON CLI_OUTPUT_OPTIONS "|memory|color"

/* --help and --version, stored in the cli struct's help and version. */
extern const cg_option_spec cli_options[];

/* Whether the command line gave the option called name. */
bool cli_given(const cli *c, const char *name);

/* Options read only in old spellings: grundy's --census and --verify. */
extern const cg_option_spec cli_old_options[];

/* An old spelling: `grundy --OPTION` is the command now; NULL-ended. */
typedef struct cli_old_spelling {
    const char *option;
    const char *command;
} cli_old_spelling;
extern const cli_old_spelling cli_old_spellings[];

/* The subcommands that are not games, NULL-name ended. */
extern const command cli_commands[];
/* The command that solves a game (its name is the game's). */
extern const command cli_game_command;
/* The subcommand called name, or NULL (games are not looked up here). */
const command *cli_find_command(const char *name);

/* Call fn on every option spec the command accepts (with game's, when the
 * command takes the game's options and game is not NULL); cli_options too. */
void cli_each_option(const command *cmd, const cg_game *game,
                     void (*fn)(const cg_option_spec *spec, void *context), void *context);

/* Call fn on every option any command or game declares (a name may recur). */
void cli_each_known_option(void (*fn)(const cg_option_spec *spec, void *context), void *context);

/* Parse argv; on a usage error print it and return EXIT_USAGE. */
int cli_parse(cli *c, int argc, char **argv);

/* Usage error: "cgsolve[ WHAT]: MESSAGE" and a pointer to --help. */
int cli_usage_error(const char *what, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The closest of candidates to word, when close enough to suggest; or NULL. */
const char *cli_suggest(const char *word, const char *const *candidates, int count);

/* Help, list, version and completions; they return an exit code. */
int cli_print_help(const cli *c, FILE *out);
int cli_print_general_help(FILE *out);
int cli_print_list(FILE *out);
int cli_print_version(FILE *out);
int cli_print_completion(const char *shell, FILE *out);

/* Finish writing out: EXIT_IO with the system's reason when anything failed,
 * the reason left out when cli_report_failure has said the same stream's
 * failure already (drivers.c). */
int cli_close_output(FILE *out, int rc);

/* Long runs (timed with the library's cg_seconds): Ctrl-C sets a flag
 * instead of ending the process, once cli_catch_interrupts has been called. */
void cli_catch_interrupts(void);
bool cli_interrupted(void);

/* The exit status part of --help (exit_codes.c). */
void cli_print_exit_codes(FILE *out);
/* Report a failed fopen of path by the command what (errno still set):
 * EXIT_LIMIT when memory ran out, EXIT_IO with the reason otherwise. */
int cli_cannot_open(const char *what, const char *path);
/* The same for a file that could not be opened or written for writing. */
int cli_cannot_write(const char *what, const char *path);

/* The exit code of a library status, and reporting a library failure. */
int cli_exit_code(cg_status st);
int cli_report_failure(const char *what, const cg_error *err);

/* The drivers. */
int cli_run_game(cli *c);
int cli_run_grundy(cli *c);
int cli_run_census(cli *c);
int cli_run_verify(cli *c);
int cli_run_misere(cli *c);
int cli_run_play(cli *c);
int cli_run_list(cli *c);
int cli_run_help(cli *c);
int cli_run_completion(cli *c);
int cli_run_gen(cli *c);
int cli_run_check(cli *c);
int cli_run_stress(cli *c);
int cli_run_validate(cli *c);

/* Exit codes of `check` beyond the common ones. */
enum { EXIT_WRONG_ANSWER = 10, EXIT_PRESENTATION_ERROR = 11 };

#endif
