#include "octal/grundy_table_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf_internal.h"
#include "core/clock_internal.h"
#include "octal/certificate_internal.h"
#include "octal/grundy_check_internal.h"
#include "octal/octal_engine_internal.h"
#include "octal/octal_period_internal.h"

#define CHECKPOINT_SECONDS 30.0 /* at most this long between checkpoints */
#define LISTED_VALUES 100000    /* the JSON and YAML analyses list values up to here */
#define WINDOW_HEAD 64          /* --window-from N keeps the first N / WINDOW_HEAD values */
#define WINDOW_SLACK 65536      /* values emitted after each chunk: the chunk's length at most */
#define FILL_STRETCH ((size_t)1 << 22) /* values from a period between looks at an interrupt */

const cg_option_spec cg_grundy_options[] = {
    CG_UPTO_OPTION("compute G(0..N) (default 100)"),
    {.name = "method",
     .short_name = 'A',
     .arg = CG_ARG_CHOICE,
     .arg_name = "METHOD",
     .help = "auto (default), naive (all splits) or sparse (rare ones)",
     CG_OPTION_FIELD(method),
     .choices = "auto|naive|sparse"},
    {.name = "until-period",
     .short_name = 'U',
     .arg = CG_ARG_NONE,
     .help = "stop computing once a period is proven",
     CG_OPTION_FIELD(until_period)},
    {.name = "values-out",
     .short_name = 'O',
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "write the values to FILE instead of standard output",
     CG_OPTION_FIELD(values_out)},
    {.name = "checkpoint",
     .short_name = 'K',
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "save the values to FILE now and then, and at the end",
     CG_OPTION_FIELD(checkpoint)},
    {.name = "resume",
     .short_name = 'Z',
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "start from a checkpoint",
     CG_OPTION_FIELD(resume)},
    CG_PROGRESS_OPTION,
    CG_THREADS_OPTION,
    {.name = "certificate",
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "prove the period to FILE (implies --until-period)",
     CG_OPTION_FIELD(certificate)},
    {.name = "window-from",
     .arg = CG_ARG_INT,
     .arg_name = "N",
     .help = "past heap N keep only a window (default: never)",
     CG_OPTION_FIELD(window_from),
     .def = 0,
     .min = 1024,
     .max = (int64_t)1 << 40},
    {.name = "spill",
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "with --window-from: keep the dropped values in FILE",
     CG_OPTION_FIELD(spill)},
    {.name = NULL},
};

const cg_option_spec cg_verify_options[] = {
    CG_PROGRESS_OPTION,
    {.name = NULL},
};

const cg_option_spec cg_misere_run_options[] = {
    CG_UPTO_OPTION("heaps 0..N (default 20)"),
    {.name = "progress", /* misère play's shows only when asked */
     .short_name = 'G',
     .arg = CG_ARG_NONE,
     .help = "progress on standard error",
     CG_OPTION_FIELD(progress)},
    {.name = NULL},
};

/* One run of `cgsolve grundy`. */
typedef struct grundy_run {
    cg_octal_engine engine;
    cg_period_watch watch; /* with --until-period: long periods as they come */
    const cg_options *options;
    const cg_grundy_hooks *hooks;
    FILE *out, *values_out;
    size_t written;    /* values written so far */
    uint64_t checksum; /* of the values written */
    size_t period, preperiod;
    bool until_period; /* asked, or implied by a certificate */
    double last_checkpoint;
} grundy_run;

static uint64_t engine_at(const void *engine, size_t n) {
    return cg_octal_engine_at(engine, n);
}

/* G(n), computed or, past a proven period, derived from it. */
static uint64_t value_at(const grundy_run *r, size_t n) {
    if (n < r->engine.count) {
        return cg_octal_engine_at(&r->engine, n);
    }
    return cg_octal_engine_at(&r->engine, r->preperiod + (n - r->preperiod) % r->period);
}

/* The values' own file failed, or the output when they go there (then the
 * front end knows its stream's failure is said). */
