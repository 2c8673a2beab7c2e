/* Options a run is given, and the one way options are declared.
 *
 * Every option is declared once, as a cg_option_spec: its long and short
 * names, its argument, where its value lives, its bounds, its default and
 * one help line. The common options are in cg_common_options; each command
 * declares its own and each game its own in its cg_game table. Parsing,
 * defaults, --help, shell completions, the one-call API and the web page
 * all work from these declarations (HACKING.md: "Adding an option"). */
#ifndef CGSOLVE_OPTIONS_H
#define CGSOLVE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cgsolve/cgsolve.h"
#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cg_output_mode {
    CG_OUTPUT_JUDGE,   /* exactly the judge's output */
    CG_OUTPUT_EXPLAIN, /* judge output, each answer followed by its explanation */
    CG_OUTPUT_JSON     /* one JSON object per case and line */
} cg_output_mode;

typedef enum cg_color_mode { CG_COLOR_AUTO, CG_COLOR_ALWAYS, CG_COLOR_NEVER } cg_color_mode;

typedef enum cg_option_arg {
    CG_ARG_NONE,    /* a flag: it stores `sets` (true when sets is 0) */
    CG_ARG_INT,     /* an integer in [min, max] */
    CG_ARG_SIZE,    /* a byte count with an optional K, M or G suffix, above 0 */
    CG_ARG_CHOICE,  /* one of the words in choices, separated by '|': stores its index */
    CG_ARG_SECONDS, /* a number of seconds above 0, decimals allowed (to the millisecond) */
    CG_ARG_TEXT,    /* any text, such as a file name: stores the pointer given */
} cg_option_arg;

/* One option, declared once by its owner (the common table, a command's or a
 * game's): its names, what it takes, where its value lives, its bounds and
 * its default. Parsing, storing, resetting, printing the default in help
 * and the web page's controls all read this declaration; nothing else names
 * the option. The value lives at offset in the struct that holds it (a
 * cg_options for every run option), in a field of size bytes: a bool (1), a
 * 32-bit or 64-bit integer or enum (4, 8), a double for CG_ARG_SECONDS, a
 * const char * for CG_ARG_TEXT. CG_OPTION_FIELD(field) fills both. */
typedef struct cg_option_spec {
    const char *name;     /* the long form without dashes; NULL ends a table */
    char short_name;      /* the short form, or 0 */
    cg_option_arg arg;    /* what value it takes */
    const char *arg_name; /* the value's name in help, e.g. "M"; NULL for flags */
    const char *help;     /* one line; help adds " (default D)" when def is a value it takes */
    size_t offset;        /* where the value lives in its holder */
    size_t size;          /* the size of that field */
    /* What a reset stores: a number, a choice's index, milliseconds for
     * CG_ARG_SECONDS (text options reset to NULL). A default outside the
     * bounds means "not set" (the game's or the command's own default). */
    int64_t def;
    int64_t sets;        /* CG_ARG_NONE: what the flag stores (0: true) */
    int64_t min, max;    /* CG_ARG_INT; CG_ARG_SIZE: max bytes, when above 0 */
    const char *choices; /* CG_ARG_CHOICE */
} cg_option_spec;

/* The storage of an option held in holder_type's field. */
#define CG_OPTION_STORED_IN(holder_type, field)                                                    \
    .offset = offsetof(holder_type, field), .size = sizeof(((holder_type *)0)->field)
/* The storage of a run option: field of cg_options. */
#define CG_OPTION_FIELD(field) CG_OPTION_STORED_IN(cg_options, field)

/* --threads, declared alike by every command whose long scans it shares. */
#define CG_THREADS_OPTION                                                                          \
    {                                                                                              \
        .name = "threads", .short_name = 'J', .arg = CG_ARG_INT, .arg_name = "T",                  \
        .help = "long scans on T threads (0: one a processor)", CG_OPTION_FIELD(threads),          \
        .def = 1, .min = 0, .max = 1024                                                            \
    }

/* Default budget for a run's tables (a game may set its own). */
#define CG_DEFAULT_MEMORY_LIMIT ((size_t)1 << 30)
/* upto's default: "not set", each command's own (grundy 100, --misere 20). */
#define CG_UPTO_UNSET UINT64_MAX

