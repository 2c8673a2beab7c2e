/* Least sums of a quotient's elements (see misere_least_internal.h). */
#include "octal/misere_least_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"

#define NONE UINT32_MAX

static uint32_t step(const cg_misere_quotient *q, uint32_t e, size_t h) {
    return q->times[(size_t)e * (q->heaps + 1) + h];
}

bool cg_least_sums_reach(const cg_least_sums *l, uint32_t e) {
    return e == 0 || l->parent[e] != 0 || l->heap_of[e] != 0;
}

uint32_t cg_least_sums_times(const cg_least_sums *l, uint32_t e, uint32_t y) {
    for (; y != 0; y = l->parent[y]) {
        e = step(l->q, e, l->heap_of[y]);
    }
    return e;
}

/* Dijkstra over the heaps' actions (orders are small: a scan for the least). */
static void find_least(cg_least_sums *l, uint64_t *tokens, uint8_t *done) {
    const cg_misere_quotient *q = l->q;
    size_t m = q->order;
    for (size_t e = 0; e < m; e++) {
        tokens[e] = UINT64_MAX;
    }
    tokens[0] = 0;
    for (size_t k = 0; k < m; k++) {
        uint32_t best = NONE;
        for (uint32_t e = 0; e < m; e++) {
            if (!done[e] && tokens[e] != UINT64_MAX && (best == NONE || tokens[e] < tokens[best])) {
                best = e;
            }
        }
        if (best == NONE) {
            break; /* the rest is not reached */
        }
        done[best] = 1;
        l->by_tokens[l->reached++] = best;
        for (size_t h = 1; h <= q->heaps; h++) {
            uint32_t f = step(q, best, h);
            if (tokens[best] + h < tokens[f]) {
                tokens[f] = tokens[best] + h;
                l->parent[f] = best;
                l->heap_of[f] = (uint32_t)h;
            }
        }
    }
}

typedef struct option_sink {
    cg_least_sums *l;
    uint32_t rest; /* the element of the least sum without the heap moved in */
    cg_status status;
    cg_error *err;
} option_sink;

static void see_option(void *context, size_t take, const size_t *parts, size_t count) {
    (void)take;
    option_sink *sink = context;
    cg_least_sums *l = sink->l;
    uint32_t e = sink->rest;
    for (size_t i = 0; i < count; i++) {
        e = step(l->q, e, parts[i]);
    }
    if (sink->status == CG_OK) {
        sink->status =
            cg_grow_within(l->budget, &l->option_element, &l->option_capacity, l->option_count + 1,
                           sizeof *l->option_element, "the quotient", sink->err);
    }
    if (sink->status == CG_OK) {
        l->option_element[l->option_count++] = e;
    }
}

/* The elements of the options of every element's least sum. */
static cg_status list_options(cg_least_sums *l, const cg_octal_code *code, cg_error *err) {
    option_sink sink = {l, 0, CG_OK, err};
    size_t m = l->q->order;
    for (uint32_t e = 0; sink.status == CG_OK && e < m; e++) {
        l->option_first[e] = (uint32_t)l->option_count;
        if (!cg_least_sums_reach(l, e)) {
            continue;
        }
        uint32_t last = 0;
        for (uint32_t y = e; sink.status == CG_OK && y != 0; y = l->parent[y]) {
            uint32_t h = l->heap_of[y];
            if (h == last) {
                continue; /* the same heap again: the same options */
            }
            last = h;
            sink.rest = 0;
            bool skipped = false;
            for (uint32_t z = e; z != 0; z = l->parent[z]) {
                if (!skipped && l->heap_of[z] == h) {
                    skipped = true;
                } else {
                    sink.rest = step(l->q, sink.rest, l->heap_of[z]);
                }
            }
            cg_octal_each_option(code, h, see_option, &sink);
        }
    }
    l->option_first[m] = (uint32_t)l->option_count;
    return sink.status;
}

cg_status cg_least_sums_find(cg_least_sums *l, const cg_misere_quotient *q,
                             const cg_octal_code *code, cg_budget *budget, cg_error *err) {
    memset(l, 0, sizeof *l);
    if (q == NULL || q->times == NULL || q->order == 0 || code == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "least sums need a quotient and its game");
    }
    l->q = q;
    l->budget = budget;
    uint64_t *tokens = NULL;
    uint8_t *done = NULL;
    size_t scratch = 0;
    const cg_array arrays[] = {
        {&l->parent, sizeof *l->parent, 1, 0},
        {&l->heap_of, sizeof *l->heap_of, 1, 0},
        {&l->by_tokens, sizeof *l->by_tokens, 1, 0},
        {&l->option_first, sizeof *l->option_first, 1, 1},
    };
    const cg_array work[] = {{&tokens, sizeof *tokens, 1, 0}, {&done, sizeof *done, 1, 0}};
    cg_status st = cg_resize_arrays(budget, &l->held, arrays, sizeof arrays / sizeof *arrays,
                                    q->order, "the quotient", err);
    if (st == CG_OK) {
        st = cg_resize_arrays(budget, &scratch, work, 2, q->order, "the quotient", err);
    }
    if (st == CG_OK) {
        /* zeroed: a 0 parent and heap mark an element not reached */
        memset(l->parent, 0, q->order * sizeof *l->parent);
        memset(l->heap_of, 0, q->order * sizeof *l->heap_of);
        memset(l->by_tokens, 0, q->order * sizeof *l->by_tokens);
        memset(done, 0, q->order);
        find_least(l, tokens, done);
    }
    free(tokens);
    free(done);
    cg_budget_give(budget, scratch, 1);
    return st == CG_OK ? list_options(l, code, err) : st;
}

void cg_least_sums_free(cg_least_sums *l) {
    free(l->parent);
    free(l->heap_of);
    free(l->by_tokens);
    free(l->option_first);
    free(l->option_element);
    cg_budget_give(l->budget, l->held, 1);
    cg_budget_give(l->budget, l->option_capacity, sizeof *l->option_element);
    memset(l, 0, sizeof *l);
}
