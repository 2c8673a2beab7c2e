/* `cgsolve grundy CODE --misere`: each heap's misère value, genus and
 * tameness, streamed; with --sum, the outcome of a sum and its winning
 * moves. */
#ifndef CGSOLVE_MISERE_REPORT_H
#define CGSOLVE_MISERE_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "core/options_internal.h"
#include "core/status_internal.h"
#include "octal/misere_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_MISERE_DEFAULT_UPTO 20           /* heaps when --upto is not given */
#define CG_MISERE_DEFAULT_TERMS 4           /* genus terms */
#define CG_MISERE_DEFAULT_POSITIONS 2000000 /* positions one question may search */

/* The options `grundy --misere` adds. */
extern const cg_option_spec cg_misere_options[];

/* Without options->sum: one line per heap n = 0..upto as it is computed
 * (options->misere_by a cg_misere_genus_way, misere_genus_internal.h: by
 * search, by the proven quotient first as far as its values are proven,
 * or by search with the quotient's chain given turns),
 * "n G-(n) genus tame|wild" (the genus symbol of misere_internal.h over
 * options->terms terms); explain mode adds the analysis as YAML, JSON mode
 * writes only the analysis: code, upto, terms, computed, heaps (heap,
 * normal, misere, genus, terms, tame), first_wild, checksum (of the misère
 * values, as grundy's), positions. With options->sum, heaps[0..count-1]
 * (decimal text) are a sum: the first line is P or N, the second the
 * winning moves ("H:K", "H:K:A", "H:K:A:B" as `play grundy` writes them) or
 * "none"; the analysis adds outcome, method (tame-rule or search) and
 * winning_moves. A sum nothing settles within the budget is CG_ERR_LIMIT.
 * Interrupts (options->progress_hook) end with CG_ERR_STOPPED, the lines
 * written so far valid. */
cg_status cg_write_misere(const char *code, const char *const *heaps, size_t count,
                          const cg_options *options, FILE *out, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
