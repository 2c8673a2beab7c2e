#include "cgsolve/play.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- choosing the computer's move ------------------------------------- */

static cg_status listed(const cg_strlist *list, cg_status st, cg_error *err) {
    if (st == CG_OK && cg_strlist_failed(list)) {
        return cg_error_nomem(err, "listing moves");
    }
    return st;
}

typedef cg_status (*move_lister)(void *state, cg_strlist *moves, cg_error *err);

static cg_status list_moves(move_lister lister, void *state, cg_strlist *moves, cg_error *err) {
    cg_strlist_clear(moves);
    return lister == NULL ? CG_OK : listed(moves, lister(state, moves, err), err);
}

cg_status cg_play_choose(const cg_play_rules *rules, void *state, cg_buf *move, cg_outcome *value,
                         cg_strlist *scratch, cg_error *err) {
    cg_buf_clear(move);
    cg_status st = list_moves(rules->winning_moves, state, scratch, err);
    *value = CG_OUTCOME_WIN;
    if (st == CG_OK && scratch->count == 0) {
        st = list_moves(rules->drawing_moves, state, scratch, err);
        *value = CG_OUTCOME_DRAW;
    }
    if (st == CG_OK && scratch->count == 0) {
        *value = CG_OUTCOME_LOSS;
        if (rules->losing_choice != NULL) {
            return rules->losing_choice(state, move, err);
        }
        st = list_moves(rules->legal_moves, state, scratch, err);
        if (st == CG_OK && scratch->count == 0) {
            return cg_error_set(err, CG_ERR_INTERNAL, "no legal move to choose");
        }
    }
    if (st == CG_OK) {
        cg_buf_puts(move, cg_strlist_at(scratch, 0));
    }
    return st == CG_OK && cg_buf_failed(move) ? cg_error_nomem(err, "choosing a move") : st;
}

/* ---- the start -------------------------------------------------------- */

static cg_status start_from(const cg_play_rules *rules, void *state, cg_scanner *position,
                            const cg_options *options, cg_budget *budget, cg_error *err) {
    memset(state, 0, rules->state_size);
    cg_status st = rules->start(state, position, options, budget, err);
    if (st != CG_OK) {
        rules->close(state);
        memset(state, 0, rules->state_size);
    }
    return st;
}

/* Read the position file as a counted judge input: its count, then every
 * case, keeping case k set up in state; the file must end there. */
static cg_status start_counted(const cg_game *game, void *state, const cg_play_start *start,
                               const cg_options *options, cg_budget *budget, cg_error *err) {
    const cg_play_rules *rules = game->play;
    cg_scanner *in = NULL;
    void *scratch = calloc(1, rules->state_size);
    if (scratch == NULL) {
        return cg_error_nomem(err, "reading the position file");
    }
    cg_status st = cg_scanner_open_memory(&in, start->position, start->position_len,
                                          start->position_name, err);
    int64_t count = 0;
    if (st == CG_OK) {
        st = cg_scan_int(in, game->case_count, 1, INT64_MAX, &count, NULL, err);
    }
    if (st == CG_OK && options->case_number > (uint64_t)count) {
        st = cg_error_set(err, CG_ERR_USAGE, "%s holds %lld cases, not %llu", start->position_name,
                          (long long)count, (unsigned long long)options->case_number);
    }
    bool kept = false;
    for (int64_t k = 1; st == CG_OK && k <= count; k++) {
        bool wanted = (uint64_t)k == options->case_number;
        st = start_from(rules, wanted ? state : scratch, in, options, budget, err);
        kept |= wanted && st == CG_OK;
        if (st == CG_OK && !wanted) {
            rules->close(scratch);
        }
    }
    bool at_end = true;
    if (st == CG_OK && (st = cg_scan_at_end(in, &at_end, err)) == CG_OK && !at_end) {
        st = cg_error_set(err, CG_ERR_INPUT, "%s: more than %lld cases", start->position_name,
                          (long long)count);
    }
    if (st != CG_OK && kept) {
        rules->close(state);
        memset(state, 0, rules->state_size);
    }
    cg_scanner_close(in);
    free(scratch);
    return st;
}

/* Cases one after another, without a count (inputs ended by a 0 line, or a
 * bare case): keep case k. */
static cg_status start_uncounted(const cg_game *game, void *state, const cg_play_start *start,
                                 const cg_options *options, cg_budget *budget, cg_error *err) {
    const cg_play_rules *rules = game->play;
    cg_scanner *in = NULL;
    cg_status st = cg_scanner_open_memory(&in, start->position, start->position_len,
                                          start->position_name, err);
    for (uint64_t k = 1; st == CG_OK && k <= options->case_number; k++) {
        if (k > 1) {
            rules->close(state);
        }
        st = start_from(rules, state, in, options, budget, err);
    }
    cg_scanner_close(in);
    return st;
}

