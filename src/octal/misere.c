/* Misère values, genus and outcomes of octal games (see misere_internal.h):
 * the heaps analysed in order (a heap's G- the mex of its options', its
 * genus terms its sums with nim-heaps of 2, each valued by
 * misere_search.c), the solver's life, and its questions on sums: values,
 * outcomes and winning moves. Its state is misere_solver_internal.h's. */
#include "octal/misere_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"
#include "core/nimber_internal.h"
#include "octal/misere_solver_internal.h"

/* ---- per-heap tables ---- */

static cg_status grow_heaps(cg_misere_solver *s, size_t n, cg_error *err) {
    if (n < s->capacity) {
        return CG_OK;
    }
    size_t capacity = s->capacity == 0 ? 64 : s->capacity;
    while (capacity <= n) {
        capacity *= 2;
    }
    const cg_array arrays[] = {
        {&s->misere, sizeof *s->misere, 1, 0},   {&s->genus, sizeof *s->genus, s->terms, 0},
        {&s->tame, sizeof *s->tame, 1, 0},       {&s->nim, sizeof *s->nim, 1, 0},
        {&s->element, sizeof *s->element, 1, 0}, {&s->option_first, sizeof *s->option_first, 1, 1},
    };
    cg_status st = cg_resize_arrays(s->budget, &s->held, arrays, sizeof arrays / sizeof *arrays,
                                    capacity, "misère heaps", err);
    if (st == CG_OK) {
        s->capacity = capacity;
    }
    return st;
}

/* Whether the progress hook asks for a stop (told the heaps done). */
static bool tell(cg_misere_solver *s) {
    return s->progress != NULL &&
           s->progress(s->progress_context, "misere", s->count, s->wanted + 1);
}

/* ---- heaps ---- */

static uint32_t value_at(const void *sequence, size_t i) {
    return ((const uint32_t *)sequence)[i];
}

/* G-(n): the mex of the options' G- (1 for a heap without moves), and
 * whether every option's heaps are tame. */
static cg_status heap_value(cg_misere_solver *s, size_t n, uint32_t *value, bool *options_tame,
                            cg_error *err) {
    size_t first = s->option_first[n], end = s->option_first[n + 1];
    if (first == end) {
        *value = 1;
        *options_tame = true;
        return CG_OK;
    }
    cg_status st = cg_grow_within(s->budget, &s->values, &s->value_capacity, end - first,
                                  sizeof *s->values, "a heap's options", err);
    position *p = &s->scratch[SCRATCH_HEAP];
    const uint16_t empty[2] = {0, 0};
    for (size_t k = first; st == CG_OK && k < end; k++) {
        cg_misere_replace_heap(empty, 2, SIZE_MAX, &s->options[k], p);
        cg_misere_method method;
        st = cg_misere_settle(s, p, true, &s->values[k - first], &method, err);
    }
    if (st == CG_OK) {
        *value = cg_mex_of(s->values, end - first, value_at);
        *options_tame = cg_misere_all_options_tame(s, n);
    }
    return st;
}

/* Add heap n (analysed) to the position p: as the nim-heap it equals in
 * every sum, or as a heap, in descending order. False past CG_MISERE_MAX_NIM
 * nim-heaps of 2. */
static bool put_heap(const cg_misere_solver *s, size_t n, position *p) {
    uint8_t nim = s->nim[n];
    if (nim != NOT_A_NIM_HEAP) {
        if (nim >= 2 && p->word[1] >= CG_MISERE_MAX_NIM) {
            return false;
        }
        p->word[0] ^= nim & 1u; /* *3 = *2 + *1 */
        p->word[1] += nim >> 1;
    } else {
        size_t j = p->length++;
        while (j > 2 && p->word[j - 1] < n) {
            p->word[j] = p->word[j - 1];
            j--;
        }
        p->word[j] = (uint16_t)n;
    }
    return true;
}

