/* The conversation of `cgsolve play`: the human's commands (a move, hint,
 * values, history, undo, new, save, level, help, quit), the computer's
 * answers and reasons, as text folded to the terminal's width or as JSON
 * events (docs/json.md). No game is named here: each one's cg_play_rules
 * says what a position is. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "framework/play_conversation_internal.h"

/* ---- the conversation --------------------------------------------------- */

static bool human_to_move(const conversation *c) {
    return (c->history.count % 2 == 0) == c->human_first;
}

static cg_status flush(conversation *c, cg_error *err) {
    if (cg_buf_failed(&c->text)) {
        cg_buf_clear(&c->text);
        return cg_error_nomem(err, "writing the game");
    }
    cg_buf folded = CG_BUF_INIT;
    const cg_buf *shown = &c->text;
    if (!c->json) {
        cg_play_fold(&c->text, c->columns, &folded);
        if (cg_buf_failed(&folded)) {
            cg_buf_free(&folded);
            cg_buf_clear(&c->text);
            return cg_error_nomem(err, "writing the game");
        }
        shown = &folded;
    }
    bool ok = (shown->len == 0 || fwrite(shown->data, 1, shown->len, c->out) == shown->len) &&
              fflush(c->out) == 0;
    cg_buf_free(&folded);
    cg_buf_clear(&c->text);
    return ok ? CG_OK : cg_error_output(err);
}

/* A JSON event: the report's root object, with "event" and "game" first. */
void cg_conv_event_open(conversation *c, cg_report *event, const char *name) {
    cg_report_init(event);
    cg_report_string(event, "schema", CG_JSON_SCHEMA_VERSION);
    cg_report_string(event, "game", c->game->name);
    cg_report_string(event, "event", name);
}

/* A failed report is never rendered: the text fails instead, and the next
 * flush says what ran out. */
void cg_conv_event_close(conversation *c, cg_report *event) {
    if (cg_report_failed(event)) {
        cg_buf_fail(&c->text);
    } else {
        cg_report_render_json(event, &c->text);
        cg_buf_putc(&c->text, '\n');
    }
    cg_report_free(event);
}

void cg_conv_event_list(cg_report *event, const char *key, const cg_strlist *list) {
    if (cg_strlist_failed(list)) {
        event->failed = true; /* its strings may not be there */
        return;
    }
    cg_report_open_list(event, key);
    for (size_t i = 0; i < list->count; i++) {
        cg_report_string(event, NULL, cg_strlist_at(list, i));
    }
    cg_report_close(event);
}

const char *cg_conv_who(bool human) {
    return human ? "you" : "computer";
}

const char *cg_conv_outcome_name(cg_outcome outcome) {
    return outcome == CG_OUTCOME_WIN ? "win" : outcome == CG_OUTCOME_DRAW ? "draw" : "loss";
}

/* ---- the events --------------------------------------------------------- */

/* The end rule, in the events of a misère game only ("play":"misere"). */
static void say_end_rule(conversation *c, cg_report *event) {
    if (c->misere) {
        cg_report_string(event, "play", "misere");
    }
}

static void say_start(conversation *c) {
    const char *intro = c->misere ? c->rules->misere_intro : c->rules->intro;
    if (c->json) {
        cg_report event;
        cg_conv_event_open(c, &event, "start");
        cg_report_string(&event, "rules", intro != NULL ? intro : "");
        cg_report_string(&event, "first", cg_conv_who(c->human_first));
        say_end_rule(c, &event);
        cg_conv_event_close(c, &event);
    } else {
        cg_buf_printf(&c->text, "%s%s%s move first. Type 'help' for the commands.\n",
                      c->misere ? "Misère play: whoever cannot move WINS.\n" : "",
                      intro != NULL ? intro : "", c->human_first ? "You" : "I");
    }
}

