/* The misère search (see misere_solver_internal.h): positions whose heaps
 * are all tame are valued by the tame rule, those the oracle's proven
 * quotient values at once, and the others by an iterative depth-first
 * search over the table of positions (no recursion: the depth grows with
 * the tokens). */
#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"
#include "core/nimber_internal.h"
#include "octal/misere_solver_internal.h"

#define PROGRESS_EVERY 65536

/* ---- positions ---- */

static bool all_tame(const cg_misere_solver *s, const uint16_t *w, size_t length) {
    for (size_t i = 2; i < length; i++) {
        if (!s->tame[w[i]]) {
            return false;
        }
    }
    return true;
}

/* The tame rule (misere_internal.h): g the nim-sum; γ0 = g when a part is firm
 * (a nim-heap of 2 counts), else g ^ 1. */
static uint32_t tame_value(const cg_misere_solver *s, const uint16_t *w, size_t length) {
    uint32_t g = (w[0] & 1u) ^ (w[1] & 1u ? 2u : 0u);
    bool firm = w[1] > 0;
    for (size_t i = 2; i < length; i++) {
        uint32_t normal = cg_octal_engine_at(&s->normal, w[i]);
        g ^= normal;
        firm = firm || s->misere[w[i]] == normal;
    }
    return firm ? g : g ^ 1u;
}

bool cg_misere_replace_heap(const uint16_t *w, size_t length, size_t at, const heap_option *o,
                            position *out) {
    size_t parts = (size_t)(o->part[0] != 0) + (o->part[1] != 0) + (o->part[2] != 0);
    if (length - 1 + parts > POSITION_MAX_WORDS || (size_t)w[1] + o->twos > CG_MISERE_MAX_NIM) {
        return false;
    }
    out->word[0] = (uint16_t)((w[0] + o->ones) & 1u);
    out->word[1] = (uint16_t)(w[1] + o->twos);
    size_t n = 2, p = 0;
    for (size_t i = 2; i < length; i++) {
        if (i == at) {
            continue;
        }
        while (p < parts && o->part[p] > w[i]) {
            out->word[n++] = o->part[p++];
        }
        out->word[n++] = w[i];
    }
    while (p < parts) {
        out->word[n++] = o->part[p++];
    }
    out->length = n;
    return true;
}

/* ---- the oracle's elements ---- */

/* a + b in the oracle's monoid; CG_MISERE_NO_ELEMENT when either is. */
static uint32_t times(const cg_misere_solver *s, uint32_t a, uint32_t b) {
    if (a == CG_MISERE_NO_ELEMENT || b == CG_MISERE_NO_ELEMENT) {
        return CG_MISERE_NO_ELEMENT;
    }
    uint16_t p = s->oracle.times[(size_t)a * s->oracle.order + b];
    return p == CG_MISERE_NO_PRODUCT ? CG_MISERE_NO_ELEMENT : p;
}

static uint32_t heap_element(cg_misere_solver *s, size_t n) {
    if (s->element[n] == ELEMENT_UNSET) {
        s->element[n] = s->oracle.heap_element(s->oracle.context, n);
    }
    return s->element[n];
}

/* The element of option k's heaps (not its nim-heaps). */
static uint32_t option_element(cg_misere_solver *s, size_t k) {
    if (s->option_element[k] == ELEMENT_UNSET) {
        const heap_option *o = &s->options[k];
        uint32_t e = 0;
        for (size_t i = 0; i < 3 && o->part[i] != 0; i++) {
            e = times(s, e, heap_element(s, o->part[i]));
        }
        s->option_element[k] = e;
    }
    return s->option_element[k];
}

