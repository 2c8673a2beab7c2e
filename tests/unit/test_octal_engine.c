/* The octal engines against each other and against the plain definition
 * (ref_octal_values, written once more in tests/ref): naive and sparse give
 * the same values, bit for bit, on random codes and on the classic ones,
 * through mask changes and the widening to 32 bits; the budget holds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "octal/octal_compare_internal.h"
#include "octal/octal_engine_internal.h"
#include "octal/octal_engine_parts_internal.h"
#include "ref_octal.h"
#include "ref_rng.h"

static void agree(const char *text, size_t upto) {
    cg_octal_code code;
    assert_int_equal(cg_octal_parse(text, &code, NULL), CG_OK);
    uint32_t *plain = malloc((upto + 1) * sizeof *plain);
    assert_non_null(plain);
    assert_true(ref_octal_values(&code, upto, plain));
    static const cg_engine_method methods[] = {CG_ENGINE_NAIVE, CG_ENGINE_SPARSE, CG_ENGINE_AUTO};
    for (size_t m = 0; m < 3; m++) {
        cg_octal_engine engine;
        cg_octal_engine_init(&engine, &code, methods[m], NULL);
        /* in steps, as a stream would ask */
        for (size_t n = 0; n <= upto; n += 1 + upto / 7) {
            assert_int_equal(cg_octal_engine_extend(&engine, n, NULL), CG_OK);
        }
        assert_int_equal(cg_octal_engine_extend(&engine, upto, NULL), CG_OK);
        for (size_t n = 0; n <= upto; n++) {
            if (cg_octal_engine_at(&engine, n) != plain[n]) {
                fail_msg("%s, method %zu: G(%zu) = %u, the definition gives %u", text, m, n,
                         cg_octal_engine_at(&engine, n), plain[n]);
            }
        }
        cg_octal_engine_free(&engine);
    }
    free(plain);
}

/* ---- a brute-force reference ------------------------------------------
 * The Grundy value of a position (a multiset of heaps, as counts of sizes
 * 1..15 in 4-bit fields) by the definition alone: the mex of its options'
 * values, each option a new multiset. No Sprague-Grundy sum is used, so the
 * engines' nim-sums are checked too. Heaps up to 14 tokens. */
enum { TABLE = 1 << 18 };
static uint64_t keys[TABLE];
static uint8_t grundy_of[TABLE];

static uint64_t with(uint64_t heaps, unsigned size, int change) {
    return size == 0 ? heaps : heaps + (uint64_t)(int64_t)change * ((uint64_t)1 << (4 * size));
}

static unsigned brute(const cg_octal_code *code, uint64_t heaps) {
    uint64_t key = heaps + 1;
    size_t slot = (size_t)((key * 0x9E3779B97F4A7C15u) >> 46);
    while (keys[slot] != 0 && keys[slot] != key) {
        slot = (slot + 1) % TABLE;
    }
    if (keys[slot] == key) {
        return grundy_of[slot];
    }
    uint64_t seen = 0; /* values are small here */
    for (unsigned n = 1; n <= 15; n++) {
        if (((heaps >> (4 * n)) & 15) == 0) {
            continue;
        }
        uint64_t without = with(heaps, n, -1);
        for (unsigned k = 0; k <= code->last && k <= n; k++) {
            unsigned d = code->digit[k], rest = n - k;
            if (k > 0 && (d & 1) && rest == 0) {
                seen |= (uint64_t)1 << brute(code, without);
            }
            if (k > 0 && (d & 2) && rest > 0) {
                seen |= (uint64_t)1 << brute(code, with(without, rest, 1));
            }
            bool unequal = (d & CG_OCTAL_UNEQUAL) != 0; /* '!': sizes must differ */
            for (unsigned a = 1; (d & 4) && 2 * a <= rest; a++) {
                if (!(unequal && 2 * a == rest)) {
                    seen |= (uint64_t)1 << brute(code, with(with(without, a, 1), rest - a, 1));
                }
            }
            for (unsigned a = 1; (d & 8) && 3 * a <= rest; a++) {
                for (unsigned b2 = a; a + 2 * b2 <= rest; b2++) {
                    if (unequal && (b2 == a || 2 * b2 == rest - a)) {
                        continue;
                    }
                    uint64_t parts = with(with(with(without, a, 1), b2, 1), rest - a - b2, 1);
                    seen |= (uint64_t)1 << brute(code, parts);
                }
            }
        }
    }
    unsigned value = (unsigned)__builtin_ctzll(~seen);
    assert_int_equal(keys[slot], 0);
    keys[slot] = key;
    grundy_of[slot] = (uint8_t)value;
    return value;
}

