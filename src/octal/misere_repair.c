/* Repaired misère quotient candidates (see misere_repair_internal.h). */
#include "octal/misere_repair_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"
#include "core/nimber_internal.h"
#include "octal/misere_proof_internal.h"

#define NONE UINT32_MAX
#define DONE (UINT32_MAX - 1) /* an element whose least sum is final */
#define MAX_INDEX 6           /* a freed heap's guessed index at most */
#define MAX_TOLD_INDEX 32     /* and the index a failure's copies of it ask */
#define MAX_PERIOD 12         /* and its guessed period */
#define WHAT "the repaired quotient"

typedef struct move_parts {
    uint32_t part[3]; /* heaps left, 0 for none */
} move_parts;

/* A heap freed in a round: a generator g with g^(index + period) = g^index,
 * its exponent the digit of weight `weight` in a product element. */
typedef struct freed_heap {
    size_t heap, index, period, weight;
} freed_heap;

/* A table of elements: times[e * stride + h], element 0 the empty sum;
 * is_p each element's label: its P-ness, or its G- when the quotient below
 * has values (UINT8_MAX past 254). */
typedef struct table {
    uint32_t *times;
    uint8_t *is_p;
    size_t order, bytes; /* bytes counted in the budget */
} table;

typedef struct repairer {
    const cg_octal_code *code;
    cg_budget *budget;
    cg_error *err;
    size_t n, stride;
    uint8_t live[CG_QUOTIENT_MAX_HEAPS + 1];
    size_t option_first[CG_QUOTIENT_MAX_HEAPS + 2]; /* heap h's options: [h]..[h + 1] */
    move_parts *options;
    size_t option_count, option_capacity;
    cg_status option_status;
    uint64_t max_states, states;
    bool values; /* the quotient below has values: the candidates too */
    /* told_index[h]: the most copies of heap h in a failing sum it was
     * chosen to be freed for. A candidate with h^(i + p) = h^i cannot tell
     * h^c from h^(c - p) for c >= i + p, so a failure with c copies
     * suggests i + p > c; the guess for h takes i >= c, which also keeps
     * apart the c + 1 copies of an option that splits one off (p >= 2). A
     * larger index costs elements only (powers that are alike merge), but
     * near 32 a product soon passes CG_REPAIR_MAX_ELEMENTS, and the round
     * then frees fewer heaps. */
    uint8_t told_index[CG_QUOTIENT_MAX_HEAPS + 1];
} repairer;

/* ---- Tables counted in the budget ---- */

static cg_status table_new(const repairer *r, size_t order, table *t) {
    memset(t, 0, sizeof *t);
    size_t cells = 0, bytes = 0;
    if (!cg_size_mul(order, r->stride, &cells) || !cg_size_mul(cells, sizeof *t->times, &bytes) ||
        bytes + order < bytes) {
        cg_error_set(r->err, CG_ERR_LIMIT, "a quotient candidate of %zu elements", order);
        return CG_ERR_LIMIT;
    }
    bytes += order;
    cg_status st = cg_budget_take(r->budget, bytes, 1, WHAT, r->err);
    if (st != CG_OK) {
        return st;
    }
    t->times = calloc(cells > 0 ? cells : 1, sizeof *t->times);
    t->is_p = calloc(order > 0 ? order : 1, 1);
    if (t->times == NULL || t->is_p == NULL) {
        free(t->times);
        free(t->is_p);
        t->times = NULL;
        t->is_p = NULL;
        cg_budget_give(r->budget, bytes, 1);
        cg_error_nomem(r->err, WHAT);
        return CG_ERR_NOMEM;
    }
    t->order = order;
    t->bytes = bytes;
    return CG_OK;
}

static void table_free(const repairer *r, table *t) {
    free(t->times);
    free(t->is_p);
    cg_budget_give(r->budget, t->bytes, 1);
    memset(t, 0, sizeof *t);
}

