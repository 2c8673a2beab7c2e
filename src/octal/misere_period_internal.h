/* When a misère quotient of heaps <= N is the quotient of every heap: the
 * periodicity theorem for misère quotients (Plambeck and Siegel, "Misère
 * quotients for impartial games", 2008; the misère form of Guy and Smith's
 * test for nim-sequences).
 *
 * Let Q_N be the proven quotient of heaps <= N and Φ(h) heap h's element.
 * If Φ(m) = Φ(m - p) for every m with n0 + p <= m <= N, and N is large
 * enough that every heap m > N has a largest part of at least n0 + p + 1
 * after any move (N + 1 - k >= s (n0 + p + 1), with k the code's largest
 * removal and s the most heaps a move leaves), then heaps m and m - p have
 * the same option elements for every m > N, so by induction on the tokens
 * every sum's outcome is read from Q_N with Φ(m) = Φ(m - p): Q_N is the
 * whole game's quotient and its heaps repeat with period p from n0. (The
 * bound is the one MisereSolver applies, N >= 2 n0 + 2 p + k + 1 for
 * splits into two.) Codes whose splits must be unequal ('!') are left out:
 * a split of m into unequal parts need not give one of m - p. */
#ifndef CGSOLVE_MISERE_PERIOD_H
#define CGSOLVE_MISERE_PERIOD_H

#include <stdbool.h>
#include <stddef.h>

#include "octal/misere_quotient_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The least period p, with its least preperiod n0, that makes q (the
 * quotient of code's heaps 0..q->heaps) complete; false when none does. */
bool cg_misere_quotient_period(const cg_misere_quotient *q, const cg_octal_code *code,
                               size_t *preperiod, size_t *period);

#ifdef __cplusplus
}
#endif

#endif
