#include "octal/octal_scan_internal.h"

#include <string.h>

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

/* Whether nim-sum v is in the set (see cg_octal_collect_16); if so it is
 * taken out. */
static bool take_from_set(uint8_t *set, size_t bytes, uint32_t v) {
    if (v >= 8 * bytes || !((set[v >> 3] >> (v & 7)) & 1)) {
        return false;
    }
    set[v >> 3] &= (uint8_t) ~(1u << (v & 7));
    return true;
}

static bool collect_arguments_fit(const uint16_t *g, const size_t *from, const uint8_t *set,
                                  size_t bytes, const size_t *found, size_t want) {
    (void)found; /* NULL: the splits are not recorded */
    return g != NULL && from != NULL && set != NULL && want > 0 && bytes <= CG_OCTAL_SET_BYTES;
}

/* The plain loop from split *from on, n found so far. */
static size_t collect_plain_from(const uint16_t *g, size_t rest, size_t *from, size_t to,
                                 uint8_t *set, size_t bytes, size_t *found, size_t want, size_t n) {
    for (size_t a = *from; a < to; a++) {
        if (take_from_set(set, bytes, (uint32_t)(g[a] ^ g[rest - a]))) {
            if (found != NULL) {
                found[n] = a;
            }
            if (++n == want) {
                *from = a + 1;
                return n;
            }
        }
    }
    *from = to;
    return n;
}