static void brute_force_reference(void **state) {
    (void)state;
    ref_rng rng = {1986};
    for (int k = 0; k < 60; k++) {
        char text[16];
        size_t len = 0;
        static const char firsts[] = "0048c";
        text[len++] = firsts[ref_rng_below(&rng, 5)];
        text[len++] = '.';
        size_t digits = 1 + (size_t)ref_rng_below(&rng, 3);
        for (size_t d = 0; d < digits; d++) {
            text[len++] = "0123456789abcdef"[ref_rng_below(&rng, k % 2 ? 16 : 8)];
        }
        text[len - 1] = "1234567"[ref_rng_below(&rng, 7)];
        if (k % 3 == 2 && (text[len - 1] & 4)) {
            text[len++] = '!'; /* unequal heaps (every third code that can) */
        }
        if (k % 10 == 9 && text[0] != '0') {
            /* d0's splits alone: "4", "8!", "c." ... */
            len = 1;
            text[len++] = k % 20 == 9 ? '!' : '.';
        }
        text[len] = '\0';
        cg_octal_code code;
        assert_int_equal(cg_octal_parse(text, &code, NULL), CG_OK);
        memset(keys, 0, sizeof keys);
        for (int m = 1; m <= 3; m++) {
            cg_octal_engine engine;
            cg_octal_engine_init(&engine, &code, (cg_engine_method)(m - 1), NULL);
            assert_int_equal(cg_octal_engine_extend(&engine, 14, NULL), CG_OK);
            for (unsigned n = 1; n <= 14; n++) {
                unsigned expected = brute(&code, (uint64_t)1 << (4 * n));
                if (cg_octal_engine_at(&engine, n) != expected) {
                    fail_msg("%s: G(%u) = %u, brute force %u", text, n,
                             cg_octal_engine_at(&engine, n), expected);
                }
            }
            cg_octal_engine_free(&engine);
        }
    }
}

static void classic_codes(void **state) {
    (void)state;
    static const char *const codes[] = {"0.007", "0.77",  "0.07", "0.6",  "0.16", "0.376",
                                        "4.07",  "0.137", "0.4",  "0.51", "0.75", "0.0707"};
    /* hexadecimal: leaving three heaps (the naive rule in both engines) */
    static const char *const hex[] = {"0.8", "0.f", "0.0c", "4.8", "8.1", "c.37", "0.48"};
    for (size_t i = 0; i < sizeof hex / sizeof hex[0]; i++) {
        agree(hex[i], 400);
    }
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        agree(codes[i], 6000);
    }
    /* only splits (nothing taken, or nothing left behind but two heaps), and
     * '!': Grundy's game 4!.0 and its kin; 4!.0 runs long enough for the
     * sparse engine's masks (its values reach 2^7 past heap 3,000) */
    static const char *const splits[] = {"4",    "4.0",   "0.04",  "0.004", "4.04", "4!.0",
                                         "0.4!", "4!.4!", "0.04!", "4.4!",  "4!.7", "0.6!"};
    for (size_t i = 0; i < sizeof splits / sizeof splits[0]; i++) {
        agree(splits[i], 6000);
    }
    agree("c!.1", 300);
    agree("0.8!", 300);
}