static uint32_t step(const repairer *r, const table *t, uint32_t e, size_t h) {
    return t->times[(size_t)e * r->stride + h];
}

static uint32_t step_option(const repairer *r, const table *t, uint32_t e, const move_parts *o) {
    for (size_t i = 0; i < 3 && o->part[i] != 0; i++) {
        e = step(r, t, e, o->part[i]);
    }
    return e;
}

/* ---- The minimal automaton ---- */

typedef struct refiner {
    size_t count, stride, mask; /* mask + 1 slots, a power of two >= 2 * count */
    const uint32_t *times;
    uint32_t *class, *next, *slot;
    uint32_t *rows; /* rows[c * stride ..]: class c's signature, its first state's */
    uint32_t *row;  /* the state's signature being placed */
} refiner;

/* State s's signature: its class, then its successors' classes. Four
 * lanes of hashing keep the multiplications independent of each other
 * (one chain of 30 dependent ones was most of the merge's time). */
static uint64_t signature(const refiner *f, size_t s) {
    const uint32_t *succ = f->times + s * f->stride;
    uint64_t lane[4] = {0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull,
                        0x27D4EB2F165667C5ull};
    f->row[0] = f->class[s];
    lane[0] = (lane[0] ^ f->row[0]) * 0x100000001B3ull;
    for (size_t h = 1; h < f->stride; h++) {
        f->row[h] = f->class[succ[h]];
        lane[h & 3] = (lane[h & 3] ^ f->row[h]) * 0x100000001B3ull;
    }
    uint64_t hash = lane[0] ^ (lane[1] >> 7) ^ (lane[2] << 11) ^ (lane[3] >> 19);
    return hash ^ (hash >> 29);
}

/* State s's class in the next round: the one of a state met before with the
 * same signature, else a new one (*made of them). */
static uint32_t next_class(refiner *f, size_t s, size_t *made) {
    size_t bytes = f->stride * sizeof *f->row;
    for (size_t i = (size_t)signature(f, s) & f->mask;; i = (i + 1) & f->mask) {
        uint32_t c = f->slot[i];
        if (c == NONE) {
            f->slot[i] = (uint32_t)*made;
            memcpy(f->rows + *made * f->stride, f->row, bytes);
            return (uint32_t)(*made)++;
        }
        if (memcmp(f->rows + (size_t)c * f->stride, f->row, bytes) == 0) {
            return c;
        }
    }
}

/* Moore's refinement: classes by label, then by successors' classes until
 * no class splits. State 0 is met first, so its class is 0. */
static size_t refine(refiner *f, const uint8_t *is_p) {
    /* first by label (P-ness, or a value), numbered as met */
    uint32_t label_class[UINT8_MAX + 1];
    memset(label_class, 0xff, sizeof label_class);
    size_t before = 0, now = 0;
    for (size_t s = 0; s < f->count; s++) {
        if (label_class[is_p[s]] == NONE) {
            label_class[is_p[s]] = (uint32_t)now++;
        }
        f->class[s] = label_class[is_p[s]];
    }
    while (now != before) {
        before = now;
        memset(f->slot, 0xff, (f->mask + 1) * sizeof *f->slot);
        size_t made = 0;
        for (size_t s = 0; s < f->count; s++) {
            f->next[s] = next_class(f, s, &made);
        }
        memcpy(f->class, f->next, f->count * sizeof *f->class);
        now = made;
    }
    return now;
}

