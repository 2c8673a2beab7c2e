/* The proof of a candidate misère quotient (see misere_proof_internal.h). */
#include "octal/misere_proof_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"
#include "core/nimber_internal.h"

#define NONE UINT32_MAX

#define MAX_PARTS 3 /* an octal move leaves three heaps at most */

typedef struct heap_option {
    uint32_t part[MAX_PARTS]; /* heaps left, 0 for none */
} heap_option;

typedef struct prover {
    const cg_quotient_candidate *c;
    cg_budget *budget;
    cg_error *err;
    size_t stride; /* heaps + 1 */
    size_t words;  /* 64-bit words of a set of elements */
    /* the heaps with a move and their options */
    uint32_t *live;
    size_t live_count;
    size_t *option_first; /* live heap i's options: option_first[i]..[i + 1] */
    heap_option *options;
    size_t option_count, option_capacity;
    /* a sum for each element: its parent element and the heap added */
    uint32_t *element_parent, *element_heap;
    /* the walk's states */
    uint32_t *state_element, *state_parent, *state_heap, *state_next;
    uint64_t *state_set;
    uint32_t *first_of_element; /* the states of element x: a list through state_next */
    size_t state_count, state_capacity;
    size_t held; /* bytes of the arrays above in budget */
    size_t state_held;
} prover;

static uint32_t times(const prover *p, uint32_t e, size_t h) {
    return p->c->times[(size_t)e * p->stride + h];
}

static uint32_t times_option(const prover *p, uint32_t e, const heap_option *o) {
    for (size_t i = 0; i < MAX_PARTS && o->part[i] != 0; i++) {
        e = times(p, e, o->part[i]);
    }
    return e;
}

typedef struct option_sink {
    prover *p;
    cg_status status;
} option_sink;

static void keep_option(void *context, size_t take, const size_t *parts, size_t count) {
    (void)take;
    option_sink *sink = context;
    prover *p = sink->p;
    if (sink->status != CG_OK) {
        return;
    }
    heap_option o = {{0, 0, 0}};
    for (size_t i = 0, k = 0; i < count && k < MAX_PARTS; i++) {
        if (parts[i] != 0) {
            o.part[k++] = (uint32_t)parts[i];
        }
    }
    sink->status = cg_grow_within(p->budget, &p->options, &p->option_capacity, p->option_count + 1,
                                  sizeof *p->options, "the quotient's proof", p->err);
    if (sink->status == CG_OK) {
        p->options[p->option_count++] = o;
    }
}

/* The heaps 1..n with a move, each with its options. */
static cg_status list_heaps(prover *p) {
    size_t n = p->c->heaps;
    const cg_array arrays[] = {
        {&p->live, sizeof *p->live, 1, 0},
        {&p->option_first, sizeof *p->option_first, 1, 1},
    };
    cg_status st =
        cg_resize_arrays(p->budget, &p->held, arrays, 2, n + 1, "the quotient's proof", p->err);
    for (size_t h = 1; st == CG_OK && h <= n; h++) {
        size_t first = p->option_count;
        option_sink sink = {p, CG_OK};
        cg_octal_each_option(p->c->code, h, keep_option, &sink);
        st = sink.status;
        if (st == CG_OK && p->option_count > first) {
            p->option_first[p->live_count] = first;
            p->live[p->live_count++] = (uint32_t)h;
        }
    }
    if (st == CG_OK) {
        p->option_first[p->live_count] = p->option_count;
    }
    return st;
}

size_t cg_quotient_walk(const uint32_t *times, size_t order, size_t heaps, uint32_t *parent,
                        uint32_t *heap, uint32_t *queue) {
    size_t stride = heaps + 1;
    for (size_t e = 0; e < order; e++) {
        parent[e] = NONE;
    }
    size_t met = 0;
    queue[met++] = 0;
    parent[0] = 0;
    heap[0] = 0;
    for (size_t i = 0; i < met; i++) {
        uint32_t e = queue[i];
        for (size_t h = 1; h < stride; h++) {
            uint32_t f = times[(size_t)e * stride + h];
            if (parent[f] == NONE) {
                parent[f] = e;
                heap[f] = (uint32_t)h;
                queue[met++] = f;
            }
        }
    }
    return met;
}

