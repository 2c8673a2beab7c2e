/* `cgsolve grundy`: print the Grundy sequence of an octal game. */
#ifndef CGSOLVE_GRUNDY_TABLE_H
#define CGSOLVE_GRUNDY_TABLE_H

#include <stdint.h>
#include <stdio.h>

#include "cgsolve/game.h"
#include "cgsolve/nimber.h"
#include "cgsolve/status.h"

/* Write G(0..upto) of the octal game named by code to out. Judge mode: one
 * value a line. Explain mode: "n G(n)" lines, then the proven period (if the
 * values computed reveal one) and a checksum. JSON mode: one object. */
cg_status cg_write_grundy_table(const char *code, uint64_t upto, const cg_options *options,
                                FILE *out, cg_error *err);

/* FNV-1a over the decimal values, comma-separated: comparable across tools. */
uint64_t cg_grundy_checksum(const cg_nimber *values, size_t count);

#endif
