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
    CG_OPTION_OPTIMAL,      /* domino */
    CG_OPTION_MAX,          /* numbergame */
    CG_OPTION_UPTO,         /* grundy */
    CG_OPTION_FIRST,        /* play */
    CG_OPTION_CASE,         /* play: which case of a position file */
    CG_OPTION_RANDOM,       /* play: a random start */
    CG_OPTION_SEED,         /* play, gen, stress: the seed */
    CG_OPTION_CASES,        /* gen: how many cases */
    CG_OPTION_HARD,         /* gen: cases that break common wrong solutions */
    CG_OPTION_EDGE,         /* gen: boundary cases */
    CG_OPTION_TILES,        /* gen domino: tiles per hand */
    CG_OPTION_LENGTH,       /* gen treblecross: cells per board */
    CG_OPTION_DENSITY,      /* gen treblecross: percent of cells holding an X */
    CG_OPTION_NODES,        /* gen gamecs: nodes per tree */
    CG_OPTION_MAX_WEIGHT,   /* gen gamecs: largest edge weight */
    CG_OPTION_SHAPE,        /* gen gamecs: the trees' shape */
    CG_OPTION_SIZE,         /* gen path: board side */
    CG_OPTION_FILL,         /* gen path: percent of cells holding a stone */
    CG_OPTION_TIME_LIMIT,   /* stress: seconds per run of the program */
    CG_OPTION_RUNS,         /* stress: how many inputs at most */
    CG_OPTION_SECONDS,      /* stress: how long at most */
    CG_OPTION_SAVE,         /* stress: where to write the minimal failing input */
    CG_OPTION_METHOD,       /* grundy: the engine */
    CG_OPTION_UNTIL_PERIOD, /* grundy: stop once a period is proven */
    CG_OPTION_VALUES_OUT,   /* grundy: the values' file */
    CG_OPTION_CHECKPOINT,   /* grundy: the checkpoint file */
    CG_OPTION_RESUME,       /* grundy: the checkpoint to start from */
    CG_OPTION_PROGRESS,     /* grundy: progress on standard error */
    CG_OPTION_THREADS,      /* grundy, treblecross: threads sharing long scans */
    CG_OPTION_TABLE,        /* treblecross: a 0.007 checkpoint to start from */
    CG_OPTION_MISERE,       /* grundy: misère play (values, genus, sums) */
    CG_OPTION_SUM,          /* grundy --misere: the arguments after CODE are a sum's heaps */
    CG_OPTION_TERMS,        /* grundy --misere: genus terms per heap */
    CG_OPTION_POSITIONS,    /* grundy --misere: positions one question may search */
    CG_OPTION_CERTIFICATE,  /* grundy: write the proof of the period found to this file */
    CG_OPTION_VERIFY,       /* grundy: check a certificate instead of computing */
    CG_OPTION_LEVEL,        /* play: how well the computer plays */
    /* gen, stress: sizes past the problem's stated limits */
    CG_OPTION_BEYOND_LIMITS,
    /* stress: how long shrinking may take */
    CG_OPTION_SHRINK_SECONDS,
    CG_OPTION_QUOTIENT, /* grundy --misere: the misère quotient of heaps <= N */
    /* check: the judge system's convention (testlib, Kattis/DOMjudge) */
    CG_OPTION_CHECKER,
    /* stress: a reference program to compare with */
    CG_OPTION_AGAINST,
    CG_OPTION_CENSUS,   /* grundy: the arguments are codes and patterns, one line each */
    CG_OPTION_SHARD,    /* grundy --census: this shard's share, K/N */
    CG_OPTION_MARKDOWN, /* grundy --census: write the table as Markdown to this file */
    CG_OPTION_VALUE,    /* path: the value under perfect play */
    CG_OPTION_TO_MOVE,  /* path, play path: the side to move */
    CG_OPTION_JOBS,     /* stress: programs run at once */
    CG_OPTION_COUNT
} cg_option_id;

typedef enum cg_option_arg {
    CG_ARG_NONE,    /* a flag */
    CG_ARG_INT,     /* an integer in [min, max] */
    CG_ARG_SIZE,    /* a byte count with an optional K, M or G suffix, above 0 */
    CG_ARG_CHOICE,  /* one of the words in choices, separated by '|' */
    CG_ARG_SECONDS, /* a number of seconds above 0, decimals allowed (stored in ms) */
    CG_ARG_TEXT,    /* any text, such as a file name */
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

/* --threads, declared alike by every command whose long scans it shares. */
#define CG_THREADS_OPTION                                                                          \
    {                                                                                              \
        CG_OPTION_THREADS, "threads", 'J', CG_ARG_INT, "T",                                        \
            "share long scans among T threads (0: one a processor)", 0, 1024, NULL                 \
    }

/* Default budget for a run's tables. */
#define CG_DEFAULT_MEMORY_LIMIT ((size_t)1 << 30)

/* Long work inside one case (the Grundy values of a very long Treblecross
 * board) tells the caller how far it is, about twice a second once it has
 * run half a second: what it computes, done of total. Returning true asks
 * it to stop: the case ends with CG_ERR_STOPPED, the answers before it
 * written. */
typedef bool (*cg_progress_hook)(void *context, const char *what, uint64_t done, uint64_t total);

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
    uint64_t seed;            /* play: its seed; gen, stress: the first seed */
    bool seed_given;          /* gen: the seed was chosen (stress: the runs use seed, seed+1...) */
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
    uint64_t given[2];        /* bit id % 64 of word id / 64 for each option cg_option_set stored */
    bool misere;              /* grundy: misère play */
    bool sum;                 /* grundy --misere: the arguments are a sum's heaps */
    uint64_t terms;           /* grundy --misere: genus terms (0: the default) */
    uint64_t positions;       /* grundy --misere: the search budget (0: the default) */
    cg_progress_hook progress_hook; /* set by the front end, or NULL */
    void *progress_context;
    const char *certificate; /* grundy: the period's certificate to write, or NULL */
    const char *verify;      /* grundy: the certificate to check, or NULL */
    int level;               /* play: a cg_play_level (0: perfect) */
    size_t columns;          /* play: the width text is folded to (0: 80; set by the front end) */
    bool beyond_limits;      /* gen, stress: sizes past the problem's stated limits */
    double shrink_seconds;   /* stress: seconds shrinking may take (0: the default) */
    int64_t quotient;        /* grundy --misere: the quotient's heap bound (-1: none) */
    int64_t checker;         /* check: 0 cgsolve's exit codes, 1 testlib, 2 Kattis/DOMjudge */
    const char *against;     /* stress: the reference's command line (split at spaces), or NULL */
    bool census;             /* grundy: a census of the arguments */
    const char *shard;       /* grundy --census: "K/N", or NULL */
    const char *markdown;    /* grundy --census: the table's file, or NULL */
    bool path_value;         /* path: also the value under perfect play */
    int path_to_move;        /* path, play path: 0 White (the problem's), 1 Black */
    int64_t jobs;            /* stress: programs run at once (0: one) */
} cg_options;

/* Set the defaults: judge output, CG_DEFAULT_MEMORY_LIMIT, upto 100, case 1,
 * seed 1, no extras. */
void cg_options_init(cg_options *options);

/* The threads options asks for, 0 resolved to the processors online. */
unsigned cg_options_threads(const cg_options *options);

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
