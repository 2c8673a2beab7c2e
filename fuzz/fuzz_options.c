#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "fuzz_options.h"

#include <string.h>

size_t fuzz_words_as_options(char *text, const char *separators, bool (*left_out)(const char *),
                             cg_option_value *options, size_t max) {
    size_t count = 0;
    char *save = NULL;
    for (char *word = strtok_r(text, separators, &save); word != NULL && count < max;
         word = strtok_r(NULL, separators, &save)) {
        char *equals = strchr(word, '=');
        if (equals != NULL) {
            *equals = '\0';
        }
        if (!left_out(word)) {
            options[count++] = (cg_option_value){word, equals != NULL ? equals + 1 : NULL};
        }
    }
    return count;
}
