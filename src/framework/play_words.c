/* The words of `cgsolve play` that no game owns: the commands' one-letter
 * short forms, telling a mistyped command from a mistyped move, and the
 * order `values` lists the moves in. */
#include <stdlib.h>
#include <string.h>

#include "framework/play_internal.h"

/* No game's move is one of these characters alone: moves are numbers,
 * cells (b3), edges (0-1), tiles (3-5), heaps (1:2) or "pass". */
static const struct {
    char letter;
    const char *word;
} short_forms[] = {
    {'q', "quit"}, {'u', "undo"}, {'v', "values"}, {'h', "hint"}, {'?', "help"},
};

const char *cg_play_command_word(const char *typed) {
    if (typed[0] == '\0' || typed[1] != '\0') {
        return typed;
    }
    for (size_t i = 0; i < sizeof short_forms / sizeof short_forms[0]; i++) {
        if (typed[0] == short_forms[i].letter) {
            return short_forms[i].word;
        }
    }
    return typed;
}

static bool is_letter(char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

/* Whether word stands in text as a word of its own ("pass" in "... or
 * pass"). */
static bool mentions(const char *text, const char *word) {
    size_t len = strlen(word);
    for (const char *at = strstr(text, word); at != NULL; at = strstr(at + 1, word)) {
        if ((at == text || !is_letter(at[-1])) && !is_letter(at[len])) {
            return true;
        }
    }
    return false;
}

bool cg_play_looks_like_command(const char *typed, const char *move_help) {
    if (typed[0] == '\0') {
        return false;
    }
    for (const char *p = typed; *p != '\0'; p++) {
        if (!is_letter(*p)) {
            return false;
        }
    }
    return move_help == NULL || !mentions(move_help, typed);
}

/* ---- best first --------------------------------------------------------- */

typedef struct ranked {
    int outcome;     /* win 2, draw 1, loss 0 */
    bool known;      /* the remoteness is known */
    uint64_t length; /* the remoteness: shorter first for a win, longer for a loss */
    size_t index;
} ranked;

static int compare_ranked(const void *a, const void *b) {
    const ranked *x = a, *y = b;
    if (x->outcome != y->outcome) {
        return x->outcome > y->outcome ? -1 : 1;
    }
    if (x->known != y->known) {
        return x->known ? -1 : 1;
    }
    if (x->known && x->length != y->length) {
        bool sooner = x->length < y->length;
        return (x->outcome == 0) == sooner ? 1 : -1;
    }
    return x->index < y->index ? -1 : x->index > y->index;
}

cg_status cg_play_best_first(const cg_play_values *values, size_t *order, cg_error *err) {
    ranked *keys = malloc((values->count > 0 ? values->count : 1) * sizeof *keys);
    if (keys == NULL) {
        return cg_error_nomem(err, "ordering the moves");
    }
    for (size_t i = 0; i < values->count; i++) {
        const cg_play_value *v = &values->moves[i];
        keys[i] = (ranked){v->outcome == CG_OUTCOME_WIN ? 2 : v->outcome == CG_OUTCOME_DRAW,
                           v->measure == CG_MEASURE_REMOTENESS, v->amount, i};
    }
    qsort(keys, values->count, sizeof *keys, compare_ranked);
    for (size_t i = 0; i < values->count; i++) {
        order[i] = keys[i].index;
    }
    free(keys);
    return CG_OK;
}
