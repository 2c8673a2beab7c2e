/* Options from their declarations: every option is stored, reset, printed
 * and found by reading its cg_option_spec; no option is named here but the
 * common ones this file declares. */
#include "core/options_internal.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cgsolve/cgsolve.h"

const cg_option_spec cg_common_options[] = {
    {.name = "explain",
     .short_name = 'e',
     .arg = CG_ARG_NONE,
     .help = "follow each answer with an explanation of why",
     CG_OPTION_FIELD(output),
     .sets = CG_OUTPUT_EXPLAIN},
    {.name = "format",
     .short_name = 'f',
     .arg = CG_ARG_CHOICE,
     .arg_name = "FORMAT",
     .help = "judge (default), explain or json",
     CG_OPTION_FIELD(output),
     .def = CG_OUTPUT_JUDGE,
     .choices = "judge|explain|json"},
    {.name = "json",
     .short_name = 'j',
     .arg = CG_ARG_NONE,
     .help = "one JSON object per case and line",
     CG_OPTION_FIELD(output),
     .sets = CG_OUTPUT_JSON},
    {.name = "memory",
     .short_name = 'm',
     .arg = CG_ARG_SIZE,
     .arg_name = "SIZE",
     .help = "most memory the run may hold, e.g. 256M (default 1G)",
     CG_OPTION_FIELD(memory_limit),
     .def = 0}, /* the game's default_memory, else CG_DEFAULT_MEMORY_LIMIT */
    {.name = "color",
     .short_name = 'c',
     .arg = CG_ARG_CHOICE,
     .arg_name = "WHEN",
     .help = "colour in explanations: auto (default), always, never",
     CG_OPTION_FIELD(color_mode),
     .def = CG_COLOR_AUTO,
     .choices = "auto|always|never"},
    {.name = NULL},
};

/* ---- where a value lives ---------------------------------------------- */

bool cg_option_spec_valid(const cg_option_spec *spec) {
    if (spec == NULL || spec->name == NULL) {
        return false;
    }
    switch (spec->arg) {
    case CG_ARG_SECONDS:
        return spec->size == sizeof(double);
    case CG_ARG_TEXT:
        return spec->size == sizeof(const char *);
    case CG_ARG_INT:
        return (spec->size == 4 || spec->size == 8) && spec->min <= spec->max;
    case CG_ARG_SIZE:
        return spec->size == sizeof(size_t);
    case CG_ARG_NONE:
    case CG_ARG_CHOICE:
        return spec->size == 1 || spec->size == 4 || spec->size == 8;
    }
    return false;
}

/* A whole number into the field: a bool holds true for 1 (a flag, a
 * choice's second word), a 32-bit field the low 32 bits. */
static void put_number(void *holder, const cg_option_spec *spec, int64_t value) {
    unsigned char *at = (unsigned char *)holder + spec->offset;
    if (spec->size == 1) {
        bool b = value == 1;
        memcpy(at, &b, sizeof b);
    } else if (spec->size == 4) {
        uint32_t v = (uint32_t)(uint64_t)value;
        memcpy(at, &v, sizeof v);
    } else {
        memcpy(at, &value, sizeof value);
    }
}

/* The whole number in the field (a 32-bit size unsigned, other 32-bit
 * fields signed). */
static int64_t get_number(const void *holder, const cg_option_spec *spec) {
    const unsigned char *at = (const unsigned char *)holder + spec->offset;
    if (spec->size == 1) {
        bool b;
        memcpy(&b, at, sizeof b);
        return b ? 1 : 0;
    }
    if (spec->size == 4) {
        uint32_t v;
        memcpy(&v, at, sizeof v);
        return spec->arg == CG_ARG_SIZE ? (int64_t)v : (int64_t)(int32_t)v;
    }
    int64_t v;
    memcpy(&v, at, sizeof v);
    return v;
}

static void put_seconds(void *holder, const cg_option_spec *spec, int64_t milliseconds) {
    double seconds = (double)milliseconds / 1000.0;
    memcpy((unsigned char *)holder + spec->offset, &seconds, sizeof seconds);
}

static void put_text(void *holder, const cg_option_spec *spec, const char *text) {
    memcpy((unsigned char *)holder + spec->offset, &text, sizeof text);
}

void cg_option_reset(void *holder, const cg_option_spec *spec) {
    if (holder == NULL || !cg_option_spec_valid(spec)) {
        return;
    }
    if (spec->arg == CG_ARG_TEXT) {
        put_text(holder, spec, NULL);
    } else if (spec->arg == CG_ARG_SECONDS) {
        put_seconds(holder, spec, spec->def);
    } else {
        put_number(holder, spec, spec->def);
    }
}

