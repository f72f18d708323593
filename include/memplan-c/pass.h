/*===-- memplan-c/pass.h - The memplan-static pass, C interface ----*- C -*-===*\
|*                                                                            *|
|* The boundary between the pass class (C++, lib/plugin/MemPlanStatic.cpp,    *|
|* declared in include/memplan/Passes.td) and the pass body (C11 on the MLIR  *|
|* C API, lib/pass). MLIR can declare a pass with options, run functions on   *|
|* its thread pool and query op interfaces only from C++; everything else is  *|
|* C. A run on a module goes:                                                 *|
|*                                                                            *|
|*   memplan_module_begin      once, reads the module (symbol names, which   *|
|*                             functions may run concurrently with themselves)*|
|*   memplan_plan_function     once per function, in parallel; touches only  *|
|*                             that function                                 *|
|*   memplan_module_end        once, in function order: inserts the         *|
|*                             arena=global symbols, writes the report and   *|
|*                             picture files, all or none                    *|
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

/** Where a function's arena lives (option `arena`). */
typedef enum memplan_arena_kind {
  /** One `memref.alloc` at function entry, freed before each return; in a
   *  non-default memory space only as the input freed the buffers planned
   *  into it (the pass adds no kind of dealloc the input could not have). */
  MEMPLAN_ARENA_ALLOC = 0,
  /** A private uninitialized `memref.global` per function and memory
   *  space, read with `memref.get_global`: no heap use. Named
   *  "__memplan_arena_F" (default space), "__memplan_arena<N>_F" (integer
   *  space N), "__memplan_arenaa<i>_F" (other attributes; i = the arena's
   *  index), with "v<k>" before "_F" when the module already has a symbol of
   *  that name; F is the function's sym_name. Module form only. */
  MEMPLAN_ARENA_GLOBAL = 1,
  /** The caller passes each arena: one `memref<N x i8, space>` argument per
   *  memory space, appended to the function's arguments in arena order (the
   *  order in which the function first allocates in each space; the
   *  report's "arena"). The function gets the attributes
   *  `memplan.arena_sizes` and `memplan.arena_alignments` (array<i64>, one
   *  entry per argument), and a function `@F_arena_size() -> (index, ...)`
   *  returns the sizes, for runtimes. Calls inside the module pass an arena
   *  allocated around the call. Module form only; functions that cannot
   *  take it (their symbol is used other than by func.call, or device code)
   *  keep MEMPLAN_ARENA_ALLOC, with a remark. */
  MEMPLAN_ARENA_ARG = 2
} memplan_arena_kind;

/** Which remarks the pass emits (option `remarks`). */
typedef enum memplan_remark_level {
  MEMPLAN_REMARKS_NONE = 0,    /**< none */
  MEMPLAN_REMARKS_SUMMARY = 1, /**< one summary per function (default) */
  MEMPLAN_REMARKS_ALL = 2      /**< the summary and every buffer left alone */
} memplan_remark_level;

/** Negative controls for the end-to-end tests (option `test-corrupt`): a
 *  deliberately wrong rewrite, which test/e2e/run_compare.py must catch.
 *  Never for real use. */
typedef enum memplan_corrupt_kind {
  MEMPLAN_CORRUPT_NONE = 0,
  /** a live range per value also at partial writes */
  MEMPLAN_CORRUPT_SPLIT_PARTIAL = 1,
  /** in place also where the input is read after the op */
  MEMPLAN_CORRUPT_INPLACE_LIVE = 2,
  /** a later value's uses through views made before its split point keep
   *  those views (the earlier value's bytes) */
  MEMPLAN_CORRUPT_SPLIT_STALE_VIEWS = 3,
  /** a loop-carried buffer's two slots are one: both parities select the
   *  same view, so an iteration overwrites the instance it reads */
  MEMPLAN_CORRUPT_CARRIED_ONE_SLOT = 10,
  /** a spilled buffer keeps the offset of another spilled buffer live at
   *  the same time (their bytes overlap in the fallback arena) */
  MEMPLAN_CORRUPT_SPILL_OVERLAP = 20,
  /** a removed copy's destination fills stay after the source's writers,
   *  which they then overwrite */
  MEMPLAN_CORRUPT_COPIES_FILL_LATE = 40,
  /** ops reordered by their SSA uses alone, ignoring memory effects, and
   *  the order kept whatever its bound */
  MEMPLAN_CORRUPT_ORDER_IGNORE_EFFECTS = 30
} memplan_corrupt_kind;

