/* The subcommands and the options each accepts. Option declarations live
 * with their owners (cg_common_options, each game's table, grundy's, play's);
 * this file only says which apply where. */
#include <string.h>

#include "cli.h"
#include "package.h"

const cg_option_spec cli_options[] = {
    {.name = "help",
     .short_name = 'h',
     .arg = CG_ARG_NONE,
     .help = "show this help and exit",
     CG_OPTION_STORED_IN(cli, help)},
    {.name = "version",
     .short_name = 'V',
     .arg = CG_ARG_NONE,
     .help = "show the version and licence and exit",
     CG_OPTION_STORED_IN(cli, version)},
    {.name = NULL},
};

static const char *const game_examples[] = {
    "cgsolve GAME < examples/GAME.in",
    "cgsolve GAME --explain examples/GAME.in",
    "cgsolve --json GAME examples/GAME.in more.in",
    NULL,
};

const command cli_game_command = {
    .name = "GAME",
    .usage = "[OPTION...] [FILE...]",
    .summary = "solve every case of each judge input FILE (standard input without one)",
    .details = "Each FILE is one complete judge input; '-' is standard input. Answers are\n"
               "written as each case is solved. A missing or bad file is reported and the\n"
               "next one still runs; the exit status is the worst seen.\n",
    .common = CLI_ALL_COMMON,
    .options_of = NULL,
    .takes_game = false,
    .game_options = true,
    .examples = game_examples,
    .run = cli_run_game,
};

/* grundy's old spellings of census and verify, read for one more release
 * (cli_parse turns `grundy --census` into `census`, and so on; --misere is
 * play's option too). They appear in no help and no completion. */
const cg_option_spec cli_old_options[] = {
    {.name = "census", .arg = CG_ARG_NONE, CG_OPTION_FIELD(census)},
    {.name = "verify", .arg = CG_ARG_TEXT, .arg_name = "FILE", CG_OPTION_FIELD(verify)},
    {.name = NULL},
};

const cli_old_spelling cli_old_spellings[] = {
    {.option = "census", .command = "census"},
    {.option = "verify", .command = "verify"},
    {.option = "misere", .command = "misere"},
    {.option = NULL, .command = NULL},
};

static const char *const grundy_examples[] = {
    "cgsolve grundy 0.007 --upto 50",
    "cgsolve grundy 0.77 --upto 200 --explain | tail -8",
    "cgsolve grundy 4.07 --json",
    NULL,
};

static const char *const census_examples[] = {
    "cgsolve census '0.?\?' --upto 5000",
    "cgsolve census '0.??\?' --upto 100000 --shard 1/4 > shard1.jsonl",
    "cgsolve census '0.??\?' --checkpoint census.jsonl --markdown census.md",
    NULL,
};

static const char *const verify_examples[] = {
    "cgsolve grundy 0.07 --upto 5000 --certificate dawson.cert",
    "cgsolve verify dawson.cert",
    NULL,
};

static const char *const misere_examples[] = {
    "cgsolve misere 0.77 --upto 12",
    "cgsolve misere 0.77 --sum 5 7 9",
    "cgsolve misere 0.75 --quotient 6",
    NULL,
};

static const char *const play_examples[] = {
    "cgsolve play treblecross",
    "cgsolve play numbergame --max 12 --first computer",
    "cgsolve play treblecross board.txt",
    NULL,
};

static const char *const list_examples[] = {"cgsolve list", NULL};
static const char *const help_examples[] = {"cgsolve help", "cgsolve help domino", NULL};
static const char *const completion_examples[] = {
    "source <(cgsolve completion bash)",
    "cgsolve completion fish > ~/.config/fish/completions/cgsolve.fish",
    NULL,
};

static const char *const gen_examples[] = {
    "cgsolve gen gamecs --cases 5 --nodes 1000 --shape chain --seed 7",
    "cgsolve gen domino --hard --tiles 10 > hard.in",
    "cgsolve gen treblecross --edge",
    "cgsolve gen domino --plan plan.txt --out tests",
    NULL,
};
static const char *const check_examples[] = {
    "cgsolve check treblecross tests.in my-output.txt",
    "./my-solution < tests.in | cgsolve check treblecross tests.in -",
    "cgsolve check --checker kattis treblecross tests.in tests.ans feedback < out",
    NULL,
};
static const char *const validate_examples[] = {
    "cgsolve validate path tests.in",
    "cgsolve gen gamecs --hard | cgsolve validate gamecs",
    "cgsolve validate --validator kattis path < tests.in",
    NULL,
};

static const char *const package_examples[] = {
    "cgsolve package treblecross treblecross",
    "cgsolve package gamecs gamecs-polygon --system polygon --time-limit 1",
    "cgsolve package path path --system domjudge --plan my-plan.txt",
    NULL,
};

static const char *const stress_examples[] = {
    "cgsolve stress domino --tiles 4 -- ./my-solution",
    "cgsolve stress gamecs --hard --seconds 60 --save small.in -- python3 sol.py",
    "cgsolve stress path -j 2 --seconds 60 -- ./my-solution",
    NULL,
};

