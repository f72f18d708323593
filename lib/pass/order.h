/*===-- order.h - An op order of the function's body that lowers the bound -===*\
|*                                                                            *|
|* The max-live bound depends on the op order: a producer run long before its *|
|* consumer keeps its output live across everything in between. Within each   *|
|* block of the function's body, the ops may run in any order their          *|
|* dependences allow:                                                         *|
|*                                                                            *|
|*  - SSA: an op after the op of this block that defines a value it (or an   *|
|*    op nested in it) uses;                                                  *|
|*  - memory: two ops whose effects (MemoryEffectOpInterface, recursively     *|
|*    through their regions) touch memory that may be the same, one of them  *|
|*    writing or freeing it, keep their order. Memory is told apart by the   *|
|*    root of the value an effect names, followed through views             *|
|*    (ViewLikeOpInterface): each memref.alloc/alloca is memory of its own,   *|
|*    the function's arguments and memref.get_global results are one other   *|
|*    memory (they may alias each other, never a buffer allocated here), and *|
|*    any other value (a loop's iter_arg, a select, a call's result) or an    *|
|*    effect naming no value may be any memory. An op whose effects are not  *|
|*    known writes any memory: a barrier. The last op (the terminator) stays *|
|*    last.                                                                   *|
|*                                                                            *|
|* A list scheduler places the ops from the last to the first: among the    *|
|* ops whose dependents are all placed, the one whose planned buffers        *|
|* (liveness, after split and in place) free the most bytes seen backward:  *|
|* the bytes whose first use it is (placing it ends them) minus those whose  *|
|* last use it is (placing it starts them). So a producer lands right before *|
|* its consumer. When no op frees bytes, the one latest in the given order   *|
|* goes, so ops move only for a gain; ties go the same way, and the order is *|
|* deterministic. The scores are a guide only: the pass keeps the new order  *|
|* when the bound that liveness computes for it is lower (function.c).      *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_ORDER_H
#define MEMPLAN_PASS_ORDER_H

#include "values.h"

/** One block's ops but its last, in the given and in the new order. */
typedef struct mp_order_block {
  MlirOperation last;   /* the block's last op, which stays last */
  MlirOperation *given; /* n ops */
  MlirOperation *ops;   /* the same n ops in the new order */
  size_t n;
} mp_order_block;

typedef struct mp_order {
  mp_order_block *blocks;
  size_t n, cap;
  size_t moved; /* ops whose place in their block changes */
} mp_order;

/** Computes a new order of the blocks of func's body into *out (zeroed by
 *  the caller) from schedule s (the function's current order), its buffers
 *  l and their values v. `ignore_memory` (a negative control for the e2e
 *  tests) leaves out the memory dependences. Changes no IR. Returns 0, or
 *  -1 if memory runs out. */
int mp_order_find(MlirOperation func, const mp_schedule *s, const mp_liveness *l,
                  const mp_values *v, bool ignore_memory, mp_order *out);

/** Moves the ops of every block into the new order (`forward`) or back into
 *  the given one. Cannot fail. */
void mp_order_apply(const mp_order *o, bool forward);

void mp_order_free(mp_order *o);

#endif
