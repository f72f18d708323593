/*===-- attributions.h - GPU workgroup and private attributions -----------===*\
|*                                                                            *|
|* A gpu.func or gpu.launch may declare attributions, block arguments         *|
|* `workgroup(%w : memref<..., #gpu.address_space<workgroup>>)` that the GPU  *|
|* lowering allocates in the same shared memory as the arena of that space    *|
|* (one static array each, an llvm.mlir.global in addr_space 3 for NVVM), and *|
|* `private(%p : memref<..., #gpu.address_space<private>>)`, each thread's    *|
|* own (an llvm.alloca).                                                      *|
|*                                                                            *|
|* In a gpu.func they are merged: each attribution in                         *|
|* #gpu.address_space<workgroup> or <private> is a buffer planned with the    *|
|* function's allocs of that space (its live range from its uses, by the      *|
|* barrier rule of parallel.h for workgroup memory, in program order for      *|
|* private), and the function's arena of that space is itself one new         *|
|* attribution of that kind, memref<N x i8, space> with                       *|
|* {llvm.align = A, memplan.arena}: upstream lowers a memref.alloc in         *|
|* workgroup or private memory inside a kernel to a call to malloc (memory    *|
|* of one thread, on the heap), an attribution to shared memory or to a      *|
|* stack slot of the thread. The planned attributions become views of it and *|
|* are erased. An attribution that cannot be merged keeps its own block      *|
|* argument (a reason, as for an alloc: passed to a call, an unknown          *|
|* attribution attribute, ...).                                               *|
|*                                                                            *|
|* What stays an attribution (a gpu.launch's, those left alone) is not        *|
|* planned, but takes bytes of the same capacity: an arena that fits its      *|
|* capacity alone may not fit beside them, so they are counted.              *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_ATTRIBUTIONS_H
#define MEMPLAN_PASS_ATTRIBUTIONS_H

#include "problem.h"

/** True if `func` is a gpu.func and `space` is #gpu.address_space<workgroup>
 *  or <private>: its attributions in that space are buffers and its
 *  (function-level) arena of that space is an attribution, of the kind set
 *  in *kind (when not null). */
bool mp_attributions_merge(MlirOperation func, MlirAttribute space,
                           memplan_attribution_kind *kind);

/** Appends to l one buffer per attribution of `func` that
 *  mp_attributions_merge takes (none for other functions): op = func, value
 *  = the block argument, def 0, interval unset (-1), `attribution` set.
 *  Returns 0, or -1 if memory runs out. */
int mp_attributions_collect(MlirOperation func, mp_liveness *l);

/** Reads the attribution attributes of attribution buffer b: raises *align
 *  to its `llvm.align`; leaves b alone when it is the arena of an earlier
 *  run (memplan.arena) or has an attribute a view could not carry. */
void mp_attribution_check(mp_buffer *b, uint64_t *align);

/** For each space of p with a capacity (under o) whose scope (the function
 *  for a function-level arena, else its parallel op) declares attributions
 *  in that memory space that are not planned buffers of l: sets
 *  sp->attributions to their bytes (sp->attribution_kind to their kind) and lowers sp->problem.capacity by
 *  them, so that the planners and the capacity verdict count them. Returns
 *  0, or -1 with a message in err when the attributions alone fill the
 *  capacity (no arena fits beside them). */
int mp_attributions_apply(MlirOperation func, const mp_liveness *l,
                          const memplan_pass_options *o, mp_problems *p, char *err,
                          size_t err_len);

/** Erases from gpu.func `func` the attributions of l's planned buffers (their
 *  uses replaced already) and, if `extra` is not null, the attribution
 *  `extra` (a new arena to take back). */
void mp_attributions_erase(MlirOperation func, const mp_liveness *l, MlirValue extra);

#endif
