// plan-file IN.mlir: parses IN, runs canonicalize and memplan-static
// (planner=linear, set through the options struct) and prints the module.
#include "memplan/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: plan-file IN.mlir\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect,
                  mlir::linalg::LinalgDialect, mlir::memref::MemRefDialect>();
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  pm.addPass(mlir::createCanonicalizerPass());
  memplan::MemPlanStaticPassOptions options;
  options.planner = memplan::plannerNamed("linear");
  options.remarks = MEMPLAN_REMARKS_NONE;
  pm.addPass(memplan::createMemPlanStaticPass(options));
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  return 0;
}