/* A sum for every element reached from the empty one, breadth first. */
static cg_status find_words(prover *p) {
    size_t order = p->c->order;
    const cg_array arrays[] = {
        {&p->element_parent, sizeof *p->element_parent, 1, 0},
        {&p->element_heap, sizeof *p->element_heap, 1, 0},
    };
    cg_status st =
        cg_resize_arrays(p->budget, &p->held, arrays, 2, order + 1, "the quotient's proof", p->err);
    if (st != CG_OK) {
        return st;
    }
    uint32_t *queue = NULL;
    size_t queue_held = 0;
    const cg_array scratch[] = {{&queue, sizeof *queue, 1, 0}};
    st = cg_resize_arrays(p->budget, &queue_held, scratch, 1, order + 1, "the quotient's proof",
                          p->err);
    if (st != CG_OK) {
        free(queue);
        cg_budget_give(p->budget, queue_held, 1);
        return st;
    }
    cg_quotient_walk(p->c->times, order, p->c->heaps, p->element_parent, p->element_heap, queue);
    free(queue);
    cg_budget_give(p->budget, queue_held, 1);
    return CG_OK;
}

static cg_status witness_add(prover *p, cg_proof_failure *f, size_t heap) {
    if (f->count == CG_PROOF_MAX_WITNESS) {
        return cg_error_set(p->err, CG_ERR_LIMIT,
                            "a misère quotient counterexample of more than %d heaps",
                            CG_PROOF_MAX_WITNESS);
    }
    f->heap[f->count++] = heap;
    return CG_OK;
}

/* f = element e's sum. */
static cg_status element_word(prover *p, uint32_t e, cg_proof_failure *f) {
    f->count = 0;
    cg_status st = CG_OK;
    for (; st == CG_OK && e != 0; e = p->element_parent[e]) {
        st = witness_add(p, f, p->element_heap[e]);
    }
    return st;
}

/* Whether a sum of element a and an option of it, element b, break the rule:
 * both predicted P, or with values, both of one value. */
static bool clash(const prover *p, uint32_t a, uint32_t b) {
    const uint32_t *value = p->c->value;
    return value != NULL ? value[a] == value[b] : p->c->is_p[a] && p->c->is_p[b];
}

/* The P side: no y·h and y·o both predicted P (with values: of one value). */
static cg_status check_p_side(prover *p, bool *holds, cg_proof_failure *f) {
    const uint8_t *is_p = p->c->is_p;
    /* the empty sum has no move: it is no P-position, and its G- is 1 */
    *holds = p->c->value != NULL ? p->c->value[0] == 1 : !is_p[0];
    if (!*holds) {
        f->count = 0;
        return CG_OK;
    }
    for (uint32_t y = 0; y < p->c->order; y++) {
        if (p->element_parent[y] == NONE) {
            continue; /* no sum reaches y */
        }
        for (size_t i = 0; i < p->live_count; i++) {
            uint32_t yh = times(p, y, p->live[i]);
            if (p->c->value == NULL && !is_p[yh]) {
                continue;
            }
            for (size_t k = p->option_first[i]; k < p->option_first[i + 1]; k++) {
                if (clash(p, yh, times_option(p, y, &p->options[k]))) {
                    *holds = false;
                    cg_status st = element_word(p, y, f);
                    return st == CG_OK ? witness_add(p, f, p->live[i]) : st;
                }
            }
        }
    }
    return CG_OK;
}

/* With values, the P-portion is read off them: an element is P exactly
 * when its value is 0. The walks below check the values only, so the
 * outcomes a value quotient answers with are checked here. */
static bool outcomes_agree_with_values(const prover *p) {
    for (uint32_t y = 0; p->c->value != NULL && y < p->c->order; y++) {
        if (p->element_parent[y] != NONE && (p->c->is_p[y] != 0) != (p->c->value[y] == 0)) {
            return false;
        }
    }
    return true;
}

/* Heaps without a move (heap 0 among them) are the empty game: every
 * reached element plus one must be itself, or a sum holding one would be
 * in an element no walk below checks. */
static cg_status check_dead_heaps(prover *p, bool *holds, cg_proof_failure *f) {
    *holds = true;
    for (uint32_t y = 0; y < p->c->order; y++) {
        if (p->element_parent[y] == NONE) {
            continue; /* no sum reaches y */
        }
        size_t i = 0; /* the live heaps come ascending */
        for (size_t h = 0; h <= p->c->heaps; h++) {
            if (i < p->live_count && p->live[i] == h) {
                i++;
                continue;
            }
            if (times(p, y, h) != y) {
                *holds = false;
                cg_status st = element_word(p, y, f);
                return st == CG_OK ? witness_add(p, f, h) : st;
            }
        }
    }
    return CG_OK;
}

