/* `cgsolve grundy`: the Grundy sequence of an octal game, streamed. */
#ifndef CGSOLVE_GRUNDY_TABLE_H
#define CGSOLVE_GRUNDY_TABLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cgsolve/status.h"
#include "core/hash_internal.h"
#include "core/nimber_internal.h"
#include "core/options_internal.h"
#include "core/report_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --upto N, each command with its own help (the bound is the table's
 * limit, G(0..2^40 - 1)), and --progress: the declarations the octal
 * commands share. */
#define CG_UPTO_OPTION(HELP)                                                                       \
    {                                                                                              \
        .name = "upto", .short_name = 'n', .arg = CG_ARG_INT, .arg_name = "N", .help = (HELP),     \
        CG_OPTION_FIELD(upto), .def = -1, .min = 0, .max = ((int64_t)1 << 40) - 1                  \
    }
#define CG_PROGRESS_OPTION                                                                         \
    {                                                                                              \
        .name = "progress", .short_name = 'G', .arg = CG_ARG_NONE,                                 \
        .help = "progress on standard error (default on a terminal)", CG_OPTION_FIELD(progress)    \
    }

/* The options `grundy` accepts beyond the output and memory options. */
extern const cg_option_spec cg_grundy_options[];
/* `verify`'s, and those `misere` shares with grundy (its own are
 * cg_misere_options, misere_report_internal.h). */
extern const cg_option_spec cg_verify_options[];
extern const cg_option_spec cg_misere_run_options[];
/* G(0..N) for this N when upto is CG_UPTO_UNSET (--misere has its own). */
#define CG_GRUNDY_DEFAULT_UPTO 100

/* The engine's table handed to the caller at the end of a run (also a
 * stopped one): G(0..count-1), width bytes each (2 while every value fits
 * in 16 bits, else 4), native order, the caller's to free(). */
typedef struct cg_grundy_taken {
    void *values;
    size_t count;
    size_t width;
} cg_grundy_taken;

/* What the caller adds to a run. */
typedef struct cg_grundy_hooks {
    /* Told once before computing (known: the values a resumed run starts
     * with) and after each chunk of values: known, wanted, rare positions.
     * Return true to stop (an interrupt): the run saves its checkpoint, if one was
     * asked, and ends with CG_ERR_STOPPED, everything written so far being valid. */
    bool (*progress)(void *context, size_t known, size_t wanted, size_t rare);
    void *context;
    FILE *values_out;      /* where the values go instead of the output, or NULL */
    cg_grundy_taken *take; /* receives the table instead of freeing it, or NULL */
} cg_grundy_hooks;

/* Write G(0..options->upto) of the octal game named by code (NULL with
 * options->resume: the checkpoint's code) as they are computed, one a line,
 * by options->method, counted in the options' memory limit. With
 * options->until_period, computing stops once a period is proven and the
 * remaining values follow from it. Explain mode adds the analysis as YAML,
 * JSON mode writes only the analysis, one line in the common envelope:
 * code, method, upto, computed, values (listed up to heap 99,999),
 * values_omitted, period, largest_value(_at), checksum, mask,
 * rare_positions, last_rare. options->checkpoint is saved every 30 s and at
 * the end; options->resume starts from one. Refused before computing: a
 * checkpoint that cannot be created (CG_ERR_USAGE for a name too long,
 * CG_ERR_IO), a table that cannot fit in the memory limit (CG_ERR_LIMIT). */
cg_status cg_write_grundy_table(const char *code, const cg_options *options, FILE *out,
                                const cg_grundy_hooks *hooks, cg_error *err);

/* `verify FILE`: read the certificate options->verify and check it
 * by the definition (cg_certificate_verify), within the options' memory
 * limit, telling options->progress_hook; the verdict on out (judge: one
 * line; explain: YAML; JSON: the envelope, answer "verified"). A certificate
 * that does not hold is CG_ERR_INPUT naming the file and the reason. */
cg_status cg_check_grundy_certificate(const cg_options *options, FILE *out, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
