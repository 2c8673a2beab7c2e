/* A small seeded generator (splitmix64) so random tests are reproducible. */
#ifndef CGSOLVE_REF_RNG_H
#define CGSOLVE_REF_RNG_H

#include "core/rng_internal.h"

/* The library's generator (splitmix64, unbiased draws): the tests' random
 * cases, the benchmarks' and `cgsolve gen`'s come from one generator. */
typedef cg_rng ref_rng;

static inline uint64_t ref_rng_next(ref_rng *rng) {
    return cg_rng_next(rng);
}

/* Uniform in [0, n), n > 0. */
static inline uint64_t ref_rng_below(ref_rng *rng, uint64_t n) {
    return cg_rng_below(rng, n);
}

#endif
