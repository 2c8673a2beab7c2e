/* Benchmark of the misère solver against the plain reference (tests/ref)
 * in the same run: genus tables of Kayles and Dawson's Kayles, outcomes of
 * random Kayles sums of up to 24 tokens, and 10-heap sums with heaps up to
 * 30 (misère Nim by the tame rule; Kayles by search within a budget, the
 * settled ones counted). Usage: bench_misere [SUMS]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"
#include "octal/misere_internal.h"
#include "octal/misere_quotient_internal.h"
#include "ref_misere.h"
#include "ref_rng.h"

static cg_misere_solver *solver(const char *text, size_t terms, uint64_t limit) {
    cg_octal_code code;
    cg_error err;
    cg_misere_solver *s = NULL;
    if (cg_octal_parse(text, &code, &err) != CG_OK ||
        cg_misere_new(&code, terms, NULL, &s, &err) != CG_OK) {
        fprintf(stderr, "bench_misere: %s\n", err.message);
        exit(1);
    }
    cg_misere_set_node_limit(s, limit);
    return s;
}

/* Heaps 0..upto with `terms` genus terms: solver, then reference. */
static void genus_table(const char *text, size_t upto, size_t terms) {
    double t0 = bench_now();
    cg_misere_solver *s = solver(text, terms, 0);
    cg_error err;
    if (cg_misere_extend(s, upto, &err) != CG_OK) {
        fprintf(stderr, "bench_misere: %s\n", err.message);
        exit(1);
    }
    double fast = bench_now() - t0;
    cg_octal_code code;
    cg_octal_parse(text, &code, &err);
    t0 = bench_now();
    ref_misere_begin(&code);
    size_t twos[16] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    size_t wrong = 0;
    for (size_t n = 0; n <= upto; n++) {
        for (size_t k = 0; k < terms; k++) {
            wrong += ref_misere_value(&n, 1, twos, k) != cg_misere_heap_at(s, n).genus[k];
        }
    }
    ref_misere_end();
    double slow = bench_now() - t0;
    printf("genus %-5s heaps 0-%zu, %zu terms: solver %.3f s (%llu positions), reference %.3f s, "
           "ratio %.1f, %zu disagree\n",
           text, upto, terms, fast, (unsigned long long)cg_misere_positions(s), slow, slow / fast,
           wrong);
    cg_misere_free(s);
}

/* Random sums of heaps 1..top, `heaps` of them, or of up to `tokens` tokens. */
static size_t draw(ref_rng *rng, size_t heaps, size_t top, size_t tokens, size_t *out) {
    size_t count = 0, used = 0;
    while (count < heaps && used < tokens) {
        size_t room = tokens - used < top ? tokens - used : top;
        out[count] = 1 + (size_t)ref_rng_below(rng, room);
        used += out[count++];
    }
    return count;
}

static void small_sums(size_t sums) {
    cg_misere_solver *s = solver("0.77", 1, 0);
    cg_octal_code code;
    cg_error err;
    cg_octal_parse("0.77", &code, &err);
    ref_rng rng = cg_rng_make(7);
    size_t(*all)[24] = malloc(sums * sizeof *all);
    size_t *count = malloc(sums * sizeof *count);
    for (size_t i = 0; i < sums; i++) {
        count[i] = draw(&rng, 24, 14, 24, all[i]);
    }
    double t0 = bench_now();
    size_t p = 0;
    for (size_t i = 0; i < sums; i++) {
        bool is_p;
        cg_misere_method method;
        if (cg_misere_is_p(s, all[i], count[i], &is_p, &method, &err) != CG_OK) {
            fprintf(stderr, "bench_misere: %s\n", err.message);
            exit(1);
        }
        p += is_p;
    }
    double fast = bench_now() - t0;
    t0 = bench_now();
    ref_misere_begin(&code);
    size_t ref_p = 0;
    for (size_t i = 0; i < sums; i++) {
        ref_p += ref_misere_is_p(all[i], count[i]);
    }
    ref_misere_end();
    double slow = bench_now() - t0;
    printf("Kayles, %zu sums of up to 24 tokens: solver %.1f us a sum, reference %.1f us, ratio "
           "%.1f; P-positions %zu and %zu\n",
           sums, 1e6 * fast / (double)sums, 1e6 * slow / (double)sums, slow / fast, p, ref_p);
    free(all);
    free(count);
    cg_misere_free(s);
}

