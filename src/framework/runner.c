#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "framework/cgsolve_internal.h"

const char *cg_version(void) {
    return CGSOLVE_VERSION;
}

/* One run: the game, its state, and where the answers go. */
typedef struct run {
    const cg_game *game;
    void *state;
    const cg_options *options;
    const char *file;
    cg_budget budget;
    cg_report report;
    size_t report_held; /* bytes of the report's storage in the budget */
    /* What happens to each solved case: write it (cg_run) or hand it over
     * (cg_run_each). */
    cg_status (*deliver)(struct run *r, uint64_t number, cg_error *err);
    FILE *out;
    uint64_t *answered;
    cg_buf text;
    cg_case_callback each_case;
    void *context;
} run;

/* Fill the report for the case just solved, within the budget. */
static cg_status explain(run *r, uint64_t number, cg_error *err) {
    cg_report_reset(&r->report);
    cg_budget_give(&r->budget, r->report_held, 1);
    r->report_held = 0;
    size_t room = r->budget.limit - r->budget.used;
    r->report.max_bytes = room;
    r->game->explain_case(r->state, &r->report);
    if (r->report.over_limit) {
        cg_error_set(err, CG_ERR_LIMIT, "its explanation outgrows the memory limit of %zu bytes",
                     r->budget.limit);
        if (err != NULL) {
            err->over_budget = true;
        }
        return CG_ERR_LIMIT;
    }
    if (cg_report_failed(&r->report)) {
        return cg_error_set(err, CG_ERR_NOMEM,
                            "out of memory while building the explanation of case %llu",
                            (unsigned long long)number);
    }
    r->report_held = cg_report_bytes(&r->report) < room ? cg_report_bytes(&r->report) : room;
    return cg_budget_take(&r->budget, r->report_held, 1, "the explanation", err);
}

/* Format one solved case into out according to the output mode. */
static cg_status format_case(run *r, uint64_t number, bool separate, cg_buf *out, cg_error *err) {
    const cg_game *game = r->game;
    cg_output_mode mode = r->options->output;
    if (mode != CG_OUTPUT_JUDGE) {
        cg_status st = explain(r, number, err);
        if (st != CG_OK) {
            return st;
        }
    }
    if (mode != CG_OUTPUT_JSON) {
        if (separate) {
            cg_buf_puts(out, game->case_separator);
        }
        game->write_answer(r->state, number, out);
        if (mode == CG_OUTPUT_EXPLAIN) {
            cg_report_render_text(&r->report, 2, out);
        }
        return CG_OK;
    }
    cg_buf answer = CG_BUF_INIT;
    game->write_answer(r->state, number, &answer);
    cg_report_write_envelope(out, game->name, r->file, number, answer.data, answer.len, &r->report);
    bool failed = cg_buf_failed(&answer);
    cg_buf_free(&answer);
    return failed ? cg_error_nomem(err, "formatting JSON") : CG_OK;
}

/* Name the case a solving failure belongs to: "FILE:LINE: case K: ...". */
static cg_status locate_failure(const run *r, uint64_t line, uint64_t number, cg_status st,
                                cg_error *err) {
    if (err == NULL) {
        return st;
    }
    char message[CG_ERROR_MESSAGE_MAX];
    snprintf(message, sizeof message, "%s", err->message);
    bool over_budget = err->over_budget, on_output = err->on_output;
    cg_error_set_at(err, err->status, r->file, line, 0, "case %llu: %s", (unsigned long long)number,
                    message);
    err->over_budget = over_budget;
    err->on_output = on_output;
    return err->status;
}

static cg_status write_text(cg_buf *text, FILE *out, cg_error *err) {
    if (cg_buf_failed(text)) {
        return cg_error_nomem(err, "formatting an answer");
    }
    if (fwrite(text->data, 1, text->len, out) != text->len) {
        return cg_error_output(err);
    }
    return CG_OK;
}

/* cg_run's delivery: format the case in the output mode and write it. */
static cg_status write_case(run *r, uint64_t number, cg_error *err) {
    cg_buf_clear(&r->text);
    cg_status st = format_case(r, number, *r->answered > 0, &r->text, err);
    if (st == CG_OK && (st = write_text(&r->text, r->out, err)) == CG_OK) {
        (*r->answered)++;
    }
    return st;
}

