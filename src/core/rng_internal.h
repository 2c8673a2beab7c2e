/* A small seeded random generator (splitmix64): the same numbers from the
 * same seed on every machine, for random start positions and generated
 * test data. */
#ifndef CGSOLVE_RNG_H
#define CGSOLVE_RNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_rng {
    uint64_t state;
} cg_rng;

static inline cg_rng cg_rng_make(uint64_t seed) {
    cg_rng rng = {seed};
    return rng;
}

static inline uint64_t cg_rng_next(cg_rng *rng) {
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [0, n) for n > 0, without modulo bias (rejection). */
static inline uint64_t cg_rng_below(cg_rng *rng, uint64_t n) {
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do {
        x = cg_rng_next(rng);
    } while (x >= limit);
    return x % n;
}

/* Put count items of size bytes each in a uniformly random order
 * (Fisher-Yates: the last place takes any of the first count items, and so
 * on down), drawing cg_rng_below(rng, count), cg_rng_below(rng, count - 1),
 * ..., cg_rng_below(rng, 2). */
void cg_rng_shuffle(cg_rng *rng, void *items, size_t count, size_t size);

#ifdef __cplusplus
}
#endif

#endif