/** The largest alignment of an arena=global arena, in bytes: LLVM refuses
 *  globals aligned to more than 2^32. */
#define MEMPLAN_GLOBAL_MAX_ALIGN (UINT64_C(1) << 32)

/** The pass options (TableGen declares them; the pass class fills this).
 *  Strings are borrowed for the whole run. */
typedef struct memplan_pass_options {
  /** Core planner name (memplan_planner_find); default "auto". */
  const char *planner;
  /** Minimum offset alignment in bytes: a power of two from 1 to 2^62, at
   *  most MEMPLAN_GLOBAL_MAX_ALIGN with arena=global (default 64). A
   *  buffer's alignment is max(this, its `alignment` attribute, the natural
   *  alignment of its element type and of every view's element type). */
  uint64_t alignment;
  /** Wall-clock limit in seconds for search planners; 0: their default. */
  double time_limit;
  /** Deterministic work limit for search planners (search nodes); 0: none.
   *  With a work limit and no time limit, plans do not depend on the
   *  machine or its load. */
  uint64_t work_limit;
  memplan_arena_kind arena;
  memplan_remark_level remarks;
  /** Arena capacity in bytes for every memory space that `capacities`
   *  does not name; 0 = unlimited. */
  uint64_t capacity;
  /** The entries of the option `capacity`, each "BYTES" (every memory space
   *  not named by another entry; replaces `capacity`) or "SPACE:BYTES" (one
   *  space: 0 for the default space, an integer N, workgroup, private,
   *  global for #gpu.address_space<...>, or the attribute as MLIR prints
   *  it). Borrowed; ncapacities of them. */
  const char *const *capacities;
  size_t ncapacities;
  /** The entries of the option `spill`, each "FROM:TO" (two spaces spelt as
   *  in `capacities`): when FROM's arena passes its capacity, buffers move
   *  to TO (lib/pass/spill.h). Borrowed; nspills of them. */
  const char *const *spills;
  size_t nspills;
  /** "" or a path for each function's JSON report; "{func}" becomes the
   *  function's name, each byte but [A-Za-z0-9_-] written as %XX. Module
   *  form only. */
  const char *report;
  /** "" or a path for each function's SVG pictures, one per arena;
   *  "{func}" as for report, "{space}" becomes the arena's index. Module
   *  form only. */
  const char *picture;
  /** The steps that lower the max-live bound itself, each on by default
   *  (memplan_pass_options_init): copies removed by writing their source's
   *  producers into the destination (the IR changes even when the function
   *  is then not planned: the rewrite holds on its own), a live range per
   *  value (a buffer split where an op overwrites all of it), an
   *  element-wise op's output written over an input that dies there, and
   *  the ops of the function's body reordered (as their uses and memory
   *  effects allow) when that lowers the bound. */
  bool copies;
  bool split;
  bool in_place;
  bool reorder;
  memplan_corrupt_kind corrupt;
} memplan_pass_options;

/** Fills `o` with the defaults: planner "auto", alignment 64, no limits,
 *  arena alloc, summary remarks, no capacity, no report, no picture,
 *  copies, split, in-place and reorder on, nothing corrupted. */
void memplan_pass_options_init(memplan_pass_options *o);

/** Checks the option values that a typed option cannot: alignment, the
 *  time limit, the placeholders of report and picture. Returns 0, else -1
 *  with a message naming the option and what it accepts in err (truncated
 *  to err_len, NUL-terminated; err may be NULL). */
int memplan_pass_options_check(const memplan_pass_options *o, char *err,
                               size_t err_len);

/** What a run on one module knows before it plans any function. */
typedef struct memplan_module memplan_module;
/** What planning one function produced for the module's end. */
typedef struct memplan_function memplan_function;