cg_status cg_quotient_merge(cg_budget *budget, size_t count, size_t stride, const uint32_t *times,
                            const uint8_t *is_p, size_t max_classes, size_t *classes,
                            uint32_t **merged, uint8_t **merged_p, size_t *merged_bytes,
                            cg_error *err) {
    *classes = 0;
    *merged = NULL;
    *merged_p = NULL;
    *merged_bytes = 0;
    if (count == 0 || count >= NONE / 2 || stride == 0) {
        return cg_error_set(err, CG_ERR_USAGE, "merging needs a table of elements");
    }
    size_t slots = 1;
    while (slots < 2 * count) {
        slots *= 2;
    }
    refiner f = {count, stride, slots - 1, times, NULL, NULL, NULL, NULL, NULL};
    size_t held = 0;
    /* slots: 2 * count rounded up to a power of two, below 4 * count */
    const cg_array arrays[] = {
        {&f.class, sizeof *f.class, 1, 0},  {&f.next, sizeof *f.next, 1, 0},
        {&f.slot, sizeof *f.slot, 4, 0},    {&f.rows, sizeof *f.rows, stride, 0},
        {&f.row, sizeof *f.row, 0, stride},
    };
    cg_status st = cg_resize_arrays(budget, &held, arrays, 5, count, "the quotient's merge", err);
    if (st == CG_OK) {
        *classes = refine(&f, is_p);
    }
    size_t bytes = *classes * stride * sizeof **merged + *classes;
    if (st == CG_OK && *classes <= max_classes &&
        (st = cg_budget_take(budget, bytes, 1, "the quotient", err)) == CG_OK) {
        *merged = calloc(*classes * stride, sizeof **merged);
        *merged_p = calloc(*classes, 1);
        if (*merged == NULL || *merged_p == NULL) {
            free(*merged);
            free(*merged_p);
            *merged = NULL;
            *merged_p = NULL;
            cg_budget_give(budget, bytes, 1);
            cg_error_nomem(err, "the quotient");
            st = CG_ERR_NOMEM;
        } else {
            *merged_bytes = bytes;
            for (size_t s = 0; s < count; s++) {
                uint32_t c = f.class[s];
                for (size_t h = 0; h < stride; h++) {
                    (*merged)[(size_t)c * stride + h] = f.class[times[s * stride + h]];
                }
                (*merged_p)[c] = is_p[s];
            }
        }
    }
    free(f.class);
    free(f.next);
    free(f.slot);
    free(f.rows);
    free(f.row);
    cg_budget_give(budget, held, 1);
    return st;
}

/* ---- The heaps' options ---- */

static void keep_option(void *context, size_t take, const size_t *parts, size_t count) {
    (void)take;
    repairer *r = context;
    if (r->option_status != CG_OK) {
        return;
    }
    move_parts o = {{0, 0, 0}};
    for (size_t i = 0, k = 0; i < count && k < 3; i++) {
        if (parts[i] != 0) {
            o.part[k++] = (uint32_t)parts[i];
        }
    }
    r->option_status = cg_grow_within(r->budget, &r->options, &r->option_capacity,
                                      r->option_count + 1, sizeof *r->options, WHAT, r->err);
    if (r->option_status == CG_OK) {
        r->options[r->option_count++] = o;
    }
}

static cg_status list_options(repairer *r) {
    for (size_t h = 0; r->option_status == CG_OK && h <= r->n; h++) {
        r->option_first[h] = r->option_count;
        if (h > 0) {
            cg_octal_each_option(r->code, h, keep_option, r);
        }
        r->live[h] = r->option_count > r->option_first[h];
    }
    r->option_first[r->n + 1] = r->option_count;
    return r->option_status;
}

/* ---- Guessing a freed heap's cycle ---- */

/* The index i and period p of the powers of the sum o in t: o^(i + p) =
 * o^i, both least. seen[] (t->order entries, all NONE) is scratch, left so. */
static void powers(const repairer *r, const table *t, const move_parts *o, uint32_t *seen,
                   size_t *index, size_t *period) {
    uint32_t x = 0;
    size_t k = 0;
    while (seen[x] == NONE) {
        seen[x] = (uint32_t)k++;
        x = step_option(r, t, x, o);
    }
    *index = seen[x];
    *period = k - seen[x];
    x = 0;
    for (size_t j = 0; j < k; j++) {
        seen[x] = NONE;
        x = step_option(r, t, x, o);
    }
}

