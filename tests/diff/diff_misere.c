/* Differential test: the misère solver (tame rule and iterative search)
 * against the plain recursive reference on seeded random octal codes
 * (hexadecimal digits and d0 = 4, 8 or c included): every heap's misère
 * value and genus terms up to heap 11 (searched, and read off the proven
 * quotient where its values are proven), then random sums of up to 24 tokens:
 * their value, whether they are P-positions, and how many winning moves
 * they have. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "octal/misere_genus_internal.h"
#include "octal/misere_internal.h"
#include "ref_misere.h"
#include "ref_rng.h"

#define CODES 40      /* a third of them under the sanitizers (main) */
#define HEAPS 11      /* heaps 0..HEAPS compared one by one */
#define TERMS 4       /* genus terms compared */
#define SUMS 60       /* random sums per code */
#define MAX_TOKENS 24 /* tokens in a random sum */
/* positions a question of the quotient's building may search: past them
 * the heaps are searched (as misere --by quotient does past --positions) */
#define ADOPT_POSITIONS 5000

static int failures;

static void fail(const char *code, const char *what) {
    if (failures++ < 20) {
        fprintf(stderr, "diff_misere: %s: %s\n", code, what);
    }
}

/* A random code: 1 to 4 digits after the point, each 0-f (most 0-7), d0
 * sometimes 4, 8 or c. */
static void random_code(ref_rng *rng, char *text) {
    static const char *const first = "0000000048c";
    static const char *const digits = "01234567012345670123456789abcdef";
    size_t o = 0;
    text[o++] = first[ref_rng_below(rng, strlen(first))];
    text[o++] = '.';
    size_t n = 1 + (size_t)ref_rng_below(rng, 4);
    for (size_t i = 0; i < n; i++) {
        text[o++] = digits[ref_rng_below(rng, strlen(digits))];
    }
    text[o] = '\0';
}

typedef struct counter {
    size_t *heaps;
    size_t count, at;
    size_t wins;
} counter;

/* The reference's count of winning moves: options that are P-positions. */
static size_t ref_wins(const cg_octal_code *code, const size_t *heaps, size_t count) {
    size_t wins = 0;
    for (size_t i = 0; i < count; i++) {
        size_t n = heaps[i];
        for (size_t k = 0; k <= code->last && k <= n; k++) {
            unsigned d = code->digit[k];
            size_t rest = n - k, after[MAX_TOKENS + 4], c = 0;
            for (size_t j = 0; j < count; j++) {
                if (j != i) {
                    after[c++] = heaps[j];
                }
            }
            if (k > 0 && (d & 1) && rest == 0) {
                wins += ref_misere_is_p(after, c);
            }
            if (k > 0 && (d & 2) && rest > 0) {
                after[c] = rest;
                wins += ref_misere_is_p(after, c + 1);
            }
            for (size_t a = 1; (d & 4) && 2 * a <= rest; a++) {
                after[c] = a;
                after[c + 1] = rest - a;
                wins += ref_misere_is_p(after, c + 2);
            }
            for (size_t a = 1; (d & 8) && 3 * a <= rest; a++) {
                for (size_t b = a; a + 2 * b <= rest; b++) {
                    after[c] = a;
                    after[c + 1] = b;
                    after[c + 2] = rest - a - b;
                    wins += ref_misere_is_p(after, c + 3);
                }
            }
        }
    }
    return wins;
}

/* The sum heaps[0..count-1] with up to 3 nim-heaps of 1 and 2 of 2 added
 * (the solver keeps the ones' parity and puts heaps equal to *1 or *2 with
 * them): its value against the reference's. */
static void check_with_nims(cg_misere_solver *s, const char *text, const size_t *heaps,
                            size_t count, ref_rng *rng) {
    size_t ones = (size_t)ref_rng_below(rng, 4), twos = (size_t)ref_rng_below(rng, 3);
    size_t nims[6], nim_count = 0;
    for (size_t i = 0; i < ones + twos; i++) {
        nims[nim_count++] = i < ones ? 1 : 2;
    }
    uint32_t value;
    cg_misere_method method;
    cg_error err;
    if (cg_misere_value(s, heaps, count, twos, ones, &value, &method, &err) != CG_OK) {
        fail(text, err.message);
        return;
    }
    unsigned expected = ref_misere_value(heaps, count, nims, nim_count);
    if (value != expected) {
        char what[160];
        snprintf(what, sizeof what,
                 "a sum of %zu heaps (%zu first), %zu ones, %zu twos: value %u, expected %u", count,
                 heaps[0], ones, twos, value, expected);
        fail(text, what);
    }
}

/* Heaps 0..HEAPS of the solver against the reference: genus terms and
 * value. Returns the heaps checked. */
