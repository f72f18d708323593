// "{func}" is the function's qualified name: @f at top level and @f inside
// `module @inner` (each module is its own symbol table) used to write the
// same nr_f.json, and the last one won. Now the inner one writes
// nr_inner.f.json; top-level functions keep their bare name, and the
// report's "function" is the same name. A path without {func} is refused
// when a nested module may hold functions that write the same file.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{planner=greedy-size report=%t/nr_{func}.json picture=%t/np_{func}.svg}),builtin.module(func.func(memplan-static{planner=greedy-size report=%t/nr_{func}.json picture=%t/np_{func}.svg}),builtin.module(func.func(memplan-static{planner=greedy-size report=%t/nr_{func}.json}))))" -o %t/out.mlir
// RUN: %mlir-opt --verify-each %t/out.mlir -o /dev/null
// RUN: FileCheck %s --check-prefix=TOP < %t/nr_f.json
// RUN: FileCheck %s --check-prefix=INNER < %t/nr_inner.f.json
// RUN: FileCheck %s --check-prefix=DEEP < %t/nr_inner.deep.f.json
// RUN: FileCheck %s --check-prefix=ANON < '%t/nr_#0.g.json'
// RUN: test -s %t/np_f.svg && test -s %t/np_inner.f.svg
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{report=%t/one.json}),builtin.module(func.func(memplan-static{report=%t/one.json})))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not test -e %t/one.json
// REQUIRES: mlir

// TOP: "function": "f"
// TOP: "peak": 64
// INNER: "function": "inner.f"
// INNER: "peak": 128
// DEEP: "function": "inner.deep.f"
// DEEP: "peak": 192
// An unnamed nested module is "#k", its rank among the unnamed ones of its
// block (report-unnamed-modules.mlir):
// ANON: "function": "#0.g"
// ANON: "peak": 256
// ERR-DAG: error: memplan-static: report={{.*}}one.json: the module has nested modules whose functions would overwrite the file; put {func} in the path for one file per function
// ERR-DAG: error: memplan-static: report={{.*}}one.json: the module has several functions and each would overwrite the file; put {func} in the path for one file per function
func.func @f(%out: memref<16xf32>, %x: f32) {
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<16xf32>)
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  return
}

module @inner {
  func.func @f(%out: memref<32xf32>, %x: f32) {
    %a = memref.alloc() : memref<32xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<32xf32>)
    memref.copy %a, %out : memref<32xf32> to memref<32xf32>
    return
  }
  module @deep {
    func.func @f(%out: memref<48xf32>, %x: f32) {
      %a = memref.alloc() : memref<48xf32>
      linalg.fill ins(%x : f32) outs(%a : memref<48xf32>)
      memref.copy %a, %out : memref<48xf32> to memref<48xf32>
      return
    }
  }
}

module {
  func.func @g(%out: memref<64xf32>, %x: f32) {
    %a = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
    memref.copy %a, %out : memref<64xf32> to memref<64xf32>
    return
  }
}
