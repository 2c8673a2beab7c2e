#include "octal/misere_report_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf_internal.h"
#include "core/report_internal.h"
#include "octal/grundy_table_internal.h"
#include "octal/misere_genus_internal.h"
#include "octal/misere_quotient_internal.h"
#include "octal/misere_settle_internal.h"

#define MAX_SUM 1024 /* heaps in a sum on the command line */
/* heaps past the search's need a complete quotient; listing a heap's winning moves
 * takes time in proportion to it, so 10^6 at most */
#define MAX_SUM_HEAP 1000000ull

const cg_option_spec cg_misere_options[] = {
    {.name = "sum",
     .arg = CG_ARG_NONE,
     .help = "HEAP... after CODE: P or N, winning moves",
     CG_OPTION_FIELD(sum)},
    {.name = "terms",
     .arg = CG_ARG_INT,
     .arg_name = "T",
     .help = "genus terms per heap (default 4)",
     CG_OPTION_FIELD(terms),
     .min = 1,
     .max = CG_MISERE_MAX_TERMS},
    {.name = "positions",
     .arg = CG_ARG_INT,
     .arg_name = "N",
     .help = "positions a question may search (2000000)",
     CG_OPTION_FIELD(positions),
     .min = 1,
     .max = (int64_t)1 << 40},
    {.name = "by",
     .arg = CG_ARG_CHOICE,
     .arg_name = "WAY",
     .help = "heaps valued by search, quotient or auto (default)",
     CG_OPTION_FIELD(misere_by),
     .def = CG_GENUS_BY_AUTO,
     .choices = "search|quotient|auto"},
    {.name = "quotient",
     .arg = CG_ARG_INT,
     .arg_name = "N",
     .help = "the misère quotient of heaps up to N",
     CG_OPTION_FIELD(quotient),
     .def = -1,
     .min = 0,
     .max = CG_QUOTIENT_MAX_HEAPS},
    {.name = NULL},
};

static cg_status write_out(FILE *out, const cg_buf *text, cg_error *err) {
    if (cg_buf_failed(text)) {
        return cg_error_nomem(err, "formatting the misère output");
    }
    if (fwrite(text->data, 1, text->len, out) != text->len || fflush(out) != 0) {
        return cg_error_output(err);
    }
    return CG_OK;
}

/* A report for the analysis, its storage kept within what the solver's
 * budget has left (the runner's rule for an explanation): nothing else
 * grows while it is built, so the two stay under the limit. */
static void init_report(cg_report *report, const cg_misere_solver *s) {
    cg_report_init(report);
    const cg_budget *budget = cg_misere_budget(s);
    if (budget != NULL) {
        report->max_bytes = budget->limit - budget->used;
    }
}

/* The analysis, in explain mode as YAML after the lines, in JSON mode alone;
 * the report and its text counted in budget while they are written. */
static cg_status write_analysis(const cg_options *options, const cg_report *report,
                                const cg_buf *answer, cg_budget *budget, FILE *out, cg_error *err) {
    if (options->output == CG_OUTPUT_JUDGE) {
        return CG_OK;
    }
    if (report->over_limit) {
        cg_error_set(err, CG_ERR_LIMIT,
                     "the misère analysis outgrows the memory limit of %zu bytes",
                     budget != NULL ? budget->limit : (size_t)0);
        if (err != NULL) {
            err->over_budget = true;
        }
        return CG_ERR_LIMIT;
    }
    if (cg_report_failed(report) || cg_buf_failed(answer)) {
        return cg_error_nomem(err, "the misère analysis");
    }
    size_t held = cg_report_bytes(report);
    cg_status st = cg_budget_take(budget, held, 1, "the misère analysis", err);
    if (st != CG_OK) {
        return st;
    }
    cg_buf text = CG_BUF_INIT;
    if (options->output == CG_OUTPUT_JSON) {
        cg_report_write_envelope(&text, "grundy", NULL, 1, answer->data, answer->len, report);
    } else {
        cg_report_render_text(report, 2, &text);
    }
    /* a cg_buf grows without a limit: its text is counted once made */
    st = cg_budget_take(budget, text.cap, 1, "the misère analysis", err);
    if (st == CG_OK) {
        st = write_out(out, &text, err);
        cg_budget_give(budget, text.cap, 1);
    }
    cg_budget_give(budget, held, 1);
    cg_buf_free(&text);
    return st;
}