const command cli_commands[] = {
    {.name = "grundy",
     .usage = "CODE [--upto N] [OPTION...]",
     .summary = "the Grundy sequence G(0..N) of an octal game, e.g. 0.007, 0.77 or 4.07",
     .details = "CODE is d0.d1d2... with each digit 0-7, or 8-f to leave three heaps too\n"
                "(d0 is 0, 4, 8 or c; '!' after a digit that splits: unequal heaps only):\n"
                "0.007 Treblecross, 0.77 Kayles, 0.07 Dawson's Kayles, 4 (or 4.0) splitting\n"
                "a heap in two, 4!.0 Grundy's game. The values are printed one a line;\n"
                "explanations add the proven period, the largest value and a checksum.\n"
                "Many codes at once: 'cgsolve census'; a certificate checked: 'cgsolve\n"
                "verify'; misère play: 'cgsolve misere'.\n",
     .common = CLI_OUTPUT_OPTIONS "|memory",
     .options_of = "grundy",
     .examples = grundy_examples,
     .run = cli_run_grundy},
    {.name = "census",
     .usage = "CODE-OR-PATTERN... [--upto N] [OPTION...]",
     .summary = "many octal games, each to a proven period: one JSON line a code",
     .details = "A '?' before the point stands for 0 or 4, after it for any digit 0-7, and\n"
                "for 1-7 as the last character: 0.??? is every code of three digits. Each\n"
                "line starts with the code's index in that list, so shards (--shard K/N)\n"
                "sorted by index (sort -t: -k2,2n -s) are byte for byte the one run. The\n"
                "checkpoint keeps the lines done (a cut last line is dropped) and resumes.\n",
     .common = "memory",
     .options_of = "census",
     .examples = census_examples,
     .run = cli_run_census},
    {.name = "verify",
     .usage = "CERTIFICATE [OPTION...]",
     .summary = "check the certificate of an octal game's period by the definition",
     .details = "The certificate is what 'cgsolve grundy CODE --certificate FILE' wrote; its\n"
                "values are recomputed from nothing, so the check trusts no part of the run\n"
                "that proved the period. Exit status: 0 verified, 1 the period does not hold.\n",
     .common = CLI_OUTPUT_OPTIONS "|memory",
     .options_of = "verify",
     .examples = verify_examples,
     .run = cli_run_verify},
    {.name = "misere",
     .usage = "CODE [--upto N | --sum HEAP... | --quotient N] [OPTION...]",
     .summary = "misère play of an octal game: values, genus, sums and quotients",
     .details = "Misère play: whoever moves last loses. One line a heap: its misère value,\n"
                "its genus and whether it is tame; --sum HEAP... the outcome of a sum (P or\n"
                "N) and its winning moves; --quotient N the misère quotient of heaps up to N.\n"
                "A sum nothing settles within --positions is an error, never a guess.\n",
     .common = CLI_OUTPUT_OPTIONS "|memory",
     .options_of = "misere",
     .examples = misere_examples,
     .run = cli_run_misere},
    {.name = "play",
     .usage = "GAME [--first WHO] [OPTION...] [POSITION-FILE]",
     .summary = "play a game against a perfect opponent",
     .details = "The start is read from POSITION-FILE in the judge's format for one case,\n"
                "else the game's usual start. Type a move per line; 'values' shows what every\n"
                "move is worth, 'hint' the best ones, 'help' the other commands, 'quit' stops.\n",
     .common = "memory|json|color",
     .options_of = "play",
     .takes_game = true,
     .game_options = true,
     .examples = play_examples,
     .run = cli_run_play,
     .playable_games = true},
    {.name = "gen",
     .usage = "GAME [OPTION...]",
     .summary = "write a random judge input for GAME",
     .details = "The same seed gives the same bytes on every machine. --hard draws cases that\n"
                "break common wrong solutions, --edge the boundary cases.\n",
     .common = "memory",
     .options_of = "gen",
     .takes_game = true,
     .game_options = true,
     .game_gen_options = true,
     .examples = gen_examples,
     .run = cli_run_gen},
    {.name = "check",
     .usage = "GAME INPUT OUTPUT [--json]",
     .summary = "judge OUTPUT as the answer to the judge input INPUT",
     .details = "The first line is the verdict: accepted, wrong answer: case K, or presentation\n"
                "error (the same tokens, other white space) naming the place; then the expected\n"
                "and the given answer and why the expected one holds. '-' reads standard input.\n"
                "Exit status: 0 accepted, 10 wrong answer, 11 presentation error, 1 a bad INPUT.\n"
                "As a judge system's checker: INPUT OUTPUT ANSWER [RESULT_FILE [-appes]]\n"
                "(testlib: exit 0 OK, 1 wrong answer, 2 presentation error, 3 fail, the verdict\n"
                "on stderr and in RESULT_FILE, testlib's XML with -appes; --testset and --group\n"
                "ignored), or --checker kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT (Kattis,\n"
                "DOMjudge: exit 42 accepted, 43 wrong, FEEDBACK_DIR/judgemessage.txt). The\n"
                "jury's ANSWER must be right.\n",
     .common = "memory|json",
     .options_of = "check",
     .takes_game = true,
     .game_options = true,
     .examples = check_examples,
     .run = cli_run_check},
    {.name = "stress",
     .usage = "GAME [OPTION...] -- COMMAND [ARGUMENT...]",
     .summary = "run a program on generated inputs until it fails, then shrink the input",
     .details = "COMMAND runs directly (no shell) on one input after another (seeds S, S+1...)\n"
                "until it answers wrong, crashes or runs out of time; the failing input is then\n"
                "shrunk to a smallest one that still fails the same way. Exit status: 0 when\n"
                "nothing failed, 1 when a failure was found.\n",
     .common = "memory",
     .options_of = "stress",
     .takes_game = true,
     .game_options = true,
     .game_gen_options = true,
     .examples = stress_examples,
     .run = cli_run_stress},
    {.name = "package",
     .usage = "GAME DIR [--system SYSTEM] [--plan FILE] [OPTION...]",
     .summary = "write a problem package for a judge system: samples, tests, checker",
     .details = "DIR gets the statement's samples, the tests of a plan (the game's own, or\n"
                "--plan FILE: one line of gen options a test) with cgsolve's answers, an input\n"
                "validator and an output checker in the system's calling convention (scripts\n"
                "that call cgsolve, which must be installed on the judge), the limits and the\n"
                "metadata: problem.yaml for Kattis (the default) and DOMjudge (with\n"
                "domjudge-problem.ini), problem.xml for Polygon. SYSTEM: kattis, domjudge\n"
                "or polygon. The same options make the same bytes.\n",
     .common = "memory",
     .options_of = "package",
     .takes_game = true,
     .examples = package_examples,
     .run = cli_run_package},
    {.name = "validate",
     .usage = "GAME [FILE] [--json]",
     .summary = "check a judge input strictly against the problem's layout and limits",
     .details = "Reads FILE (or standard input) as the judge would give it: the stated ranges\n"
                "and counts, single spaces, the line structure of the statement, a final line\n"
                "end. The first violation is named by line and column. Exit status: 0 valid,\n"
                "1 not (see 'cgsolve help GAME' for the limits). As a judge's input validator,\n"
                "the input on stdin: --validator testlib (exit 0 valid, 3 not; --testset,\n"
                "--group and --testOverviewLogFileName FILE accepted) or --validator kattis\n"
                "(Kattis, DOMjudge: exit 42 valid, 43 not).\n",
     .common = "memory|json",
     .options_of = "validate",
     .takes_game = true,
     .examples = validate_examples,
     .run = cli_run_validate},
    {.name = "list",
     .usage = "",
     .summary = "name every game with a line about it",
     .common = "",
     .examples = list_examples,
     .run = cli_run_list},
    {.name = "help",
     .usage = "[COMMAND]",
     .summary = "show the help of cgsolve or of one command",
     .common = "",
     .examples = help_examples,
     .run = cli_run_help,
     .shows_help = true},
    {.name = "completion",
     .usage = "bash|zsh|fish",
     .summary = "write a shell completion script",
     .common = "",
     .examples = completion_examples,
     .run = cli_run_completion},
    {.name = NULL},
};

