/* Playing any octal game on a row of heaps: `cgsolve play grundy CODE
 * HEAP...`. A move takes K tokens from heap H and leaves the rest as one
 * heap or none ("H:K"), or as two heaps A and B = rest - A with A <= B
 * ("H:K:A"), as the code's digit for K allows. Perfect play from Grundy
 * values: a move wins when the nim-sum of the heaps it leaves is 0. Under
 * misère play (--misere) a move wins when the sum it leaves is a misère
 * P-position, as the misère library settles it (misere_settle_internal.h: the tame
 * rule, search, or a proven quotient); a sum it cannot settle within its
 * budget ends the game with the reason, never a guess. */
#include <stdlib.h>
#include <string.h>

#include "core/rng_internal.h"
#include "games/octal_play_internal.h"
#include "octal/misere_report_internal.h"
#include "octal/misere_settle_internal.h"
#include "octal/octal_engine_internal.h"
#include "octal/octal_internal.h"

#define MAX_HEAPS 64
#define MAX_HEAP 5000 /* Grundy values are computed O(n^2): up to here, at once */
/* Misère: heaps kept as they were when the quotients reached 40; wild heaps
 * much larger cost minutes each without a complete quotient. */
#define MAX_MISERE_HEAP 40

typedef struct play_state {
    cg_octal_code code;
    cg_octal_engine values;
    bool values_ready;
    size_t heap[MAX_HEAPS];
    size_t count;
    bool misere;
    cg_misere_solver *solver;   /* misère only */
    cg_misere_settler *settler; /* misère only: the solver, and a quotient once needed */
} play_state;

static cg_status prepare(play_state *s, const cg_octal_code *code, const cg_options *options,
                         cg_budget *budget, cg_error *err) {
    s->code = *code;
    cg_octal_engine_init(&s->values, code, CG_ENGINE_AUTO, budget);
    /* the session's stop: a long row of heaps takes seconds to value */
    cg_octal_engine_set_progress(&s->values, options->progress_hook, options->progress_context);
    s->values_ready = true;
    s->misere = options->misere;
    if (!s->misere) {
        return CG_OK;
    }
    /* One genus term: tameness needs only (G+, G-). */
    cg_status st = cg_misere_new(code, 1, budget, &s->solver, err);
    if (st != CG_OK) {
        return st;
    }
    cg_misere_set_node_limit(s->solver, options->positions != 0 ? options->positions
                                                                : CG_MISERE_DEFAULT_POSITIONS);
    /* the settling searches and the quotient's questions look at the stop */
    cg_misere_set_progress(s->solver, options->progress_hook, options->progress_context);
    if ((s->settler = malloc(sizeof *s->settler)) == NULL) {
        return cg_error_nomem(err, "the misère solver");
    }
    cg_misere_settler_init(s->settler, s->solver);
    return CG_OK;
}

static cg_status add_heap(play_state *s, int64_t size, cg_error *err) {
    if (s->count == MAX_HEAPS) {
        return cg_error_set(err, CG_ERR_INPUT, "at most %d heaps", MAX_HEAPS);
    }
    if (s->misere && size > MAX_MISERE_HEAP) {
        return cg_error_set(err, CG_ERR_INPUT, "misère play takes heaps up to %d, not %lld",
                            MAX_MISERE_HEAP, (long long)size);
    }
    s->heap[s->count++] = (size_t)size;
    return cg_octal_engine_extend(&s->values, (size_t)size, err);
}