static void heap_line(const cg_misere_solver *s, size_t n, cg_buf *out) {
    cg_misere_heap h = cg_misere_heap_at(s, n);
    cg_buf_printf(out, "%zu %u ", n, h.misere);
    cg_misere_format_genus(h.normal, h.genus, cg_misere_terms(s), out);
    cg_buf_puts(out, h.tame ? " tame\n" : " wild\n");
}

static void report_heap(const cg_misere_solver *s, size_t n, cg_report *report) {
    cg_misere_heap h = cg_misere_heap_at(s, n);
    cg_report_open_object(report, NULL);
    cg_report_int(report, "heap", (int64_t)n);
    cg_report_int(report, "normal", h.normal);
    cg_report_int(report, "misere", h.misere);
    cg_buf symbol = CG_BUF_INIT;
    cg_misere_format_genus(h.normal, h.genus, cg_misere_terms(s), &symbol);
    cg_report_text_buf(report, "genus", &symbol);
    cg_buf_free(&symbol);
    cg_report_open_list(report, "terms");
    for (size_t k = 0; k < cg_misere_terms(s); k++) {
        cg_report_int(report, NULL, h.genus[k]);
    }
    cg_report_close(report);
    cg_report_bool(report, "tame", h.tame);
    cg_report_close(report);
}

static void report_common(const cg_misere_solver *s, const cg_octal_code *code, cg_report *report) {
    char name[CG_OCTAL_MAX_DIGITS + 4];
    cg_octal_format(code, name, sizeof name);
    cg_report_string(report, "code", name);
    cg_report_string(report, "play", "misere");
    cg_report_int(report, "terms", (int64_t)cg_misere_terms(s));
}

/* How the table's heaps were valued, for the analysis: the way, the heaps
 * read off the quotient, and the chain's last proven quotient (order 0
 * when none was built). */
typedef struct misere_way {
    cg_misere_genus_way by;
    size_t adopted, chain_heaps, chain_order;
    bool chain_complete;
} misere_way;

static void report_way(const misere_way *way, cg_report *report) {
    static const char *const names[] = {"search", "quotient", "auto"};
    cg_report_string(report, "by", names[way->by]);
    cg_report_int(report, "adopted", (int64_t)way->adopted);
    if (way->chain_order == 0) {
        cg_report_null(report, "chain");
        return;
    }
    cg_report_open_object(report, "chain");
    cg_report_int(report, "heaps", (int64_t)way->chain_heaps);
    cg_report_int(report, "order", (int64_t)way->chain_order);
    cg_report_bool(report, "complete", way->chain_complete);
    cg_report_close(report);
}