cg_status cg_play_open(const cg_game *game, void *state, const cg_play_start *start,
                       const cg_options *options, cg_budget *budget, cg_error *err) {
    const cg_play_rules *rules = game->play;
    if (options->random_start) {
        if (rules->start_random == NULL) {
            return cg_error_set(err, CG_ERR_USAGE, "%s has no random start", game->name);
        }
        memset(state, 0, rules->state_size);
        cg_status st = rules->start_random(state, options->seed, options, budget, err);
        if (st != CG_OK) {
            rules->close(state);
        }
        return st;
    }
    if (start == NULL || start->position == NULL) {
        return start_from(rules, state, NULL, options, budget, err);
    }
    if (game->case_count == NULL) {
        return start_uncounted(game, state, start, options, budget, err);
    }
    cg_error counted_err;
    cg_status st = start_counted(game, state, start, options, budget, &counted_err);
    if (st == CG_OK || options->case_number > 1) {
        if (st != CG_OK && err != NULL) {
            *err = counted_err;
        }
        return st;
    }
    return start_uncounted(game, state, start, options, budget, err);
}

/* ---- the conversation --------------------------------------------------- */

typedef struct conversation {
    const cg_game *game;
    const cg_play_rules *rules;
    void *state;
    const cg_play_start *start;
    const cg_options *options;
    cg_budget budget;
    bool json;
    bool echo;
    FILE *out;
    cg_buf text;
    cg_strlist scratch;
    cg_strlist history; /* every move made, both players' */
    bool human_first;
} conversation;

static bool human_to_move(const conversation *c) {
    return (c->history.count % 2 == 0) == c->human_first;
}

static cg_status flush(conversation *c, cg_error *err) {
    if (cg_buf_failed(&c->text)) {
        return cg_error_nomem(err, "writing the game");
    }
    bool ok = fwrite(c->text.data, 1, c->text.len, c->out) == c->text.len && fflush(c->out) == 0;
    cg_buf_clear(&c->text);
    return ok ? CG_OK
              : cg_error_set(err, CG_ERR_IO, "write error on the output: %s", strerror(errno));
}

/* A JSON event: the report's root object, with "event" and "game" first. */
static void event_open(conversation *c, cg_report *event, const char *name) {
    cg_report_init(event);
    cg_report_string(event, "schema", CG_JSON_SCHEMA_VERSION);
    cg_report_string(event, "game", c->game->name);
    cg_report_string(event, "event", name);
}

static void event_close(conversation *c, cg_report *event) {
    if (cg_report_failed(event)) {
        cg_buf_fail(&c->text);
    }
    cg_report_render_json(event, &c->text);
    cg_buf_putc(&c->text, '\n');
    cg_report_free(event);
}

static void event_list(cg_report *event, const char *key, const cg_strlist *list) {
    cg_report_open_list(event, key);
    for (size_t i = 0; i < list->count; i++) {
        cg_report_string(event, NULL, cg_strlist_at(list, i));
    }
    cg_report_close(event);
}

static const char *who(bool human) {
    return human ? "you" : "computer";
}

static void say_start(conversation *c) {
    if (c->json) {
        cg_report event;
        event_open(c, &event, "start");
        cg_report_string(&event, "rules", c->rules->intro != NULL ? c->rules->intro : "");
        cg_report_string(&event, "first", who(c->human_first));
        event_close(c, &event);
    } else {
        cg_buf_printf(&c->text, "%s%s move first. Type 'help' for the commands.\n",
                      c->rules->intro != NULL ? c->rules->intro : "", c->human_first ? "You" : "I");
    }
}

static void say_position(conversation *c, const cg_strlist *legal) {
    cg_buf board = CG_BUF_INIT;
    c->rules->show(c->state, &board);
    if (c->json) {
        cg_report event;
        event_open(c, &event, "position");
        cg_report_string(&event, "to_move", who(human_to_move(c)));
        event_list(&event, "legal_moves", legal);
        cg_report_text_buf(&event, "board", &board);
        event_close(c, &event);
    } else {
        cg_buf_append(&c->text, board.data != NULL ? board.data : "", board.len);
        if (cg_buf_failed(&board)) {
            cg_buf_fail(&c->text);
        }
    }
    cg_buf_free(&board);
}

static void say_move(conversation *c, bool human, const char *move, const char *why) {
    if (c->json) {
        cg_report event;
        event_open(c, &event, "move");
        cg_report_string(&event, "by", who(human));
        cg_report_string(&event, "move", move);
        cg_report_string(&event, "why", why);
        event_close(c, &event);
    } else {
        const char *word = c->rules->move_word;
        cg_buf_printf(&c->text, "%s play %s%s%s", human ? "You" : "I", word, *word ? " " : "",
                      move);
        cg_buf_printf(&c->text, human ? ".\n" : " (%s).\n", why);
    }
}

