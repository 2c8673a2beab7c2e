/* Censuses of octal games (see census_internal.h). */
#include "octal/census_internal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/clock_internal.h"
#include "core/grow_internal.h"
#include "core/hash_internal.h"
#include "core/replace_file_internal.h"
#include "octal/grundy_check_internal.h"
#include "octal/grundy_table_internal.h"
#include "octal/octal_engine_internal.h"
#include "octal/octal_period_internal.h"

#define MAX_CODES ((size_t)1 << 20)
#define FIRST_CHUNK 1024
#define LAST_CHUNK ((size_t)1 << 16)

const cg_option_spec cg_census_options[] = {
    CG_UPTO_OPTION("each code to G(N) at most (default 100)"),
    {.name = "checkpoint",
     .short_name = 'K',
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "keep each code's line in FILE, and resume from it",
     CG_OPTION_FIELD(checkpoint)},
    CG_PROGRESS_OPTION,
    CG_THREADS_OPTION,
    {.name = "shard",
     .arg = CG_ARG_TEXT,
     .arg_name = "K/N",
     .help = "only the codes K-1 modulo N",
     CG_OPTION_FIELD(shard)},
    {.name = "markdown",
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "the table to FILE too",
     CG_OPTION_FIELD(markdown)},
    {.name = "published",
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "the table against the published extents in FILE",
     CG_OPTION_FIELD(published)},
    {.name = NULL},
};

/* ---- the codes ------------------------------------------------------------ */

/* A set of canonical codes by hash, for dropping duplicates. */
typedef struct code_set {
    size_t *slot; /* index + 1 in the list, 0: empty */
    size_t size;  /* a power of two */
} code_set;

static bool set_add(code_set *set, cg_strlist *codes, const char *code) {
    uint64_t hash = cg_fnv1a(CG_FNV1A_START, code, strlen(code));
    size_t i = (size_t)hash & (set->size - 1);
    while (set->slot[i] != 0) {
        if (strcmp(cg_strlist_at(codes, set->slot[i] - 1), code) == 0) {
            return false;
        }
        i = (i + 1) & (set->size - 1);
    }
    cg_strlist_addf(codes, "%s", code);
    set->slot[i] = codes->count;
    return true;
}

/* What a '?' at spec[i] stands for: 0 or 4 before the point (the first
 * character of a code without one), a digit 0-7 after it, 1-7 last. */
static unsigned choices_at(const char *spec, size_t i) {
    const char *point = strchr(spec, '.');
    if (spec[i] != '?') {
        return 1;
    }
    if (point != NULL ? spec + i < point : i == 0) {
        return 2;
    }
    return spec[i + 1] == '\0' ? 7 : 8;
}

static char choice(const char *spec, size_t i, unsigned pick) {
    unsigned choices = choices_at(spec, i);
    return choices == 2 ? (pick ? '4' : '0') : (char)('0' + pick + (choices == 7));
}

/* How many codes spec stands for (0: more than MAX_CODES). */
static size_t expansions(const char *spec) {
    size_t total = 1;
    for (size_t i = 0; spec[i] != '\0' && total <= MAX_CODES; i++) {
        total *= choices_at(spec, i);
    }
    return total <= MAX_CODES ? total : 0;
}

/* The number-th expansion of spec (the first '?' the most significant). */
static void expand(const char *spec, size_t number, char *out, size_t size) {
    snprintf(out, size, "%s", spec);
    size_t place = 1;
    for (size_t i = strlen(spec); i-- > 0;) {
        unsigned choices = choices_at(spec, i);
        if (choices > 1) {
            out[i] = choice(spec, i, (unsigned)(number / place % choices));
            place *= choices;
        }
    }
}

