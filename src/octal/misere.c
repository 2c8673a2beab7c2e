/* Misère values, genus and outcomes of octal games (see misere_internal.h).
 *
 * A position is a sum of heaps of the game plus nim-heaps of 1 and 2 (the
 * genus adds 2s; moving in a 2 leaves a 1; a heap equal to *1, *2 or *3 in
 * every sum is held as them, *3 as *2 + *1): the words [ones, twos, heaps in
 * descending order], heaps without a move left out (they are the empty game,
 * which adds nothing). Positions whose heaps are all tame are valued by the
 * tame rule; the others by an iterative depth-first search over the table of
 * positions (no recursion: the depth grows with the tokens). */
#include "octal/misere_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"
#include "core/nimber_internal.h"
#include "octal/misere_table_internal.h"
#include "octal/octal_engine_internal.h"

#define MAX_WORDS 4096 /* words of one position: 2 + heaps */
#define PROGRESS_EVERY 65536
#define ELEMENT_UNSET (CG_MISERE_NO_ELEMENT - 1u) /* not asked of the oracle yet */

/* One option of a heap: the heaps it leaves that are not nim-heaps (0:
 * none), descending, and the nim-heaps of 1 (their parity) and 2 the others
 * are; wild when one of those others is not tame (a heap can be a nim-heap
 * in every sum and still have wild positions in it). */
typedef struct heap_option {
    uint16_t part[3];
    uint8_t ones, twos, wild;
    uint8_t spare; /* 0: no padding, so options compare with memcmp */
} heap_option;
_Static_assert(sizeof(heap_option) == 10, "heap_option has no padding");

/* A heap equal to a nim-heap in every sum: *0, *1, *2, *3 (held as *2 +
 * *1); or none of them. */
enum { NIM_NONE = 4 };

/* A child of the position being expanded: an entry, or its value at once. */
typedef struct child {
    uint32_t entry; /* UINT32_MAX: valued at once */
    uint32_t value;
} child;

/* A child of the position being expanded whose look-up waits until all
 * its siblings are hashed, their slots fetched meanwhile
 * (cg_misere_table_prefetch): its place in the child stack, its words in
 * the pending arena. */
typedef struct pending_child {
    size_t child, offset, length;
    uint64_t hash;
} pending_child;

typedef struct frame {
    uint32_t entry;
    size_t first, end, next; /* its children in the child stack */
    bool expanded;
} frame;

typedef struct position {
    uint16_t word[MAX_WORDS]; /* ones, twos, heaps descending */
    size_t length;
} position;

/* The solver's positions of work, 8 KiB each (too large for a stack): one
 * for each caller that holds a position while calling the next, so none
 * overwrites another's (a question holds QUERY while a heap's analysis
 * holds HEAP and the search's expand the other two). */
enum { EXPAND_FROM, EXPAND_TO, HEAP, QUERY, SCRATCH_POSITIONS };

/* The heaps' products of the position expanded (heap_products). */
#define PRODUCTS ((size_t)2 * (MAX_WORDS + 1))

struct cg_misere_solver {
    cg_octal_code code;
    cg_budget *budget;
    size_t terms;
    cg_octal_engine normal;
    size_t count, capacity; /* heaps analysed, room for */
    uint32_t *misere;       /* G-(n) */
    uint32_t *genus;        /* terms per heap */
    uint8_t *tame;
    uint8_t *nim;         /* 0-3: the heap is *0-*3 in every sum; NIM_NONE */
    size_t *option_first; /* heap n's options: option_first[n]..option_first[n + 1] */
    heap_option *options;
    size_t option_count, option_capacity;
    size_t held; /* bytes of the per-heap arrays in the budget */
    cg_misere_table table;
    frame *frames;
    size_t frame_count, frame_capacity;
    child *children;
    size_t child_count, child_capacity;
    pending_child *pending; /* the children of one expansion to look up */
    size_t pending_count, pending_capacity;
    uint16_t *pending_words;
    size_t pending_word_count, pending_word_capacity;
    position *scratch; /* SCRATCH_POSITIONS of them */
    uint32_t *values;  /* a heap's options' G- */
    size_t value_capacity;
    size_t *sum; /* the sum a move leaves */
    size_t sum_capacity;
    uint64_t node_limit, nodes_this_question, positions;
    cg_progress_hook progress;
    void *progress_context;
    bool asking; /* an oracle is set */
    cg_misere_oracle_table oracle;
    uint32_t *element;        /* heap n's element, ELEMENT_UNSET till asked (per heap) */
    uint32_t *option_element; /* the element of an option's parts, or ELEMENT_UNSET */
    size_t option_element_capacity;
    uint32_t *two_power; /* the element of k nim-heaps of 2, k < two_power_count */
    size_t two_power_count, two_power_capacity;
    uint32_t *product; /* 2 * MAX_WORDS: a position's heaps' products, before and after each */
    uint64_t asked, answered;
    size_t wanted;
};

