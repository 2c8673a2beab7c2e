/* A small seeded generator (splitmix64) so random tests are reproducible. */
#ifndef CGSOLVE_REF_RNG_H
#define CGSOLVE_REF_RNG_H

#include <stdint.h>

typedef struct ref_rng {
    uint64_t state;
} ref_rng;

static inline uint64_t ref_rng_next(ref_rng *rng) {
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [0, n) (n > 0; the tiny modulo bias is irrelevant for tests). */
static inline uint64_t ref_rng_below(ref_rng *rng, uint64_t n) {
    return ref_rng_next(rng) % n;
}

#endif
