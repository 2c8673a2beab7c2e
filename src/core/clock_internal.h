/* One monotonic clock for everything that times itself: checkpoints,
 * progress, the crew's spinning, the engine's choice to share a scan, the
 * front end's time limits. */
#ifndef CGSOLVE_CLOCK_H
#define CGSOLVE_CLOCK_H

#ifdef __cplusplus
extern "C" {
#endif

/* Seconds since an arbitrary fixed point, never going back. */
double cg_seconds(void);

#ifdef __cplusplus
}
#endif

#endif
