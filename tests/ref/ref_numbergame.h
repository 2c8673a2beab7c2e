/* Reference number-game solver: plain recursion over sets held as arrays of
 * flags, the forbidden set recomputed from scratch as all sums of chosen
 * numbers, results memoised in a simple chained table keyed by the set's
 * text. No bitmask tricks, no incremental closure. M <= REF_NUMBERGAME_MAX. */
#ifndef CGSOLVE_REF_NUMBERGAME_H
#define CGSOLVE_REF_NUMBERGAME_H

#include <stdbool.h>

#define REF_NUMBERGAME_MAX 30

typedef struct ref_numbergame ref_numbergame;

ref_numbergame *ref_numbergame_new(int max);
void ref_numbergame_delete(ref_numbergame *game);

/* available[x] for x in 2..max. Whether the player to move wins. */
bool ref_numbergame_wins(ref_numbergame *game, const bool *available);

/* After choosing x: the available set (written to out, indexes 2..max). */
void ref_numbergame_after(int max, const bool *available, int x, bool *out);

#endif