static size_t lcm(size_t a, size_t b) {
    size_t x = a, y = b;
    while (y != 0) {
        size_t z = x % y;
        x = y;
        y = z;
    }
    return x == 0 ? 0 : a / x * b;
}

/* Heap h freed over t: an index one more than those of the powers of the
 * heap and of each of its options in t, a period a multiple of theirs and of
 * 2 (a generator of a misère quotient most often has x^(i + 2) = x^i); the
 * index at least the one earlier failures told for h. */
static void guess_cycle(const repairer *r, const table *t, size_t h, uint32_t *seen,
                        freed_heap *f) {
    move_parts alone = {{(uint32_t)h, 0, 0}};
    size_t index = 0, period = 0;
    powers(r, t, &alone, seen, &index, &period);
    size_t guess_index = index + 1, guess_period = lcm(2, period);
    guess_period = guess_period <= MAX_PERIOD ? guess_period : 2;
    for (size_t k = r->option_first[h]; k < r->option_first[h + 1]; k++) {
        powers(r, t, &r->options[k], seen, &index, &period);
        guess_index = index + 1 > guess_index ? index + 1 : guess_index;
        size_t l = lcm(guess_period, period);
        guess_period = l <= MAX_PERIOD ? l : guess_period;
    }
    f->heap = h;
    f->index = guess_index < MAX_INDEX ? guess_index : MAX_INDEX;
    f->index = r->told_index[h] > f->index ? r->told_index[h] : f->index;
    f->period = guess_period;
}

/* ---- The product candidate ---- */

/* The product of t's submonoid S generated by the heaps not freed with a
 * cyclic generator for each freed heap: element s + |S| * (the freed heaps'
 * exponents as digits of weights freed[j].weight / |S|). *too_big, and no
 * table, past CG_REPAIR_MAX_ELEMENTS. sid and selem have t->order entries. */
static cg_status product(const repairer *r, const table *t, freed_heap *freed, size_t count,
                         uint32_t *sid, uint32_t *selem, table *out, bool *too_big) {
    uint8_t freed_at[CG_QUOTIENT_MAX_HEAPS + 1] = {0}; /* j + 1 for freed heap j */
    for (size_t j = 0; j < count; j++) {
        freed_at[freed[j].heap] = (uint8_t)(j + 1);
    }
    for (size_t e = 0; e < t->order; e++) {
        sid[e] = NONE;
    }
    size_t s = 0;
    sid[0] = 0;
    selem[s++] = 0;
    for (size_t i = 0; i < s; i++) { /* S, breadth first */
        for (size_t h = 1; h <= r->n; h++) {
            uint32_t f = step(r, t, selem[i], h);
            if (freed_at[h] == 0 && sid[f] == NONE) {
                sid[f] = (uint32_t)s;
                selem[s++] = f;
            }
        }
    }
    size_t elements = s;
    for (size_t j = 0; j < count; j++) {
        freed[j].weight = elements;
        elements *= freed[j].index + freed[j].period;
        if (elements > CG_REPAIR_MAX_ELEMENTS) {
            *too_big = true;
            return CG_OK;
        }
    }
    *too_big = false;
    cg_status st = table_new(r, elements, out);
    for (size_t e = 0; st == CG_OK && e < elements; e++) {
        uint32_t *row = out->times + e * r->stride;
        size_t base = e - e % s; /* the freed heaps' part */
        uint32_t from = selem[e % s];
        row[0] = (uint32_t)e;
        for (size_t h = 1; h <= r->n; h++) {
            if (freed_at[h] == 0) {
                row[h] = (uint32_t)(base + sid[step(r, t, from, h)]);
                continue;
            }
            const freed_heap *f = &freed[freed_at[h] - 1];
            size_t levels = f->index + f->period, k = e / f->weight % levels;
            size_t up = k + 1 < levels ? k + 1 : f->index;
            row[h] = (uint32_t)(e - k * f->weight + up * f->weight);
        }
    }
    return st;
}

/* ---- P-ness by the rule of play ---- */

