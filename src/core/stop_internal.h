/* Long searches looking at the front end's wish to stop.
 *
 * A front end asks work to stop through the run's progress hook
 * (options->progress_hook: Ctrl-C in the CLI, cg_session_stop, Python's
 * signal check), which returns true. Every search that may run long keeps a
 * cg_stop made from the run's options and calls cg_stop_poll once per
 * position it enters: the poll costs a decrement on most calls, looks at the
 * clock once in CG_STOP_EVERY of them and asks the hook at most every
 * CG_STOP_INTERVAL seconds. A stop is CG_ERR_STOPPED. A search that stops
 * keeps only what it had finished (memo tables hold settled values only),
 * so nothing half-known survives it. What it finished is not reused by a
 * later question: play takes a stopped command back by replaying, which
 * closes and opens the game's state again (its tables with it), so asking
 * the same again computes from the start; grundy and misère values hand
 * the values finished to the front end as a partial result. */
#ifndef CGSOLVE_STOP_H
#define CGSOLVE_STOP_H

#include <stdint.h>

#include "cgsolve/cgsolve.h"
#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_STOP_EVERY 1024   /* polls between two looks at the clock */
#define CG_STOP_INTERVAL 0.1 /* seconds between two questions to the hook */

typedef struct cg_stop {
    cg_progress_hook hook; /* NULL: the search never stops */
    void *context;
    const char *what; /* told to the hook, with the positions entered */
    uint64_t positions;
    uint32_t countdown; /* polls left before the next look at the clock */
    double next;        /* when the hook is asked next */
} cg_stop;

struct cg_options;

/* A stop asking options' progress hook (options may be NULL: never). */
cg_stop cg_stop_make(const struct cg_options *options, const char *what);

/* The slow part of cg_stop_poll: the clock, and the hook when it is time. */
cg_status cg_stop_ask(cg_stop *stop, cg_error *err);

/* CG_ERR_STOPPED (with the positions entered) once the hook has asked to
 * stop, else CG_OK. stop may be NULL. */
static inline cg_status cg_stop_poll(cg_stop *stop, cg_error *err) {
    if (stop == NULL || stop->hook == NULL) {
        return CG_OK;
    }
    stop->positions++;
    return --stop->countdown != 0 ? CG_OK : cg_stop_ask(stop, err);
}

#ifdef __cplusplus
}
#endif

#endif
