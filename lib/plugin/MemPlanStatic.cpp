//===-- MemPlanStatic.cpp - The memplan-static pass class -----------------===//
//
// The C++ half of memplan-static: the pass class that TableGen declares
// (include/memplan/Passes.td), its option checks, and the module driver,
// which plans functions in parallel on MLIR's thread pool. Each function is
// planned by the C body (memplan_plan_function, lib/pass), which touches
// only that function; what touches the module (arena=global symbols, report
// and picture files) is done after, by memplan_module_end, in function order.
//
//===----------------------------------------------------------------------===//

#include "memplan/Passes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Threading.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>
#include <mutex>
#include <string>
#include <vector>

namespace memplan {
#define GEN_PASS_DEF_MEMPLANSTATICPASS
#include "memplan/Passes.h.inc"
} // namespace memplan

using namespace mlir;

namespace memplan {

PlannerId plannerNamed(llvm::StringRef name) {
  size_t n = 0;
  const memplan_planner *p = memplan_planners(&n);
  for (size_t i = 0; i < n; ++i)
    if (name == p[i].name)
      return PlannerId(int(i));
  return defaultPlanner();
}

PlannerId defaultPlanner() {
  size_t n = 0;
  const memplan_planner *p = memplan_planners(&n);
  for (size_t i = 0; i < n; ++i)
    if (llvm::StringRef(p[i].name) == "auto")
      return PlannerId(int(i));
  assert(false && "the core has no auto planner");
  return PlannerId(0);
}

const char *plannerName(PlannerId id) {
  size_t n = 0;
  const memplan_planner *p = memplan_planners(&n);
  assert(size_t(id) < n && "planner index out of range");
  return p[size_t(id)].name;
}

namespace {

// Names, not isa<func::FuncOp>: the function form is scheduled by name, and
// a module plans the func.func and gpu.func ops of its body.
bool isFunc(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return name == "func.func" || name == "gpu.func";
}

bool isGpuModule(Operation *op) {
  return op->getName().getStringRef() == "gpu.module";
}

bool hasBody(Operation *op) {
  return op->getNumRegions() > 0 && !op->getRegion(0).empty();
}

struct MemPlanStaticPass
    : public impl::MemPlanStaticPassBase<MemPlanStaticPass> {
  using Base::Base;

  // Nested under func.func the pass may change that function only, so the
  // options that write to the module or to files need the module form:
  // with them the pass cannot be scheduled on a function, which MLIR
  // reports once, before anything runs.
  bool canScheduleOn(RegisteredOperationName name) const override {
    if (name.getStringRef() == "func.func" || name.getStringRef() == "gpu.func")
      return !needsModule();
    return name.getStringRef() == "builtin.module" ||
           name.getStringRef() == "gpu.module";
  }

  // The option values a typed option cannot check, once, before any
  // operation is touched: a bad value fails the pipeline with one error.
  LogicalResult initialize(MLIRContext *context) override {
    std::vector<const char *> caps, spills;
    memplan_pass_options o = cOptions(caps, spills);
    char err[512];
    if (memplan_pass_options_check(&o, err, sizeof err) == 0)
      return success();
    return emitError(UnknownLoc::get(context)) << err;
  }

  void runOnOperation() override {
    Operation *op = getOperation();
    std::vector<const char *> caps, spills;
    memplan_pass_options o = cOptions(caps, spills);
    if (isFunc(op))
      return runOnFunction(op, o);
    runOnModule(op, o);
  }

private:
  // The C options; `caps` and `spills` hold the entries they point to.
  memplan_pass_options cOptions(std::vector<const char *> &caps,
                                std::vector<const char *> &spills) const {
    memplan_pass_options o;
    memplan_pass_options_init(&o);
    o.planner = plannerName(planner);
    o.alignment = alignment;
    o.time_limit = timeLimit;
    o.work_limit = workLimit;
    o.arena = arena;
    o.remarks = remarks;
    for (const std::string &c : capacity)
      caps.push_back(c.c_str());
    o.capacities = caps.data();
    o.ncapacities = caps.size();
    for (const std::string &e : spill)
      spills.push_back(e.c_str());
    o.spills = spills.data();
    o.nspills = spills.size();
    o.report = report.getValue().c_str();
    o.picture = picture.getValue().c_str();
    o.copies = copies;
    o.split = split;
    o.in_place = inPlace;
    o.reorder = reorder;
    o.corrupt = testCorrupt;
    return o;
  }

  bool needsModule() const {
    return arena == MEMPLAN_ARENA_GLOBAL || arena == MEMPLAN_ARENA_ARG ||
           !report.empty() || !picture.empty();
  }

  void runOnFunction(Operation *func, const memplan_pass_options &o) {
    assert(!needsModule() && "canScheduleOn keeps these on modules");
    if (!hasBody(func))
      return;
    memplan_function *result = nullptr;
    if (mlirLogicalResultIsFailure(
            memplan_plan_function(wrap(func), nullptr, &o, &result)))
      signalPassFailure();
    assert(!result && "the function form owes the module nothing");
  }

  // The functions of the module's body and, for a builtin.module, of the
  // gpu.modules in it (device code is planned too; each function still
  // changes only itself, and its arena=global symbol goes beside it, in its
  // own symbol table).
  static void collectFuncs(Operation *module, std::vector<Operation *> &funcs) {
    for (Region &region : module->getRegions())
      for (Block &block : region)
        for (Operation &child : block) {
          if (isFunc(&child) && hasBody(&child))
            funcs.push_back(&child);
          else if (isGpuModule(&child) && !isGpuModule(module))
            collectFuncs(&child, funcs);
        }
  }

  void runOnModule(Operation *module, const memplan_pass_options &o) {
    std::vector<Operation *> funcs;
    collectFuncs(module, funcs);
    memplan_module *state = memplan_module_begin(wrap(module), &o);
    if (!state) {
      emitError(module->getLoc()) << "memplan-static: out of memory";
      return signalPassFailure();
    }
    std::vector<memplan_function *> results(funcs.size(), nullptr);
    std::vector<char> failed(funcs.size(), 0);
    // Diagnostics come out in function order, whatever the threads do.
    parallelForEach(&getContext(), llvm::seq<size_t>(0, funcs.size()),
                    [&](size_t i) {
                      failed[i] = mlirLogicalResultIsFailure(
                          memplan_plan_function(wrap(funcs[i]), state, &o,
                                                &results[i]));
                    });
    bool ok = llvm::none_of(failed, [](char f) { return f; });
    if (mlirLogicalResultIsFailure(memplan_module_end(
            state, wrap(module), results.data(), results.size(), ok)))
      signalPassFailure();
  }
};

} // namespace

// Another copy of the pass may be registered already: memplan-opt has it
// built in and a user may still add --load-pass-plugin, or two plugin builds
// get loaded. Each copy has its own pass TypeID, and MLIR aborts the process
// on a second registration of one name, so the first copy serves.
static void registerMemPlanPassesOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (PassInfo::lookup("memplan-static")) {
      llvm::errs() << "memplan: memplan-static is already registered (built "
                      "into this tool or loaded from another plugin); this "
                      "copy is not registered again\n";
      return;
    }
    registerMemPlanPasses();
  });
}

} // namespace memplan

extern "C" void memplan_register_passes(void) {
  memplan::registerMemPlanPassesOnce();
}
