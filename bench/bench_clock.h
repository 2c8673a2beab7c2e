/* Wall-clock timing for the benchmarks: the library's monotonic clock. */
#ifndef CGSOLVE_BENCH_CLOCK_H
#define CGSOLVE_BENCH_CLOCK_H

#include "core/clock_internal.h"

static inline double bench_now(void) {
    return cg_seconds();
}

#endif