static void random_codes(void **state) {
    (void)state;
    ref_rng rng = {15};
    for (int k = 0; k < 150; k++) {
        char text[16];
        size_t len = 0;
        text[len++] = ref_rng_below(&rng, 2) ? '4' : '0';
        text[len++] = '.';
        size_t digits = 1 + (size_t)ref_rng_below(&rng, 4);
        for (size_t d = 0; d < digits; d++) {
            text[len++] = (char)('0' + ref_rng_below(&rng, 8));
        }
        text[len - 1] = (char)('1' + ref_rng_below(&rng, 7)); /* a move exists */
        if (k % 4 == 3 && (text[len - 1] & 4)) {
            text[len++] = '!'; /* unequal heaps */
        }
        text[len] = '\0';
        agree(text, 1500 + (size_t)ref_rng_below(&rng, 1500));
    }
}

/* Values that fit in 16 bits are kept in 16 bits (octal games' values stay
 * small: 0.007's are below 2^10 far out). */
static void sixteen_bits(void **state) {
    (void)state;
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.007", &code, NULL), CG_OK);
    cg_budget budget = cg_budget_make((size_t)1 << 30);
    cg_octal_engine engine;
    cg_octal_engine_init(&engine, &code, CG_ENGINE_SPARSE, &budget);
    assert_int_equal(cg_octal_engine_extend(&engine, 20000, NULL), CG_OK);
    assert_null(engine.wide);
    assert_true(engine.held <= engine.capacity * sizeof(uint16_t));
    assert_true(cg_octal_engine_rare_count(&engine) > 0);
    cg_octal_engine_free(&engine);
}

static void budget_holds(void **state) {
    (void)state;
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.007", &code, NULL), CG_OK);
    cg_budget budget = cg_budget_make(10000);
    cg_octal_engine engine;
    cg_octal_engine_init(&engine, &code, CG_ENGINE_SPARSE, &budget);
    cg_error err;
    assert_int_equal(cg_octal_engine_extend(&engine, 100000, &err), CG_ERR_LIMIT);
    assert_true(budget.peak <= budget.limit);
    cg_octal_engine_free(&engine);
    assert_int_equal(budget.used, 0);
}

/* Every table is in the budget: the values, the rare list (0.137 keeps two
 * positions in five rare) and the tables indexed by value, which grow with
 * the largest value (0.3f: G(5000) reaches 2501). */
static void every_table_counted(void **state) {
    (void)state;
    static const char *const codes[] = {"0.137", "0.6", "0.3f"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        cg_octal_code code;
        assert_int_equal(cg_octal_parse(codes[i], &code, NULL), CG_OK);
        cg_budget budget = cg_budget_make((size_t)1 << 30);
        cg_octal_engine engine;
        cg_octal_engine_init(&engine, &code, CG_ENGINE_SPARSE, &budget);
        assert_int_equal(cg_octal_engine_extend(&engine, 5000, NULL), CG_OK);
        size_t rare_bytes = engine.rare_capacity * sizeof *engine.rare;
        size_t table_bytes = engine.hit_sets * engine.hit_size + engine.bound * 2 +
                             engine.bound * sizeof *engine.histogram +
                             engine.bound * 2 * CG_OCTAL_WITNESSES * sizeof *engine.witness;
        assert_int_equal(engine.tables_held, table_bytes);
        assert_int_equal(budget.used,
                         engine.held + engine.tables_held + rare_bytes + engine.block_held);
        if (strcmp(codes[i], "0.3f") == 0) {
            assert_true(engine.largest > 2500);
        } else {
            assert_true(rare_bytes > 0);
        }
        cg_octal_engine_free(&engine);
        assert_int_equal(budget.used, 0);
    }
}

/* The sparse engine's blocks (8 heaps' rare splits in one pass) serve
 * codes that split after taking 0, 1 or 3 tokens, or several of them, and
 * give the definition's values (agree); a '!' code keeps the heap-by-heap
 * pass and holds no block tables. */