size_t cg_octal_collect_16_plain(const uint16_t *g, size_t rest, size_t *from, size_t to,
                                 uint8_t *set, size_t bytes, size_t *found, size_t want) {
    if (!collect_arguments_fit(g, from, set, bytes, found, want)) {
        if (from != NULL) {
            *from = to;
        }
        return 0;
    }
    return collect_plain_from(g, rest, from, to, set, bytes, found, want, 0);
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

/* Lanes of sums equal to one of the first k targets (k 1, 2, 4, 8 or 16:
 * the unused ones repeat the first): a constant where it is inlined, so
 * that one missing value costs one comparison, not eight. */
__attribute__((target("avx2"), always_inline)) static inline __m256i
matches(__m256i sums, const __m256i *t, unsigned k) {
    if (k == 1) {
        return _mm256_cmpeq_epi16(sums, t[0]);
    }
    if (k == 2) {
        return _mm256_or_si256(_mm256_cmpeq_epi16(sums, t[0]), _mm256_cmpeq_epi16(sums, t[1]));
    }
    if (k == 4) {
        return _mm256_or_si256(
            _mm256_or_si256(_mm256_cmpeq_epi16(sums, t[0]), _mm256_cmpeq_epi16(sums, t[1])),
            _mm256_or_si256(_mm256_cmpeq_epi16(sums, t[2]), _mm256_cmpeq_epi16(sums, t[3])));
    }
    __m256i found = matches_8(sums, t);
    return k == 16 ? _mm256_or_si256(found, matches_8(sums, t + 8)) : found;
}

/* cg_octal_first_target_16 comparing k targets (see matches). */
__attribute__((target("avx2"), always_inline)) static inline size_t
first_target_k(const uint16_t *g, size_t rest, size_t from, size_t to, const uint16_t *targets,
               size_t count, const __m256i *t, unsigned k) {
    const __m256i reverse = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
                                             14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    size_t a = from;
    /* 32 splits a round: the two halves' matches are tested together */
    for (; a + 32 <= to; a += 32) {
        __m256i first = matches(nim_sums(g, rest, a, reverse), t, k);
        __m256i second = matches(nim_sums(g, rest, a + 16, reverse), t, k);
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
            (unsigned)_mm256_movemask_epi8(matches(nim_sums(g, rest, a, reverse), t, k));
        if (bits != 0) {
            return a + (size_t)__builtin_ctz(bits) / 2;
        }
    }
    return cg_octal_first_target_16_plain(g, rest, a, to, targets, count);
}

__attribute__((target("avx2"))) static size_t first_target_avx2(const uint16_t *g, size_t rest,
                                                                size_t from, size_t to,
                                                                const uint16_t *targets,
                                                                size_t count) {
    __m256i t[CG_OCTAL_SCAN_TARGETS];
    for (size_t i = 0; i < CG_OCTAL_SCAN_TARGETS; i++) {
        t[i] = _mm256_set1_epi16((short)targets[i < count ? i : 0]);
    }
    if (count <= 2) {
        return count == 1 ? first_target_k(g, rest, from, to, targets, count, t, 1)
                          : first_target_k(g, rest, from, to, targets, count, t, 2);
    }
    if (count <= 4) {
        return first_target_k(g, rest, from, to, targets, count, t, 4);
    }
    return count <= 8 ? first_target_k(g, rest, from, to, targets, count, t, 8)
                      : first_target_k(g, rest, from, to, targets, count, t, 16);
}

/* Thirty-two bytes of the nim-sums s0 (splits a..a + 15) and s1 (a + 16..a +
 * 31) shifted right by shift after masking with mask (values over 255
 * saturate to 255), in the order the packing leaves them: byte j is split
 * a + in_order(j) (see lanes_in_order). */
__attribute__((target("avx2"))) static inline __m256i split_bytes(__m256i s0, __m256i s1,
                                                                  __m256i mask, int shift) {
    __m128i count = _mm_cvtsi32_si128(shift);
    return _mm256_packus_epi16(_mm256_srl_epi16(_mm256_and_si256(s0, mask), count),
                               _mm256_srl_epi16(_mm256_and_si256(s1, mask), count));
}

/* The bits of a mask of split_bytes' lanes moved to their splits' order:
 * packing works in 128-bit halves, so bytes 8..15 are splits a + 16..23 and
 * bytes 16..23 splits a + 8..15 (swapping them here, once a match is seen,
 * costs less than a permutation of every round's bytes). */
static inline unsigned lanes_in_order(unsigned lanes) {
    return (lanes & 0xff0000ffu) | ((lanes >> 8) & 0x0000ff00u) | ((lanes << 8) & 0x00ff0000u);
}

/* The set's byte index[j] for each lane, looked up in its pieces piece[k]
 * (bytes 16k..16k + 15 in both halves), pieces of them (1, 2, 4, 8 or 16):
 * a shuffle by the low four bits in each piece, then a tree of blends by
 * bits 4, 5, 6 and 7 of the index. Indexes past the pieces give 0. */
__attribute__((target("avx2"), always_inline)) static inline __m256i
set_bytes_at(__m256i index, const __m256i *piece, unsigned pieces) {
    __m256i low = _mm256_and_si256(index, _mm256_set1_epi8(0x0f));
    if (pieces < 16) { /* bit 7 set in a shuffle's index gives 0: past the pieces */
        __m256i past = _mm256_adds_epu8(index, _mm256_set1_epi8((char)(128 - 16 * pieces)));
        low = _mm256_or_si256(low, _mm256_and_si256(past, _mm256_set1_epi8((char)0x80)));
    }
    __m256i r[16];
    _Pragma("GCC unroll 16") for (unsigned k = 0; k < pieces; k++) {
        r[k] = _mm256_shuffle_epi8(piece[k], low);
    }
    /* a blend takes its second operand where the mask byte's bit 7 is set:
     * the index shifted left by 3 puts bit 4 there (a 16-bit shift: each
     * byte's bit 7 comes from its own bit 4), and so on */
    if (pieces >= 2) {
        __m256i bit4 = _mm256_slli_epi16(index, 3);
        _Pragma("GCC unroll 8") for (unsigned k = 0; k < pieces; k += 2) {
            r[k] = _mm256_blendv_epi8(r[k], r[k + 1], bit4);
        }
    }
    if (pieces >= 4) {
        __m256i bit5 = _mm256_slli_epi16(index, 2);
        _Pragma("GCC unroll 4") for (unsigned k = 0; k < pieces; k += 4) {
            r[k] = _mm256_blendv_epi8(r[k], r[k + 2], bit5);
        }
    }
    if (pieces >= 8) {
        __m256i bit6 = _mm256_slli_epi16(index, 1);
        _Pragma("GCC unroll 2") for (unsigned k = 0; k < pieces; k += 8) {
            r[k] = _mm256_blendv_epi8(r[k], r[k + 4], bit6);
        }
    }
    if (pieces >= 16) {
        r[0] = _mm256_blendv_epi8(r[0], r[8], index);
    }
    return r[0];
}

/* cg_octal_collect_16 with the set in pieces 16-byte pieces (a constant
 * where it is inlined, so the loops over pieces unroll). */
__attribute__((target("avx2"), always_inline)) static inline size_t
collect_avx2_pieces(const uint16_t *g, size_t rest, size_t *from, size_t to, uint8_t *set,
                    size_t bytes, size_t *found, size_t want, unsigned pieces) {
    const __m256i reverse = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
                                             14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    const __m256i bit_of =
        _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, (char)128, 1, 2, 4, 8, 16, 32, 64, (char)128, 1, 2,
                         4, 8, 16, 32, 64, (char)128, 1, 2, 4, 8, 16, 32, 64, (char)128);
    const __m256i byte_of_piece =
        _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6,
                         7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m256i all = _mm256_set1_epi16(-1), seven = _mm256_set1_epi16(7);
    __m256i piece[16];
    for (unsigned k = 0; k < pieces; k++) {
        piece[k] = _mm256_broadcastsi128_si256(
            _mm_loadu_si128((const __m128i *)(const void *)(set + (size_t)16 * k)));
    }
    size_t a = *from, n = 0;
    for (; a + 32 <= to; a += 32) {
        __m256i s0 = nim_sums(g, rest, a, reverse), s1 = nim_sums(g, rest, a + 16, reverse);
        __m256i index = split_bytes(s0, s1, all, 3);
        __m256i bit = _mm256_shuffle_epi8(bit_of, split_bytes(s0, s1, seven, 0));
        __m256i hits = _mm256_and_si256(set_bytes_at(index, piece, pieces), bit);
        if (_mm256_testz_si256(hits, hits)) {
            continue;
        }
        /* the lanes whose bit is set, checked one by one in order (a
         * saturated index may match where the value does not); a value
         * taken changes one piece */
        unsigned lanes = lanes_in_order(
            ~(unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hits, _mm256_setzero_si256())));
        for (; lanes != 0; lanes &= lanes - 1) {
            size_t split = a + (size_t)__builtin_ctz(lanes);
            uint32_t v = (uint32_t)(g[split] ^ g[rest - split]);
            if (take_from_set(set, bytes, v)) {
                if (found != NULL) {
                    found[n] = split;
                }
                if (++n == want) {
                    *from = split + 1;
                    return n;
                }
                /* in the register: reloading it from the set would wait for
                 * the byte just stored */
                __m256i bit_v = _mm256_and_si256(
                    _mm256_cmpeq_epi8(byte_of_piece, _mm256_set1_epi8((char)((v >> 3) & 15))),
                    _mm256_set1_epi8((char)(1u << (v & 7))));
                piece[v >> 7] = _mm256_andnot_si256(bit_v, piece[v >> 7]);
            }
        }
    }
    *from = a;
    return collect_plain_from(g, rest, from, to, set, bytes, found, want, n);
}

