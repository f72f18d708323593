//===-- Shim.cpp - memplan-static registration, options, remarks ----------===//
//
// The only C++ of the pass. MLIR's C API cannot register a named pass with
// options, nor emit remarks or warnings, so this file does exactly that and
// nothing more: it parses the options into a memplan_pass_options and hands
// each func.func to the C body (memplan_static_run, lib/pass/pass.c).
//
// The pass runs on a func.func (`func.func(memplan-static)`, in parallel
// over the functions) or on a builtin.module (`builtin.module(memplan-
// static)`, and the plain flag --memplan-static), where it plans the
// functions of the module's body one after the other. Only the second
// follows MLIR's rule that a pass changes nothing outside the op it runs on
// when arena=global adds memref.global symbols to the module; on func.func
// those insertions are serialised by memplan's own lock, but another pass
// running on a sibling function may read the module meanwhile.
//
//===----------------------------------------------------------------------===//

#include "memplan-c/pass.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <mutex>
#include <string>

using namespace mlir;

namespace {

struct MemPlanStaticPass
    : public PassWrapper<MemPlanStaticPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MemPlanStaticPass)

  MemPlanStaticPass() = default;
  // A clone (one per thread of a parallel run) shares its original's
  // instance number: they plan one run together (memplan_pass_options.instance).
  MemPlanStaticPass(const MemPlanStaticPass &other)
      : PassWrapper(other), instance(other.instance) {}

  // The number of this pass object and its clones; the last of them to go
  // releases what the C body kept for it.
  struct Instance {
    uint64_t id = memplan_pass_instance_new();
    Instance() = default;
    Instance(const Instance &) = delete;
    Instance &operator=(const Instance &) = delete;
    ~Instance() { memplan_pass_instance_release(id); }
  };
  std::shared_ptr<const Instance> instance = std::make_shared<const Instance>();

  StringRef getArgument() const final { return "memplan-static"; }
  // Without it MLIR names the pass by its C++ type in diagnostics and IR
  // dumps ("Can't add pass '{anonymous}::MemPlanStaticPass' ...").
  StringRef getName() const final { return "MemPlanStatic"; }
  StringRef getDescription() const final {
    return "Plan static memref.alloc buffers into one arena per memory space "
           "(liveness from uses, through aliases; offsets from a memplan "
           "planner; rewrite to memref.view)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<memref::MemRefDialect, arith::ArithDialect>();
  }

  Option<std::string> planner{
      *this, "planner",
      llvm::cl::desc("Planner: auto, exact, milp, greedy-size, best-fit, linear"),
      llvm::cl::init("auto")};
  Option<uint64_t> alignment{
      *this, "alignment",
      llvm::cl::desc("Minimum offset alignment in bytes (a power of two "
                     "from 1 to 2^62)"),
      llvm::cl::init(64)};
  Option<double> timeLimit{
      *this, "time-limit",
      llvm::cl::desc("Time limit in seconds for search planners (0: default)"),
      llvm::cl::init(0.0)};
  Option<uint64_t> workLimit{
      *this, "work-limit",
      llvm::cl::desc("Work limit (search nodes) for search planners (0: none); "
                     "with work-limit and no time-limit, the plan does not "
                     "depend on the machine"),
      llvm::cl::init(0)};
  Option<std::string> arena{
      *this, "arena",
      llvm::cl::desc("Arena placement: alloc (memref.alloc at entry) or "
                     "global (private memref.global)"),
      llvm::cl::init("alloc")};
  Option<bool> remarks{
      *this, "remarks",
      llvm::cl::desc("Emit one summary remark per function"),
      llvm::cl::init(false)};
  Option<uint64_t> capacity{
      *this, "capacity",
      llvm::cl::desc("Arena capacity in bytes (0: unlimited); a plan that "
                     "exceeds it fails the pass"),
      llvm::cl::init(0)};
  Option<std::string> report{
      *this, "report",
      llvm::cl::desc("Write a JSON report to this file; {func} in the path "
                     "becomes the function's name (needed when the module "
                     "has several functions)"),
      llvm::cl::init("")};
  Option<std::string> picture{
      *this, "picture",
      llvm::cl::desc("Write an SVG picture of the plan; {func} as for "
                     "report, {space} becomes the arena's index (needed "
                     "with several memory spaces)"),
      llvm::cl::init("")};

  // Names, not isa<>: the plugin's TypeIDs may differ from libMLIR's (see
  // memplan_op_is_symbol_table below).
  static bool isFunc(Operation *op) {
    return op->getName().getStringRef() == "func.func";
  }
  bool canScheduleOn(RegisteredOperationName opName) const override {
    return opName.getStringRef() == "func.func" ||
           opName.getStringRef() == "builtin.module";
  }

  void runOnOperation() override {
    Operation *op = getOperation();
    memplan_pass_options o;
    memplan_pass_options_init(&o);
    o.planner = planner.getValue().c_str();
    o.alignment = alignment;
    o.time_limit = timeLimit;
    o.work_limit = workLimit;
    o.remarks = remarks;
    o.capacity = capacity;
    o.report = report.getValue().c_str();
    o.picture = picture.getValue().c_str();
    o.instance = instance->id;
    // The arena option is checked here rather than with a cl::enum so that
    // a bad value is reported at each function with the accepted values,
    // as for the options memplan_static_run checks itself (planner=, ...).
    bool badArena = false;
    if (arena.getValue() == "alloc")
      o.arena = MEMPLAN_ARENA_ALLOC;
    else if (arena.getValue() == "global")
      o.arena = MEMPLAN_ARENA_GLOBAL;
    else
      badArena = true;
    auto runOn = [&](Operation *fn) {
      if (badArena) {
        mlir::emitError(fn->getLoc()) << "memplan-static: bad option arena='"
                        << arena.getValue() << "' (expected alloc or global)";
        return true;
      }
      return mlirLogicalResultIsFailure(memplan_static_run(wrap(fn), &o));
    };
    if (isFunc(op)) {
      if (runOn(op))
        signalPassFailure();
      return;
    }
    // A module: each function of its body, as func.func(memplan-static)
    // would visit them (not those of nested modules), every one even after
    // a failure, which is then the pass's. Their report and picture files
    // are kept all together at the end, or, after a failure, none.
    memplan_pass_outputs *outputs = memplan_pass_outputs_new();
    if (!outputs) {
      mlir::emitError(op->getLoc()) << "memplan-static: out of memory";
      return signalPassFailure();
    }
    o.outputs = outputs;
    bool failed = false;
    Operation *first = nullptr;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &child : llvm::make_early_inc_range(block))
          if (isFunc(&child)) {
            first = first ? first : &child;
            failed |= runOn(&child);
          }
    char err[600] = "";
    if (memplan_pass_outputs_end(outputs, !failed, err, sizeof err) != 0) {
      // At the first function: a module parsed from a file has no location.
      mlir::emitError((first ? first : op)->getLoc()) << "memplan-static: " << err;
      failed = true;
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace

extern "C" void memplan_emit_remark(MlirLocation loc, const char *msg) {
  emitRemark(unwrap(loc)) << msg;
}

extern "C" void memplan_emit_warning(MlirLocation loc, const char *msg) {
  emitWarning(unwrap(loc)) << msg;
}

extern "C" bool memplan_op_is_call(MlirOperation op) {
  return isa<CallOpInterface>(unwrap(op));
}

extern "C" bool memplan_op_is_symbol_table(MlirOperation op) {
  // Asked through libMLIR, not with hasTrait<OpTrait::SymbolTable>() here:
  // the trait's TypeID in this file does not match the one the ops were
  // registered with in libMLIR (a plugin and a driver alike), so hasTrait
  // answered false even for builtin.module.
  Operation *o = unwrap(op);
  return SymbolTable::getNearestSymbolTable(o) == o;
}

extern "C" void memplan_register_passes(void) {
  static std::once_flag once;
  std::call_once(once, [] {
    // Another copy of this file may have registered the name already:
    // memplan-opt has the pass built in and a user may still add
    // --load-pass-plugin, or two plugin builds (build/, build-asan/) get
    // loaded. Each copy has its own pass TypeID, and MLIR aborts the whole
    // process ("pass allocator creates a different pass than previously
    // registered") on a second registration; the first copy serves instead.
    if (PassInfo::lookup("memplan-static")) {
      llvm::errs() << "memplan: memplan-static is already registered (built "
                      "into this tool or loaded from another plugin); this "
                      "copy is not registered again\n";
      return;
    }
    PassRegistration<MemPlanStaticPass>();
  });
}