static cg_status values_write_failed(const grundy_run *r, cg_error *err) {
    if (r->values_out == r->out) {
        return cg_error_output(err);
    }
    return cg_error_set(err, CG_ERR_IO, "write error on the values: %s", strerror(errno));
}

/* Write G(written..upto_here) to the values stream, one a line. */
static cg_status emit(grundy_run *r, size_t upto_here, cg_error *err) {
    char line[CG_UINT_DIGITS + 1];
    for (; r->written <= upto_here; r->written++) {
        if (!cg_octal_store_holds(&r->engine, r->written)) {
            return cg_error_set(err, CG_ERR_INTERNAL, "G(%zu) was dropped before it was written",
                                r->written);
        }
        uint64_t v = value_at(r, r->written);
        r->checksum = cg_grundy_checksum_add(r->checksum, r->written, v);
        size_t n = cg_format_uint(line, v);
        line[n++] = '\n';
        if (r->values_out != NULL && fwrite(line, 1, n, r->values_out) != n) {
            return values_write_failed(r, err);
        }
    }
    if (r->values_out != NULL && fflush(r->values_out) != 0) {
        return values_write_failed(r, err);
    }
    return CG_OK;
}

static cg_status checkpoint(grundy_run *r, bool force, cg_error *err) {
    if (r->options->checkpoint == NULL ||
        (!force && cg_seconds() - r->last_checkpoint < CHECKPOINT_SECONDS)) {
        return CG_OK;
    }
    r->last_checkpoint = cg_seconds();
    return cg_octal_engine_save(&r->engine, r->options->checkpoint, err);
}

/* Tell the caller how far the run is (known values of upto + 1); true:
 * the caller asks it to stop. */
static bool asked_to_stop(const grundy_run *r, size_t known, size_t upto) {
    const cg_grundy_hooks *h = r->hooks;
    return h != NULL && h->progress != NULL &&
           h->progress(h->context, known, upto + 1, cg_octal_engine_rare_count(&r->engine));
}

static cg_status stopped(const grundy_run *r, cg_error *err) {
    return cg_error_set(err, CG_ERR_STOPPED, "stopped after %zu values", r->written);
}

/* An interrupt asked for: the checkpoint saved (when one was asked), then
 * CG_ERR_STOPPED. */
static cg_status stop_saved(grundy_run *r, cg_error *err) {
    cg_status saved = checkpoint(r, true, err);
    return saved != CG_OK ? saved : stopped(r, err);
}

/* Compute chunk after chunk (1,024 values, doubling to 65,536) up to upto
 * or a proven period: each written at once, the period looked for when
 * asked, the checkpoint saved now and then. */
static cg_status compute_chunks(grundy_run *r, size_t upto, cg_error *err) {
    size_t chunk = 1024;
    cg_status st = CG_OK;
    while (st == CG_OK && r->engine.count <= upto && r->period == 0) {
        size_t target = r->engine.count + chunk - 1 < upto ? r->engine.count + chunk - 1 : upto;
        st = cg_octal_engine_extend(&r->engine, target, err);
        if (st == CG_OK) {
            st = emit(r, target, err);
        }
        if (st == CG_OK && r->until_period) {
            st = cg_octal_search_period(&r->watch, &r->engine, engine_at, r->engine.count,
                                        &r->period, &r->preperiod, err);
            cg_octal_store_trim(&r->engine); /* what the search read back leaves again */
        }
        if (st == CG_OK) {
            st = checkpoint(r, false, err);
        }
        chunk = chunk < ((size_t)1 << 16) ? chunk * 2 : chunk;
        if (st == CG_OK && asked_to_stop(r, r->engine.count, upto)) {
            return stop_saved(r, err);
        }
    }
    return st;
}

/* The rest follows from the period: up to 2^40 values, written a stretch
 * at a time so that progress shows and an interrupt stops it. */
