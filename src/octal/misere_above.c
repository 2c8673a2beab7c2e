/* Outcomes of sums with the newest heap, read from the quotient below (see
 * misere_above_internal.h). */
#include "octal/misere_above_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"
#include "core/nimber_internal.h"

#define MAX_HEAPS 256  /* heaps in a position */
#define MAX_DEPTH 2048 /* moves in a line of play kept with heap n */
#define TELL_EVERY 65536

typedef struct option_parts {
    uint16_t part[3]; /* live heaps left, descending, 0 for none */
} option_parts;

struct cg_misere_above {
    cg_misere_solver *solver;
    const cg_misere_quotient *below;
    cg_budget *budget;
    size_t n;
    uint8_t *live; /* live[h]: heap h has a move */
    size_t *first; /* heap h's options: first[h]..first[h + 1] */
    option_parts *options;
    size_t option_count, option_capacity;
    size_t held;              /* bytes of live and first */
    cg_misere_table table;    /* outcomes (0: P, 1: N), or G- when below has values */
    uint64_t limit, searched; /* positions this question may add, added */
    uint64_t told;
    cg_error *err;
};

typedef struct option_sink {
    cg_misere_above *a;
    cg_status status;
} option_sink;

static void keep_option(void *context, size_t take, const size_t *parts, size_t count) {
    (void)take;
    option_sink *sink = context;
    cg_misere_above *a = sink->a;
    if (sink->status != CG_OK) {
        return;
    }
    option_parts o = {{0, 0, 0}};
    size_t k = 0;
    for (size_t i = count; i-- > 0;) { /* parts come ascending */
        if (k < 3 && parts[i] != 0 && a->live[parts[i]]) {
            o.part[k++] = (uint16_t)parts[i];
        }
    }
    sink->status = cg_grow_within(a->budget, &a->options, &a->option_capacity, a->option_count + 1,
                                  sizeof *a->options, "the quotient's search", a->err);
    if (sink->status == CG_OK) {
        a->options[a->option_count++] = o;
    }
}

cg_status cg_misere_above_new(cg_misere_solver *solver, const cg_misere_quotient *below,
                              cg_misere_above **out, cg_error *err) {
    if (solver == NULL || below == NULL || out == NULL || below->times == NULL ||
        below->heaps + 1 > CG_MISERE_MAX_HEAP) {
        return cg_error_set(err, CG_ERR_USAGE, "a search above a quotient needs the quotient");
    }
    cg_misere_above *a = calloc(1, sizeof *a);
    if (a == NULL) {
        return cg_error_nomem(err, "the quotient's search");
    }
    a->solver = solver;
    a->below = below;
    a->budget = cg_misere_budget(solver);
    a->n = below->heaps + 1;
    a->err = err;
    cg_misere_table_init(&a->table, a->budget);
    const cg_array arrays[] = {
        {&a->live, sizeof *a->live, 1, 0},
        {&a->first, sizeof *a->first, 1, 1},
    };
    cg_status st =
        cg_resize_arrays(a->budget, &a->held, arrays, 2, a->n + 1, "the quotient's search", err);
    const cg_octal_code *code = cg_misere_code(solver);
    for (size_t h = 0; st == CG_OK && h <= a->n; h++) {
        /* a heap's parts are smaller, so their liveness is known first */
        a->first[h] = a->option_count;
        option_sink sink = {a, CG_OK};
        a->live[h] = 0;
        cg_octal_each_option(code, h, keep_option, &sink);
        st = sink.status;
        a->live[h] = a->option_count > a->first[h];
    }
    if (st == CG_OK) {
        a->first[a->n + 1] = a->option_count;
        *out = a;
    } else {
        cg_misere_above_free(a);
    }
    return st;
}

void cg_misere_above_free(cg_misere_above *a) {
    if (a == NULL) {
        return;
    }
    cg_misere_table_free(&a->table);
    free(a->live);
    free(a->first);
    free(a->options);
    cg_budget_give(a->budget, a->held, 1);
    cg_budget_give(a->budget, a->option_capacity, sizeof *a->options);
    free(a);
}

/* pos without its heap at `at`, plus the option's parts, descending. */
static size_t child_of(const uint16_t *pos, size_t len, size_t at, const option_parts *o,
                       uint16_t *child) {
    size_t c = 0, i = 0, k = 0;
    while (i < len || (k < 3 && o->part[k] != 0)) {
        if (i == at) {
            i++;
            continue;
        }
        bool take_part = k < 3 && o->part[k] != 0 && (i >= len || o->part[k] >= pos[i]);
        child[c++] = take_part ? o->part[k++] : pos[i++];
    }
    return c;
}

static uint32_t element_below(const cg_misere_above *a, const uint16_t *pos, size_t len) {
    uint32_t e = 0;
    for (size_t i = 0; i < len; i++) {
        e = cg_misere_quotient_plus(a->below, e, pos[i]);
    }
    return e;
}

static cg_status count_position(cg_misere_above *a) {
    a->searched++;
    if (a->limit != 0 && a->searched > a->limit) {
        return cg_error_set(a->err, CG_ERR_LIMIT, "not settled within %llu positions of search",
                            (unsigned long long)a->limit);
    }
    if (++a->told % TELL_EVERY == 0 && cg_misere_tell(a->solver)) {
        return cg_error_set(a->err, CG_ERR_STOPPED, "interrupted");
    }
    return CG_OK;
}

/* Whether the descending live heaps pos[0..len-1] need no search: no heap
 * of n, or a table that cannot hold them. */