/* Word w of the set (x86 is little-endian: bit v of the set is bit v % 64
 * of word v / 64); the words cover its first bytes bytes in (bytes + 7) / 8
 * words, the set being zero from bytes on and CG_OCTAL_SET_BYTES long. */
static inline uint64_t set_word(const uint8_t *set, size_t w) {
    uint64_t word;
    memcpy(&word, set + 8 * w, sizeof word);
    return word;
}

/* The values in the set's first bytes bytes. */
static size_t values_in_set(const uint8_t *set, size_t bytes) {
    size_t count = 0;
    for (size_t w = 0; w < (bytes + 7) / 8; w++) {
        count += (size_t)__builtin_popcountll(set_word(set, w));
    }
    return count;
}

/* cg_octal_collect_16 with the set in its 16-byte pieces (see
 * collect_avx2_pieces). */
__attribute__((target("avx2"))) static size_t collect_by_pieces(const uint16_t *g, size_t rest,
                                                                size_t *from, size_t to,
                                                                uint8_t *set, size_t bytes,
                                                                size_t *found, size_t want) {
    if (bytes <= 16) {
        return collect_avx2_pieces(g, rest, from, to, set, bytes, found, want, 1);
    }
    if (bytes <= 32) {
        return collect_avx2_pieces(g, rest, from, to, set, bytes, found, want, 2);
    }
    if (bytes <= 64) {
        return collect_avx2_pieces(g, rest, from, to, set, bytes, found, want, 4);
    }
    if (bytes <= 128) {
        return collect_avx2_pieces(g, rest, from, to, set, bytes, found, want, 8);
    }
    return collect_avx2_pieces(g, rest, from, to, set, bytes, found, want, 16);
}

