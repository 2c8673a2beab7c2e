#include <stdlib.h>
#include <string.h>

#include "cgsolve/cgsolve.h"

void cg_options_init(cg_options *options) {
    memset(options, 0, sizeof *options);
    options->output = CG_OUTPUT_JUDGE;
    options->memory_limit = CG_DEFAULT_MEMORY_LIMIT;
}

/* The judge answer without trailing newlines, for the JSON "answer" field. */
static size_t trimmed_length(const cg_buf *answer, size_t from) {
    size_t end = answer->len;
    while (end > from && answer->data[end - 1] == '\n') {
        end--;
    }
    return end - from;
}

/* Format one solved case into out according to the output mode. */
static cg_status format_case(const cg_game *game, void *state, const cg_options *options,
                             uint64_t number, cg_report *report, cg_buf *out, cg_error *err) {
    if (options->output == CG_OUTPUT_JUDGE) {
        if (number > 1) {
            cg_buf_puts(out, game->case_separator);
        }
        game->write_answer(state, number, out);
        return CG_OK;
    }
    cg_report_reset(report);
    game->explain_case(state, report);
    if (cg_report_failed(report)) {
        return cg_error_set(err, CG_ERR_NOMEM, "could not build the explanation of case %llu",
                            (unsigned long long)number);
    }
    if (options->output == CG_OUTPUT_EXPLAIN) {
        if (number > 1) {
            cg_buf_puts(out, game->case_separator);
        }
        game->write_answer(state, number, out);
        cg_report_render_text(report, 2, out);
        return CG_OK;
    }
    cg_buf_puts(out, "{\"game\":");
    cg_buf_put_json_string(out, game->name, strlen(game->name));
    cg_buf_printf(out, ",\"case\":%llu,\"answer\":", (unsigned long long)number);
    size_t answer_at = out->len;
    game->write_answer(state, number, out);
    /* Move the raw answer aside, then emit it as a JSON string. */
    cg_buf raw = CG_BUF_INIT;
    cg_buf_append(&raw, out->data + answer_at, trimmed_length(out, answer_at));
    out->len = answer_at;
    cg_buf_put_json_string(out, raw.data != NULL ? raw.data : "", raw.len);
    bool failed = cg_buf_failed(&raw);
    cg_buf_free(&raw);
    cg_buf_puts(out, ",\"analysis\":");
    cg_report_render_json(report, out);
    cg_buf_puts(out, "}\n");
    return failed ? cg_error_nomem(err, "formatting JSON") : CG_OK;
}

cg_status cg_run(const cg_game *game, cg_scanner *in, const cg_options *options, FILE *out,
                 cg_error *err) {
    void *state = calloc(1, game->state_size);
    if (state == NULL) {
        return cg_error_nomem(err, "starting the game");
    }
    int64_t remaining = INT64_MAX; /* cases still to read when counted */
    cg_status st = game->open(state, options, err);
    if (st == CG_OK && game->case_count != NULL) {
        st = cg_scan_int(in, game->case_count, 0, INT64_MAX, &remaining, NULL, err);
    }
    if (st != CG_OK) {
        game->close(state);
        free(state);
        fflush(out);
        return st;
    }
    cg_buf text = CG_BUF_INIT;
    cg_report report;
    cg_report_init(&report);
    uint64_t number = 0;
    while (remaining > 0 && (st = game->read_case(state, in, err)) == CG_OK) {
        remaining -= game->case_count != NULL;
        number++;
        st = game->solve_case(state, err);
        if (st != CG_OK) {
            break;
        }
        cg_buf_clear(&text);
        st = format_case(game, state, options, number, &report, &text, err);
        if (st != CG_OK) {
            break;
        }
        if (cg_buf_failed(&text)) {
            st = cg_error_nomem(err, "formatting an answer");
            break;
        }
        if (fwrite(text.data, 1, text.len, out) != text.len) {
            st = cg_error_set(err, CG_ERR_IO, "write error on the output");
            break;
        }
    }
    if (st == CG_END) {
        st = CG_OK;
    }
    if (fflush(out) != 0 && st == CG_OK) {
        st = cg_error_set(err, CG_ERR_IO, "write error on the output");
    }
    cg_report_free(&report);
    cg_buf_free(&text);
    game->close(state);
    free(state);
    return st;
}