cg_status cg_census_codes(const char *const *specs, size_t count, cg_strlist *codes,
                          cg_error *err) {
    size_t total = 0;
    for (size_t s = 0; s < count; s++) {
        size_t n = expansions(specs[s]);
        if (n == 0 || (total += n) > MAX_CODES || strlen(specs[s]) >= CG_OCTAL_NAME_SIZE) {
            return cg_error_set(err, CG_ERR_USAGE, "the census '%s' is more than %zu codes",
                                specs[s], MAX_CODES);
        }
    }
    code_set set = {NULL, 16};
    while (set.size < 2 * total) {
        set.size *= 2;
    }
    set.slot = calloc(set.size, sizeof *set.slot);
    if (set.slot == NULL) {
        return cg_error_nomem(err, "listing the census's codes");
    }
    cg_status st = CG_OK;
    for (size_t s = 0; st == CG_OK && s < count; s++) {
        size_t n = expansions(specs[s]);
        for (size_t i = 0; st == CG_OK && i < n; i++) {
            char text[CG_OCTAL_NAME_SIZE], name[CG_OCTAL_NAME_SIZE];
            expand(specs[s], i, text, sizeof text);
            cg_octal_code code;
            cg_error why;
            if (cg_octal_parse(text, &code, &why) != CG_OK) {
                st = cg_error_set(err, CG_ERR_USAGE, "in the census '%s': %s", specs[s],
                                  why.message);
                break;
            }
            cg_octal_format(&code, name, sizeof name);
            set_add(&set, codes, name);
        }
    }
    free(set.slot);
    if (st == CG_OK && cg_strlist_failed(codes)) {
        st = cg_error_nomem(err, "listing the census's codes");
    }
    return st;
}

/* ---- one code ------------------------------------------------------------- */

static uint64_t engine_at(const void *engine, size_t n) {
    return cg_octal_engine_at(engine, n);
}

cg_status cg_census_one(const char *text, uint64_t upto, unsigned threads, cg_budget *budget,
                        cg_progress_hook hook, void *context, cg_census_result *result,
                        cg_error *err) {
    memset(result, 0, sizeof *result);
    cg_octal_code code;
    cg_status st = cg_octal_parse(text, &code, err);
    if (st != CG_OK) {
        return st;
    }
    if (upto >= ((uint64_t)1 << 40)) {
        return cg_error_set(err, CG_ERR_LIMIT, "G(0..%" PRIu64 ") is too large a table", upto);
    }
    double started = cg_seconds();
    cg_octal_format(&code, result->code, sizeof result->code);
    result->upto = upto;
    cg_octal_engine e;
    cg_octal_engine_init(&e, &code, CG_ENGINE_AUTO, budget);
    cg_octal_engine_set_threads(&e, threads);
    cg_octal_engine_expect(&e, upto);
    cg_period_watch w;
    cg_period_watch_init(&w, &code, budget);
    size_t chunk = FIRST_CHUNK;
    while (st == CG_OK && e.count <= upto && result->period == 0) {
        size_t target = e.count + chunk - 1 < upto ? e.count + chunk - 1 : (size_t)upto;
        st = cg_octal_engine_extend(&e, target, err);
        if (st == CG_OK) {
            st = cg_octal_search_period(&w, &e, engine_at, e.count, &result->period,
                                        &result->preperiod, err);
        }
        if (st == CG_OK && hook != NULL && hook(context, result->code, e.count, upto + 1)) {
            st =
                cg_error_set(err, CG_ERR_STOPPED, "stopped at G(%zu) of %s", e.count, result->code);
        }
        chunk = chunk < LAST_CHUNK ? 2 * chunk : chunk;
    }
    if (st == CG_OK) {
        result->computed = e.count;
        result->largest = e.largest;
        result->largest_at = e.largest_at;
        result->rare = cg_octal_engine_rare_count(&e);
        result->last_rare = result->rare > 0 ? (int64_t)cg_rare_at(e.rare[e.rare_count - 1]) : -1;
        result->checksum = CG_GRUNDY_CHECKSUM_START;
        for (size_t n = 0; n < e.count; n++) {
            result->checksum =
                cg_grundy_checksum_add(result->checksum, n, cg_octal_engine_at(&e, n));
        }
    }
    cg_period_watch_free(&w);
    cg_octal_engine_free(&e);
    result->seconds = cg_seconds() - started;
    return st;
}

