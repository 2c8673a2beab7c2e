/* The misère quotient of an octal game restricted to heaps <= n (Plambeck,
 * "Taming the wild in impartial combinatorial games", Integers 5, 2005;
 * Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115,
 * 2008): the sums of such heaps modulo indistinguishability (G ~ H when
 * G + X and H + X have the same misère outcome for every such sum X), a
 * finite commutative monoid when the game is "tame enough", with its
 * P-portion (the classes of P-positions) and the element of each heap.
 *
 * Built as the minimal automaton of the P-positions, read heap by heap
 * (commutative, so its states are the quotient's elements): classes of sums
 * told apart by a growing set of test sums, each outcome an exact answer of
 * the misère solver; then verified. The verification is a proof by
 * induction over every sum of heaps <= n: a breadth-first walk over the
 * states (for each heap size present in a sum G, the element of G minus one
 * such heap) checks that G's element is in the P-portion exactly when G has
 * a move and none of its moves leads into it. A sum that fails names a test
 * to add (Rivest and Schapire's split of the counterexample), and the
 * classes are built again. The classes are told apart by real outcomes, so
 * the verified monoid is the quotient itself, not a larger one.
 *
 * The presentation: the generators are the heaps whose element is not a
 * product of earlier generators, less any that the others generate (none
 * is a product of the rest); each element's normal form is its least
 * word in graded lexicographic order; the relations are the words that are
 * not normal forms but whose divisors all are, each equal to its normal
 * form (a complete set: every word rewrites to its normal form). */
#ifndef CGSOLVE_MISERE_QUOTIENT_H
#define CGSOLVE_MISERE_QUOTIENT_H

#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/buf_internal.h"
#include "core/status_internal.h"
#include "octal/misere_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_QUOTIENT_MAX_HEAPS 400 /* the heap bound n at most */

typedef struct cg_misere_quotient {
    size_t heaps;           /* n */
    size_t order;           /* elements; element 0 is the identity (the empty sum) */
    uint32_t *times;        /* times[e * (heaps + 1) + h]: element e plus heap h */
    uint8_t *is_p;          /* is_p[e]: e is in the P-portion */
    uint32_t *value;        /* NULL, or value[e]: G- of e's sums (a value quotient) */
    uint32_t *heap_element; /* heap_element[h], h = 0..heaps */
    size_t generators;
    size_t generator_heap[CG_QUOTIENT_MAX_HEAPS + 1]; /* the heap each generator is */
    uint8_t *normal;    /* normal[e * generators + g]: exponents of e's normal form */
    uint8_t *relations; /* pairs of exponent vectors: word = normal form */
    size_t relation_count;
    size_t tests;         /* test sums used to tell the classes apart */
    uint64_t states;      /* states walked by the verification */
    cg_budget *budget;    /* the solver's, which counts the arrays above */
    size_t held;          /* bytes of times, is_p, value, heap_element and normal in it */
    size_t relation_room; /* relations' room, pairs of words */
    /* complete: the quotient of every heap, heaps above `heaps` acting as
     * heap preperiod + (h - preperiod) % period (misere_period_internal.h) */
    bool complete;
    size_t preperiod, period;
} cg_misere_quotient;

/* Build the quotient of heaps <= n with solver's exact outcomes, at most
 * max_order elements and max_states verification states. Every array of
 * the building and of q is counted in the solver's memory budget
 * (cg_misere_budget), growth included; q's are given back by free.
 * CG_ERR_LIMIT when a bound, the solver's budget of positions or the memory
 * budget is reached (nothing is then claimed); CG_ERR_STOPPED on an
 * interrupt. q may be freed after a failure or after a memset to 0. */
cg_status cg_misere_quotient_build(cg_misere_solver *solver, size_t n, size_t max_order,
                                   uint64_t max_states, cg_misere_quotient *q, cg_error *err);
/* The same for heaps <= below->heaps + 1, given the proven quotient below
 * (of heaps <= below->heaps, by the same solver): each outcome the builder
 * asks is read from below where the sum has no heap of the new size, and
 * searched over the sums that keep one (misere_above_internal.h), instead
 * of searched through every position of the new heap. */
cg_status cg_misere_quotient_build_next(cg_misere_solver *solver, const cg_misere_quotient *below,
                                        size_t max_order, uint64_t max_states,
                                        cg_misere_quotient *q, cg_error *err);