static size_t check_heaps(cg_misere_solver *s, const char *text) {
    for (size_t n = 0; n <= HEAPS; n++) {
        cg_misere_heap h = cg_misere_heap_at(s, n);
        size_t twos[TERMS];
        for (size_t k = 0; k < TERMS; k++) {
            twos[k] = 2;
            char what[96];
            unsigned expected = ref_misere_value(&n, 1, twos, k);
            if (h.genus[k] != expected) {
                snprintf(what, sizeof what, "heap %zu: genus term %zu is %u, expected %u", n, k,
                         h.genus[k], expected);
                fail(text, what);
            }
        }
        if (h.misere != h.genus[0]) {
            fail(text, "misère value is not the first genus term");
        }
    }
    return HEAPS + 1;
}

/* Heaps 0..HEAPS read off the quotient against the searched ones (checked
 * against the reference): value, genus terms, tameness. */
static size_t same_heaps(cg_misere_solver *adopted, cg_misere_solver *searched, const char *text) {
    for (size_t n = 0; n <= HEAPS; n++) {
        cg_misere_heap a = cg_misere_heap_at(adopted, n), b = cg_misere_heap_at(searched, n);
        if (a.misere != b.misere || a.tame != b.tame ||
            memcmp(a.genus, b.genus, TERMS * sizeof *a.genus) != 0) {
            char what[96];
            snprintf(what, sizeof what, "heap %zu from the quotient: %u %s, searched %u %s", n,
                     a.misere, a.tame ? "tame" : "wild", b.misere, b.tame ? "tame" : "wild");
            fail(text, what);
        }
    }
    return HEAPS + 1;
}

/* Heaps 0..HEAPS by auto with the chain's turn forced at heap turn (the
 * heaps before it searched, then the chain run to its end), against the
 * searched ones: true when the turn adopted heaps. */
static bool auto_turn_heaps(const cg_octal_code *code, size_t turn, cg_misere_solver *searched,
                            const char *text, size_t *checked) {
    cg_misere_solver *s = NULL;
    cg_misere_genus_run run;
    cg_error err;
    if (cg_misere_new(code, TERMS, NULL, &s, &err) != CG_OK ||
        cg_misere_genus_start(s, CG_GENUS_BY_AUTO, HEAPS, &run, &err) != CG_OK) {
        fail(text, err.message);
        cg_misere_free(s);
        return false;
    }
    cg_misere_set_node_limit(s, ADOPT_POSITIONS);
    run.share = INFINITY;
    bool adopted = false;
    cg_status st = CG_OK;
    for (size_t n = 0; st == CG_OK && n <= HEAPS; n++) {
        run.next_turn = n == turn ? 0 : INFINITY;
        size_t before = cg_misere_count(s);
        st = cg_misere_genus_heap(s, &run, n, &err);
        adopted = adopted || (n == turn && cg_misere_count(s) > before + 1);
    }
    if (st != CG_OK) {
        fail(text, err.message);
    } else {
        *checked += same_heaps(s, searched, text);
    }
    cg_misere_genus_end(s, &run);
    cg_misere_free(s);
    return adopted;
}