static void blocks_serve(void **state) {
    (void)state;
    static const char *const codes[] = {"0.007", "0.6", "4.07", "0.137", "4!.0"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        agree(codes[i], 5000);
        cg_octal_code code;
        assert_int_equal(cg_octal_parse(codes[i], &code, NULL), CG_OK);
        cg_octal_engine engine;
        cg_octal_engine_init(&engine, &code, CG_ENGINE_SPARSE, NULL);
        assert_int_equal(cg_octal_engine_extend(&engine, 5000, NULL), CG_OK);
        if (strcmp(codes[i], "4!.0") == 0) {
            assert_int_equal(engine.block_held, 0);
        } else {
            assert_true(engine.block_size > 0); /* a block was marked */
            /* the tables grow to the largest block so far (the last may be smaller) */
            assert_true(engine.block_held >= engine.block_heaps * engine.block_size);
            assert_true(engine.block_held <=
                        (size_t)CG_OCTAL_BLOCK * CG_OCTAL_GROUPS * engine.block_size);
            assert_true(engine.block_heaps >= CG_OCTAL_BLOCK);
            assert_true(engine.block_heaps <= (size_t)CG_OCTAL_BLOCK * CG_OCTAL_GROUPS);
        }
        cg_octal_engine_free(&engine);
    }
}

/* Heaps past 2 * 8192 share their splits among the threads: 2 and 3
 * threads give the values of one, bit for bit, and each thread's table of
 * options is in the budget. members_wait: see cg_octal_engine. Returns the
 * rounds the caller helped the crew in. */
static size_t check_shared_waiting(const char *text, cg_engine_method method, unsigned threads,
                                   size_t upto, bool members_wait) {
    cg_octal_code code;
    assert_int_equal(cg_octal_parse(text, &code, NULL), CG_OK);
    cg_octal_engine alone;
    cg_octal_engine_init(&alone, &code, CG_ENGINE_NAIVE, NULL);
    assert_int_equal(cg_octal_engine_extend(&alone, upto, NULL), CG_OK);
    cg_budget budget = cg_budget_make((size_t)1 << 30);
    cg_octal_engine shared;
    cg_octal_engine_init(&shared, &code, method, &budget);
    cg_octal_engine_set_threads(&shared, threads);
    shared.members_wait = members_wait;
    for (size_t n = 0; n <= upto; n += upto / 4 - 1) { /* the crew waits between calls */
        assert_int_equal(cg_octal_engine_extend(&shared, n, NULL), CG_OK);
    }
    assert_int_equal(cg_octal_engine_extend(&shared, upto, NULL), CG_OK);
    assert_non_null(shared.crew);
    assert_int_equal(cg_crew_members(shared.crew), threads);
    for (size_t n = 0; n <= upto; n++) {
        if (cg_octal_engine_at(&shared, n) != cg_octal_engine_at(&alone, n)) {
            fail_msg("%s, method %d, %u threads: G(%zu) = %u, one thread gives %u", text,
                     (int)method, threads, n, cg_octal_engine_at(&shared, n),
                     cg_octal_engine_at(&alone, n));
        }
    }
    assert_int_equal(shared.hit_sets, threads);
    /* the crew's threads' stacks are counted too */
    assert_int_equal(budget.used, shared.held + shared.tables_held +
                                      shared.rare_capacity * sizeof *shared.rare +
                                      shared.block_held + shared.ahead_held + shared.helped_held +
                                      (threads - 1) * CG_CREW_STACK_BYTES);
    size_t helped = shared.helped_rounds;
    cg_octal_engine_free(&shared);
    assert_int_equal(budget.used, 0);
    cg_octal_engine_free(&alone);
    return helped;
}

static void check_shared(const char *text, cg_engine_method method, unsigned threads, size_t upto) {
    (void)check_shared_waiting(text, method, threads, upto, false);
}

/* The sparse engine shares the splits with a rare member once 8192 rare
 * positions lie below a heap (0.007 has them from about 40,000 on). */
static void sparse_threads_agree(void **state) {
    (void)state;
    check_shared("0.007", CG_ENGINE_SPARSE, 2, 70000);
}

