/* A main for fuzz targets built without libFuzzer: run the target on every
 * file named on the command line (regression inputs, seed corpora). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
    int replayed = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (f == NULL) {
            fprintf(stderr, "cannot open %s\n", argv[i]);
            return 1;
        }
        size_t cap = 1 << 16, len = 0;
        uint8_t *data = malloc(cap);
        size_t got;
        while (data != NULL && (got = fread(data + len, 1, cap - len, f)) > 0) {
            len += got;
            if (len == cap) {
                uint8_t *grown = realloc(data, cap *= 2);
                if (grown == NULL) {
                    free(data);
                    data = NULL;
                }
                data = grown;
            }
        }
        fclose(f);
        if (data == NULL) {
            return 1;
        }
        LLVMFuzzerTestOneInput(data, len);
        free(data);
        replayed++;
    }
    printf("replayed %d inputs\n", replayed);
    return 0;
}
