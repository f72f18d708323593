/*===-- pass_internal.h - Shared state of the memplan-static stages -------===*\
|*                                                                            *|
|* The pass body is a pipeline of stages over one function, each in its own   *|
|* file: schedule.c (op numbering), liveness.c (allocs, aliases, escapes,     *|
|* live intervals, which deallocs go away), plan.c (memplan_problem per       *|
|* memory space, memplan_solve), rewrite.c (arena + memref.view). pass.c      *|
|* drives them and reports. They share the mp_func record below.              *|
|*                                                                            *|
|* MLIR's C API has no maps keyed by values or ops, so mp_ptrmap is a small   *|
|* open-addressing hash map from the opaque C API pointers to int64 values.   *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_INTERNAL_H
#define MEMPLAN_PASS_INTERNAL_H

#include "memplan-c/pass.h"
#include "memplan/memplan.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*--- pointer -> int64 map -------------------------------------------------*/
typedef struct mp_ptrmap {
  const void **keys;
  int64_t *vals;
  size_t cap; /* power of two or 0 */
  size_t n;
} mp_ptrmap;

void mp_ptrmap_free(mp_ptrmap *m);
/** Sets m[key] = val. Returns 0, or -1 if memory runs out. */
int mp_ptrmap_put(mp_ptrmap *m, const void *key, int64_t val);
/** Returns m[key], or `dflt` when absent. */
int64_t mp_ptrmap_get(const mp_ptrmap *m, const void *key, int64_t dflt);

/*--- small helpers on the C API -------------------------------------------*/
/** True if op's name is exactly `name`. */
bool mp_op_is(MlirOperation op, const char *name);
/** True if op's name starts with `prefix`. */
bool mp_op_has_prefix(MlirOperation op, const char *prefix);
/** True if op is a func.func with a body: one the pass plans. */
bool mp_is_defined_func(MlirOperation op);
/** Copies the op name into buf (NUL-terminated, truncated). */
void mp_op_name(MlirOperation op, char *buf, size_t len);
/** Growable array append. `arrp` points to a pointer (of any object type) to
 *  an array of *n elements of `size` bytes with room for *cap. Returns the
 *  new zeroed slot, or NULL if memory runs out (the array is unchanged). */
void *mp_push(void *arrp, size_t *n, size_t *cap, size_t size);
/** A fixed buffer that the C API's print callbacks fill: `buf` holds `len`
 *  bytes (len >= 1), `used` of them filled, always NUL-terminated; what
 *  does not fit is dropped. */
typedef struct mp_textbuf {
  char *buf;
  size_t len, used;
} mp_textbuf;
/** An MlirStringCallback appending to the mp_textbuf `user`. */
void mp_textbuf_append(MlirStringRef s, void *user);

/*--- schedule.c -----------------------------------------------------------*/
/** Pre-order numbering of every op inside the function (the function itself
 *  is not numbered). ops[k] has number k; last[k] is the largest number of
 *  an op nested in ops[k] (k itself if it has no regions), so ops[k] spans
 *  the steps [k, last[k]]. */
typedef struct mp_schedule {
  MlirOperation *ops;
  int64_t *last;
  size_t n, cap;
  mp_ptrmap index; /* op pointer -> number */
} mp_schedule;

int mp_schedule_build(MlirOperation func, mp_schedule *s);
void mp_schedule_free(mp_schedule *s);
/** Number of op, or -1 if it is not inside the function. */
int64_t mp_schedule_num(const mp_schedule *s, MlirOperation op);

/*--- rewrite.c (shared) -----------------------------------------------------*/
/** Serializes reads and writes of the function's parent block (arena globals
 *  are inserted there while other functions are planned on other threads). */
void mp_module_lock(void);
void mp_module_unlock(void);
/** arena=global: notes that a run of the pass object `instance` (from
 *  memplan_pass_options) has reached `func`, before it is planned, and
 *  builds the table of its block's symbol names when there is none for this
 *  run (rewrite.c explains when a table may be used). Does nothing for
 *  instance 0. */
void mp_symbols_enter(MlirOperation func, uint64_t instance);
/*--- liveness.c -----------------------------------------------------------*/
/** Why an alloc stays as it is. */
typedef enum mp_skip {
  MP_PLANNED = 0,
  MP_SKIP_DYNAMIC,     /* dynamic shape */
  MP_SKIP_LAYOUT,      /* non-identity layout */
  MP_SKIP_ELEMENT,     /* element type of unknown byte size */
  MP_SKIP_TOO_BIG,     /* byte size overflows 64 bits */
  MP_SKIP_MULTIBLOCK,  /* inside a region with several blocks */
  MP_SKIP_PARALLEL,    /* in the body of a parallel loop */
  MP_SKIP_REGION,      /* in a region of an op we do not understand */
  MP_SKIP_CARRIED,     /* carried across iterations of its own loop */
  MP_SKIP_RETURNED,    /* reaches func.return */
  MP_SKIP_CALL,        /* passed to a call */
  MP_SKIP_STORED,      /* stored into memory */
  MP_SKIP_UNKNOWN_OP,  /* used by an op with unknown memref effects */
  MP_SKIP_DEALLOC_MIX, /* freed by a dealloc that may free an unplanned buffer */
  MP_SKIP_ALIGN,       /* arena=global: alignment above what a global can have */
  MP_SKIP_ARENA,       /* an arena of an earlier run (MP_ARENA_ATTR) */
  MP_SKIP_ARENA_LIMIT  /* its arena passed MP_ARENA_MAX_BYTES (mp_func.trim) */
} mp_skip;

