/* The values of a position and of its moves, in words and as JSON: the
 * `values` and `hint` commands, and the lines of value other events use
 * (see play_conversation_internal.h). No game is named here. */
#include <stdlib.h>
#include <string.h>

#include "framework/play_conversation_internal.h"

/* ---- values in words ---------------------------------------------------- */

/* "3 ⊕ 5 ⊕ 6 = 0": a Grundy value and its parts. */
void cg_conv_write_nim_sum(const cg_play_values *values, const cg_play_value *v, cg_buf *out) {
    for (size_t i = 0; i < v->component_count; i++) {
        cg_buf_printf(out, "%s%llu", i > 0 ? " ⊕ " : "",
                      (unsigned long long)values->components[v->first_component + i]);
    }
    if (v->components_omitted > 0) {
        cg_buf_printf(out, " ⊕ … (%zu more)", v->components_omitted);
    }
    if (v->component_count + v->components_omitted != 1) {
        cg_buf_printf(out, "%s%llu", v->component_count > 0 ? " = " : "",
                      (unsigned long long)v->amount);
    }
}

/* Why move i is worth what it is, in the game's terms. */
static void write_why(const cg_play_values *values, size_t i, cg_buf *out) {
    const cg_play_value *v = &values->moves[i];
    const char *game_why = cg_strlist_at(&values->why, i);
    if (v->measure == CG_MEASURE_GRUNDY && game_why[0] == '\0') {
        cg_buf_puts(out, "it leaves ");
        cg_conv_write_nim_sum(values, v, out);
    } else {
        cg_buf_puts(out, game_why);
    }
}

static void report_value(cg_report *event, const cg_play_values *values, const cg_play_value *v) {
    cg_report_string(event, "outcome", cg_conv_outcome_name(v->outcome));
    if (v->measure == CG_MEASURE_GRUNDY) {
        cg_report_string(event, "measure", "grundy");
        cg_report_int(event, "grundy", (int64_t)v->amount);
        cg_report_open_list(event, "components");
        for (size_t k = 0; k < v->component_count; k++) {
            cg_report_int(event, NULL, (int64_t)values->components[v->first_component + k]);
        }
        cg_report_close(event);
        cg_report_int(event, "components_omitted", (int64_t)v->components_omitted);
    } else if (v->measure == CG_MEASURE_REMOTENESS) {
        cg_report_string(event, "measure", "remoteness");
        cg_report_int(event, "remoteness", (int64_t)v->amount);
    } else if (v->measure == CG_MEASURE_MISERE) {
        cg_report_string(event, "measure", "misere");
        cg_report_int(event, "misere", (int64_t)v->amount);
    } else {
        cg_report_string(event, "measure", "unknown");
    }
}

void cg_conv_report_move_values(cg_report *event, const cg_play_values *values) {
    cg_report_open_list(event, "move_values");
    cg_buf why = CG_BUF_INIT;
    for (size_t i = 0; i < values->count; i++) {
        cg_report_open_object(event, NULL);
        cg_report_string(event, "move", cg_strlist_at(&values->names, i));
        report_value(event, values, &values->moves[i]);
        cg_buf_clear(&why);
        write_why(values, i, &why);
        cg_report_string_n(event, "why", why.data != NULL ? why.data : "", why.len);
        cg_report_close(event);
    }
    if (cg_buf_failed(&why)) {
        event->failed = true;
    }
    cg_buf_free(&why);
    cg_report_close(event);
    cg_report_open_object(event, "value");
    report_value(event, values, &values->position);
    cg_report_close(event);
}

/* The values of the current position, computed once per position. */
cg_status cg_conv_need_values(conversation *c, cg_error *err) {
    if (c->values_ready) {
        return CG_OK;
    }
    cg_status st = cg_play_move_values(c->rules, c->state, &c->values, err);
    c->values_ready = st == CG_OK;
    return st;
}

/* ---- colour: outcome words, never colour alone ------------------------------ */

void cg_conv_put_outcome(conversation *c, cg_outcome outcome, int width) {
    const char *word = cg_conv_outcome_name(outcome);
    const char *colour = outcome == CG_OUTCOME_WIN    ? "\033[32m"
                         : outcome == CG_OUTCOME_LOSS ? "\033[31m"
                                                      : "\033[33m";
    if (c->options.color) {
        cg_buf_printf(&c->text, "%s%s\033[0m", colour, word);
    } else {
        cg_buf_puts(&c->text, word);
    }
    if (width > (int)strlen(word)) {
        cg_buf_repeat(&c->text, ' ', (size_t)width - strlen(word));
    }
}

/* One move's line for `values` and `hint`: move, outcome, measure, why. */
static void say_value_line(conversation *c, size_t i, size_t move_width) {
    const cg_play_value *v = &c->values.moves[i];
    const char *move = cg_strlist_at(&c->values.names, i);
    cg_buf_printf(&c->text, "  %s", move);
    cg_buf_repeat(&c->text, ' ', move_width + 2 - strlen(move));
    cg_conv_put_outcome(c, v->outcome, 6);
    if (v->measure == CG_MEASURE_REMOTENESS) {
        cg_buf_printf(&c->text, "%llu to the end  ", (unsigned long long)v->amount);
    } else if (v->measure == CG_MEASURE_UNKNOWN && v->outcome != CG_OUTCOME_DRAW &&
               cg_strlist_at(&c->values.why, i)[0] == '\0') {
        /* the outcome is certain: what is not known, unless the game's
         * reason says it ("it lets the opponent complete three in a row"),
         * is how long it takes */
        cg_buf_puts(&c->text, v->outcome == CG_OUTCOME_LOSS ? "(how long it lasts is not known)  "
                                                            : "(how long it takes is not known)  ");
    }
    write_why(&c->values, i, &c->text);
    cg_buf_putc(&c->text, '\n');
}

