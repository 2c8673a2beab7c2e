/* Each heap's options, and the nim-heap a heap equals in every sum (see
 * misere_solver_internal.h). */
#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"
#include "octal/misere_solver_internal.h"

typedef struct option_collector {
    cg_misere_solver *solver;
    cg_status status;
    cg_error *err;
} option_collector;

static void collect_option(void *context, size_t take, const size_t *parts, size_t count) {
    (void)take;
    option_collector *c = context;
    cg_misere_solver *s = c->solver;
    if (c->status != CG_OK) {
        return;
    }
    heap_option o = {{0, 0, 0}, 0, 0, 0, 0};
    size_t kept = 0;
    for (size_t i = 0; i < count; i++) {
        uint8_t nim = s->nim[parts[i]];
        if (nim == NOT_A_NIM_HEAP) {
            o.part[kept++] = (uint16_t)parts[i];
        } else {
            o.ones ^= nim & 1u; /* *3 = *2 + *1 */
            o.twos += nim >> 1;
            o.wild |= !s->tame[parts[i]];
        }
    }
    /* descending, for merging into positions */
    for (size_t i = 1; i < kept; i++) {
        for (size_t j = i; j > 0 && o.part[j - 1] < o.part[j]; j--) {
            uint16_t t = o.part[j];
            o.part[j] = o.part[j - 1];
            o.part[j - 1] = t;
        }
    }
    c->status = cg_grow_within(s->budget, &s->options, &s->option_capacity, s->option_count + 1,
                               sizeof *s->options, "misère options", c->err);
    if (c->status == CG_OK) {
        s->options[s->option_count++] = o;
    }
}

/* The nim-heap an option is in every sum, when it is one: all its parts
 * nim-heaps and at most one of them *2 (*2 + *2 is none), so *(2 twos +
 * ones), *3 being *2 + *1; else -1. */
static int option_nim(const heap_option *o) {
    return o->part[0] == 0 && o->twos <= 1 ? 2 * o->twos + o->ones : -1;
}

/* Whether option o, not itself a nim-heap, has an option that is *m in
 * every sum: with two *2s and no heap, moving in a *2 leaves *2 or *3; with
 * one heap p, a move of p that leaves nim-heaps only may. */
static bool reaches_nim(const cg_misere_solver *s, const heap_option *o, int m) {
    if (o->part[0] == 0) {
        return o->twos == 2 && (m == 2 || m == 3);
    }
    if (o->part[1] != 0) {
        return false; /* every move leaves a heap that is no nim-heap */
    }
    size_t p = o->part[0];
    for (size_t k = s->option_first[p]; k < s->option_first[p + 1]; k++) {
        heap_option q = s->options[k];
        q.ones ^= o->ones;
        q.twos = (uint8_t)(q.twos + o->twos);
        if (option_nim(&q) == m) {
            return true;
        }
    }
    return false;
}

/* Which nim-heap a heap with these options is in every sum, if one. With
 * m the mex of the options that are nim-heaps (*1 + *1 = 0: G + *1 + *1
 * and G have the same outcome for every G, by induction on G; *2 + *1 = *3,
 * its options being 0, *1 and *2), the heap is *m when every other option
 * has an option that is *m (a nim-heap above *m has): for m >= 1, G + X and
 * *m + X have the same outcome for every X, by induction on X (a move to
 * *a + X, a < m, is matched by one to the option that is *a; a move to an
 * other option G' + X is answered by G' + X's move to *m + X). For m = 0
 * the same holds when some option is *1, a P-position, so the heap alone is
 * an N-position as 0 is: {*1} is 0, the options of *1 + *1. The heap is
 * none when m is 4 or more (no room for it). */
static uint8_t nim_class(const cg_misere_solver *s, const heap_option *options, size_t count) {
    unsigned set = 0;
    for (size_t i = 0; i < count; i++) {
        int v = option_nim(&options[i]);
        set |= v >= 0 ? 1u << v : 0u;
    }
    int m = 0;
    while (set >> m & 1u) {
        m++;
    }
    if (count > 0 && (m > 3 || (m == 0 && (set & 2u) == 0))) {
        return NOT_A_NIM_HEAP;
    }
    for (size_t i = 0; i < count; i++) {
        if (option_nim(&options[i]) < 0 && !reaches_nim(s, &options[i], m)) {
            return NOT_A_NIM_HEAP;
        }
    }
    return (uint8_t)m;
}

static int compare_options(const void *a, const void *b) {
    return memcmp(a, b, sizeof(heap_option));
}

cg_status cg_misere_list_options(cg_misere_solver *s, size_t n, cg_error *err) {
    /* from where heap n - 1's end: a heap whose analysis failed after its
     * options were listed is listed again over them, not after them (which
     * would give heap n - 1 the old copy as moves of its own) */
    size_t first = n == 0 ? 0 : s->option_first[n];
    s->option_count = first;
    option_collector c = {s, CG_OK, err};
    cg_octal_each_option(&s->code, n, collect_option, &c);
    if (c.status != CG_OK) {
        s->option_count = first;
        return c.status;
    }
    size_t count = s->option_count - first;
    if (count > 1) {
        qsort(s->options + first, count, sizeof *s->options, compare_options);
    }
    size_t kept = 0;
    for (size_t i = 0; i < count; i++) {
        if (kept == 0 ||
            compare_options(&s->options[first + kept - 1], &s->options[first + i]) != 0) {
            s->options[first + kept++] = s->options[first + i];
        }
    }
    /* the options' elements' room first: on failure heap n's options are
     * not kept, so no count runs past that room */
    cg_status st = cg_grow_within(s->budget, &s->option_element, &s->option_element_capacity,
                                  first + kept, sizeof *s->option_element, "misère options", err);
    if (st != CG_OK) {
        s->option_count = first;
        return st;
    }
    s->option_count = first + kept;
    s->option_first[n] = first;
    s->option_first[n + 1] = s->option_count;
    for (size_t k = first; k < s->option_count; k++) {
        s->option_element[k] = ELEMENT_UNSET;
    }
    /* a heap without options may come before any option is kept (options NULL) */
    s->nim[n] = nim_class(s, kept > 0 ? s->options + first : NULL, kept);
    return CG_OK;
}

bool cg_misere_all_options_tame(const cg_misere_solver *s, size_t n) {
    bool tame = true;
    for (size_t k = s->option_first[n]; k < s->option_first[n + 1]; k++) {
        const heap_option *o = &s->options[k];
        tame =
            tame && !o->wild && s->tame[o->part[0]] && s->tame[o->part[1]] && s->tame[o->part[2]];
    }
    return tame;
}