/* The table of heaps 0..upto, a line each as soon as it is known. */
static cg_status write_table(cg_misere_solver *s, const cg_octal_code *code,
                             const cg_options *options, FILE *out, cg_error *err) {
    size_t upto = (size_t)cg_options_upto(options, CG_MISERE_DEFAULT_UPTO);
    if (upto > CG_MISERE_MAX_HEAP) {
        return cg_error_set(err, CG_ERR_LIMIT, "misère heaps go up to %u, not %zu",
                            CG_MISERE_MAX_HEAP, upto);
    }
    cg_misere_genus_run run;
    cg_status st =
        cg_misere_genus_start(s, (cg_misere_genus_way)options->misere_by, upto, &run, err);
    uint64_t checksum = CG_GRUNDY_CHECKSUM_START;
    cg_buf line = CG_BUF_INIT;
    for (size_t n = 0; st == CG_OK && n <= upto; n++) {
        st = cg_misere_genus_heap(s, &run, n, err);
        if (st == CG_OK) {
            checksum = cg_grundy_checksum_add(checksum, n, cg_misere_heap_at(s, n).misere);
            cg_buf_clear(&line);
            if (options->output != CG_OUTPUT_JSON) {
                heap_line(s, n, &line);
            }
            st = write_out(out, &line, err);
        }
    }
    cg_buf_free(&line);
    const cg_misere_quotient *chain = run.chain.order > 0 ? &run.chain : NULL;
    misere_way way = {run.way, run.adopted, chain != NULL ? chain->heaps : 0,
                      chain != NULL ? chain->order : 0, chain != NULL && chain->complete};
    cg_misere_genus_end(s, &run);
    /* Stopped, JSON mode still writes the analysis of the heaps done so far
     * ("computed" short of upto + 1), for the front ends' partial result. */
    bool stopped = st == CG_ERR_STOPPED && options->output == CG_OUTPUT_JSON;
    if (st != CG_OK && !stopped) {
        return st;
    }
    size_t known = stopped ? cg_misere_count(s) : upto + 1; /* heaps 0..known - 1 */
    known = known < upto + 1 ? known : upto + 1;
    cg_report report;
    init_report(&report, s);
    report_common(s, code, &report);
    cg_report_int(&report, "upto", (int64_t)upto);
    cg_report_int(&report, "computed", (int64_t)cg_misere_count(s));
    cg_report_open_list(&report, "heaps");
    for (size_t n = 0; n < known; n++) {
        report_heap(s, n, &report);
    }
    cg_report_close(&report);
    size_t wild = cg_misere_first_wild(s);
    if (wild < known) {
        cg_report_int(&report, "first_wild", (int64_t)wild);
    } else {
        cg_report_null(&report, "first_wild");
    }
    cg_report_printf(&report, "checksum", "%016llx", (unsigned long long)checksum);
    cg_report_int(&report, "positions", (int64_t)cg_misere_positions(s));
    report_way(&way, &report);
    cg_buf none = CG_BUF_INIT;
    cg_buf_puts(&none, "");
    cg_status written = write_analysis(options, &report, &none, cg_misere_budget(s), out, err);
    cg_buf_free(&none);
    cg_report_free(&report);
    /* A stopped run whose analysis is not written whole fails as the write
     * did (err holds that): the text is no partial result. */
    return stopped && written == CG_OK ? st : written;
}

typedef struct move_text {
    cg_buf *text;
    cg_report *report;
    size_t written;
} move_text;

static void write_move(void *context, size_t heap, size_t take, const size_t *parts, size_t count) {
    move_text *m = context;
    cg_buf one = CG_BUF_INIT;
    cg_buf_printf(&one, "%zu:%zu", heap + 1, take);
    for (size_t i = 0; count >= 2 && i + 1 < count; i++) {
        cg_buf_printf(&one, ":%zu", parts[i]);
    }
    if (m->written++ > 0) {
        cg_buf_putc(m->text, ' ');
    }
    cg_buf_append(m->text, one.data, one.len);
    if (m->report != NULL) {
        cg_report_text_buf(m->report, NULL, &one);
    }
    cg_buf_free(&one);
}

static cg_status parse_heaps(const char *const *args, size_t count, size_t *heaps, cg_error *err) {
    if (count == 0) {
        return cg_error_set(err, CG_ERR_USAGE, "--sum needs heaps after the code, e.g. 5 7 9");
    }
    if (count > MAX_SUM) {
        return cg_error_set(err, CG_ERR_USAGE, "at most %d heaps in a sum", MAX_SUM);
    }
    for (size_t i = 0; i < count; i++) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(args[i], &end, 10);
        /* heaps past the search's are read by a complete quotient */
        if (args[i][0] < '0' || args[i][0] > '9' || *end != '\0' || errno != 0 ||
            v > MAX_SUM_HEAP) {
            return cg_error_set(err, CG_ERR_USAGE, "heap '%s' is not a number from 0 to %llu",
                                args[i], MAX_SUM_HEAP);
        }
        heaps[i] = (size_t)v;
    }
    return CG_OK;
}

