//===-- memplan-opt.cpp - mlir-opt with memplan-static built in -----------===//
//
// Upstream's MlirOptMain with every upstream dialect, extension and pass,
// plus memplan's passes, so that `memplan-opt in.mlir --memplan-static` and
// `--memplan-static="planner=best-fit"` work as plain flags.
//
//===----------------------------------------------------------------------===//

#include "memplan/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  memplan::registerMemPlanPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "memplan-opt: mlir-opt with memplan-static\n", registry));
}