/* The position: the code, then the heap sizes (Kayles 5 7 9 when none). */
static cg_status start(void *state, cg_scanner *position, const cg_options *options,
                       cg_budget *budget, cg_error *err) {
    play_state *s = state;
    cg_octal_code code;
    const char *text = "0.77";
    cg_token token = {NULL, 0, 1, 1};
    cg_status st = CG_OK;
    if (position != NULL) {
        if ((st = cg_scan_token(position, "an octal game code such as 0.77", &token, err)) !=
            CG_OK) {
            return st;
        }
        text = token.text;
    }
    cg_error why;
    if (cg_octal_parse(text, &code, &why) != CG_OK) {
        return position != NULL ? cg_scan_error_at(position, &token, 0, err, "%s", why.message)
                                : cg_error_set(err, CG_ERR_INTERNAL, "%s", why.message);
    }
    for (size_t k = 0; position != NULL && k <= code.last; k++) {
        if (code.digit[k] & 8) {
            return cg_scan_error_at(position, &token, 0, err,
                                    "playing is for codes that leave at most two heaps (digits "
                                    "0-7), not %s",
                                    text);
        }
    }
    if ((st = prepare(s, &code, options, budget, err)) != CG_OK) {
        return st;
    }
    bool at_end = position == NULL;
    while (st == CG_OK && position != NULL &&
           (st = cg_scan_at_end(position, &at_end, err)) == CG_OK && !at_end) {
        int64_t size;
        st = s->misere ? cg_scan_int(position, "a heap size (misère play: heaps up to 40)", 1,
                                     MAX_MISERE_HEAP, &size, NULL, err)
                       : cg_scan_int(position, "a heap size", 1, MAX_HEAP, &size, NULL, err);
        if (st == CG_OK) {
            st = add_heap(s, size, err);
        }
    }
    static const int64_t usual[] = {5, 7, 9};
    for (size_t i = 0; st == CG_OK && s->count == 0 && i < 3; i++) {
        st = add_heap(s, usual[i], err);
    }
    return st;
}

/* Kayles on two to four heaps of 1 to 12. */
static cg_status start_random(void *state, uint64_t seed, const cg_options *options,
                              cg_budget *budget, cg_error *err) {
    play_state *s = state;
    cg_octal_code code;
    cg_octal_parse("0.77", &code, NULL);
    cg_status st = prepare(s, &code, options, budget, err);
    cg_rng rng = cg_rng_make(seed);
    for (uint64_t k = 2 + cg_rng_below(&rng, 3); st == CG_OK && k > 0; k--) {
        st = add_heap(s, 1 + (int64_t)cg_rng_below(&rng, 12), err);
    }
    return st;
}

static void show(void *state, size_t columns, cg_buf *out) {
    (void)columns; /* the core folds the heaps at their spaces */
    const play_state *s = state;
    char name[CG_OCTAL_MAX_DIGITS + 4];
    cg_octal_format(&s->code, name, sizeof name);
    cg_buf_printf(out, "  %s heaps%s:", name, s->misere ? " (misère)" : "");
    for (size_t i = 0; i < s->count; i++) {
        cg_buf_printf(out, "  %zu:[%zu]", i + 1, s->heap[i]);
    }
    cg_buf_puts(out, s->count == 0 ? " none\n" : "\n");
}

/* A move: take `take` from heap `at`, leaving `left` and `right` (0 = no heap). */
typedef struct octal_move {
    size_t at, take, left, right;
} octal_move;

/* Call fn on every legal move, in order of heap, tokens taken, first part. */
static void each_move(const play_state *s, void (*fn)(const play_state *, octal_move, void *),
                      void *context) {
    for (size_t h = 0; h < s->count; h++) {
        size_t n = s->heap[h];
        for (size_t k = 0; k <= s->code.last && k <= n; k++) {
            unsigned d = s->code.digit[k];
            size_t rest = n - k;
            if (k > 0 && (((d & 1) && rest == 0) || ((d & 2) && rest > 0))) {
                fn(s, (octal_move){h, k, rest, 0}, context);
            }
            size_t half = (d & CG_OCTAL_UNEQUAL) ? (rest - 1) / 2 : rest / 2; /* '!' */
            for (size_t a = 1; (d & 4) && rest >= 2 && a <= half; a++) {
                fn(s, (octal_move){h, k, a, rest - a}, context);
            }
        }
    }
}

static void write_move(octal_move m, char *out, size_t size) {
    if (m.right == 0) {
        snprintf(out, size, "%zu:%zu", m.at + 1, m.take);
    } else {
        snprintf(out, size, "%zu:%zu:%zu", m.at + 1, m.take, m.left);
    }
}

static cg_nimber nim_sum(const play_state *s) {
    cg_nimber sum = 0;
    for (size_t i = 0; i < s->count; i++) {
        sum ^= cg_octal_engine_at(&s->values, s->heap[i]);
    }
    return sum;
}

