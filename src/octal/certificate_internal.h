/* Certificates of octal periods: a small text file that says "the Grundy
 * sequence of CODE is periodic with PERIOD from PREPERIOD on", with what the
 * proof needs: the extent (how many values, G(0..extent-1), the octal
 * periodicity theorem's bound asks to be compared) and a checksum of those
 * values. `cgsolve grundy --certificate FILE` writes one when it proves a
 * period; `cgsolve verify FILE` checks one by recomputing the values from
 * the definition (not with the engine that found them).
 *
 * The file, one field a line, in this order ('#' lines are comments):
 *   cgsolve-grundy-certificate 1
 *   code 0.16
 *   preperiod 105351
 *   period 149459
 *   extent 509622
 *   checksum 1c7e8a3c5e4e5f0b
 * The checksum is cg_grundy_checksum of G(0..extent-1) (FNV-1a over the
 * decimal values, comma-separated: the one `grundy --explain` prints). */
#ifndef CGSOLVE_CERTIFICATE_H
#define CGSOLVE_CERTIFICATE_H

#include <stdint.h>
#include <stdio.h>

#include "core/budget_internal.h"
#include "core/options_internal.h"
#include "core/status_internal.h"
#include "octal/octal_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_certificate {
    cg_octal_code code;
    uint64_t preperiod, period;
    uint64_t extent;   /* G(0..extent-1) are compared and summed */
    uint64_t checksum; /* cg_grundy_checksum of G(0..extent-1) */
} cg_certificate;

/* The values the periodicity theorem needs for period p from preperiod e:
 * G(n + p) = G(n) for e <= n < 2e + p + last (and n = p + last too when e
 * is 0; see cg_octal_find_period_in), so G(0..2e + 2p + last (+1) - 1).
 * 0 when that does not fit 64 bits or p is 0. */
uint64_t cg_certificate_extent(const cg_octal_code *code, uint64_t preperiod, uint64_t period);

/* Write the certificate to path (to path.tmp, then renamed). */
cg_status cg_certificate_write(const cg_certificate *c, const char *path, cg_error *err);

/* Read a certificate; a malformed one is CG_ERR_INPUT naming the file, the
 * line and what was expected there. */
cg_status cg_certificate_read(const char *path, cg_certificate *c, cg_error *err);

/* Check c from nothing: the code has no '!', the extent is at least the
 * bound's, G(0..extent-1) computed by the definition (every move of every
 * heap, one heap after another) have c's checksum, G(n + p) = G(n) for
 * preperiod <= n < extent - p, G(e - 1 + p) != G(e - 1) (the preperiod is
 * the least), and no proper divisor of p is a period from e (the period is
 * the least). The values count in budget. CG_ERR_INPUT when it does not
 * hold (the message says where); hook (NULL: none) is told the heaps done
 * now and then and stops the check with CG_ERR_STOPPED when it returns
 * true. */
cg_status cg_certificate_verify(const cg_certificate *c, cg_budget *budget, cg_progress_hook hook,
                                void *context, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
