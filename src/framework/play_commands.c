/* The commands of `cgsolve play` that keep or write what was played:
 * `history` (each move with its value when it was made), `save FILE` and
 * `level L`. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "framework/play_conversation_internal.h"

/* A move's value when it was played, for `history`: its outcome for its
 * player and the measure, without the parts of a Grundy value. */
static void say_played(conversation *c, const played_value *played) {
    const cg_play_value *v = &played->value;
    if (!played->known) {
        cg_buf_puts(&c->text, "value not known\n");
        return;
    }
    cg_conv_put_outcome(c, v->outcome, 0);
    if (v->measure == CG_MEASURE_REMOTENESS && v->amount == 0) {
        cg_buf_puts(&c->text, ", the last move");
    } else if (v->measure == CG_MEASURE_REMOTENESS) {
        cg_buf_printf(&c->text, ", %llu to the end", (unsigned long long)v->amount);
    } else if (v->measure == CG_MEASURE_GRUNDY) {
        cg_buf_printf(&c->text, ", it left %llu", (unsigned long long)v->amount);
    } else if (v->measure == CG_MEASURE_MISERE) {
        cg_buf_printf(&c->text, ", it left misère value %llu", (unsigned long long)v->amount);
    }
    cg_buf_putc(&c->text, '\n');
}

static void report_played(cg_report *event, const played_value *played) {
    const cg_play_value *v = &played->value;
    if (!played->known) {
        return;
    }
    cg_report_string(event, "outcome", cg_conv_outcome_name(v->outcome));
    static const char *const measures[] = {"unknown", "grundy", "remoteness", "misere"};
    const char *measure = measures[v->measure];
    cg_report_string(event, "measure", measure);
    if (v->measure != CG_MEASURE_UNKNOWN) {
        cg_report_int(event, measure, (int64_t)v->amount);
    }
}

void cg_conv_say_history(conversation *c) {
    if (c->json) {
        cg_report event;
        cg_conv_event_open(c, &event, "history");
        cg_report_open_list(&event, "moves");
        for (size_t i = 0; i < c->history.count; i++) {
            cg_report_open_object(&event, NULL);
            cg_report_string(&event, "by", cg_conv_who((i % 2 == 0) == c->human_first));
            cg_report_string(&event, "move", cg_strlist_at(&c->history, i));
            report_played(&event, &c->played[i]);
            cg_report_close(&event);
        }
        cg_report_close(&event);
        cg_conv_event_close(c, &event);
        return;
    }
    if (c->history.count == 0) {
        cg_buf_puts(&c->text, "No move has been made yet.\n");
    }
    for (size_t i = 0; i < c->history.count; i++) {
        cg_buf_printf(&c->text, "  %zu. %s %s: ", i + 1,
                      (i % 2 == 0) == c->human_first ? "you" : "me ",
                      cg_strlist_at(&c->history, i));
        say_played(c, &c->played[i]);
    }
}

/* The value move has for its player, kept for `history`: unknown when the
 * position's values are not to be had (a misère sum past its budget). */
cg_status cg_conv_keep_value(conversation *c, const char *move, cg_error *err) {
    size_t at = c->history.count;
    if (at >= c->played_capacity) {
        size_t capacity = c->played_capacity > 0 ? 2 * c->played_capacity : 16;
        played_value *grown = realloc(c->played, capacity * sizeof *grown);
        if (grown == NULL) {
            return cg_error_nomem(err, "keeping the moves");
        }
        c->played = grown;
        c->played_capacity = capacity;
    }
    c->played[at].known = false;
    cg_error why;
    cg_status st = cg_conv_need_values(c, &why);
    if (st == CG_ERR_STOPPED || st == CG_ERR_NOMEM) {
        if (err != NULL) {
            *err = why;
        }
        return st;
    }
    for (size_t i = 0; st == CG_OK && i < c->values.count; i++) {
        if (strcmp(cg_strlist_at(&c->values.names, i), move) == 0) {
            c->played[at] = (played_value){c->values.moves[i], true};
        }
    }
    return CG_OK;
}

/* A command done: the event with its one field, or the sentence naming it. */
static void say_done(conversation *c, const char *name, const char *key, const char *value,
                     const char *before, const char *after) {
    if (c->json) {
        cg_report event;
        cg_conv_event_open(c, &event, name);
        cg_report_string(&event, key, value);
        cg_conv_event_close(c, &event);
    } else {
        cg_buf_printf(&c->text, "%s%s%s", before, value, after);
    }
}

/* `save FILE`: the position in the judge's format (with a case count when
 * the game's inputs have one), so that `cgsolve GAME FILE` solves it and
 * `cgsolve play GAME FILE` resumes it (with --misere for a misère game: the
 * judge's format has no end rule, and the sentence says so). The human is
 * always the one to move when saving, as on resuming. */
void cg_conv_save(conversation *c, const char *path) {
    cg_buf out = CG_BUF_INIT;
    cg_error why;
    cg_error_clear(&why);
    cg_status st = CG_OK;
    if (c->rules->write_position == NULL) {
        st = cg_error_set(&why, CG_ERR_USAGE, "%s positions cannot be saved", c->game->name);
    } else if ((st = cg_play_list(c->rules->legal_moves, c->state, &c->scratch, &why)) == CG_OK &&
               c->scratch.count == 0) {
        /* a finished position is no start: the judge's format may not even hold it */
        st = cg_error_set(&why, CG_ERR_USAGE, "the game is over: type new, then save");
    } else if (st == CG_OK) {
        if (c->game->case_count != NULL) {
            cg_buf_puts(&out, "1\n");
        }
        st = c->rules->write_position(c->state, &out, &why);
    }
    if (st == CG_OK && cg_buf_failed(&out)) {
        st = cg_error_nomem(&why, "saving the position");
    }
    FILE *f = st == CG_OK ? fopen(path, "wb") : NULL;
    if (st == CG_OK && f == NULL) {
        st = cg_error_set(&why, CG_ERR_IO, "cannot open '%s': %s", path, strerror(errno));
    }
    if (f != NULL) {
        bool ok = fwrite(out.data, 1, out.len, f) == out.len;
        ok &= fclose(f) == 0;
        if (!ok) {
            st = cg_error_set(&why, CG_ERR_IO, "cannot write '%s': %s", path, strerror(errno));
        }
    }
    cg_buf_free(&out);
    if (st != CG_OK) {
        cg_conv_say_command_error(c, "save", why.message);
    } else if (c->json) {
        say_done(c, "saved", "file", path, "", "");
    } else {
        /* the command that resumes it: misère play is an option, not the file's */
        cg_buf_printf(&c->text, "Saved the position to %s (cgsolve play %s %s%s resumes it).\n",
                      path, c->game->name, path, c->misere ? " --misere" : "");
    }
}

void cg_conv_set_level(conversation *c, const char *name) {
    cg_play_level level;
    if (!cg_play_level_parse(name, &level)) {
        cg_buf message = CG_BUF_INIT;
        cg_buf_printf(&message, "'%s' is not a level: perfect, strong or casual", name);
        cg_conv_say_command_error(c, "level",
                                  cg_buf_failed(&message) ? "not a level" : message.data);
        cg_buf_free(&message);
        return;
    }
    c->options.level = (int)level;
    say_done(c, "level", "level", name, "I now play at level ", ".\n");
}