/* Heap n's room, normal value and options (all below are done). */
static cg_status prepare_heap(cg_misere_solver *s, size_t n, cg_error *err) {
    cg_status st = grow_heaps(s, n + 1, err);
    if (st == CG_OK) {
        s->element[n] = ELEMENT_UNSET;
        st = cg_octal_engine_extend(&s->normal, n, err);
    }
    return st == CG_OK ? cg_misere_list_options(s, n, err) : st;
}

/* Heap n's G- is m: kept with its tameness, heap n counted as analysed. */
static void record_heap(cg_misere_solver *s, size_t n, uint32_t m, bool options_tame) {
    uint32_t normal = cg_octal_engine_at(&s->normal, n);
    s->misere[n] = m;
    bool tame_pair = (normal == 0 && m == 1) || (normal == 1 && m == 0) || normal == m;
    s->tame[n] = tame_pair && options_tame;
    s->count = n + 1;
}

/* Analyse heap n (all below are done). */
static cg_status analyse_heap(cg_misere_solver *s, size_t n, cg_error *err) {
    cg_status st = prepare_heap(s, n, err);
    uint32_t m = 0;
    bool options_tame = true;
    if (st == CG_OK) {
        st = heap_value(s, n, &m, &options_tame, err);
    }
    if (st != CG_OK) {
        return st;
    }
    record_heap(s, n, m, options_tame); /* the genus below reads heap n as analysed */
    uint32_t *genus = s->genus + n * s->terms;
    genus[0] = m;
    position *p = &s->scratch[SCRATCH_HEAP];
    for (size_t k = 1; st == CG_OK && k < s->terms; k++) {
        p->word[0] = 0;
        p->word[1] = (uint16_t)k;
        p->length = 2;
        put_heap(s, n, p);
        cg_misere_method method;
        st = cg_misere_settle(s, p, true, &genus[k], &method, err);
    }
    if (st != CG_OK) {
        s->count = n; /* not done */
    }
    return st;
}

cg_status cg_misere_new(const cg_octal_code *code, size_t terms, cg_budget *budget,
                        cg_misere_solver **out, cg_error *err) {
    *out = NULL;
    if (code == NULL || code->last == 0) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_new: no octal code");
    }
    if (terms < 1 || terms > CG_MISERE_MAX_TERMS) {
        return cg_error_set(err, CG_ERR_USAGE, "genus terms must be 1 to %d, not %zu",
                            CG_MISERE_MAX_TERMS, terms);
    }
    cg_misere_solver *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return cg_error_nomem(err, "the misère solver");
    }
    s->code = *code;
    s->budget = budget;
    s->terms = terms;
    cg_octal_engine_init(&s->normal, code, CG_ENGINE_AUTO, budget);
    cg_misere_table_init(&s->table, budget);
    cg_status st = cg_budget_take(budget, SCRATCH_POSITIONS, sizeof *s->scratch,
                                  "the misère solver's positions", err);
    if (st != CG_OK) {
        cg_misere_free(s);
        return st;
    }
    if ((s->scratch = malloc(SCRATCH_POSITIONS * sizeof *s->scratch)) == NULL) {
        cg_budget_give(budget, SCRATCH_POSITIONS, sizeof *s->scratch);
        cg_misere_free(s);
        return cg_error_nomem(err, "the misère solver");
    }
    *out = s;
    return CG_OK;
}

