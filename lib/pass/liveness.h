/*===-- liveness.h - Stage 2: buffers, live intervals, escapes ------------===*\
|*                                                                            *|
|* For every memref.alloc of the function (and every workgroup attribution   *|
|* of a gpu.func, attributions.h), an mp_buffer:                             *|
|*                                                                            *|
|*  - Size and alignment (sizes.h): the alignment is the largest of the       *|
|*    pass's minimum, the alloc's `alignment` attribute, and the natural      *|
|*    alignment of the element type of the buffer and of every view of it    *|
|*    (vector.type_cast to memref<vector<8xf32>> loads 32 bytes at a time).   *|
|*                                                                            *|
|*  - Where it sits: no enclosing op may run its bodies in parallel (one      *|
|*    arena slot cannot serve iterations running at once), and every          *|
|*    enclosing op must be control flow whose semantics MLIR's interfaces    *|
|*    describe. Regions may have several blocks (cfg.h).                      *|
|*                                                                            *|
|*  - Aliases (alias.h), forward from the alloc; every use of every alias     *|
|*    counts. A use that hands the buffer to code memplan cannot see makes it *|
|*    escape: it keeps its own allocation. A value handed to the next         *|
|*    iteration of a loop that contains the alloc is carried: two             *|
|*    iterations' buffers are live at once; an scf.for gets two slots for it  *|
|*    (carried.h), any other loop leaves it alone.                            *|
|*                                                                            *|
|*  - Live interval, from uses only (memref.dealloc is not a use: upstream    *|
|*    puts every dealloc at the end of the function). A use of an alias      *|
|*    nested deeper than the region where the alias is defined counts as the *|
|*    whole op holding it there: a buffer defined outside a loop and used     *|
|*    inside is live for the whole loop, since the next iteration uses it     *|
|*    again. In a region of one block the interval is the hull [first use,   *|
|*    last use + 1); in a region of several blocks an alias is live from its *|
|*    def along every path to its uses, around back edges (cfg.h), and an   *|
|*    alias still live when the alloc runs again is carried. With no use at  *|
|*    all the interval is [alloc, alloc + 1), which keeps even a dead        *|
|*    output's writer safe.                                                   *|
|*                                                                            *|
|*  - Deallocs (deallocs.c): each memref.dealloc is traced backwards to the  *|
|*    allocs it may free. If all are planned it goes away with them; if it    *|
|*    may free a planned buffer and something else, it can be neither kept    *|
|*    (it would free the arena) nor erased (a leak), so its planned buffers   *|
|*    are left alone too, until nothing changes.                              *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_LIVENESS_H
#define MEMPLAN_PASS_LIVENESS_H

#include "alias.h"
#include "buffer.h"
#include "ir.h"
#include "schedule.h"

typedef struct mp_liveness_options {
  uint64_t min_alignment; /* the pass's `alignment` */
  /* arena=global: one arena for every activation of the function, so a
   * buffer live across a call (a possible re-entry) is left alone, and so
   * is one aligned above MEMPLAN_GLOBAL_MAX_ALIGN. */
  bool shared_arena;
  /* buffer value (the alloc's result, an attribution's block argument) -> 1
   * for buffers to leave alone because their memory space's
   * arena passed MP_ARENA_MAX_BYTES in an earlier attempt (plan.h); NULL
   * for none. */
  const mp_ptrmap *over_limit;
  /* What calls do with the buffers they are passed (captures.h); NULL
   * without a module: every call keeps them. */
  const mp_call_facts *calls;
} mp_liveness_options;

typedef struct mp_liveness {
  mp_buffer *buffers; /* in schedule order */
  size_t n, cap;
  MlirOperation *deallocs; /* the memref.dealloc ops that go with them */
  size_t ndeallocs, cap_deallocs;
} mp_liveness;

/** Builds the buffers of `func` from its schedule into *out (zeroed by the
 *  caller). Returns 0, or -1 with a message in err if memory runs out. */
int mp_liveness_build(MlirOperation func, const mp_schedule *s,
                      const mp_liveness_options *o, mp_liveness *out,
                      char *err, size_t err_len);
void mp_liveness_free(mp_liveness *l);

/** A memref.dealloc that the forward walk of buffers[buffer] reached. */
typedef struct mp_reach {
  MlirOperation dealloc;
  size_t buffer;
} mp_reach;

/** deallocs.c: settles which memref.dealloc ops go with the planned buffers
 *  (appended to l->deallocs) and leaves alone the planned buffers of a
 *  dealloc that may also free something else. `alloc_index` maps each
 *  alloc op to its index in l->buffers; `reached` lists what the forward
 *  walks reached, a check on the backward trace. Returns 0, or -1 if
 *  memory runs out. */
int mp_deallocs_settle(const mp_schedule *s, const mp_ptrmap *alloc_index,
                       const mp_reach *reached, size_t nreached,
                       mp_liveness *l);

#endif
