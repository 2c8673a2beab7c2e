/* Censuses of octal games: many codes, each computed until a proven period
 * or a bound, one JSON line per code (`cgsolve census`).
 *
 * The codes come from a list of codes and patterns: a '?' before the point
 * stands for 0 or 4, after it for any digit 0-7, and for 1-7 when it is the
 * last character (so "0.???" is every code of exactly 3 digits). Each code
 * has an index (its place in the expanded list, duplicates dropped), so a
 * census split into shards (--shard K/N: the codes whose index is K - 1
 * modulo N) merges back by sorting on the index: every line starts
 * {"index":I, and holds nothing that depends on the machine or the run (the
 * seconds go elsewhere), so `sort -t: -k2,2n -s` of the shards' lines is
 * byte for byte the one run's output. */
#ifndef CGSOLVE_CENSUS_H
#define CGSOLVE_CENSUS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/buf_internal.h"
#include "core/options_internal.h"
#include "core/status_internal.h"
#include "core/strlist_internal.h"
#include "octal/census_published_internal.h"
#include "octal/octal_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One code's line. */
typedef struct cg_census_result {
    size_t index;
    char code[CG_OCTAL_NAME_SIZE];
    uint64_t upto;   /* the bound: G(0..upto) at most */
    size_t computed; /* values computed */
    size_t period;   /* 0: none proven */
    size_t preperiod;
    uint32_t largest; /* the largest value computed, and its first heap */
    size_t largest_at;
    size_t rare;       /* rare positions under the last mask */
    int64_t last_rare; /* -1: none */
    uint64_t checksum; /* cg_grundy_checksum of the values computed */
    double seconds;    /* not in the line */
} cg_census_result;

/* Expand codes and patterns (count of them) into canonical codes, in order,
 * duplicates dropped. A bad code or pattern is CG_ERR_USAGE naming it. At
 * most 2^20 codes. */
cg_status cg_census_codes(const char *const *specs, size_t count, cg_strlist *codes, cg_error *err);

/* Compute one code (canonical) to a proven period or G(0..upto), within
 * budget, on threads; hook (NULL: none) may stop it between chunks
 * (CG_ERR_STOPPED). */
cg_status cg_census_one(const char *code, uint64_t upto, unsigned threads, cg_budget *budget,
                        cg_progress_hook hook, void *context, cg_census_result *result,
                        cg_error *err);

/* The JSON line of a result (newline included). */
void cg_census_line(const cg_census_result *result, cg_buf *out);

/* Read back a line written by cg_census_line; false when it is not one. */
bool cg_census_parse_line(const char *line, cg_census_result *result);

/* The Markdown table of results (count of them, in order); with published
 * (not NULL), three more columns: the published extent, what is new (a
 * period; values past the extent), and the command that reproduces the
 * row. */
void cg_census_markdown(const cg_census_result *results, size_t count,
                        const cg_census_published *published, size_t published_count, cg_buf *out);

/* The options `census` accepts beyond the output and memory options. */
extern const cg_option_spec cg_census_options[];

/* `census`: expand the arguments, keep options->shard's share, skip
 * the codes already in options->checkpoint (their lines are re-emitted),
 * compute the others, writing each line to out and appending it to the
 * checkpoint file (the seconds to FILE.seconds), and with options->markdown
 * write the table of every line to that file (read against
 * options->published's extents, when given). CG_ERR_STOPPED: interrupted (the lines
 * written are complete). */
cg_status cg_run_census(const char *const *specs, size_t count, const cg_options *options,
                        FILE *out, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