/* ---- lines and tables ----------------------------------------------------- */

void cg_census_line(const cg_census_result *r, cg_buf *out) {
    cg_buf_printf(out, "{\"index\":%zu,\"code\":\"%s\",\"upto\":%" PRIu64 ",\"computed\":%zu,",
                  r->index, r->code, r->upto, r->computed);
    if (r->period > 0) {
        cg_buf_printf(out, "\"period\":%zu,\"preperiod\":%zu,", r->period, r->preperiod);
    } else {
        cg_buf_puts(out, "\"period\":null,\"preperiod\":null,");
    }
    cg_buf_printf(out,
                  "\"largest_value\":%" PRIu32 ",\"largest_value_at\":%zu,\"rare_positions\":%zu,"
                  "\"last_rare\":%" PRId64 ",\"checksum\":\"%016" PRIx64 "\"}\n",
                  r->largest, r->largest_at, r->rare, r->last_rare, r->checksum);
}

/* The number after "key": in line (null: 0 and *null set); false: absent. */
static bool number_of(const char *line, const char *key, uint64_t *value, bool *null) {
    char quoted[32];
    snprintf(quoted, sizeof quoted, "\"%s\":", key);
    const char *at = strstr(line, quoted);
    if (at == NULL) {
        return false;
    }
    at += strlen(quoted);
    *null = strncmp(at, "null", 4) == 0;
    char *end = NULL;
    *value = *null ? 0 : strtoull(at + (*at == '-'), &end, 10);
    if (*at == '-') {
        *value = (uint64_t) - (int64_t)*value;
    }
    return *null || (end != NULL && end != at + (*at == '-'));
}

bool cg_census_parse_line(const char *line, cg_census_result *r) {
    memset(r, 0, sizeof *r);
    const char *code = strstr(line, "\"code\":\"");
    if (strncmp(line, "{\"index\":", 9) != 0 || code == NULL) {
        return false;
    }
    code += 8;
    size_t len = strcspn(code, "\"");
    if (len == 0 || len >= sizeof r->code || code[len] != '"') {
        return false;
    }
    memcpy(r->code, code, len);
    uint64_t v[10];
    bool null = false, ok = true;
    static const char *const keys[] = {
        "index",     "upto",          "computed",         "period",
        "preperiod", "largest_value", "largest_value_at", "rare_positions",
        "last_rare"};
    for (size_t i = 0; ok && i < 9; i++) {
        ok = number_of(line, keys[i], &v[i], &null);
    }
    const char *sum = strstr(line, "\"checksum\":\"");
    if (!ok || sum == NULL || strspn(sum + 12, "0123456789abcdef") != 16) {
        return false;
    }
    r->index = (size_t)v[0];
    r->upto = v[1];
    r->computed = (size_t)v[2];
    r->period = (size_t)v[3];
    r->preperiod = (size_t)v[4];
    r->largest = (uint32_t)v[5];
    r->largest_at = (size_t)v[6];
    r->rare = (size_t)v[7];
    r->last_rare = (int64_t)v[8];
    r->checksum = strtoull(sum + 12, NULL, 16);
    /* only our own lines: writing it again gives it back */
    cg_buf again = CG_BUF_INIT;
    cg_census_line(r, &again);
    bool same = !cg_buf_failed(&again) && again.len > 0 &&
                strncmp(again.data, line, again.len - 1) == 0 &&
                (line[again.len - 1] == '\0' || line[again.len - 1] == '\n');
    cg_buf_free(&again);
    return same;
}

/* The published columns of a row: the extent, what is new past it, and
 * the command that computes the row again. */
