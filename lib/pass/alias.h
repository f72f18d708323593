/*===-- alias.h - What one use of a memref does with its buffer -----------===*\
|*                                                                            *|
|* The only place that says which values alias which. Liveness follows the    *|
|* edges forward from each alloc; the dealloc trace runs the very same edges  *|
|* backwards (which operands lead to the value freed?), so the two cannot     *|
|* disagree. (They did once, when each kept its own list of ops: a dealloc   *|
|* of an alias that only liveness followed was kept, and the planned program  *|
|* freed the arena.)                                                          *|
|*                                                                            *|
|* Edges come from MLIR's interfaces where an op implements them: view-like   *|
|* ops (ViewLikeOpInterface), control flow in regions (RegionBranchOp-        *|
|* Interface and its terminators), branches between blocks (BranchOp-        *|
|* Interface), calls (CallOpInterface), memory effects                        *|
|* (MemoryEffectOpInterface), so an op of a dialect memplan has never seen is *|
|* understood. Names are left only for what no interface says: memref.dealloc *|
|* (the dealloc memplan erases), ops after which the buffer is still used     *|
|* without a memref value to show it (a raw address, an async DMA), and       *|
|* arith.select, an exact alias that its effects alone cannot tell from a     *|
|* maybe-alias.                                                               *|
|*                                                                            *|
|* Every edge leads from an operand of an op X to results of X, to block      *|
|* arguments of X's regions, or, when X is a terminator, to results of X's    *|
|* parent and block arguments of the parent's regions (a branch's successors *|
|* are blocks of its own region, a region of its parent). The dealloc trace  *|
|* relies on this to find every operand that may lead to a value.             *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_ALIAS_H
#define MEMPLAN_PASS_ALIAS_H

#include "buffer.h"

typedef enum mp_edge_kind {
  MP_EDGE_NONE,   /* reads or writes the buffer: no alias, nothing escapes */
  MP_EDGE_ALIAS,  /* the targets are the buffer itself or views of it */
  MP_EDGE_MAYBE,  /* the targets may point into the buffer: memref results of
                     an op known only as a reader or writer. Liveness follows
                     them; a dealloc reached through one is not known to free
                     exactly the buffer. */
  MP_EDGE_FREE,   /* memref.dealloc: not a use (liveness comes from uses) */
  MP_EDGE_ADDRESS,/* memref.extract_aligned_pointer_as_index whose address is
                     only compared for equality (mp_address_uses): a use at
                     every op mp_address_uses visits */
  MP_EDGE_ESCAPE  /* handed to code memplan cannot see; why/fmt/arg say how */
} mp_edge_kind;

/** The most values one operand may be forwarded to; more is an escape. */
#define MP_EDGE_MAX_TARGETS 8

typedef struct mp_edge {
  mp_edge_kind kind;
  MlirValue to[MP_EDGE_MAX_TARGETS]; /* targets: values, */
  int nto;
  MlirOperation results_of; /* and every memref result of this op if set */
  MlirOperation loop;       /* the op whose region may run again that the
                               value is handed to (next iteration, or out of
                               a loop): carried across iterations when the
                               buffer is allocated inside it */
  mp_skip why;              /* MP_EDGE_ESCAPE: the skip reason, */
  const char *fmt;          /* its remark with one %s, */
  char arg[160];            /* and what goes there */
} mp_edge;

/** What calls do with the memrefs they are passed (captures.h): keeps()
 *  answers for operand `idx` of the call op `call`: false when the callee is
 *  a function of the module whose body only uses the buffer during the
 *  call; true when it may keep it beyond the call, with a reason (one
 *  phrase, "@f, which returns it") written to why[len]. */
typedef struct mp_call_facts {
  bool (*keeps)(void *ctx, MlirOperation call, intptr_t idx, char *why,
                size_t len);
  /* True when the callee does not keep operand idx (an index buffer) and
   * only compares its elements for equality after loading them: what
   * upstream's @dealloc_helper does with the addresses it is given. */
  bool (*compares)(void *ctx, MlirOperation call, intptr_t idx);
  void *ctx; /* what keeps() reads; it writes only while captures.c builds it */
} mp_call_facts;

/** The edge of operand `idx` (a memref) of `user`. `calls` may be NULL (no
 *  module: every call keeps what it is passed). */
void mp_alias_edge(MlirOperation user, intptr_t idx, const mp_call_facts *calls,
                   mp_edge *e);

/** For an MP_EDGE_ADDRESS edge of `extract` (a memref.extract_aligned_-
 *  pointer_as_index): calls visit(ctx, op) for every op that uses the
 *  address, all in the extract's block or nested in its ops: the
 *  arith.cmpi eq/ne comparing it, and when it is stored into a local index
 *  buffer M (a memref.alloc/alloca of that block), every use of M and of its
 *  memref.casts but their deallocs: stores into M, loads from M whose values
 *  are only compared so, calls whose callee only compares M's elements
 *  (mp_call_facts.compares). Returns false, having visited some, when some
 *  use is of another kind (the address may then be used as a pointer). A
 *  buffer live at every such op keeps its address apart from every other
 *  buffer compared with it, as long as it has at least one byte. visit may
 *  be NULL (only the answer). */
bool mp_address_uses(MlirOperation extract, const mp_call_facts *calls,
                     void (*visit)(void *ctx, MlirOperation op), void *ctx);

/** True if op is arith.cmpi with predicate eq or ne. */
bool mp_is_equality_cmpi(MlirOperation op);

/** True if every use of the loaded value of `load` is mp_is_equality_cmpi. */
bool mp_load_only_compared(MlirOperation load);

/** True if the edge leads to v. */
bool mp_edge_reaches(const mp_edge *e, MlirValue v);

/** True if the regions of `op` run to completion before `op` returns
 *  (possibly several at once, for parallel loops): a use inside them is a
 *  use at `op`. False for ops that may run a region later (async.execute)
 *  or whose semantics memplan does not know. */
bool mp_regions_run_inline(MlirOperation op);

/** True if the iterations (or bodies) of `op` may run at the same time:
 *  parallel loops, async regions, GPU launches. */
bool mp_op_is_parallel(MlirOperation op);

#endif
