#include "octal/octal_compare_internal.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define OCTAL_COMPARE_X86 1
#include <immintrin.h>
#else
#define OCTAL_COMPARE_X86 0
#endif

static bool compare_arguments_fit(const uint16_t *g, const cg_rare_position *rare, size_t count,
                                  const void *values, const void *least) {
    return g != NULL && rare != NULL && values != NULL && least != NULL && count <= CG_OCTAL_CHUNK;
}

void cg_octal_compare_16_plain(const uint16_t *g, const cg_rare_position *rare, size_t from,
                               size_t to, size_t base, size_t count,
                               const uint16_t (*values)[CG_OCTAL_COMPARED],
                               uint16_t (*least)[CG_OCTAL_CHUNK]) {
    if (!compare_arguments_fit(g, rare, count, values, least)) {
        return;
    }
    for (size_t i = from; i < to; i++) {
        const uint16_t *run = g + base - cg_rare_at(rare[i]);
        for (size_t j = 0; j < count; j++) {
            for (unsigned c = 0; c < CG_OCTAL_COMPARED; c++) {
                uint16_t x = (uint16_t)(cg_rare_value(rare[i]) ^ run[j] ^ values[j][c]);
                if (x < least[c][j]) {
                    least[c][j] = x;
                }
            }
        }
    }
}

#if OCTAL_COMPARE_X86
#define COMPARE_TARGET "avx512f,avx512bw"

/* The least of least and sums ^ value, lane by lane: zero once a sum
 * equals the value. */
__attribute__((target(COMPARE_TARGET), always_inline)) static inline __m512i
least_of(__m512i least, __m512i sums, __m512i value) {
    return _mm512_min_epu16(least, _mm512_xor_si512(sums, value));
}

/* Column c of values (heap j's c-th value in lane j), zero past count. */
__attribute__((target(COMPARE_TARGET))) static __m512i
column_of(const uint16_t (*values)[CG_OCTAL_COMPARED], size_t count, unsigned c) {
    uint16_t column[CG_OCTAL_CHUNK] = {0};
    for (size_t j = 0; j < count; j++) {
        column[j] = values[j][c];
    }
    return _mm512_loadu_si512(column);
}

_Static_assert(CG_OCTAL_COMPARED == 12, "compare_avx512 holds twelve values");

/* Each rare position's 32 nim-sums (a run of values XOR its value, one load
 * and one XOR) against each heap's twelve values: an XOR and a minimum a
 * value, no branch. The minima are twelve variables, not an array: gcc 12
 * kept an array's in memory as well, storing all twelve every entry, which
 * took 13 ns an entry where the registers take about 5 (bench_octal). */
__attribute__((target(COMPARE_TARGET))) static void
compare_avx512(const uint16_t *g, const cg_rare_position *rare, size_t from, size_t to, size_t base,
               size_t count, const uint16_t (*values)[CG_OCTAL_COMPARED],
               uint16_t (*least)[CG_OCTAL_CHUNK]) {
    __mmask32 lanes = count >= 32 ? UINT32_MAX : (UINT32_C(1) << count) - 1;
    const __m512i v0 = column_of(values, count, 0), v1 = column_of(values, count, 1),
                  v2 = column_of(values, count, 2), v3 = column_of(values, count, 3),
                  v4 = column_of(values, count, 4), v5 = column_of(values, count, 5),
                  v6 = column_of(values, count, 6), v7 = column_of(values, count, 7),
                  v8 = column_of(values, count, 8), v9 = column_of(values, count, 9),
                  v10 = column_of(values, count, 10), v11 = column_of(values, count, 11);
    __m512i l0 = _mm512_loadu_si512(least[0]), l1 = _mm512_loadu_si512(least[1]),
            l2 = _mm512_loadu_si512(least[2]), l3 = _mm512_loadu_si512(least[3]),
            l4 = _mm512_loadu_si512(least[4]), l5 = _mm512_loadu_si512(least[5]),
            l6 = _mm512_loadu_si512(least[6]), l7 = _mm512_loadu_si512(least[7]),
            l8 = _mm512_loadu_si512(least[8]), l9 = _mm512_loadu_si512(least[9]),
            l10 = _mm512_loadu_si512(least[10]), l11 = _mm512_loadu_si512(least[11]);
    for (size_t i = from; i < to; i++) {
        __m512i run = _mm512_maskz_loadu_epi16(lanes, g + base - cg_rare_at(rare[i]));
        __m512i sums = _mm512_xor_si512(run, _mm512_set1_epi16((short)cg_rare_value(rare[i])));
        l0 = least_of(l0, sums, v0);
        l1 = least_of(l1, sums, v1);
        l2 = least_of(l2, sums, v2);
        l3 = least_of(l3, sums, v3);
        l4 = least_of(l4, sums, v4);
        l5 = least_of(l5, sums, v5);
        l6 = least_of(l6, sums, v6);
        l7 = least_of(l7, sums, v7);
        l8 = least_of(l8, sums, v8);
        l9 = least_of(l9, sums, v9);
        l10 = least_of(l10, sums, v10);
        l11 = least_of(l11, sums, v11);
    }
    _mm512_mask_storeu_epi16(least[0], lanes, l0);
    _mm512_mask_storeu_epi16(least[1], lanes, l1);
    _mm512_mask_storeu_epi16(least[2], lanes, l2);
    _mm512_mask_storeu_epi16(least[3], lanes, l3);
    _mm512_mask_storeu_epi16(least[4], lanes, l4);
    _mm512_mask_storeu_epi16(least[5], lanes, l5);
    _mm512_mask_storeu_epi16(least[6], lanes, l6);
    _mm512_mask_storeu_epi16(least[7], lanes, l7);
    _mm512_mask_storeu_epi16(least[8], lanes, l8);
    _mm512_mask_storeu_epi16(least[9], lanes, l9);
    _mm512_mask_storeu_epi16(least[10], lanes, l10);
    _mm512_mask_storeu_epi16(least[11], lanes, l11);
}

