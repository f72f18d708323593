// "{func}" is the function's name qualified by the named symbol tables it
// is nested in below the outermost op: @f at top level and @f inside
// `module @inner` (each module is its own symbol table) used to write the
// same nr_f.json, and the last one won. Now the inner one writes
// nr_inner.f.json, the functions of gpu.module @k1 k1.f; top-level functions
// keep their bare name, and the report's "function" is the same name. The
// pass plans the functions of the module it runs on and of the gpu.modules
// in it; nested builtin modules get a memplan-static of their own in the
// pipeline. An unnamed nested module
// adds nothing to the name.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{planner=greedy-size report=%t/nr_{func}.json picture=%t/np_{func}.svg},builtin.module(memplan-static{planner=greedy-size report=%t/nr_{func}.json picture=%t/np_{func}.svg},builtin.module(memplan-static{planner=greedy-size report=%t/nr_{func}.json})))" -o %t/out.mlir
// RUN: %mlir-opt --verify-each %t/out.mlir -o /dev/null
// RUN: FileCheck %s --check-prefix=TOP < %t/nr_f.json
// RUN: FileCheck %s --check-prefix=INNER < %t/nr_inner.f.json
// RUN: FileCheck %s --check-prefix=DEEP < %t/nr_inner.deep.f.json
// RUN: FileCheck %s --check-prefix=ANON < %t/nr_g.json
// RUN: FileCheck %s --check-prefix=K1 < %t/nr_k1.h.json
// RUN: test -s %t/np_f.svg && test -s %t/np_inner.f.svg
// RUN: ls %t | count 10
// REQUIRES: mlir
// TOP: "function": "f"
// TOP: "peak": 64
// INNER: "function": "inner.f"
// INNER: "peak": 128
// DEEP: "function": "inner.deep.f"
// DEEP: "peak": 192
// ANON: "function": "g"
// ANON: "peak": 256
// K1: "function": "k1.h"
// K1: "peak": 64

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

gpu.module @k1 {
  func.func @h(%o: memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    memref.copy %a, %o : memref<16xf32> to memref<16xf32>
    return
  }
}