/* Options a run is given; games read the ones they declare. */
typedef struct cg_options {
    cg_output_mode output;
    size_t memory_limit;      /* bytes the run may allocate, growth included (0: the game's) */
    bool optimal;             /* domino: perfect play instead of the judge's question */
    int64_t max_number;       /* numbergame: upper bound M (0 = the game's default) */
    uint64_t upto;            /* grundy: the last heap computed (CG_UPTO_UNSET: the default) */
    bool computer_first;      /* play: the computer moves first */
    bool show_values;         /* play: the position's value before each of the human's moves */
    uint64_t case_number;     /* play: the case of a position file, from 1 */
    bool random_start;        /* play: start from a random position */
    uint64_t seed;            /* play: its seed; gen, stress: the first seed */
    uint64_t cases;           /* gen: cases per input (0: the game's default) */
    bool hard;                /* gen: hard cases */
    bool edge;                /* gen: boundary cases */
    int64_t tiles;            /* gen domino (0: random 1..7) */
    int64_t length;           /* gen treblecross (0: random 3..40) */
    int64_t density;          /* gen treblecross: percent (-1: random) */
    int64_t nodes;            /* gen gamecs (0: random 2..12) */
    uint64_t max_weight;      /* gen gamecs (0: 10) */
    int64_t shape;            /* gen gamecs: 0 random, 1 chain, 2 star, 3 caterpillar, 4 binary */
    int64_t size;             /* gen path (0: random 1..8) */
    int64_t fill;             /* gen path: percent (-1: random) */
    double time_limit;        /* stress: seconds per run */
    uint64_t runs;            /* stress: inputs at most (0: no bound) */
    double seconds;           /* stress: seconds at most (0: no bound) */
    const char *save;         /* stress: the file for the minimal failing input, or NULL */
    int method;               /* grundy: a cg_engine_method (0: auto) */
    bool until_period;        /* grundy */
    const char *values_out;   /* grundy: or NULL */
    const char *checkpoint;   /* grundy: or NULL */
    const char *resume;       /* grundy: or NULL */
    bool progress;            /* grundy: report progress even when stderr is not a terminal */
    unsigned threads;         /* grundy, treblecross: threads for long scans (0: one a processor) */
    const char *table;        /* treblecross: a checkpoint of 0.007's values, or NULL */
    cg_color_mode color_mode; /* as asked */
    bool color;               /* explanations may use ANSI colours (the caller resolves auto) */
    bool misere;              /* grundy: misère play */
    bool sum;                 /* grundy --misere: the arguments are a sum's heaps */
    uint64_t terms;           /* grundy --misere: genus terms (0: the default) */
    uint64_t positions;       /* grundy --misere: the search budget (0: the default) */
    int misere_by;            /* misere: a cg_misere_genus_way (default auto) */
    cg_progress_hook progress_hook; /* set by the front end, or NULL */
    void *progress_context;
    const char *certificate; /* grundy: the period's certificate to write, or NULL */
    const char *verify;      /* grundy: the certificate to check, or NULL */
    int level;               /* play: a cg_play_level (0: perfect) */
    size_t columns;          /* play: the width text is folded to (0: 80; set by the front end) */
    bool beyond_limits;      /* gen, stress: sizes past the problem's stated limits */
    double shrink_seconds;   /* stress: seconds shrinking may take (0: the default) */
    bool verbose;            /* stress: list each shrinking step */
    int64_t quotient;        /* grundy --misere: the quotient's heap bound (-1: none) */
    int64_t checker;         /* check: 0 cgsolve's exit codes, 1 testlib, 2 Kattis/DOMjudge */
    const char *against;     /* stress: the reference's command line (split at spaces), or NULL */
    bool census;             /* grundy: a census of the arguments */
    const char *shard;       /* grundy --census: "K/N", or NULL */
    const char *markdown;    /* grundy --census: the table's file, or NULL */
    const char *published;   /* census: the published extents' file, or NULL */
    bool path_value;         /* path: also the value under perfect play */
    int path_to_move;        /* path, play path: 0 White (the problem's), 1 Black */
    int64_t jobs;            /* stress: programs run at once (0: one) */
    int64_t window_from;     /* grundy: heaps past which only a window is kept */
    const char *spill;       /* grundy: the file that keeps what the window drops, or NULL */
    const char *plan;        /* gen, package: the test plan's file, or NULL */
    const char *out_dir;     /* gen --plan: the directory the tests go to */
    int64_t package_format;  /* package: 0 Kattis, 1 DOMjudge, 2 Polygon */
    size_t judge_memory;     /* package: the judge's memory limit per run, bytes */
    const char *testset;     /* check, validate: testlib's --testset (ignored) */
    const char *test_group;  /* check, validate: testlib's --group (ignored) */
    int64_t validator;       /* validate: 0 cgsolve's exit codes, 1 testlib, 2 Kattis */
    const char *overview;    /* validate: testlib's --testOverviewLogFileName, or NULL */
    size_t program_memory;   /* stress: the program's address space, bytes (0: no limit) */
#ifdef CGSOLVE_TEST_MADE_UP_OPTION
    int64_t made_up_option; /* the test build's made-up option (HACKING.md) */
#endif
} cg_options;