/* A set of at most this many values is scanned for by comparing each
 * split's nim-sum with them (first_target_avx2): one to four take fewer
 * instructions than a look-up in the pieces (for 128 bytes, eight shuffles
 * and seven blends for 32 splits); the heaps of 0.007 to 2^19 scanned 42 %
 * of their splits with at most four values left and 56 % with eight. */
#define FEW_VALUES 4

/* cg_octal_collect_16 for a set of at most CG_OCTAL_SCAN_TARGETS values:
 * the first split giving one of them, again and again. */
__attribute__((target("avx2"))) static size_t collect_few_avx2(const uint16_t *g, size_t rest,
                                                               size_t *from, size_t to,
                                                               uint8_t *set, size_t bytes,
                                                               size_t *found, size_t want) {
    uint16_t targets[CG_OCTAL_SCAN_TARGETS];
    size_t count = 0, n = 0;
    for (size_t w = 0; w < (bytes + 7) / 8; w++) {
        for (uint64_t bits = set_word(set, w); bits != 0 && count < CG_OCTAL_SCAN_TARGETS;
             bits &= bits - 1) {
            targets[count++] = (uint16_t)(64 * w + (size_t)__builtin_ctzll(bits));
        }
    }
    for (size_t a = *from; count > 0 && a < to; a++) {
        a = first_target_avx2(g, rest, a, to, targets, count);
        if (a == to) {
            break;
        }
        uint16_t v = (uint16_t)(g[a] ^ g[rest - a]);
        (void)take_from_set(set, bytes, v);
        for (size_t t = 0; t < count; t++) { /* the order of targets does not matter */
            if (targets[t] == v) {
                targets[t] = targets[--count];
                break;
            }
        }
        if (found != NULL) {
            found[n] = a;
        }
        if (++n == want) {
            *from = a + 1;
            return n;
        }
    }
    *from = to;
    return n;
}

/* By the pieces while more than FEW_VALUES values are in the set, then by
 * comparing with those left. */
__attribute__((target("avx2"))) static size_t collect_avx2(const uint16_t *g, size_t rest,
                                                           size_t *from, size_t to, uint8_t *set,
                                                           size_t bytes, size_t *found,
                                                           size_t want) {
    size_t held = values_in_set(set, bytes), n = 0;
    if (held > FEW_VALUES) {
        size_t first = want < held - FEW_VALUES ? want : held - FEW_VALUES;
        n = collect_by_pieces(g, rest, from, to, set, bytes, found, first);
        if (n < first || n == want) {
            return n; /* the scan reached to, or found all it wanted */
        }
    }
    return n + collect_few_avx2(g, rest, from, to, set, bytes, found != NULL ? found + n : NULL,
                                want - n);
}

