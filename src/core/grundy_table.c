#include "cgsolve/grundy_table.h"

#include "cgsolve/buf.h"
#include "cgsolve/octal.h"

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

cg_status cg_write_grundy_table(const char *text, uint64_t upto, const cg_options *options,
                                FILE *out, cg_error *err) {
    cg_octal_code code;
    cg_status st = cg_octal_parse(text, &code, err);
    if (st != CG_OK) {
        return st;
    }
    if (upto >= SIZE_MAX / sizeof(cg_nimber)) {
        return cg_error_set(err, CG_ERR_LIMIT, "--upto %llu is too large",
                            (unsigned long long)upto);
    }
    cg_grundy_seq seq;
    cg_grundy_seq_init(&seq, &code);
    seq.max_count = options->memory_limit / sizeof(cg_nimber);
    st = cg_grundy_seq_extend(&seq, (size_t)upto, err);
    if (st != CG_OK) {
        cg_grundy_seq_free(&seq);
        return st;
    }
    char name[CG_OCTAL_MAX_DIGITS + 4];
    cg_octal_format(&code, name, sizeof name);
    size_t preperiod = 0;
    size_t period = cg_octal_find_period(seq.values, seq.count, &code, &preperiod);
    uint64_t checksum = cg_grundy_checksum(seq.values, seq.count);

    cg_buf buf = CG_BUF_INIT;
    if (options->output == CG_OUTPUT_JSON) {
        cg_buf_printf(&buf, "{\"code\":\"%s\",\"upto\":%llu,\"values\":[", name,
                      (unsigned long long)upto);
        for (size_t n = 0; n < seq.count; n++) {
            cg_buf_printf(&buf, n == 0 ? "%llu" : ",%llu", (unsigned long long)seq.values[n]);
        }
        cg_buf_puts(&buf, "]");
        if (period > 0) {
            cg_buf_printf(&buf, ",\"period\":%zu,\"preperiod\":%zu", period, preperiod);
        }
        cg_buf_printf(&buf, ",\"checksum\":\"%016llx\"}\n", (unsigned long long)checksum);
    } else {
        for (size_t n = 0; n < seq.count; n++) {
            if (options->output == CG_OUTPUT_EXPLAIN) {
                cg_buf_printf(&buf, "G(%zu) = ", n);
            }
            cg_buf_put_uint(&buf, seq.values[n]);
            cg_buf_putc(&buf, '\n');
        }
        if (options->output == CG_OUTPUT_EXPLAIN) {
            cg_buf_printf(&buf, "code: %s\n", name);
            if (period > 0) {
                cg_buf_printf(&buf,
                              "period: %zu from heap %zu on (proven by the octal "
                              "periodicity theorem)\n",
                              period, preperiod);
            } else {
                cg_buf_puts(&buf, "period: none proven within the values computed\n");
            }
            cg_buf_printf(&buf, "checksum: %016llx\n", (unsigned long long)checksum);
        }
    }
    cg_grundy_seq_free(&seq);
    if (cg_buf_failed(&buf)) {
        cg_buf_free(&buf);
        return cg_error_nomem(err, "formatting the Grundy table");
    }
    size_t written = fwrite(buf.data, 1, buf.len, out);
    bool ok = written == buf.len && fflush(out) == 0;
    cg_buf_free(&buf);
    return ok ? CG_OK : cg_error_set(err, CG_ERR_IO, "write error on the output");
}
