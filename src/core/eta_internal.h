/* How long a long run has left, from the rate it has had so far.
 *
 * The cost of a heap may grow with its index: nearly constant for the
 * sparse octal engine on most codes, linear for the naive one (every split
 * of heap n), so the rate falls as a run goes. The tracker measures the
 * cost of an item over stages that each double the items done. Where a
 * stage's cost is more than the square root of 2 times the last's, the
 * cost is taken as the line through the two stages; else as constant (a
 * few percent of the machine's noise, taken as a slope and carried far,
 * would be hours wrong). The time left is that cost summed from the items
 * done to the items wanted: a run of nearly constant cost per item is
 * estimated at its rate, the naive engine's quadratic time followed after
 * two stages. */
#ifndef CGSOLVE_ETA_H
#define CGSOLVE_ETA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_eta {
    double stage_time;  /* the current stage's start */
    size_t stage_from;  /* the items done then */
    double last_cost;   /* seconds an item over the last whole stage (0: none yet) */
    double last_middle; /* that stage's middle item */
    double slope;       /* seconds an item more for each item further (0 until measured) */
} cg_eta;

/* Start tracking at time t (seconds) with known items done. */
void cg_eta_start(cg_eta *eta, double t, size_t known);

/* The seconds left to reach wanted items, having known of them done at
 * time t: 0 when known >= wanted or before any rate is measured. */
double cg_eta_left(cg_eta *eta, double t, size_t known, size_t wanted);

/* The seconds items known..wanted-1 take when item known costs cost
 * seconds and each further one slope seconds more. */
double cg_eta_sum(double cost, double slope, size_t known, size_t wanted);

#ifdef __cplusplus
}
#endif

#endif
