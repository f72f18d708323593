/*===-- core/arith.h - Integer helpers shared by the core and planners ----===*\
|*                                                                            *|
|* Internal: not installed, not part of the API.                              *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_CORE_ARITH_H
#define MEMPLAN_LIB_CORE_ARITH_H

#include <stdint.h>

/* Greatest common divisor (Euclid); mp_gcd(0, b) = b, so it folds over a
 * list from 0. Alignments need not be powers of two, so their common
 * granularity is a gcd, not a minimum. */
static inline uint64_t mp_gcd(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* Least common multiple of a, b >= 1, or 0 when it does not fit in 64
 * bits: the alignment that is a multiple of both. */
static inline uint64_t mp_lcm(uint64_t a, uint64_t b) {
  uint64_t q = b / mp_gcd(a, b);
  return a > UINT64_MAX / q ? 0 : a * q;
}

/* a + b, or UINT64_MAX when the sum does not fit. */
static inline uint64_t mp_add_sat(uint64_t a, uint64_t b) {
  uint64_t s;
  return __builtin_add_overflow(a, b, &s) ? UINT64_MAX : s;
}

/* a * b, or UINT64_MAX when the product does not fit. */
static inline uint64_t mp_mul_sat(uint64_t a, uint64_t b) {
  uint64_t m;
  return __builtin_mul_overflow(a, b, &m) ? UINT64_MAX : m;
}

/* The least multiple of g >= 1 that is >= x, or UINT64_MAX when it does
 * not fit: a bound that rounds past 2^64 is above every possible peak. */
static inline uint64_t mp_round_up_sat(uint64_t x, uint64_t g) {
  uint64_t r = x % g;
  return r ? mp_add_sat(x, g - r) : x;
}

#endif