/* The outcome and winning moves of the sum: by the tame rule or search,
 * else, when that is past the budget and the heaps are small enough, by the
 * proven quotient of heaps up to the largest (misere_settle_internal.h). */
static cg_status settle_sum(cg_misere_solver *s, const size_t *heaps, size_t count, bool *p,
                            const char **method, move_text *m, size_t *wins, cg_error *err) {
    cg_misere_settler settler;
    cg_misere_settler_init(&settler, s);
    cg_misere_how how = CG_SETTLED_BY_SEARCH;
    cg_status st = cg_misere_settle_is_p(&settler, heaps, count, p, &how, err);
    if (st == CG_OK) {
        st = cg_misere_settle_moves(&settler, heaps, count, write_move, m, wins, &how, err);
    }
    *method = cg_misere_how_name(how);
    cg_misere_settler_free(&settler);
    return st;
}

static cg_status write_sum(cg_misere_solver *s, const cg_octal_code *code, const size_t *heaps,
                           size_t count, const cg_options *options, FILE *out, cg_error *err) {
    bool p = false;
    const char *method = "search";
    cg_buf moves = CG_BUF_INIT;
    move_text m = {&moves, NULL, 0};
    size_t wins = 0;
    cg_status st = settle_sum(s, heaps, count, &p, &method, &m, &wins, err);
    if (st != CG_OK) {
        cg_buf_free(&moves);
        return st;
    }
    cg_report report;
    init_report(&report, s);
    report_common(s, code, &report);
    cg_report_open_list(&report, "sum");
    for (size_t i = 0; i < count; i++) {
        cg_report_int(&report, NULL, (int64_t)heaps[i]);
    }
    cg_report_close(&report);
    cg_report_string(&report, "outcome", p ? "P" : "N");
    cg_report_string(&report, "method", method);
    cg_report_open_list(&report, "winning_moves");
    for (size_t from = 0; from < moves.len;) { /* the moves, space-separated */
        size_t to = from;
        while (to < moves.len && moves.data[to] != ' ') {
            to++;
        }
        cg_report_string_n(&report, NULL, moves.data + from, to - from);
        from = to + 1;
    }
    cg_report_close(&report);
    cg_report_int(&report, "positions", (int64_t)cg_misere_positions(s));
    cg_buf answer = CG_BUF_INIT;
    cg_buf_puts(&answer, p ? "P\n" : "N\n");
    if (moves.len > 0) {
        cg_buf_append(&answer, moves.data, moves.len);
    }
    cg_buf_puts(&answer, wins == 0 ? "none\n" : "\n");
    if (options->output != CG_OUTPUT_JSON) {
        st = write_out(out, &answer, err);
    }
    if (st == CG_OK) {
        st = write_analysis(options, &report, &answer, cg_misere_budget(s), out, err);
    }
    cg_buf_free(&answer);
    cg_buf_free(&moves);
    cg_report_free(&report);
    return st;
}

static void word_of(const cg_misere_quotient *q, uint32_t e, cg_buf *out) {
    cg_misere_quotient_word(q, q->normal + (size_t)e * q->generators, out);
}