/* ---- AVX-512: 64 splits a round ---------------------------------------------
 *
 * With AVX-512 VBMI the whole set (256 bytes) sits in four registers and a
 * byte permutation of two of them looks 64 indexes up in 128 bytes at once,
 * so a round of 64 splits takes two permutations and a blend where the
 * AVX2 scan takes sixteen shuffles and fifteen blends for 32: about a fifth
 * of the instructions a split (measured in bench/RESULTS.md). A set of up
 * to 64 or 128 bytes takes one permutation of one or two registers. */
#define AVX512_TARGET "avx512f,avx512bw,avx512vbmi"

/* Thirty-two nim-sums g[a + i] ^ g[rest - a - i], i = 0..31, the lanes
 * outside lanes zero (their values are not read: masked loads do not
 * fault). high_lanes is lanes reversed, the high end being loaded from
 * rest - a - 31 up. */
__attribute__((target(AVX512_TARGET))) static inline __m512i
nim_sums_512(const uint16_t *g, size_t rest, size_t a, __m512i reverse, __mmask32 lanes,
             __mmask32 high_lanes) {
    __m512i low = _mm512_maskz_loadu_epi16(lanes, g + a);
    __m512i high = _mm512_maskz_loadu_epi16(high_lanes, g + rest - a - 31);
    return _mm512_xor_si512(low, _mm512_permutexvar_epi16(reverse, high));
}

/* The first count of 32 lanes (count <= 32), and the same lanes of a
 * load reversed: the last count. */
static inline uint32_t first_of_32(size_t count) {
    return count >= 32 ? UINT32_MAX : (UINT32_C(1) << count) - 1;
}
static inline uint32_t last_of_32(size_t count) {
    return count == 0 ? 0 : UINT32_MAX << (32 - (count >= 32 ? 32 : count));
}

/* The splits a..a + count - 1 (count <= 64, bit i for split a + i) whose
 * nim-sum v is below 512 * regs and in the set held in t[0..regs) (regs =
 * 1, 2 or 4 registers of 64 bytes: byte v / 8, bit v % 8). */
__attribute__((target(AVX512_TARGET), always_inline)) static inline uint64_t
round_hits_512(const uint16_t *g, size_t rest, size_t a, __m512i t0, __m512i t1, __m512i t2,
               __m512i t3, size_t count, unsigned regs) {
    const __m512i reverse =
        _mm512_set_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                         21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    /* byte j of the 128 bytes of two registers of words: byte 2j, the low
     * byte of word j of the pair */
    const __m512i low_bytes = _mm512_set_epi8(
        126, 124, 122, 120, 118, 116, 114, 112, 110, 108, 106, 104, 102, 100, 98, 96, 94, 92, 90,
        88, 86, 84, 82, 80, 78, 76, 74, 72, 70, 68, 66, 64, 62, 60, 58, 56, 54, 52, 50, 48, 46, 44,
        42, 40, 38, 36, 34, 32, 30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
    const __m512i bit_of = _mm512_broadcast_i32x4(
        _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, (char)128, 1, 2, 4, 8, 16, 32, 64, (char)128));
    __m512i s0, s1;
    if (count == 64) { /* a full round: plain loads, a third faster a split (bench/RESULTS.md) */
        s0 = _mm512_xor_si512(
            _mm512_loadu_si512(g + a),
            _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512(g + rest - a - 31)));
        s1 = _mm512_xor_si512(
            _mm512_loadu_si512(g + a + 32),
            _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512(g + rest - a - 63)));
    } else {
        size_t count1 = count > 32 ? count - 32 : 0;
        s0 = nim_sums_512(g, rest, a, reverse, first_of_32(count), last_of_32(count));
        s1 = nim_sums_512(g, rest, a + 32, reverse, first_of_32(count1), last_of_32(count1));
    }
    const __m512i limit = _mm512_set1_epi16((short)(512 * regs));
    __mmask64 below =
        _mm512_kunpackd(_mm512_cmplt_epu16_mask(s1, limit), _mm512_cmplt_epu16_mask(s0, limit));
    /* the low byte of v / 8, a byte a split, and the bit v % 8; a byte
     * permutation reads the index's low 6 (one register) or 7 bits (two) */
    __m512i index =
        _mm512_permutex2var_epi8(_mm512_srli_epi16(s0, 3), low_bytes, _mm512_srli_epi16(s1, 3));
    __m512i bit = _mm512_shuffle_epi8(
        bit_of, _mm512_and_si512(_mm512_permutex2var_epi8(s0, low_bytes, s1), _mm512_set1_epi8(7)));
    __m512i bytes;
    if (regs == 1) {
        bytes = _mm512_permutexvar_epi8(index, t0);
    } else if (regs == 2) {
        bytes = _mm512_permutex2var_epi8(t0, index, t1);
    } else { /* bytes 0..127 by index bits 0..6, bytes 128..255 likewise, bit 7 picks */
        bytes = _mm512_mask_blend_epi8(_mm512_movepi8_mask(index),
                                       _mm512_permutex2var_epi8(t0, index, t1),
                                       _mm512_permutex2var_epi8(t2, index, t3));
    }
    uint64_t hits = _mm512_mask_test_epi8_mask(below, bytes, bit);
    return count == 64 ? hits : hits & ((UINT64_C(1) << count) - 1);
}

