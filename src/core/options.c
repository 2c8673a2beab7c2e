#include "cgsolve/options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cg_options_init(cg_options *options) {
    memset(options, 0, sizeof *options);
    options->output = CG_OUTPUT_JUDGE;
    options->memory_limit = CG_DEFAULT_MEMORY_LIMIT;
    options->upto = 100;
    options->quotient = -1;
    options->case_number = 1;
    options->seed = 1;
    options->density = -1;
    options->fill = -1;
    options->time_limit = 2.0;
    options->color_mode = CG_COLOR_AUTO;
    options->threads = 1;
}

unsigned cg_options_threads(const cg_options *options) {
    if (options->threads > 0) {
        return options->threads;
    }
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (unsigned)online : 1;
}

/* cg_options.given holds one bit per option. */
_Static_assert(CG_OPTION_COUNT <= 128, "cg_options.given has 128 bits");

const cg_option_spec cg_common_options[] = {
    {CG_OPTION_EXPLAIN, "explain", 'e', CG_ARG_NONE, NULL,
     "follow each answer with an explanation of why", 0, 0, NULL},
    {CG_OPTION_FORMAT, "format", 'f', CG_ARG_CHOICE, "FORMAT", "judge (default), explain or json",
     0, 0, "judge|explain|json"},
    {CG_OPTION_JSON, "json", 'j', CG_ARG_NONE, NULL, "one JSON object per case and line", 0, 0,
     NULL},
    {CG_OPTION_MEMORY, "memory", 'm', CG_ARG_SIZE, "SIZE",
     "most memory the run may hold, e.g. 256M (default 1G)", 0, 0, NULL},
    {CG_OPTION_COLOR, "color", 'c', CG_ARG_CHOICE, "WHEN",
     "colour in explanations: auto (default), always, never", 0, 0, "auto|always|never"},
    {CG_OPTION_COUNT, NULL, 0, CG_ARG_NONE, NULL, NULL, 0, 0, NULL},
};

bool cg_option_given(const cg_options *options, cg_option_id id) {
    return (options->given[id / 64] >> (id % 64)) & 1u;
}

/* "512", "256K", "64M", "2G" in bytes, above 0. */
static bool parse_size(const char *text, size_t *bytes) {
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || end == text || text[0] == '-' || text[0] == '+') {
        return false;
    }
    unsigned shift = 0;
    if (*end != '\0') {
        const char *units = "KkMmGg";
        const char *unit = strchr(units, *end);
        if (unit == NULL || end[1] != '\0') {
            return false;
        }
        shift = 10u * (unsigned)(1 + (unit - units) / 2);
    }
    if (value > (SIZE_MAX >> shift)) {
        return false;
    }
    *bytes = (size_t)value << shift;
    return *bytes > 0;
}

static bool parse_int(const char *text, int64_t min, int64_t max, int64_t *out) {
    char *end;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || value < min || value > max) {
        return false;
    }
    *out = value;
    return true;
}

/* The index of value among the '|'-separated words of choices, or -1. */
static int choice_index(const char *choices, const char *value) {
    size_t len = strlen(value);
    int index = 0;
    for (const char *p = choices; *p != '\0'; index++) {
        size_t word = strcspn(p, "|");
        if (word == len && strncmp(p, value, len) == 0) {
            return index;
        }
        p += word + (p[word] == '|');
    }
    return -1;
}