typedef struct lister {
    cg_strlist *moves;
    bool winning_only;
    cg_nimber sum;
} lister;

static void list_one(const play_state *s, octal_move m, void *context) {
    lister *l = context;
    const cg_octal_engine *g = &s->values;
    cg_nimber after = l->sum ^ cg_octal_engine_at(g, s->heap[m.at]) ^
                      cg_octal_engine_at(g, m.left) ^ cg_octal_engine_at(g, m.right);
    if (!l->winning_only || after == 0) {
        char text[64];
        write_move(m, text, sizeof text);
        cg_strlist_addf(l->moves, "%s", text);
    }
}

/* ---- misère play ------------------------------------------------------- */

/* The heaps move m leaves (its parts in place of its heap), into out. */
static size_t heaps_after(const play_state *s, octal_move m, size_t *out) {
    size_t n = 0;
    for (size_t i = 0; i < s->count; i++) {
        if (i != m.at) {
            out[n++] = s->heap[i];
            continue;
        }
        if (m.left > 0) {
            out[n++] = m.left;
        }
        if (m.right > 0) {
            out[n++] = m.right;
        }
    }
    return n;
}

/* What the misère library says of a sum: P or N, how, and G- when tame. */
typedef struct misere_verdict {
    bool p, tame;
    cg_misere_how how;
    uint32_t value;
} misere_verdict;

static cg_status misere_settle(const play_state *s, const size_t *heaps, size_t count,
                               misere_verdict *v, cg_error *err) {
    cg_status st = cg_misere_settle_is_p(s->settler, heaps, count, &v->p, &v->how, err);
    v->tame = st == CG_OK && v->how == CG_SETTLED_BY_TAME_RULE;
    v->value = v->p ? 0 : 1;
    if (v->tame) {
        cg_misere_method method;
        st = cg_misere_value(s->solver, heaps, count, 0, 0, &v->value, &method, err);
    }
    return st;
}

/* "1 1 3: misère value 1 (tame rule)", or "... an N-position (search)". */
static void misere_why(const size_t *heaps, size_t count, const misere_verdict *v, cg_buf *out) {
    for (size_t i = 0; i < count; i++) {
        cg_buf_printf(out, "%s%zu", i > 0 ? " " : "", heaps[i]);
    }
    cg_buf_puts(out, count == 0 ? "no heap" : "");
    if (v->tame) {
        cg_buf_printf(out, ": misère value %u (tame rule)", v->value);
    } else {
        cg_buf_printf(out, ": a%s-position (misère, by %s)", v->p ? " P" : "n N",
                      cg_misere_how_name(v->how));
    }
}

/* Each move's verdict, in the order of legal_moves; fn is told each. */
typedef struct misere_walk {
    cg_status status;
    cg_error *err;
    void (*fn)(struct misere_walk *walk, const play_state *s, octal_move m, const size_t *heaps,
               size_t count, const misere_verdict *v);
    cg_strlist *moves;
    cg_play_values *values;
} misere_walk;

static void misere_one(const play_state *s, octal_move m, void *context) {
    misere_walk *w = context;
    if (w->status != CG_OK) {
        return;
    }
    size_t heaps[MAX_HEAPS + 1];
    size_t count = heaps_after(s, m, heaps);
    misere_verdict v;
    w->status = misere_settle(s, heaps, count, &v, w->err);
    if (w->status == CG_OK) {
        w->fn(w, s, m, heaps, count, &v);
    }
}

static void misere_winning_one(misere_walk *w, const play_state *s, octal_move m,
                               const size_t *heaps, size_t count, const misere_verdict *v) {
    (void)s, (void)heaps, (void)count;
    if (v->p) {
        char text[64];
        write_move(m, text, sizeof text);
        cg_strlist_addf(w->moves, "%s", text);
    }
}

