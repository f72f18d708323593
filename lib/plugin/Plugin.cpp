//===-- Plugin.cpp - Entry point of MemPlanPlugin.so ----------------------===//
//
// `mlir-opt --load-pass-plugin=MemPlanPlugin.so` calls mlirGetPassPluginInfo,
// which registers memplan-static. Because upstream builds its pass flags
// before loading plugins, only the pipeline form works with a plugin:
//   --pass-pipeline="builtin.module(func.func(memplan-static{planner=auto}))"
//
//===----------------------------------------------------------------------===//

#include "memplan-c/pass.h"

#include "llvm/Config/llvm-config.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK LLVM_ATTRIBUTE_VISIBILITY_DEFAULT
    ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MemPlan", LLVM_VERSION_STRING,
          [] { memplan_register_passes(); }};
}
