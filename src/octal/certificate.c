/* Certificates of octal periods (see certificate_internal.h). The check recomputes
 * the values by the definition with its own plain loop, on purpose: a
 * certificate must not be confirmed by the code that produced it. */
#include "octal/certificate_internal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/clock_internal.h"
#include "core/hash_internal.h"
#include "core/replace_file_internal.h"

#define MAGIC "cgsolve-grundy-certificate 1"
#define PROGRESS_HEAPS 1024  /* heaps between looks at the clock */
#define PROGRESS_SECONDS 0.5 /* between reports */

uint64_t cg_certificate_extent(const cg_octal_code *code, uint64_t preperiod, uint64_t period) {
    if (period == 0 || preperiod > UINT64_MAX / 4 || period > UINT64_MAX / 4) {
        return 0;
    }
    return 2 * preperiod + 2 * period + code->last + (preperiod == 0);
}

cg_status cg_certificate_write(const cg_certificate *c, const char *path, cg_error *err) {
    cg_replacement r;
    cg_status st = cg_replace_begin(&r, path, "the certificate", err);
    if (st != CG_OK) {
        return st;
    }
    char name[CG_OCTAL_NAME_SIZE];
    cg_octal_format(&c->code, name, sizeof name);
    bool ok = fprintf(r.file,
                      MAGIC "\n"
                            "# G(n + period) = G(n) for every n >= preperiod, by the octal "
                            "periodicity theorem\n"
                            "# from G(0..extent-1); checksum: FNV-1a of those values, decimal, "
                            "comma-separated\n"
                            "code %s\npreperiod %" PRIu64 "\nperiod %" PRIu64 "\nextent %" PRIu64
                            "\nchecksum %016" PRIx64 "\n",
                      name, c->preperiod, c->period, c->extent, c->checksum) > 0;
    return cg_replace_commit(&r, ok, err);
}

/* The next line that is not a comment, without its newline; false at the
 * end (or a line too long, which the caller reports as malformed). */
static bool next_line(FILE *f, char *line, size_t size, size_t *number) {
    while (fgets(line, (int)size, f) != NULL) {
        (*number)++;
        size_t len = strlen(line);
        if (len > 0 && line[len - 1] == '\n') {
            line[--len] = '\0';
        } else if (!feof(f)) {
            return true; /* too long: the field below will not match */
        }
        if (line[0] != '#') {
            return true;
        }
    }
    return false;
}

/* "key N" with N decimal (or hexadecimal, 16 digits, for the checksum). */
static bool field(const char *line, const char *key, bool hex, uint64_t *value) {
    size_t len = strlen(key);
    if (strncmp(line, key, len) != 0 || line[len] != ' ') {
        return false;
    }
    const char *digits = line + len + 1;
    size_t count = strspn(digits, hex ? "0123456789abcdef" : "0123456789");
    if (count == 0 || digits[count] != '\0' || (hex && count != 16) || (!hex && count > 19)) {
        return false;
    }
    *value = strtoull(digits, NULL, hex ? 16 : 10);
    return true;
}