/* 10-heap sums with heaps up to 30. */
static void ten_heaps(size_t sums) {
    char nim[40] = "0.";
    for (size_t i = 0; i < 30; i++) {
        nim[2 + i] = '3';
    }
    nim[32] = '\0';
    cg_misere_solver *s = solver(nim, 1, 0);
    cg_error err;
    ref_rng rng = cg_rng_make(11);
    size_t heaps[10];
    double t0 = bench_now();
    size_t p = 0;
    for (size_t i = 0; i < sums; i++) {
        draw(&rng, 10, 30, 300, heaps);
        bool is_p;
        cg_misere_method method;
        if (cg_misere_is_p(s, heaps, 10, &is_p, &method, &err) != CG_OK) {
            exit(1);
        }
        p += is_p;
    }
    double fast = bench_now() - t0;
    printf("misère Nim (0.3^30), %zu sums of 10 heaps up to 30: solver %.2f us a sum (tame rule), "
           "%zu P-positions; the reference cannot search them (300 tokens)\n",
           sums, 1e6 * fast / (double)sums, p);
    /* the reference on 10 heaps up to 3, the same code */
    cg_octal_code code;
    cg_octal_parse(nim, &code, &err);
    ref_misere_begin(&code);
    t0 = bench_now();
    size_t agree = 0, small = sums < 200 ? sums : 200;
    for (size_t i = 0; i < small; i++) {
        draw(&rng, 10, 3, 30, heaps);
        bool is_p;
        cg_misere_method method;
        cg_misere_is_p(s, heaps, 10, &is_p, &method, &err);
        agree += is_p == ref_misere_is_p(heaps, 10);
    }
    printf("  and %zu sums of 10 heaps up to 3 against the reference: %zu agree (%.3f s)\n", small,
           agree, bench_now() - t0);
    ref_misere_end();
    cg_misere_free(s);

    cg_misere_solver *k = solver("0.77", 1, 200000);
    size_t settled = 0, tries = 5;
    t0 = bench_now();
    for (size_t i = 0; i < tries; i++) {
        draw(&rng, 10, 30, 300, heaps);
        bool is_p;
        cg_misere_method method;
        settled += cg_misere_is_p(k, heaps, 10, &is_p, &method, &err) == CG_OK;
        cg_misere_free(k); /* a fresh table each: the budget is per sum */
        k = solver("0.77", 1, 200000);
    }
    printf("Kayles, %zu sums of 10 heaps up to 30 by search: %zu settled within 200,000 "
           "positions each, %.2f s in all\n",
           tries, settled, bench_now() - t0);
    cg_misere_free(k);
}

typedef struct lookups {
    const cg_misere_quotient *q;
    size_t heaps[32];
    size_t tokens, sums, agree;
    double quotient_seconds, reference_seconds;
} lookups;

/* Every sum of heaps up to q->heaps within the tokens: the quotient's
 * answer and the reference's, each timed. */
static void each_sum(lookups *l, size_t count, size_t largest, size_t total) {
    double t0 = bench_now();
    bool by_quotient = l->q->is_p[cg_misere_quotient_element(l->q, l->heaps, count)] != 0;
    double t1 = bench_now();
    bool by_reference = ref_misere_is_p(l->heaps, count);
    l->quotient_seconds += t1 - t0;
    l->reference_seconds += bench_now() - t1;
    l->sums++;
    l->agree += by_quotient == by_reference;
    for (size_t h = 1; h <= largest && total + h <= l->tokens && count < 32; h++) {
        l->heaps[count] = h;
        each_sum(l, count + 1, h, total + h);
    }
}

/* Building published quotients (0.75's R8-sized one, Kayles'), then all
 * sums within a token bound against the reference. */
static void quotients(const char *text, size_t n, size_t tokens) {
    cg_misere_solver *s = solver(text, 1, 0);
    cg_misere_quotient q;
    cg_error err;
    double t0 = bench_now();
    if (cg_misere_quotient_build(s, n, 65535, 4000000, &q, &err) != CG_OK) {
        printf("quotient %s to %zu: %s\n", text, n, err.message);
        cg_misere_free(s);
        return;
    }
    double built = bench_now() - t0;
    cg_octal_code code;
    cg_octal_parse(text, &code, &err);
    ref_misere_begin(&code);
    lookups l = {&q, {0}, tokens, 0, 0, 0, 0};
    each_sum(&l, 0, n, 0);
    ref_misere_end();
    printf("quotient %-5s heaps 0-%zu: order %zu built in %.2f s (%zu tests, %llu states); %zu "
           "sums of up to %zu tokens: %zu agree with the reference, quotient %.3f us a sum, "
           "reference %.1f us\n",
           text, n, q.order, built, q.tests, (unsigned long long)q.states, l.sums, tokens, l.agree,
           1e6 * l.quotient_seconds / (double)l.sums, 1e6 * l.reference_seconds / (double)l.sums);
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
}