/* With threads the next block's rare splits are marked on the crew while
 * the caller computes the current block's heaps: the values of one thread,
 * bit for bit, on codes that split after taking 0, 1 or 3 tokens, and the
 * tables marked ahead are in the budget (check_shared). */
static void ahead_blocks_agree(void **state) {
    (void)state;
    static const char *const codes[] = {"0.6", "4.07", "0.137"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        for (unsigned threads = 2; threads <= 3; threads++) {
            check_shared(codes[i], CG_ENGINE_SPARSE, threads, 12000);
        }
        cg_octal_code code;
        assert_int_equal(cg_octal_parse(codes[i], &code, NULL), CG_OK);
        cg_octal_engine engine;
        cg_octal_engine_init(&engine, &code, CG_ENGINE_SPARSE, NULL);
        cg_octal_engine_set_threads(&engine, 2);
        assert_int_equal(cg_octal_engine_extend(&engine, 12000, NULL), CG_OK);
        assert_true(engine.ahead_held > 0); /* blocks were marked ahead */
        cg_octal_engine_free(&engine);
    }
}

/* Once its heaps are done the caller takes over the stretches of the
 * pass marked ahead that the crew has not begun, in tables of its own:
 * with the members held back until it is done, it marks every stretch
 * there in some rounds, and the values are still those of one thread. */
static void helped_blocks_agree(void **state) {
    (void)state;
    static const char *const codes[] = {"0.007", "0.6", "4.07"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        for (unsigned threads = 2; threads <= 3; threads++) {
            size_t helped = check_shared_waiting(codes[i], CG_ENGINE_SPARSE, threads, 12000, true);
            if (helped == 0) {
                fail_msg("%s, %u threads: the caller never helped", codes[i], threads);
            }
        }
    }
}

/* A block's pass may mark half the rare list and compare the rest
 * (octal_compare_internal.h): here from 16 entries on (the plain comparison where
 * AVX-512 is missing), so small runs compare. On one thread (the caller
 * compares), two and three (the members compare their groups of the block
 * marked ahead), and with the members held back so that the caller marks
 * their stretches (members_wait: its marks merged before they compare),
 * the values are the definition's, bit for bit; most heaps are settled by
 * comparing, and some fall back to marking. */
static void compared_blocks_agree(void **state) {
    (void)state;
    static const char *const codes[] = {"0.007", "0.6", "4.07", "0.137", "4.007"};
    enum { UPTO = 12000 };
    uint64_t fallbacks = 0;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        cg_octal_code code;
        assert_int_equal(cg_octal_parse(codes[i], &code, NULL), CG_OK);
        uint32_t *plain = malloc((UPTO + 1) * sizeof *plain);
        assert_non_null(plain);
        assert_true(ref_octal_values(&code, UPTO, plain));
        for (unsigned run = 0; run < 5; run++) {
            unsigned threads = run < 3 ? run + 1 : run - 1; /* 1, 2, 3, then 2 and 3 waiting */
            cg_octal_engine engine;
            cg_octal_engine_init(&engine, &code, CG_ENGINE_SPARSE, NULL);
            cg_octal_engine_set_threads(&engine, threads);
            engine.compare_from = 16;
            engine.members_wait = run >= 3;
            assert_int_equal(cg_octal_engine_extend(&engine, UPTO, NULL), CG_OK);
            for (size_t n = 0; n <= UPTO; n++) {
                if (cg_octal_engine_at(&engine, n) != plain[n]) {
                    fail_msg("%s, %u threads%s, compared: G(%zu) = %u, the definition gives %u",
                             codes[i], threads, run >= 3 ? " waiting" : "", n,
                             cg_octal_engine_at(&engine, n), plain[n]);
                }
            }
            if (engine.compared_heaps <= engine.compared_fallbacks) {
                fail_msg("%s, %u threads%s: %llu heaps settled by comparing, %llu fell back",
                         codes[i], threads, run >= 3 ? " waiting" : "",
                         (unsigned long long)engine.compared_heaps,
                         (unsigned long long)engine.compared_fallbacks);
            }
            fallbacks += engine.compared_fallbacks;
            cg_octal_engine_free(&engine);
        }
        free(plain);
    }
    assert_true(fallbacks > 0);
}