/* The value quotient of heaps <= n: sums told apart by the G- of each sum
 * with a test (G ~ H when G-(G + X) = G-(H + X) for every X), which is the
 * quotient of the game with every nim-heap adjoined (X + *m is a P-position
 * exactly when G-(X) = m). It is finer than the quotient, and each element
 * has one G-, q->value, proven with it, which the quotient alone does not
 * give when some G- is 4 or more. Otherwise as cg_misere_quotient_build;
 * values above 254 are CG_ERR_LIMIT. */
cg_status cg_misere_value_quotient_build(cg_misere_solver *solver, size_t n, size_t max_order,
                                         uint64_t max_states, cg_misere_quotient *q, cg_error *err);
/* The same for heaps <= below->heaps + 1 from the value quotient below, as
 * cg_misere_quotient_build_next (of the guesses tried first, only heap n
 * acting as an element below). */
cg_status cg_misere_value_quotient_build_next(cg_misere_solver *solver,
                                              const cg_misere_quotient *below, size_t max_order,
                                              uint64_t max_states, cg_misere_quotient *q,
                                              cg_error *err);
void cg_misere_quotient_free(cg_misere_quotient *q);

/* Told each quotient a chain proves; a status other than CG_OK ends the
 * chain with it (the quotient is still kept as the chain's last). */
typedef cg_status (*cg_quotient_seen_fn)(void *context, const cg_misere_quotient *q, cg_error *err);

/* The quotients of heaps <= 0, 1, 2, ..., each from the one before
 * (cg_misere_quotient_build_next), until the one of heaps <= upto or a
 * complete one; seen (may be NULL) is told each. *last is the last one
 * proven, the caller's to free, whatever the status (zeroed when none is):
 * a chain cut short by a limit or an interrupt keeps what it proved. */
cg_status cg_misere_quotient_chain(cg_misere_solver *solver, size_t upto, size_t max_order,
                                   uint64_t max_states, cg_quotient_seen_fn seen, void *context,
                                   cg_misere_quotient *last, cg_error *err);

/* q (zeroed, q->budget set) takes a proven table: times (order x (heaps +
 * 1), element 0 the empty sum), is_p and value (NULL, or proven values),
 * their `held` bytes counted in q->budget; its heap elements, presentation
 * and completeness follow. On failure q is freed. */
cg_status cg_misere_quotient_adopt(cg_misere_quotient *q, const cg_octal_code *code, size_t heaps,
                                   size_t order, uint32_t *times, uint8_t *is_p, uint32_t *value,
                                   size_t held, uint64_t states, cg_error *err);

/* A value quotient's candidate labels each class with its G- (UINT8_MAX:
 * past 254, no candidate). Whether every label is a value; and the labels
 * split: value[c] = label[c], label[c] made the class's P-ness (G- 0). */
bool cg_misere_labels_are_values(const uint8_t *label, size_t count);
void cg_misere_labels_split(uint8_t *label, size_t count, uint32_t *value);

/* The element of the sum heaps[0..count-1] (each <= q->heaps, or any size
 * when q is complete). */
uint32_t cg_misere_quotient_element(const cg_misere_quotient *q, const size_t *heaps, size_t count);

/* The heap <= q->heaps that heap h acts as in a complete quotient of
 * preperiod n0 and period p: h itself when h <= q->heaps
 * (misere_period.c). */
size_t cg_misere_quotient_fold(const cg_misere_quotient *q, size_t preperiod, size_t period,
                               size_t h);

/* Element e plus heap h (h <= q->heaps, or any size when q is complete).
 * Inline: the search's oracle walks every child it makes. */
static inline uint32_t cg_misere_quotient_plus(const cg_misere_quotient *q, uint32_t e, size_t h) {
    size_t column =
        h <= q->heaps || !q->complete ? h : cg_misere_quotient_fold(q, q->preperiod, q->period, h);
    return q->times[(size_t)e * (q->heaps + 1) + column];
}

/* Whether the sum heaps[0..count-1] (as for the element) is a P-position,
 * and fn for each of its winning moves, as cg_misere_winning_moves reports
 * them; *wins counts them. code is the quotient's game. */
bool cg_misere_quotient_is_p(const cg_misere_quotient *q, const size_t *heaps, size_t count);
void cg_misere_quotient_winning_moves(const cg_misere_quotient *q, const cg_octal_code *code,
                                      const size_t *heaps, size_t count, cg_misere_move_fn fn,
                                      void *context, size_t *wins);

/* Generator g's name: a, b, ..., z, then g26, g27, ... */
void cg_misere_quotient_name(size_t g, cg_buf *out);
/* The word of exponents (generators entries), "1" when empty: "ab^2". */
void cg_misere_quotient_word(const cg_misere_quotient *q, const uint8_t *exponents, cg_buf *out);

#ifdef __cplusplus
}
#endif

#endif