static cg_status fill_from_period(grundy_run *r, size_t upto, cg_error *err) {
    cg_status st = CG_OK;
    while (st == CG_OK && r->period != 0 && r->written <= upto) {
        size_t last = upto - r->written >= FILL_STRETCH ? r->written + FILL_STRETCH - 1 : upto;
        st = emit(r, last, err);
        if (st == CG_OK && r->written <= upto && asked_to_stop(r, r->written, upto)) {
            return stop_saved(r, err);
        }
    }
    return st;
}

/* Compute in chunks: write each at once, look for a period when asked,
 * report progress, save checkpoints. CG_ERR_STOPPED: interrupted (all
 * written so far is valid, and saved when a checkpoint was asked). */
static cg_status compute(grundy_run *r, cg_error *err) {
    size_t upto = (size_t)r->options->upto;
    cg_status st = CG_OK;
    if (r->engine.count > 0) {
        st = emit(r, r->engine.count - 1 < upto ? r->engine.count - 1 : upto, err);
    }
    if (st == CG_OK && asked_to_stop(r, r->engine.count, upto)) {
        return stopped(r, err); /* nothing computed: the checkpoint resumed from stands */
    }
    if (st == CG_OK) {
        st = compute_chunks(r, upto, err);
    }
    if (st == CG_OK) {
        st = fill_from_period(r, upto, err);
    }
    if (st == CG_OK) {
        st = checkpoint(r, true, err);
    }
    return st;
}

/* Write the certificate of the period found (none found: an error). */
static cg_status write_certificate(const grundy_run *r, cg_error *err) {
    const cg_octal_engine *e = &r->engine;
    if (r->period == 0) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "no period proven in G(0..%zu): no certificate written to '%s'",
                            e->count > 0 ? e->count - 1 : 0, r->options->certificate);
    }
    cg_certificate c = {e->code, r->preperiod, r->period, 0, CG_GRUNDY_CHECKSUM_START};
    c.extent = cg_certificate_extent(&e->code, r->preperiod, r->period);
    if (c.extent > e->count) {
        return cg_error_set(err, CG_ERR_INTERNAL, "the period was proven from too few values");
    }
    for (size_t n = 0; n < c.extent; n++) {
        c.checksum = cg_grundy_checksum_add(c.checksum, n, cg_octal_engine_at(e, n));
        if (n % CG_OCTAL_TRIM_EVERY == 0) {
            cg_octal_store_trim(e); /* a spill file's values read back leave again */
        }
    }
    return cg_certificate_write(&c, r->options->certificate, err);
}

static const char *method_name(cg_engine_method method) {
    return method == CG_ENGINE_NAIVE ? "naive" : method == CG_ENGINE_SPARSE ? "sparse" : "auto";
}

/* Whether every value computed can be read: a windowed store keeps only
 * its head and window, unless a spill file keeps the rest. */
static bool every_value_readable(const cg_octal_engine *e) {
    return !e->store.windowed || e->store.spill != NULL;
}