void cg_option_reset_table(void *holder, const cg_option_spec *table) {
    for (const cg_option_spec *spec = table; spec != NULL && spec->name != NULL; spec++) {
        cg_option_reset(holder, spec);
    }
}

unsigned cg_options_threads(const cg_options *options) {
    if (options->threads > 0) {
        return options->threads;
    }
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (unsigned)online : 1;
}

size_t cg_options_memory(const cg_options *options, size_t fallback) {
    if (options->memory_limit != 0) {
        return options->memory_limit;
    }
    return fallback != 0 ? fallback : CG_DEFAULT_MEMORY_LIMIT;
}

uint64_t cg_options_upto(const cg_options *options, uint64_t fallback) {
    return options->upto == CG_UPTO_UNSET ? fallback : options->upto;
}

const cg_option_spec *cg_option_find(const cg_option_spec *table, const char *name) {
    if (name == NULL || name[0] == '\0') {
        return NULL;
    }
    bool is_short = name[1] == '\0';
    for (const cg_option_spec *spec = table; spec != NULL && spec->name != NULL; spec++) {
        if (is_short ? spec->short_name == name[0] : strcmp(spec->name, name) == 0) {
            return spec;
        }
    }
    return NULL;
}

/* ---- reading a value --------------------------------------------------- */

/* "512", "256K", "64M", "2G" in bytes, above 0. */
static bool parse_size(const char *text, size_t *bytes) {
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || !isdigit((unsigned char)text[0])) { /* no sign, no leading space */
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

static void write_size(uint64_t bytes, char *text, size_t size);

/* A CG_ARG_SIZE option's value into *bytes, within spec->max when that is
 * above 0; else false with err's CG_ERR_USAGE message set. */
static bool parse_bounded_size(const cg_option_spec *spec, const char *value, size_t *bytes,
                               cg_error *err) {
    if (!parse_size(value, bytes)) {
        cg_error_set(err, CG_ERR_USAGE, "'%s' is not a size such as 512K, 256M or 2G", value);
        return false;
    }
    if (spec->max > 0 && *bytes > (uint64_t)spec->max) {
        char most[32];
        write_size((uint64_t)spec->max, most, sizeof most);
        cg_error_set(err, CG_ERR_USAGE, "'%s' is more than %s", value, most);
        return false;
    }
    return true;
}

static bool parse_int(const char *text, int64_t min, int64_t max, int64_t *out) {
    char *end;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    bool starts_well = isdigit((unsigned char)text[0]) || (text[0] == '-' && min < 0);
    if (errno != 0 || !starts_well || end == text || *end != '\0' || value < min || value > max) {
        return false;
    }
    *out = value;
    return true;
}

int cg_option_choice(const char *choices, const char *value) {
    if (choices == NULL || value == NULL) {
        return -1;
    }
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

/* Seconds above 0 in whole milliseconds (at least one). */
static bool parse_seconds(const char *text, int64_t *milliseconds) {
    char *end;
    errno = 0;
    double seconds = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !(seconds > 0) || seconds > 1e9) {
        return false;
    }
    int64_t ms = (int64_t)(seconds * 1000.0 + 0.5);
    *milliseconds = ms > 0 ? ms : 1;
    return true;
}

cg_status cg_option_store(void *holder, const cg_option_spec *spec, const char *value,
                          cg_error *err) {
    if (holder == NULL || spec == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "no %s to set",
                            holder == NULL ? "options" : "option");
    }
    if (!cg_option_spec_valid(spec)) {
        return cg_error_set(err, CG_ERR_USAGE, "the option is declared with a wrong storage");
    }
    if (spec->arg != CG_ARG_NONE && value == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "a value is needed");
    }
    int64_t number = 0;
    size_t size = 0;
    switch (spec->arg) {
    case CG_ARG_NONE:
        put_number(holder, spec, spec->sets != 0 ? spec->sets : 1);
        break;
    case CG_ARG_INT:
        if (!parse_int(value, spec->min, spec->max, &number)) {
            return cg_error_set(err, CG_ERR_USAGE, "'%s' is not an integer from %lld to %lld",
                                value, (long long)spec->min, (long long)spec->max);
        }
        put_number(holder, spec, number);
        break;
    case CG_ARG_SIZE:
        if (!parse_bounded_size(spec, value, &size, err)) {
            return CG_ERR_USAGE;
        }
        put_number(holder, spec, (int64_t)size);
        break;
    case CG_ARG_CHOICE:
        number = cg_option_choice(spec->choices, value);
        if (number < 0) {
            return cg_error_set(err, CG_ERR_USAGE, "'%s' is not one of %s", value,
                                spec->choices != NULL ? spec->choices : "no word");
        }
        put_number(holder, spec, number);
        break;
    case CG_ARG_SECONDS:
        if (!parse_seconds(value, &number)) {
            return cg_error_set(err, CG_ERR_USAGE, "'%s' is not a number of seconds above 0",
                                value);
        }
        put_seconds(holder, spec, number);
        break;
    case CG_ARG_TEXT:
        if (value[0] == '\0') {
            return cg_error_set(err, CG_ERR_USAGE, "an empty value");
        }
        put_text(holder, spec, value);
        break;
    }
    return CG_OK;
}