/* ---- per-heap tables ---- */

static cg_status grow_heaps(cg_misere_solver *s, size_t n, cg_error *err) {
    if (n < s->capacity) {
        return CG_OK;
    }
    size_t capacity = s->capacity == 0 ? 64 : s->capacity;
    while (capacity <= n) {
        capacity *= 2;
    }
    const cg_array arrays[] = {
        {&s->misere, sizeof *s->misere, 1, 0},   {&s->genus, sizeof *s->genus, s->terms, 0},
        {&s->tame, sizeof *s->tame, 1, 0},       {&s->nim, sizeof *s->nim, 1, 0},
        {&s->element, sizeof *s->element, 1, 0}, {&s->option_first, sizeof *s->option_first, 1, 1},
    };
    cg_status st = cg_resize_arrays(s->budget, &s->held, arrays, sizeof arrays / sizeof *arrays,
                                    capacity, "misère heaps", err);
    if (st == CG_OK) {
        s->capacity = capacity;
    }
    return st;
}

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
        if (nim == NIM_NONE) {
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
        return NIM_NONE;
    }
    for (size_t i = 0; i < count; i++) {
        if (option_nim(&options[i]) < 0 && !reaches_nim(s, &options[i], m)) {
            return NIM_NONE;
        }
    }
    return (uint8_t)m;
}

static int compare_options(const void *a, const void *b) {
    return memcmp(a, b, sizeof(heap_option));
}

