/* A pool of worker threads for long, blocking jobs (the runs of a stress
 * test's programs): the caller numbers its jobs 0..capacity-1, queues them,
 * and waits for each one it needs; the workers take them in the order
 * queued. Unlike cg_crew (short tasks shared by every member at once), a
 * job here runs on one worker for as long as it takes. */
#ifndef CGSOLVE_JOB_POOL_INTERNAL_H
#define CGSOLVE_JOB_POOL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

/* Does job number job on worker number worker (0..workers-1). */
typedef void (*cg_job_work)(void *context, unsigned worker, size_t job);

/* Told that worker is running a job the caller no longer needs. */
typedef void (*cg_job_cancel)(void *context, unsigned worker);

typedef struct cg_job_pool cg_job_pool;

/* A pool of up to workers threads for jobs numbered below capacity, or
 * NULL when no thread could start (or out of memory): the caller then does
 * the jobs itself. */
cg_job_pool *cg_job_pool_start(unsigned workers, size_t capacity, cg_job_work work, void *context);

/* Queue job (not queued or running now). */
void cg_job_pool_submit(cg_job_pool *pool, size_t job);

/* Wait until the queued job is done; it may then be queued again. */
void cg_job_pool_wait(cg_job_pool *pool, size_t job);

/* Drop the jobs still queued, tell cancel (with context) of each worker
 * whose job is running, wait for those jobs to end, and free the pool
 * (NULL: nothing). */
void cg_job_pool_stop(cg_job_pool *pool, cg_job_cancel cancel, void *context);

#endif