const command *cli_find_command(const char *name) {
    for (const command *cmd = cli_commands; cmd->name != NULL; cmd++) {
        if (strcmp(cmd->name, name) == 0) {
            return cmd;
        }
    }
    return NULL;
}

static void each_in(const cg_option_spec *specs, void (*fn)(const cg_option_spec *, void *),
                    void *context) {
    for (const cg_option_spec *spec = specs; spec != NULL && spec->name != NULL; spec++) {
        fn(spec, context);
    }
}

/* fn on each option of cmd's own tables: the framework's list of them. */
static void each_own(const command *cmd, void (*fn)(const cg_option_spec *spec, void *context),
                     void *context) {
    const cg_command_options *own = cg_command_options_find(cmd->options_of);
    for (size_t t = 0; own != NULL && t < CG_COMMAND_TABLES; t++) {
        each_in(own->tables[t], fn, context);
    }
}

void cli_each_option(const command *cmd, const cg_game *game,
                     void (*fn)(const cg_option_spec *spec, void *context), void *context) {
    for (const cg_option_spec *spec = cg_common_options; spec->name != NULL; spec++) {
        if (cg_option_choice(cmd->common, spec->name) >= 0) {
            fn(spec, context);
        }
    }
    each_own(cmd, fn, context);
    if (cmd->game_options && game != NULL) {
        each_in(game->options, fn, context);
    }
    if (cmd->game_gen_options && game != NULL && game->gen_options != game->options) {
        each_in(game->gen_options, fn, context);
    }
    each_in(cli_options, fn, context);
}

void cli_each_known_option(void (*fn)(const cg_option_spec *spec, void *context), void *context) {
    each_in(cg_common_options, fn, context);
    for (const command *cmd = cli_commands; cmd->name != NULL; cmd++) {
        each_own(cmd, fn, context);
    }
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        each_in((*game)->options, fn, context);
        each_in((*game)->gen_options, fn, context);
    }
    each_in(cli_options, fn, context);
}