/* Value v (below 512 * regs) added to a round's taken values c0..c3, the
 * registers' layout. */
__attribute__((target(AVX512_TARGET), always_inline)) static inline void
add_taken(uint32_t v, unsigned regs, __m512i *c0, __m512i *c1, __m512i *c2, __m512i *c3) {
    __mmask64 byte = (__mmask64)1 << ((v >> 3) & 63);
    char bit_in_byte = (char)(1u << (v & 7));
    if (regs == 1) {
        *c0 = _mm512_or_si512(*c0, _mm512_maskz_set1_epi8(byte, bit_in_byte));
        return;
    }
    unsigned reg = v >> 9;
    *c0 = _mm512_or_si512(*c0, _mm512_maskz_set1_epi8(reg == 0 ? byte : 0, bit_in_byte));
    *c1 = _mm512_or_si512(*c1, _mm512_maskz_set1_epi8(reg == 1 ? byte : 0, bit_in_byte));
    if (regs > 2) {
        *c2 = _mm512_or_si512(*c2, _mm512_maskz_set1_epi8(reg == 2 ? byte : 0, bit_in_byte));
        *c3 = _mm512_or_si512(*c3, _mm512_maskz_set1_epi8(reg == 3 ? byte : 0, bit_in_byte));
    }
}

/* The values in the set's first 64 * regs bytes. */
static inline size_t set_count(const uint8_t *set, unsigned regs) {
    size_t count = 0;
    for (unsigned w = 0; w < 8 * regs; w++) {
        uint64_t word;
        memcpy(&word, set + (size_t)8 * w, sizeof word);
        count += (size_t)__builtin_popcountll(word);
    }
    return count;
}

/* The last split of a round (lanes' bits: splits base + i) that takes a
 * value from the set held in words, each taken out: the lane where a round
 * empties the set. */
static inline size_t last_taking(const uint16_t *g, size_t rest, size_t base, uint64_t lanes,
                                 uint64_t *words) {
    size_t last = base;
    for (; lanes != 0; lanes &= lanes - 1) {
        size_t split = base + (size_t)__builtin_ctzll(lanes);
        uint32_t v = (uint32_t)(g[split] ^ g[rest - split]);
        uint64_t bit = (uint64_t)1 << (v & 63);
        if (words[v >> 6] & bit) {
            words[v >> 6] &= ~bit;
            last = split;
        }
    }
    return last;
}

/* The AVX-512 set scan with the set in regs registers (1, 2 or 4: bytes <=
 * 64 * regs). A round's hits are taken without a branch a lane, and the
 * registers lose the round's values at its end. Where the scan is to
 * empty the set and record nothing (the engine's use: found NULL, want
 * every value in it), a round's lanes only add their values to those
 * taken, and the registers going to zero end the scan (the count is the
 * set's size before and after). Otherwise the set's words say whether a
 * lane's value is still in it (a lane of a round can only find a value
 * taken already by an earlier lane of the same round), for found and
 * want. Where a branch a lane tested the value, the scan of 0.6 to 2^20
 * took about 10 % longer (bench/RESULTS.md). */