static void say_error(conversation *c, const char *input, const char *message) {
    if (c->json) {
        cg_report event;
        event_open(c, &event, "error");
        cg_report_string(&event, "input", input);
        cg_report_string(&event, "message", message);
        event_close(c, &event);
    } else {
        cg_buf_printf(&c->text, "Not a legal move: %s\n", message);
    }
}

static void say_over(conversation *c, const char *winner) {
    if (c->json) {
        cg_report event;
        event_open(c, &event, "over");
        cg_report_string(&event, "winner", winner);
        event_close(c, &event);
    } else if (strcmp(winner, "nobody") == 0) {
        cg_buf_puts(&c->text, "Game over: nobody wins.\n");
    } else {
        cg_buf_puts(&c->text, strcmp(winner, "computer") == 0
                                  ? "Game over: I win.\n"
                                  : "Game over: you win. Well played!\n");
    }
}

static void say_list(conversation *c, const char *label, const cg_strlist *list) {
    cg_buf_puts(&c->text, label);
    for (size_t i = 0; i < list->count; i++) {
        cg_buf_printf(&c->text, " %s", cg_strlist_at(list, i));
    }
    cg_buf_putc(&c->text, '\n');
}

static cg_status hint(conversation *c, cg_error *err) {
    cg_strlist drawing = CG_STRLIST_INIT;
    cg_status st = list_moves(c->rules->winning_moves, c->state, &c->scratch, err);
    if (st == CG_OK) {
        st = list_moves(c->rules->drawing_moves, c->state, &drawing, err);
    }
    if (st == CG_OK && c->json) {
        cg_report event;
        event_open(c, &event, "hint");
        event_list(&event, "winning_moves", &c->scratch);
        event_list(&event, "drawing_moves", &drawing);
        event_close(c, &event);
    } else if (st == CG_OK) {
        if (c->scratch.count > 0) {
            say_list(c, "Winning moves:", &c->scratch);
        } else {
            cg_buf_puts(&c->text, "No move wins against perfect play.\n");
        }
        if (c->scratch.count == 0 && drawing.count > 0) {
            say_list(c, "Moves that hold a draw:", &drawing);
        }
    }
    cg_strlist_free(&drawing);
    return st;
}

static void help(conversation *c) {
    if (c->json) {
        cg_report event;
        event_open(c, &event, "help");
        cg_report_string(&event, "move", c->rules->move_help);
        cg_report_string(&event, "commands", "hint undo help quit");
        event_close(c, &event);
        return;
    }
    cg_buf_printf(&c->text,
                  "Type %s to play it, or:\n"
                  "  hint  the moves that win against perfect play\n"
                  "  undo  take back your last move (and my answer)\n"
                  "  help  this text\n"
                  "  quit  stop the game\n",
                  c->rules->move_help);
}

/* Set the state up again and replay the first `keep` moves of the history. */
static cg_status replay(conversation *c, size_t keep, cg_error *err) {
    c->rules->close(c->state);
    cg_status st = cg_play_open(c->game, c->state, c->start, c->options, &c->budget, err);
    for (size_t i = 0; st == CG_OK && i < keep; i++) {
        st = c->rules->play(c->state, cg_strlist_at(&c->history, i), err);
    }
    if (st != CG_OK) {
        return st;
    }
    /* Drop the undone moves: rebuild the history from its first keep. */
    cg_strlist kept = CG_STRLIST_INIT;
    for (size_t i = 0; i < keep; i++) {
        cg_strlist_addf(&kept, "%s", cg_strlist_at(&c->history, i));
    }
    cg_strlist_free(&c->history);
    c->history = kept;
    return listed(&c->history, CG_OK, err);
}

static cg_status undo(conversation *c, cg_error *err) {
    /* Back to before the human's last move: one move, or two when the
     * computer has answered it. */
    size_t back = human_to_move(c) ? 2 : 1;
    if (c->history.count < back || (back == 2 && c->history.count == 1)) {
        say_error(c, "undo", "there is no move of yours to take back");
        return CG_OK;
    }
    cg_status st = replay(c, c->history.count - back, err);
    if (st == CG_OK && c->json) {
        cg_report event;
        event_open(c, &event, "undo");
        cg_report_int(&event, "moves_taken_back", (int64_t)back);
        event_close(c, &event);
    } else if (st == CG_OK) {
        cg_buf_printf(&c->text, "Taken back: %zu move%s.\n", back, back == 1 ? "" : "s");
    }
    return st;
}

static cg_status make_move(conversation *c, const char *move, cg_error *err) {
    cg_status st = c->rules->play(c->state, move, err);
    if (st == CG_OK) {
        cg_strlist_addf(&c->history, "%s", move);
        st = listed(&c->history, CG_OK, err);
    }
    return st;
}

