/* `cgsolve grundy`, `census`, `verify` and `misere`: values streamed to the output (or
 * --values-out), the progress on standard error (on a terminal, or with --progress), and an
 * interrupt (Ctrl-C) that ends the run cleanly with its checkpoint saved. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "core/clock_internal.h"
#include "core/eta_internal.h"
#include "octal/census_internal.h"
#include "octal/grundy_check_internal.h"
#include "octal/grundy_table_internal.h"
#include "octal/misere_report_internal.h"
#include "octal/octal_internal.h"

typedef struct progress_state {
    bool show;
    bool terminal;
    bool begun;           /* the run's first call (before computing) came */
    double started, last; /* from the first call */
    size_t first_known;   /* values known then (a resumed run's) */
    cg_eta eta;           /* the time left */
} progress_state;

/* Heaps done, values per second, rare positions, time left (eta_internal.h: the
 * work per heap may grow with the heap, linearly for the naive rule, or not
 * at all, as it mostly does for the sparse one: the growth is measured). */
static bool progress(void *context, size_t known, size_t wanted, size_t rare) {
    progress_state *p = context;
    double t = cg_seconds();
    if (!p->begun) {
        p->begun = true;
        p->started = p->last = t;
        p->first_known = known;
        cg_eta_start(&p->eta, t, known);
        return cli_interrupted();
    }
    if (p->show && (t - p->last >= 0.5 || known == wanted)) {
        p->last = t;
        double elapsed = t - p->started;
        double rate = elapsed > 0 ? (double)(known - p->first_known) / elapsed : 0;
        double left = cg_eta_left(&p->eta, t, known, wanted);
        fprintf(stderr,
                "%sgrundy: %zu of %zu heaps (%.1f%%), %.0f values/s, %zu rare, about %.0f s left%s",
                p->terminal ? "\r" : "", known, wanted, 100.0 * (double)known / (double)wanted,
                rate, rare, left > 0 ? left : 0, p->terminal ? "   " : "\n");
    }
    return cli_interrupted();
}

/* verify's progress (heaps checked), and its interrupt. */
static bool verify_progress(void *context, const char *what, uint64_t done, uint64_t total) {
    const progress_state *p = context;
    if (p->show) {
        fprintf(stderr, "%sverify: %s, %llu of %llu heaps (%.1f%%)%s", p->terminal ? "\r" : "",
                what, (unsigned long long)done, (unsigned long long)total,
                total > 0 ? 100.0 * (double)done / (double)total : 100.0,
                p->terminal ? "   " : "\n");
    }
    return cli_interrupted();
}

/* `verify FILE` (or the old `grundy --verify FILE`: the file is the option's). */
int cli_run_verify(cli *c) {
    const char *what = c->command->name;
    if (c->options.verify != NULL && c->argc > 0) {
        return cli_usage_error(what, "--verify reads the code from the certificate, not '%s'",
                               c->argv[0]);
    }
    if (c->options.verify == NULL) {
        if (c->argc == 0) {
            return cli_usage_error(what, "missing the certificate, e.g. dawson.cert");
        }
        if (c->argc > 1) {
            return cli_usage_error(what, "unexpected argument '%s'", c->argv[1]);
        }
        c->options.verify = c->argv[0];
    }
    progress_state p = {.show = c->options.progress || isatty(STDERR_FILENO),
                        .terminal = isatty(STDERR_FILENO)};
    c->options.progress_hook = verify_progress;
    c->options.progress_context = &p;
    cli_catch_interrupts();
    cg_error err;
    cg_error_clear(&err);
    cg_status st = cg_check_grundy_certificate(&c->options, stdout, &err);
    if (p.show && p.terminal) {
        fputc('\n', stderr);
    }
    if (st == CG_ERR_STOPPED) {
        fprintf(stderr, "cgsolve %s: interrupted; the certificate was not checked to the end\n",
                what);
        return cli_close_output(stdout, EXIT_STOPPED);
    }
    return cli_close_output(stdout, st == CG_OK ? EXIT_OK : cli_report_failure(what, &err));
}

/* Misère progress: heaps done, on standard error when shown; an interrupt
 * stops the run. */
static bool misere_progress(void *context, const char *what, uint64_t done, uint64_t total) {
    const progress_state *p = context;
    if (p->show) {
        fprintf(stderr, "%smisere: %llu of %llu heaps (%s)%s", p->terminal ? "\r" : "",
                (unsigned long long)done, (unsigned long long)total, what,
                p->terminal ? "   " : "\n");
    }
    return cli_interrupted();
}