/* The element of `ones` (parity) nim-heaps of 1 and `twos` of 2. */
static cg_status nim_element(cg_misere_solver *s, unsigned ones, size_t twos, uint32_t *e,
                             cg_error *err) {
    if (twos >= s->two_power_count) {
        cg_status st = cg_grow_within(s->budget, &s->two_power, &s->two_power_capacity, twos + 1,
                                      sizeof *s->two_power, "the misère oracle", err);
        if (st != CG_OK) {
            return st;
        }
        for (size_t k = s->two_power_count; k <= twos; k++) {
            s->two_power[k] = k == 0 ? 0 : times(s, s->two_power[k - 1], s->oracle.two);
        }
        s->two_power_count = twos + 1;
    }
    *e = times(s, ones & 1u ? s->oracle.one : 0, s->two_power[twos]);
    return CG_OK;
}

/* Whether the oracle values the sum of element e: then *value. */
static bool element_value(cg_misere_solver *s, uint32_t e, uint32_t *value) {
    s->asked++;
    if (e == CG_MISERE_NO_ELEMENT || s->oracle.value[e] == CG_MISERE_NO_VALUE) {
        return false;
    }
    *value = s->oracle.value[e];
    s->answered++;
    return true;
}

/* The value of the position w without a search, when the tame rule or the
 * oracle gives it. */
static cg_status value_at_once(cg_misere_solver *s, const uint16_t *w, size_t length,
                               uint32_t *value, cg_misere_method *method, bool *known,
                               cg_error *err) {
    *known = false;
    if (all_tame(s, w, length)) {
        *value = tame_value(s, w, length);
        *method = CG_MISERE_BY_TAME_RULE;
        *known = true;
        return CG_OK;
    }
    *method = CG_MISERE_BY_SEARCH;
    if (!s->asking) {
        return CG_OK;
    }
    uint32_t e;
    cg_status st = nim_element(s, w[0], w[1], &e, err);
    for (size_t i = 2; st == CG_OK && i < length; i++) {
        e = times(s, e, heap_element(s, w[i]));
    }
    *known = st == CG_OK && element_value(s, e, value);
    return st;
}

/* A child of the position being expanded whose value is known (its room
 * taken by reserve_children). */
static void push_known(cg_misere_solver *s, uint32_t value) {
    s->children[s->child_count++] = (child){UINT32_MAX, value};
}

/* A child the oracle did not value: by the tame rule, or looked up (its
 * room taken by reserve_children). */
static void push_child(cg_misere_solver *s, const position *p) {
    if (all_tame(s, p->word, p->length)) {
        push_known(s, tame_value(s, p->word, p->length));
        return;
    }
    pending_child *q = &s->pending[s->pending_count++];
    *q = (pending_child){s->child_count, s->pending_word_count, p->length,
                         cg_misere_table_hash(p->word, p->length)};
    memcpy(s->pending_words + q->offset, p->word, p->length * sizeof *p->word);
    s->pending_word_count += p->length;
    cg_misere_table_prefetch(&s->table, q->hash);
    s->children[s->child_count++] = (child){0, CG_MISERE_UNKNOWN}; /* set by look_up_pending */
}

/* Each pending child's entry, looked up (or entered) now that all their
 * slots were asked for. */
static cg_status look_up_pending(cg_misere_solver *s, cg_error *err) {
    cg_status st = CG_OK;
    for (size_t k = 0; k < s->pending_count; k++) {
        cg_misere_table_prefetch_entry(&s->table, s->pending[k].hash);
    }
    for (size_t k = 0; st == CG_OK && k < s->pending_count; k++) {
        const pending_child *q = &s->pending[k];
        child *c = &s->children[q->child];
        st = cg_misere_table_intern_hashed(&s->table, s->pending_words + q->offset, q->length,
                                           q->hash, &c->entry, err);
        c->value = st == CG_OK ? cg_misere_table_value(&s->table, c->entry) : CG_MISERE_UNKNOWN;
    }
    s->pending_count = s->pending_word_count = 0;
    return st;
}

/* to = from, only the words in use (a whole copy is 8 KiB). */
static void copy_position(const position *from, position *to) {
    memcpy(to->word, from->word, from->length * sizeof from->word[0]);
    to->length = from->length;
}

/* Whether the oracle values the child of element `heaps` (its heaps') with
 * `ones` and `twos` nim-heaps: then *value. */
