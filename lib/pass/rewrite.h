/*===-- rewrite.h - Stage 5: arenas and views in place of the allocs ------===*\
|*                                                                            *|
|* Per memory space with planned buffers:                                     *|
|*   - arena=alloc:  %arena = memref.alloc() {alignment = A, memplan.arena}   *|
|*     : memref<Nxi8>, first in the function, freed before each return        *|
|*     (below); memplan.arena tells a later run to leave it alone;            *|
|*   - arena=global: memref.get_global of a private, uninitialized            *|
|*     memref.global of the same type, which this stage creates but does not *|
|*     insert: the module's end inserts it before the function, since a pass *|
|*     on a function may change nothing outside it;                           *|
|*   - the stack buffers (memref.alloca), with any option: a memref.alloca   *|
|*     {alignment = A, memplan.arena} of their own, first in the function,    *|
|*     freed with the activation like them;                                   *|
|*   - arena=arg:    a new argument of the function, appended to its          *|
|*     signature (arena_arg.h); its callers are updated at the module's end;  *|
|*   - a gpu.func's arena of #gpu.address_space<workgroup> or <private>, with *|
|*     any option: a new attribution of that kind {llvm.align = A,            *|
|*     memplan.arena}, never freed; the attributions planned into it are      *|
|*     erased (attributions.h).                                               *|
|* The arena=alloc arena gets no kind of dealloc the input could not have     *|
|* had. In the default memory space it is always freed (the standard          *|
|* lowering frees there). In any other space a dealloc may not lower at all   *|
|* (upstream's finalize-memref-to-llvm cannot free an !llvm.ptr<1>), so the   *|
|* arena is freed only as the input freed its buffers: with a memref.dealloc  *|
|* in that space if the input freed one of them so; else through a            *|
|* memref.memory_space_cast to the space in which the input freed one of     *|
|* them; else not at all (then the input freed none of them, and the arena,   *|
|* no larger than their sum, leaks no more than they did).                    *|
|* A is the largest alignment of the buffers in it, so base + offset keeps    *|
|* every buffer's own alignment. Each planned alloc becomes, at its own place:*|
|*     %o = arith.constant <offset> : index                                   *|
|*     %v = memref.view %arena[%o][] : memref<Nxi8> to <the alloc's type>     *|
|* and its deallocs (from liveness) are erased (an attribution's view goes    *|
|* first in the entry block). A view has the identity                        *|
|* layout; an alloc whose strided layout equals it gets its own type back     *|
|* from a memref.cast of the view. The arena dominates every view because it  *|
|* is the first op of the entry block, and planned allocs all have static     *|
|* shapes, so the views need no size operands. A later value of an alloc     *|
|* (buffer.h: value_of) gets the same view before the op that starts it, and  *|
|* a buffer that shares another's bytes (shares) a view at that one's offset. *|
|* A loop-carried alloc (carried.h) gets the views of its two slots and      *|
|*     %p = ((iv - lb) / step) & 1   (arith ops at the top of the loop body) *|
|*     %v = arith.select (index_cast %p to i1), %odd_view, %even_view        *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_REWRITE_H
#define MEMPLAN_PASS_REWRITE_H

#include "plan.h"

struct mp_arena_args;

typedef struct mp_rewrite_in {
  memplan_arena_kind arena;
  /* arena=global, arena=arg: the sym_names the module had before the pass
   * (the uniqued StringAttr -> 1), which an arena's (or the size
   * function's) name steps around. */
  const mp_ptrmap *taken;
  /* Called once, when every new op is in the function and before the
   * allocs go, with the view of each planned buffer (views[i] for buffer i
   * of l): the uses of later values of an alloc move to their own views
   * there (values.h). It must not fail. NULL: none. */
  void (*hook)(void *ctx, const MlirValue *views);
  void *hook_ctx;
  /* arena=arg: receives the function's arena arguments (arena_arg.h). */
  struct mp_arena_args *args;
  /* Negative control for the e2e tests: a loop-carried buffer's parities
   * select the same slot. */
  bool corrupt_one_slot;
} mp_rewrite_in;

/** Rewrites `func` with the plans (one per space of p). With arena=global
 *  the new memref.global ops, not inserted anywhere, are appended to
 *  *globals (*nglobals of them, room for *cap). Returns 0, or -1 with a
 *  message in err: the function is then unchanged (everything that can fail
 *  is done before the first change). */
int mp_rewrite(MlirOperation func, const mp_liveness *l, const mp_problems *p,
               const memplan_plan *plans, const mp_rewrite_in *in,
               MlirOperation **globals, size_t *nglobals, size_t *cap,
               char *err, size_t err_len);

#endif
