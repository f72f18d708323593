//===-- memplan/Passes.h - memplan's MLIR passes ----------------*- C++ -*-===//
//
// For compilers that link the pass: register it by name, or create it with
// options and add it to a pass manager.
//
//   #include "memplan/Passes.h"
//   memplan::registerMemPlanPasses();               // "memplan-static"
//   pm.addPass(memplan::createMemPlanStatic());     // default options
//   memplan::MemPlanStaticOptions o;
//   o.planner = memplan::plannerNamed("best-fit");
//   pm.addPass(memplan::createMemPlanStatic(o));
//
// The pass runs on a builtin.module (plans every function of its body in
// parallel) or on a func.func; its options are documented in
// docs/passes.md, generated from Passes.td. Link the CMake target
// memplan::MemPlanStatic (find_package(memplan)).
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PASSES_H
#define MEMPLAN_PASSES_H

#include "memplan-c/pass.h"
#include "memplan/memplan.h"

#include "mlir/Pass/Pass.h"
#include "llvm/Support/CommandLine.h"

#include <memory>

namespace mlir {
namespace arith {
class ArithDialect;
} // namespace arith
namespace memref {
class MemRefDialect;
} // namespace memref
} // namespace mlir

namespace memplan {

/// A planner of the memplan core, by its index in memplan_planners().
enum class PlannerId : int {};

/// The planner named `name`; the default planner (auto) if there is none.
PlannerId plannerNamed(llvm::StringRef name);
/// The default planner: auto.
PlannerId defaultPlanner();
/// The planner's name, as memplan_solve takes it.
const char *plannerName(PlannerId id);

/// The values of the `planner` option: every planner of the core's
/// registry, so the list is written down once (lib/planners/registry.c).
struct PlannerValues {
  template <class Opt> void apply(Opt &opt) const {
    size_t n = 0;
    const memplan_planner *p = memplan_planners(&n);
    for (size_t i = 0; i < n; ++i)
      opt.getParser().addLiteralOption(p[i].name, PlannerId(int(i)),
                                       p[i].summary);
  }
};
inline PlannerValues plannerValues() { return {}; }

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "memplan/Passes.h.inc"

} // namespace memplan

#endif // MEMPLAN_PASSES_H