static cg_status ask_child(cg_misere_solver *s, uint32_t heaps, unsigned ones, size_t twos,
                           bool *known, uint32_t *value, cg_error *err) {
    uint32_t nim;
    cg_status st = nim_element(s, ones, twos, &nim, err);
    *known = st == CG_OK && element_value(s, times(s, heaps, nim), value);
    return st;
}

/* With an oracle, each heap's product with those before it and with those
 * after it: before[i] is the element of heaps 2..i-1, after[i] of heaps
 * i..length-1, so the child that replaces heap i is before[i] + after[i +
 * 1] + its option's parts + its nim-heaps. Their room is taken when first
 * needed. */
static cg_status heap_products(cg_misere_solver *s, const position *w, cg_error *err) {
    if (s->product == NULL) {
        cg_status st = cg_budget_take(s->budget, PRODUCT_SLOTS, sizeof *s->product,
                                      "the misère oracle's products", err);
        if (st != CG_OK) {
            return st;
        }
        if ((s->product = malloc(PRODUCT_SLOTS * sizeof *s->product)) == NULL) {
            cg_budget_give(s->budget, PRODUCT_SLOTS, sizeof *s->product);
            return cg_error_nomem(err, "the misère oracle's products");
        }
    }
    uint32_t *before = s->product, *after = s->product + POSITION_MAX_WORDS + 1;
    before[2] = 0;
    for (size_t i = 2; i < w->length; i++) {
        before[i + 1] = times(s, before[i], heap_element(s, w->word[i]));
    }
    after[w->length] = 0;
    for (size_t i = w->length; i-- > 2;) {
        after[i] = times(s, heap_element(s, w->word[i]), after[i + 1]);
    }
    return CG_OK;
}

/* The children that replace heap i of w by one of its options. */
static cg_status push_heap_children(cg_misere_solver *s, const position *w, size_t i,
                                    cg_error *err) {
    position *p = &s->scratch[SCRATCH_EXPAND_TO];
    uint32_t rest = s->asking ? times(s, s->product[i], s->product[POSITION_MAX_WORDS + 1 + i + 1])
                              : CG_MISERE_NO_ELEMENT;
    size_t h = w->word[i];
    cg_status st = CG_OK;
    for (size_t k = s->option_first[h]; st == CG_OK && k < s->option_first[h + 1]; k++) {
        const heap_option *o = &s->options[k];
        bool known = false;
        uint32_t value = 0;
        if (s->asking && (size_t)w->word[1] + o->twos <= CG_MISERE_MAX_NIM) {
            st = ask_child(s, times(s, rest, option_element(s, k)), w->word[0] ^ o->ones,
                           (size_t)w->word[1] + o->twos, &known, &value, err);
        }
        if (st != CG_OK || known) {
            if (st == CG_OK) {
                push_known(s, value);
            }
            continue;
        }
        if (!cg_misere_replace_heap(w->word, w->length, i, o, p)) {
            return cg_error_set(err, CG_ERR_LIMIT,
                                "a misère position of more than %d heaps or %u nim-heaps",
                                POSITION_MAX_WORDS - 2, CG_MISERE_MAX_NIM);
        }
        push_child(s, p);
    }
    return st;
}

/* The child with the nim-heaps ones and twos instead of w's. */
static cg_status push_nim_child(cg_misere_solver *s, const position *w, unsigned ones, size_t twos,
                                cg_error *err) {
    bool known = false;
    uint32_t value = 0;
    cg_status st = CG_OK;
    if (s->asking) {
        st = ask_child(s, s->product[w->length], ones, twos, &known, &value, err);
    }
    if (st != CG_OK || known) {
        if (st == CG_OK) {
            push_known(s, value);
        }
        return st;
    }
    position *p = &s->scratch[SCRATCH_EXPAND_TO];
    copy_position(w, p);
    p->word[0] = (uint16_t)ones;
    p->word[1] = (uint16_t)twos;
    push_child(s, p);
    return CG_OK;
}

