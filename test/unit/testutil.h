/* Shared helpers for the unit tests: seeded random instances and a
 * brute-force optimum for tiny instances. */
#ifndef MEMPLAN_TEST_TESTUTIL_H
#define MEMPLAN_TEST_TESTUTIL_H

#include "memplan/memplan.h"

#include <stdbool.h>
#include <stdint.h>

/* splitmix64: deterministic, seed-only pseudo-random numbers. */
uint64_t tu_rand(uint64_t *state);
/* Uniform in [lo, hi]. */
uint64_t tu_range(uint64_t *state, uint64_t lo, uint64_t hi);

/* Fills p (initialized, empty) with n random buffers: sizes in [1, max_size]
 * (skewed: small sizes more likely), intervals within [0, horizon), alignment
 * 1 or a random power of two up to max_align. Deterministic in seed. */
void tu_random_problem(memplan_problem *p, uint64_t seed, size_t n,
                       uint64_t max_size, int64_t horizon, uint64_t max_align);

/* Fills p (initialized, empty) with n buffers of short lives along a long
 * schedule, as a model's activations: buffer i starts at i/2 + [0, 8],
 * lives 1 to 41 steps, has a size in [1, 2^20] and an alignment 2^[0, 6].
 * Deterministic in seed. */
void tu_long_schedule(memplan_problem *p, uint64_t seed, int n);

/* Gives every buffer of p an alignment drawn from {1, 2, 3, 5, 6, 10, 12,
 * 20, 24, 40}: most are not powers of two, and pairs such as 20 and 24
 * have a gcd (4) below both. Fixed buffers are left alone. Deterministic
 * in seed. */
void tu_odd_alignments(memplan_problem *p, uint64_t seed);

/* Whether two fixed buffers of p overlap in time and in bytes: then no
 * plan exists, and every planner must say so. */
bool tu_fixed_overlap(const memplan_problem *p);

/* The optimal peak of a small problem (n <= 9) by exhaustive search over
 * the order in which buffers are placed at the lowest aligned offset that
 * fits (every optimal plan is reachable so). Honors fixed offsets. */
uint64_t tu_brute_force_peak(const memplan_problem *p);

/* Plans p with memplan_solve into `plan` (initialized by the caller, kept
 * for inspection) and returns the peak; a failure of the solve fails the
 * calling cmocka test with the planner's message. o may be NULL.
 * (testutil_solve.c: linked into the cmocka tests only.) */
uint64_t tu_solve_ok(const memplan_problem *p, const char *planner,
                     const memplan_options *o, memplan_plan *plan);
/* The same, for when only the peak matters. */
uint64_t tu_peak(const memplan_problem *p, const char *planner,
                 const memplan_options *o);

#endif