static cg_status grow_states(prover *p, size_t needed) {
    if (needed <= p->state_capacity) {
        return CG_OK;
    }
    size_t capacity = p->state_capacity == 0 ? 1024 : 2 * p->state_capacity;
    const cg_array arrays[] = {
        {&p->state_element, sizeof *p->state_element, 1, 0},
        {&p->state_parent, sizeof *p->state_parent, 1, 0},
        {&p->state_heap, sizeof *p->state_heap, 1, 0},
        {&p->state_next, sizeof *p->state_next, 1, 0},
        {&p->state_set, sizeof *p->state_set, p->words, 0},
    };
    cg_status st = cg_resize_arrays(p->budget, &p->state_held, arrays, 5, capacity,
                                    "the quotient's proof", p->err);
    if (st == CG_OK) {
        p->state_capacity = capacity;
    }
    return st;
}

/* Whether a state of element x already met has a set inside `set`. */
static bool dominated(const prover *p, uint32_t x, const uint64_t *set) {
    for (uint32_t s = p->first_of_element[x]; s != NONE; s = p->state_next[s]) {
        const uint64_t *old = p->state_set + (size_t)s * p->words;
        size_t w = 0;
        while (w < p->words && (old[w] & ~set[w]) == 0) {
            w++;
        }
        if (w == p->words) {
            return true;
        }
    }
    return false;
}

static cg_status add_state(prover *p, uint32_t x, const uint64_t *set, uint32_t parent,
                           uint32_t heap) {
    cg_status st = grow_states(p, p->state_count + 1);
    if (st != CG_OK) {
        return st;
    }
    size_t s = p->state_count++;
    p->state_element[s] = x;
    p->state_parent[s] = parent;
    p->state_heap[s] = heap;
    p->state_next[s] = p->first_of_element[x];
    p->first_of_element[x] = (uint32_t)s;
    memcpy(p->state_set + s * p->words, set, p->words * sizeof *set);
    return CG_OK;
}

static void set_add(uint64_t *set, uint32_t e) {
    set[e / 64] |= (uint64_t)1 << (e % 64);
}

/* The state of s plus live heap i: its element and its options' set. */
static uint32_t successor(const prover *p, size_t s, size_t i, uint64_t *set) {
    uint32_t x = p->state_element[s], h = p->live[i];
    const uint64_t *from = p->state_set + s * p->words;
    memset(set, 0, p->words * sizeof *set);
    for (size_t w = 0; w < p->words; w++) {
        for (uint64_t bits = from[w]; bits != 0; bits &= bits - 1) {
            uint32_t t = (uint32_t)(w * 64 + (size_t)__builtin_ctzll(bits));
            set_add(set, times(p, t, h));
        }
    }
    for (size_t k = p->option_first[i]; k < p->option_first[i + 1]; k++) {
        set_add(set, times_option(p, x, &p->options[k]));
    }
    return times(p, x, h);
}

static bool meets_p(const prover *p, const uint64_t *set) {
    for (size_t w = 0; w < p->words; w++) {
        for (uint64_t bits = set[w]; bits != 0; bits &= bits - 1) {
            if (p->c->is_p[w * 64 + (size_t)__builtin_ctzll(bits)]) {
                return true;
            }
        }
    }
    return false;
}

/* Whether the elements of set have every value below `below`. */
static bool covers(const prover *p, const uint64_t *set, uint32_t below) {
    cg_small_set seen = {{0}};
    for (size_t w = 0; w < p->words; w++) {
        for (uint64_t bits = set[w]; bits != 0; bits &= bits - 1) {
            cg_small_set_add(&seen, p->c->value[w * 64 + (size_t)__builtin_ctzll(bits)]);
        }
    }
    /* a value past the small set is never proven (a failed proof is safe:
     * the candidate is not taken). A value quotient's values are read as
     * bytes, so none is; a value read off an outcome quotient
     * (misere_values.c) would need 256 options of distinct values, which no
     * game reaches here within 400 heaps, and would leave its heaps to the
     * search */
    return below <= CG_SMALL_SET_SIZE && cg_small_set_mex(&seen) >= below;
}

