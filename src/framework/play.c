/* Where a game in play starts: the usual start, a random one, or a case of
 * a position file with or without its case count; and the move lister the
 * rest of play shares. */
#include "framework/play_internal.h"

#include <stdlib.h>
#include <string.h>

cg_status cg_play_list(cg_play_lister list, void *state, cg_strlist *moves, cg_error *err) {
    if (moves == NULL) {
        return cg_error_set(err, CG_ERR_INTERNAL, "cg_play_list: missing argument");
    }
    cg_strlist_clear(moves);
    cg_status st = list == NULL ? CG_OK : list(state, moves, err);
    return st == CG_OK && cg_strlist_failed(moves) ? cg_error_nomem(err, "listing moves") : st;
}

/* ---- the start -------------------------------------------------------- */

static cg_status start_from(const cg_play_rules *rules, void *state, cg_scanner *position,
                            const cg_options *options, cg_budget *budget, cg_error *err) {
    memset(state, 0, rules->state_size);
    cg_status st = rules->start(state, position, options, budget, err);
    if (st != CG_OK) {
        rules->close(state);
        memset(state, 0, rules->state_size);
    }
    return st;
}

/* Read the position file as a counted judge input: its count, then every
 * case, keeping case k set up in state; the file must end there. */
static cg_status start_counted(const cg_game *game, void *state, const cg_play_start *start,
                               const cg_options *options, cg_budget *budget, bool *has_count,
                               bool *ran_out, cg_error *err) {
    const cg_play_rules *rules = game->play;
    cg_scanner *in = NULL;
    void *scratch = calloc(1, rules->state_size);
    if (scratch == NULL) {
        return cg_error_nomem(err, "reading the position file");
    }
    cg_status st = cg_scanner_open_memory(&in, start->position, start->position_len,
                                          start->position_name, err);
    int64_t count = 0;
    if (st == CG_OK) {
        st = cg_scan_int(in, game->case_count, 1, INT64_MAX, &count, NULL, err);
        *has_count = st == CG_OK;
    }
    if (st == CG_OK && options->case_number > (uint64_t)count) {
        st = cg_error_set(err, CG_ERR_USAGE, "%s holds %lld cases, not %llu", start->position_name,
                          (long long)count, (unsigned long long)options->case_number);
    }
    bool kept = false;
    for (int64_t k = 1; st == CG_OK && k <= count; k++) {
        bool wanted = (uint64_t)k == options->case_number;
        st = start_from(rules, wanted ? state : scratch, in, options, budget, err);
        kept |= wanted && st == CG_OK;
        if (st == CG_OK && !wanted) {
            rules->close(scratch);
        }
    }
    bool at_end = true;
    if (st == CG_OK && (st = cg_scan_at_end(in, &at_end, err)) == CG_OK && !at_end) {
        st = cg_error_set(err, CG_ERR_INPUT, "%s: more than %lld cases", start->position_name,
                          (long long)count);
    }
    if (st != CG_OK && kept) {
        rules->close(state);
        memset(state, 0, rules->state_size);
    }
    if (st != CG_OK && in != NULL) {
        cg_scan_at_end(in, ran_out, NULL); /* the cases ran past the end of the file */
    }
    cg_scanner_close(in);
    free(scratch);
    return st;
}

/* Cases one after another, without a count (inputs ended by a 0 line, or a
 * bare case): keep case k. */
static cg_status start_uncounted(const cg_game *game, void *state, const cg_play_start *start,
                                 const cg_options *options, cg_budget *budget, cg_error *err) {
    const cg_play_rules *rules = game->play;
    cg_scanner *in = NULL;
    cg_status st = cg_scanner_open_memory(&in, start->position, start->position_len,
                                          start->position_name, err);
    for (uint64_t k = 1; st == CG_OK && k <= options->case_number; k++) {
        if (k > 1) {
            rules->close(state);
        }
        st = start_from(rules, state, in, options, budget, err);
    }
    cg_scanner_close(in);
    return st;
}

cg_status cg_play_open(const cg_game *game, void *state, const cg_play_start *start,
                       const cg_options *options, cg_budget *budget, cg_error *err) {
    const cg_play_rules *rules = game->play;
    if (options->random_start) {
        if (rules->start_random == NULL) {
            return cg_error_set(err, CG_ERR_USAGE, "%s has no random start", game->name);
        }
        memset(state, 0, rules->state_size);
        cg_status st = rules->start_random(state, options->seed, options, budget, err);
        if (st != CG_OK) {
            rules->close(state);
        }
        return st;
    }
    if (start == NULL || start->position == NULL) {
        return start_from(rules, state, NULL, options, budget, err);
    }
    if (game->case_count == NULL) {
        return start_uncounted(game, state, start, options, budget, err);
    }
    cg_error counted_err;
    bool has_count = false, ran_out = false;
    cg_status st =
        start_counted(game, state, start, options, budget, &has_count, &ran_out, &counted_err);
    if (st == CG_OK || options->case_number > 1) {
        if (st != CG_OK && err != NULL) {
            *err = counted_err;
        }
        return st;
    }
    /* Not a counted input: a bare case? If not either, and the file opens
     * with a valid count whose cases fail before the file ends, the
     * counted reading's error is the one to show. */
    cg_error bare_err;
    st = start_uncounted(game, state, start, options, budget, &bare_err);
    bool counted = has_count && !ran_out;
    if (st != CG_OK && err != NULL) {
        *err = counted ? counted_err : bare_err;
    }
    return st != CG_OK && counted ? counted_err.status : st;
}