static void store(cg_options *o, cg_option_id id, int64_t number, size_t size, const char *text) {
    switch (id) {
    case CG_OPTION_EXPLAIN:
        o->output = CG_OUTPUT_EXPLAIN;
        break;
    case CG_OPTION_FORMAT:
        o->output = (cg_output_mode)number;
        break;
    case CG_OPTION_JSON:
        o->output = CG_OUTPUT_JSON;
        break;
    case CG_OPTION_MEMORY:
        o->memory_limit = size;
        break;
    case CG_OPTION_COLOR:
        o->color_mode = (cg_color_mode)number;
        break;
    case CG_OPTION_OPTIMAL:
        o->optimal = true;
        break;
    case CG_OPTION_VALUE:
        o->path_value = true;
        break;
    case CG_OPTION_TO_MOVE:
        o->path_to_move = (int)number; /* white|black */
        break;
    case CG_OPTION_JOBS:
        o->jobs = number;
        break;
    case CG_OPTION_MAX:
        o->max_number = number;
        break;
    case CG_OPTION_UPTO:
        o->upto = (uint64_t)number;
        break;
    case CG_OPTION_FIRST:
        o->computer_first = number == 1;
        break;
    case CG_OPTION_CASE:
        o->case_number = (uint64_t)number;
        break;
    case CG_OPTION_RANDOM:
        o->random_start = true;
        break;
    case CG_OPTION_SEED:
        o->seed = (uint64_t)number;
        o->seed_given = true;
        break;
    case CG_OPTION_CASES:
        o->cases = (uint64_t)number;
        break;
    case CG_OPTION_HARD:
        o->hard = true;
        break;
    case CG_OPTION_EDGE:
        o->edge = true;
        break;
    case CG_OPTION_TILES:
        o->tiles = number;
        break;
    case CG_OPTION_LENGTH:
        o->length = number;
        break;
    case CG_OPTION_DENSITY:
        o->density = number;
        break;
    case CG_OPTION_NODES:
        o->nodes = number;
        break;
    case CG_OPTION_MAX_WEIGHT:
        o->max_weight = (uint64_t)number;
        break;
    case CG_OPTION_SHAPE:
        o->shape = number;
        break;
    case CG_OPTION_SIZE:
        o->size = number;
        break;
    case CG_OPTION_FILL:
        o->fill = number;
        break;
    case CG_OPTION_TIME_LIMIT:
        o->time_limit = (double)number / 1000.0;
        break;
    case CG_OPTION_RUNS:
        o->runs = (uint64_t)number;
        break;
    case CG_OPTION_SECONDS:
        o->seconds = (double)number / 1000.0;
        break;
    case CG_OPTION_SAVE:
        o->save = text;
        break;
    case CG_OPTION_METHOD:
        o->method = (int)number; /* auto, naive, sparse: cg_engine_method's order */
        break;
    case CG_OPTION_UNTIL_PERIOD:
        o->until_period = true;
        break;
    case CG_OPTION_VALUES_OUT:
        o->values_out = text;
        break;
    case CG_OPTION_CHECKPOINT:
        o->checkpoint = text;
        break;
    case CG_OPTION_RESUME:
        o->resume = text;
        break;
    case CG_OPTION_PROGRESS:
        o->progress = true;
        break;
    case CG_OPTION_THREADS:
        o->threads = (unsigned)number;
        break;
    case CG_OPTION_TABLE:
        o->table = text;
        break;
    case CG_OPTION_CERTIFICATE:
        o->certificate = text;
        break;
    case CG_OPTION_VERIFY:
        o->verify = text;
        break;
    case CG_OPTION_MISERE:
        o->misere = true;
        break;
    case CG_OPTION_SUM:
        o->sum = true;
        break;
    case CG_OPTION_TERMS:
        o->terms = (uint64_t)number;
        break;
    case CG_OPTION_POSITIONS:
        o->positions = (uint64_t)number;
        break;
    case CG_OPTION_LEVEL:
        o->level = (int)number;
        break;
    case CG_OPTION_BEYOND_LIMITS:
        o->beyond_limits = true;
        break;
    case CG_OPTION_SHRINK_SECONDS:
        o->shrink_seconds = (double)number / 1000.0;
        break;
    case CG_OPTION_QUOTIENT:
        o->quotient = number;
        break;
    case CG_OPTION_CHECKER:
        o->checker = number;
        break;
    case CG_OPTION_AGAINST:
        o->against = text;
        break;
    case CG_OPTION_CENSUS:
        o->census = true;
        break;
    case CG_OPTION_SHARD:
        o->shard = text;
        break;
    case CG_OPTION_MARKDOWN:
        o->markdown = text;
        break;
    case CG_OPTION_COUNT:
        break;
    }
    o->given[id / 64] |= UINT64_C(1) << (id % 64);
}

cg_status cg_option_set(cg_options *options, const cg_option_spec *spec, const char *value,
                        cg_error *err) {
    int64_t number = 0;
    size_t size = 0;
    switch (spec->arg) {
    case CG_ARG_NONE:
        break;
    case CG_ARG_INT:
        if (!parse_int(value, spec->min, spec->max, &number)) {
            return cg_error_set(err, CG_ERR_USAGE, "'%s' is not an integer from %lld to %lld",
                                value, (long long)spec->min, (long long)spec->max);
        }
        break;
    case CG_ARG_SIZE:
        if (!parse_size(value, &size)) {
            return cg_error_set(err, CG_ERR_USAGE, "'%s' is not a size such as 512K, 256M or 2G",
                                value);
        }
        break;
    case CG_ARG_CHOICE:
        number = choice_index(spec->choices, value);
        if (number < 0) {
            return cg_error_set(err, CG_ERR_USAGE, "'%s' is not one of %s", value, spec->choices);
        }
        break;
    case CG_ARG_SECONDS: {
        char *end;
        errno = 0;
        double seconds = strtod(value, &end);
        if (errno != 0 || end == value || *end != '\0' || !(seconds > 0) || seconds > 1e9) {
            return cg_error_set(err, CG_ERR_USAGE, "'%s' is not a number of seconds above 0",
                                value);
        }
        number = (int64_t)(seconds * 1000.0 + 0.5);
        number = number > 0 ? number : 1;
        break;
    }
    case CG_ARG_TEXT:
        if (value[0] == '\0') {
            return cg_error_set(err, CG_ERR_USAGE, "an empty value");
        }
        break;
    }
    store(options, spec->id, number, size, value);
    return CG_OK;
}