/* The analysis of the run. */
static void analyse(grundy_run *r, cg_report *report) {
    const cg_octal_engine *e = &r->engine;
    size_t upto = (size_t)r->options->upto;
    char name[CG_OCTAL_MAX_DIGITS + 4];
    cg_octal_format(&e->code, name, sizeof name);
    cg_report_string(report, "code", name);
    cg_report_string(report, "method", method_name(e->method));
    cg_report_int(report, "upto", (int64_t)upto);
    cg_report_int(report, "computed", (int64_t)(e->count < upto + 1 ? e->count : upto + 1));
    size_t listed = upto < LISTED_VALUES && every_value_readable(e) ? upto + 1 : 0;
    cg_report_open_list(report, "values");
    for (size_t n = 0; n < listed; n++) {
        cg_report_int(report, NULL, (int64_t)value_at(r, n));
    }
    cg_report_close(report);
    cg_report_int(report, "values_omitted", (int64_t)(upto + 1 - listed));
    /* the search reads back to the preperiod: not over a spill file at the
     * end (it would bring the whole file back at once), only as the run
     * goes with --until-period */
    if (r->period == 0 && !e->store.windowed) {
        r->period = cg_octal_find_period_in(e, engine_at, e->count < upto + 1 ? e->count : upto + 1,
                                            &e->code, &r->preperiod);
    }
    if (r->period > 0) {
        cg_report_open_object(report, "period");
        cg_report_int(report, "period", (int64_t)r->period);
        cg_report_int(report, "preperiod", (int64_t)r->preperiod);
        cg_report_close(report);
    } else {
        cg_report_null(report, "period");
    }
    cg_report_int(report, "largest_value", e->largest);
    cg_report_int(report, "largest_value_at", (int64_t)e->largest_at);
    cg_report_printf(report, "checksum", "%016llx", (unsigned long long)r->checksum);
    cg_report_int(report, "mask", e->mask);
    cg_report_int(report, "rare_positions", (int64_t)cg_octal_engine_rare_count(e));
    cg_report_int(
        report, "last_rare",
        e->rare_count > 0 && e->mask != 0 ? (int64_t)cg_rare_at(e->rare[e->rare_count - 1]) : -1);
    if (e->store.windowed) {
        cg_report_open_object(report, "window");
        cg_report_int(report, "head", (int64_t)e->store.head);
        cg_report_int(report, "kept_from", (int64_t)e->store.low);
        cg_report_bool(report, "period_searched", e->store.spill != NULL && r->until_period);
        cg_report_bool(report, "spilled", e->store.spill != NULL);
        cg_report_close(report);
    }
}

/* What can be refused before computing: a checkpoint that cannot be
 * written, and a table that cannot fit in the memory limit. The table is
 * 16-bit values grown by doubling from 1024 (as the engine's reserve does),
 * up to exactly the values asked for, the old block held while the new one
 * is filled: at least that peak is needed, unless a period may end the run
 * early (--until-period). */
static cg_status probe_up_to(const cg_options *options, uint64_t last, cg_error *err) {
    size_t wanted = (size_t)last + 1, before = 1024;
    while (before * 2 < wanted) {
        before *= 2;
    }
    size_t peak = before < wanted ? before + wanted : wanted;
    cg_budget probe = cg_budget_make(cg_options_memory(options, 0));
    char what[96];
    snprintf(what, sizeof what, "the table of G(0..%llu)", (unsigned long long)options->upto);
    return cg_budget_take(&probe, peak, sizeof(uint16_t), what, err);
}

/* Where the window may engage (SIZE_MAX: never): past --window-from N
 * when given. Never by default: a windowed run stops where a later heap
 * needs a dropped value (0.007's rare positions keep coming), so a run
 * whose table does not fit is refused at once instead of failing late. */
static size_t window_start(const cg_options *options) {
    if (options->window_from == 0 || (uint64_t)options->window_from > options->upto ||
        options->method == CG_ENGINE_NAIVE) {
        return SIZE_MAX; /* the naive engine reads every value: never windowed */
    }
    return (size_t)options->window_from;
}

static cg_status probe_table(const cg_options *options, bool windowed, cg_error *err) {
    if (options->until_period) {
        return CG_OK;
    }
    size_t from = windowed ? window_start(options) : SIZE_MAX; /* past it: maybe a window */
    return probe_up_to(options, from < options->upto ? from : options->upto, err);
}

/* A resumed run's table is probed once the checkpoint is read: a windowed
 * one holds no table of G(0..upto). */
static cg_status check_before(const cg_options *options, cg_error *err) {
    cg_status st = cg_grundy_check(options, err);
    if (st != CG_OK) {
        return st;
    }
    return options->resume != NULL ? CG_OK : probe_table(options, true, err);
}