static void describe(conversation *c, cg_report *event) {
    cg_report_open_object(event, "state");
    cg_report_string(event, "kind", c->game->name);
    say_end_rule(c, event);
    if (c->rules->describe != NULL) {
        c->rules->describe(c->state, event);
    }
    cg_report_close(event);
}

static void show(conversation *c, cg_buf *board) {
    c->rules->show(c->state, c->json ? 0 : c->columns, board);
}

static cg_status say_position(conversation *c, cg_error *err) {
    cg_buf board = CG_BUF_INIT;
    show(c, &board);
    cg_status st = CG_OK;
    if (c->json) {
        st = cg_conv_need_values(c, err);
        if (st == CG_OK) {
            cg_report event;
            cg_conv_event_open(c, &event, "position");
            cg_report_string(&event, "to_move", cg_conv_who(human_to_move(c)));
            cg_conv_event_list(&event, "legal_moves", &c->values.names);
            cg_report_text_buf(&event, "board", &board);
            describe(c, &event);
            cg_conv_report_move_values(&event, &c->values);
            cg_conv_event_close(c, &event);
        }
    } else {
        cg_buf_append(&c->text, board.data != NULL ? board.data : "", board.len);
    }
    if (cg_buf_failed(&board)) {
        cg_buf_fail(&c->text);
    }
    cg_buf_free(&board);
    return st;
}

static void say_move(conversation *c, bool human, const char *move, const char *why) {
    if (c->json) {
        cg_report event;
        cg_conv_event_open(c, &event, "move");
        cg_report_string(&event, "by", cg_conv_who(human));
        cg_report_string(&event, "move", move);
        cg_report_string(&event, "why", why);
        cg_conv_event_close(c, &event);
    } else {
        const char *word = c->rules->move_word;
        if (strcmp(move, "pass") == 0) {
            cg_buf_puts(&c->text, human ? "You pass" : "I pass"); /* domino's pass is no tile */
        } else {
            cg_buf_printf(&c->text, "%s play %s%s%s", human ? "You" : "I", word, *word ? " " : "",
                          move);
        }
        cg_buf_printf(&c->text, human ? ".\n" : " (%s).\n", why);
    }
}

static void say_error(conversation *c, const char *input, const char *message) {
    if (c->json) {
        cg_report event;
        cg_conv_event_open(c, &event, "error");
        cg_report_string(&event, "input", input);
        cg_report_string(&event, "message", message);
        cg_conv_event_close(c, &event);
    } else {
        cg_buf_printf(&c->text, "Not a legal move: %s\n", message);
    }
}

/* A command that could not be done: the command named, not a move. */
void cg_conv_say_command_error(conversation *c, const char *name, const char *message) {
    if (c->json) {
        say_error(c, name, message);
    } else {
        cg_buf_printf(&c->text, "%s: %s\n", name, message);
    }
}

static const char *const command_list = "hint (h), values (v), history, undo (u), new, save FILE, "
                                        "level L, help (?), quit (q)";

/* A word that is neither a move nor a command. */
static void say_unknown_command(conversation *c, const char *input) {
    if (c->json) {
        cg_buf message = CG_BUF_INIT;
        cg_buf_printf(&message, "unknown command '%s'; commands: %s", input, command_list);
        say_error(c, input, cg_buf_failed(&message) ? "unknown command" : message.data);
        cg_buf_free(&message);
    } else {
        cg_buf_printf(&c->text, "Unknown command '%s'; commands: %s.\n", input, command_list);
    }
}

static void say_notice(conversation *c, const char *input, const char *message) {
    if (c->json) {
        say_error(c, input, message);
    } else {
        cg_buf_printf(&c->text, "%s\n", message);
    }
}