static cg_status settled_below(cg_misere_above *a, const uint16_t *pos, size_t len, size_t depth,
                               bool *below) {
    *below = len == 0 || pos[0] < a->n;
    if (!*below && (depth > MAX_DEPTH || len + 2 > MAX_HEAPS)) {
        return cg_error_set(a->err, CG_ERR_LIMIT,
                            "a misère position of more than %d heaps or %d moves", MAX_HEAPS,
                            MAX_DEPTH);
    }
    return CG_OK;
}

/* pos's entry in the table, *id: *known when it was there already (its
 * value set), else entered and counted against the limit. */
static cg_status enter(cg_misere_above *a, const uint16_t *pos, size_t len, uint32_t *id,
                       bool *known) {
    size_t before = a->table.entry_count;
    cg_status st = cg_misere_table_intern(&a->table, pos, len, id, a->err);
    *known = st == CG_OK && a->table.entry_count == before;
    return st == CG_OK && !*known ? count_position(a) : st;
}

/* *value for the live heaps pos[0..len-1], descending: their G- when the
 * quotient below has values, else their outcome as 0 (P) or 1 (N), the
 * options searched only until one is P. Below's reading is taken where no
 * heap of n is left; 0 means P in the table either way. */
static cg_status solve(cg_misere_above *a, const uint16_t *pos, size_t len, size_t depth,
                       uint32_t *value) {
    const cg_misere_quotient *q = a->below;
    bool below = false;
    cg_status st = settled_below(a, pos, len, depth, &below);
    if (st != CG_OK) {
        return st; /* past the bounds: pos may hold heap n, which below has no column for */
    }
    if (below) {
        uint32_t e = element_below(a, pos, len);
        *value = len == 0 ? 1 : q->value != NULL ? q->value[e] : q->is_p[e] ? 0 : 1;
        return CG_OK;
    }
    uint32_t id;
    bool known = false;
    st = enter(a, pos, len, &id, &known);
    if (known) {
        *value = cg_misere_table_value(&a->table, id);
        return CG_OK;
    }
    bool outcome_only = q->value == NULL;
    cg_small_set seen = {{0}}; /* the options' values */
    bool to_p = false;         /* an option is P: with outcomes only, the rest need no search */
    uint16_t child[MAX_HEAPS];
    for (size_t i = 0; st == CG_OK && !(outcome_only && to_p) && i < len; i++) {
        if (i > 0 && pos[i] == pos[i - 1]) {
            continue; /* the same moves as the heap before */
        }
        for (size_t k = a->first[pos[i]];
             st == CG_OK && !(outcome_only && to_p) && k < a->first[pos[i] + 1]; k++) {
            size_t c = child_of(pos, len, i, &a->options[k], child);
            uint32_t v = 0;
            st = solve(a, child, c, depth + 1, &v);
            cg_small_set_add(&seen, v);
            to_p = to_p || v == 0;
        }
    }
    /* it has a move (a live heap): N when an option is P, else the mex */
    unsigned mex = outcome_only ? (to_p ? 1 : 0) : cg_small_set_mex(&seen);
    if (st == CG_OK && mex == CG_SMALL_SET_SIZE) {
        st = cg_error_set(a->err, CG_ERR_LIMIT, "a misère value above %d", CG_SMALL_SET_SIZE - 1);
    }
    if (st == CG_OK) {
        *value = mex;
        cg_misere_table_set_value(&a->table, id, *value);
    }
    return st;
}

static int descending(const void *x, const void *y) {
    uint16_t a = *(const uint16_t *)x, b = *(const uint16_t *)y;
    return (a < b) - (a > b);
}

/* The live heaps of heaps[0..count-1], descending, in pos (MAX_HEAPS). */
static cg_status live_heaps(cg_misere_above *a, const size_t *heaps, size_t count, uint16_t *pos,
                            size_t *len, cg_error *err) {
    *len = 0;
    for (size_t i = 0; i < count; i++) {
        if (heaps[i] > a->n) {
            return cg_error_set(err, CG_ERR_USAGE, "heap %zu is above the search's %zu", heaps[i],
                                a->n);
        }
        if (a->live[heaps[i]]) {
            if (*len == MAX_HEAPS) {
                return cg_error_set(err, CG_ERR_LIMIT, "a misère position of more than %d heaps",
                                    MAX_HEAPS);
            }
            pos[(*len)++] = (uint16_t)heaps[i];
        }
    }
    qsort(pos, *len, sizeof *pos, descending);
    a->err = err;
    a->limit = cg_misere_node_limit(a->solver);
    a->searched = 0;
    return CG_OK;
}

cg_status cg_misere_above_is_p(cg_misere_above *a, const size_t *heaps, size_t count, bool *p,
                               cg_error *err) {
    if (a == NULL || (heaps == NULL && count > 0) || p == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_above_is_p: missing argument");
    }
    uint16_t pos[MAX_HEAPS];
    size_t len = 0;
    uint32_t value = 1;
    cg_status st = live_heaps(a, heaps, count, pos, &len, err);
    if (st == CG_OK) {
        st = solve(a, pos, len, 0, &value);
    }
    *p = value == 0;
    return st;
}

cg_status cg_misere_above_value(cg_misere_above *a, const size_t *heaps, size_t count,
                                uint32_t *value, cg_error *err) {
    if (a == NULL || (heaps == NULL && count > 0) || value == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_above_value: missing argument");
    }
    if (a->below->value == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "values above a quotient need its values");
    }
    uint16_t pos[MAX_HEAPS];
    size_t len = 0;
    cg_status st = live_heaps(a, heaps, count, pos, &len, err);
    return st == CG_OK ? solve(a, pos, len, 0, value) : st;
}