__attribute__((target(AVX512_TARGET), always_inline)) static inline size_t
collect_avx512_regs(const uint16_t *g, size_t rest, size_t *from, size_t to, uint8_t *set,
                    size_t bytes, size_t *found, size_t want, unsigned regs) {
    /* x86 is little-endian: bit v of the set is bit v % 64 of word v / 64 */
    uint64_t words[CG_OCTAL_SET_BYTES / 8];
    memcpy(words, set, (size_t)64 * regs);
    bool until_empty = found == NULL && want == set_count(set, regs);
    /* named, not an array: gcc 12 kept an array of them in memory */
    __m512i zero = _mm512_setzero_si512(), t0 = _mm512_loadu_si512(set); /* zero from bytes on */
    __m512i t1 = regs > 1 ? _mm512_loadu_si512(set + 64) : zero;
    __m512i t2 = regs > 2 ? _mm512_loadu_si512(set + 128) : zero;
    __m512i t3 = regs > 2 ? _mm512_loadu_si512(set + 192) : zero;
    size_t a = *from, n = 0, last = 0;
    /* a round reads g[a..a + 63] and g[rest - a - 63..rest - a] (masked
     * lanes unread); rest - a >= 63 keeps the second load's address within
     * g even where its lanes are all masked (a pointer before g would be
     * undefined behaviour that no sanitizer reports): a full round has it
     * (a + 64 <= to <= rest / 2 + 1), a short last round needs the test,
     * and without it the plain loop ends the range */
    while (n < want && a < to && (to - a >= 64 || rest - a >= 63)) {
        size_t count = to - a < 64 ? to - a : 64, base = a;
        uint64_t hits = round_hits_512(g, rest, a, t0, t1, t2, t3, count, regs);
        a += count;
        if (hits == 0) {
            continue;
        }
        __m512i c0 = zero, c1 = zero, c2 = zero, c3 = zero; /* the values taken */
        if (until_empty) {
            for (uint64_t lanes = hits; lanes != 0; lanes &= lanes - 1) {
                size_t split = base + (size_t)__builtin_ctzll(lanes);
                add_taken((uint32_t)(g[split] ^ g[rest - split]), regs, &c0, &c1, &c2, &c3);
            }
            __m512i left =
                _mm512_or_si512(_mm512_andnot_si512(c0, t0), _mm512_andnot_si512(c1, t1));
            left = _mm512_or_si512(
                left, _mm512_or_si512(_mm512_andnot_si512(c2, t2), _mm512_andnot_si512(c3, t3)));
            if (_mm512_test_epi64_mask(left, left) == 0) { /* emptied: where, exactly */
                _mm512_storeu_si512(words, t0);
                _mm512_storeu_si512(words + 8, t1);
                _mm512_storeu_si512(words + 16, t2);
                _mm512_storeu_si512(words + 24, t3);
                last = last_taking(g, rest, base, hits, words);
                n = want;
            }
        } else {
            /* found has room for every lane, or the round stops at want */
            bool room = n + (size_t)__builtin_popcountll(hits) <= want;
            do {
                size_t split = base + (size_t)__builtin_ctzll(hits);
                uint32_t v = (uint32_t)(g[split] ^ g[rest - split]);
                uint64_t word = words[v >> 6], bit = (uint64_t)1 << (v & 63);
                size_t took = (word & bit) != 0;
                words[v >> 6] = word & ~bit;
                if (found != NULL) { /* the same every lane: predicted */
                    found[n] = split;
                }
                n += took;
                /* where n reaches want, this lane took: with room, every
                 * lane of the round did (n + lanes <= want), else the round
                 * stops here */
                last = split;
                add_taken(v, regs, &c0, &c1, &c2, &c3);
                hits &= hits - 1;
            } while (hits != 0 && (room || n < want));
        }
        t0 = _mm512_andnot_si512(c0, t0);
        t1 = _mm512_andnot_si512(c1, t1);
        t2 = _mm512_andnot_si512(c2, t2);
        t3 = _mm512_andnot_si512(c3, t3);
    }
    /* the registers hold the set as it is now */
    _mm512_storeu_si512(set, t0);
    if (regs > 1) {
        _mm512_storeu_si512(set + 64, t1);
    }
    if (regs > 2) {
        _mm512_storeu_si512(set + 128, t2);
        _mm512_storeu_si512(set + 192, t3);
    }
    if (until_empty && n < want) {
        n = want - set_count(set, regs);
    }
    if (n == want) {
        *from = last + 1;
        return n;
    }
    *from = a;
    return collect_plain_from(g, rest, from, to, set, bytes, found, want, n);
}