static void published_cells(const cg_census_result *r, const cg_census_published *published,
                            size_t published_count, cg_buf *out) {
    const cg_census_published *p = cg_census_published_of(published, published_count, r->code);
    if (p != NULL && p->extent > 0) {
        cg_buf_printf(out, " %" PRIu64 " |", p->extent);
    } else {
        cg_buf_puts(out, p != NULL ? " none given |" : " not listed |");
    }
    bool past = p != NULL && p->extent > 0 && r->computed > p->extent;
    const char *news = r->period > 0 ? (past ? "period; past the published extent" : "period")
                                     : (past ? "past the published extent" : "");
    cg_buf_printf(out, " %s | `cgsolve census %s --upto %" PRIu64 "` |", news, r->code, r->upto);
}

void cg_census_markdown(const cg_census_result *results, size_t count,
                        const cg_census_published *published, size_t published_count, cg_buf *out) {
    cg_buf_puts(out, "| code | period | preperiod | largest value (first heap) | rare positions "
                     "| last rare | values computed | checksum |");
    cg_buf_puts(out, published != NULL ? " published to | new | reproduce |\n" : "\n");
    cg_buf_puts(out, "|---|---:|---:|---:|---:|---:|---:|---|");
    cg_buf_puts(out, published != NULL ? "---:|---|---|\n" : "\n");
    for (size_t i = 0; i < count; i++) {
        const cg_census_result *r = &results[i];
        if (r->period > 0) {
            cg_buf_printf(out, "| %s | %zu | %zu |", r->code, r->period, r->preperiod);
        } else {
            cg_buf_printf(out, "| %s | none to %" PRIu64 " | |", r->code, r->upto);
        }
        cg_buf_printf(out, " %" PRIu32 " (%zu) | %zu | %" PRId64 " | %zu | `%016" PRIx64 "` |",
                      r->largest, r->largest_at, r->rare, r->last_rare, r->computed, r->checksum);
        if (published != NULL) {
            published_cells(r, published, published_count, out);
        }
        cg_buf_puts(out, "\n");
    }
}

/* ---- the run ---------------------------------------------------------------- */

/* "K/N" with 1 <= K <= N; NULL: the whole census (1/1). */
static cg_status parse_shard(const char *text, size_t *k, size_t *n, cg_error *err) {
    *k = *n = 1;
    if (text == NULL) {
        return CG_OK;
    }
    unsigned long long a = 0, b = 0;
    int used = 0;
    if (sscanf(text, "%llu/%llu%n", &a, &b, &used) != 2 || text[used] != '\0' || a < 1 || b < a ||
        b > MAX_CODES) {
        return cg_error_set(err, CG_ERR_USAGE, "--shard '%s': expected K/N with 1 <= K <= N <= %zu",
                            text, MAX_CODES);
    }
    *k = (size_t)a;
    *n = (size_t)b;
    return CG_OK;
}

/* The lines already in the results file (complete ones: a cut last line
 * is cut off the file, so appending goes on cleanly). */
static cg_status read_done(const char *path, cg_census_result **done, size_t *count,
                           cg_error *err) {
    *done = NULL;
    *count = 0;
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return errno == ENOENT
                   ? CG_OK
                   : cg_error_set(err, CG_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
    }
    char line[512];
    long whole = 0; /* bytes of complete lines */
    size_t number = 0, capacity = 0;
    cg_status st = CG_OK;
    while (st == CG_OK && fgets(line, sizeof line, f) != NULL) {
        number++;
        size_t len = strlen(line);
        if (len == 0 || (line[len - 1] != '\n' && !feof(f))) {
            st = cg_error_set_at(err, CG_ERR_INPUT, path, number, 1, "expected a census line");
            break;
        }
        if (line[len - 1] != '\n') {
            break; /* the last line, cut by an interrupt: dropped */
        }
        cg_census_result r;
        if (!cg_census_parse_line(line, &r)) {
            st = cg_error_set_at(err, CG_ERR_INPUT, path, number, 1, "expected a census line");
            break;
        }
        if ((st = cg_append(done, count, &capacity, &r, sizeof r, "reading the census", err)) !=
            CG_OK) {
            break;
        }
        whole += (long)len;
    }
    fclose(f);
    if (st == CG_OK && truncate(path, whole) != 0) {
        st = cg_error_set(err, CG_ERR_IO, "cannot cut '%s': %s", path, strerror(errno));
    }
    return st;
}

