/*===-- memplan-c/pass.h - The memplan-static pass, C interface ----*- C -*-===*\
|*                                                                            *|
|* The boundary between the small C++ registration shim (lib/plugin) and the  *|
|* pass body written in C on the MLIR C API (lib/pass). MLIR can register a   *|
|* named pass with options only from C++, so the shim owns a Pass subclass    *|
|* whose Pass::Options fill a memplan_pass_options and call                  *|
|* memplan_static_run on each func.func. Everything else is C.               *|
|*                                                                            *|
|* The pass (docs/user-guide.md, "The MLIR pass"; docs/algorithms.md):        *|
|*   1. numbers every op of the function in pre-order, regions included;     *|
|*   2. computes each memref.alloc's live interval from its uses, through    *|
|*      every alias, and decides which allocs can be planned (escapes,       *|
|*      dynamic shapes, non-identity layouts, multi-block regions, parallel  *|
|*      loop bodies are left alone with a remark);                          *|
|*   3. plans each memory space's buffers with a core planner                *|
|*      (memplan_solve, which also validates the plan);                      *|
|*   4. rewrites planned allocs into memref.view of one i8 arena.            *|
|*                                                                            *|
|* Units: bytes for sizes, alignments and capacities; seconds for limits.     *|
\*===----------------------------------------------------------------------===*/

#ifndef MEMPLAN_C_PASS_H
#define MEMPLAN_C_PASS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Where the arena of a function lives. */
typedef enum memplan_arena_kind {
  /** One `memref.alloc` at function entry, freed before the return; in a
   *  non-default memory space only as the input freed the buffers planned
   *  into it (in that space, through the same memory_space_cast, or not at
   *  all when it never freed one): the pass adds no kind of dealloc the
   *  input could not have had. */
  MEMPLAN_ARENA_ALLOC = 0,
  /** A private uninitialized `memref.global` per function and memory space,
   *  read with `memref.get_global`: no heap use at all. Named
   *  "__memplan_arena_F" (default space), "__memplan_arena<N>_F" (integer
   *  space N), "__memplan_arenaa<i>_F" (any other attribute; i = the arena's
   *  index), with "v<k>" before "_F" when the module already has a symbol
   *  of that name; F is the function's sym_name. Names never collide
   *  between functions and do not depend on thread timing. */
  MEMPLAN_ARENA_GLOBAL = 1
} memplan_arena_kind;

/** The largest alignment of an arena=global arena, in bytes: LLVM refuses
 *  globals aligned to more than 2^32. */
#define MEMPLAN_GLOBAL_MAX_ALIGN (UINT64_C(1) << 32)

/** The pass options, as the shim parsed them. Strings are borrowed for the
 *  duration of one memplan_static_run call. */
typedef struct memplan_pass_options {
  /** Core planner name (memplan_planner_find); default "auto". */
  const char *planner;
  /** Minimum offset alignment in bytes, a power of two from 1 to 2^62 (the
   *  arena's alignment attribute is an i64; default 64), and at most
   *  MEMPLAN_GLOBAL_MAX_ALIGN with arena=global; a buffer whose own
   *  alignment exceeds that keeps its allocation under arena=global. A buffer's
   *  alignment is max(this, its `alignment` attribute, its element's
   *  natural alignment: the scalar's byte size rounded up to a power of
   *  two, a vector's padded innermost row). */
  uint64_t alignment;
  /** Wall-clock limit in seconds for search planners; <= 0: the planner's
   *  default. */
  double time_limit;
  /** Deterministic work limit for search planners (exact, auto; in the
   *  core's units, search nodes: memplan_options.work_limit); 0 = none
   *  (default). With a work limit and no time limit, the search stops after
   *  the same work on every machine, so the plan does not depend on the
   *  machine or its load. With both, whichever is reached first stops it. */
  uint64_t work_limit;
  /** Arena placement. */
  memplan_arena_kind arena;
  /** Emit one summary remark per function. (Remarks for buffers left alone
   *  are emitted always.) */
  bool remarks;
  /** Arena capacity in bytes per memory space; 0 = unlimited. A plan whose
   *  arena exceeds it is an error and fails the pass. */
  uint64_t capacity;
  /** If non-NULL and non-empty: write a JSON report (jansson) of the
   *  function to this path: every arena with "arena" (its index: the order
   *  in which the function first allocates in each memory space),
   *  "memory_space" (0 for the default space, N for the integer space N,
   *  else the attribute's printed form as a string) and the plan; every
   *  alloc left alone with the reason. Written for every function with a
   *  body, also one without any plannable alloc ("arenas": []), so no stale
   *  file from an earlier run survives. "{func}" in the path is replaced by
   *  the function's name, qualified for a function inside nested symbol
   *  tables (module, gpu.module, ...) by their sym_names joined with '.'
   *  ("inner.f"; the outermost module adds nothing, an unnamed one is "#k",
   *  k its rank among the unnamed symbol tables of its block: "#0.g"); in
   *  the path, each name's bytes other than [A-Za-z0-9_-] are written as
   *  %XX ("a/b" -> "a%2Fb"), so the file stays in its directory and the
   *  names map one to one. Without "{func}", the path is refused (an error, before any file is written) when the
   *  function's block holds another function with a body, or a nested
   *  symbol table appears in its block or any enclosing one, since those
   *  functions would rewrite the same file. "{func}" may appear once and
   *  "{space}" not at all (the report holds every arena): either is a bad
   *  option. */
  const char *report;
  /** If non-NULL and non-empty: write an SVG picture of the plan (same rules
   *  as `report` for "{func}" and for functions without arenas, which get an
   *  empty picture). "{space}" in the path is replaced by the arena's index
   *  (the report's "arena"), one picture per arena; without it, a function
   *  with arenas in several memory spaces is refused (an error), since one
   *  file would hide the other arenas. Each placeholder may appear once. */
  const char *picture;
  /** The pass object this run belongs to, from memplan_pass_instance_new
   *  (the shim's pass and its clones share one), or 0. With arena=global,
   *  the names of the module's symbols are then read once per run of that
   *  object into a table, instead of once per arena (a scan of the whole
   *  module each time); 0 (the default) keeps the scan. */
  uint64_t instance;
  /** NULL (the default): a run that succeeds keeps its report and picture
   *  files at once. Else its files are staged in memory and handed to this
   *  group instead, and written or dropped together with the rest of the
   *  group by memplan_pass_outputs_end: the shim's module anchor ends its
   *  group with keep only when every function succeeded. */
  struct memplan_pass_outputs *outputs;
} memplan_pass_options;

