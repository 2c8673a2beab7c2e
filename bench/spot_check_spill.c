/* Check of a spilled run's file (`grundy --window-from N --spill FILE`),
 * for runs whose table no memory holds (0.6 to 2^34 is 32 GiB of 16-bit
 * values), trusting nothing the engine computed but the file itself:
 *
 *   1. the checksum of G(0..upto) read from the file, to compare with the
 *      "checksum" of the run's --json (so the file is the run's values);
 *   2. G(from..upto) recomputed by the definition from the file's
 *      G(0..n-1), every option of every heap, in one pass over the file.
 *
 * The pass walks the split point a upwards once: for each a, the other
 * parts n - k - a of the heaps in the window are one contiguous stretch,
 * so the file is read twice in order (once upwards, once downwards) and
 * not once a heap. It costs about (upto / 2) * (upto - from + 1) nim-sums,
 * so keep the window short (16 heaps of 2^34 take minutes).
 *
 * Usage: spot_check_spill CODE FILE WIDTH FROM UPTO (WIDTH 2 or 4 bytes,
 * the file's value width). Exit 1 when a value differs, 2 on bad use. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/hash_internal.h"
#include "octal/octal_internal.h"

enum { WINDOW_MOST = 4096 };
/* Values at most: 0.6 to 2^34 stays below 400; a larger one means damage
 * (and would make the option table too large to hold). */
#define LARGEST_VALUE (1u << 20)

typedef struct spill_values {
    const unsigned char *bytes;
    size_t width;
} spill_values;

static uint32_t value_at(const spill_values *v, size_t n) {
    if (v->width == 2) {
        uint16_t x;
        memcpy(&x, v->bytes + n * 2, 2);
        return x;
    }
    uint32_t x;
    memcpy(&x, v->bytes + n * 4, 4);
    return x;
}

static bool parse_size(const char *text, size_t *out) {
    char *end;
    unsigned long long x = strtoull(text, &end, 10);
    if (*text == '\0' || *end != '\0' || text[0] == '-') {
        return false;
    }
    *out = (size_t)x;
    return true;
}

/* Every option of heaps from..upto whose parts are one heap or none, then
 * every split into two, a going up: seen[(n - from) * size + g] marks g. */
static void mark_options(const cg_octal_code *code, const spill_values *v, size_t from, size_t upto,
                         unsigned char *seen, size_t size) {
    for (size_t n = from; n <= upto; n++) {
        unsigned char *mark = seen + (n - from) * size;
        for (size_t k = 0; k <= code->last && k <= n; k++) {
            unsigned d = code->digit[k];
            if ((d & 1) && n == k) {
                mark[0] = 1;
            }
            if ((d & 2) && n > k) {
                mark[value_at(v, n - k)] = 1;
            }
        }
    }
    size_t half = upto / 2;
    for (size_t a = 1; a <= half; a++) {
        uint32_t ga = value_at(v, a);
        for (size_t k = 0; k <= code->last; k++) {
            unsigned d = code->digit[k];
            if (!(d & 4)) {
                continue;
            }
            bool unequal = (d & CG_OCTAL_UNEQUAL) != 0;
            /* heap n splits into a and n - k - a with a <= n - k - a (a <
             * it for '!'): n >= 2a + k (+1) */
            size_t least = 2 * a + k + (unequal ? 1 : 0);
            size_t first = from > least ? from : least;
            for (size_t n = first; n <= upto; n++) {
                seen[(n - from) * size + (ga ^ value_at(v, n - k - a))] = 1;
            }
        }
        if ((a & ((1u << 26) - 1)) == 0) {
            fprintf(stderr, "spot_check_spill: split %zu of %zu\n", a, half);
        }
    }
}

static int check(const cg_octal_code *code, const spill_values *v, size_t from, size_t upto) {
    uint64_t checksum = CG_GRUNDY_CHECKSUM_START;
    uint32_t largest = 0;
    size_t largest_at = 0;
    for (size_t n = 0; n <= upto; n++) {
        uint32_t g = value_at(v, n);
        checksum = cg_grundy_checksum_add(checksum, n, g);
        largest_at = g > largest ? n : largest_at;
        largest = g > largest ? g : largest;
    }
    if (largest >= LARGEST_VALUE) { /* a damaged file, not a table of values */
        printf("G(%zu) = %" PRIu32 " in the file: no octal game's value here is that large\n",
               largest_at, largest);
        return 1;
    }
    printf("checksum of G(0..%zu) in the file: %016" PRIx64 ", largest value %" PRIu32 "\n", upto,
           checksum, largest);
    size_t size = 1; /* above every nim-sum of two values and above the mex */
    while (size <= largest) {
        size *= 2;
    }
    size = size * 2 + 1;
    size_t heaps = upto - from + 1;
    unsigned char *seen = calloc(heaps, size);
    if (seen == NULL) {
        fprintf(stderr, "spot_check_spill: out of memory\n");
        return 2;
    }
    mark_options(code, v, from, upto, seen, size);
    size_t differ = 0;
    for (size_t n = from; n <= upto; n++) {
        const unsigned char *mark = seen + (n - from) * size;
        uint32_t mex = 0;
        while (mark[mex]) {
            mex++;
        }
        if (mex != value_at(v, n)) {
            printf("G(%zu): the file has %" PRIu32 ", the definition gives %" PRIu32 "\n", n,
                   value_at(v, n), mex);
            differ++;
        }
    }
    printf("G(%zu..%zu) checked by the definition: %zu differ\n", from, upto, differ);
    free(seen);
    return differ != 0;
}

int main(int argc, char **argv) {
    cg_octal_code code;
    cg_error err;
    size_t width, from, upto;
    if (argc != 6 || !parse_size(argv[3], &width) || (width != 2 && width != 4) ||
        !parse_size(argv[4], &from) || !parse_size(argv[5], &upto) || from > upto ||
        upto - from >= WINDOW_MOST) {
        fprintf(stderr, "usage: spot_check_spill CODE FILE WIDTH(2|4) FROM UPTO"
                        " (UPTO - FROM < 4096)\n");
        return 2;
    }
    if (cg_octal_parse(argv[1], &code, &err) != CG_OK) {
        fprintf(stderr, "spot_check_spill: %s\n", err.message);
        return 2;
    }
    for (size_t k = 0; k <= code.last; k++) {
        if (code.digit[k] & ~(unsigned)(7 | CG_OCTAL_UNEQUAL)) {
            fprintf(stderr, "spot_check_spill: %s splits into three heaps; only octal digits\n",
                    argv[1]);
            return 2;
        }
    }
    int fd = open(argv[2], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        perror(argv[2]);
        return 2;
    }
    if ((uint64_t)st.st_size / width <= upto) {
        fprintf(stderr, "spot_check_spill: %s holds %" PRIu64 " values, not G(0..%zu)\n", argv[2],
                (uint64_t)st.st_size / width, upto);
        close(fd);
        return 2;
    }
    size_t length = (upto + 1) * width;
    void *map = mmap(NULL, length, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    spill_values v = {map, width};
    int status = check(&code, &v, from, upto);
    munmap(map, length);
    return status;
}