/* A queue of elements by their least sum's tokens (a binary heap indexed by
 * element: pos[e] its place, NONE outside, DONE once taken). */
typedef struct queue {
    const uint32_t *tokens;
    uint32_t *item, *pos;
    size_t size;
} queue;

static bool before(const queue *q, uint32_t a, uint32_t b) {
    return q->tokens[a] < q->tokens[b] || (q->tokens[a] == q->tokens[b] && a < b);
}

static void place(queue *q, size_t i, uint32_t e) {
    q->item[i] = e;
    q->pos[e] = (uint32_t)i;
}

static void sift_up(queue *q, size_t i) {
    uint32_t e = q->item[i];
    while (i > 0 && before(q, e, q->item[(i - 1) / 2])) {
        place(q, i, q->item[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    place(q, i, e);
}

static uint32_t pop(queue *q) {
    uint32_t top = q->item[0], e = q->item[--q->size];
    q->pos[top] = DONE;
    if (q->size == 0) {
        return top;
    }
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= q->size) {
            break;
        }
        if (c + 1 < q->size && before(q, q->item[c + 1], q->item[c])) {
            c++;
        }
        if (!before(q, q->item[c], e)) {
            break;
        }
        place(q, i, q->item[c]);
        i = c;
    }
    place(q, i, e);
    return top;
}

/* Each element's least sum without one of its heaps, for every distinct
 * heap of it: the options of the sum are those of each heap h played in
 * the sum, h's option added to the rest. An element's list follows from
 * its parent's (the sum with one heap fewer, via): the rest without h is
 * the parent's rest without h plus via, and without via it is the parent.
 * So a list costs its length, where walking the sum again for each heap
 * cost its square. */
typedef struct rest_of {
    uint32_t heap, rest;
} rest_of;

typedef struct least_rests {
    rest_of *pool;
    size_t used, capacity;
    uint32_t *first, *count; /* element e's list: pool[first[e]..first[e] + count[e]) */
} least_rests;

static cg_status list_rests(const repairer *r, const table *p, least_rests *l,
                            const uint32_t *parent, const uint32_t *via, uint32_t e) {
    l->first[e] = (uint32_t)l->used;
    l->count[e] = 0;
    if (e == 0) {
        return CG_OK;
    }
    uint32_t up = parent[e], v = via[e], n = l->count[up];
    cg_status st = cg_grow_within(r->budget, &l->pool, &l->capacity, l->used + n + 1,
                                  sizeof *l->pool, WHAT, r->err);
    if (st != CG_OK) {
        return st;
    }
    bool has_v = false;
    for (uint32_t i = 0; i < n; i++) {
        rest_of x = l->pool[l->first[up] + i];
        has_v = has_v || x.heap == v;
        l->pool[l->used++] = (rest_of){x.heap, x.heap == v ? up : step(r, p, x.rest, v)};
    }
    if (!has_v) {
        l->pool[l->used++] = (rest_of){v, up};
    }
    l->count[e] = (uint32_t)(l->used - l->first[e]);
    return l->used < NONE ? CG_OK
                          : cg_error_set(r->err, CG_ERR_LIMIT, "a candidate of too many sums");
}

/* Element e's label by the rule of play on its least sum: P when the sum
 * has a move and no option's element is P; with values, the mex of the
 * options' (1 with no option). The options have fewer tokens, so theirs
 * are known. */
static void mark_one(const repairer *r, table *p, const least_rests *l, uint32_t e) {
    bool any = false;
    cg_small_set seen = {{0}};
    for (uint32_t i = 0; i < l->count[e]; i++) {
        rest_of x = l->pool[l->first[e] + i];
        for (size_t k = r->option_first[x.heap]; k < r->option_first[x.heap + 1]; k++) {
            any = true;
            cg_small_set_add(&seen, p->is_p[step_option(r, p, x.rest, &r->options[k])]);
        }
    }
    unsigned mex = cg_small_set_mex(&seen);
    p->is_p[e] = !r->values        ? any && !cg_small_set_has(&seen, 1)
                 : !any            ? 1
                 : mex < UINT8_MAX ? (uint8_t)mex
                                   : UINT8_MAX;
}

/* Every element's P-ness, in the order of its least sum's tokens (Dijkstra
 * over the heaps, heap h costing h tokens). */
static cg_status mark(const repairer *r, table *p) {
    uint32_t *tokens = NULL, *parent = NULL, *via = NULL;
    least_rests l = {NULL, 0, 0, NULL, NULL};
    queue q = {NULL, NULL, NULL, 0};
    size_t held = 0;
    const cg_array arrays[] = {
        {&tokens, sizeof *tokens, 1, 0},   {&parent, sizeof *parent, 1, 0},
        {&via, sizeof *via, 1, 0},         {&q.item, sizeof *q.item, 1, 0},
        {&q.pos, sizeof *q.pos, 1, 0},     {&l.first, sizeof *l.first, 1, 0},
        {&l.count, sizeof *l.count, 1, 0},
    };
    cg_status st = cg_resize_arrays(r->budget, &held, arrays, 7, p->order, WHAT, r->err);
    if (st == CG_OK) {
        q.tokens = tokens;
        for (size_t e = 0; e < p->order; e++) {
            tokens[e] = NONE;
            q.pos[e] = NONE;
        }
        tokens[0] = 0;
        parent[0] = 0;
        via[0] = 0;
        q.size = 1;
        place(&q, 0, 0);
    }
    while (st == CG_OK && q.size > 0) {
        uint32_t e = pop(&q);
        st = list_rests(r, p, &l, parent, via, e);
        if (st == CG_OK) {
            mark_one(r, p, &l, e);
        }
        for (size_t h = 1; st == CG_OK && h <= r->n; h++) {
            uint32_t f = step(r, p, e, h);
            if (!r->live[h] || q.pos[f] == DONE || tokens[e] + h >= tokens[f]) {
                continue;
            }
            tokens[f] = (uint32_t)(tokens[e] + h);
            parent[f] = e;
            via[f] = (uint32_t)h;
            if (q.pos[f] == NONE) {
                place(&q, q.size++, f);
            }
            sift_up(&q, q.pos[f]);
        }
    }
    free(tokens);
    free(parent);
    free(via);
    free(q.item);
    free(q.pos);
    free(l.first);
    free(l.count);
    free(l.pool);
    cg_budget_give(r->budget, held + l.capacity * sizeof *l.pool, 1);
    return st;
}

/* ---- The rounds ---- */

/* Up to CG_REPAIR_MAX_FREED heaps of the failure's sum to free: the live
 * ones freed longest ago (never first), larger first among equals. Each
 * chosen heap's told_index rises to its copies in the sum (at most
 * MAX_TOLD_INDEX). */
static size_t choose(repairer *r, const cg_proof_failure *w, const size_t *last_freed,
                     freed_heap *out) {
    size_t chosen = 0;
    while (chosen < CG_REPAIR_MAX_FREED) {
        size_t best = 0;
        for (size_t i = 0; i < w->count; i++) {
            size_t h = w->heap[i];
            bool taken = h == 0 || h > r->n || !r->live[h];
            for (size_t j = 0; j < chosen && !taken; j++) {
                taken = out[j].heap == h;
            }
            if (!taken && (best == 0 || last_freed[h] < last_freed[best] ||
                           (last_freed[h] == last_freed[best] && h > best))) {
                best = h;
            }
        }
        if (best == 0) {
            break;
        }
        size_t copies = 0;
        for (size_t i = 0; i < w->count; i++) {
            copies += w->heap[i] == best;
        }
        copies = copies < MAX_TOLD_INDEX ? copies : MAX_TOLD_INDEX;
        r->told_index[best] = copies > r->told_index[best] ? (uint8_t)copies : r->told_index[best];
        out[chosen++].heap = best;
    }
    return chosen;
}

typedef struct round_scratch {
    uint32_t *seen, *sid, *selem; /* room for `room` elements of a candidate */
    size_t room, held;
} round_scratch;

/* One round: t's heaps freed[0..*count-1] made generators (their cycles
 * guessed in base), marked, merged; *next the merged candidate. Past a
 * limit, the same with fewer heaps (*count those freed), down to none and
 * no table. */
static cg_status one_round(repairer *r, const table *base, const table *t, freed_heap *freed,
                           size_t *count, round_scratch *scratch, size_t limit, table *next) {
    memset(next, 0, sizeof *next);
    for (size_t j = 0; j < *count; j++) {
        guess_cycle(r, base, freed[j].heap, scratch->seen, &freed[j]);
    }
    cg_status st = CG_OK;
    for (; st == CG_OK && *count > 0; --*count) {
        table p;
        bool too_big = true;
        st = product(r, t, freed, *count, scratch->sid, scratch->selem, &p, &too_big);
        if (st != CG_OK || too_big) {
            continue;
        }
        st = mark(r, &p);
        size_t classes = 0;
        if (st == CG_OK) {
            st = cg_quotient_merge(r->budget, p.order, r->stride, p.times, p.is_p, limit, &classes,
                                   &next->times, &next->is_p, &next->bytes, r->err);
            next->order = next->times != NULL ? classes : 0;
        }
        table_free(r, &p);
        if (next->times != NULL) {
            break;
        }
    }
    return st;
}

/* With values, c's labels as *value (counted in the budget) and its
 * labels made P-ness. */
static cg_status split_labels(repairer *r, table *c, uint32_t **value) {
    *value = NULL;
    if (!r->values) {
        return CG_OK;
    }
    if (!cg_misere_labels_are_values(c->is_p, c->order)) {
        return cg_error_set(r->err, CG_ERR_LIMIT, "a misère value above %d", UINT8_MAX - 1);
    }
    cg_status st = cg_budget_take(r->budget, c->order, sizeof **value, WHAT, r->err);
    uint32_t *v = st == CG_OK ? calloc(c->order > 0 ? c->order : 1, sizeof *v) : NULL;
    if (st == CG_OK && v == NULL) {
        cg_budget_give(r->budget, c->order, sizeof *v);
        return cg_error_nomem(r->err, WHAT);
    }
    if (v != NULL) {
        cg_misere_labels_split(c->is_p, c->order, v);
    }
    *value = v;
    return st;
}

/* Prove c; when proven, q adopts its table (then q's, even when the
 * adoption fails). */
static cg_status prove(repairer *r, table *c, cg_misere_quotient *q, bool *found,
                       cg_proof_failure *failure) {
    uint32_t *value = NULL;
    cg_status st = split_labels(r, c, &value);
    if (st != CG_OK) {
        return st;
    }
    const cg_quotient_candidate cand = {r->code, r->n, c->order, c->times, c->is_p, value};
    uint64_t walked = 0;
    bool proven = false;
    st = cg_misere_prove(&cand, r->budget, r->max_states - r->states, &proven, failure, &walked,
                         r->err);
    r->states += walked;
    size_t value_bytes = value != NULL ? c->order * sizeof *value : 0;
    if (st != CG_OK || !proven) {
        free(value);
        cg_budget_give(r->budget, value_bytes, 1);
        return st;
    }
    memset(q, 0, sizeof *q);
    q->budget = r->budget;
    st = cg_misere_quotient_adopt(q, r->code, r->n, c->order, c->times, c->is_p, value,
                                  c->bytes + value_bytes, r->states, r->err);
    memset(c, 0, sizeof *c); /* q's now */
    *found = st == CG_OK;
    return st;
}

/* The rounds from Q x <heap n>. base is Q with heap n read as the empty sum:
 * the cycles of freed heaps are guessed there, where every identification
 * is proven for the heaps below n, not in a candidate that may be wrong. */
static cg_status rounds(repairer *r, const table *base, round_scratch *scratch, size_t limit,
                        cg_misere_quotient *q, bool *found) {
    size_t last_freed[CG_QUOTIENT_MAX_HEAPS + 1] = {0}; /* the round each heap was, from 1 */
    freed_heap freed[CG_REPAIR_MAX_FREED] = {{r->n, 0, 0, 0}};
    size_t count = 1;
    table t; /* the last candidate, when not base */
    memset(&t, 0, sizeof t);
    cg_proof_failure failure;
    cg_status st = CG_OK;
    for (size_t round = 1; st == CG_OK && !*found && count > 0 && round <= CG_REPAIR_MAX_ROUNDS;
         round++) {
        table next;
        st = one_round(r, base, t.times != NULL ? &t : base, freed, &count, scratch, limit, &next);
        if (st != CG_OK || next.times == NULL) {
            break; /* past a limit: the learner decides */
        }
        for (size_t j = 0; j < count; j++) {
            last_freed[freed[j].heap] = round;
        }
        table_free(r, &t);
        t = next;
        st = prove(r, &t, q, found, &failure);
        count = st == CG_OK && !*found ? choose(r, &failure, last_freed, freed) : 0;
    }
    table_free(r, &t);
    return st;
}

static cg_status repair(repairer *r, const cg_misere_quotient *below, size_t limit,
                        cg_misere_quotient *q, bool *found) {
    size_t m = below->order, room = limit > m ? limit : m;
    round_scratch scratch = {NULL, NULL, NULL, room, 0};
    const cg_array arrays[] = {
        {&scratch.seen, sizeof *scratch.seen, 1, 0},
        {&scratch.sid, sizeof *scratch.sid, 1, 0},
        {&scratch.selem, sizeof *scratch.selem, 1, 0},
    };
    table base;
    memset(&base, 0, sizeof base);
    cg_status st = list_options(r);
    if (st == CG_OK) {
        st = cg_resize_arrays(r->budget, &scratch.held, arrays, 3, room, WHAT, r->err);
    }
    if (st == CG_OK) {
        st = table_new(r, m, &base);
    }
    for (size_t e = 0; st == CG_OK && e < m; e++) {
        memcpy(base.times + e * r->stride, below->times + e * r->n, r->n * sizeof *base.times);
        base.times[e * r->stride + r->n] = (uint32_t)e;
    }
    for (size_t e = 0; st == CG_OK && e < room; e++) {
        scratch.seen[e] = NONE;
    }
    if (st == CG_OK) {
        st = rounds(r, &base, &scratch, limit, q, found);
    }
    table_free(r, &base);
    free(scratch.seen);
    free(scratch.sid);
    free(scratch.selem);
    cg_budget_give(r->budget, scratch.held, 1);
    return st;
}

cg_status cg_misere_quotient_repair(const cg_octal_code *code, cg_budget *budget,
                                    const cg_misere_quotient *below, size_t max_order,
                                    uint64_t max_states, uint64_t *states, cg_misere_quotient *q,
                                    bool *found, cg_error *err) {
    if (found == NULL || q == NULL || code == NULL || below == NULL || below->times == NULL ||
        below->order == 0 || below->heaps + 1 > CG_QUOTIENT_MAX_HEAPS) {
        return cg_error_set(err, CG_ERR_USAGE, "repairing a quotient needs the quotient below");
    }
    *found = false;
    repairer r;
    memset(&r, 0, sizeof r);
    r.code = code;
    r.budget = budget;
    r.err = err;
    r.n = below->heaps + 1;
    r.stride = r.n + 1;
    r.max_states = max_states;
    r.values = below->value != NULL;
    size_t limit = below->order * CG_REPAIR_MAX_GROWTH;
    cg_status st = repair(&r, below, limit < max_order ? limit : max_order, q, found);
    free(r.options);
    cg_budget_give(budget, r.option_capacity, sizeof *r.options);
    if (states != NULL) {
        *states = r.states;
    }
    return st;
}
