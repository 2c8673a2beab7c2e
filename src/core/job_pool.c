#include "core/job_pool_internal.h"

#include <pthread.h>
#include <stdlib.h>

enum { IDLE, QUEUED, RUNNING, DONE };

typedef struct worker {
    cg_job_pool *pool;
    unsigned index;
    pthread_t thread;
} worker;

struct cg_job_pool {
    pthread_mutex_t lock;
    pthread_cond_t wake; /* workers: a job was queued, or the pool stops */
    pthread_cond_t done; /* the caller: a job ended */
    cg_job_work work;
    void *context;
    size_t capacity;
    unsigned char *state; /* each job's */
    unsigned *worker_of;  /* a running job's worker */
    size_t *queue;        /* a ring of the queued jobs, in order */
    size_t head, queued;
    bool stopping;
    unsigned workers;
    worker *crew;
};

static void *work_loop(void *argument) {
    worker *self = argument;
    cg_job_pool *pool = self->pool;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->stopping && pool->queued == 0) {
            pthread_cond_wait(&pool->wake, &pool->lock);
        }
        if (pool->stopping) {
            break;
        }
        size_t job = pool->queue[pool->head];
        pool->head = (pool->head + 1) % pool->capacity;
        pool->queued--;
        pool->state[job] = RUNNING;
        pool->worker_of[job] = self->index;
        pthread_mutex_unlock(&pool->lock);
        pool->work(pool->context, self->index, job);
        pthread_mutex_lock(&pool->lock);
        pool->state[job] = DONE;
        pthread_cond_broadcast(&pool->done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

static void free_pool(cg_job_pool *pool) {
    pthread_cond_destroy(&pool->done);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->lock);
    free(pool->state);
    free(pool->worker_of);
    free(pool->queue);
    free(pool->crew);
    free(pool);
}

cg_job_pool *cg_job_pool_start(unsigned workers, size_t capacity, cg_job_work work, void *context) {
    cg_job_pool *pool =
        workers > 0 && capacity > 0 && work != NULL ? calloc(1, sizeof *pool) : NULL;
    if (pool == NULL) {
        return NULL;
    }
    pool->work = work;
    pool->context = context;
    pool->capacity = capacity;
    pool->state = calloc(capacity, sizeof *pool->state);
    pool->worker_of = calloc(capacity, sizeof *pool->worker_of);
    pool->queue = calloc(capacity, sizeof *pool->queue);
    pool->crew = calloc(workers, sizeof *pool->crew);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->done, NULL);
    if (pool->state == NULL || pool->worker_of == NULL || pool->queue == NULL ||
        pool->crew == NULL) {
        free_pool(pool);
        return NULL;
    }
    for (unsigned w = 0; w < workers; w++) {
        pool->crew[w] = (worker){pool, w, 0};
        if (pthread_create(&pool->crew[w].thread, NULL, work_loop, &pool->crew[w]) != 0) {
            break; /* fewer workers: still a pool */
        }
        pool->workers++;
    }
    if (pool->workers == 0) {
        free_pool(pool);
        return NULL;
    }
    return pool;
}

void cg_job_pool_submit(cg_job_pool *pool, size_t job) {
    pthread_mutex_lock(&pool->lock);
    pool->state[job] = QUEUED;
    pool->queue[(pool->head + pool->queued) % pool->capacity] = job;
    pool->queued++;
    pthread_cond_signal(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
}

void cg_job_pool_wait(cg_job_pool *pool, size_t job) {
    pthread_mutex_lock(&pool->lock);
    while (pool->state[job] != DONE) {
        pthread_cond_wait(&pool->done, &pool->lock);
    }
    pool->state[job] = IDLE;
    pthread_mutex_unlock(&pool->lock);
}

void cg_job_pool_stop(cg_job_pool *pool, cg_job_cancel cancel, void *context) {
    if (pool == NULL) {
        return;
    }
    pthread_mutex_lock(&pool->lock);
    pool->stopping = true;
    pool->queued = 0;
    for (size_t job = 0; job < pool->capacity; job++) {
        if (pool->state[job] == RUNNING && cancel != NULL) {
            cancel(context, pool->worker_of[job]);
        }
    }
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (unsigned w = 0; w < pool->workers; w++) {
        pthread_join(pool->crew[w].thread, NULL);
    }
    free_pool(pool);
}
