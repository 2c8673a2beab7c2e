#include "cgsolve/play.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static cg_status flush(cg_buf *text, FILE *out, cg_error *err) {
    if (cg_buf_failed(text)) {
        return cg_error_nomem(err, "writing the game");
    }
    bool ok = fwrite(text->data, 1, text->len, out) == text->len && fflush(out) == 0;
    cg_buf_clear(text);
    return ok ? CG_OK
              : cg_error_set(err, CG_ERR_IO, "write error on the output: %s", strerror(errno));
}

static cg_status list_status(const cg_strlist *list, cg_status st, cg_error *err) {
    if (st == CG_OK && cg_strlist_failed(list)) {
        return cg_error_nomem(err, "listing moves");
    }
    return st;
}

cg_status cg_play_choose(const cg_play_rules *rules, void *state, cg_buf *move, bool *wins,
                         cg_strlist *scratch, cg_error *err) {
    cg_strlist_clear(scratch);
    cg_status st = list_status(scratch, rules->winning_moves(state, scratch, err), err);
    if (st != CG_OK) {
        return st;
    }
    *wins = scratch->count > 0;
    cg_buf_clear(move);
    if (*wins) {
        cg_buf_puts(move, cg_strlist_at(scratch, 0));
    } else if (rules->losing_choice != NULL) {
        st = rules->losing_choice(state, move, err);
    } else {
        cg_strlist_clear(scratch);
        st = list_status(scratch, rules->legal_moves(state, scratch, err), err);
        if (st == CG_OK && scratch->count == 0) {
            return cg_error_set(err, CG_ERR_INTERNAL, "no legal move to choose");
        }
        if (st == CG_OK) {
            cg_buf_puts(move, cg_strlist_at(scratch, 0));
        }
    }
    return st == CG_OK && cg_buf_failed(move) ? cg_error_nomem(err, "choosing a move") : st;
}

/* The computer's turn: choose, play and say why. */
static cg_status computer_turn(const cg_play_rules *rules, void *state, cg_strlist *scratch,
                               cg_buf *text, cg_error *err) {
    cg_buf move = CG_BUF_INIT;
    bool wins = false;
    cg_status st = cg_play_choose(rules, state, &move, &wins, scratch, err);
    if (st == CG_OK) {
        st = rules->play(state, move.data, err);
    }
    if (st == CG_OK) {
        cg_strlist_clear(scratch);
        st = list_status(scratch, rules->legal_moves(state, scratch, err), err);
    }
    if (st == CG_OK) {
        const char *why = !wins                 ? "no move wins against perfect play"
                          : scratch->count == 0 ? "and that wins"
                                                : "it leaves you a losing position";
        cg_buf_printf(text, "I play %s %s (%s).\n", rules->move_word, move.data, why);
    }
    cg_buf_free(&move);
    return st;
}

static cg_status hint(const cg_play_rules *rules, void *state, cg_strlist *scratch, cg_buf *text,
                      cg_error *err) {
    cg_strlist_clear(scratch);
    cg_status st = list_status(scratch, rules->winning_moves(state, scratch, err), err);
    if (st != CG_OK) {
        return st;
    }
    if (scratch->count == 0) {
        cg_buf_puts(text, "No move wins against perfect play.\n");
        return CG_OK;
    }
    cg_buf_puts(text, "Winning moves:");
    for (size_t i = 0; i < scratch->count; i++) {
        cg_buf_printf(text, " %s", cg_strlist_at(scratch, i));
    }
    cg_buf_putc(text, '\n');
    return CG_OK;
}

/* One turn of the human: CG_OK after a move, CG_END to stop. */
static cg_status human_turn(const cg_play_rules *rules, void *state, cg_scanner *moves, bool echo,
                            cg_strlist *scratch, cg_buf *text, FILE *out, cg_error *err) {
    for (;;) {
        cg_buf_printf(text, "Your move (%s, hint, quit): ", rules->move_help);
        cg_status st = flush(text, out, err);
        bool at_end;
        if (st == CG_OK) {
            st = cg_scan_at_end(moves, &at_end, err);
        }
        if (st != CG_OK) {
            return st;
        }
        cg_token move;
        if (at_end || (st = cg_scan_token(moves, "a move", &move, err)) != CG_OK ||
            strcmp(move.text, "quit") == 0) {
            cg_buf_puts(text, echo ? "\nGame abandoned.\n" : "Game abandoned.\n");
            return st != CG_OK ? st : CG_END;
        }
        if (echo) {
            cg_buf_puts(text, move.text);
            cg_buf_putc(text, '\n');
        }
        if (strcmp(move.text, "hint") == 0) {
            st = hint(rules, state, scratch, text, err);
        } else {
            cg_error why;
            cg_error_clear(&why);
            st = rules->play(state, move.text, &why);
            if (st == CG_OK) {
                cg_buf_printf(text, "You play %s %s.\n", rules->move_word, move.text);
                return CG_OK;
            }
            if (st != CG_ERR_INPUT) {
                *err = why;
                return st;
            }
            cg_buf_printf(text, "Not a legal move: %s\n", why.message);
            st = CG_OK;
        }
        if (st != CG_OK) {
            return st;
        }
    }
}

cg_status cg_play(const cg_game *game, cg_scanner *position, cg_scanner *moves,
                  const cg_options *options, bool echo, FILE *out, cg_error *err) {
    const cg_play_rules *rules = game->play;
    if (rules == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "%s cannot be played", game->name);
    }
    void *state = calloc(1, rules->state_size);
    if (state == NULL) {
        return cg_error_nomem(err, "starting the game");
    }
    cg_budget budget = cg_budget_make(options->memory_limit);
    cg_buf text = CG_BUF_INIT;
    cg_strlist scratch = CG_STRLIST_INIT;
    cg_status st = rules->start(state, position, options, &budget, err);
    bool human_to_move = !options->computer_first;
    if (st == CG_OK && rules->intro != NULL) {
        cg_buf_printf(&text, "%s%s moves first.\n", rules->intro, human_to_move ? "You" : "I");
    }
    while (st == CG_OK) {
        rules->show(state, &text);
        cg_strlist_clear(&scratch);
        st = list_status(&scratch, rules->legal_moves(state, &scratch, err), err);
        if (st != CG_OK) {
            break;
        }
        if (scratch.count == 0) {
            /* The player to move has lost: the last mover won. */
            cg_buf_puts(&text, human_to_move ? "Game over: I win.\n"
                                             : "Game over: you win. Well played!\n");
            st = flush(&text, out, err);
            break;
        }
        if (human_to_move) {
            st = human_turn(rules, state, moves, echo, &scratch, &text, out, err);
        } else {
            st = computer_turn(rules, state, &scratch, &text, err);
        }
        human_to_move = !human_to_move;
        if (st == CG_OK) {
            st = flush(&text, out, err);
        }
    }
    if (st == CG_END) {
        st = flush(&text, out, err);
    }
    cg_strlist_free(&scratch);
    cg_buf_free(&text);
    rules->close(state);
    free(state);
    return st;
}
