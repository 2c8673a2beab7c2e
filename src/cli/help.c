/* Help, the game list, the version and shell completions, all written from
 * the same declarations the parser reads. Help lines fit 80 columns. */
#include <string.h>

#include "cli.h"

int cli_print_version(FILE *out) {
    fprintf(out,
            "cgsolve %s\n"
            "Copyright (c) the cgsolve authors. MIT License: the LICENSE file, or\n"
            "<https://opensource.org/licenses/MIT>. There is NO WARRANTY.\n",
            cg_version());
    return EXIT_OK;
}

/* "  -m, --memory=SIZE" padded to a column, then the help text and, unless
 * the text speaks of it, the declared default; a default that would pass
 * 80 columns goes on a line of its own. */
static void option_line(const cg_option_spec *spec, void *context) {
    enum { COLUMN = 24, WIDTH = 80 };
    FILE *out = context;
    char left[40];
    int n = snprintf(left, sizeof left, "  %c%c%s--%s%s%s", spec->short_name ? '-' : ' ',
                     spec->short_name ? spec->short_name : ' ', spec->short_name ? ", " : "  ",
                     spec->name, spec->arg_name != NULL ? "=" : "",
                     spec->arg_name != NULL ? spec->arg_name : "");
    n = n < COLUMN ? COLUMN : n + 1;
    fprintf(out, "%s%*s%s", left, n - (int)strlen(left), "", spec->help);
    char shown[64];
    if (strstr(spec->help, "default") == NULL && cg_option_default(spec, shown, sizeof shown)) {
        size_t used = (size_t)n + strlen(spec->help), more = strlen(" (default )") + strlen(shown);
        if (used + more > WIDTH) {
            fprintf(out, "\n%*s", COLUMN - 1, "");
        }
        fprintf(out, " (default %s)", shown);
    }
    fputc('\n', out);
}

static void examples(const char *const *lines, const char *game, FILE *out) {
    fputs("\nExamples:\n", out);
    for (size_t i = 0; lines[i] != NULL; i++) {
        fputs("  ", out);
        for (const char *p = lines[i]; *p != '\0'; p++) {
            if (game != NULL && strncmp(p, "GAME", 4) == 0) {
                fputs(game, out);
                p += 3;
            } else {
                fputc(*p, out);
            }
        }
        fputc('\n', out);
    }
}

static void print_names(FILE *out) {
    fputs("Games:", out);
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        fprintf(out, " %s%s", (*game)->name, (*game)->play != NULL ? "*" : "");
    }
    fputs(" (* also playable)\nCommands:", out);
    size_t column = strlen("Commands:");
    for (const command *cmd = cli_commands; cmd->name != NULL; cmd++) {
        if (column + 1 + strlen(cmd->name) > 80) { /* go on under the first */
            fputs("\n         ", out);
            column = strlen("Commands:");
        }
        fprintf(out, " %s", cmd->name);
        column += 1 + strlen(cmd->name);
    }
    fputc('\n', out);
}

int cli_print_general_help(FILE *out) {
    fputs("Usage: cgsolve GAME [OPTION...] [FILE...]\n"
          "       cgsolve COMMAND [ARGUMENT...]\n"
          "\n"
          "Solve two-player combinatorial games exactly. Each FILE (standard input when\n"
          "none is given) is one online judge's input; the judge's answers go to\n"
          "standard output, byte for byte. Options may come before or after GAME.\n"
          "\n"
          "Options for every game:\n",
          out);
    cli_each_option(&cli_game_command, NULL, option_line, out);
    fputs("Each game adds its own: see 'cgsolve help GAME'.\n\n", out);
    print_names(out);
    cli_print_exit_codes(out);
    examples(cli_game_command.examples, "treblecross", out);
    fputs("  cgsolve help domino\n", out);
    return EXIT_OK;
}

/* A game option's words, after the game's name: " --to-move=SIDE". */
static void game_option_usage(const cg_option_spec *spec, void *context) {
    FILE *out = context;
    fprintf(out, " [--%s%s%s]", spec->name, spec->arg != CG_ARG_NONE ? "=" : "",
            spec->arg != CG_ARG_NONE && spec->arg_name != NULL ? spec->arg_name : "");
}

/* Every playable game, grundy too, each with the options of its own. */
static void playable_games(FILE *out) {
    fputs("Playable games, each with its own options:\n", out);
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        if ((*game)->play == NULL) {
            continue;
        }
        fprintf(out, "  %s", (*game)->name);
        for (const cg_option_spec *spec = (*game)->options; spec != NULL && spec->name != NULL;
             spec++) {
            game_option_usage(spec, out);
        }
        fputc('\n', out);
    }
    fputs("  grundy CODE HEAP... (or a file that save wrote) [--misere]\n", out);
}