/* `misere CODE [--sum HEAP...]` (misere_report_internal.h). */
int cli_run_misere(cli *c) {
    const char *what = c->command->name;
    if (c->argc == 0) {
        return cli_usage_error(what, "missing the octal game code, e.g. 0.77");
    }
    c->options.misere = true;
    int rc = EXIT_OK;
    progress_state p = {.show = c->options.progress, .terminal = isatty(STDERR_FILENO)};
    c->options.progress_hook = misere_progress;
    c->options.progress_context = &p;
    cli_catch_interrupts();
    cg_error err;
    cg_error_clear(&err);
    cg_status st = cg_write_misere(c->argv[0], (const char *const *)c->argv + 1,
                                   (size_t)c->argc - 1, &c->options, stdout, &err);
    if (p.show && p.terminal) {
        fputc('\n', stderr);
    }
    if (st == CG_ERR_STOPPED) {
        fflush(stdout);
        fprintf(stderr, "cgsolve %s: interrupted; the lines written so far are valid\n", what);
        rc = EXIT_STOPPED;
    } else if (st == CG_ERR_USAGE || st == CG_ERR_INPUT) {
        return cli_usage_error(what, "%s", err.message);
    } else if (st != CG_OK) {
        rc = cli_report_failure(what, &err);
    }
    return cli_close_output(stdout, rc);
}

/* census's progress: the heaps of the code in hand, and the interrupt. */
static bool census_progress(void *context, const char *what, uint64_t done, uint64_t total) {
    progress_state *p = context;
    double t = cg_seconds();
    if (p->show && (t - p->last >= 0.5 || done == total)) {
        p->last = t;
        fprintf(stderr, "%scensus: %s, %llu of %llu heaps%s", p->terminal ? "\r" : "", what,
                (unsigned long long)done, (unsigned long long)total,
                p->terminal ? "        " : "\n");
    }
    return cli_interrupted();
}

int cli_run_census(cli *c) {
    const char *what = c->command->name;
    progress_state p = {.show = c->options.progress || isatty(STDERR_FILENO),
                        .terminal = isatty(STDERR_FILENO)};
    c->options.progress_hook = census_progress;
    c->options.progress_context = &p;
    cli_catch_interrupts();
    cg_error err;
    cg_error_clear(&err);
    cg_status st =
        cg_run_census((const char *const *)c->argv, (size_t)c->argc, &c->options, stdout, &err);
    if (p.show && p.terminal) {
        fputc('\n', stderr);
    }
    if (st == CG_ERR_STOPPED) {
        fprintf(stderr, "cgsolve %s: interrupted; the lines written are complete%s\n", what,
                c->options.checkpoint != NULL ? ", and --checkpoint resumes the census" : "");
        return cli_close_output(stdout, EXIT_STOPPED);
    }
    return cli_close_output(stdout, st == CG_OK ? EXIT_OK : cli_report_failure(what, &err));
}

int cli_run_grundy(cli *c) {
    cg_error checked;
    cg_error_clear(&checked);
    if (cg_grundy_check(&c->options, &checked) != CG_OK) {
        return cli_report_failure("grundy", &checked); /* before a file is opened */
    }
    const char *code = c->argc > 0 ? c->argv[0] : NULL;
    if (code == NULL && c->options.resume == NULL) {
        return cli_usage_error("grundy", "missing the octal game code, e.g. 0.007");
    }
    if (c->argc > 1) {
        return cli_usage_error("grundy", "unexpected argument '%s'", c->argv[1]);
    }
    cg_error err;
    cg_error_clear(&err);
    cg_octal_code parsed;
    if (code != NULL && cg_octal_parse(code, &parsed, &err) != CG_OK) {
        return cli_usage_error("grundy", "%s", err.message);
    }
    FILE *values = NULL;
    if (c->options.values_out != NULL && (values = fopen(c->options.values_out, "w")) == NULL) {
        return cli_cannot_open("grundy", c->options.values_out);
    }
    progress_state p = {.show = c->options.progress || isatty(STDERR_FILENO),
                        .terminal = isatty(STDERR_FILENO)};
    cg_grundy_hooks hooks = {progress, &p, values, NULL};
    cli_catch_interrupts();
    cg_status st = cg_write_grundy_table(code, &c->options, stdout, &hooks, &err);
    if (p.show && p.terminal) {
        fputc('\n', stderr);
    }
    int rc = EXIT_OK;
    if (st == CG_ERR_STOPPED) {
        fflush(stdout);
        fprintf(stderr, "cgsolve grundy: interrupted; the values written so far are valid%s\n",
                c->options.checkpoint != NULL ? ", and saved to the checkpoint" : "");
        rc = EXIT_STOPPED;
    } else if (st != CG_OK) {
        rc = cli_report_failure("grundy", &err);
    }
    if (values != NULL && fclose(values) != 0 && rc == EXIT_OK) {
        fprintf(stderr, "cgsolve grundy: write error on '%s': %s\n", c->options.values_out,
                strerror(errno));
        rc = EXIT_IO;
    }
    return cli_close_output(stdout, rc);
}
