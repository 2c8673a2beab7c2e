/* Misère play of an octal game through the one-call API (cgsolve.h): the
 * analysis line of `cgsolve grundy CODE --misere --json`, of the heaps or of
 * a sum. The work is misere_report.c's; this file wires it to memory. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "octal/grundy_table_internal.h"
#include "octal/misere_report_internal.h"

/* The call says the heaps, the sum and the output; --misere is implied. */
static const char misere_refused[] = "misere|sum|explain|format|json|color";

/* --upto N, stored by its declaration as the command line stores it. */
static cg_status set_upto(cg_options *options, uint64_t upto, cg_error *err) {
    const cg_option_spec *spec = cg_option_find(cg_grundy_options, "upto");
    if (spec == NULL) {
        return cg_error_set(err, CG_ERR_INTERNAL, "grundy declares no --upto");
    }
    char text[24];
    snprintf(text, sizeof text, "%llu", (unsigned long long)upto);
    return cg_option_set(options, spec, text, err);
}

cg_status cg_misere_text(const char *code, uint64_t upto, const char *const *heaps, size_t count,
                         const cg_call *call, cg_text *json, cg_api_error *err) {
    if (json == NULL) {
        return api_usage(err, "cg_misere_text: json is NULL");
    }
    json->data = NULL;
    json->len = 0;
    if (code == NULL || (heaps == NULL && count > 0)) {
        return api_usage(err, "cg_misere_text: %s is NULL", code == NULL ? "code" : "heaps");
    }
    const api_accepts accepts = {
        {cg_common_options, cg_misere_options, NULL}, misere_refused, "grundy --misere"};
    cg_options options;
    cg_error e;
    cg_error_clear(&e);
    cg_status st = api_options(&options, call, &accepts, &e);
    if (st == CG_OK && heaps == NULL) {
        st = set_upto(&options, upto, &e);
    }
    if (st != CG_OK) {
        api_fail(err, &e);
        return st;
    }
    options.misere = true;
    options.sum = heaps != NULL;
    options.output = CG_OUTPUT_JSON;
    char *analysis = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&analysis, &len);
    if (out == NULL) {
        st = cg_error_nomem(&e, "opening the analysis");
    } else {
        st = cg_write_misere(code, heaps, count, &options, out, &e);
        if (fclose(out) != 0 && st == CG_OK) {
            st = cg_error_set(&e, CG_ERR_NOMEM, "writing the analysis: %s", strerror(errno));
        }
    }
    if (st == CG_OK || (st == CG_ERR_STOPPED && len > 0)) {
        json->data = analysis; /* stopped: the analysis of the heaps done so far */
        json->len = len;
    } else {
        free(analysis);
    }
    if (st != CG_OK) {
        api_fail(err, &e);
    }
    return st;
}