/* ---- AVX2: sixteen heaps a register ------------------------------------------
 *
 * Without AVX-512 a register holds sixteen heaps' values, and the sixteen
 * registers cannot hold both a half's twelve minima and its twelve
 * columns of values: the minima stay in registers and each XOR reads its
 * column from the cache (a memory operand costs no instruction), and a
 * chunk of 32 heaps is compared as two halves, each a pass over the
 * entries (the second pass reads them from the cache too). */
#define AVX2_LANES 16

/* Sixteen heaps' values g[0..15] where full, else the first count (count <
 * 16) and zero past them, reading nothing past g + count: masked 32-bit
 * loads of the pairs (pairs: the dwords below count / 2), the odd last
 * word broadcast and blended into its lane (last). */
__attribute__((target("avx2"), always_inline)) static inline __m256i
run_of(const uint16_t *g, size_t count, bool full, __m256i pairs, __m256i last) {
    if (full) {
        return _mm256_loadu_si256((const __m256i *)(const void *)g);
    }
    __m256i run = _mm256_maskload_epi32((const int *)(const void *)g, pairs);
    if (count & 1) {
        run = _mm256_blendv_epi8(run, _mm256_set1_epi16((short)g[count - 1]), last);
    }
    return run;
}

/* cg_octal_compare_16 for the count (at most 16) heaps from lane j0 of the
 * chunk, their values in column (column[c]: the heaps' c-th values, zero
 * past count). The lanes past count are computed too and then put back:
 * least's rows have 32 lanes, so the loads and stores stay within them. */
__attribute__((target("avx2"), always_inline)) static inline void
compare_half(const uint16_t *g, const cg_rare_position *rare, size_t from, size_t to, size_t base,
             size_t count, bool full, const __m256i *column, uint16_t (*least)[CG_OCTAL_CHUNK],
             size_t j0) {
    const __m256i words = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m256i pairs = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count / 2)),
                                             _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    const __m256i last = _mm256_cmpeq_epi16(_mm256_set1_epi16((short)(count - 1)), words);
    __m256i l[CG_OCTAL_COMPARED];
    _Pragma("GCC unroll 12") for (unsigned c = 0; c < CG_OCTAL_COMPARED; c++) {
        l[c] = _mm256_loadu_si256((const __m256i *)(const void *)(least[c] + j0));
    }
    for (size_t i = from; i < to; i++) {
        __m256i run = run_of(g + base + j0 - cg_rare_at(rare[i]), count, full, pairs, last);
        __m256i sums = _mm256_xor_si256(run, _mm256_set1_epi16((short)cg_rare_value(rare[i])));
        _Pragma("GCC unroll 12") for (unsigned c = 0; c < CG_OCTAL_COMPARED; c++) {
            l[c] = _mm256_min_epu16(l[c], _mm256_xor_si256(sums, column[c]));
        }
    }
    const __m256i kept = _mm256_cmpgt_epi16(_mm256_set1_epi16((short)count), words);
    _Pragma("GCC unroll 12") for (unsigned c = 0; c < CG_OCTAL_COMPARED; c++) {
        __m256i *row = (__m256i *)(void *)(least[c] + j0);
        _mm256_storeu_si256(row, _mm256_blendv_epi8(_mm256_loadu_si256(row), l[c], kept));
    }
}

