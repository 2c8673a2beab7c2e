/* CG_API marks what libcgsolve exports: the library is compiled with
 * -fvisibility=hidden, so a function is part of a shared build's ABI only
 * when its declaration in an installed header carries CG_API. Everything
 * else, the internals under src/, stays inside the library
 * (tests/abi/symbols.py checks the list against `nm -D`). */
#ifndef CGSOLVE_EXPORT_H
#define CGSOLVE_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define CG_API __attribute__((visibility("default")))
#else
#define CG_API
#endif

#endif