static const cg_census_result *find_done(const cg_census_result *done, size_t count,
                                         const char *code) {
    for (size_t i = 0; i < count; i++) {
        if (strcmp(done[i].code, code) == 0) {
            return &done[i];
        }
    }
    return NULL;
}

/* Write text to out and, when given, append it to file, the checkpoint at
 * path (both flushed). */
static cg_status put(FILE *out, FILE *file, const char *path, const char *text, size_t len,
                     cg_error *err) {
    if (fwrite(text, 1, len, out) != len || fflush(out) != 0) {
        return cg_error_output(err);
    }
    if (file != NULL && (fwrite(text, 1, len, file) != len || fflush(file) != 0)) {
        return cg_error_set(err, CG_ERR_IO, "cannot write the checkpoint '%s': %s", path,
                            strerror(errno));
    }
    return CG_OK;
}

/* The table, replacing the file whole (replace_file_internal.h): a full disk leaves
 * the previous table, not a cut one. */
static cg_status write_markdown(const char *path, const cg_census_result *results, size_t count,
                                const cg_census_published *published, size_t published_count,
                                cg_error *err) {
    cg_buf table = CG_BUF_INIT;
    cg_census_markdown(results, count, published, published_count, &table);
    if (cg_buf_failed(&table)) {
        cg_buf_free(&table);
        return cg_error_nomem(err, "the census's table");
    }
    cg_replacement r;
    cg_status st = cg_replace_begin(&r, path, "the table", err);
    if (st == CG_OK) {
        st = cg_replace_commit(&r, fwrite(table.data, 1, table.len, r.file) == table.len, err);
    }
    cg_buf_free(&table);
    return st;
}

/* One census run: the options, where the lines go, the lines already done
 * (from the checkpoint) and those of this run. */
typedef struct census_run {
    const cg_options *o;
    FILE *out, *file, *times; /* file, times: the checkpoint and its seconds, or NULL */
    char times_path[4096];
    const cg_census_result *done;
    size_t done_count;
    cg_census_result *results;
    size_t result_count;
    cg_budget budget;
} census_run;

/* The checkpoint and its seconds, opened to append. */
static cg_status open_checkpoint(census_run *run, cg_error *err) {
    const char *path = run->o->checkpoint;
    snprintf(run->times_path, sizeof run->times_path, "%s.seconds", path);
    run->file = fopen(path, "a");
    run->times = run->file != NULL ? fopen(run->times_path, "a") : NULL;
    if (run->file == NULL || run->times == NULL) {
        return cg_error_set(err, CG_ERR_IO, "cannot write '%s': %s",
                            run->file == NULL ? path : run->times_path, strerror(errno));
    }
    return CG_OK;
}

/* Code i of the census: its line from the checkpoint, or computed (and
 * kept in the checkpoint with its seconds); written to the output. */