static void say_over(conversation *c, const char *winner) {
    if (c->json) {
        cg_buf board = CG_BUF_INIT;
        show(c, &board);
        cg_report event;
        cg_conv_event_open(c, &event, "over");
        cg_report_string(&event, "winner", winner);
        say_end_rule(c, &event);
        cg_report_text_buf(&event, "board", &board);
        describe(c, &event);
        cg_conv_event_close(c, &event);
        cg_buf_free(&board);
        return;
    }
    cg_buf_puts(&c->text,
                c->misere ? "Game over (misère: whoever cannot move wins): " : "Game over: ");
    if (strcmp(winner, "nobody") == 0) {
        cg_buf_puts(&c->text, "nobody wins.\n");
    } else {
        cg_buf_puts(&c->text,
                    strcmp(winner, "computer") == 0 ? "I win.\n" : "you win. Well played!\n");
    }
}

static const char *const command_words = "hint values history undo new save level help quit";

static void help(conversation *c) {
    if (c->json) {
        cg_report event;
        cg_conv_event_open(c, &event, "help");
        cg_report_string(&event, "move", c->rules->move_help);
        cg_report_string(&event, "commands", command_words);
        cg_conv_event_close(c, &event);
        return;
    }
    cg_buf_printf(&c->text,
                  "Type %s to play it, or:\n"
                  "  hint, h     the best moves, with their values\n"
                  "  values, v   every legal move with its value, best first\n"
                  "  history     the moves so far, each with its value when played\n"
                  "  undo, u     take back your last move (and my answer)\n"
                  "  new         a new game (the same start, or the next random one)\n"
                  "  save F      write the position to file F in the judge's format\n"
                  "  level L     how I play: perfect, strong or casual\n"
                  "  help, ?     this text\n"
                  "  quit, q     stop\n",
                  c->rules->move_help);
}

/* ---- commands ------------------------------------------------------------ */

/* Set the state up again and replay the first `keep` moves of the history.
 * A move the game refuses on replay was accepted before: that is not the
 * user's error, whatever the game says (memory running out, most often). */