static cg_status finish(grundy_run *r, cg_error *err) {
    if (r->options->output == CG_OUTPUT_JUDGE) {
        return CG_OK;
    }
    cg_report report;
    cg_report_init(&report);
    analyse(r, &report);
    cg_buf text = CG_BUF_INIT;
    if (cg_report_failed(&report)) {
        cg_buf_fail(&text); /* never render a failed report */
    } else if (r->options->output == CG_OUTPUT_JSON) {
        cg_report_write_envelope(&text, "grundy", NULL, 1, "", 0, &report);
    } else {
        cg_report_render_text(&report, 2, &text);
    }
    bool failed = cg_report_failed(&report) || cg_buf_failed(&text);
    cg_status st = failed ? cg_error_nomem(err, "formatting the analysis") : CG_OK;
    if (st == CG_OK && fwrite(text.data, 1, text.len, r->out) != text.len) {
        st = cg_error_output(err);
    }
    cg_buf_free(&text);
    cg_report_free(&report);
    return st;
}

cg_status cg_check_grundy_certificate(const cg_options *options, FILE *out, cg_error *err) {
    cg_certificate c;
    cg_status st = cg_certificate_read(options->verify, &c, err);
    if (st != CG_OK) {
        return st;
    }
    cg_budget budget = cg_budget_make(cg_options_memory(options, 0));
    st = cg_certificate_verify(&c, &budget, options->progress_hook, options->progress_context, err);
    char name[CG_OCTAL_NAME_SIZE];
    cg_octal_format(&c.code, name, sizeof name);
    if (st == CG_ERR_INPUT) {
        cg_error why = *err;
        return cg_error_set(err, CG_ERR_INPUT, "%s: the certificate of %s does not hold: %s",
                            options->verify, name, why.message);
    }
    if (st != CG_OK) {
        return st;
    }
    cg_report report;
    cg_report_init(&report);
    cg_report_string(&report, "certificate", options->verify);
    cg_report_string(&report, "code", name);
    cg_report_int(&report, "period", (int64_t)c.period);
    cg_report_int(&report, "preperiod", (int64_t)c.preperiod);
    cg_report_int(&report, "extent", (int64_t)c.extent);
    cg_report_printf(&report, "checksum", "%016llx", (unsigned long long)c.checksum);
    cg_report_bool(&report, "verified", true);
    cg_buf text = CG_BUF_INIT;
    if (options->output == CG_OUTPUT_JSON) {
        cg_report_write_envelope(&text, "grundy", NULL, 1, "verified", 8, &report);
    } else if (options->output == CG_OUTPUT_JUDGE) {
        cg_buf_printf(&text, "verified: %s has period %llu from heap %llu (G(0..%llu) checked)\n",
                      name, (unsigned long long)c.period, (unsigned long long)c.preperiod,
                      (unsigned long long)c.extent - 1);
    } else {
        cg_report_render_text(&report, 0, &text);
    }
    bool failed = cg_report_failed(&report) || cg_buf_failed(&text);
    st = failed ? cg_error_nomem(err, "formatting the check") : CG_OK;
    if (st == CG_OK && (fwrite(text.data, 1, text.len, out) != text.len || fflush(out) != 0)) {
        st = cg_error_output(err);
    }
    cg_buf_free(&text);
    cg_report_free(&report);
    return st;
}

/* Hand the engine's table to the caller: the values written (G(0..written
 * - 1)), past a proven period filled in from it. The engine forgets the
 * table, so freeing it leaves the memory to the caller. */
static cg_status take_table(grundy_run *r, cg_grundy_taken *taken, cg_error *err) {
    cg_octal_engine *e = &r->engine;
    size_t width = e->wide != NULL ? sizeof *e->wide : sizeof *e->narrow;
    void *values = e->wide != NULL ? (void *)e->wide : (void *)e->narrow;
    size_t count = r->written;
    if (count == 0 || values == NULL) {
        return CG_OK;
    }
    if (count > e->capacity) {
        cg_status st = cg_budget_take(e->budget, count - e->capacity, width,
                                      "the values past the period", err);
        void *grown = st == CG_OK ? realloc(values, count * width) : NULL;
        if (grown == NULL) {
            if (st == CG_OK) {
                cg_budget_give(e->budget, count - e->capacity, width);
            }
            return st != CG_OK ? st : cg_error_nomem(err, "the values past the period");
        }
        e->held += (count - e->capacity) * width;
        values = grown;
        if (e->wide != NULL) {
            e->wide = grown;
        } else {
            e->narrow = grown;
        }
        e->capacity = count;
    }
    for (size_t n = e->count; n < count; n++) { /* the period's: G(n) of a computed heap */
        uint64_t v = value_at(r, n);
        if (e->wide != NULL) {
            e->wide[n] = (uint32_t)v;
        } else {
            e->narrow[n] = (uint16_t)v;
        }
    }
    e->wide = NULL;
    e->narrow = NULL;
    *taken = (cg_grundy_taken){values, count, width};
    return CG_OK;
}

