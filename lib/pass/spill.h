/*===-- spill.h - Buffers moved to a slower fallback memory space ---------===*\
|*                                                                            *|
|* Option spill=FROM:TO: when the function's arena of memory space FROM       *|
|* passes FROM's capacity, some of its buffers move to memory space TO (as   *|
|* XLA's memory-space assignment and ExecuTorch's banked planning do): they   *|
|* join TO's problem, get offsets in TO's arena, and their views have TO's    *|
|* memory space. The choice: fewest bytes moved, then fewest buffers, such    *|
|* that the rest fits (docs/algorithms.md, "Spill").                          *|
|*                                                                            *|
|* Only a buffer whose type may change can move: an alloc (not a later value  *|
|* of one, not split, sharing no bytes), in the function's heap arena, with   *|
|* an identity layout, whose every use is by an op that takes a memref of     *|
|* any memory space (a LinalgOp, memref.load/store/copy/dealloc/              *|
|* memory_space_cast, vector.transfer_read/write, vector.load/store), or by a *|
|* view that only carries its source's space (ir.h: mp_space_view), whose    *|
|* uses follow the same rule; such views change type with it. A call, a      *|
|* return, a region's argument or yield ties its type to another value's: a   *|
|* buffer with such a use stays.                                              *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_SPILL_H
#define MEMPLAN_PASS_SPILL_H

#include "problem.h"

#include "memplan/memplan.h"

/** True if buffer i of l may move to another memory space; else writes why
 *  not into why ("used by 'memref.subview' at 4:8"). */
bool mp_spill_movable(const mp_liveness *l, size_t i, char *why, size_t len);

/** The choice on one problem: sets moved[k] for buffers k (only where
 *  movable[k]; those already set stay) so that at every step the sizes of
 *  the buffers left live there sum to at most `target`. Deterministic: a
 *  greedy first (at the first step with the largest excess, the smallest
 *  movable buffer live there that covers the excess, else the largest;
 *  then, largest first, every moved buffer without which the rest still
 *  fits goes back), then a branch and bound from it (spill_exact.h) for
 *  fewer bytes, then fewer buffers, within a node budget. Returns 0; 1 if no choice of movable buffers fits (the
 *  buffers that cannot move pass target at step *stuck); -1 if memory runs
 *  out. */
int mp_spill_choose(const memplan_problem *p, const bool *movable, uint64_t target,
                    bool *moved, int64_t *stuck);

/** Spills: for every function-level heap arena of a space with a spill
 *  entry whose plan under o passes its capacity, chooses buffers with
 *  mp_spill_choose, then plans the rest; while that plan (fragmentation)
 *  still passes the capacity, the target drops by the gap and the choice
 *  is made again, at most MP_SPILL_ROUNDS times. The chosen buffers get
 *  TO's attribute as space and `spilled` set (liveness's dealloc facts of
 *  FROM cleared: TO's arena is freed as TO's own buffers were), and p is
 *  built again. When nothing fits, nothing moves and `note` says what was
 *  tried, for the capacity error that follows. Returns 0, or -1 with err
 *  set (out of memory, TO does not parse). */
#define MP_SPILL_ROUNDS 8
int mp_spill_spaces(MlirContext ctx, const memplan_pass_options *o, mp_liveness *l,
                    const mp_id *ids, mp_problems *p, char *note, size_t note_len,
                    char *err, size_t err_len);

/** test-corrupt=spill-overlap: gives the later of two spilled buffers live
 *  at once in one arena the earlier one's offset (when its alignment
 *  allows). Returns true if it did. */
bool mp_spill_corrupt(const mp_liveness *l, const mp_problems *p, memplan_plan *plans);

#endif
