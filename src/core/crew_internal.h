/* A crew of threads that run one task together, many times a second.
 *
 * The octal engine splits each long heap's scan among the members of a
 * crew. A heap's scan takes tens of microseconds, too short to wake a
 * sleeping thread each time, so the members spin while tasks keep coming and
 * sleep only after a quiet spell. Where threads cannot be started (the
 * browser build, a system limit) a crew has one member, the caller, and every
 * task still runs. */
#ifndef CGSOLVE_CREW_H
#define CGSOLVE_CREW_H

#include <stdbool.h>

#include "core/budget_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One member's share of a task: member is 0..members-1, 0 the caller. */
typedef void (*cg_crew_task)(void *context, unsigned member, unsigned members);

typedef struct cg_crew cg_crew;

/* Each thread's stack, reserved and counted in the budget whole (the
 * members' frames are a few KiB: the scans keep their tables on the heap). */
#define CG_CREW_STACK_BYTES ((size_t)256 << 10)

/* A crew of up to members members (the caller and members - 1 threads),
 * each thread's stack counted in budget (NULL: no limit), the stacks a
 * quarter of its limit at most. NULL when out of memory; fewer members
 * when threads could not start or the budget holds no more stacks
 * (--threads 1024 under --memory 8M peaked at 111 MB). */
cg_crew *cg_crew_start(unsigned members, cg_budget *budget);

/* The members of crew (1 for NULL). */
unsigned cg_crew_members(const cg_crew *crew);

/* Run task(context, m, members) for every member m at once, the caller
 * being member 0, and return when every member is done: true when the
 * caller finished its share first and waited for the others (a hint to
 * give it more next time). A NULL crew runs member 0 alone. */
bool cg_crew_run(cg_crew *crew, cg_crew_task task, void *context);

/* Stop the threads and free crew (NULL: nothing). */
void cg_crew_stop(cg_crew *crew);

#ifdef __cplusplus
}
#endif

#endif