__attribute__((target(AVX512_TARGET))) static size_t collect_avx512(const uint16_t *g, size_t rest,
                                                                    size_t *from, size_t to,
                                                                    uint8_t *set, size_t bytes,
                                                                    size_t *found, size_t want) {
    if (bytes <= 64) {
        return collect_avx512_regs(g, rest, from, to, set, bytes, found, want, 1);
    }
    if (bytes <= 128) {
        return collect_avx512_regs(g, rest, from, to, set, bytes, found, want, 2);
    }
    return collect_avx512_regs(g, rest, from, to, set, bytes, found, want, 4);
}
#endif

bool cg_octal_scan_supports(cg_octal_scan_kind kind) {
    switch (kind) {
    case CG_OCTAL_SCAN_PLAIN:
        return true;
#if OCTAL_SCAN_AVX2
    case CG_OCTAL_SCAN_AVX2:
        return __builtin_cpu_supports("avx2");
    case CG_OCTAL_SCAN_AVX512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vbmi");
#endif
    default:
        return false;
    }
}

cg_octal_scan_kind cg_octal_scan_best(void) {
    if (cg_octal_scan_supports(CG_OCTAL_SCAN_AVX512)) {
        return CG_OCTAL_SCAN_AVX512;
    }
    return cg_octal_scan_supports(CG_OCTAL_SCAN_AVX2) ? CG_OCTAL_SCAN_AVX2 : CG_OCTAL_SCAN_PLAIN;
}

const char *cg_octal_scan_name(cg_octal_scan_kind kind) {
    switch (kind) {
    case CG_OCTAL_SCAN_PLAIN:
        return "plain";
    case CG_OCTAL_SCAN_AVX2:
        return "AVX2";
    case CG_OCTAL_SCAN_AVX512:
        return "AVX-512";
    default:
        return "unknown";
    }
}

size_t cg_octal_collect_16_by(cg_octal_scan_kind kind, const uint16_t *g, size_t rest, size_t *from,
                              size_t to, uint8_t *set, size_t bytes, size_t *found, size_t want) {
#if OCTAL_SCAN_AVX2
    if (collect_arguments_fit(g, from, set, bytes, found, want) && cg_octal_scan_supports(kind)) {
        if (kind == CG_OCTAL_SCAN_AVX512) {
            return collect_avx512(g, rest, from, to, set, bytes, found, want);
        }
        if (kind == CG_OCTAL_SCAN_AVX2) {
            return collect_avx2(g, rest, from, to, set, bytes, found, want);
        }
    }
#else
    (void)kind;
#endif
    return cg_octal_collect_16_plain(g, rest, from, to, set, bytes, found, want);
}

size_t cg_octal_collect_16(const uint16_t *g, size_t rest, size_t *from, size_t to, uint8_t *set,
                           size_t bytes, size_t *found, size_t want) {
    return cg_octal_collect_16_by(cg_octal_scan_best(), g, rest, from, to, set, bytes, found, want);
}

bool cg_octal_scan_vectorised(void) {
    return cg_octal_scan_supports(CG_OCTAL_SCAN_AVX2);
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