/* The N side's rule at a state of element x and options' set. */
static bool n_side_holds(const prover *p, uint32_t x, const uint64_t *set) {
    if (p->c->value != NULL) {
        return covers(p, set, p->c->value[x]);
    }
    return p->c->is_p[x] || meets_p(p, set);
}

/* f = the sum of state s plus heap h. */
static cg_status state_word(prover *p, size_t s, uint32_t h, cg_proof_failure *f) {
    f->count = 0;
    cg_status st = witness_add(p, f, h);
    for (; st == CG_OK && s != 0; s = p->state_parent[s]) {
        st = witness_add(p, f, p->state_heap[s]);
    }
    return st;
}

/* The N side: the walk over the states (x, T), breadth first. */
static cg_status check_n_side(prover *p, uint64_t max_states, bool *holds, cg_proof_failure *f) {
    size_t held = 0;
    const cg_array arrays[] = {{&p->first_of_element, sizeof *p->first_of_element, 1, 0}};
    uint64_t *set = calloc(p->words, sizeof *set); /* empty: the empty sum's options */
    if (set == NULL) {
        return cg_error_nomem(p->err, "the quotient's proof");
    }
    cg_status st =
        cg_resize_arrays(p->budget, &held, arrays, 1, p->c->order, "the quotient's proof", p->err);
    if (st == CG_OK) {
        for (size_t e = 0; e < p->c->order; e++) {
            p->first_of_element[e] = NONE;
        }
        st = add_state(p, 0, set, NONE, 0); /* the empty sum: no options */
    }
    *holds = true;
    for (size_t s = 0; st == CG_OK && *holds && s < p->state_count; s++) {
        for (size_t i = 0; st == CG_OK && i < p->live_count; i++) {
            uint32_t x = successor(p, s, i, set);
            if (!n_side_holds(p, x, set)) {
                *holds = false;
                st = state_word(p, s, p->live[i], f);
                break;
            }
            if (dominated(p, x, set)) {
                continue;
            }
            if (p->state_count >= max_states) {
                st = cg_error_set(p->err, CG_ERR_LIMIT,
                                  "the quotient of heaps up to %zu is not proven within %llu "
                                  "states",
                                  p->c->heaps, (unsigned long long)max_states);
            } else {
                st = add_state(p, x, set, (uint32_t)s, p->live[i]);
            }
        }
    }
    free(set);
    free(p->first_of_element);
    p->first_of_element = NULL;
    cg_budget_give(p->budget, held, 1);
    return st;
}

cg_status cg_misere_prove(const cg_quotient_candidate *c, cg_budget *budget, uint64_t max_states,
                          bool *proven, cg_proof_failure *failure, uint64_t *states,
                          cg_error *err) {
    if (c == NULL || proven == NULL || failure == NULL || c->order == 0 || c->times == NULL ||
        c->is_p == NULL || c->order > UINT32_MAX / 2) {
        return cg_error_set(err, CG_ERR_USAGE, "a misère quotient proof needs a candidate");
    }
    prover p;
    memset(&p, 0, sizeof p);
    p.c = c;
    p.budget = budget;
    p.err = err;
    p.stride = c->heaps + 1;
    p.words = (c->order + 63) / 64;
    *proven = false;
    failure->count = 0;
    cg_status st = list_heaps(&p);
    if (st == CG_OK) {
        st = find_words(&p);
    }
    bool holds = false;
    if (st == CG_OK) {
        st = check_dead_heaps(&p, &holds, failure);
        holds = holds && outcomes_agree_with_values(&p);
    }
    if (st == CG_OK && holds) {
        st = check_p_side(&p, &holds, failure);
    }
    if (st == CG_OK && holds) {
        st = check_n_side(&p, max_states, &holds, failure);
    }
    *proven = st == CG_OK && holds;
    if (states != NULL) {
        *states = p.state_count;
    }
    free(p.live);
    free(p.option_first);
    free(p.options);
    free(p.element_parent);
    free(p.element_heap);
    free(p.state_element);
    free(p.state_parent);
    free(p.state_heap);
    free(p.state_next);
    free(p.state_set);
    cg_budget_give(budget, p.held + p.state_held, 1);
    cg_budget_give(budget, p.option_capacity, sizeof *p.options);
    return st;
}