/** Reads `module` (a builtin.module or other single-block symbol table)
 *  before any function is planned. Returns NULL if memory runs out. Emits
 *  no diagnostics and changes nothing. */
memplan_module *memplan_module_begin(MlirOperation module,
                                     const memplan_pass_options *o);

/** Plans one function with a body (func.func) and rewrites it. `module` is
 *  the state of the module it is in, or NULL for the function form, which
 *  the caller restricts to options that touch nothing else (no
 *  arena=global, report or picture). Thread-safe for different functions
 *  of one module. Emits its remarks and errors at the function; on failure
 *  the function is unchanged. Returns the function's result for
 *  memplan_module_end in *out (NULL when nothing is owed), and success or
 *  failure. */
MlirLogicalResult memplan_plan_function(MlirOperation func,
                                        const memplan_module *module,
                                        const memplan_pass_options *o,
                                        memplan_function **out);

/** Ends a module run: when every function succeeded (`ok`), inserts the
 *  arena=global symbols before their functions and writes every report and
 *  picture, all or none (any clash or write error: none is kept); emits an
 *  error at `module` on failure. Frees `module` and every result (entries
 *  may be NULL). Returns failure when `ok` is false or the end fails. */
MlirLogicalResult memplan_module_end(memplan_module *module,
                                     MlirOperation module_op,
                                     memplan_function **results, size_t n,
                                     bool ok);

/** The function `func` may run at the same time as itself (it is called
 *  from an async.execute body, a parallel loop body or async.call, or from
 *  a function that may): with arena=global its activations would share one
 *  arena. Writes the op that makes it so to *why (a call site) and returns
 *  true. */
bool memplan_module_concurrent(const memplan_module *module,
                               MlirOperation func, MlirOperation *why);

/*===----------------------------------------------------------------------===*
 * Provided by the C++ side: what MLIR's C API lacks
 *===----------------------------------------------------------------------===*/

/** Emits a remark at `loc`; msg is copied. */
void memplan_emit_remark(MlirLocation loc, const char *msg);

/** What an op does to one of its operands, from its interfaces. */
enum {
  MEMPLAN_EFFECT_READ = 1,       /**< reads the memory the operand points to */
  MEMPLAN_EFFECT_WRITE = 2,      /**< writes it */
  MEMPLAN_EFFECT_FREE = 4,       /**< frees it */
  MEMPLAN_EFFECT_ALLOC = 8,      /**< allocates it */
  MEMPLAN_EFFECT_UNKNOWN = 16,   /**< the op's effects are not known, or it
                                      touches memory no operand names */
  MEMPLAN_EFFECT_OTHERS = 32     /**< the op has effects on other values */
};
/** The memory effects of `op` on operand `idx`, as a mask of
 *  MEMPLAN_EFFECT_* (MemoryEffectOpInterface, recursively for ops with
 *  regions). 0 means the op is known to have no effect on it. */
unsigned memplan_op_operand_effects(MlirOperation op, intptr_t idx);

/** Every memory effect of `op` and of the ops nested in it
 *  (MemoryEffectOpInterface, recursively where the op says its regions'
 *  effects are its own): calls visit(ctx, value, kind) once per effect, with
 *  kind one of MEMPLAN_EFFECT_READ/WRITE/FREE/ALLOC and the value it is on
 *  (null when the effect names no value: some memory nobody can tell).
 *  Returns false, having visited nothing, when the effects are not known. */
bool memplan_op_effects(MlirOperation op, void (*visit)(void *ctx, MlirValue v,
                                                        unsigned kind),
                        void *ctx);

/** The operand index of the buffer a view-like op (ViewLikeOpInterface)
 *  views, or -1 when `op` is not view-like. */
intptr_t memplan_op_view_source(MlirOperation op);

/** The values operand `idx` of `op` is forwarded to by control flow in
 *  regions (RegionBranchOpInterface: an entry operand to region arguments
 *  or results; RegionBranchTerminatorOpInterface: a yielded value to its
 *  parent's results or to region arguments). Writes up to `cap` values to
 *  `out` and returns how many there are (possibly more than cap), or -1
 *  when `op` is neither. `*repeats` is set when a target is an argument of
 *  a region that may run again (a loop). */