int cli_print_help(const cli *c, FILE *out) {
    const command *cmd = c->command;
    if (cmd == NULL) {
        return cli_print_general_help(out);
    }
    if (cmd == &cli_game_command) {
        fprintf(out, "Usage: cgsolve %s %s\n\n%s\n\n%s", c->game->name, cmd->usage,
                c->game->summary, c->game->input_help);
        if (c->game->judge_limits != NULL) { /* what gen, stress and validate keep to */
            fprintf(out, "\nJudge limits (gen and stress stay inside them):\n%s",
                    c->game->judge_limits);
        }
        fprintf(out, "\n%s", cmd->details);
    } else {
        fprintf(out, "Usage: cgsolve %s %s\n\n%s.\n", cmd->name, cmd->usage, cmd->summary);
        if (cmd->details != NULL) {
            fprintf(out, "\n%s", cmd->details);
        }
    }
    if (cmd->playable_games) {
        playable_games(out);
    }
    fputs("\nOptions:\n", out);
    cli_each_option(cmd, c->game, option_line, out);
    examples(cmd->examples, c->game != NULL ? c->game->name : "treblecross", out);
    return EXIT_OK;
}

int cli_print_list(FILE *out) {
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        fprintf(out, "%-12s %s\n", (*game)->name, (*game)->summary);
    }
    for (const command *cmd = cli_commands; cmd->name != NULL; cmd++) {
        fprintf(out, "%-12s %s\n", cmd->name, cmd->summary);
    }
    return EXIT_OK;
}

/* ---- completions --------------------------------------------------------- */

/* Write the options of a command as words: "--explain -e --format= ...". */
static void option_words(const cg_option_spec *spec, void *context) {
    FILE *out = context;
    fprintf(out, " --%s%s", spec->name, spec->arg != CG_ARG_NONE ? "=" : "");
    if (spec->short_name != 0) {
        fprintf(out, " -%c", spec->short_name);
    }
}

static void command_words(FILE *out) {
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        fprintf(out, " %s", (*game)->name);
    }
    for (const command *cmd = cli_commands; cmd->name != NULL; cmd++) {
        fprintf(out, " %s", cmd->name);
    }
}

/* The games a command names, each with its own options: " domino --optimal -o ...". */
static void game_words(const command *cmd, FILE *out) {
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        if (cmd->playable_games && (*game)->play == NULL) {
            continue;
        }
        fprintf(out, " %s", (*game)->name);
        const cg_option_spec *spec = (*game)->options;
        for (; spec != NULL && spec->name != NULL; spec++) {
            option_words(spec, out);
        }
        spec = cmd->game_gen_options ? (*game)->gen_options : NULL;
        for (; spec != NULL && spec->name != NULL; spec++) {
            option_words(spec, out);
        }
    }
    if (cmd->playable_games) {
        fputs(" grundy", out);
    }
}

/* The options of every command, one shell case a command. */
static void option_cases(FILE *out, const char *before_name, const char *after_name,
                         const char *body_end) {
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        fprintf(out, "%s%s%s", before_name, (*game)->name, after_name);
        cli_each_option(&cli_game_command, *game, option_words, out);
        fputs(body_end, out);
    }
    for (const command *cmd = cli_commands; cmd->name != NULL; cmd++) {
        fprintf(out, "%s%s%s", before_name, cmd->name, after_name);
        cli_each_option(cmd, NULL, option_words, out);
        if (cmd->takes_game) {
            game_words(cmd, out);
        }
        fputs(body_end, out);
    }
}

/* The choice options' cases, each name once (two declarations of one
 * name agree on its choices). */
typedef struct choice_cases_ctx {
    FILE *out;
    const char *seen[64];
    size_t count;
    bool fish; /* fish's form: complete -c cgsolve -l level -s p -x -a '...' */
} choice_cases_ctx;

/* A choice option's case: "    --level|-p) choices='perfect strong casual' ;;". */
static void choice_case(const cg_option_spec *spec, void *context) {
    choice_cases_ctx *ctx = context;
    if (spec->arg != CG_ARG_CHOICE || spec->choices == NULL) {
        return;
    }
    for (size_t i = 0; i < ctx->count; i++) {
        if (strcmp(ctx->seen[i], spec->name) == 0) {
            return;
        }
    }
    if (ctx->count < sizeof ctx->seen / sizeof ctx->seen[0]) {
        ctx->seen[ctx->count++] = spec->name;
    }
    if (ctx->fish) {
        fprintf(ctx->out, "complete -c cgsolve -l %s", spec->name);
        if (spec->short_name != 0) {
            fprintf(ctx->out, " -s %c", spec->short_name);
        }
        fputs(" -x -a '", ctx->out);
    } else {
        fprintf(ctx->out, "    --%s", spec->name);
        if (spec->short_name != 0) {
            fprintf(ctx->out, "|-%c", spec->short_name);
        }
        fputs(") choices='", ctx->out);
    }
    for (const char *p = spec->choices; *p != '\0'; p++) {
        fputc(*p == '|' ? ' ' : *p, ctx->out);
    }
    fputs(ctx->fish ? "'\n" : "' ;;\n", ctx->out);
}

