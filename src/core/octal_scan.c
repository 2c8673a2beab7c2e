#include "core/octal_scan_internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define OCTAL_SCAN_AVX2 1
#include <immintrin.h>
#else
#define OCTAL_SCAN_AVX2 0
#endif

static bool is_target(uint16_t v, const uint16_t *targets, size_t count) {
    for (size_t t = 0; t < count; t++) {
        if (targets[t] == v) {
            return true;
        }
    }
    return false;
}

size_t cg_octal_first_target_16_plain(const uint16_t *g, size_t rest, size_t from, size_t to,
                                      const uint16_t *targets, size_t count) {
    if (g == NULL || targets == NULL || count == 0 || count > CG_OCTAL_SCAN_TARGETS) {
        return to;
    }
    for (size_t a = from; a < to; a++) {
        if (is_target((uint16_t)(g[a] ^ g[rest - a]), targets, count)) {
            return a;
        }
    }
    return to;
}

#if OCTAL_SCAN_AVX2
/* Sixteen nim-sums g[a + i] ^ g[rest - a - i], i = 0..15: the high end is
 * loaded from rest - a - 15 up and reversed (the words within each half,
 * then the halves). */
__attribute__((target("avx2"))) static inline __m256i nim_sums(const uint16_t *g, size_t rest,
                                                               size_t a, __m256i reverse) {
    __m256i low = _mm256_loadu_si256((const __m256i *)(const void *)(g + a));
    __m256i high = _mm256_loadu_si256((const __m256i *)(const void *)(g + rest - a - 15));
    high = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(high, reverse), 0x4e);
    return _mm256_xor_si256(low, high);
}

/* Lanes of sums equal to one of eight targets t[0..7]. */
__attribute__((target("avx2"))) static inline __m256i matches_8(__m256i sums, const __m256i *t) {
    __m256i m01 = _mm256_or_si256(_mm256_cmpeq_epi16(sums, t[0]), _mm256_cmpeq_epi16(sums, t[1]));
    __m256i m23 = _mm256_or_si256(_mm256_cmpeq_epi16(sums, t[2]), _mm256_cmpeq_epi16(sums, t[3]));
    __m256i m45 = _mm256_or_si256(_mm256_cmpeq_epi16(sums, t[4]), _mm256_cmpeq_epi16(sums, t[5]));
    __m256i m67 = _mm256_or_si256(_mm256_cmpeq_epi16(sums, t[6]), _mm256_cmpeq_epi16(sums, t[7]));
    return _mm256_or_si256(_mm256_or_si256(m01, m23), _mm256_or_si256(m45, m67));
}

/* Lanes of sums equal to one of the targets: eight compared while at most
 * eight are looked for (the unused ones repeat the first), else all
 * sixteen. */
__attribute__((target("avx2"))) static inline __m256i matches(__m256i sums, const __m256i *t,
                                                              bool sixteen) {
    __m256i found = matches_8(sums, t);
    return sixteen ? _mm256_or_si256(found, matches_8(sums, t + 8)) : found;
}

__attribute__((target("avx2"))) static size_t first_target_avx2(const uint16_t *g, size_t rest,
                                                                size_t from, size_t to,
                                                                const uint16_t *targets,
                                                                size_t count) {
    __m256i t[CG_OCTAL_SCAN_TARGETS];
    for (size_t i = 0; i < CG_OCTAL_SCAN_TARGETS; i++) {
        t[i] = _mm256_set1_epi16((short)targets[i < count ? i : 0]);
    }
    const bool sixteen = count > 8;
    const __m256i reverse = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
                                             14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    size_t a = from;
    /* 32 splits a round: the two halves' matches are tested together */
    for (; a + 32 <= to; a += 32) {
        __m256i first = matches(nim_sums(g, rest, a, reverse), t, sixteen);
        __m256i second = matches(nim_sums(g, rest, a + 16, reverse), t, sixteen);
        __m256i any = _mm256_or_si256(first, second);
        if (!_mm256_testz_si256(any, any)) {
            unsigned bits = (unsigned)_mm256_movemask_epi8(first);
            if (bits != 0) {
                return a + (size_t)__builtin_ctz(bits) / 2;
            }
            bits = (unsigned)_mm256_movemask_epi8(second);
            return a + 16 + (size_t)__builtin_ctz(bits) / 2;
        }
    }
    for (; a + 16 <= to; a += 16) {
        unsigned bits =
            (unsigned)_mm256_movemask_epi8(matches(nim_sums(g, rest, a, reverse), t, sixteen));
        if (bits != 0) {
            return a + (size_t)__builtin_ctz(bits) / 2;
        }
    }
    return cg_octal_first_target_16_plain(g, rest, a, to, targets, count);
}
#endif

bool cg_octal_scan_vectorised(void) {
#if OCTAL_SCAN_AVX2
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

size_t cg_octal_first_target_16(const uint16_t *g, size_t rest, size_t from, size_t to,
                                const uint16_t *targets, size_t count) {
#if OCTAL_SCAN_AVX2
    if (g != NULL && targets != NULL && count > 0 && count <= CG_OCTAL_SCAN_TARGETS &&
        cg_octal_scan_vectorised()) {
        return first_target_avx2(g, rest, from, to, targets, count);
    }
#endif
    return cg_octal_first_target_16_plain(g, rest, from, to, targets, count);
}