/* What a run is asked, before anything is computed: the code (or a
 * checkpoint to resume), the bound, the files. */
static cg_status check_asked(const char *text, const cg_options *options, cg_octal_code *code,
                             cg_error *err) {
    cg_status st = CG_OK;
    if (text != NULL && (st = cg_octal_parse(text, code, err)) != CG_OK) {
        return st;
    }
    if (text == NULL && options->resume == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "an octal code or a checkpoint to resume is needed");
    }
    if (options->upto >= ((uint64_t)1 << 40)) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "G(0..%llu) is too large a table: the limit is G(0..2^40 - 1)",
                            (unsigned long long)options->upto);
    }
    return check_before(options, err);
}

/* The engine, fresh or from the checkpoint resumed (code NULL: the
 * checkpoint's), told how far the run goes. */
static cg_status start_engine(grundy_run *r, const cg_octal_code *code, cg_budget *budget,
                              cg_error *err) {
    const cg_options *options = r->options;
    cg_engine_method method = (cg_engine_method)options->method;
    cg_status st = CG_OK;
    if (options->resume != NULL) {
        st = cg_octal_engine_load_spilled(&r->engine, code, method, budget, options->resume,
                                          options->spill, options->upto, err);
    } else {
        cg_octal_engine_init(&r->engine, code, method, budget);
    }
    cg_octal_engine_expect(&r->engine, options->upto); /* before the window's range is sized */
    return st;
}

/* A resumed checkpoint that cannot serve this run: a window where every
 * value is needed (whole), or more values than --upto asks. */
static cg_status check_resumed(const grundy_run *r, bool whole, cg_error *err) {
    const cg_options *options = r->options;
    if (r->engine.store.windowed && whole) {
        return cg_error_set(err, CG_ERR_USAGE,
                            "'%s' keeps only a window of the values: it cannot prove a period "
                            "nor give the whole table",
                            options->resume);
    }
    if (r->engine.store.windowed && r->engine.count > options->upto + 1) {
        return cg_error_set(err, CG_ERR_USAGE,
                            "'%s' keeps only a window of the values, up to G(%zu): resume it "
                            "with --upto %zu or more",
                            options->resume, r->engine.count - 1, r->engine.count - 1);
    }
    if (r->engine.count > options->upto + 1) {
        /* its analysis (largest value, mask, rare positions) is of every
         * value it holds, not of G(0..upto) as a run of its own would say */
        return cg_error_set(err, CG_ERR_USAGE,
                            "'%s' holds G(0..%zu), more than --upto %llu asks: resume it with "
                            "--upto %zu or more, or run the code afresh",
                            options->resume, r->engine.count - 1, (unsigned long long)options->upto,
                            r->engine.count - 1);
    }
    return CG_OK;
}