void cg_misere_free(cg_misere_solver *s) {
    if (s == NULL) {
        return;
    }
    cg_octal_engine_free(&s->normal);
    cg_misere_table_free(&s->table);
    cg_budget_give(s->budget, 1, s->held);
    cg_budget_give(s->budget, s->option_capacity, sizeof *s->options);
    cg_budget_give(s->budget, s->frame_capacity, sizeof *s->frames);
    cg_budget_give(s->budget, s->child_capacity, sizeof *s->children);
    cg_budget_give(s->budget, s->pending_capacity, sizeof *s->pending);
    cg_budget_give(s->budget, s->pending_word_capacity, sizeof *s->pending_words);
    cg_budget_give(s->budget, s->value_capacity, sizeof *s->values);
    cg_budget_give(s->budget, s->sum_capacity, sizeof *s->sum);
    if (s->scratch != NULL) {
        cg_budget_give(s->budget, SCRATCH_POSITIONS, sizeof *s->scratch);
    }
    if (s->product != NULL) {
        cg_budget_give(s->budget, PRODUCT_SLOTS, sizeof *s->product);
    }
    cg_budget_give(s->budget, s->option_element_capacity, sizeof *s->option_element);
    cg_budget_give(s->budget, s->two_power_capacity, sizeof *s->two_power);
    free(s->misere);
    free(s->genus);
    free(s->tame);
    free(s->nim);
    free(s->element);
    free(s->option_first);
    free(s->options);
    free(s->frames);
    free(s->children);
    free(s->pending);
    free(s->pending_words);
    free(s->values);
    free(s->sum);
    free(s->scratch);
    free(s->product);
    free(s->option_element);
    free(s->two_power);
    free(s);
}

void cg_misere_set_node_limit(cg_misere_solver *s, uint64_t nodes) {
    s->node_limit = nodes;
}

uint64_t cg_misere_node_limit(const cg_misere_solver *s) {
    return s->node_limit;
}

bool cg_misere_tell(cg_misere_solver *s) {
    return tell(s);
}

void cg_misere_set_progress(cg_misere_solver *s, cg_progress_hook hook, void *context) {
    s->progress = hook;
    s->progress_context = context;
}

void cg_misere_set_oracle(cg_misere_solver *s, const cg_misere_oracle_table *oracle) {
    if (s == NULL) {
        return;
    }
    s->asking = oracle != NULL && oracle->times != NULL && oracle->value != NULL &&
                oracle->heap_element != NULL;
    if (s->asking) {
        s->oracle = *oracle;
    }
    /* the elements were the last oracle's */
    for (size_t n = 0; n < s->count; n++) {
        s->element[n] = ELEMENT_UNSET;
    }
    for (size_t k = 0; k < s->option_count; k++) {
        s->option_element[k] = ELEMENT_UNSET;
    }
    s->two_power_count = 0;
    s->asked = s->answered = 0;
}

void cg_misere_oracle_counts(const cg_misere_solver *s, uint64_t *asked, uint64_t *answered) {
    *asked = s != NULL ? s->asked : 0;
    *answered = s != NULL ? s->answered : 0;
}

cg_status cg_misere_extend(cg_misere_solver *s, size_t n, cg_error *err) {
    if (n > CG_MISERE_MAX_HEAP) {
        return cg_error_set(err, CG_ERR_LIMIT, "misère heaps go up to %u, not %zu",
                            CG_MISERE_MAX_HEAP, n);
    }
    cg_misere_want(s, n);
    while (s->count <= n) {
        s->nodes_this_question = 0;
        cg_status st = analyse_heap(s, s->count, err);
        if (st != CG_OK) {
            return st;
        }
        if (tell(s)) {
            return cg_error_set(err, CG_ERR_STOPPED, "interrupted");
        }
    }
    return CG_OK;
}

cg_status cg_misere_adopt_heap(cg_misere_solver *s, size_t n, const uint32_t *genus,
                               cg_error *err) {
    if (s == NULL || genus == NULL || n != s->count) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_adopt_heap: not the next heap");
    }
    if (n > CG_MISERE_MAX_HEAP) {
        return cg_error_set(err, CG_ERR_LIMIT, "misère heaps go up to %u, not %zu",
                            CG_MISERE_MAX_HEAP, n);
    }
    cg_status st = prepare_heap(s, n, err);
    if (st == CG_OK) {
        memcpy(s->genus + n * s->terms, genus, s->terms * sizeof *genus);
        record_heap(s, n, genus[0], cg_misere_all_options_tame(s, n));
    }
    return st;
}