cg_status cg_certificate_read(const char *path, cg_certificate *c, cg_error *err) {
    memset(c, 0, sizeof *c);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return cg_error_set(err, CG_ERR_IO, "cannot read the certificate '%s': %s", path,
                            strerror(errno));
    }
    char line[256];
    size_t number = 0;
    cg_status st = CG_OK;
    if (!next_line(f, line, sizeof line, &number) || strcmp(line, MAGIC) != 0) {
        st = cg_error_set_at(err, CG_ERR_INPUT, path, number > 0 ? number : 1, 1,
                             "expected \"" MAGIC "\"");
    }
    if (st == CG_OK) {
        cg_error why;
        bool got = next_line(f, line, sizeof line, &number);
        if (!got || strncmp(line, "code ", 5) != 0) {
            st = cg_error_set_at(err, CG_ERR_INPUT, path, number + !got, 1,
                                 "expected \"code CODE\"");
        } else if (cg_octal_parse(line + 5, &c->code, &why) != CG_OK) {
            st = cg_error_set_at(err, CG_ERR_INPUT, path, number, 6, "%s", why.message);
        }
    }
    static const char *const keys[] = {"preperiod", "period", "extent", "checksum"};
    uint64_t *values[] = {&c->preperiod, &c->period, &c->extent, &c->checksum};
    for (size_t i = 0; st == CG_OK && i < 4; i++) {
        bool got = next_line(f, line, sizeof line, &number);
        if (!got || !field(line, keys[i], i == 3, values[i])) {
            st = cg_error_set_at(err, CG_ERR_INPUT, path, number + !got, 1, "expected \"%s %s\"",
                                 keys[i], i == 3 ? "HEX (16 digits)" : "N");
        }
    }
    if (st == CG_OK && next_line(f, line, sizeof line, &number)) {
        st = cg_error_set_at(err, CG_ERR_INPUT, path, number, 1,
                             "expected the end of the certificate");
    }
    fclose(f);
    return st;
}

/* The verifier's own definition: G(n) from G(0..n-1), every move of the
 * code marked in seen (size entries, above every nim-sum), then the mex. */
static uint32_t value_by_definition(const cg_octal_code *code, const uint32_t *g, size_t n,
                                    uint8_t *seen, size_t size) {
    memset(seen, 0, size);
    for (size_t k = 0; k <= code->last && k <= n; k++) {
        unsigned d = code->digit[k];
        size_t rest = n - k;
        if (k > 0 && (d & 1) && rest == 0) {
            seen[0] = 1;
        }
        if (k > 0 && (d & 2) && rest > 0) {
            seen[g[rest]] = 1;
        }
        for (size_t a = 1; (d & 4) && 2 * a <= rest; a++) {
            seen[g[a] ^ g[rest - a]] = 1;
        }
        for (size_t a = 1; (d & 8) && 3 * a <= rest; a++) {
            for (size_t b = a; a + 2 * b <= rest; b++) {
                seen[g[a] ^ g[b] ^ g[rest - a - b]] = 1;
            }
        }
    }
    uint32_t v = 0;
    while (v < size && seen[v]) {
        v++;
    }
    return v;
}

/* Whether G(n + d) = G(n) for every n in [from, from + p). */
static bool holds(const uint32_t *g, uint64_t from, uint64_t p, uint64_t d) {
    for (uint64_t n = from; n < from + p; n++) {
        if (g[n + d] != g[n]) {
            return false;
        }
    }
    return true;
}

/* The claims that follow from the values (all computed). */
static cg_status check_values(const cg_certificate *c, const uint32_t *g, uint64_t sum,
                              cg_error *err) {
    uint64_t e = c->preperiod, p = c->period;
    if (sum != c->checksum) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "the values' checksum is %016" PRIx64
                            ", the certificate says %016" PRIx64,
                            sum, c->checksum);
    }
    for (uint64_t n = e; n + p < c->extent; n++) {
        if (g[n + p] != g[n]) {
            return cg_error_set(err, CG_ERR_INPUT,
                                "G(%" PRIu64 ") = %" PRIu32 " but G(%" PRIu64 ") = %" PRIu32
                                ": not periodic with period %" PRIu64 " from %" PRIu64,
                                n, g[n], n + p, g[n + p], p, e);
        }
    }
    if (e > 0 && g[e - 1 + p] == g[e - 1]) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "G(%" PRIu64 ") = G(%" PRIu64 "): the preperiod is less than %" PRIu64,
                            e - 1, e - 1 + p, e);
    }
    for (uint64_t d = 1; d < p; d++) {
        if (p % d == 0 && holds(g, e, p, d)) {
            return cg_error_set(err, CG_ERR_INPUT,
                                "%" PRIu64 " is a period too: the period is less than %" PRIu64, d,
                                p);
        }
    }
    return CG_OK;
}

