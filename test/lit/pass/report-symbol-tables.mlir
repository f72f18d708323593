// Any symbol table is a namespace of its own, not only builtin.module: @f
// of gpu.module @k1 and @f of gpu.module @k2 both wrote r_f.json (the last
// one won), and a path without {func} was not refused, so @g and @h
// overwrote one report. Now {func} qualifies by every named enclosing
// symbol table (k1.f, k2.f), and a shared path is refused.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(gpu.module(func.func(memplan-static{planner=greedy-size report=%t/r_{func}.json})))" -o %t/out.mlir
// RUN: %mlir-opt %t/out.mlir -o /dev/null
// RUN: FileCheck %s --check-prefix=K1 < %t/r_k1.f.json
// RUN: FileCheck %s --check-prefix=K2 < %t/r_k2.f.json
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(gpu.module(func.func(memplan-static{report=%t/one.json})))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not test -e %t/one.json
// REQUIRES: mlir

// K1: "function": "k1.f"
// K1: "peak": 64
// K2: "function": "k2.f"
// K2: "peak": 128
// ERR: error: memplan-static: report={{.*}}one.json: the module has nested modules whose functions would overwrite the file; put {func} in the path for one file per function
gpu.module @k1 {
  func.func @f(%o: memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    memref.copy %a, %o : memref<16xf32> to memref<16xf32>
    return
  }
}
gpu.module @k2 {
  func.func @f(%o: memref<32xf32>) {
    %a = memref.alloc() : memref<32xf32>
    memref.copy %a, %o : memref<32xf32> to memref<32xf32>
    return
  }
}