void cg_misere_want(cg_misere_solver *s, size_t n) {
    s->wanted = n > s->wanted ? n : s->wanted;
}

int cg_misere_nim_heap(const cg_misere_solver *s, size_t n) {
    return n < s->count && s->nim[n] != NOT_A_NIM_HEAP ? s->nim[n] : -1;
}

cg_status cg_misere_first_nim_heap(cg_misere_solver *s, int nim, size_t last, size_t *heap,
                                   cg_error *err) {
    if (s == NULL || heap == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_first_nim_heap: no solver");
    }
    *heap = 0;
    for (size_t h = 1; h <= last && *heap == 0; h++) {
        cg_status st = cg_misere_extend(s, h, err);
        if (st != CG_OK) {
            return st;
        }
        *heap = cg_misere_nim_heap(s, h) == nim ? h : 0;
    }
    return CG_OK;
}

size_t cg_misere_count(const cg_misere_solver *s) {
    return s->count;
}

size_t cg_misere_terms(const cg_misere_solver *s) {
    return s->terms;
}

const cg_octal_code *cg_misere_code(const cg_misere_solver *s) {
    return &s->code;
}

cg_budget *cg_misere_budget(const cg_misere_solver *s) {
    return s->budget;
}

uint64_t cg_misere_positions(const cg_misere_solver *s) {
    return s->positions;
}

cg_misere_heap cg_misere_heap_at(const cg_misere_solver *s, size_t n) {
    cg_misere_heap h = {0, 0, false, NULL};
    if (n < s->count) {
        h.normal = cg_octal_engine_at(&s->normal, n);
        h.misere = s->misere[n];
        h.tame = s->tame[n] != 0;
        h.genus = s->genus + n * s->terms;
    }
    return h;
}

size_t cg_misere_first_wild(const cg_misere_solver *s) {
    size_t n = 0;
    while (n < s->count && s->tame[n]) {
        n++;
    }
    return n;
}

/* The position of heaps plus twos and ones, heaps analysed as needed. */
static cg_status make_position(cg_misere_solver *s, const size_t *heaps, size_t count, size_t twos,
                               size_t ones, position *p, cg_error *err) {
    if (count > POSITION_MAX_WORDS - 2) {
        return cg_error_set(err, CG_ERR_LIMIT, "at most %d heaps in a sum", POSITION_MAX_WORDS - 2);
    }
    if (twos > CG_MISERE_MAX_NIM || ones > CG_MISERE_MAX_NIM) {
        return cg_error_set(err, CG_ERR_LIMIT, "at most %u nim-heaps of each size",
                            CG_MISERE_MAX_NIM);
    }
    size_t largest = 0;
    for (size_t i = 0; i < count; i++) {
        largest = heaps[i] > largest ? heaps[i] : largest;
    }
    s->nodes_this_question = 0;
    cg_status st = cg_misere_extend(s, largest, err);
    if (st != CG_OK) {
        return st;
    }
    p->word[0] = (uint16_t)(ones & 1u); /* *1 + *1 = 0 */
    p->word[1] = (uint16_t)twos;
    p->length = 2;
    for (size_t i = 0; i < count; i++) {
        if (!put_heap(s, heaps[i], p)) {
            return cg_error_set(err, CG_ERR_LIMIT, "at most %u nim-heaps of each size",
                                CG_MISERE_MAX_NIM);
        }
    }
    s->nodes_this_question = 0;
    return CG_OK;
}