/* Every choice option's words, for the word after it (fish: one complete
 * line per option, its words and no file names). */
static void choice_cases(FILE *out, bool fish) {
    choice_cases_ctx ctx = {out, {NULL}, 0, fish};
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        cli_each_option(&cli_game_command, *game, choice_case, &ctx);
    }
    for (const command *cmd = cli_commands; cmd->name != NULL; cmd++) {
        cli_each_option(cmd, NULL, choice_case, &ctx);
    }
}

/* The names a command's GAME may be: play's playable games and grundy. */
static void game_names(const command *cmd, FILE *out) {
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        if (!cmd->playable_games || (*game)->play != NULL) {
            fprintf(out, " %s", (*game)->name);
        }
    }
    if (cmd->playable_games) {
        fputs(" grundy", out);
    }
}

/* The case giving each command that takes a game the names of its games. */
static void game_name_cases(FILE *out) {
    for (const command *cmd = cli_commands; cmd->name != NULL; cmd++) {
        if (cmd->takes_game) {
            fprintf(out, "    %s) games='", cmd->name);
            game_names(cmd, out);
            fputs("' ;;\n", out);
        }
    }
}

static void bash_completion(FILE *out) {
    fputs("# bash completion for cgsolve, written by 'cgsolve completion bash'\n"
          "_cgsolve() {\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
          "    local command='' i at=0 words choices='' games=''\n"
          "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
          "        case ${COMP_WORDS[i]} in -*) ;; *) command=${COMP_WORDS[i]}; at=$i; break ;; "
          "esac\n"
          "    done\n"
          "    case $prev in\n",
          out);
    choice_cases(out, false);
    fputs("    esac\n"
          "    if [[ -n $choices ]]; then\n"
          "        mapfile -t COMPREPLY < <(compgen -W \"$choices\" -- \"$cur\")\n"
          "        return\n"
          "    fi\n"
          "    case $command in\n",
          out);
    game_name_cases(out);
    fputs("    esac\n"
          "    if [[ -n $games && $cur != -* ]] && ((COMP_CWORD == at + 1)); then\n"
          "        mapfile -t COMPREPLY < <(compgen -W \"$games\" -- \"$cur\")\n"
          "        return\n"
          "    fi\n"
          "    case $command in\n"
          "    '') words='",
          out);
    command_words(out);
    fputs(" --help -h --version -V' ;;\n", out);
    option_cases(out, "    ", ") words='", "' ;;\n");
    fputs("    esac\n"
          "    if [[ $cur == -* || -z $command ]]; then\n"
          "        mapfile -t COMPREPLY < <(compgen -W \"$words\" -- \"$cur\")\n"
          "    else\n"
          "        mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
          "    fi\n"
          "}\n"
          "complete -o default -F _cgsolve cgsolve\n",
          out);
}

static void zsh_completion(FILE *out) {
    fputs("#compdef cgsolve\n"
          "# zsh completion for cgsolve, written by 'cgsolve completion zsh'\n"
          "local command=${words[2]} opts\n"
          "if (( CURRENT == 2 )); then\n"
          "    compadd --",
          out);
    command_words(out);
    fputs("\n    return\nfi\nlocal choices='' games=''\ncase ${words[CURRENT-1]} in\n", out);
    choice_cases(out, false);
    fputs("esac\n"
          "if [[ -n $choices ]]; then compadd -- ${=choices}; return; fi\n"
          "case $command in\n",
          out);
    game_name_cases(out);
    fputs("esac\n"
          "if [[ -n $games && $PREFIX != -* ]] && (( CURRENT == 3 )); then\n"
          "    compadd -- ${=games}\n"
          "    return\n"
          "fi\n"
          "case $command in\n",
          out);
    option_cases(out, "    ", ") opts=(", ") ;;\n");
    fputs("esac\n"
          "if [[ $PREFIX == -* ]]; then compadd -- $opts; else _files; fi\n",
          out);
}

static void fish_completion(FILE *out) {
    fputs("# fish completion for cgsolve, written by 'cgsolve completion fish'\n"
          "complete -c cgsolve -n '__fish_use_subcommand' -f -a '",
          out);
    command_words(out);
    fputs("'\n", out);
    option_cases(out, "complete -c cgsolve -n '__fish_seen_subcommand_from ", "' -a '", "'\n");
    choice_cases(out, true);
}

int cli_print_completion(const char *shell, FILE *out) {
    if (strcmp(shell, "bash") == 0) {
        bash_completion(out);
    } else if (strcmp(shell, "zsh") == 0) {
        zsh_completion(out);
    } else if (strcmp(shell, "fish") == 0) {
        fish_completion(out);
    } else {
        return cli_usage_error("completion", "unknown shell '%s' (bash, zsh or fish)", shell);
    }
    return EXIT_OK;
}