static cg_status replay(conversation *c, size_t keep, cg_error *err) {
    if (c->state_open) {
        c->rules->close(c->state);
    }
    c->state_open = false;
    c->values_ready = false;
    cg_status st = cg_play_open(c->game, c->state, c->start, &c->options, &c->budget, err);
    c->state_open = st == CG_OK;
    for (size_t i = 0; st == CG_OK && i < keep; i++) {
        st = c->rules->play(c->state, cg_strlist_at(&c->history, i), err);
        if (st == CG_ERR_INPUT) {
            st = cg_error_set(err, CG_ERR_INTERNAL, "replaying move %zu (%s): %s", i + 1,
                              cg_strlist_at(&c->history, i), err != NULL ? err->message : "");
        }
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
    return cg_strlist_failed(&c->history) ? cg_error_nomem(err, "keeping the moves") : CG_OK;
}

/* Back to the first `keep` moves of the history, `back` moves taken back,
 * said as the event name (undo, stopped) or the sentence after prefix. */
static cg_status take_back(conversation *c, size_t keep, size_t back, const char *name,
                           const char *prefix, cg_error *err) {
    cg_status st = replay(c, keep, err);
    if (st == CG_OK && c->json) {
        cg_report event;
        cg_conv_event_open(c, &event, name);
        cg_report_int(&event, "moves_taken_back", (int64_t)back);
        cg_conv_event_close(c, &event);
    } else if (st == CG_OK) {
        cg_buf_printf(&c->text, "%sTaken back: %zu move%s.\n", prefix, back, back == 1 ? "" : "s");
    }
    return st;
}

static cg_status undo(conversation *c, cg_error *err) {
    /* Back to before the human's last move: one move, or two when the
     * computer has answered it. */
    size_t back = human_to_move(c) ? 2 : 1;
    if (c->history.count < back || (back == 2 && c->history.count == 1)) {
        cg_conv_say_command_error(c, "undo", "there is no move of yours to take back");
        return CG_OK;
    }
    return take_back(c, c->history.count - back, back, "undo", "", err);
}

/* What a command may change, kept to take the command back whole when the
 * front end stops it: the moves (a move adds some, undo and new drop some)
 * and the options (new draws the next random start). */
typedef struct before_command {
    cg_strlist history;
    cg_options options;
} before_command;

static cg_status remember(const conversation *c, before_command *before, cg_error *err) {
    cg_strlist_clear(&before->history);
    for (size_t i = 0; i < c->history.count; i++) {
        cg_strlist_addf(&before->history, "%s", cg_strlist_at(&c->history, i));
    }
    before->options = c->options;
    return cg_strlist_failed(&before->history) ? cg_error_nomem(err, "keeping the moves") : CG_OK;
}

/* The stopped command taken back: the position, the moves and the start
 * as they were before it; the event counts the moves it had made. */
static cg_status take_back_command(conversation *c, before_command *before, cg_error *err) {
    size_t made =
        c->history.count > before->history.count ? c->history.count - before->history.count : 0;
    cg_strlist after = c->history;
    c->history = before->history;
    before->history = after;
    c->options = before->options;
    return take_back(c, c->history.count, made, "stopped", "Stopped. ", err);
}

/* The move made and added to the history, its value kept already. */
static cg_status play_move(conversation *c, const char *move, cg_error *err) {
    cg_status st = c->rules->play(c->state, move, err);
    if (st == CG_OK) {
        c->values_ready = false;
        cg_strlist_addf(&c->history, "%s", move);
        st = cg_strlist_failed(&c->history) ? cg_error_nomem(err, "keeping the moves") : CG_OK;
    }
    return st;
}

static cg_status make_move(conversation *c, const char *move, cg_error *err) {
    cg_status st = cg_conv_keep_value(c, move, err);
    return st == CG_OK ? play_move(c, move, err) : st;
}

/* A new game: the same start again, or the next random one. */
static cg_status new_game(conversation *c, cg_error *err) {
    if (c->options.random_start) {
        c->options.seed++;
    }
    cg_strlist_clear(&c->history);
    cg_status st = replay(c, 0, err);
    if (st == CG_OK) {
        say_start(c);
    }
    return st;
}

/* Read one command. CG_END at the end of the input. A read error or a NUL
 * ends the game too: an error event (a message), then it is abandoned. */
static cg_status read_command(conversation *c, cg_scanner *commands, const char *expected,
                              cg_token *command, cg_error *err) {
    cg_status st = flush(c, err);
    bool at_end = false;
    if (st == CG_OK) {
        st = cg_scan_at_end(commands, &at_end, err);
    }
    if (st == CG_OK && at_end) {
        return CG_END;
    }
    if (st == CG_OK) {
        st = cg_scan_token(commands, expected, command, err);
    }
    if (st == CG_OK && c->echo && !c->json) {
        cg_buf_printf(&c->text, "%s\n", command->text);
    }
    if (st != CG_OK && st != CG_ERR_NOMEM) {
        say_error(c, "", err != NULL ? err->message : "unreadable input");
    }
    return st;
}

/* The commands that are no move, wherever they are typed: CG_OK when one
 * was answered (*done), else nothing happened. */
static cg_status command(conversation *c, cg_scanner *commands, const char *word, bool *done,
                         cg_error *err) {
    *done = true;
    if (strcmp(word, "hint") == 0 || strcmp(word, "values") == 0) {
        return cg_conv_say_values(c, word[0] == 'h', err);
    }
    if (strcmp(word, "help") == 0) {
        help(c);
        return CG_OK;
    }
    if (strcmp(word, "history") == 0) {
        cg_conv_say_history(c);
        return CG_OK;
    }
    if (strcmp(word, "save") == 0 || strcmp(word, "level") == 0) {
        bool saving = word[0] == 's'; /* word is the scanner's: the next token replaces it */
        cg_token argument;
        cg_status st = cg_scan_token(commands, saving ? "a file name" : "a level", &argument, err);
        if (st == CG_OK && c->echo && !c->json) {
            /* the argument goes on the command's echoed line */
            c->text.len -= c->text.len > 0 && c->text.data[c->text.len - 1] == '\n';
            cg_buf_printf(&c->text, " %s\n", argument.text);
        }
        if (st == CG_OK && saving) {
            cg_conv_save(c, argument.text);
        } else if (st == CG_OK) {
            cg_conv_set_level(c, argument.text);
        }
        return st;
    }
    *done = false;
    return CG_OK;
}

static void say_abandoned(conversation *c, bool at_end) {
    if (c->json) {
        cg_report event;
        cg_conv_event_open(c, &event, "abandoned");
        cg_conv_event_close(c, &event);
    } else {
        cg_buf_puts(&c->text, c->echo && at_end ? "\nGame abandoned.\n" : "Game abandoned.\n");
    }
}

/* The human's turn ends without a move: quit or the end of the input
 * (CG_END), or the read error st, said and flushed. */
static cg_status abandon(conversation *c, cg_status st, cg_error *err) {
    bool stopped = st == CG_OK || st == CG_END;
    if (st != CG_ERR_NOMEM) {
        say_abandoned(c, st == CG_END);
    }
    /* A read error keeps its own message: the flush only tries. */
    cg_status flushed = flush(c, stopped ? err : NULL);
    return stopped ? (flushed == CG_OK ? CG_END : flushed) : st;
}

/* The move the human typed: made and said (*made), or refused with the
 * game's reason (said; CG_OK, the turn goes on), or what went wrong. */
static cg_status human_move(conversation *c, const char *move, bool *made, cg_error *err) {
    cg_error why;
    cg_error_clear(&why);
    cg_status st = make_move(c, move, &why);
    *made = st == CG_OK;
    if (st == CG_OK) {
        say_move(c, true, move, "");
        return CG_OK;
    }
    if (st != CG_ERR_INPUT) {
        if (err != NULL) {
            *err = why;
        }
        return st;
    }
    if (cg_play_looks_like_command(move, c->rules->move_help)) {
        say_unknown_command(c, move);
    } else {
        say_error(c, move, why.message);
    }
    return CG_OK;
}

/* The human's turn: CG_OK once a move is made (or undone, or a new game
 * begun), CG_END to stop. */
static cg_status human_turn(conversation *c, cg_scanner *commands, cg_error *err) {
    if (c->options.show_values && !c->json) {
        /* --show-values: the value line before the turn, as `values` heads it */
        cg_status st = cg_conv_need_values(c, err);
        if (st != CG_OK) {
            return st;
        }
        cg_conv_say_position_value(c);
    }
    for (;;) {
        if (!c->json) {
            cg_buf_printf(&c->text,
                          "Your move (%s; hint, values, undo, help, quit): ", c->rules->move_help);
        }
        cg_token token;
        cg_status st = read_command(c, commands, "a move", &token, err);
        const char *word = st == CG_OK ? cg_play_command_word(token.text) : "";
        if (st != CG_OK || strcmp(word, "quit") == 0) {
            return abandon(c, st, err);
        }
        bool done;
        st = command(c, commands, word, &done, err);
        if (st != CG_OK) {
            return st;
        }
        if (done) {
            continue;
        }
        if (strcmp(word, "undo") == 0) {
            return undo(c, err);
        }
        if (strcmp(word, "new") == 0) {
            return new_game(c, err);
        }
        bool made;
        st = human_move(c, token.text, &made, err);
        if (st != CG_OK || made) {
            return st;
        }
    }
}

/* Among losing moves without a remoteness: how many winning replies each
 * leaves, found by replaying the game on a second state. Only for a
 * handful of moves; SIZE_MAX where not counted. */
#define MAX_REPLY_COUNTS 40

static cg_status count_replies(conversation *c, size_t *replies, cg_error *err) {
    const cg_play_values *values = &c->values;
    for (size_t i = 0; i < values->count; i++) {
        replies[i] = SIZE_MAX;
    }
    if (values->count > MAX_REPLY_COUNTS || values->position.outcome != CG_OUTCOME_LOSS) {
        return CG_OK;
    }
    for (size_t i = 0; i < values->count; i++) {
        if (values->moves[i].measure == CG_MEASURE_REMOTENESS) {
            return CG_OK; /* the remoteness decides */
        }
    }
    void *other = calloc(1, c->rules->state_size);
    if (other == NULL) {
        return cg_error_nomem(err, "weighing the moves");
    }
    cg_status st = CG_OK;
    for (size_t i = 0; st == CG_OK && i < values->count; i++) {
        st = cg_play_open(c->game, other, c->start, &c->options, &c->budget, err);
        bool opened = st == CG_OK;
        for (size_t k = 0; st == CG_OK && k <= c->history.count; k++) {
            const char *move = k < c->history.count ? cg_strlist_at(&c->history, k)
                                                    : cg_strlist_at(&values->names, i);
            st = c->rules->play(other, move, err);
        }
        if (st == CG_OK) {
            st = cg_play_list(c->rules->winning_moves, other, &c->scratch, err);
            replies[i] = c->scratch.count;
        }
        if (opened) {
            c->rules->close(other);
        }
    }
    free(other);
    return st;
}

/* The computer's reason, in the game's terms: the nim-sum it leaves, or
 * the game's own words and the moves left to the end. */
static void computer_why(conversation *c, size_t i, bool ends, cg_buf *why) {
    const cg_play_values *values = &c->values;
    const cg_play_value *v = &values->moves[i];
    const char *game_why = cg_strlist_at(&values->why, i);
    if (ends && v->outcome == CG_OUTCOME_WIN) {
        cg_buf_puts(why, "and that wins");
        return;
    }
    if (v->measure == CG_MEASURE_GRUNDY && game_why[0] == '\0') {
        cg_buf_puts(why,
                    v->outcome == CG_OUTCOME_WIN ? "it leaves you " : "no move wins; it leaves ");
        cg_conv_write_nim_sum(values, v, why);
        cg_buf_puts(why, v->outcome == CG_OUTCOME_WIN ? ", a losing position" : "");
        return;
    }
    cg_buf_puts(why, v->outcome == CG_OUTCOME_WIN    ? "it leaves you a losing position"
                     : v->outcome == CG_OUTCOME_DRAW ? "no move wins; this one holds a draw"
                                                     : "no move wins against perfect play");
    if (game_why[0] != '\0') {
        cg_buf_printf(why, ": %s", game_why);
    }
    if (v->measure == CG_MEASURE_REMOTENESS) {
        cg_buf_printf(why, "%s%llu move%s to the end", game_why[0] != '\0' ? "; " : ": ",
                      (unsigned long long)v->amount, v->amount == 1 ? "" : "s");
    }
}

/* The computer's turn: choose at its level, play and say why. */
static cg_status computer_turn(conversation *c, cg_error *err) {
    cg_status st = cg_conv_need_values(c, err);
    if (st != CG_OK) {
        return st;
    }
    if (c->values.count == 0) {
        return cg_error_set(err, CG_ERR_INTERNAL, "no legal move to choose");
    }
    size_t *replies = malloc(c->values.count * sizeof *replies);
    if (replies == NULL) {
        return cg_error_nomem(err, "choosing a move");
    }
    st = count_replies(c, replies, err);
    size_t chosen = cg_play_choose(&c->values, (cg_play_level)c->options.level, &c->rng,
                                   st == CG_OK ? replies : NULL);
    free(replies);
    cg_buf move = CG_BUF_INIT;
    cg_buf why = CG_BUF_INIT;
    if (st == CG_OK) {
        cg_buf_puts(&move, cg_strlist_at(&c->values.names, chosen));
        st = cg_buf_failed(&move) ? cg_error_nomem(err, "choosing a move") : CG_OK;
    }
    cg_play_values chosen_values = CG_PLAY_VALUES_INIT;
    if (st == CG_OK) {
        st = cg_conv_keep_value(c, move.data, err);
    }
    if (st == CG_OK) {
        /* The reason is the move's value, which the move itself forgets. */
        chosen_values = c->values;
        c->values = (cg_play_values)CG_PLAY_VALUES_INIT;
        st = play_move(c, move.data, err);
        c->values_ready = false;
    }
    if (st == CG_OK) {
        st = cg_play_list(c->rules->legal_moves, c->state, &c->scratch, err);
    }
    if (st == CG_OK) {
        cg_play_values after = c->values;
        c->values = chosen_values;
        computer_why(c, chosen, c->scratch.count == 0, &why);
        c->values = after;
        st = cg_buf_failed(&why) ? cg_error_nomem(err, "explaining a move") : CG_OK;
    }
    if (st == CG_OK) {
        say_move(c, false, move.data, why.data);
    }
    cg_play_values_free(&chosen_values);
    cg_buf_free(&move);
    cg_buf_free(&why);
    return st;
}

/* The game ended: who won. Normal play: the last mover; misère play: the
 * player left without a move. */
static const char *winner(conversation *c) {
    if (c->rules->end != NULL && c->rules->end(c->state) == CG_PLAY_NOBODY_WON) {
        return "nobody";
    }
    return human_to_move(c) != c->misere ? "computer" : "you";
}

/* After the end: another game, or the end of the input. CG_OK when a new
 * game has begun, CG_END to stop. */
static cg_status after_end(conversation *c, cg_scanner *commands, cg_error *err) {
    for (;;) {
        if (!c->json) {
            cg_buf_puts(&c->text, "Another game? (new, history, save FILE, quit): ");
        }
        cg_token token;
        cg_status st = read_command(c, commands, "a command", &token, err);
        if (st == CG_END) {
            if (!c->json && c->echo) {
                cg_buf_putc(&c->text, '\n');
            }
            return flush(c, err) == CG_OK ? CG_END : CG_ERR_IO;
        }
        if (st != CG_OK) {
            return st;
        }
        const char *word = cg_play_command_word(token.text);
        if (strcmp(word, "quit") == 0) {
            return CG_END;
        }
        if (strcmp(word, "new") == 0) {
            return new_game(c, err);
        }
        bool done;
        st = command(c, commands, word, &done, err);
        if (st != CG_OK) {
            return st;
        }
        if (!done && cg_play_looks_like_command(word, c->rules->move_help) &&
            strcmp(word, "undo") != 0) {
            say_unknown_command(c, word);
        } else if (!done) {
            say_notice(c, word, "the game is over: type new for another, or quit");
        }
    }
}

/* The conversation before its game is opened: every field from the
 * options, nothing allocated. */
static void conversation_init(conversation *c, const cg_game *game, const cg_play_start *start,
                              const cg_options *options, bool echo, FILE *out) {
    memset(c, 0, sizeof *c);
    c->game = game;
    c->rules = game->play;
    c->start = start;
    c->options = *options;
    c->budget = cg_budget_make(cg_options_memory(options, 0));
    c->json = options->output == CG_OUTPUT_JSON;
    c->echo = echo;
    c->out = out;
    c->columns = options->columns >= 20 ? options->columns : options->columns == 0 ? 80 : 20;
    c->values = (cg_play_values)CG_PLAY_VALUES_INIT;
    /* The choices' own stream, apart from the random start's. */
    c->rng = cg_rng_make(options->seed ^ UINT64_C(0x9e3779b97f4a7c15));
    c->human_first = !options->computer_first;
    c->misere = options->misere;
}

static void conversation_free(conversation *c) {
    cg_strlist_free(&c->history);
    free(c->played);
    cg_strlist_free(&c->scratch);
    cg_play_values_free(&c->values);
    cg_buf_free(&c->text);
    if (c->state_open) {
        c->rules->close(c->state);
    }
    free(c->state);
}

/* The game set up at its start, with the first position's values before
 * anything is said: a position the game cannot value (a misère sum past
 * the budget) is refused. On failure nothing is left to free. */
static cg_status conversation_open(conversation *c, cg_error *err) {
    if (c->misere && c->rules->misere_intro == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "%s has no misère play", c->game->name);
    }
    c->state = calloc(1, c->rules->state_size);
    if (c->state == NULL) {
        return cg_error_nomem(err, "starting the game");
    }
    cg_status st = cg_play_open(c->game, c->state, c->start, &c->options, &c->budget, err);
    c->state_open = st == CG_OK;
    if (st == CG_OK) {
        st = cg_conv_need_values(c, err);
    }
    if (st != CG_OK) {
        conversation_free(c);
    }
    return st;
}