/* The store's window and spill file, as asked (whole: neither may be). */
static cg_status set_up_store(grundy_run *r, bool whole, cg_error *err) {
    const cg_options *options = r->options;
    bool taking = r->hooks != NULL && r->hooks->take != NULL;
    if (!whole && r->engine.store.windowed) {
        r->written = r->engine.count; /* the values before it are gone: the checksum goes on */
        r->checksum = cg_octal_store_checksum(&r->engine);
        return CG_OK;
    }
    if (!whole && window_start(options) != SIZE_MAX) {
        size_t from = window_start(options);
        cg_error why = {.status = CG_OK};
        cg_status set =
            options->spill != NULL ? cg_octal_store_spill(&r->engine, options->spill, &why) : CG_OK;
        if (set == CG_OK) {
            set = cg_octal_store_window(&r->engine, from, from / WINDOW_HEAD, WINDOW_SLACK, &why);
        }
        /* asked for: say it cannot be had */
        return set == CG_OK ? CG_OK
                            : cg_error_set(err, set, "--window-from %zu: %s", from, why.message);
    }
    if (options->spill != NULL && taking) {
        return cg_error_set(err, CG_ERR_USAGE,
                            "--spill keeps the values a window drops, and the whole table asked "
                            "for here is never windowed");
    }
    if (options->spill != NULL) {
        return cg_error_set(err, CG_ERR_USAGE,
                            "--spill keeps the values a window drops: it needs --window-from N "
                            "(N <= --upto; not with --method naive) or a spilled run's "
                            "checkpoint to resume");
    }
    return CG_OK;
}

/* The values computed and written, the analysis, the certificate. */
static cg_status run_table(grundy_run *r, cg_error *err) {
    cg_status st = compute(r, err);
    if (st == CG_OK) {
        st = finish(r, err);
    }
    if (st == CG_OK && r->options->certificate != NULL) {
        st = write_certificate(r, err);
    }
    return st;
}

cg_status cg_write_grundy_table(const char *text, const cg_options *options, FILE *out,
                                const cg_grundy_hooks *hooks, cg_error *err) {
    cg_options asked = *options; /* upto resolved */
    asked.upto = cg_options_upto(options, CG_GRUNDY_DEFAULT_UPTO);
    options = &asked;
    cg_octal_code code;
    cg_status st = check_asked(text, options, &code, err);
    if (st != CG_OK) {
        return st;
    }
    cg_budget budget = cg_budget_make(cg_options_memory(options, 0));
    grundy_run r;
    memset(&r, 0, sizeof r);
    r.options = options;
    r.hooks = hooks;
    r.out = out;
    r.checksum = CG_GRUNDY_CHECKSUM_START;
    r.until_period = options->until_period || options->certificate != NULL;
    r.last_checkpoint = cg_seconds();
    /* the values go to their own file when one is given; with JSON they
     * are written only there */
    r.values_out = hooks != NULL && hooks->values_out != NULL ? hooks->values_out
                   : options->output == CG_OUTPUT_JSON        ? NULL
                                                              : out;
    st = start_engine(&r, text != NULL ? &code : NULL, &budget, err);
    /* a period's search reads back to its preperiod, and a taken table is
     * every value: neither can be windowed, but for a window whose dropped
     * values a spill file keeps, which the search reads back */
    bool whole =
        (r.until_period && options->spill == NULL) || (hooks != NULL && hooks->take != NULL);
    if (st == CG_OK) {
        st = check_resumed(&r, whole, err);
    }
    if (st == CG_OK) {
        st = set_up_store(&r, whole, err);
    }
    /* a format-1 checkpoint's values move to the window's range above; if
     * no range could be set up, the whole table must fit */
    if (st == CG_OK && options->resume != NULL && !r.engine.store.windowed) {
        st = probe_table(options, r.engine.store.map != NULL, err);
    }
    cg_octal_engine_set_threads(&r.engine, cg_options_threads(options));
    cg_period_watch_init(&r.watch, &r.engine.code, &budget);
    if (st == CG_OK) {
        st = run_table(&r, err);
    }
    if ((st == CG_OK || st == CG_ERR_STOPPED) && fflush(out) != 0) {
        st = cg_error_output(err);
    }
    if ((st == CG_OK || st == CG_ERR_STOPPED) && hooks != NULL && hooks->take != NULL) {
        cg_status taken = take_table(&r, hooks->take, err);
        st = taken != CG_OK ? taken : st;
    }
    cg_period_watch_free(&r.watch);
    cg_octal_engine_free(&r.engine);
    return st;
}
