/* A long heap's splits shared among the engine's crew (crew_internal.h), each
 * member marking its own table of options, while timed samples show that
 * sharing is faster than the caller alone. */
#include "octal/octal_engine_parts_internal.h"

#include "core/clock_internal.h"

#define SHARE_UNIT 1024 /* the caller's share of a heap's splits, in 1024ths */
/* Of every SAMPLE_CYCLE long heaps, SAMPLED are timed shared (after one
 * more, untimed, that wakes the crew) and as many alone; sharing goes on
 * while it takes under SHARING_GAIN of the time per split alone. */
#define SAMPLE_CYCLE 1024
#define SAMPLED 4u
#define SHARING_GAIN 0.85

/* One member's share of a heap's splits, into its own table of options. */
typedef struct shared_splits {
    cg_octal_engine *engine;
    size_t rest;
    bool rare;    /* the splits with a rare member (the sparse engine), not all */
    size_t items; /* the splits, or the rare positions below rest */
    size_t skip;  /* the rare position not to pair (the equal split of a '!'
                     digit), or SIZE_MAX */
    bool fresh;   /* the heap's first shared scan: the members clear their tables */
    unsigned caller_share;
} shared_splits;

/* Where member's share of half splits starts: the caller's share is
 * caller_share / SHARE_UNIT of them, the others share the rest evenly. */
static size_t share_start(size_t half, unsigned member, unsigned members, unsigned caller_share) {
    if (member == 0) {
        return 0;
    }
    if (member == members) {
        return half;
    }
    size_t caller = half * caller_share / SHARE_UNIT;
    return caller + (half - caller) * (member - 1) / (members - 1);
}

/* Mark items from <= i < to of the job: splits a = 1 + i, or the splits
 * with the rare member rare[i]. */
static void mark_items(cg_octal_engine *e, const shared_splits *job, size_t from, size_t to,
                       uint8_t *hit) {
    if (job->rare && job->skip >= from && job->skip < to) {
        CG_OCTAL_CALL(e, rare_pairs, e->rare, job->rest, from, job->skip, hit);
        CG_OCTAL_CALL(e, rare_pairs, e->rare, job->rest, job->skip + 1, to, hit);
    } else if (job->rare) {
        CG_OCTAL_CALL(e, rare_pairs, e->rare, job->rest, from, to, hit);
    } else {
        CG_OCTAL_CALL(e, pairs, job->rest, 1 + from, 1 + to, hit);
    }
}

static void mark_share(void *context, unsigned member, unsigned members) {
    const shared_splits *job = context;
    cg_octal_engine *e = job->engine;
    size_t from = share_start(job->items, member, members, job->caller_share);
    size_t to = share_start(job->items, member + 1, members, job->caller_share);
    uint8_t *hit = e->hit + (size_t)member * e->hit_size;
    if (member > 0 && job->fresh) {
        memset(hit, 0, e->hit_size);
    }
    mark_items(e, job, from, to, hit);
}

/* Whether this long heap's splits are shared, and whether it is one of the
 * timed samples that decide it for the others. */
bool cg_octal_share_this_heap(cg_octal_engine *e, bool *timed) {
    uint64_t phase = e->long_heaps++ % SAMPLE_CYCLE;
    *timed = phase >= 1 && phase <= (uint64_t)2 * SAMPLED;
    return phase <= SAMPLED || (phase > (uint64_t)2 * SAMPLED && e->sharing_pays);
}

void cg_octal_record_sample(cg_octal_engine *e, bool shared, size_t splits, double seconds) {
    if (shared) {
        e->shared_seconds += seconds;
        e->shared_splits += splits;
    } else {
        e->alone_seconds += seconds;
        e->alone_splits += splits;
    }
    if (e->long_heaps % SAMPLE_CYCLE == (uint64_t)2 * SAMPLED + 1) {
        e->sharing_pays = e->shared_seconds * (double)e->alone_splits <
                          SHARING_GAIN * e->alone_seconds * (double)e->shared_splits;
        e->alone_seconds = e->shared_seconds = 0;
        e->alone_splits = e->shared_splits = 0;
    }
}

/* The index in the rare list of the equal split's heap when a '!' forbids
 * that split and it is rare, else SIZE_MAX. */
static size_t rare_equal_split(const cg_octal_engine *e, size_t rest, bool unequal) {
    if (!unequal || rest % 2 != 0) {
        return SIZE_MAX;
    }
    size_t i = cg_octal_rare_below(e, rest / 2);
    return i < e->rare_count && cg_rare_at(e->rare[i]) == rest / 2 ? i : SIZE_MAX;
}

/* Mark every split of rest (rare: those with a rare member; unequal: only
 * into heaps of different sizes), shared among the crew when they are many
 * and sharing pays; returns the tables of options in use (1: the caller's
 * alone). shared: the tables in use before. */
unsigned cg_octal_mark_splits(cg_octal_engine *e, size_t rest, bool rare, bool unequal,
                              unsigned shared) {
    size_t items = rare ? cg_octal_rare_below(e, rest) : cg_octal_half_splits(rest, unequal);
    e->pairs += items;
    if (e->threads > 1 && items >= CG_OCTAL_SHARED_SPLITS && e->crew == NULL && !e->in_round) {
        e->crew = cg_crew_start(e->threads, e->budget); /* NULL (no memory): the caller alone */
    }
    unsigned members = cg_crew_members(e->crew);
    bool timed = false;
    size_t skip = rare ? rare_equal_split(e, rest, unequal) : SIZE_MAX;
    shared_splits job = {e, rest, rare, items, skip, shared == 1, e->caller_share};
    if (members == 1 || e->in_round || items < CG_OCTAL_SHARED_SPLITS ||
        !cg_octal_share_this_heap(e, &timed)) {
        double start = timed ? cg_seconds() : 0;
        mark_items(e, &job, 0, items, e->hit);
        if (timed) {
            cg_octal_record_sample(e, false, items, cg_seconds() - start);
        }
        return shared;
    }
    double start = timed ? cg_seconds() : 0;
    /* The other members start a little after the caller, so an even split
     * leaves it waiting; the shares follow which side waited. */
    if (e->caller_share == 0) {
        e->caller_share = SHARE_UNIT / members;
    }
    job.caller_share = e->caller_share;
    bool waited = cg_crew_run(e->crew, mark_share, &job);
    if (timed) {
        cg_octal_record_sample(e, true, items, cg_seconds() - start);
    }
    if (waited && e->caller_share < SHARE_UNIT * 3 / 4) {
        e->caller_share++;
    } else if (!waited && e->caller_share > SHARE_UNIT / 4 / members) {
        e->caller_share--;
    }
    return members;
}

/* The least value marked in none of the first sets tables of options. The
 * other members' tables are read only where the caller's has a gap: each
 * read moves a cache line between processors, and merging whole tables
 * cost more than a heap's share of splits saved. */
uint32_t cg_octal_mex_of_union(const cg_octal_engine *e, unsigned sets) {
    uint32_t v = cg_octal_mex(e->hit, e->hit_size);
    for (unsigned m = 1; m < sets && v < e->hit_size;) {
        if (e->hit[(size_t)m * e->hit_size + v]) {
            v++;
            v += cg_octal_mex(e->hit + v, e->hit_size - v);
            m = 1;
        } else {
            m++;
        }
    }
    return v;
}
