/* The octal engine's hot loops for one value width, included by
 * octal_engine_loops.c once per width with VALUE (the value type) and WIDTH
 * (16 or 32) defined: plain functions named cg_octal_pairs_16,
 * cg_octal_pairs_32 and so on (declared in octal_engine_parts_internal.h),
 * so a debugger steps through these lines and coverage counts them. No
 * include guard: each inclusion is one instantiation.
 *
 * The tables of options are bytes, not bits: a byte store does not wait for
 * the one before it, where setting a bit must read its word back first
 * (nim-sums of neighbouring splits often share a word), which made the naive
 * engine about twice as slow. */
#if !defined(VALUE) || !defined(WIDTH)
#error "define VALUE and WIDTH before including octal_engine_loops.h"
#endif

#define LOOP_NAME_(name, width) name##_##width
#define LOOP_NAME(name, width) LOOP_NAME_(name, width)
#define WIDTH_NAME(name) LOOP_NAME(name, WIDTH)

/* Mark the splits a + b = rest with from <= a < to (a <= b). */
void WIDTH_NAME(cg_octal_pairs)(const VALUE *g, size_t rest, size_t from, size_t to, uint8_t *hit) {
    const VALUE *low = g + from, *high = g + rest - from;
    size_t count = to - from, i = 0;
    for (; i + 4 <= count; i += 4) {
        hit[low[i] ^ *(high - i)] = 1;
        hit[low[i + 1] ^ *(high - i - 1)] = 1;
        hit[low[i + 2] ^ *(high - i - 2)] = 1;
        hit[low[i + 3] ^ *(high - i - 3)] = 1;
    }
    for (; i < count; i++) {
        hit[low[i] ^ *(high - i)] = 1;
    }
}

/* Mark every split in three a + b + c = rest, a <= b <= c (a < b < c when
 * unequal). */
void WIDTH_NAME(cg_octal_triples)(const VALUE *g, size_t rest, bool unequal, uint8_t *hit) {
    size_t step = unequal ? 1 : 0;
    for (size_t a = 1; 3 * a + 3 * step <= rest; a++) {
        for (size_t b = a + step; a + 2 * b + step <= rest; b++) {
            hit[(uint32_t)g[a] ^ g[b] ^ g[rest - a - b]] = 1;
        }
    }
}

/* Mark the splits of rest with a rare member rare[i], from <= i < to (each
 * below rest). */
void WIDTH_NAME(cg_octal_rare_pairs)(const VALUE *g, const cg_rare_position *rare, size_t rest,
                                     size_t from, size_t to, uint8_t *hit) {
    for (size_t i = from; i < to; i++) {
        hit[cg_rare_value(rare[i]) ^ g[rest - cg_rare_at(rare[i])]] = 1;
    }
}

/* Mark, for each heap j < CG_OCTAL_BLOCK of a group, the splits of rest =
 * base + j with the rare member rare[i], from <= i < to, in table j (size
 * bytes apart): each rare position reads one run of values for the whole
 * group, where heap by heap each read was a cache line of its own. (A
 * constant count of heaps: the loop over them unrolled runs twice as fast
 * as one over a share of them.) */
void WIDTH_NAME(cg_octal_block_rare_pairs)(const VALUE *g, const cg_rare_position *rare,
                                           size_t from, size_t to, size_t base, uint8_t *tables,
                                           size_t size) {
    for (size_t i = from; i < to; i++) {
        VALUE run[CG_OCTAL_BLOCK]; /* read at once: the stores below may not alias it */
        memcpy(run, g + base - cg_rare_at(rare[i]), sizeof run);
        uint32_t value = cg_rare_value(rare[i]);
        for (size_t j = 0; j < CG_OCTAL_BLOCK; j++) {
            tables[j * size + (value ^ run[j])] = 1;
        }
    }
}

/* Mark the nim-sums of the splits from <= a < to of rest not marked yet,
 * until missing of them are: the caller leaves unmarked only the rare values
 * it looks for, and each split found is remembered in witness (slot of each
 * value's). Eight splits at a time: they are nearly always all marked
 * already. Returns how many are still missing. */
size_t WIDTH_NAME(cg_octal_common_pairs)(const VALUE *g, size_t rest, size_t from, size_t to,
                                         uint8_t *hit, size_t missing, uint32_t *witness,
                                         size_t slot, uint64_t *pairs) {
    size_t a = from;
    for (; a + 8 <= to && missing > 0; a += 8) {
        unsigned all = 1;
        for (size_t i = 0; i < 8; i++) {
            all &= hit[(uint32_t)g[a + i] ^ g[rest - a - i]];
        }
        for (size_t i = 0; !all && i < 8 && missing > 0; i++) {
            uint32_t v = (uint32_t)g[a + i] ^ g[rest - a - i];
            if (!hit[v]) {
                hit[v] = 1;
                witness[(size_t)v * CG_OCTAL_WITNESSES + slot] = cg_octal_witness_of(a + i);
                missing--;
            }
        }
    }
    for (; a < to && missing > 0; a++) {
        uint32_t v = (uint32_t)g[a] ^ g[rest - a];
        if (!hit[v]) {
            hit[v] = 1;
            witness[(size_t)v * CG_OCTAL_WITNESSES + slot] = cg_octal_witness_of(a);
            missing--;
        }
    }
    *pairs += a - from;
    return missing;
}

#undef WIDTH_NAME
#undef LOOP_NAME
#undef LOOP_NAME_