/* By default a block compares where AVX-512 serves and its rare list has
 * 1,024 entries (0.007 has 4,096 before 40,000, 0.6 its 1,583 from heap
 * 20,627 on), and not below (0.1777 has 15 rare positions). */
static void compared_by_default(void **state) {
    (void)state;
    static const char *const compared[] = {"0.007", "0.6"};
    for (size_t c = 0; c < sizeof compared / sizeof compared[0]; c++) {
        cg_octal_code code;
        assert_int_equal(cg_octal_parse(compared[c], &code, NULL), CG_OK);
        cg_octal_engine engine;
        cg_octal_engine_init(&engine, &code, CG_ENGINE_SPARSE, NULL);
        assert_int_equal(cg_octal_engine_extend(&engine, 40000, NULL), CG_OK);
        assert_true(cg_octal_engine_rare_count(&engine) > 1024);
        if (cg_octal_compare_vectorised()) {
            assert_true(engine.compared_heaps > 0);
        } else {
            assert_int_equal(engine.compared_heaps + engine.compared_fallbacks, 0);
        }
        cg_octal_engine_free(&engine);
    }
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.1777", &code, NULL), CG_OK);
    cg_octal_engine engine;
    cg_octal_engine_init(&engine, &code, CG_ENGINE_SPARSE, NULL);
    assert_int_equal(cg_octal_engine_extend(&engine, 40000, NULL), CG_OK);
    assert_true(cg_octal_engine_rare_count(&engine) < 1024);
    assert_int_equal(engine.compared_heaps + engine.compared_fallbacks, 0);
    cg_octal_engine_free(&engine);
}

static void threads_agree(void **state) {
    (void)state;
    static const char *const codes[] = {"0.007", "0.6", "4.007"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        for (unsigned threads = 2; threads <= 3; threads++) {
            check_shared(codes[i], CG_ENGINE_NAIVE, threads, 40000);
        }
    }
}

/* A long extension reports its progress, and stops when the hook asks:
 * the values so far are kept and right, and the engine goes on later. */
typedef struct progress_seen {
    unsigned calls;
    uint64_t last_done, total;
    bool stop;
} progress_seen;

static bool note_progress(void *context, const char *what, uint64_t done, uint64_t total) {
    progress_seen *seen = context;
    assert_string_equal(what, "Grundy values");
    assert_true(done >= seen->last_done && done <= total);
    seen->calls++;
    seen->last_done = done;
    seen->total = total;
    return seen->stop;
}

static void progress_and_stop(void **state) {
    (void)state;
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.007", &code, NULL), CG_OK);
    cg_octal_engine engine, fresh;
    cg_octal_engine_init(&engine, &code, CG_ENGINE_NAIVE, NULL);
    progress_seen seen = {0, 0, 0, true};
    cg_octal_engine_set_progress(&engine, note_progress, &seen);
    cg_error err;
    assert_int_equal(cg_octal_engine_extend(&engine, 400000, &err), CG_ERR_STOPPED);
    assert_int_equal(seen.calls, 1);
    assert_int_equal(seen.total, 400001);
    assert_int_equal(engine.count, seen.last_done);
    assert_true(engine.count > 1000 && engine.count < 400001);
    cg_octal_engine_init(&fresh, &code, CG_ENGINE_NAIVE, NULL);
    assert_int_equal(cg_octal_engine_extend(&fresh, engine.count + 1000, NULL), CG_OK);
    for (size_t n = 0; n < engine.count; n++) {
        assert_int_equal(cg_octal_engine_at(&engine, n), cg_octal_engine_at(&fresh, n));
    }
    seen.stop = false; /* goes on, and says when it is done */
    size_t stopped_at = engine.count;
    assert_int_equal(cg_octal_engine_extend(&engine, stopped_at + 1000, NULL), CG_OK);
    for (size_t n = stopped_at; n <= stopped_at + 1000; n++) {
        assert_int_equal(cg_octal_engine_at(&engine, n), cg_octal_engine_at(&fresh, n));
    }
    cg_octal_engine_free(&engine);
    cg_octal_engine_free(&fresh);
}