/* The claims that need no value: a code the theorem covers, an extent the
 * bound allows, a table that can be sized. */
static cg_status check_claims(const cg_certificate *c, cg_error *err) {
    char name[CG_OCTAL_NAME_SIZE];
    cg_octal_format(&c->code, name, sizeof name);
    if (cg_octal_unequal(&c->code)) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "%s has a '!': the periodicity theorem does not cover it", name);
    }
    uint64_t needed = cg_certificate_extent(&c->code, c->preperiod, c->period);
    if (needed == 0) { /* period 0, or a bound past 64 bits */
        return cg_error_set(err, CG_ERR_INPUT,
                            "period %" PRIu64 " from %" PRIu64
                            " is beyond what a certificate can prove (a period and a "
                            "preperiod below 2^62, the period not 0)",
                            c->period, c->preperiod);
    }
    if (c->extent < needed) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "the extent %" PRIu64 " is below the %" PRIu64
                            " values the bound needs for period %" PRIu64 " from %" PRIu64,
                            c->extent, needed, c->period, c->preperiod);
    }
    if (c->extent > SIZE_MAX / sizeof(uint32_t) / 2) {
        return cg_error_set(err, CG_ERR_LIMIT, "G(0..%" PRIu64 ") is too large a table",
                            c->extent - 1);
    }
    return CG_OK;
}

cg_status cg_certificate_verify(const cg_certificate *c, cg_budget *budget, cg_progress_hook hook,
                                void *context, cg_error *err) {
    cg_status st = check_claims(c, err);
    if (st != CG_OK) {
        return st;
    }
    size_t count = (size_t)c->extent, size = 2; /* seen: above every nim-sum so far */
    st = cg_budget_take(budget, count, sizeof(uint32_t), "the certificate's values", err);
    if (st != CG_OK) {
        return st;
    }
    uint32_t *g = calloc(count, sizeof *g);
    uint8_t *seen = malloc(size);
    size_t seen_held = 0;
    if (g == NULL || seen == NULL) {
        free(g);
        free(seen);
        cg_budget_give(budget, count, sizeof(uint32_t));
        return cg_error_nomem(err, "checking the certificate");
    }
    uint64_t sum = CG_GRUNDY_CHECKSUM_START;
    double told = cg_seconds();
    for (size_t n = 0; st == CG_OK && n < count; n++) {
        if (hook != NULL && n % PROGRESS_HEAPS == 0 && cg_seconds() - told >= PROGRESS_SECONDS) {
            told = cg_seconds();
            if (hook(context, "checking the certificate", n, count)) {
                st = cg_error_set(err, CG_ERR_STOPPED, "stopped at G(%zu) of G(0..%zu)", n,
                                  count - 1);
                break;
            }
        }
        g[n] = value_by_definition(&c->code, g, n, seen, size);
        sum = cg_grundy_checksum_add(sum, n, g[n]);
        while (g[n] >= size / 2) { /* nim-sums stay below twice a power of two above values */
            size *= 2;
            if ((st = cg_budget_take(budget, size, 1, "the certificate's table", err)) != CG_OK) {
                break;
            }
            cg_budget_give(budget, seen_held, 1);
            seen_held = size;
            uint8_t *grown = realloc(seen, size);
            if (grown == NULL) {
                st = cg_error_nomem(err, "checking the certificate");
                break;
            }
            seen = grown;
        }
    }
    if (st == CG_OK) {
        st = check_values(c, g, sum, err);
    }
    if (st == CG_OK && hook != NULL) {
        hook(context, "checking the certificate", count, count);
    }
    free(g);
    free(seen);
    cg_budget_give(budget, seen_held, 1);
    cg_budget_give(budget, count, sizeof(uint32_t));
    return st;
}
