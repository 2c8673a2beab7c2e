/* The octal engine's hot loops, once per value width (see
 * octal_engine_loops.h). */
#include "octal/octal_engine_parts_internal.h"

#define VALUE uint16_t
#define WIDTH 16
#include "octal/octal_engine_loops.h"
#undef VALUE
#undef WIDTH

#define VALUE uint32_t
#define WIDTH 32
#include "octal/octal_engine_loops.h"
#undef VALUE
#undef WIDTH