/* Heap n's options, each once. */
static cg_status list_options(cg_misere_solver *s, size_t n, cg_error *err) {
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

/* out = w with one copy of heap at index `at` replaced by option o's parts. */
static bool replace_heap(const uint16_t *w, size_t length, size_t at, const heap_option *o,
                         position *out) {
    size_t parts = (size_t)(o->part[0] != 0) + (o->part[1] != 0) + (o->part[2] != 0);
    if (length - 1 + parts > MAX_WORDS || (size_t)w[1] + o->twos > CG_MISERE_MAX_NIM) {
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
        cg_status st = cg_budget_take(s->budget, PRODUCTS, sizeof *s->product,
                                      "the misère oracle's products", err);
        if (st != CG_OK) {
            return st;
        }
        if ((s->product = malloc(PRODUCTS * sizeof *s->product)) == NULL) {
            cg_budget_give(s->budget, PRODUCTS, sizeof *s->product);
            return cg_error_nomem(err, "the misère oracle's products");
        }
    }
    uint32_t *before = s->product, *after = s->product + MAX_WORDS + 1;
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
    position *p = &s->scratch[EXPAND_TO];
    uint32_t rest = s->asking ? times(s, s->product[i], s->product[MAX_WORDS + 1 + i + 1])
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
        if (!replace_heap(w->word, w->length, i, o, p)) {
            return cg_error_set(err, CG_ERR_LIMIT,
                                "a misère position of more than %d heaps or %u nim-heaps",
                                MAX_WORDS - 2, CG_MISERE_MAX_NIM);
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
    position *p = &s->scratch[EXPAND_TO];
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
    position *w = &s->scratch[EXPAND_FROM];
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

static bool tell(cg_misere_solver *s) {
    return s->progress != NULL &&
           s->progress(s->progress_context, "misere", s->count, s->wanted + 1);
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
    if (++s->positions % PROGRESS_EVERY == 0 && tell(s)) {
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
 * a P-position (0) or an N-position (0 or CG_MISERE_N_ONLY). */
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

/* G- (want_value) or P-ness of the position w. */
static cg_status settle(cg_misere_solver *s, const position *w, bool want_value, uint32_t *value,
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

/* ---- heaps ---- */

static uint32_t value_at(const void *sequence, size_t i) {
    return ((const uint32_t *)sequence)[i];
}

/* Whether every heap that heap n's options leave is tame. */
static bool all_options_tame(const cg_misere_solver *s, size_t n) {
    bool tame = true;
    for (size_t k = s->option_first[n]; k < s->option_first[n + 1]; k++) {
        const heap_option *o = &s->options[k];
        tame =
            tame && !o->wild && s->tame[o->part[0]] && s->tame[o->part[1]] && s->tame[o->part[2]];
    }
    return tame;
}

/* G-(n): the mex of the options' G- (1 for a heap without moves), and
 * whether every option's heaps are tame. */
static cg_status heap_value(cg_misere_solver *s, size_t n, uint32_t *value, bool *options_tame,
                            cg_error *err) {
    size_t first = s->option_first[n], end = s->option_first[n + 1];
    if (first == end) {
        *value = 1;
        *options_tame = true;
        return CG_OK;
    }
    cg_status st = cg_grow_within(s->budget, &s->values, &s->value_capacity, end - first,
                                  sizeof *s->values, "a heap's options", err);
    position *p = &s->scratch[HEAP];
    const uint16_t empty[2] = {0, 0};
    for (size_t k = first; st == CG_OK && k < end; k++) {
        replace_heap(empty, 2, SIZE_MAX, &s->options[k], p);
        cg_misere_method method;
        st = settle(s, p, true, &s->values[k - first], &method, err);
    }
    if (st == CG_OK) {
        *value = cg_mex_of(s->values, end - first, value_at);
        *options_tame = all_options_tame(s, n);
    }
    return st;
}

/* Add heap n (analysed) to the position p: as the nim-heap it equals in
 * every sum, or as a heap, in descending order. False past CG_MISERE_MAX_NIM
 * nim-heaps of 2. */
static bool put_heap(const cg_misere_solver *s, size_t n, position *p) {
    uint8_t nim = s->nim[n];
    if (nim != NIM_NONE) {
        if (nim >= 2 && p->word[1] >= CG_MISERE_MAX_NIM) {
            return false;
        }
        p->word[0] ^= nim & 1u; /* *3 = *2 + *1 */
        p->word[1] += nim >> 1;
    } else {
        size_t j = p->length++;
        while (j > 2 && p->word[j - 1] < n) {
            p->word[j] = p->word[j - 1];
            j--;
        }
        p->word[j] = (uint16_t)n;
    }
    return true;
}

/* Heap n's room, normal value and options (all below are done). */
static cg_status prepare_heap(cg_misere_solver *s, size_t n, cg_error *err) {
    cg_status st = grow_heaps(s, n + 1, err);
    if (st == CG_OK) {
        s->element[n] = ELEMENT_UNSET;
        st = cg_octal_engine_extend(&s->normal, n, err);
    }
    return st == CG_OK ? list_options(s, n, err) : st;
}

/* Heap n's G- is m: kept with its tameness, heap n counted as analysed. */
static void record_heap(cg_misere_solver *s, size_t n, uint32_t m, bool options_tame) {
    uint32_t normal = cg_octal_engine_at(&s->normal, n);
    s->misere[n] = m;
    bool tame_pair = (normal == 0 && m == 1) || (normal == 1 && m == 0) || normal == m;
    s->tame[n] = tame_pair && options_tame;
    s->count = n + 1;
}

/* Analyse heap n (all below are done). */
static cg_status analyse_heap(cg_misere_solver *s, size_t n, cg_error *err) {
    cg_status st = prepare_heap(s, n, err);
    uint32_t m = 0;
    bool options_tame = true;
    if (st == CG_OK) {
        st = heap_value(s, n, &m, &options_tame, err);
    }
    if (st != CG_OK) {
        return st;
    }
    record_heap(s, n, m, options_tame); /* the genus below reads heap n as analysed */
    uint32_t *genus = s->genus + n * s->terms;
    genus[0] = m;
    position *p = &s->scratch[HEAP];
    for (size_t k = 1; st == CG_OK && k < s->terms; k++) {
        p->word[0] = 0;
        p->word[1] = (uint16_t)k;
        p->length = 2;
        put_heap(s, n, p);
        cg_misere_method method;
        st = settle(s, p, true, &genus[k], &method, err);
    }
    if (st != CG_OK) {
        s->count = n; /* not done */
    }
    return st;
}

cg_status cg_misere_new(const cg_octal_code *code, size_t terms, cg_budget *budget,
                        cg_misere_solver **out, cg_error *err) {
    *out = NULL;
    if (code == NULL || code->last == 0) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_new: no octal code");
    }
    if (terms < 1 || terms > CG_MISERE_MAX_TERMS) {
        return cg_error_set(err, CG_ERR_USAGE, "genus terms must be 1 to %d, not %zu",
                            CG_MISERE_MAX_TERMS, terms);
    }
    cg_misere_solver *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return cg_error_nomem(err, "the misère solver");
    }
    s->code = *code;
    s->budget = budget;
    s->terms = terms;
    cg_octal_engine_init(&s->normal, code, CG_ENGINE_AUTO, budget);
    cg_misere_table_init(&s->table, budget);
    cg_status st = cg_budget_take(budget, SCRATCH_POSITIONS, sizeof *s->scratch,
                                  "the misère solver's positions", err);
    if (st != CG_OK) {
        cg_misere_free(s);
        return st;
    }
    if ((s->scratch = malloc(SCRATCH_POSITIONS * sizeof *s->scratch)) == NULL) {
        cg_budget_give(budget, SCRATCH_POSITIONS, sizeof *s->scratch);
        cg_misere_free(s);
        return cg_error_nomem(err, "the misère solver");
    }
    *out = s;
    return CG_OK;
}

void cg_misere_free(cg_misere_solver *s) {
    if (s == NULL) {
        return;
    }
    cg_octal_engine_free(&s->normal);
    cg_misere_table_free(&s->table);
    cg_budget_give(s->budget, 1, s->held);
    cg_budget_give(s->budget, s->option_capacity, sizeof *s->options);
    cg_budget_give(s->budget, s->frame_capacity, sizeof *s->frames);
    cg_budget_give(s->budget, s->child_capacity, sizeof *s->children);
    cg_budget_give(s->budget, s->pending_capacity, sizeof *s->pending);
    cg_budget_give(s->budget, s->pending_word_capacity, sizeof *s->pending_words);
    cg_budget_give(s->budget, s->value_capacity, sizeof *s->values);
    cg_budget_give(s->budget, s->sum_capacity, sizeof *s->sum);
    if (s->scratch != NULL) {
        cg_budget_give(s->budget, SCRATCH_POSITIONS, sizeof *s->scratch);
    }
    if (s->product != NULL) {
        cg_budget_give(s->budget, PRODUCTS, sizeof *s->product);
    }
    cg_budget_give(s->budget, s->option_element_capacity, sizeof *s->option_element);
    cg_budget_give(s->budget, s->two_power_capacity, sizeof *s->two_power);
    free(s->misere);
    free(s->genus);
    free(s->tame);
    free(s->nim);
    free(s->element);
    free(s->option_first);
    free(s->options);
    free(s->frames);
    free(s->children);
    free(s->pending);
    free(s->pending_words);
    free(s->values);
    free(s->sum);
    free(s->scratch);
    free(s->product);
    free(s->option_element);
    free(s->two_power);
    free(s);
}

void cg_misere_set_node_limit(cg_misere_solver *s, uint64_t nodes) {
    s->node_limit = nodes;
}

uint64_t cg_misere_node_limit(const cg_misere_solver *s) {
    return s->node_limit;
}

bool cg_misere_tell(cg_misere_solver *s) {
    return tell(s);
}

void cg_misere_set_progress(cg_misere_solver *s, cg_progress_hook hook, void *context) {
    s->progress = hook;
    s->progress_context = context;
}

void cg_misere_set_oracle(cg_misere_solver *s, const cg_misere_oracle_table *oracle) {
    if (s == NULL) {
        return;
    }
    s->asking = oracle != NULL && oracle->times != NULL && oracle->value != NULL &&
                oracle->heap_element != NULL;
    if (s->asking) {
        s->oracle = *oracle;
    }
    /* the elements were the last oracle's */
    for (size_t n = 0; n < s->count; n++) {
        s->element[n] = ELEMENT_UNSET;
    }
    for (size_t k = 0; k < s->option_count; k++) {
        s->option_element[k] = ELEMENT_UNSET;
    }
    s->two_power_count = 0;
    s->asked = s->answered = 0;
}

void cg_misere_oracle_counts(const cg_misere_solver *s, uint64_t *asked, uint64_t *answered) {
    *asked = s != NULL ? s->asked : 0;
    *answered = s != NULL ? s->answered : 0;
}

cg_status cg_misere_extend(cg_misere_solver *s, size_t n, cg_error *err) {
    if (n > CG_MISERE_MAX_HEAP) {
        return cg_error_set(err, CG_ERR_LIMIT, "misère heaps go up to %u, not %zu",
                            CG_MISERE_MAX_HEAP, n);
    }
    cg_misere_want(s, n);
    while (s->count <= n) {
        s->nodes_this_question = 0;
        cg_status st = analyse_heap(s, s->count, err);
        if (st != CG_OK) {
            return st;
        }
        if (tell(s)) {
            return cg_error_set(err, CG_ERR_STOPPED, "interrupted");
        }
    }
    return CG_OK;
}

cg_status cg_misere_adopt_heap(cg_misere_solver *s, size_t n, const uint32_t *genus,
                               cg_error *err) {
    if (s == NULL || genus == NULL || n != s->count) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_adopt_heap: not the next heap");
    }
    if (n > CG_MISERE_MAX_HEAP) {
        return cg_error_set(err, CG_ERR_LIMIT, "misère heaps go up to %u, not %zu",
                            CG_MISERE_MAX_HEAP, n);
    }
    cg_status st = prepare_heap(s, n, err);
    if (st == CG_OK) {
        memcpy(s->genus + n * s->terms, genus, s->terms * sizeof *genus);
        record_heap(s, n, genus[0], all_options_tame(s, n));
    }
    return st;
}

void cg_misere_want(cg_misere_solver *s, size_t n) {
    s->wanted = n > s->wanted ? n : s->wanted;
}

int cg_misere_nim_heap(const cg_misere_solver *s, size_t n) {
    return n < s->count && s->nim[n] != NIM_NONE ? s->nim[n] : -1;
}

cg_status cg_misere_first_nim_heap(cg_misere_solver *s, int nim, size_t last, size_t *heap,
                                   cg_error *err) {
    if (s == NULL || heap == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_first_nim_heap: no solver");
    }
    *heap = 0;
    for (size_t h = 1; h <= last && *heap == 0; h++) {
        cg_status st = cg_misere_extend(s, h, err);
        if (st != CG_OK) {
            return st;
        }
        *heap = cg_misere_nim_heap(s, h) == nim ? h : 0;
    }
    return CG_OK;
}

size_t cg_misere_count(const cg_misere_solver *s) {
    return s->count;
}

size_t cg_misere_terms(const cg_misere_solver *s) {
    return s->terms;
}

const cg_octal_code *cg_misere_code(const cg_misere_solver *s) {
    return &s->code;
}

cg_budget *cg_misere_budget(const cg_misere_solver *s) {
    return s->budget;
}

uint64_t cg_misere_positions(const cg_misere_solver *s) {
    return s->positions;
}

cg_misere_heap cg_misere_heap_at(const cg_misere_solver *s, size_t n) {
    cg_misere_heap h = {0, 0, false, NULL};
    if (n < s->count) {
        h.normal = cg_octal_engine_at(&s->normal, n);
        h.misere = s->misere[n];
        h.tame = s->tame[n] != 0;
        h.genus = s->genus + n * s->terms;
    }
    return h;
}

size_t cg_misere_first_wild(const cg_misere_solver *s) {
    size_t n = 0;
    while (n < s->count && s->tame[n]) {
        n++;
    }
    return n;
}

/* The position of heaps plus twos and ones, heaps analysed as needed. */
static cg_status make_position(cg_misere_solver *s, const size_t *heaps, size_t count, size_t twos,
                               size_t ones, position *p, cg_error *err) {
    if (count > MAX_WORDS - 2) {
        return cg_error_set(err, CG_ERR_LIMIT, "at most %d heaps in a sum", MAX_WORDS - 2);
    }
    if (twos > CG_MISERE_MAX_NIM || ones > CG_MISERE_MAX_NIM) {
        return cg_error_set(err, CG_ERR_LIMIT, "at most %u nim-heaps of each size",
                            CG_MISERE_MAX_NIM);
    }
    size_t largest = 0;
    for (size_t i = 0; i < count; i++) {
        largest = heaps[i] > largest ? heaps[i] : largest;
    }
    s->nodes_this_question = 0;
    cg_status st = cg_misere_extend(s, largest, err);
    if (st != CG_OK) {
        return st;
    }
    p->word[0] = (uint16_t)(ones & 1u); /* *1 + *1 = 0 */
    p->word[1] = (uint16_t)twos;
    p->length = 2;
    for (size_t i = 0; i < count; i++) {
        if (!put_heap(s, heaps[i], p)) {
            return cg_error_set(err, CG_ERR_LIMIT, "at most %u nim-heaps of each size",
                                CG_MISERE_MAX_NIM);
        }
    }
    s->nodes_this_question = 0;
    return CG_OK;
}

cg_status cg_misere_value(cg_misere_solver *s, const size_t *heaps, size_t count, size_t twos,
                          size_t ones, uint32_t *value, cg_misere_method *method, cg_error *err) {
    if (s == NULL || (heaps == NULL && count > 0) || value == NULL || method == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_value: missing argument");
    }
    position *p = &s->scratch[QUERY];
    cg_status st = make_position(s, heaps, count, twos, ones, p, err);
    return st != CG_OK ? st : settle(s, p, true, value, method, err);
}

cg_status cg_misere_is_p(cg_misere_solver *s, const size_t *heaps, size_t count, bool *is_p,
                         cg_misere_method *method, cg_error *err) {
    if (s == NULL || (heaps == NULL && count > 0) || is_p == NULL || method == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_is_p: missing argument");
    }
    position *p = &s->scratch[QUERY];
    cg_status st = make_position(s, heaps, count, 0, 0, p, err);
    uint32_t v = 0;
    if (st == CG_OK) {
        st = settle(s, p, false, &v, method, err);
    }
    *is_p = st == CG_OK && v == 0;
    return st;
}

typedef struct move_walk {
    cg_misere_solver *solver;
    const size_t *heaps;
    size_t count, at;
    size_t *scratch;
    cg_misere_move_fn fn;
    void *context;
    size_t wins;
    cg_status status;
    cg_error *err;
} move_walk;

static void try_move(void *context, size_t take, const size_t *parts, size_t count) {
    move_walk *m = context;
    if (m->status != CG_OK) {
        return;
    }
    size_t n = 0;
    for (size_t i = 0; i < m->count; i++) {
        if (i != m->at) {
            m->scratch[n++] = m->heaps[i];
        }
    }
    for (size_t i = 0; i < count; i++) {
        m->scratch[n++] = parts[i];
    }
    bool p = false;
    cg_misere_method method;
    m->status = cg_misere_is_p(m->solver, m->scratch, n, &p, &method, m->err);
    if (m->status == CG_OK && p) {
        m->wins++;
        if (m->fn != NULL) {
            m->fn(m->context, m->at, take, parts, count);
        }
    }
}

cg_status cg_misere_winning_moves(cg_misere_solver *s, const size_t *heaps, size_t count,
                                  cg_misere_move_fn fn, void *context, size_t *wins,
                                  cg_error *err) {
    if (s == NULL || (heaps == NULL && count > 0)) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_winning_moves: missing argument");
    }
    /* a move leaves the other heaps and up to three parts */
    cg_status st = cg_grow_within(s->budget, &s->sum, &s->sum_capacity, count + 3, sizeof *s->sum,
                                  "the winning moves", err);
    if (st != CG_OK) {
        return st;
    }
    move_walk m = {s, heaps, count, 0, s->sum, fn, context, 0, CG_OK, err};
    for (size_t i = 0; i < count && m.status == CG_OK; i++) {
        m.at = i;
        cg_octal_each_option(&s->code, heaps[i], try_move, &m);
    }
    if (wins != NULL) {
        *wins = m.wins;
    }
    return m.status;
}

static void put_term(cg_buf *out, uint32_t v) {
    if (v < 10) {
        cg_buf_putc(out, (char)('0' + v));
    } else {
        cg_buf_printf(out, "(%u)", v);
    }
}

void cg_misere_format_genus(uint32_t normal, const uint32_t *terms, size_t count, cg_buf *out) {
    cg_buf_put_uint(out, normal);
    if (count == 0) {
        return;
    }
    cg_buf_putc(out, '^');
    /* the shortest prefix (two terms at least) after which every computed
     * term repeats the one two before */
    size_t cut = count;
    while (cut > 2 && terms[cut - 1] == terms[cut - 3]) {
        cut--;
    }
    bool alternates = true;
    for (size_t k = cut; k < count; k++) {
        alternates = alternates && terms[k] == terms[k - 2];
    }
    if (!alternates) {
        cut = count;
    }
    for (size_t k = 0; k < cut; k++) {
        put_term(out, terms[k]);
    }
}
