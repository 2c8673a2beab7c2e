/* Options a run is given, and the one way options are declared.
 *
 * Every option is declared once, as a cg_option_spec: its long and short
 * names, its argument and one help line. The common options are in
 * cg_common_options; each game declares its own in its cg_game table, and
 * the command-line front end builds parsing, validation, --help and shell
 * completions from these declarations. cg_option_set parses and stores a
 * value; its messages describe the value, never the command line. */
#ifndef CGSOLVE_OPTIONS_H
#define CGSOLVE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cgsolve/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cg_output_mode {
    CG_OUTPUT_JUDGE,   /* exactly the judge's output */
    CG_OUTPUT_EXPLAIN, /* judge output, each answer followed by its explanation */
    CG_OUTPUT_JSON     /* one JSON object per case and line */
} cg_output_mode;

typedef enum cg_color_mode { CG_COLOR_AUTO, CG_COLOR_ALWAYS, CG_COLOR_NEVER } cg_color_mode;

/* Every option cgsolve knows. */
typedef enum cg_option_id {
    CG_OPTION_EXPLAIN,
    CG_OPTION_FORMAT,
    CG_OPTION_JSON,
    CG_OPTION_MEMORY,
    CG_OPTION_COLOR,
    CG_OPTION_OPTIMAL, /* domino */
    CG_OPTION_MAX,     /* numbergame */
    CG_OPTION_UPTO,    /* grundy */
    CG_OPTION_FIRST,   /* play */
    CG_OPTION_CASE,    /* play: which case of a position file */
    CG_OPTION_RANDOM,  /* play: a random start */
    CG_OPTION_SEED,    /* play: the random start's seed */
    CG_OPTION_COUNT
} cg_option_id;

typedef enum cg_option_arg {
    CG_ARG_NONE,   /* a flag */
    CG_ARG_INT,    /* an integer in [min, max] */
    CG_ARG_SIZE,   /* a byte count with an optional K, M or G suffix, above 0 */
    CG_ARG_CHOICE, /* one of the words in choices, separated by '|' */
} cg_option_arg;

typedef struct cg_option_spec {
    cg_option_id id;
    const char *name;     /* the long form without dashes; NULL ends a table */
    char short_name;      /* the short form, or 0 */
    cg_option_arg arg;    /* what value it takes */
    const char *arg_name; /* the value's name in help, e.g. "M"; NULL for flags */
    const char *help;     /* one line */
    int64_t min, max;     /* CG_ARG_INT */
    const char *choices;  /* CG_ARG_CHOICE */
} cg_option_spec;

/* Default budget for a run's tables. */
#define CG_DEFAULT_MEMORY_LIMIT ((size_t)1 << 30)

/* Options a run is given; games read the ones they declare. */
typedef struct cg_options {
    cg_output_mode output;
    size_t memory_limit;      /* bytes the run may allocate for its tables, growth included */
    bool optimal;             /* domino: perfect play instead of the judge's question */
    int64_t max_number;       /* numbergame: upper bound M (0 = the game's default) */
    uint64_t upto;            /* grundy: the last heap computed */
    bool computer_first;      /* play: the computer moves first */
    uint64_t case_number;     /* play: the case of a position file, from 1 */
    bool random_start;        /* play: start from a random position */
    uint64_t seed;            /* play: its seed */
    cg_color_mode color_mode; /* as asked */
    bool color;               /* explanations may use ANSI colours (the caller resolves auto) */
    uint32_t given;           /* bit 1 << id for each option set by cg_option_set */
} cg_options;

/* Set the defaults: judge output, CG_DEFAULT_MEMORY_LIMIT, upto 100, case 1,
 * seed 1, no extras. */
void cg_options_init(cg_options *options);

/* The options every game accepts (output, memory, colour), NULL-name ended. */
extern const cg_option_spec cg_common_options[];

/* Parse value (NULL for flags) as spec says and store it in options.
 * CG_ERR_USAGE with a message such as "'99' is not an integer from 2 to 56". */
cg_status cg_option_set(cg_options *options, const cg_option_spec *spec, const char *value,
                        cg_error *err);

/* Whether cg_option_set stored option id. */
bool cg_option_given(const cg_options *options, cg_option_id id);

#ifdef __cplusplus
}
#endif

#endif