static void misere_value_one(misere_walk *w, const play_state *s, octal_move m, const size_t *heaps,
                             size_t count, const misere_verdict *v) {
    (void)s;
    char text[64];
    write_move(m, text, sizeof text);
    cg_play_value *value =
        cg_play_values_add(w->values, text, v->p ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS);
    if (value != NULL && v->tame) {
        value->measure = CG_MEASURE_MISERE;
        value->amount = v->value;
    }
    cg_buf why = CG_BUF_INIT;
    cg_buf_puts(&why, "it leaves ");
    misere_why(heaps, count, v, &why);
    cg_play_values_why(w->values, "%s", why.data != NULL ? why.data : "");
    w->values->failed |= cg_buf_failed(&why);
    cg_buf_free(&why);
}

static cg_status misere_values(play_state *s, cg_play_values *values, cg_error *err) {
    misere_verdict v;
    cg_status st = misere_settle(s, s->heap, s->count, &v, err);
    if (st != CG_OK) {
        return st;
    }
    values->position.outcome = v.p ? CG_OUTCOME_LOSS : CG_OUTCOME_WIN;
    if (v.tame) {
        values->position.measure = CG_MEASURE_MISERE;
        values->position.amount = v.value;
    }
    misere_walk w = {CG_OK, err, misere_value_one, NULL, values};
    each_move(s, misere_one, &w);
    return w.status;
}

/* A misère sum the library cannot settle within its budget is refused with
 * the reason (CG_ERR_LIMIT: the core's outcomes-only fallback asks
 * winning_moves, which refuses it the same way). */
static cg_status misere_refusal(cg_status st, cg_error *err) {
    if (st == CG_ERR_LIMIT && err != NULL) {
        char reason[CG_ERROR_MESSAGE_MAX];
        snprintf(reason, sizeof reason, "%s", err->message);
        return cg_error_set(err, CG_ERR_LIMIT, "cannot settle this misère position: %s", reason);
    }
    return st;
}

/* ---- the moves and their values ------------------------------------------ */

static cg_status legal_moves(void *state, cg_strlist *moves, cg_error *err) {
    (void)err;
    lister l = {moves, false, 0};
    each_move(state, list_one, &l);
    return CG_OK;
}

static cg_status winning_moves(void *state, cg_strlist *moves, cg_error *err) {
    const play_state *s = state;
    if (s->misere) {
        misere_walk w = {CG_OK, err, misere_winning_one, moves, NULL};
        each_move(s, misere_one, &w);
        return misere_refusal(w.status, err);
    }
    lister l = {moves, true, nim_sum(state)};
    each_move(state, list_one, &l);
    return CG_OK;
}

typedef struct finder {
    const char *wanted;
    bool found;
    octal_move move;
} finder;

static void find_one(const play_state *s, octal_move m, void *context) {
    (void)s;
    finder *f = context;
    char text[64];
    write_move(m, text, sizeof text);
    if (!f->found && strcmp(text, f->wanted) == 0) {
        f->found = true;
        f->move = m;
    }
}

static cg_status play(void *state, const char *move, cg_error *err) {
    play_state *s = state;
    finder f = {move, false, {0, 0, 0, 0}};
    each_move(s, find_one, &f);
    if (!f.found) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "expected HEAP:TAKE (leaving one heap or none) or HEAP:TAKE:PART "
                            "(leaving two) as the code allows, e.g. 1:1");
    }
    octal_move m = f.move;
    size_t parts = (size_t)(m.left > 0) + (m.right > 0);
    if (parts == 2 && s->count == MAX_HEAPS) {
        return cg_error_set(err, CG_ERR_INPUT, "at most %d heaps", MAX_HEAPS);
    }
    /* Replace heap m.at by its 0, 1 or 2 parts, keeping the others' order. */
    memmove(&s->heap[m.at + parts], &s->heap[m.at + 1], (s->count - m.at - 1) * sizeof s->heap[0]);
    s->count = s->count - 1 + parts;
    if (parts >= 1) {
        s->heap[m.at] = m.left;
    }
    if (parts == 2) {
        s->heap[m.at + 1] = m.right;
    }
    return CG_OK;
}

/* The value of a move: the heaps it leaves, each with its Grundy value. */
typedef struct valuer {
    cg_play_values *values;
} valuer;