/* The human's turn: CG_OK once a move is made (or undone), CG_END to stop. */
static cg_status human_turn(conversation *c, cg_scanner *commands, cg_error *err) {
    for (;;) {
        if (!c->json) {
            cg_buf_printf(&c->text,
                          "Your move (%s; hint, undo, help, quit): ", c->rules->move_help);
        }
        cg_status st = flush(c, err);
        bool at_end = false;
        if (st == CG_OK) {
            st = cg_scan_at_end(commands, &at_end, err);
        }
        if (st != CG_OK) {
            return st;
        }
        cg_token command;
        if (!at_end && (st = cg_scan_token(commands, "a move", &command, err)) == CG_OK &&
            c->echo && !c->json) {
            cg_buf_printf(&c->text, "%s\n", command.text);
        }
        if (at_end || st != CG_OK || strcmp(command.text, "quit") == 0) {
            if (c->json) {
                cg_report event;
                event_open(c, &event, "abandoned");
                event_close(c, &event);
            } else {
                cg_buf_puts(&c->text,
                            c->echo && at_end ? "\nGame abandoned.\n" : "Game abandoned.\n");
            }
            return st != CG_OK ? st : CG_END;
        }
        if (strcmp(command.text, "hint") == 0) {
            st = hint(c, err);
        } else if (strcmp(command.text, "help") == 0) {
            help(c);
        } else if (strcmp(command.text, "undo") == 0) {
            return undo(c, err);
        } else {
            cg_error why;
            cg_error_clear(&why);
            st = make_move(c, command.text, &why);
            if (st == CG_OK) {
                say_move(c, true, command.text, "");
                return CG_OK;
            }
            if (st != CG_ERR_INPUT) {
                *err = why;
                return st;
            }
            say_error(c, command.text, why.message);
            st = CG_OK;
        }
        if (st != CG_OK) {
            return st;
        }
    }
}

/* The computer's turn: choose, play and say why. */
static cg_status computer_turn(conversation *c, cg_error *err) {
    cg_buf move = CG_BUF_INIT;
    cg_outcome value;
    cg_status st = cg_play_choose(c->rules, c->state, &move, &value, &c->scratch, err);
    if (st == CG_OK) {
        st = make_move(c, move.data, err);
    }
    if (st == CG_OK) {
        st = list_moves(c->rules->legal_moves, c->state, &c->scratch, err);
    }
    if (st == CG_OK) {
        const char *why = value == CG_OUTCOME_DRAW   ? "no move wins; this one holds a draw"
                          : value == CG_OUTCOME_LOSS ? "no move wins against perfect play"
                          : c->scratch.count == 0    ? "and that wins"
                                                     : "it leaves you a losing position";
        say_move(c, false, move.data, why);
    }
    cg_buf_free(&move);
    return st;
}

/* The game ended: who won. */
static const char *winner(conversation *c) {
    if (c->rules->end != NULL && c->rules->end(c->state) == CG_PLAY_NOBODY_WON) {
        return "nobody";
    }
    return human_to_move(c) ? "computer" : "you"; /* the last mover won */
}

cg_status cg_play(const cg_game *game, const cg_play_start *start, cg_scanner *commands,
                  const cg_options *options, bool echo, FILE *out, cg_error *err) {
    if (game->play == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "%s cannot be played", game->name);
    }
    conversation c;
    memset(&c, 0, sizeof c);
    c.game = game;
    c.rules = game->play;
    c.start = start;
    c.options = options;
    c.budget = cg_budget_make(options->memory_limit);
    c.json = options->output == CG_OUTPUT_JSON;
    c.echo = echo;
    c.out = out;
    c.human_first = !options->computer_first;
    c.state = calloc(1, c.rules->state_size);
    if (c.state == NULL) {
        return cg_error_nomem(err, "starting the game");
    }
    cg_status st = cg_play_open(game, c.state, start, options, &c.budget, err);
    if (st != CG_OK) {
        free(c.state);
        return st;
    }
    say_start(&c);
    while (st == CG_OK) {
        st = list_moves(c.rules->legal_moves, c.state, &c.scratch, err);
        if (st != CG_OK) {
            break;
        }
        say_position(&c, &c.scratch);
        if (c.scratch.count == 0) {
            say_over(&c, winner(&c));
            st = flush(&c, err);
            break;
        }
        st = human_to_move(&c) ? human_turn(&c, commands, err) : computer_turn(&c, err);
        if (st == CG_OK) {
            st = flush(&c, err);
        }
    }
    if (st == CG_END) {
        st = flush(&c, err);
    }
    cg_strlist_free(&c.history);
    cg_strlist_free(&c.scratch);
    cg_buf_free(&c.text);
    c.rules->close(c.state);
    free(c.state);
    return st;
}