/** Report and picture files of several runs, kept or dropped together. */
typedef struct memplan_pass_outputs memplan_pass_outputs;

/** An empty group; NULL if memory runs out. Not thread-safe: one group
 *  serves runs one after another. */
memplan_pass_outputs *memplan_pass_outputs_new(void);

/** With keep, writes every file of the group to a temporary beside its
 *  target, in the order the runs handed them over, then checks that no two
 *  lead to one file (the same name once links and ".." are resolved, or
 *  one file through a hard link), then writes the ones written in place
 *  (standard output, devices, pipes), then renames the temporaries into
 *  place; without keep, drops them all. Then frees the group (NULL is
 *  allowed: returns 0). Returns 0; or -1 with a message in err (truncated
 *  to err_len; err may be NULL): a file that cannot be written ("the
 *  picture of @f: PATH: reason"), two files that lead to one ("the report
 *  of @f (PATH) and the report of @g (PATH) lead to one file; ...") or out
 *  of memory, and then no file is kept; or a rename that fails ("what:
 *  PATH: reason"), and then the files after it are removed while the ones
 *  renamed before it stay. */
int memplan_pass_outputs_end(memplan_pass_outputs *g, bool keep, char *err,
                             size_t err_len);

/** Fills `o` with the defaults: planner "auto", alignment 64, no time limit,
 *  no work limit, arena alloc, no summary remarks, no capacity, no report,
 *  no picture, instance 0, no output group. */
void memplan_pass_options_init(memplan_pass_options *o);

/** A number for a new pass object (memplan_pass_options.instance): never 0,
 *  never handed out twice in the process. Thread-safe. */
uint64_t memplan_pass_instance_new(void);
/** Frees what memplan_static_run keeps for `instance` (its tables of symbol
 *  names); call it when the pass object and all its clones are gone. The
 *  number must not be used again. Thread-safe. */
void memplan_pass_instance_release(uint64_t instance);

/** Checks option values: the planner exists, alignment is a power of two
 *  from 1 to 2^62, the time limit is finite and >= 0, report and picture
 *  paths use their placeholders at most once ({space} only in picture).
 *  Returns 0 if they are valid, else -1 with a message (naming the option
 *  and the accepted values) written to err (truncated to err_len,
 *  NUL-terminated; err may be NULL). */
int memplan_pass_options_check(const memplan_pass_options *o, char *err,
                               size_t err_len);

/** Runs memplan-static on one `func.func` (other ops: success, untouched).
 *  Diagnostics go through the op's context (errors at the function or alloc
 *  location). Returns failure for bad options, a plan that does not fit
 *  `capacity` (the message says whether that is proven: a lower bound above
 *  the capacity or a planner's proof; else that another planner may fit), a
 *  planner error, a plan the validator rejects, or a report/picture that
 *  cannot be written; the function is then left unchanged. Functions are independent: calls on different
 *  functions of one module may run on different threads at once (each
 *  with its own o->outputs group, or none). */
MlirLogicalResult memplan_static_run(MlirOperation func,
                                     const memplan_pass_options *opts);

/*===----------------------------------------------------------------------===*
 * Provided by the C++ shim (MLIR's C API can only emit errors)
 *===----------------------------------------------------------------------===*/

/** Emits a remark at `loc`; msg is copied. */
void memplan_emit_remark(MlirLocation loc, const char *msg);
/** Emits a warning at `loc`; msg is copied. */
void memplan_emit_warning(MlirLocation loc, const char *msg);
/** True if `op` implements CallOpInterface (func.call, func.call_indirect,
 *  llvm.call, ...): control may leave the function there and come back in. */
bool memplan_op_is_call(MlirOperation op);
/** True if `op` is a symbol table (builtin.module, gpu.module,
 *  spirv.module, ...): its own namespace of symbols, which may hold
 *  functions of the same names as elsewhere. */
bool memplan_op_is_symbol_table(MlirOperation op);
/** Registers the `memplan-static` pass in MLIR's global pass registry
 *  (idempotent). Called by the plugin entry point and by memplan-opt. */
void memplan_register_passes(void);

#ifdef __cplusplus
}
#endif

#endif /* MEMPLAN_C_PASS_H */
