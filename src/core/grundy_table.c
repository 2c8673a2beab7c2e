#include "cgsolve/grundy_table.h"

#include "cgsolve/buf.h"
#include "cgsolve/octal.h"
#include <errno.h>
#include <string.h>

const cg_option_spec cg_grundy_options[] = {
    {CG_OPTION_UPTO, "upto", 'n', CG_ARG_INT, "N", "compute G(0..N) (default 100)", 0,
     (int64_t)1 << 40, NULL},
    {CG_OPTION_COUNT, NULL, 0, CG_ARG_NONE, NULL, NULL, 0, 0, NULL},
};

uint64_t cg_grundy_checksum(const cg_nimber *values, size_t count) {
    uint64_t hash = 14695981039346656037u;
    char digits[24];
    for (size_t i = 0; i < count; i++) {
        int n = snprintf(digits, sizeof digits, i == 0 ? "%llu" : ",%llu",
                         (unsigned long long)values[i]);
        for (int k = 0; k < n; k++) {
            hash = (hash ^ (unsigned char)digits[k]) * 1099511628211u;
        }
    }
    return hash;
}

/* The analysis of a computed sequence. */
static void analyse(const cg_grundy_seq *seq, cg_report *report) {
    char name[CG_OCTAL_MAX_DIGITS + 4];
    cg_octal_format(&seq->code, name, sizeof name);
    cg_report_string(report, "code", name);
    cg_report_int(report, "upto", (int64_t)seq->count - 1);
    cg_report_open_list(report, "values");
    size_t largest_at = 0;
    for (size_t n = 0; n < seq->count; n++) {
        cg_report_int(report, NULL, (int64_t)seq->values[n]);
        largest_at = seq->values[n] > seq->values[largest_at] ? n : largest_at;
    }
    cg_report_close(report);
    size_t preperiod = 0;
    size_t period = cg_octal_find_period(seq->values, seq->count, &seq->code, &preperiod);
    if (period > 0) {
        cg_report_open_object(report, "period");
        cg_report_int(report, "period", (int64_t)period);
        cg_report_int(report, "preperiod", (int64_t)preperiod);
        cg_report_close(report);
    } else {
        cg_report_null(report, "period");
    }
    cg_report_int(report, "largest_value", (int64_t)seq->values[largest_at]);
    cg_report_int(report, "largest_value_at", (int64_t)largest_at);
    cg_report_printf(report, "checksum", "%016llx",
                     (unsigned long long)cg_grundy_checksum(seq->values, seq->count));
}

static cg_status format(const cg_grundy_seq *seq, const cg_options *options, cg_buf *out,
                        cg_error *err) {
    cg_buf values = CG_BUF_INIT;
    for (size_t n = 0; n < seq->count; n++) {
        cg_buf_put_uint(&values, seq->values[n]);
        cg_buf_putc(&values, '\n');
    }
    cg_report report;
    cg_report_init(&report);
    if (options->output != CG_OUTPUT_JUDGE) {
        analyse(seq, &report);
    }
    if (options->output == CG_OUTPUT_JSON) {
        cg_report_write_envelope(out, "grundy", NULL, 1, values.data, values.len, &report);
    } else {
        cg_buf_append(out, values.data != NULL ? values.data : "", values.len);
        if (options->output == CG_OUTPUT_EXPLAIN) {
            cg_report_render_text(&report, 2, out);
        }
    }
    bool failed = cg_buf_failed(&values) || cg_report_failed(&report) || cg_buf_failed(out);
    cg_report_free(&report);
    cg_buf_free(&values);
    return failed ? cg_error_nomem(err, "formatting the Grundy table") : CG_OK;
}

cg_status cg_write_grundy_table(const char *text, const cg_options *options, FILE *out,
                                cg_error *err) {
    cg_octal_code code;
    cg_status st = cg_octal_parse(text, &code, err);
    if (st != CG_OK) {
        return st;
    }
    if (options->upto >= SIZE_MAX / sizeof(cg_nimber)) {
        return cg_error_set(err, CG_ERR_LIMIT, "G(0..%llu) is too large a table",
                            (unsigned long long)options->upto);
    }
    cg_budget budget = cg_budget_make(options->memory_limit);
    cg_grundy_seq seq;
    cg_grundy_seq_init(&seq, &code, &budget);
    st = cg_grundy_seq_extend(&seq, (size_t)options->upto, err);
    cg_buf buf = CG_BUF_INIT;
    if (st == CG_OK) {
        st = format(&seq, options, &buf, err);
    }
    cg_grundy_seq_free(&seq);
    if (st == CG_OK && (fwrite(buf.data, 1, buf.len, out) != buf.len || fflush(out) != 0)) {
        st = cg_error_set(err, CG_ERR_IO, "write error on the output: %s", strerror(errno));
    }
    cg_buf_free(&buf);
    return st;
}
