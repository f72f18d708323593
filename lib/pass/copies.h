/*===-- copies.h - A copy removed: its source's writers write the dest ----===*\
|*                                                                            *|
|* Bufferized CNNs pad a feature map by computing it into a buffer S, then    *|
|* allocating the padded buffer P, filling it with zeros and copying S into   *|
|* the interior of P (`memref.copy %S, %subview_of_P`); concatenations copy   *|
|* each part into a slice of the result. At that copy S and P are live at     *|
|* once, and in the fused models that pair is the peak. If the ops that       *|
|* write S wrote the subview instead, S and the copy would go away.           *|
|*                                                                            *|
|* The rewrite, for `memref.copy %S, %D` with D = P or a memref.subview of P, *|
|* S and P memref.allocs of one block B holding the copy C:                   *|
|*   1. S's last use is C (memref.dealloc aside), and each earlier use is an  *|
|*      op that takes a memref of any layout (a LinalgOp, memref.load/store,  *|
|*      memref.copy, vector transfers): D, strided, can stand in for S;       *|
|*   2. between F, the first op of B that uses S, and C, nothing uses P but   *|
|*      its alloc, the subview D and ops that overwrite all of P reading no   *|
|*      other memref (memplan_op_overwrites: a fill); those are moved before  *|
|*      F in their order, which needs every value they use to be defined      *|
|*      before F;                                                             *|
|*   3. then every use of S becomes a use of D, and C, S's deallocs and S's   *|
|*      alloc are erased.                                                     *|
|* P's bytes outside D are written only by the moved fills, which now run     *|
|* before S's writers instead of after them, and D holds what S held when C  *|
|* ran; so every read sees what it saw before. The rewrite is made only when *|
|* it does not raise the max-live bound (P now lives from F on, S not at     *|
|* all): candidates are taken in program order, each judged with the ones    *|
|* taken before it, and no buffer is in two.                                 *|
|*                                                                            *|
|* It runs before the other stages, on the function's IR (its own schedule    *|
|* and liveness); the pass then analyses the rewritten function. Each        *|
|* rewrite is a program transformation that holds on its own, so a later     *|
|* stage that fails leaves a correct function behind.                        *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_COPIES_H
#define MEMPLAN_PASS_COPIES_H

#include "liveness.h"
#include "schedule.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct mp_copies_result {
  uint64_t bound_before; /* max-live bound of the input, one buffer per alloc */
  uint64_t bound_after;  /* the same with the copies removed (estimated
                            from the input's liveness, as the rewrite is
                            judged) */
  uint64_t removed;      /* copies removed */
} mp_copies_result;

/** Removes the copies of `func` that the rewrite above can remove without
 *  raising the bound; `s` and `l` are the schedule and liveness of func as
 *  it is (they are stale afterwards). `corrupt` (a negative control for the
 *  end-to-end tests) leaves P's fills where they were, so that they
 *  overwrite what S's writers wrote into D. Returns 0, or -1 if memory runs
 *  out (the function is then unchanged). */
int mp_copies_remove(MlirOperation func, const mp_schedule *s, const mp_liveness *l,
                     bool corrupt, mp_copies_result *out);

#endif