static cg_status census_code(census_run *run, const char *code, size_t i, cg_error *err) {
    const cg_options *o = run->o;
    const cg_census_result *known = find_done(run->done, run->done_count, code);
    if (known != NULL && (known->index != i || known->upto != o->upto)) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "%s: %s was computed as code %zu to %" PRIu64
                            ", this census makes it code %zu to %" PRIu64,
                            o->checkpoint, code, known->index, known->upto, i, o->upto);
    }
    cg_census_result r;
    cg_status st = CG_OK;
    if (known != NULL) {
        r = *known;
    } else {
        st = cg_census_one(code, o->upto, cg_options_threads(o), &run->budget, o->progress_hook,
                           o->progress_context, &r, err);
        r.index = i;
    }
    cg_buf line = CG_BUF_INIT;
    cg_census_line(&r, &line);
    if (st == CG_OK && cg_buf_failed(&line)) {
        st = cg_error_nomem(err, "the census");
    }
    if (st == CG_OK) {
        st = put(run->out, known != NULL ? NULL : run->file, run->o->checkpoint, line.data,
                 line.len, err);
    }
    if (st == CG_OK && known == NULL && run->times != NULL &&
        (fprintf(run->times, "%s %.3f\n", code, r.seconds) < 0 || fflush(run->times) != 0)) {
        st = cg_error_set(err, CG_ERR_IO, "write error on '%s'", run->times_path);
    }
    cg_buf_free(&line);
    if (st == CG_OK) {
        run->results[run->result_count++] = r;
    }
    return st;
}

/* The codes of the census, this shard's share of them, and the checkpoint's
 * lines. */
static cg_status census_codes(const char *const *specs, size_t count, census_run *run,
                              cg_strlist *codes, cg_census_result **done, size_t *k, size_t *n,
                              cg_error *err) {
    cg_status st = parse_shard(run->o->shard, k, n, err);
    if (st == CG_OK && count == 0) {
        st = cg_error_set(err, CG_ERR_USAGE, "a census needs codes or patterns, e.g. 0.???");
    }
    if (st == CG_OK) {
        st = cg_census_codes(specs, count, codes, err);
    }
    if (st == CG_OK && run->o->checkpoint != NULL) {
        st = read_done(run->o->checkpoint, done, &run->done_count, err);
        run->done = *done;
    }
    return st;
}

cg_status cg_run_census(const char *const *specs, size_t count, const cg_options *o, FILE *out,
                        cg_error *err) {
    cg_options asked = *o; /* upto resolved; the checkpoint appended to, not replaced */
    asked.upto = cg_options_upto(o, CG_GRUNDY_DEFAULT_UPTO);
    asked.census = true;
    census_run run = {.o = &asked, .out = out};
    size_t k = 1, n = 1;
    cg_strlist codes = CG_STRLIST_INIT;
    cg_census_result *done = NULL;
    cg_status st = cg_grundy_check(run.o, err);
    if (st == CG_OK) {
        st = census_codes(specs, count, &run, &codes, &done, &k, &n, err);
    }
    /* read before the run, so a bad file is told before hours of work */
    cg_census_published *published = NULL;
    size_t published_count = 0;
    if (st == CG_OK && run.o->published != NULL) {
        st = cg_census_read_published(run.o->published, &published, &published_count, err);
    }
    if (st == CG_OK &&
        (run.results = malloc((codes.count / n + 1) * sizeof *run.results)) == NULL) {
        st = cg_error_nomem(err, "the census");
    }
    if (st == CG_OK && run.o->checkpoint != NULL) {
        st = open_checkpoint(&run, err);
    }
    run.budget = cg_budget_make(cg_options_memory(run.o, 0));
    for (size_t i = k - 1; st == CG_OK && i < codes.count; i += n) {
        st = census_code(&run, cg_strlist_at(&codes, i), i, err);
    }
    if (st == CG_OK && run.o->markdown != NULL) {
        st = write_markdown(run.o->markdown, run.results, run.result_count, published,
                            published_count, err);
    }
    free(published);
    if (run.file != NULL && fclose(run.file) != 0 && st == CG_OK) {
        st = cg_error_set(err, CG_ERR_IO, "write error on '%s'", run.o->checkpoint);
    }
    if (run.times != NULL) {
        fclose(run.times);
    }
    free(run.results);
    free(done);
    cg_strlist_free(&codes);
    return st;
}