/* cg_run_each's delivery: the answer and, unless judging only, the analysis. */
static cg_status hand_over(run *r, uint64_t number, cg_error *err) {
    cg_status st = r->options->output != CG_OUTPUT_JUDGE ? explain(r, number, err) : CG_OK;
    if (st != CG_OK) {
        return st;
    }
    cg_buf_clear(&r->text);
    r->game->write_answer(r->state, number, &r->text);
    if (cg_buf_failed(&r->text)) {
        return cg_error_nomem(err, "formatting an answer");
    }
    return r->each_case(r->context, number, r->text.data != NULL ? r->text.data : "", r->text.len,
                        &r->report, err);
}

/* The loop: read, solve and deliver each case in turn. */
static cg_status run_cases(run *r, cg_scanner *in, cg_error *err) {
    const cg_game *game = r->game;
    int64_t remaining = INT64_MAX; /* cases still to read when counted */
    cg_status st = CG_OK;
    if (game->case_count != NULL) {
        st = cg_scan_int(in, game->case_count, 0, INT64_MAX, &remaining, NULL, err);
    }
    uint64_t number = 0;
    while (st == CG_OK && remaining > 0) {
        bool at_end;
        if ((st = cg_scan_at_end(in, &at_end, err)) != CG_OK) {
            break;
        }
        uint64_t line = cg_scanner_line(in);
        if ((st = game->read_case(r->state, in, err)) != CG_OK) {
            if (st == CG_ERR_LIMIT && err != NULL && err->over_budget) {
                st = locate_failure(r, line, number + 1, st, err);
            }
            break;
        }
        remaining -= game->case_count != NULL;
        number++;
        st = game->solve_case(r->state, err);
        if (st == CG_OK) {
            st = r->deliver(r, number, err);
        }
        if (st != CG_OK) {
            st = locate_failure(r, line, number, st, err);
            break;
        }
    }
    return st == CG_END ? CG_OK : st;
}

/* Answers written so far reach the reader before the input is waited for,
 * so a case typed or streamed in is answered as soon as it is complete. */
static void flush_before_wait(void *out) {
    fflush(out);
}

/* Set up a run, loop over the cases, and release it. */
static cg_status run_all(run *r, cg_scanner *in, cg_error *err) {
    const cg_game *game = r->game;
    const cg_options *options = r->options;
    r->file = cg_scanner_name(in);
    /* memory_limit 0: the game's own default, else the global one */
    r->budget = cg_budget_make(cg_options_memory(options, game->default_memory));
    r->state = calloc(1, game->state_size);
    if (r->state == NULL) {
        return cg_error_nomem(err, "starting the game");
    }
    cg_report_init(&r->report);
    cg_status st = game->open(r->state, options, &r->budget, err);
    if (st == CG_OK) {
        st = run_cases(r, in, err);
    }
    cg_buf_free(&r->text);
    cg_report_free(&r->report);
    game->close(r->state);
    free(r->state);
    return st;
}

cg_status cg_run(const cg_game *game, cg_scanner *in, const cg_options *options, FILE *out,
                 uint64_t *answered, cg_error *err) {
    if (game == NULL || in == NULL || options == NULL || out == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_run: NULL %s",
                            game == NULL      ? "game"
                            : in == NULL      ? "input"
                            : options == NULL ? "options"
                                              : "output");
    }
    uint64_t answered_here = 0;
    run r;
    memset(&r, 0, sizeof r);
    r.game = game;
    r.options = options;
    r.deliver = write_case;
    r.out = out;
    r.answered = answered != NULL ? answered : &answered_here;
    cg_scanner_set_before_wait(in, flush_before_wait, out);
    cg_status st = run_all(&r, in, err);
    cg_scanner_set_before_wait(in, NULL, NULL);
    if (fflush(out) != 0 && st == CG_OK) {
        st = cg_error_output(err);
    }
    return st;
}

cg_status cg_run_each(const cg_game *game, cg_scanner *in, const cg_options *options,
                      cg_case_callback each_case, void *context, cg_error *err) {
    if (game == NULL || in == NULL || options == NULL || each_case == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_run_each: NULL %s",
                            game == NULL      ? "game"
                            : in == NULL      ? "input"
                            : options == NULL ? "options"
                                              : "callback");
    }
    run r;
    memset(&r, 0, sizeof r);
    r.game = game;
    r.options = options;
    r.deliver = hand_over;
    r.each_case = each_case;
    r.context = context;
    return run_all(&r, in, err);
}
