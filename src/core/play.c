#include "cgsolve/play.h"

#include <stdlib.h>
#include <string.h>

#include "cgsolve/games/numbergame.h"
#include "cgsolve/games/treblecross.h"

static const cg_play_game *const playable[] = {
    &cg_play_treblecross,
    &cg_play_numbergame,
    NULL,
};

const cg_play_game *const *cg_play_games(void) {
    return playable;
}

const cg_play_game *cg_find_play_game(const char *name) {
    for (size_t i = 0; playable[i] != NULL; i++) {
        if (strcmp(playable[i]->name, name) == 0) {
            return playable[i];
        }
    }
    return NULL;
}

static cg_status flush(cg_buf *text, FILE *out, cg_error *err) {
    if (cg_buf_failed(text)) {
        return cg_error_nomem(err, "writing the game");
    }
    bool ok = fwrite(text->data, 1, text->len, out) == text->len && fflush(out) == 0;
    cg_buf_clear(text);
    return ok ? CG_OK : cg_error_set(err, CG_ERR_IO, "write error on the output");
}

/* One turn of the human: CG_OK after a move, CG_END to stop. */
static cg_status human_turn(const cg_play_game *game, void *state, cg_scanner *moves, bool echo,
                            cg_buf *text, FILE *out, cg_error *err) {
    for (;;) {
        cg_buf_printf(text, "Your move (%s, hint, quit): ", game->move_help);
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
            st = game->hint(state, text, err);
        } else {
            cg_error why;
            cg_error_clear(&why);
            st = game->play(state, &move, text, &why);
            if (st == CG_OK) {
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

cg_status cg_play(const cg_play_game *game, cg_scanner *position, cg_scanner *moves,
                  const cg_options *options, bool human_first, bool echo, FILE *out,
                  cg_error *err) {
    void *state = calloc(1, game->state_size);
    if (state == NULL) {
        return cg_error_nomem(err, "starting the game");
    }
    cg_buf text = CG_BUF_INIT;
    cg_status st = game->start(state, position, options, err);
    bool human_to_move = human_first;
    while (st == CG_OK) {
        game->show(state, &text);
        if (game->over(state)) {
            /* The player to move has lost: the last mover won. */
            cg_buf_puts(&text, human_to_move ? "Game over: I win.\n"
                                             : "Game over: you win. Well played!\n");
            st = flush(&text, out, err);
            break;
        }
        if (human_to_move) {
            st = human_turn(game, state, moves, echo, &text, out, err);
        } else {
            st = game->respond(state, &text, err);
        }
        human_to_move = !human_to_move;
        if (st == CG_OK) {
            st = flush(&text, out, err);
        }
    }
    if (st == CG_END) {
        st = flush(&text, out, err);
    }
    cg_buf_free(&text);
    game->close(state);
    free(state);
    return st;
}