/* The rare list past heap 2^32: a position keeps its whole heap (with 32
 * bits, heap 2^32 + 10 was heap 10, and rest - at read past the values),
 * the list is searched by whole heaps, and the loops read the partner
 * heap rest - at. A witness past 2^32 is none. */
static void rare_list_past_2_32(void **state) {
    (void)state;
    const size_t big = (size_t)1 << 32;
    const size_t last = ((size_t)1 << 40) - 1; /* runs end before 2^40 */
    cg_rare_position top = cg_rare_position_of(last, UINT32_MAX);
    assert_true(cg_rare_at(top) == last);
    assert_int_equal(cg_rare_value(top), UINT32_MAX);
    assert_true(cg_octal_witness_of(big + 1) == 0);
    assert_true(cg_octal_witness_of(big - 1) == big - 1);

    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.6", &code, NULL), CG_OK);
    cg_octal_engine engine;
    cg_octal_engine_init(&engine, &code, CG_ENGINE_SPARSE, NULL);
    const size_t heaps[] = {5, big - 1, big, big + 3, big + 10, (size_t)1 << 35};
    const size_t count = sizeof heaps / sizeof *heaps;
    engine.rare = malloc(count * sizeof *engine.rare);
    assert_non_null(engine.rare);
    for (size_t i = 0; i < count; i++) {
        engine.rare[i] = cg_rare_position_of(heaps[i], (uint32_t)(i + 1));
    }
    engine.rare_count = engine.rare_capacity = count;
    assert_int_equal(cg_octal_rare_below(&engine, big), 2);
    assert_int_equal(cg_octal_rare_below(&engine, big + 1), 3);
    assert_int_equal(cg_octal_rare_below(&engine, big + 11), 5);
    assert_int_equal(cg_octal_rare_below(&engine, ((size_t)1 << 35) + 1), 6);

    /* rest = 2^32 + 20 pairs heap 2^32 + 3 (value 4) with 17 and heap
     * 2^32 + 10 (value 5) with 10 */
    uint16_t g[32];
    for (size_t i = 0; i < 32; i++) {
        g[i] = (uint16_t)(64 + i);
    }
    uint8_t hit[256] = {0};
    cg_octal_rare_pairs_16(g, engine.rare, big + 20, 3, 5, hit);
    for (unsigned v = 0; v < 256; v++) {
        assert_int_equal(hit[v], v == (4u ^ 81u) || v == (5u ^ 74u));
    }
    /* the block's loop: heaps base + j of the group pair heap 2^32 + 10
     * with 2 + j */
    uint8_t tables[CG_OCTAL_BLOCK * 256] = {0};
    cg_octal_block_rare_pairs_16(g, engine.rare, 4, 5, big + 12, tables, 256);
    for (size_t j = 0; j < CG_OCTAL_BLOCK; j++) {
        for (unsigned v = 0; v < 256; v++) {
            assert_int_equal(tables[j * 256 + v], v == (5u ^ (66u + j)));
        }
    }
    cg_octal_engine_free(&engine);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(brute_force_reference), cmocka_unit_test(classic_codes),
        cmocka_unit_test(random_codes),          cmocka_unit_test(sixteen_bits),
        cmocka_unit_test(budget_holds),          cmocka_unit_test(every_table_counted),
        cmocka_unit_test(threads_agree),         cmocka_unit_test(sparse_threads_agree),
        cmocka_unit_test(helped_blocks_agree),   cmocka_unit_test(ahead_blocks_agree),
        cmocka_unit_test(progress_and_stop),     cmocka_unit_test(blocks_serve),
        cmocka_unit_test(compared_blocks_agree), cmocka_unit_test(compared_by_default),
        cmocka_unit_test(rare_list_past_2_32),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
