/*===-- buffer.h - A buffer as the stages of memplan-static see it --------===*\
|*                                                                            *|
|* Liveness (liveness.c) makes one mp_buffer per memref.alloc and            *|
|* memref.alloca of the function: its size, alignment, memory space and live *|
|* interval, or the                                                           *|
|* reason it is left alone. The later stages read them: problem.c turns the   *|
|* planned ones into a memplan_problem per memory space, rewrite.c replaces   *|
|* them by views of the arena, report.c names them in remarks and files.      *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_BUFFER_H
#define MEMPLAN_PASS_BUFFER_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/** Why an alloc keeps its own allocation. */
typedef enum mp_skip {
  MP_PLANNED = 0,
  MP_SKIP_DYNAMIC,     /* dynamic shape */
  MP_SKIP_LAYOUT,      /* non-identity layout */
  MP_SKIP_ELEMENT,     /* element type of unknown byte size */
  MP_SKIP_TOO_BIG,     /* byte size overflows 64 bits or passes 2^62 */
  MP_SKIP_PARALLEL,    /* in a parallel body it cannot be planned in */
  MP_SKIP_REGION,      /* in a region of an op we do not understand */
  MP_SKIP_CARRIED,     /* carried across iterations of its own loop */
  MP_SKIP_RETURNED,    /* reaches func.return */
  MP_SKIP_CALL,        /* passed to a call */
  MP_SKIP_STORED,      /* stored into memory */
  MP_SKIP_UNKNOWN_OP,  /* used by an op with unknown memref effects */
  MP_SKIP_DEALLOC_MIX, /* freed by a dealloc that may free an unplanned buffer */
  MP_SKIP_ALIGN,       /* arena=global: alignment above what a global can have */
  MP_SKIP_ARENA,       /* an arena of an earlier run (MP_ARENA_ATTR) */
  MP_SKIP_ARENA_LIMIT, /* its arena passed MP_ARENA_MAX_BYTES */
  MP_SKIP_ATTRIBUTION  /* a workgroup or private attribution no view can
                          replace */
} mp_skip;

/** True for the reasons given before the buffer's byte size is known. */
static inline bool mp_skip_unsized(mp_skip k) {
  return k == MP_SKIP_DYNAMIC || k == MP_SKIP_LAYOUT || k == MP_SKIP_ELEMENT ||
         k == MP_SKIP_TOO_BIG;
}

/** The largest arena (and buffer) memplan-static plans, in bytes: arenas are
 *  memref<N x i8>, whose dimension is an int64; 2^62 stays well below. */
#define MP_ARENA_MAX_BYTES (UINT64_C(1) << 62)

/** The discardable unit attribute that marks an arena=alloc arena, so that a
 *  later run of the pass leaves it alone instead of planning it into a new
 *  arena (a second run is then a fixed point). Dialect-prefixed, as MLIR
 *  names discardable attributes; no "memplan" dialect is registered, so
 *  nothing verifies it and every lowering ignores it. */
#define MP_ARENA_ATTR "memplan.arena"

typedef struct mp_buffer {
  MlirOperation op;     /* the memref.alloc, or memref.alloca (stack); for a
                           workgroup attribution the gpu.func */
  bool stack;           /* a memref.alloca: planned into the function's stack
                           arena, a memref.alloca of its own */
  MlirValue value;      /* its result */
  int64_t def;          /* schedule number of the alloc */
  int64_t start, end;   /* live interval [start, end) in schedule steps */
  uint64_t size;        /* bytes (0 while unknown) */
  uint64_t align;       /* bytes, a power of two */
  MlirAttribute space;  /* memory space attribute (null = default) */
  MlirOperation scope;  /* the parallel op whose per-iteration arena holds it
                           (parallel.h), null for the function's arena */
  mp_skip skip;
  char why[320];        /* the reason, for remarks and reports */
  /* How the input frees it, for the arena's own dealloc (rewrite.c): with
   * an erased memref.dealloc of a memref in its own memory space, or only
   * in another one (after a memref.memory_space_cast), that space. */
  bool freed_in_space;
  bool freed_elsewhere;
  MlirAttribute freed_space;
  /* A live range per value (values.c, inplace.c). A buffer is either an
   * alloc (value_of == 0: the alloc's first value, or all of it) or a later
   * value of the alloc of buffer value_of - 1, which starts at the full
   * overwrite `at` (its view is created before `at`; op and value are the
   * alloc's). shares != 0: it takes the bytes of buffer shares - 1 (an
   * element-wise op writes it over an input that dies there), and is not
   * planned on its own. Both 0 for every buffer liveness makes. */
  size_t value_of;
  size_t shares;
  MlirOperation at;
  /* Shared by the threads of a GPU block, which do not run in step
   * (parallel.c): its live range is widened to the barriers around it, and
   * it is neither split into values nor written in place, since a write by
   * one thread may land before another thread's read of the old value. */
  bool threads_share;
  /* Moved to a fallback memory space (spill.h): `space` is the fallback's,
   * the alloc's type still names the space it came from; its view gets the
   * alloc's type with `space`. spilled_from: the space it came from. */
  bool spilled;
  MlirAttribute spilled_from;
  /* Loop-carried (carried.h): the scf.for whose iter_args hand an instance
   * of it to the next iteration, null otherwise. Such a buffer is planned
   * as two slots, this one and buffer twin - 1 (a copy, with twin_of set to
   * this buffer's index + 1), chosen by the iteration's parity; neither is
   * split into values nor written in place. */
  MlirOperation carrier;
  size_t twin;
  size_t twin_of;
  /* A workgroup or private attribution of a gpu.func (attributions.h): `value` is its
   * block argument, `op` the gpu.func, `def` 0. Planned like an alloc at
   * the function's entry, its view goes first in the entry block and the
   * attribution is erased instead of an alloc. */
  bool attribution;
} mp_buffer;

/** Leaves buffer b alone for `why` (a format with one %s, filled with arg)
 *  unless it already is: the first reason found is the one reported. */
void mp_leave_alone(mp_buffer *b, mp_skip why, const char *fmt, const char *arg);

#endif