/** The largest arena (and buffer) memplan-static plans, in bytes: arenas are
 *  memref<N x i8>, whose dimension is an int64; 2^62 stays well below. */
#define MP_ARENA_MAX_BYTES (UINT64_C(1) << 62)

/** The discardable unit attribute that marks an arena=alloc arena, so that
 *  a later run of the pass leaves it alone instead of planning it into a
 *  new arena (a second run is then a fixed point). Dialect-prefixed, as
 *  MLIR names discardable attributes; no "memplan" dialect is registered,
 *  so nothing verifies it and every lowering ignores it. */
#define MP_ARENA_ATTR "memplan.arena"

typedef struct mp_alloc {
  MlirOperation op;
  MlirValue value;
  int64_t def;          /* schedule number of the alloc */
  int64_t start, end;   /* live interval [start, end) in schedule steps */
  uint64_t size;        /* bytes */
  uint64_t align;       /* bytes, power of two */
  MlirAttribute space;  /* memory space attribute (null = default) */
  int space_index;      /* index into mp_func.spaces */
  mp_skip skip;
  char why[200];        /* remark text for a skip */
  char name[64];        /* SSA name, for remarks */
  char id[96];          /* unique id in reports and pictures: the name, with
                           "@line:col" (and "#k") when the name repeats */
  uint64_t offset;      /* planned offset in its arena */
  /* How the input frees it, for the arena's own dealloc (rewrite.c): with
   * an erased memref.dealloc of a memref in its own memory space, or only
   * in another one (after a memref.memory_space_cast), that space. */
  bool freed_in_space;
  bool freed_elsewhere;
  MlirAttribute freed_space;
} mp_alloc;

/** One memory space's arena. */
typedef struct mp_space {
  MlirAttribute attr;
  size_t planned;       /* buffers planned into it */
  uint64_t sum;         /* sum of their sizes */
  uint64_t align;       /* max alignment among them */
  memplan_problem problem;
  memplan_plan plan;
  size_t *alloc_of;     /* problem buffer index -> mp_func.allocs index */
} mp_space;

typedef struct mp_func {
  MlirOperation func;
  mp_schedule sched;
  mp_alloc *allocs;
  size_t nallocs, cap_allocs;
  MlirOperation *deallocs;   /* memref.dealloc ops to erase after rewrite */
  size_t ndeallocs, cap_deallocs;
  mp_space *spaces;
  size_t nspaces, cap_spaces;
  uint64_t min_alignment;
  bool shared_arena;         /* arena=global: one arena for every activation */
  /* Allocs to leave alone because their arena passed MP_ARENA_MAX_BYTES in
   * an earlier attempt (plan.c appends, liveness.c reads; owned by the
   * caller of the stages, not freed by mp_func_free). */
  MlirOperation *trim;
  size_t ntrim, cap_trim;
  char err[512];             /* message for an error return */
} mp_func;

/** Collects every memref.alloc of the function, sizes it, decides whether it
 *  can be planned, computes its live interval and collects the deallocs to
 *  erase. Returns 0, or -1 (message in f->err) if memory runs out. */
int mp_liveness(mp_func *f);

/*--- plan.c ---------------------------------------------------------------*/
/** How a memory space attribute is written in reports and global names. */
typedef enum mp_space_kind {
  MP_SPACE_DEFAULT, /* no attribute, or an integer 0 (MLIR's default space) */
  MP_SPACE_INT,     /* a signless i64 integer N != 0, as in memref<4xf32, N> */
  MP_SPACE_OTHER    /* anything else ("gpu", #gpu.address_space<...>, 1 : i32) */
} mp_space_kind;

/** Classifies a memory space attribute (null = default); for MP_SPACE_INT
 *  writes N to *value (value may be NULL). */
mp_space_kind mp_space_classify(MlirAttribute attr, int64_t *value);


/** Builds one memplan_problem per memory space from the planned allocs and
 *  solves it. Returns 0; -1 with f->err for a planner/validator error; 1 with
 *  f->err when an arena exceeds the capacity; MP_PLAN_RETRY when an arena
 *  passed MP_ARENA_MAX_BYTES: the buffers to leave alone for it were added
 *  to f->trim (f->err says what happened, should no retry be possible). */
#define MP_PLAN_RETRY 2
int mp_plan(mp_func *f, const memplan_pass_options *o);

/*--- rewrite.c ------------------------------------------------------------*/
/** Creates the arenas, replaces planned allocs by views, erases their
 *  deallocs. Returns 0, or -1 with f->err. */
int mp_rewrite(mp_func *f, const memplan_pass_options *o);

void mp_func_free(mp_func *f);

#endif
