#include "core/crew_internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

#include "core/budget_internal.h"
#include "core/clock_internal.h"

/* A waiting thread spins this long (longer than the gap between two heaps'
 * scans, shorter than a heap's scan) before it sleeps until woken. Sleeping
 * soon matters when threads outnumber free processors: a spinning thread
 * would hold the processor that the one it waits for needs. */
#define SPIN_SECONDS 50e-6
#define CHECKS_PER_CLOCK 64 /* checks between two readings of the clock */

/* Spin until done(crew, arg) holds or the spin time is over; true: it holds. */
static bool spin_until(const cg_crew *crew, bool (*done)(const cg_crew *, unsigned), unsigned arg) {
    double deadline = 0;
    for (unsigned check = 0;; check++) {
        if (done(crew, arg)) {
            return true;
        }
        if (check % CHECKS_PER_CLOCK == 0) {
            double now = cg_seconds();
            if (deadline == 0) {
                deadline = now + SPIN_SECONDS;
            } else if (now > deadline) {
                return false;
            }
        }
    }
}

typedef struct member {
    cg_crew *crew;
    unsigned index;
    pthread_t thread;
} member;

struct cg_crew {
    unsigned members;  /* the caller and members - 1 threads */
    member *threads;   /* members - 1 of them */
    cg_budget *budget; /* holds CG_CREW_STACK_BYTES a thread, or NULL */
    /* The task in hand; written by the caller before it bumps round. */
    cg_crew_task task;
    void *context;
    atomic_uint round;         /* bumped once per task; a member runs each round once */
    atomic_uint finished;      /* members (not the caller) done with this round */
    atomic_uint sleepers;      /* members asleep on wake, or about to be */
    atomic_bool caller_asleep; /* the caller asleep on done, or about to be */
    atomic_bool stopping;
    pthread_mutex_t lock;
    pthread_cond_t wake; /* members: a new round, or stop */
    pthread_cond_t done; /* the caller: every member finished */
};

/* Wait for a round after seen (or for the crew to stop): spin first, then
 * sleep. No wake-up is missed because sleepers and round are both
 * sequentially consistent: either the caller sees this member counted in
 * sleepers and broadcasts under the lock, or this member sees the new round
 * before it waits. The caller's wait for finished works the same way. */
static bool new_round(const cg_crew *crew, unsigned seen) {
    return atomic_load(&crew->round) != seen || atomic_load(&crew->stopping);
}

static bool all_finished(const cg_crew *crew, unsigned others) {
    return atomic_load(&crew->finished) == others;
}

static unsigned await_round(cg_crew *crew, unsigned seen) {
    if (!spin_until(crew, new_round, seen)) {
        pthread_mutex_lock(&crew->lock);
        atomic_fetch_add(&crew->sleepers, 1);
        while (!new_round(crew, seen)) {
            pthread_cond_wait(&crew->wake, &crew->lock);
        }
        atomic_fetch_sub(&crew->sleepers, 1);
        pthread_mutex_unlock(&crew->lock);
    }
    return atomic_load(&crew->round);
}

static void await_members(cg_crew *crew) {
    unsigned others = crew->members - 1;
    if (!spin_until(crew, all_finished, others)) {
        pthread_mutex_lock(&crew->lock);
        atomic_store(&crew->caller_asleep, true);
        while (!all_finished(crew, others)) {
            pthread_cond_wait(&crew->done, &crew->lock);
        }
        atomic_store(&crew->caller_asleep, false);
        pthread_mutex_unlock(&crew->lock);
    }
}

static void *member_main(void *arg) {
    member *self = arg;
    cg_crew *crew = self->crew;
    unsigned seen = 0;
    for (;;) {
        seen = await_round(crew, seen);
        if (atomic_load(&crew->stopping)) {
            return NULL;
        }
        crew->task(crew->context, self->index, crew->members);
        atomic_fetch_add(&crew->finished, 1);
        if (atomic_load(&crew->caller_asleep)) {
            pthread_mutex_lock(&crew->lock);
            pthread_cond_signal(&crew->done);
            pthread_mutex_unlock(&crew->lock);
        }
    }
}

cg_crew *cg_crew_start(unsigned members, cg_budget *budget) {
    cg_crew *crew = calloc(1, sizeof *crew);
    if (crew == NULL) {
        return NULL;
    }
    crew->members = 1;
    atomic_init(&crew->round, 0);
    atomic_init(&crew->finished, 0);
    atomic_init(&crew->sleepers, 0);
    atomic_init(&crew->caller_asleep, false);
    atomic_init(&crew->stopping, false);
    pthread_mutex_init(&crew->lock, NULL);
    pthread_cond_init(&crew->wake, NULL);
    pthread_cond_init(&crew->done, NULL);
    crew->budget = budget;
    if (members > 1) {
        crew->threads = calloc(members - 1, sizeof *crew->threads);
    }
    pthread_attr_t attributes;
    bool sized = pthread_attr_init(&attributes) == 0;
    if (sized && pthread_attr_setstacksize(&attributes, CG_CREW_STACK_BYTES) != 0) {
        pthread_attr_destroy(&attributes);
        sized = false;
    }
    for (unsigned i = 0; crew->threads != NULL && sized && i + 1 < members; i++) {
        member *m = &crew->threads[i];
        m->crew = crew;
        m->index = i + 1;
        /* the stacks take a quarter of the limit at most: the tables,
         * which the run needs, grow into the rest (threads only speed it) */
        if (budget != NULL && (size_t)(i + 1) * CG_CREW_STACK_BYTES > budget->limit / 4) {
            break;
        }
        if (cg_budget_take(budget, CG_CREW_STACK_BYTES, 1, "a thread's stack", NULL) != CG_OK) {
            break; /* the memory limit holds no more threads */
        }
        if (pthread_create(&m->thread, &attributes, member_main, m) != 0) {
            cg_budget_give(budget, CG_CREW_STACK_BYTES, 1);
            break; /* no more threads: the crew is the ones started */
        }
        crew->members++;
    }
    if (sized) {
        pthread_attr_destroy(&attributes);
    }
    return crew;
}

unsigned cg_crew_members(const cg_crew *crew) {
    return crew != NULL ? crew->members : 1;
}

bool cg_crew_run(cg_crew *crew, cg_crew_task task, void *context) {
    if (crew == NULL || crew->members == 1) {
        task(context, 0, 1);
        return false;
    }
    crew->task = task;
    crew->context = context;
    atomic_store(&crew->finished, 0);
    atomic_fetch_add(&crew->round, 1);
    if (atomic_load(&crew->sleepers) > 0) {
        pthread_mutex_lock(&crew->lock);
        pthread_cond_broadcast(&crew->wake);
        pthread_mutex_unlock(&crew->lock);
    }
    task(context, 0, crew->members);
    bool waited = atomic_load(&crew->finished) != crew->members - 1;
    await_members(crew);
    return waited;
}

void cg_crew_stop(cg_crew *crew) {
    if (crew == NULL) {
        return;
    }
    pthread_mutex_lock(&crew->lock);
    atomic_store(&crew->stopping, true);
    pthread_cond_broadcast(&crew->wake);
    pthread_mutex_unlock(&crew->lock);
    for (unsigned i = 0; i + 1 < crew->members; i++) {
        pthread_join(crew->threads[i].thread, NULL);
    }
    pthread_mutex_destroy(&crew->lock);
    pthread_cond_destroy(&crew->wake);
    pthread_cond_destroy(&crew->done);
    cg_budget_give(crew->budget, (size_t)(crew->members - 1) * CG_CREW_STACK_BYTES, 1);
    free(crew->threads);
    free(crew);
}