static void value_one(const play_state *s, octal_move m, void *context) {
    cg_play_values *values = ((valuer *)context)->values;
    const cg_octal_engine *g = &s->values;
    char text[64];
    write_move(m, text, sizeof text);
    cg_play_value *v = cg_play_values_add(values, text, CG_OUTCOME_LOSS);
    cg_play_value_grundy(v, values);
    for (size_t i = 0; i < s->count; i++) {
        if (i != m.at) {
            cg_play_values_component(values, v, cg_octal_engine_at(g, s->heap[i]));
            continue;
        }
        if (m.left > 0) {
            cg_play_values_component(values, v, cg_octal_engine_at(g, m.left));
        }
        if (m.right > 0) {
            cg_play_values_component(values, v, cg_octal_engine_at(g, m.right));
        }
    }
    if (v != NULL) {
        v->outcome = v->amount == 0 ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
    }
}

static cg_status move_values(void *state, cg_play_values *values, cg_error *err) {
    play_state *s = state;
    if (s->misere) {
        return misere_refusal(misere_values(s, values, err), err);
    }
    cg_play_value *position = &values->position;
    cg_play_value_grundy(position, values);
    for (size_t i = 0; i < s->count; i++) {
        cg_play_values_component(values, position, cg_octal_engine_at(&s->values, s->heap[i]));
    }
    position->outcome = position->amount != 0 ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
    valuer v = {values};
    each_move(s, value_one, &v);
    return CG_OK;
}

static void describe(void *state, cg_report *report) {
    const play_state *s = state;
    char name[CG_OCTAL_MAX_DIGITS + 4];
    cg_octal_format(&s->code, name, sizeof name);
    cg_report_string(report, "code", name);
    if (s->misere) {
        cg_report_bool(report, "misere", true);
    }
    cg_report_open_list(report, "heaps");
    for (size_t i = 0; i < s->count; i++) {
        cg_report_int(report, NULL, (int64_t)s->heap[i]);
    }
    cg_report_close(report);
}

/* The code and the heaps, as `cgsolve play grundy` takes them. */
static cg_status write_position(void *state, cg_buf *out, cg_error *err) {
    (void)err;
    const play_state *s = state;
    char name[CG_OCTAL_MAX_DIGITS + 4];
    cg_octal_format(&s->code, name, sizeof name);
    cg_buf_puts(out, name);
    for (size_t i = 0; i < s->count; i++) {
        cg_buf_printf(out, " %zu", s->heap[i]);
    }
    cg_buf_putc(out, '\n');
    return CG_OK;
}

static void close_play(void *state) {
    play_state *s = state;
    if (s->values_ready) {
        cg_octal_engine_free(&s->values);
    }
    if (s->settler != NULL) {
        cg_misere_settler_free(s->settler);
        free(s->settler);
    }
    cg_misere_free(s->solver);
}

static const cg_play_rules octal_play = {
    .intro = "An octal game on heaps: we take turns making a move the code allows "
             "(take K tokens from a heap, leaving the rest as one heap, none or "
             "two heaps). Whoever cannot move loses. 0.77 is Kayles, 0.07 Dawson's "
             "Kayles.\n",
    .misere_intro =
        "An octal game on heaps, played misère: we take turns making a move the "
        "code allows (take K tokens from a heap, leaving the rest as one heap, "
        "none or two heaps). Whoever makes the last move LOSES: the player who "
        "cannot move wins. 0.333 is misère Nim on heaps up to 3 (a 3 for each size; heaps "
        "up to 40).\n",
    .move_word = "",
    .move_help = "HEAP:TAKE or HEAP:TAKE:PART",
    .state_size = sizeof(play_state),
    .start = start,
    .start_random = start_random,
    .show = show,
    .legal_moves = legal_moves,
    .winning_moves = winning_moves,
    .play = play,
    .close = close_play,
    .move_values = move_values,
    .describe = describe,
    .write_position = write_position,
};

const cg_game cg_game_octal_play = {
    .name = "grundy",
    .summary = "any octal game on a row of heaps: cgsolve play grundy CODE HEAP...",
    .input_help = "The position is the octal code then the heap sizes, on the command line.\n",
    .play = &octal_play,
    .play_from_arguments = true,
};