void cg_conv_say_position_value(conversation *c) {
    const cg_play_value *v = &c->values.position;
    cg_buf_puts(&c->text, "This position is a ");
    cg_conv_put_outcome(c, v->outcome, 0);
    cg_buf_puts(&c->text, " for the player to move");
    if (v->measure == CG_MEASURE_GRUNDY) {
        cg_buf_puts(&c->text, ", Grundy value ");
        cg_conv_write_nim_sum(&c->values, v, &c->text);
    } else if (v->measure == CG_MEASURE_REMOTENESS) {
        cg_buf_printf(&c->text, ", %llu move%s from the end", (unsigned long long)v->amount,
                      v->amount == 1 ? "" : "s");
    } else if (v->measure == CG_MEASURE_MISERE) {
        cg_buf_printf(&c->text, ", misère value %llu", (unsigned long long)v->amount);
    }
    cg_buf_puts(&c->text, ".\n");
}

/* The best outcome of the moves (loss < draw < win); a loss when none. */
static cg_outcome best_outcome(const cg_play_values *values) {
    cg_outcome best = CG_OUTCOME_LOSS;
    for (size_t i = 0; i < values->count; i++) {
        best = values->moves[i].outcome > best ? values->moves[i].outcome : best;
    }
    return best;
}

/* The longest move's length, for the column of outcomes. */
static size_t widest_move(const cg_play_values *values) {
    size_t width = 0;
    for (size_t i = 0; i < values->count; i++) {
        size_t len = strlen(cg_strlist_at(&values->names, i));
        width = len > width ? len : width;
    }
    return width;
}

/* The hint event's lists of the winning and the drawing moves. */
static void report_best_moves(cg_report *event, const cg_play_values *values) {
    cg_strlist winning = CG_STRLIST_INIT, drawing = CG_STRLIST_INIT;
    for (size_t i = 0; i < values->count; i++) {
        cg_outcome o = values->moves[i].outcome;
        if (o != CG_OUTCOME_LOSS) {
            cg_strlist_addf(o == CG_OUTCOME_WIN ? &winning : &drawing, "%s",
                            cg_strlist_at(&values->names, i));
        }
    }
    cg_conv_event_list(event, "winning_moves", &winning);
    cg_conv_event_list(event, "drawing_moves", &drawing);
    event->failed |= cg_strlist_failed(&winning) || cg_strlist_failed(&drawing);
    cg_strlist_free(&winning);
    cg_strlist_free(&drawing);
}

/* The sentence before the lines of `values` or `hint`. */
static void say_values_heading(conversation *c, bool best_only, cg_outcome best) {
    if (c->values.count == 0) {
        cg_buf_puts(&c->text, "The game is over: no move is left.\n");
    } else if (!best_only) {
        cg_conv_say_position_value(c);
    } else if (best == CG_OUTCOME_LOSS) {
        cg_buf_puts(&c->text, "No move wins against perfect play; the hardest for me to beat:\n");
    } else {
        cg_buf_puts(&c->text, best == CG_OUTCOME_WIN ? "Winning moves:\n"
                                                     : "No move wins; these hold a draw:\n");
    }
}

/* `values` (all moves) or `hint` (the best outcome's moves). */
cg_status cg_conv_say_values(conversation *c, bool best_only, cg_error *err) {
    cg_status st = cg_conv_need_values(c, err);
    if (st != CG_OK) {
        return st;
    }
    const cg_play_values *values = &c->values;
    if (c->json) {
        cg_report event;
        cg_conv_event_open(c, &event, best_only ? "hint" : "values");
        if (best_only) {
            report_best_moves(&event, values);
        }
        cg_conv_report_move_values(&event, values);
        cg_conv_event_close(c, &event);
        return CG_OK;
    }
    cg_outcome best = best_outcome(values);
    size_t move_width = widest_move(values);
    say_values_heading(c, best_only, best);
    cg_rng same = c->rng; /* the hint does not change the computer's next choice */
    size_t hardest = best_only && best == CG_OUTCOME_LOSS
                         ? cg_play_choose(values, CG_LEVEL_PERFECT, &same, NULL)
                         : SIZE_MAX;
    size_t *order = malloc((values->count > 0 ? values->count : 1) * sizeof *order);
    if (order == NULL) {
        return cg_error_nomem(err, "ordering the moves");
    }
    st = cg_play_best_first(values, order, err);
    for (size_t k = 0; st == CG_OK && k < values->count; k++) {
        size_t i = order[k];
        if (!best_only || (hardest == SIZE_MAX ? values->moves[i].outcome == best : i == hardest)) {
            say_value_line(c, i, move_width);
        }
    }
    free(order);
    return st;
}