/* The presentation: lines for the text modes, fields for the analysis. */
static void present_quotient(const cg_misere_quotient *q, cg_buf *text, cg_report *report) {
    cg_buf one = CG_BUF_INIT;
    if (q->complete) {
        cg_buf_printf(text,
                      "quotient complete at heap %zu: order %zu, every heap from %zu on "
                      "acting as the one %zu below\ngenerators:",
                      q->heaps, q->order, q->preperiod + q->period, q->period);
    } else {
        cg_buf_printf(text,
                      "quotient of heaps 0-%zu: order %zu (not complete)\ngenerators:", q->heaps,
                      q->order);
    }
    cg_report_open_object(report, "quotient");
    cg_report_int(report, "heaps", (int64_t)q->heaps);
    cg_report_int(report, "order", (int64_t)q->order);
    cg_report_bool(report, "complete", q->complete);
    if (q->complete) {
        cg_report_int(report, "preperiod", (int64_t)q->preperiod);
        cg_report_int(report, "period", (int64_t)q->period);
    } else {
        cg_report_null(report, "preperiod");
        cg_report_null(report, "period");
    }
    cg_report_open_list(report, "generators");
    for (size_t g = 0; g < q->generators; g++) {
        cg_buf_clear(&one);
        cg_misere_quotient_name(g, &one);
        cg_buf_printf(text, "%s %.*s = heap %zu", g > 0 ? "," : "", (int)one.len, one.data,
                      q->generator_heap[g]);
        cg_report_open_object(report, NULL);
        cg_report_text_buf(report, "name", &one);
        cg_report_int(report, "heap", (int64_t)q->generator_heap[g]);
        cg_report_close(report);
    }
    cg_report_close(report);
    cg_buf_puts(text, "\nrelations:");
    cg_report_open_list(report, "relations");
    for (size_t r = 0; r < q->relation_count; r++) {
        cg_buf_clear(&one);
        cg_misere_quotient_word(q, q->relations + 2 * r * q->generators, &one);
        cg_buf_puts(&one, " = ");
        cg_misere_quotient_word(q, q->relations + (2 * r + 1) * q->generators, &one);
        cg_buf_printf(text, "%s %.*s", r > 0 ? "," : "", (int)one.len, one.data);
        cg_report_text_buf(report, NULL, &one);
    }
    cg_report_close(report);
    cg_buf_puts(text, "\nP-portion:");
    cg_report_open_list(report, "p_portion");
    for (uint32_t e = 0, listed = 0; e < q->order; e++) {
        if (q->is_p[e]) {
            cg_buf_clear(&one);
            word_of(q, e, &one);
            cg_buf_printf(text, "%s %.*s", listed++ > 0 ? "," : "", (int)one.len, one.data);
            cg_report_text_buf(report, NULL, &one);
        }
    }
    cg_report_close(report);
    cg_buf_puts(text, "\nheaps:");
    cg_report_open_list(report, "heap_elements");
    for (size_t h = 0; h <= q->heaps; h++) {
        cg_buf_clear(&one);
        word_of(q, q->heap_element[h], &one);
        cg_buf_printf(text, " %zu:%.*s", h, (int)one.len, one.data);
        cg_report_text_buf(report, NULL, &one);
    }
    cg_report_close(report);
    cg_buf_putc(text, '\n');
    cg_report_int(report, "tests", (int64_t)q->tests);
    cg_report_int(report, "states", (int64_t)q->states);
    cg_report_close(report);
    if (cg_buf_failed(&one)) {
        cg_buf_fail(text); /* its words are missing from the answer */
    }
    cg_buf_free(&one);
}

/* What write_quotient's chain is told each quotient with. */
typedef struct quotient_lines {
    const cg_options *options;
    FILE *out;
    cg_buf line;
    size_t orders[CG_QUOTIENT_MAX_HEAPS + 1];
    size_t proven; /* quotients proven: heaps 0-0 .. 0-(proven - 1) */
} quotient_lines;

static cg_status write_quotient_line(void *context, const cg_misere_quotient *q, cg_error *err) {
    quotient_lines *lines = context;
    lines->orders[q->heaps] = q->order;
    lines->proven = q->heaps + 1;
    cg_buf_clear(&lines->line);
    if (lines->options->output != CG_OUTPUT_JSON) {
        cg_buf_printf(&lines->line, "heaps 0-%zu: order %zu, %zu generators\n", q->heaps, q->order,
                      q->generators);
    }
    return write_out(lines->out, &lines->line, err);
}