/* Whether w's heap at i is the first of its size (heaps are descending from
 * word 2): a heap again has the same children, made once. reserve_children
 * counts by this what expand makes by it. */
static bool first_of_its_size(const position *w, size_t i) {
    return i == 2 || w->word[i] != w->word[i - 1];
}

/* Room for every child of w at once: each option of each distinct heap and
 * three moves in the nim-heaps, each child at most two words longer than w
 * (an option leaves at most three heaps for the one it takes). */
static cg_status reserve_children(cg_misere_solver *s, const position *w, cg_error *err) {
    size_t most = 3;
    for (size_t i = 2; i < w->length; i++) {
        if (first_of_its_size(w, i)) {
            most += s->option_first[w->word[i] + 1] - s->option_first[w->word[i]];
        }
    }
    size_t words = 0;
    if (!cg_size_mul(most, w->length + 2, &words)) {
        return cg_error_set(err, CG_ERR_LIMIT, "a misère position of too many children");
    }
    cg_status st;
    if ((st = cg_grow_within(s->budget, &s->children, &s->child_capacity, s->child_count + most,
                             sizeof *s->children, "the misère search", err)) != CG_OK ||
        (st = cg_grow_within(s->budget, &s->pending, &s->pending_capacity, most, sizeof *s->pending,
                             "the misère search", err)) != CG_OK) {
        return st;
    }
    return cg_grow_within(s->budget, &s->pending_words, &s->pending_word_capacity, words,
                          sizeof *s->pending_words, "the misère search", err);
}

/* Push every child of the entry's position onto the child stack. */
static cg_status expand(cg_misere_solver *s, uint32_t entry, cg_error *err) {
    position *w = &s->scratch[SCRATCH_EXPAND_FROM];
    s->pending_count = s->pending_word_count = 0;
    w->length = cg_misere_table_length(&s->table, entry);
    memcpy(w->word, cg_misere_table_words(&s->table, entry), w->length * sizeof w->word[0]);
    cg_status st = reserve_children(s, w, err);
    if (st == CG_OK && s->asking) {
        st = heap_products(s, w, err);
    }
    for (size_t i = 2; st == CG_OK && i < w->length; i++) {
        if (!first_of_its_size(w, i)) {
            continue;
        }
        st = push_heap_children(s, w, i, err);
    }
    if (st == CG_OK && w->word[1] > 0) { /* a 2 to a 1 or to nothing (ones kept as parity) */
        st = push_nim_child(s, w, w->word[0] ^ 1u, w->word[1] - 1u, err);
        if (st == CG_OK) {
            st = push_nim_child(s, w, w->word[0], w->word[1] - 1u, err);
        }
    }
    if (st == CG_OK && w->word[0] > 0) {
        st = push_nim_child(s, w, 0, w->word[1], err);
    }
    return st == CG_OK ? look_up_pending(s, err) : st;
}

/* A child's value: an exact one as it was when the child was looked up (its
 * record was then in the cache; exact values never change), else the
 * table's now. */
static uint32_t child_value(const cg_misere_solver *s, const child *c) {
    return c->entry == UINT32_MAX || c->value < CG_MISERE_N_ONLY
               ? c->value
               : cg_misere_table_value(&s->table, c->entry);
}

/* Child i of the children from `first`, for cg_mex_of. */
typedef struct children_from {
    const cg_misere_solver *solver;
    size_t first;
} children_from;

static uint32_t child_value_at(const void *sequence, size_t i) {
    const children_from *c = sequence;
    return child_value(c->solver, &c->solver->children[c->first + i]);
}

/* The least value not among children [first, end). */
static uint32_t mex_of(const cg_misere_solver *s, size_t first, size_t end) {
    const children_from c = {s, first};
    return cg_mex_of(&c, end - first, child_value_at);
}

