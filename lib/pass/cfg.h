/*===-- cfg.h - Liveness of a value over the CFG of its region ------------===*\
|*                                                                            *|
|* In a region of one block the schedule (schedule.h) is execution order, and *|
|* a value is live on the numbers between its def and its last use. A region *|
|* of several blocks (after --convert-scf-to-cf, an early return, an          *|
|* scf.execute_region with branches) runs its blocks in the order its         *|
|* branches choose, around back edges too: a value is live in a block when   *|
|* some path from its def to a use passes through it (SSA liveness: live-in  *|
|* at the blocks with a use, and backwards through predecessors until the    *|
|* def's block). Liveness needs one interval per buffer, so this reports the *|
|* hull of the live ops' numbers: larger than the live set, never smaller.   *|
|*                                                                            *|
|* The CFG of each multi-block region is read once per function, on demand:  *|
|* blocks, successors from their terminators (any op with successors: the    *|
|* CFG needs no interface, only which values the branches forward does, and  *|
|* that is alias.c's business), predecessors, and each block's span of       *|
|* schedule numbers.                                                          *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_CFG_H
#define MEMPLAN_PASS_CFG_H

#include "schedule.h"

/** The CFGs of the multi-block regions of one function. */
typedef struct mp_cfg mp_cfg;

/** An empty cache for the function numbered by s (borrowed for the cache's
 *  life). NULL if memory runs out. */
mp_cfg *mp_cfg_new(const mp_schedule *s);
void mp_cfg_free(mp_cfg *c);

/** True if the region holding v's definition (the block of its defining op,
 *  or of which it is an argument) has more than one block. */
bool mp_cfg_value_in_multiblock(MlirValue v);

/** What mp_cfg_live finds for one value. */
typedef struct mp_cfg_live_out {
  int64_t lo, hi; /* the hull [lo, hi) of the numbers where v is live,
                     nested ops included */
  bool across;    /* v is live right before `anchor`: defined before it (on
                     some path) and used after it */
} mp_cfg_live_out;

/** Liveness of v, defined in a region of several blocks, whose uses are the
 *  ops uses[0..n) of that region (a use nested deeper is given as its
 *  ancestor in the region). `anchor` is an op of the same region (null: no
 *  question asked). Returns 0, or -1 if memory runs out. */
int mp_cfg_live(mp_cfg *c, MlirValue v, const MlirOperation *uses, size_t n,
                MlirOperation anchor, mp_cfg_live_out *out);

#endif