/* Quotients of heaps 0..k, each from the one before (cheap extensions, the
 * learner over the quotient below) up to n or to completeness. */
static cg_status chain_to(cg_misere_solver *s, size_t n, cg_misere_quotient *q, cg_error *err) {
    return cg_misere_quotient_chain(s, n, 65535, 4000000, NULL, NULL, q, err);
}

/* The quotient of heaps 0..n from scratch (the learner over the exhaustive
 * search) against the chain, same run; both give the same table. */
static void chained_quotients(const char *text, size_t n) {
    cg_misere_solver *a = solver(text, 1, 0), *b = solver(text, 1, 0);
    cg_misere_quotient q, r;
    cg_error err;
    double t0 = bench_now();
    cg_status st = cg_misere_quotient_build(a, n, 65535, 4000000, &q, &err);
    double scratch = bench_now() - t0;
    t0 = bench_now();
    cg_status st2 = chain_to(b, n, &r, &err);
    double chained = bench_now() - t0;
    if (st == CG_OK && st2 == CG_OK) {
        printf("quotient %-5s heaps 0-%zu: order %zu; from scratch %.3f s, chained %.3f s, "
               "ratio %.0fx, same table: %s\n",
               text, n, q.order, scratch, chained, scratch / chained,
               q.order == r.order &&
                       memcmp(q.times, r.times, q.order * (n + 1) * sizeof *q.times) == 0
                   ? "yes"
                   : "NO");
        cg_misere_quotient_free(&r);
    }
    if (st == CG_OK) {
        cg_misere_quotient_free(&q);
    }
    cg_misere_free(a);
    cg_misere_free(b);
}

/* Kayles' complete quotient, then sums read from it: 10 heaps up to 30
 * and 1,000 heaps up to 10^6 (outcomes only; the search cannot hold those
 * heaps at all). */
static void complete_kayles(size_t sums) {
    cg_misere_solver *s = solver("0.77", 1, 0);
    cg_misere_quotient q;
    cg_error err;
    double t0 = bench_now();
    if (chain_to(s, CG_QUOTIENT_MAX_HEAPS, &q, &err) != CG_OK || !q.complete) {
        printf("Kayles' quotient: not complete\n");
        cg_misere_free(s);
        return;
    }
    printf("Kayles' quotient complete at heap %zu: order %zu, period %zu from %zu, %.2f s\n",
           q.heaps, q.order, q.period, q.preperiod, bench_now() - t0);
    ref_rng rng = cg_rng_make(13);
    static size_t heaps[1000];
    size_t p_count = 0;
    t0 = bench_now();
    for (size_t i = 0; i < sums; i++) {
        for (size_t h = 0; h < 10; h++) {
            heaps[h] = 1 + ref_rng_below(&rng, 30);
        }
        p_count += cg_misere_quotient_is_p(&q, heaps, 10);
    }
    printf("  %zu sums of 10 heaps up to 30: %.3f us a sum (%zu P)\n", sums,
           1e6 * (bench_now() - t0) / (double)sums, p_count);
    p_count = 0;
    t0 = bench_now();
    for (size_t i = 0; i < 100; i++) {
        for (size_t h = 0; h < 1000; h++) {
            heaps[h] = 1 + ref_rng_below(&rng, 1000000);
        }
        p_count += cg_misere_quotient_is_p(&q, heaps, 1000);
    }
    printf("  100 sums of 1,000 heaps up to 10^6: %.3f ms a sum (%zu P)\n",
           1e3 * (bench_now() - t0) / 100.0, p_count);
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    size_t sums = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 1000;
    genus_table("0.77", 22, 8);
    genus_table("0.07", 26, 8);
    small_sums(sums);
    quotients("0.333", 3, 20);
    quotients("0.75", 7, 20);
    quotients("0.77", 9, 20);
    ten_heaps(sums);
    chained_quotients("0.77", 16);
    chained_quotients("0.75", 20);
    chained_quotients("0.137", 13);
    complete_kayles(sums);
    return 0;
}