static cg_status push_frame(cg_misere_solver *s, uint32_t entry, cg_error *err) {
    cg_status st = cg_grow_within(s->budget, &s->frames, &s->frame_capacity, s->frame_count + 1,
                                  sizeof *s->frames, "the misère search", err);
    if (st == CG_OK) {
        s->frames[s->frame_count++] = (frame){entry, 0, 0, 0, false};
    }
    return st;
}

/* The top frame's first visit: counted against the budget of positions,
 * told to the progress hook, its children pushed. */
static cg_status enter_top(cg_misere_solver *s, cg_error *err) {
    if (s->node_limit != 0 && s->nodes_this_question >= s->node_limit) {
        return cg_error_set(err, CG_ERR_LIMIT, "not settled within %llu positions of search",
                            (unsigned long long)s->node_limit);
    }
    s->nodes_this_question++;
    if (++s->positions % PROGRESS_EVERY == 0 && cg_misere_tell(s)) {
        return cg_error_set(err, CG_ERR_STOPPED, "interrupted");
    }
    frame *f = &s->frames[s->frame_count - 1];
    f->first = f->next = s->child_count;
    cg_status st = expand(s, f->entry, err);
    if (st == CG_OK) {
        f = &s->frames[s->frame_count - 1];
        f->end = s->child_count;
        f->expanded = true;
    }
    return st;
}

typedef enum walk { CHILD_UNKNOWN, TO_P_POSITION, CHILDREN_KNOWN } walk;

/* Move the frame's cursor past the children already known: stop at one to
 * search, or at a P-position when only the outcome is asked. */
static walk walk_children(const cg_misere_solver *s, frame *f, bool want_value) {
    for (; f->next < f->end; f->next++) {
        uint32_t v = child_value(s, &s->children[f->next]);
        if (v == CG_MISERE_UNKNOWN || (v == CG_MISERE_N_ONLY && want_value)) {
            return CHILD_UNKNOWN;
        }
        if (v == 0 && !want_value) {
            return TO_P_POSITION;
        }
    }
    return CHILDREN_KNOWN;
}

/* Settle the entry: its exact value (want_value) or at least whether it is
 * a P-position (0) or an N-position (its G-, or CG_MISERE_N_ONLY). */
static cg_status search(cg_misere_solver *s, uint32_t root, bool want_value, cg_error *err) {
    s->frame_count = 0;
    s->child_count = 0;
    cg_status st = push_frame(s, root, err);
    while (st == CG_OK && s->frame_count > 0) {
        if (!s->frames[s->frame_count - 1].expanded && (st = enter_top(s, err)) != CG_OK) {
            break;
        }
        frame *f = &s->frames[s->frame_count - 1];
        walk w = walk_children(s, f, want_value);
        if (w == CHILD_UNKNOWN) {
            st = push_frame(s, s->children[f->next].entry, err);
            continue;
        }
        /* a move to a P-position: an N-position; else every child known: the
         * mex (when only outcomes were asked, no child is a P-position, so
         * that is 0 exactly) */
        cg_misere_table_set_value(&s->table, f->entry,
                                  w == TO_P_POSITION  ? CG_MISERE_N_ONLY
                                  : f->end > f->first ? mex_of(s, f->first, f->end)
                                                      : 1);
        s->child_count = f->first;
        s->frame_count--;
    }
    return st;
}

cg_status cg_misere_settle(cg_misere_solver *s, const position *w, bool want_value, uint32_t *value,
                           cg_misere_method *method, cg_error *err) {
    bool known = false;
    cg_status st = value_at_once(s, w->word, w->length, value, method, &known, err);
    if (st != CG_OK || known) {
        return st;
    }
    uint32_t entry;
    st = cg_misere_table_intern(&s->table, w->word, w->length, &entry, err);
    uint32_t v = st == CG_OK ? cg_misere_table_value(&s->table, entry) : 0;
    if (st == CG_OK && (v == CG_MISERE_UNKNOWN || (want_value && v == CG_MISERE_N_ONLY))) {
        st = search(s, entry, want_value, err);
    }
    if (st == CG_OK) {
        *value = cg_misere_table_value(&s->table, entry);
    }
    return st;
}
