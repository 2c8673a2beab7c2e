/* The conversation of `cgsolve play` shared by its files: the state of a
 * game being played (play_conversation.c runs it), the values of its
 * moves in words (play_conversation_values.c) and the helpers the commands
 * of play_commands.c (history, save, level) use. */
#ifndef CGSOLVE_PLAY_CONVERSATION_H
#define CGSOLVE_PLAY_CONVERSATION_H

#include "framework/play_internal.h"

/* A move's value when it was made, without the parts of a Grundy value. */
typedef struct played_value {
    cg_play_value value;
    bool known; /* the position's values were to be had */
} played_value;

typedef struct conversation {
    const cg_game *game;
    const cg_play_rules *rules;
    void *state;
    const cg_play_start *start;
    cg_options options; /* a copy: `new` draws the next random start, `level` changes it */
    cg_budget budget;
    bool json;
    bool echo;
    FILE *out;
    size_t columns;
    cg_buf text;
    cg_strlist scratch;
    cg_strlist history;   /* every move made, both players' */
    played_value *played; /* each move's value for its player when made */
    size_t played_capacity;
    cg_play_values values;
    bool values_ready; /* values are the current position's */
    cg_rng rng;        /* the computer's choices */
    bool human_first;
    bool misere;     /* the end rule: the player left without a move wins */
    bool state_open; /* the state is set up (and must be closed) */
} conversation;

/* A JSON event opened with "schema", "game" and "event"; closed into the
 * text (a failed report fails the text). */
void cg_conv_event_open(conversation *c, cg_report *event, const char *name);
void cg_conv_event_close(conversation *c, cg_report *event);
/* "you" or "computer"; "win", "loss" or "draw". */
const char *cg_conv_who(bool human);
const char *cg_conv_outcome_name(cg_outcome outcome);
/* The current position's values, computed once per position. */
cg_status cg_conv_need_values(conversation *c, cg_error *err);
/* The outcome's word, coloured on a colour terminal, padded to width. */
void cg_conv_put_outcome(conversation *c, cg_outcome outcome, int width);
/* A command that could not be done, named (an error event in JSON). */
void cg_conv_say_command_error(conversation *c, const char *name, const char *message);
/* The list of strings under key in a JSON event (a failed list fails it). */
void cg_conv_event_list(cg_report *event, const char *key, const cg_strlist *list);

/* The values of play_conversation_values.c: "3 ⊕ 5 ⊕ 6 = 0", a Grundy
 * value and its parts; the event's "move_values" and "value"; the sentence
 * that says the current position's value; `values` (every move) or `hint`
 * (best_only: the moves of the best outcome). */
void cg_conv_write_nim_sum(const cg_play_values *values, const cg_play_value *v, cg_buf *out);
void cg_conv_report_move_values(cg_report *event, const cg_play_values *values);
void cg_conv_say_position_value(conversation *c);
cg_status cg_conv_say_values(conversation *c, bool best_only, cg_error *err);

/* The commands of play_commands.c: `history`; the value of move (about
 * to be made) kept for it; `save FILE`; `level L`. */
void cg_conv_say_history(conversation *c);
cg_status cg_conv_keep_value(conversation *c, const char *move, cg_error *err);
void cg_conv_save(conversation *c, const char *path);
void cg_conv_set_level(conversation *c, const char *name);

#endif