/* The threads options asks for, 0 resolved to the processors online. */
unsigned cg_options_threads(const cg_options *options);

/* The memory budget options asks for: memory_limit, or fallback when it is
 * 0 (a game's default_memory, else CG_DEFAULT_MEMORY_LIMIT). */
size_t cg_options_memory(const cg_options *options, size_t fallback);

/* upto, or fallback when it is CG_UPTO_UNSET. */
uint64_t cg_options_upto(const cg_options *options, uint64_t fallback);

/* The options every game accepts (output, memory, colour), NULL-name ended. */
extern const cg_option_spec cg_common_options[];

/* The spec of table (NULL-name ended) called name: a long name, or a
 * single letter for a short one; NULL if none. */
const cg_option_spec *cg_option_find(const cg_option_spec *table, const char *name);

/* The index of word among the '|'-separated words of choices ("a|b|c"),
 * or -1 (also for NULL). */
int cg_option_choice(const char *choices, const char *word);

/* Parse value (NULL for flags) as spec says and store it in the struct
 * holder (the type spec's storage was declared in). CG_ERR_USAGE with a
 * message such as "'99' is not an integer from 2 to 56"; the messages
 * describe the value, never the command line. */
cg_status cg_option_store(void *holder, const cg_option_spec *spec, const char *value,
                          cg_error *err);
/* cg_option_store into run options. */
cg_status cg_option_set(cg_options *options, const cg_option_spec *spec, const char *value,
                        cg_error *err);

/* cg_option_set for a name/value pair as a caller spells it (the one-call
 * API, the web page): a flag takes NULL or "", any other option a value.
 * The messages name the option: "--max needs a value", "--optimal takes
 * no value ('1' given)", "--max: '99' is not an integer from 2 to 56". */
cg_status cg_option_apply(cg_options *options, const cg_option_spec *spec, const char *value,
                          cg_error *err);

/* Store spec's default into holder; every spec of table. */
void cg_option_reset(void *holder, const cg_option_spec *spec);
void cg_option_reset_table(void *holder, const cg_option_spec *table);

/* The value holder holds for spec, written as the command line takes it
 * ("100", "256M", "json", "2.5", a file name; "" for a flag that is set),
 * NUL-terminated into text[0..size). False when it holds none: a flag not
 * set, no text, a number outside the bounds (the "not set" default). */
bool cg_option_format(const void *holder, const cg_option_spec *spec, char *text, size_t size);

/* spec's default as cg_option_format writes it; false when it has none to
 * show (a flag, no text, a default meaning "not set"). */
bool cg_option_default(const cg_option_spec *spec, char *text, size_t size);

/* Whether spec's declared storage fits its kind (a bool, a 32- or 64-bit
 * integer, a double, a pointer): the unit tests check every table. */
bool cg_option_spec_valid(const cg_option_spec *spec);

#ifdef __cplusplus
}
#endif

#endif