int main(void) {
    ref_rng rng = cg_rng_make(20261201);
    size_t heaps_checked = 0, sums_checked = 0, p_positions = 0, searched = 0, codes_adopted = 0,
           codes_asking = 0, turns_adopting = 0;
    uint64_t oracle_answers = 0; /* positions valued off the quotient, not searched */
    /* Under the sanitizers (CGSOLVE_SANITIZED, set by the tests' CMake) the
     * first third of the codes: the release run compares all of them, and
     * ASan's slowdown made the whole test 107 s of CI's 20 minutes. */
    size_t codes = getenv("CGSOLVE_SANITIZED") != NULL ? CODES / 3 : CODES;
    for (size_t c = 0; c < codes; c++) {
        char text[16];
        random_code(&rng, text);
        cg_octal_code code;
        cg_error err;
        if (cg_octal_parse(text, &code, &err) != CG_OK) {
            c--; /* no digit allows a move: draw again */
            continue;
        }
        ref_misere_begin(&code);
        cg_misere_solver *s = NULL;
        if (cg_misere_new(&code, TERMS, NULL, &s, &err) != CG_OK ||
            cg_misere_extend(s, HEAPS, &err) != CG_OK) {
            fail(text, err.message);
            cg_misere_free(s);
            continue;
        }
        heaps_checked += check_heaps(s, text);
        /* the turn's heap drawn apart, so the codes stay those drawn before */
        ref_rng turn_rng = cg_rng_make(c + 1);
        turns_adopting += auto_turn_heaps(&code, (size_t)ref_rng_below(&turn_rng, HEAPS + 1), s,
                                          text, &heaps_checked);
        /* the same heaps read off the proven quotient where its values are
         * proven (misere --by quotient), the rest searched */
        cg_misere_solver *adopted = NULL;
        cg_misere_genus_run run;
        memset(&run, 0, sizeof run);
        cg_status st = cg_misere_new(&code, TERMS, NULL, &adopted, &err);
        if (st == CG_OK) {
            cg_misere_set_node_limit(adopted, ADOPT_POSITIONS);
            st = cg_misere_genus_start(adopted, CG_GENUS_BY_QUOTIENT, HEAPS, &run, &err);
        }
        if (st != CG_OK) {
            fail(text, err.message);
        } else {
            codes_adopted += cg_misere_count(adopted) == HEAPS + 1;
            codes_asking += run.chain.order > 0 && run.attached;
            if (cg_misere_extend(adopted, HEAPS, &err) != CG_OK) {
                fail(text, err.message);
            } else {
                heaps_checked += same_heaps(adopted, s, text);
            }
        }
        for (size_t t = 0; t < SUMS; t++) {
            size_t heaps[MAX_TOKENS], count = 0, tokens = 0;
            size_t budget = 1 + (size_t)ref_rng_below(&rng, MAX_TOKENS);
            while (tokens < budget) {
                size_t h =
                    1 + (size_t)ref_rng_below(&rng, budget - tokens < 14 ? budget - tokens : 14);
                heaps[count++] = h;
                tokens += h;
            }
            uint32_t value;
            cg_misere_method method;
            bool p;
            size_t wins;
            /* outcomes first (the search that stops at a winning move), then
             * the exact value */
            if (cg_misere_is_p(s, heaps, count, &p, &method, &err) != CG_OK ||
                cg_misere_winning_moves(s, heaps, count, NULL, NULL, &wins, &err) != CG_OK ||
                cg_misere_value(s, heaps, count, 0, 0, &value, &method, &err) != CG_OK) {
                fail(text, err.message);
                continue;
            }
            unsigned expected = ref_misere_value(heaps, count, NULL, 0);
            char what[160];
            if (value != expected || p != (expected == 0)) {
                snprintf(what, sizeof what,
                         "a sum of %zu heaps (%zu first): value %u, p %d; "
                         "expected %u",
                         count, heaps[0], value, p, expected);
                fail(text, what);
            }
            size_t expected_wins = ref_wins(&code, heaps, count);
            if (wins != expected_wins || (p && wins > 0)) {
                snprintf(what, sizeof what, "a sum of %zu heaps: %zu winning moves, expected %zu",
                         count, wins, expected_wins);
                fail(text, what);
            }
            /* the same sum searched asking the quotient (G- 0 to 3 read
             * off it), when the quotient covers its heaps */
            uint32_t asked_value = 0;
            if (st == CG_OK && run.attached) {
                if (cg_misere_value(adopted, heaps, count, 0, 0, &asked_value, &method, &err) !=
                    CG_OK) {
                    fail(text, err.message);
                } else if (asked_value != expected) {
                    snprintf(what, sizeof what,
                             "a sum of %zu heaps (%zu first), asking the quotient: value %u; "
                             "expected %u",
                             count, heaps[0], asked_value, expected);
                    fail(text, what);
                }
            }
            check_with_nims(s, text, heaps, count, &rng);
            sums_checked++;
            p_positions += p;
            searched += method == CG_MISERE_BY_SEARCH;
        }
        uint64_t asked = 0, answered = 0;
        cg_misere_oracle_counts(adopted, &asked, &answered);
        oracle_answers += answered;
        cg_misere_genus_end(adopted, &run);
        cg_misere_free(adopted);
        cg_misere_free(s);
        ref_misere_end();
    }
    printf("diff_misere: %zu heaps and %zu sums (%zu P-positions, %zu by search) of %zu codes, "
           "%zu codes' heaps all from the quotient, %zu searched asking it (%llu answers), "
           "%zu turns of auto's chain adopting heaps, %d failures\n",
           heaps_checked, sums_checked, p_positions, searched, codes, codes_adopted, codes_asking,
           (unsigned long long)oracle_answers, turns_adopting, failures);
    /* the quotient's values are proven for most codes at these heaps: a
     * check of the adopted heaps that adopted none would check nothing */
    if (codes_adopted < codes / 4 || codes_asking < codes / 4 || oracle_answers == 0 ||
        turns_adopting < codes / 4) {
        fprintf(stderr,
                "diff_misere: only %zu codes' heaps came from the quotient, %zu asked it, %zu "
                "turns adopted heaps\n",
                codes_adopted, codes_asking, turns_adopting);
        return 1;
    }
    return failures == 0 ? 0 : 1;
}
