/* `cgsolve grundy`: the Grundy sequence of an octal game. */
#ifndef CGSOLVE_GRUNDY_TABLE_H
#define CGSOLVE_GRUNDY_TABLE_H

#include <stdint.h>
#include <stdio.h>

#include "cgsolve/nimber.h"
#include "cgsolve/options.h"
#include "cgsolve/report.h"
#include "cgsolve/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The options `grundy` accepts beyond the output and memory options. */
extern const cg_option_spec cg_grundy_options[];

/* Write G(0..options->upto) of the octal game named by code to out, the
 * values counted in the options' memory limit. Judge mode: one value a line.
 * Explain mode: the same, then the analysis (code, values, the proven period
 * if the values computed reveal one, the largest value, a checksum) as
 * indented text. JSON mode: one line in the common envelope with that
 * analysis. */
cg_status cg_write_grundy_table(const char *code, const cg_options *options, FILE *out,
                                cg_error *err);

/* FNV-1a over the decimal values, comma-separated: comparable across tools. */
uint64_t cg_grundy_checksum(const cg_nimber *values, size_t count);

#ifdef __cplusplus
}
#endif

#endif