/* What a stop takes back: the game before the last command read. */
typedef struct takeback {
    before_command before;
    bool commanded; /* a command was read: a stop takes it back */
} takeback;

/* The end: the final position with the winner, nothing to move; then
 * another game (CG_OK) or the end (CG_END). */
static cg_status game_over(conversation *c, cg_scanner *commands, takeback *back, cg_error *err) {
    cg_status st = CG_OK;
    if (!c->json) {
        st = say_position(c, err);
    }
    say_over(c, winner(c));
    back->commanded = true; /* a stop in the next game goes back to this end */
    st = st == CG_OK ? remember(c, &back->before, err) : st;
    return st == CG_OK ? after_end(c, commands, err) : st;
}

/* Whoever is to move moves: the human's command is remembered first. */
static cg_status take_turn(conversation *c, cg_scanner *commands, takeback *back, cg_error *err) {
    if (!human_to_move(c)) {
        return computer_turn(c, err);
    }
    back->commanded = true;
    cg_status st = remember(c, &back->before, err);
    return st == CG_OK ? human_turn(c, commands, err) : st;
}

/* One position of the game: shown, then a turn or the end. */
static cg_status play_position(conversation *c, cg_scanner *commands, takeback *back,
                               cg_error *err) {
    cg_status st = cg_play_list(c->rules->legal_moves, c->state, &c->scratch, err);
    if (st == CG_OK && c->scratch.count == 0) {
        return game_over(c, commands, back, err);
    }
    if (st == CG_OK) {
        st = say_position(c, err);
    }
    if (st == CG_OK) {
        st = take_turn(c, commands, back, err);
    }
    if (st == CG_OK) {
        st = flush(c, err);
    }
    if (st == CG_ERR_STOPPED && back->commanded) {
        /* the front end stopped the command (options->progress_hook):
         * back to before it, the game going on */
        st = take_back_command(c, &back->before, err);
    }
    return st;
}

cg_status cg_play(const cg_game *game, const cg_play_start *start, cg_scanner *commands,
                  const cg_options *options, bool echo, FILE *out, cg_error *err) {
    if (game == NULL || commands == NULL || options == NULL || out == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_play: NULL %s",
                            game == NULL       ? "game"
                            : commands == NULL ? "commands"
                            : options == NULL  ? "options"
                                               : "output");
    }
    if (game->play == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "%s cannot be played", game->name);
    }
    conversation c;
    conversation_init(&c, game, start, options, echo, out);
    cg_status st = conversation_open(&c, err);
    if (st != CG_OK) {
        return st;
    }
    say_start(&c);
    takeback back = {{CG_STRLIST_INIT, c.options}, false};
    while (st == CG_OK) {
        st = play_position(&c, commands, &back, err);
    }
    cg_strlist_free(&back.before.history);
    if (st == CG_END) {
        st = flush(&c, err);
    }
    conversation_free(&c);
    return st;
}
