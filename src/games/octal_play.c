/* Playing any octal game on a row of heaps: `cgsolve play grundy CODE
 * HEAP...`. A move takes K tokens from heap H and leaves the rest as one
 * heap or none ("H:K"), or as two heaps A and B = rest - A with A <= B
 * ("H:K:A"), as the code's digit for K allows. Perfect play from Grundy
 * values: a move wins when the nim-sum of the heaps it leaves is 0. */
#include <stdlib.h>
#include <string.h>

#include "cgsolve/games/octal_play.h"
#include "cgsolve/octal.h"
#include "cgsolve/octal_engine.h"
#include "cgsolve/rng.h"

#define MAX_HEAPS 64
#define MAX_HEAP 5000 /* Grundy values are computed O(n^2): up to here, at once */

typedef struct play_state {
    cg_octal_code code;
    cg_octal_engine values;
    bool values_ready;
    size_t heap[MAX_HEAPS];
    size_t count;
} play_state;

static cg_status prepare(play_state *s, const cg_octal_code *code, cg_budget *budget) {
    s->code = *code;
    cg_octal_engine_init(&s->values, code, CG_ENGINE_AUTO, budget);
    s->values_ready = true;
    return CG_OK;
}

static cg_status add_heap(play_state *s, int64_t size, cg_error *err) {
    if (s->count == MAX_HEAPS) {
        return cg_error_set(err, CG_ERR_INPUT, "at most %d heaps", MAX_HEAPS);
    }
    s->heap[s->count++] = (size_t)size;
    return cg_octal_engine_extend(&s->values, (size_t)size, err);
}

/* The position: the code, then the heap sizes (Kayles 5 7 9 when none). */
static cg_status start(void *state, cg_scanner *position, const cg_options *options,
                       cg_budget *budget, cg_error *err) {
    (void)options;
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
    prepare(s, &code, budget);
    bool at_end = position == NULL;
    while (st == CG_OK && position != NULL &&
           (st = cg_scan_at_end(position, &at_end, err)) == CG_OK && !at_end) {
        int64_t size;
        st = cg_scan_int(position, "a heap size", 1, MAX_HEAP, &size, NULL, err);
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
    (void)options;
    play_state *s = state;
    cg_octal_code code;
    cg_octal_parse("0.77", &code, NULL);
    prepare(s, &code, budget);
    cg_rng rng = cg_rng_make(seed);
    cg_status st = CG_OK;
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
    cg_buf_printf(out, "  %s heaps:", name);
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

static cg_status legal_moves(void *state, cg_strlist *moves, cg_error *err) {
    (void)err;
    lister l = {moves, false, 0};
    each_move(state, list_one, &l);
    return CG_OK;
}

static cg_status winning_moves(void *state, cg_strlist *moves, cg_error *err) {
    (void)err;
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
    (void)err;
    play_state *s = state;
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
}

static const cg_play_rules octal_play = {
    .intro = "An octal game on heaps: we take turns making a move the code allows "
             "(take K tokens from a heap, leaving the rest as one heap, none or "
             "two heaps). Whoever cannot move loses. 0.77 is Kayles, 0.07 Dawson's "
             "Kayles.\n",
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
