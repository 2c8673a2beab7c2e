/* The misère solver's own state, shared by its three files (not by the
 * rest of the library, which goes through misere_internal.h):
 *
 *   misere.c              the heaps in order, the solver's life, its queries;
 *   misere_heap_options.c each heap's options, and the nim-heap a heap equals;
 *   misere_search.c       positions, the oracle's elements, the children of a
 *                         position and the depth-first search that values it.
 *
 * A position is a sum of heaps of the game plus nim-heaps of 1 and 2 (the
 * genus adds 2s; moving in a 2 leaves a 1; a heap equal to *1, *2 or *3 in
 * every sum is held as them, *3 as *2 + *1): the words [ones, twos, heaps in
 * descending order], heaps without a move left out (they are the empty game,
 * which adds nothing). */
#ifndef CGSOLVE_MISERE_SOLVER_H
#define CGSOLVE_MISERE_SOLVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/status_internal.h"
#include "octal/misere_internal.h"
#include "octal/misere_table_internal.h"
#include "octal/octal_engine_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define POSITION_MAX_WORDS 4096                   /* words of one position: 2 + heaps */
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
enum { NOT_A_NIM_HEAP = 4 };

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
    uint16_t word[POSITION_MAX_WORDS]; /* ones, twos, heaps descending */
    size_t length;
} position;

/* The solver's positions of work, 8 KiB each (too large for a stack): one
 * for each caller that holds a position while calling the next, so none
 * overwrites another's (a question holds SCRATCH_QUERY while a heap's
 * analysis holds SCRATCH_HEAP and the search's expand the other two). */
enum { SCRATCH_EXPAND_FROM, SCRATCH_EXPAND_TO, SCRATCH_HEAP, SCRATCH_QUERY, SCRATCH_POSITIONS };

/* The heaps' products of the position expanded (heap_products). */
#define PRODUCT_SLOTS ((size_t)2 * (POSITION_MAX_WORDS + 1))

struct cg_misere_solver {
    cg_octal_code code;
    cg_budget *budget;
    size_t terms;
    cg_octal_engine normal;
    size_t count, capacity; /* heaps analysed, room for */
    uint32_t *misere;       /* G-(n) */
    uint32_t *genus;        /* terms per heap */
    uint8_t *tame;
    uint8_t *nim;         /* 0-3: the heap is *0-*3 in every sum; NOT_A_NIM_HEAP */
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
    uint32_t *product; /* PRODUCT_SLOTS: a position's heaps' products, before and after each */
    uint64_t asked, answered;
    size_t wanted;
};

/* Heap n's options, each once, and the nim-heap it equals in every sum
 * (s->nim[n]) (misere_heap_options.c). */
cg_status cg_misere_list_options(cg_misere_solver *s, size_t n, cg_error *err);

/* Whether every heap that heap n's options leave is tame
 * (misere_heap_options.c). */
bool cg_misere_all_options_tame(const cg_misere_solver *s, size_t n);

/* out = w with one copy of the heap at index `at` replaced by option o's
 * parts; false past POSITION_MAX_WORDS words or CG_MISERE_MAX_NIM nim-heaps of 2
 * (misere_search.c). With w the empty position [0, 0] and at SIZE_MAX,
 * out is the option alone (a heap's analysis values its options so). */
bool cg_misere_replace_heap(const uint16_t *w, size_t length, size_t at, const heap_option *o,
                            position *out);

/* G- (want_value) or P-ness of the position w, by the tame rule, the
 * oracle or the search (misere_search.c): *value is G-; when only the
 * outcome is wanted, 0 for a P-position, and for an N-position its G-
 * (when known already, never 0) or CG_MISERE_N_ONLY. */
cg_status cg_misere_settle(cg_misere_solver *s, const position *w, bool want_value, uint32_t *value,
                           cg_misere_method *method, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
