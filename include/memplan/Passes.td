//===-- Passes.td - memplan's MLIR passes ------------------*- tablegen -*-===//
//
// The one declaration of memplan-static and its options. mlir-tblgen makes
// the pass's base class and registration from it (-gen-pass-decls, into
// Passes.h.inc) and its reference page (-gen-pass-doc, docs/passes.md; a
// test fails when the committed page differs from the generated one).
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PASSES_TD
#define MEMPLAN_PASSES_TD

include "mlir/Pass/PassBase.td"

def MemPlanStaticPass : Pass<"memplan-static"> {
  let summary = "Plan static buffers into one arena per memory space";
  let description = [{
    Gives every plannable `memref.alloc` of a function a byte offset in one
    arena per memory space, so that buffers live at the same time never
    share a byte, and makes each arena as small as the chosen planner can.

    The pass numbers the ops of each function in execution order, computes
    every buffer's live range from its uses through every alias (view-like
    ops, `arith.select`, values forwarded through regions), plans each
    memory space's buffers with a planner of the memplan core, checks the
    plan with the core's independent validator, and rewrites each planned
    alloc into `memref.view %arena[%offset][]`; the deallocs of planned
    buffers go away. Buffers it cannot plan (dynamic shapes, non-identity
    layouts, buffers that escape through a return, a call, a store or an
    op of unknown effects) keep their own allocation; `remarks=all` says
    why for each. The buffers of a parallel body (`scf.forall`,
    `scf.parallel`, `affine.parallel`, `async.execute`, `gpu.launch`) go
    into an arena of their own that each iteration allocates.

    The pass runs on a module (`builtin.module(memplan-static)`; the flag
    `--memplan-static` of memplan-opt; also `gpu.module`), where it plans
    the `func.func`s and `gpu.func`s of the module's body and of the
    `gpu.module`s in it in parallel on MLIR's thread pool
    (`--mlir-disable-threading` plans them one after the other), then
    inserts the `arena=global` symbols and writes the report and picture
    files, all or none, in function order. Nested builtin modules need a
    memplan-static of their own in the pipeline. Nested under `func.func`
    or `gpu.func` (`builtin.module(func.func(memplan-static))`) it plans
    that one function
    and changes nothing outside it, so the pass cannot be scheduled there
    with `arena=global`, `arena=arg`, `report` or `picture`.

    Example: `memplan-opt model.mlir --memplan-static="planner=auto remarks=all"`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect"
  ];
  let options = [
    Option<"planner", "planner", "::memplan::PlannerId",
           "::memplan::defaultPlanner()",
           "Planner of the memplan core: auto (default: a portfolio that "
           "stops at the lower bound), exact, milp, greedy-size, best-fit, "
           "linear (`memplan --help` lists them)",
           "::memplan::plannerValues()">,
    Option<"alignment", "alignment", "uint64_t", "64",
           "Minimum offset alignment in bytes, a power of two from 1 to "
           "2^62 (each buffer also gets its own `alignment` attribute and "
           "its element types' natural alignment)">,
    Option<"timeLimit", "time-limit", "double", "0.0",
           "Wall-clock limit in seconds for search planners, per arena "
           "(0: the planner's default)">,
    Option<"workLimit", "work-limit", "uint64_t", "0",
           "Work limit in search nodes for search planners (0: none); with "
           "a work limit and no time limit, plans do not depend on the "
           "machine">,
    Option<"arena", "arena", "memplan_arena_kind", "MEMPLAN_ARENA_ALLOC",
           "Where each arena lives: alloc (a memref.alloc at function "
           "entry, freed before each return; the default), global (a "
           "private memref.global per function and memory space; module "
           "form only) or arg (an argument the caller passes, one per "
           "memory space; module form only)",
           [{::llvm::cl::values(
             clEnumValN(MEMPLAN_ARENA_ALLOC, "alloc",
                        "a memref.alloc at function entry, freed before "
                        "each return"),
             clEnumValN(MEMPLAN_ARENA_GLOBAL, "global",
                        "a private memref.global per function and memory "
                        "space (module form; the function must not run "
                        "concurrently with itself)"),
             clEnumValN(MEMPLAN_ARENA_ARG, "arg",
                        "an argument per memory space that the caller "
                        "passes (module form; the size is the function's "
                        "memplan.arena_sizes and @F_arena_size(); callers "
                        "in the module are updated)"))}]>,
    Option<"remarks", "remarks", "memplan_remark_level",
           "MEMPLAN_REMARKS_SUMMARY",
           "Which remarks to emit: none, summary (one per function with "
           "buffers; the default) or all (a summary for every function and "
           "a remark for every buffer left alone, with the reason)",
           [{::llvm::cl::values(
             clEnumValN(MEMPLAN_REMARKS_NONE, "none", "no remarks"),
             clEnumValN(MEMPLAN_REMARKS_SUMMARY, "summary",
                        "one summary per function"),
             clEnumValN(MEMPLAN_REMARKS_ALL, "all",
                        "the summary and every buffer left alone, with "
                        "the reason"))}]>,
    ListOption<"capacity", "capacity", "std::string",
               "Arena capacity in bytes, a comma-separated list: `BYTES` for "
               "every memory space, `SPACE:BYTES` for one (SPACE: 0 for the "
               "default space, an integer N for memref<..., N>, `workgroup`, "
               "`private`, `global` for #gpu.address_space<...>, or the "
               "attribute as MLIR prints it); e.g. `capacity=1048576,"
               "workgroup:49152`; 0 is no capacity (the default). A plan above its space's capacity fails the "
               "pass, naming the space, the step where the most bytes are "
               "live and the largest buffers live there">,
    ListOption<"spill", "spill", "std::string",
               "Fallback memory spaces, a comma-separated list of `FROM:TO` "
               "(spaces spelt as for `capacity`): when the arena of FROM "
               "passes its capacity, buffers move to the slower space TO, "
               "fewest bytes moved, then fewest buffers, until the rest fits; "
               "they are planned in TO's arena and change type to TO's memory "
               "space. Only a buffer that every user takes in any memory space "
               "(LinalgOp operands, load, store, copy, vector transfers, "
               "memory_space_cast; views such as subview and expand_shape, "
               "which move with it) can move; the summary remark and the report list what moved. "
               "E.g. `capacity=1:65536 spill=1:0`">,
    Option<"report", "report", "std::string", "\"\"",
           "Write each function's JSON report to this path; {func} becomes "
           "the function's name (module form only)">,
    Option<"picture", "picture", "std::string", "\"\"",
           "Write each function's SVG pictures to this path; {func} as for "
           "report, {space} becomes the arena's index (module form only)">,
    Option<"copies", "copies", "bool", "true",
           "Remove a copy whose source dies at it by making the ops that "
           "write the source write the destination (the interior of a "
           "padded buffer, a slice of a concatenation) instead, where that "
           "does not raise the max-live bound (the default; false: never)">,
    Option<"split", "split", "bool", "true",
           "A live range per value: where an op writes every byte of a "
           "buffer without reading it, the buffer's next value becomes a "
           "buffer of its own (the default; false: one live range per "
           "alloc)">,
    Option<"inPlace", "in-place", "bool", "true",
           "An element-wise op's output takes the bytes of an input whose "
           "value dies at that op (the default; false: never)">,
    Option<"reorder", "reorder", "bool", "true",
           "Reorder the ops of the function's body, as their SSA uses and "
           "memory effects allow (an op of unknown effects is a barrier), "
           "running first the ready op that frees the most bytes; kept only "
           "when the max-live bound drops (the default; false: the given "
           "order)">,
    Option<"testCorrupt", "test-corrupt", "memplan_corrupt_kind",
           "MEMPLAN_CORRUPT_NONE",
           "Negative controls for the end-to-end tests only: a deliberately "
           "wrong rewrite that test/e2e/run_compare.py must catch",
           [{::llvm::cl::values(
             clEnumValN(MEMPLAN_CORRUPT_NONE, "none", "no corruption"),
             clEnumValN(MEMPLAN_CORRUPT_SPLIT_PARTIAL, "split-partial",
                        "split a buffer also where an op writes only part "
                        "of it"),
             clEnumValN(MEMPLAN_CORRUPT_INPLACE_LIVE, "in-place-live",
                        "write in place also over an input read later"),
             clEnumValN(MEMPLAN_CORRUPT_SPLIT_STALE_VIEWS, "split-stale-views",
                        "leave a later value's uses through views made "
                        "before its split point on those views"),
             clEnumValN(MEMPLAN_CORRUPT_CARRIED_ONE_SLOT, "carried-one-slot",
                        "give both parities of a loop-carried buffer the "
                        "same slot"),
             clEnumValN(MEMPLAN_CORRUPT_SPILL_OVERLAP, "spill-overlap",
                        "give a spilled buffer the offset of another "
                        "spilled buffer live at the same time"),
             clEnumValN(MEMPLAN_CORRUPT_COPIES_FILL_LATE, "copies-fill-late",
                        "remove a copy but leave its destination's fill "
                        "after the source's writers"),
             clEnumValN(MEMPLAN_CORRUPT_ORDER_IGNORE_EFFECTS,
                        "order-ignore-effects",
                        "reorder ops by their SSA uses alone, ignoring "
                        "memory effects, whatever the bound"))}]>
  ];
}

#endif // MEMPLAN_PASSES_TD