/* Each half of the chunk: its columns of values, then its pass (a full
 * half's loads unmasked). */
__attribute__((target("avx2"))) static void
compare_avx2(const uint16_t *g, const cg_rare_position *rare, size_t from, size_t to, size_t base,
             size_t count, const uint16_t (*values)[CG_OCTAL_COMPARED],
             uint16_t (*least)[CG_OCTAL_CHUNK]) {
    for (size_t j0 = 0; j0 < count; j0 += AVX2_LANES) {
        size_t lanes = count - j0 < AVX2_LANES ? count - j0 : AVX2_LANES;
        uint16_t columns[CG_OCTAL_COMPARED][AVX2_LANES] = {{0}};
        for (size_t j = 0; j < lanes; j++) {
            for (unsigned c = 0; c < CG_OCTAL_COMPARED; c++) {
                columns[c][j] = values[j0 + j][c];
            }
        }
        __m256i column[CG_OCTAL_COMPARED];
        for (unsigned c = 0; c < CG_OCTAL_COMPARED; c++) {
            column[c] = _mm256_loadu_si256((const __m256i *)(const void *)columns[c]);
        }
        if (lanes == AVX2_LANES) {
            compare_half(g, rare, from, to, base, lanes, true, column, least, j0);
        } else {
            compare_half(g, rare, from, to, base, lanes, false, column, least, j0);
        }
    }
}
#endif

uint64_t cg_octal_common_of_64(uint32_t mask) {
    uint64_t low = 0;
    for (unsigned i = 0; i < 64; i++) {
        low |= (uint64_t)(__builtin_popcount(i & mask) & 1) << i;
    }
    return low;
}

/* The common values of run v..v + 63 (v a multiple of 64). */
static uint64_t common_of_run(uint32_t mask, uint64_t low, size_t v) {
    return __builtin_popcount((uint32_t)v & mask) & 1 ? ~low : low;
}

/* Values v + ctz of open's bits appended to values[*count..), up to
 * CG_OCTAL_COMPARED. */
static void take_open(uint64_t open, size_t v, uint16_t *values, unsigned *count) {
    for (; open != 0 && *count < CG_OCTAL_COMPARED; open &= open - 1) {
        values[(*count)++] = (uint16_t)(v + (size_t)__builtin_ctzll(open));
    }
}

/* The values from v on, one at a time. */
static unsigned least_common_tail(uint32_t mask, const uint8_t *table, size_t size, size_t v,
                                  uint16_t *values, unsigned count) {
    for (; v < size && count < CG_OCTAL_COMPARED; v++) {
        if ((__builtin_popcount((uint32_t)v & mask) & 1) && !table[v]) {
            values[count++] = (uint16_t)v;
        }
    }
    return count;
}

unsigned cg_octal_least_common_plain(uint32_t mask, uint64_t low, const uint8_t *table, size_t size,
                                     uint16_t *values) {
    unsigned count = 0;
    size_t v = 0;
    if (values == NULL) {
        return 0;
    }
    memset(values, 0, CG_OCTAL_COMPARED * sizeof *values);
    if (table == NULL) {
        return 0;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; v + 64 <= size && count < CG_OCTAL_COMPARED; v += 64) {
        /* bit i where byte i (0 or 1) is 0: byte j of a word times the
         * constant lands in bit 56 + j */
        uint64_t unmarked = 0;
        for (unsigned j = 0; j < 8; j++) {
            uint64_t marks;
            memcpy(&marks, table + v + (size_t)8 * j, sizeof marks);
            marks = ~marks & UINT64_C(0x0101010101010101);
            unmarked |= ((marks * UINT64_C(0x0102040810204080)) >> 56) << (8 * j);
        }
        take_open(common_of_run(mask, low, v) & unmarked, v, values, &count);
    }
#endif
    return least_common_tail(mask, table, size, v, values, count);
}

#if OCTAL_COMPARE_X86
__attribute__((target(COMPARE_TARGET))) static unsigned
least_common_avx512(uint32_t mask, uint64_t low, const uint8_t *table, size_t size,
                    uint16_t *values) {
    unsigned count = 0;
    size_t v = 0;
    memset(values, 0, CG_OCTAL_COMPARED * sizeof *values);
    for (; v + 64 <= size && count < CG_OCTAL_COMPARED; v += 64) {
        __m512i marks = _mm512_loadu_si512(table + v);
        take_open(common_of_run(mask, low, v) & _mm512_testn_epi8_mask(marks, marks), v, values,
                  &count);
    }
    return least_common_tail(mask, table, size, v, values, count);
}