/* The quotients of heaps 0..k for k = 1..N, a line each as it is proven
 * ("heaps 0-k: order m, g generators"), until one is complete; then the
 * presentation of the last. Stopped or past a limit, the last one proven is
 * presented before the error (its lines stay valid). */
static cg_status write_quotient(cg_misere_solver *s, const cg_octal_code *code, size_t top,
                                const cg_options *options, FILE *out, cg_error *err) {
    quotient_lines lines;
    memset(&lines, 0, sizeof lines);
    lines.options = options;
    lines.out = out; /* and lines.line, zeroed, is CG_BUF_INIT */
    cg_misere_quotient q;
    cg_status st =
        cg_misere_quotient_chain(s, top, 65535, 4000000, write_quotient_line, &lines, &q, err);
    const size_t *orders = lines.orders;
    size_t proven = lines.proven;
    cg_buf_free(&lines.line);
    cg_status failed = CG_OK; /* the error to give after the partial answer */
    if ((st == CG_ERR_STOPPED || st == CG_ERR_LIMIT) && proven > 0) {
        failed = st;
        st = CG_OK;
    }
    /* the report once the quotients are built: its room is what they left */
    cg_report report;
    init_report(&report, s);
    report_common(s, code, &report);
    cg_report_open_list(&report, "orders");
    for (size_t k = 0; st == CG_OK && k < proven; k++) {
        cg_report_int(&report, NULL, (int64_t)orders[k]);
    }
    cg_report_close(&report);
    cg_buf answer = CG_BUF_INIT;
    if (st == CG_OK) {
        present_quotient(&q, &answer, &report);
        cg_report_int(&report, "positions", (int64_t)cg_misere_positions(s));
        if (options->output != CG_OUTPUT_JSON) {
            st = write_out(out, &answer, err);
        }
    }
    if (st == CG_OK) {
        st = write_analysis(options, &report, &answer, cg_misere_budget(s), out, err);
    }
    cg_misere_quotient_free(&q);
    cg_buf_free(&answer);
    cg_report_free(&report);
    return st == CG_OK ? failed : st;
}

cg_status cg_write_misere(const char *text, const char *const *args, size_t count,
                          const cg_options *options, FILE *out, cg_error *err) {
    if (text == NULL || options == NULL || out == NULL || (args == NULL && count > 0)) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_write_misere: missing argument");
    }
    if (!options->sum && count > 0) {
        return cg_error_set(err, CG_ERR_USAGE, "unexpected argument '%s' (heaps need --sum)",
                            args[0]);
    }
    if (options->misere_by == CG_GENUS_BY_QUOTIENT && (options->sum || options->quotient >= 0)) {
        /* a sum and a quotient take no --by: it would be ignored */
        return cg_error_set(err, CG_ERR_USAGE,
                            "--by is for the table of heaps, not for --sum or --quotient");
    }
    cg_octal_code code;
    cg_status st = cg_octal_parse(text, &code, err);
    size_t heaps[MAX_SUM] = {0};
    if (st == CG_OK && options->sum) {
        st = parse_heaps(args, count, heaps, err);
    }
    if (st != CG_OK) {
        return st;
    }
    cg_budget budget = cg_budget_make(cg_options_memory(options, 0));
    cg_misere_solver *s = NULL;
    st =
        cg_misere_new(&code, options->terms != 0 ? (size_t)options->terms : CG_MISERE_DEFAULT_TERMS,
                      &budget, &s, err);
    if (st == CG_OK) {
        cg_misere_set_node_limit(s, options->positions != 0 ? options->positions
                                                            : CG_MISERE_DEFAULT_POSITIONS);
        cg_misere_set_progress(s, options->progress_hook, options->progress_context);
        st = options->sum ? write_sum(s, &code, heaps, count, options, out, err)
             : options->quotient >= 0
                 ? write_quotient(s, &code, (size_t)options->quotient, options, out, err)
                 : write_table(s, &code, options, out, err);
    }
    cg_misere_free(s);
    return st;
}
