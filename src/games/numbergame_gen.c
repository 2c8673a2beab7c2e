/* Number game test data: positions reachable by play on 2..M, hard ones
 * (the positions searched longest: the full set and the full set after one
 * choice), boundary ones (no number left, only 2, the full set), and
 * shrinking by one more choice. */
#include <stdio.h>

#include "cgsolve/games/numbergame.h"

static int max_of(const cg_options *options) {
    return options->max_number != 0 ? (int)options->max_number : CG_NUMBERGAME_DEFAULT_MAX;
}

static void write_position(uint64_t position, cg_buf *out) {
    cg_buf_printf(out, "%d", __builtin_popcountll(position));
    CG_NUMBERGAME_FOR_EACH(x, position) {
        cg_buf_printf(out, " %d", x);
    }
}

/* A random available number of a non-empty position. */
static int pick(uint64_t position, cg_rng *rng) {
    uint64_t k = cg_rng_below(rng, (uint64_t)__builtin_popcountll(position));
    CG_NUMBERGAME_FOR_EACH(x, position) {
        if (k-- == 0) {
            return x;
        }
    }
    return 0;
}

cg_status cg_numbergame_generate_case(const cg_options *options, cg_rng *rng, uint64_t index,
                                      cg_buf *out, cg_error *err) {
    (void)err;
    int max = max_of(options);
    uint64_t position = cg_numbergame_full(max);
    uint64_t choices = cg_rng_below(rng, 6);
    if (options->edge) { /* nothing left, only 2, or the full set */
        choices = 0;
        position = index % 3 == 0 ? 0 : index % 3 == 1 ? cg_numbergame_bit(2) : position;
    } else if (options->hard) {
        choices = index % 2;
    }
    for (uint64_t k = 0; k < choices && position != 0; k++) {
        position = cg_numbergame_after(max, position, pick(position, rng));
    }
    write_position(position, out);
    return CG_OK;
}

/* Smaller positions: one more number chosen (which keeps it reachable). */
void cg_numbergame_shrink_case(const char *text, size_t len, cg_strlist *candidates) {
    (void)len;
    int count, x, used;
    uint64_t position = 0;
    int max = 2;
    if (sscanf(text, "%d%n", &count, &used) != 1) {
        return;
    }
    for (const char *p = text + used; count-- > 0; p += used) {
        if (sscanf(p, "%d%n", &x, &used) != 1 || x < 2 || x > CG_NUMBERGAME_MAX_MAX) {
            return;
        }
        position |= cg_numbergame_bit(x);
        max = x > max ? x : max;
    }
    CG_NUMBERGAME_FOR_EACH(y, position) {
        cg_buf smaller = CG_BUF_INIT;
        write_position(cg_numbergame_after(max, position, y), &smaller);
        cg_strlist_addf(candidates, "%s", smaller.data);
        cg_buf_free(&smaller);
    }
}