cg_status cg_option_set(cg_options *options, const cg_option_spec *spec, const char *value,
                        cg_error *err) {
    return cg_option_store(options, spec, value, err);
}

cg_status cg_option_apply(cg_options *options, const cg_option_spec *spec, const char *value,
                          cg_error *err) {
    if (spec == NULL || spec->name == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "no option to set");
    }
    bool flag = spec->arg == CG_ARG_NONE;
    if (flag && value != NULL && value[0] != '\0') {
        return cg_error_set(err, CG_ERR_USAGE, "option '%s' takes no value ('%s' given)",
                            spec->name, value);
    }
    if (!flag && value == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "option '%s' needs a value", spec->name);
    }
    cg_error why;
    cg_error_clear(&why);
    if (cg_option_set(options, spec, flag ? NULL : value, &why) != CG_OK) {
        return cg_error_set(err, why.status, "option '%s': %s", spec->name, why.message);
    }
    return CG_OK;
}

/* ---- writing a value --------------------------------------------------- */

/* The word of choices at index, or NULL. */
static bool choice_word(const char *choices, int64_t index, char *text, size_t size) {
    const char *p = choices;
    for (int64_t i = 0; p != NULL && *p != '\0'; i++) {
        size_t word = strcspn(p, "|");
        if (i == index) {
            snprintf(text, size, "%.*s", (int)word, p);
            return true;
        }
        p += word + (p[word] == '|');
    }
    return false;
}

/* Bytes with the largest of G, M, K that divides them. */
static void write_size(uint64_t bytes, char *text, size_t size) {
    static const char units[] = "GMK";
    for (unsigned u = 0; u < 3; u++) {
        unsigned shift = 10u * (3 - u);
        if (bytes >= ((uint64_t)1 << shift) && bytes % ((uint64_t)1 << shift) == 0) {
            snprintf(text, size, "%" PRIu64 "%c", bytes >> shift, units[u]);
            return;
        }
    }
    snprintf(text, size, "%" PRIu64, bytes);
}

/* cg_option_format, text undefined when false. */
static bool format_value(const void *holder, const cg_option_spec *spec, char *text, size_t size) {
    const unsigned char *at = (const unsigned char *)holder + spec->offset;
    if (spec->arg == CG_ARG_TEXT) {
        const char *value;
        memcpy(&value, at, sizeof value);
        if (value != NULL) {
            snprintf(text, size, "%s", value);
        }
        return value != NULL;
    }
    if (spec->arg == CG_ARG_SECONDS) {
        double seconds;
        memcpy(&seconds, at, sizeof seconds);
        snprintf(text, size, "%g", seconds);
        return seconds > 0;
    }
    int64_t value = get_number(holder, spec);
    switch (spec->arg) {
    case CG_ARG_NONE:
        return value == (spec->sets != 0 ? spec->sets : 1);
    case CG_ARG_INT:
        snprintf(text, size, "%" PRId64, value);
        return value >= spec->min && value <= spec->max;
    case CG_ARG_SIZE:
        write_size((uint64_t)value, text, size);
        return value > 0;
    case CG_ARG_CHOICE:
        return choice_word(spec->choices, value, text, size);
    default:
        return false;
    }
}

bool cg_option_format(const void *holder, const cg_option_spec *spec, char *text, size_t size) {
    if (text == NULL || size == 0) {
        return false;
    }
    text[0] = '\0';
    if (holder == NULL || !cg_option_spec_valid(spec)) {
        return false;
    }
    bool held = format_value(holder, spec, text, size);
    if (!held) {
        text[0] = '\0';
    }
    return held;
}

bool cg_option_default(const cg_option_spec *spec, char *text, size_t size) {
    if (!cg_option_spec_valid(spec) || spec->arg == CG_ARG_NONE) {
        if (text != NULL && size > 0) {
            text[0] = '\0';
        }
        return false;
    }
    /* the default stored into a zeroed holder of its own */
    unsigned char *holder = calloc(1, spec->offset + spec->size);
    bool shown = holder != NULL;
    if (shown) {
        cg_option_reset(holder, spec);
        shown = cg_option_format(holder, spec, text, size);
    }
    free(holder);
    return shown;
}