cg_status cg_misere_value(cg_misere_solver *s, const size_t *heaps, size_t count, size_t twos,
                          size_t ones, uint32_t *value, cg_misere_method *method, cg_error *err) {
    if (s == NULL || (heaps == NULL && count > 0) || value == NULL || method == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_value: missing argument");
    }
    position *p = &s->scratch[SCRATCH_QUERY];
    cg_status st = make_position(s, heaps, count, twos, ones, p, err);
    return st != CG_OK ? st : cg_misere_settle(s, p, true, value, method, err);
}

cg_status cg_misere_is_p(cg_misere_solver *s, const size_t *heaps, size_t count, bool *is_p,
                         cg_misere_method *method, cg_error *err) {
    if (s == NULL || (heaps == NULL && count > 0) || is_p == NULL || method == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_is_p: missing argument");
    }
    position *p = &s->scratch[SCRATCH_QUERY];
    cg_status st = make_position(s, heaps, count, 0, 0, p, err);
    uint32_t v = 0;
    if (st == CG_OK) {
        st = cg_misere_settle(s, p, false, &v, method, err);
    }
    *is_p = st == CG_OK && v == 0;
    return st;
}

typedef struct move_walk {
    cg_misere_solver *solver;
    const size_t *heaps;
    size_t count, at;
    size_t *scratch;
    cg_misere_move_fn fn;
    void *context;
    size_t wins;
    cg_status status;
    cg_error *err;
} move_walk;

static void try_move(void *context, size_t take, const size_t *parts, size_t count) {
    move_walk *m = context;
    if (m->status != CG_OK) {
        return;
    }
    size_t n = 0;
    for (size_t i = 0; i < m->count; i++) {
        if (i != m->at) {
            m->scratch[n++] = m->heaps[i];
        }
    }
    for (size_t i = 0; i < count; i++) {
        m->scratch[n++] = parts[i];
    }
    bool p = false;
    cg_misere_method method;
    m->status = cg_misere_is_p(m->solver, m->scratch, n, &p, &method, m->err);
    if (m->status == CG_OK && p) {
        m->wins++;
        if (m->fn != NULL) {
            m->fn(m->context, m->at, take, parts, count);
        }
    }
}

cg_status cg_misere_winning_moves(cg_misere_solver *s, const size_t *heaps, size_t count,
                                  cg_misere_move_fn fn, void *context, size_t *wins,
                                  cg_error *err) {
    if (s == NULL || (heaps == NULL && count > 0)) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_winning_moves: missing argument");
    }
    /* a move leaves the other heaps and up to three parts */
    cg_status st = cg_grow_within(s->budget, &s->sum, &s->sum_capacity, count + 3, sizeof *s->sum,
                                  "the winning moves", err);
    if (st != CG_OK) {
        return st;
    }
    move_walk m = {s, heaps, count, 0, s->sum, fn, context, 0, CG_OK, err};
    for (size_t i = 0; i < count && m.status == CG_OK; i++) {
        m.at = i;
        cg_octal_each_option(&s->code, heaps[i], try_move, &m);
    }
    if (wins != NULL) {
        *wins = m.wins;
    }
    return m.status;
}

static void put_term(cg_buf *out, uint32_t v) {
    if (v < 10) {
        cg_buf_putc(out, (char)('0' + v));
    } else {
        cg_buf_printf(out, "(%u)", v);
    }
}

void cg_misere_format_genus(uint32_t normal, const uint32_t *terms, size_t count, cg_buf *out) {
    cg_buf_put_uint(out, normal);
    if (count == 0) {
        return;
    }
    cg_buf_putc(out, '^');
    /* the shortest prefix (two terms at least) after which every computed
     * term repeats the one two before */
    size_t cut = count;
    while (cut > 2 && terms[cut - 1] == terms[cut - 3]) {
        cut--;
    }
    bool alternates = true;
    for (size_t k = cut; k < count; k++) {
        alternates = alternates && terms[k] == terms[k - 2];
    }
    if (!alternates) {
        cut = count;
    }
    for (size_t k = 0; k < cut; k++) {
        put_term(out, terms[k]);
    }
}