intptr_t memplan_op_forwarded(MlirOperation op, intptr_t idx, MlirValue *out,
                              intptr_t cap, bool *repeats);

/** The block argument of a successor that operand `idx` of a branch
 *  between blocks (BranchOpInterface: cf.br, cf.cond_br, cf.switch) is
 *  forwarded to: writes it to *arg and returns 1; 0 when the operand is not
 *  forwarded; -1 when `op` is not a BranchOpInterface. */
intptr_t memplan_op_successor_arg(MlirOperation op, intptr_t idx, MlirValue *arg);

/** True if op implements RegionBranchOpInterface: its regions run, in an
 *  order it describes, before it returns (scf.for, scf.if, affine.for...). */
bool memplan_op_is_region_branch(MlirOperation op);
/** True if op implements CallOpInterface (func.call, func.call_indirect,
 *  async.call, llvm.call, ...). */
bool memplan_op_is_call(MlirOperation op);
/** The callee symbol of a CallOpInterface op with a symbol callee, or a
 *  null attribute (indirect calls, other ops). */
MlirAttribute memplan_call_callee(MlirOperation op);
/** True if op implements linalg::LinalgOp on buffers or tensors (the named
 *  ops and linalg.generic): its verifier ties no operand's memory space to
 *  another's, so a buffer it uses may change memory space (spill.h). */
bool memplan_op_is_linalg(MlirOperation op);
/** True if op implements FunctionOpInterface (func.func, gpu.func, ...). */
bool memplan_op_is_function(MlirOperation op);

/** True if operand `idx` of `op` is a memref that the op writes in every
 *  element without reading what was there (LinalgOp: a DPS init whose
 *  block argument the payload does not use, indexed by a projected
 *  permutation naming each of its dimensions, every loop non-empty). */
bool memplan_op_overwrites(MlirOperation op, intptr_t idx);
/** True if `op` is a LinalgOp on buffers with only parallel loops whose
 *  memref input `in` and init `out` have the same indexing map, a
 *  permutation: each iteration reads one element of `in` and writes the
 *  element of `out` at the same index, and no other iteration touches
 *  either. */
bool memplan_op_elementwise_pair(MlirOperation op, intptr_t in, intptr_t out);
/** The first op in `from` (a symbol table) that uses the symbol `sym` other
 *  than as the callee of a func.call, or a null op when func.call ops are
 *  its only users there; `from` itself when some op's uses cannot be listed
 *  (SymbolTable::getSymbolUses). */
MlirOperation memplan_symbol_non_call_user(MlirOperation sym, MlirOperation from);

/** The two kinds of attributions of a gpu.func: block arguments that the GPU
 *  lowering allocates in the workgroup's shared memory (`workgroup(...)`)
 *  or in each thread's own (`private(...)`, a stack slot). */
typedef enum memplan_attribution_kind {
  MEMPLAN_ATTRIBUTION_WORKGROUP,
  MEMPLAN_ATTRIBUTION_PRIVATE
} memplan_attribution_kind;

/** Appends an attribution of kind `kind` and type `type` (a memref<N x i8>
 *  in that kind's #gpu.address_space) to the gpu.func `func`, after its
 *  other attributions of that kind, with the attribution attributes
 *  {llvm.align = align, memplan.arena}; returns its block argument (a null
 *  value when func is no gpu.func). GPUFuncOp::addWorkgroupAttribution,
 *  addPrivateAttribution. */
MlirValue memplan_gpu_func_add_arena_attribution(MlirOperation func,
                                                 memplan_attribution_kind kind, MlirType type,
                                                 int64_t align);
/** Erases the attributions k of kind `kind` of the gpu.func `func` for
 *  which erase[k] (k counted from its first attribution of that kind; one
 *  entry per such attribution), with their attribution attributes. Their
 *  uses must be gone. */
void memplan_gpu_func_erase_attributions(MlirOperation func, memplan_attribution_kind kind,
                                         const bool *erase);

/** Registers `memplan-static` in MLIR's pass registry (idempotent). */
void memplan_register_passes(void);

#ifdef __cplusplus
}
#endif

#endif /* MEMPLAN_C_PASS_H */