/* The bytes of 32 that are 0, a bit each. */
__attribute__((target("avx2"), always_inline)) static inline uint64_t
zero_bytes_of(const uint8_t *at) {
    __m256i marks = _mm256_loadu_si256((const __m256i *)(const void *)at);
    return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(marks, _mm256_setzero_si256()));
}

/* Sixty-four bytes as two tests of 32. */
__attribute__((target("avx2"))) static unsigned least_common_avx2(uint32_t mask, uint64_t low,
                                                                  const uint8_t *table, size_t size,
                                                                  uint16_t *values) {
    unsigned count = 0;
    size_t v = 0;
    memset(values, 0, CG_OCTAL_COMPARED * sizeof *values);
    for (; v + 64 <= size && count < CG_OCTAL_COMPARED; v += 64) {
        uint64_t unmarked = zero_bytes_of(table + v) | zero_bytes_of(table + v + 32) << 32;
        take_open(common_of_run(mask, low, v) & unmarked, v, values, &count);
    }
    return least_common_tail(mask, table, size, v, values, count);
}
#endif

bool cg_octal_compare_supports(cg_octal_compare_kind kind) {
    switch (kind) {
    case CG_OCTAL_COMPARE_PLAIN:
        return true;
#if OCTAL_COMPARE_X86
    case CG_OCTAL_COMPARE_AVX2:
        return __builtin_cpu_supports("avx2");
    case CG_OCTAL_COMPARE_AVX512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
#endif
    default:
        return false;
    }
}

cg_octal_compare_kind cg_octal_compare_best(void) {
    if (cg_octal_compare_supports(CG_OCTAL_COMPARE_AVX512)) {
        return CG_OCTAL_COMPARE_AVX512;
    }
    return cg_octal_compare_supports(CG_OCTAL_COMPARE_AVX2) ? CG_OCTAL_COMPARE_AVX2
                                                            : CG_OCTAL_COMPARE_PLAIN;
}

bool cg_octal_compare_vectorised(void) {
    return cg_octal_compare_best() != CG_OCTAL_COMPARE_PLAIN;
}

unsigned cg_octal_least_common_by(cg_octal_compare_kind kind, uint32_t mask, uint64_t low,
                                  const uint8_t *table, size_t size, uint16_t *values) {
#if OCTAL_COMPARE_X86
    if (table != NULL && values != NULL && kind != CG_OCTAL_COMPARE_PLAIN &&
        cg_octal_compare_supports(kind)) {
        return kind == CG_OCTAL_COMPARE_AVX512 ? least_common_avx512(mask, low, table, size, values)
                                               : least_common_avx2(mask, low, table, size, values);
    }
#else
    (void)kind;
#endif
    return cg_octal_least_common_plain(mask, low, table, size, values);
}

unsigned cg_octal_least_common(uint32_t mask, uint64_t low, const uint8_t *table, size_t size,
                               uint16_t *values) {
    return cg_octal_least_common_by(cg_octal_compare_best(), mask, low, table, size, values);
}

void cg_octal_compare_16_by(cg_octal_compare_kind kind, const uint16_t *g,
                            const cg_rare_position *rare, size_t from, size_t to, size_t base,
                            size_t count, const uint16_t (*values)[CG_OCTAL_COMPARED],
                            uint16_t (*least)[CG_OCTAL_CHUNK]) {
#if OCTAL_COMPARE_X86
    if (compare_arguments_fit(g, rare, count, values, least) && kind != CG_OCTAL_COMPARE_PLAIN &&
        cg_octal_compare_supports(kind)) {
        if (kind == CG_OCTAL_COMPARE_AVX512) {
            compare_avx512(g, rare, from, to, base, count, values, least);
        } else {
            compare_avx2(g, rare, from, to, base, count, values, least);
        }
        return;
    }
#else
    (void)kind;
#endif
    cg_octal_compare_16_plain(g, rare, from, to, base, count, values, least);
}

void cg_octal_compare_16(const uint16_t *g, const cg_rare_position *rare, size_t from, size_t to,
                         size_t base, size_t count, const uint16_t (*values)[CG_OCTAL_COMPARED],
                         uint16_t (*least)[CG_OCTAL_CHUNK]) {
    cg_octal_compare_16_by(cg_octal_compare_best(), g, rare, from, to, base, count, values, least);
}
