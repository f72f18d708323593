/*===-- spill_exact.h - The fewest bytes to spill, by branch and bound ------===*\
|*                                                                            *|
|* Which buffers to move to the fallback space so that, at every step, the    *|
|* buffers left live sum to at most a target: fewest bytes moved, then fewest *|
|* buffers. A covering problem (each step over the target needs moved bytes  *|
|* live there of at least its excess), NP-hard in general and small in        *|
|* practice: only movable buffers live at a step over the target are          *|
|* candidates. The greedy of spill.h gives a first answer; this search        *|
|* decides the candidates largest first (move or keep), keeping a partial   *|
|* choice only while every step it touches can still be covered by the       *|
|* undecided candidates and its bytes plus the largest deficit left stay      *|
|* below the best answer. Deterministic: it counts nodes, not time; when the  *|
|* budget runs out the best answer found so far stands (at least as good as   *|
|* the greedy's).                                                             *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_SPILL_EXACT_H
#define MEMPLAN_PASS_SPILL_EXACT_H

#include "memplan/memplan.h"

#include <stdbool.h>
#include <stdint.h>

/** Improves a choice: moved[k] (for p's buffers) holds one that fits
 *  target, `fixed[k]` the buffers the caller moved whatever the choice.
 *  Rewrites moved with a choice that fits target and moves fewer bytes (then
 *  fewer buffers), if the search finds one within `budget` nodes; only
 *  buffers with movable[k] are added. Returns 1 if it improved moved, 0 if
 *  not, -1 if memory runs out (moved unchanged). */
int mp_spill_minimize(const memplan_problem *p, const bool *movable, const bool *fixed,
                      uint64_t target, bool *moved, uint64_t budget);

#endif
