// Unnamed nested modules added nothing to {func}: the top-level @g and the
// @g of two unnamed modules all wrote ur_g.json and the last one won. An
// unnamed symbol table is now "#k", its rank among the unnamed ones of its
// block; '#' is raw in the path (a name's '#' is written %23), so no name
// can meet it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{planner=greedy-size report=%t/ur_{func}.json}),builtin.module(func.func(memplan-static{planner=greedy-size report=%t/ur_{func}.json})))" -o /dev/null
// RUN: ls %t | count 5
// RUN: FileCheck %s --check-prefix=TOP < %t/ur_g.json
// RUN: FileCheck %s --check-prefix=FIRST < '%t/ur_#0.g.json'
// RUN: FileCheck %s --check-prefix=SECOND < '%t/ur_#1.g.json'
// RUN: FileCheck %s --check-prefix=NAMED < %t/ur_n.g.json
// RUN: FileCheck %s --check-prefix=ODD < %t/ur_%231.g.json
// REQUIRES: mlir

// TOP: "function": "g"
// TOP: "peak": 64
// FIRST: "function": "#0.g"
// FIRST: "peak": 128
// SECOND: "function": "#1.g"
// SECOND: "peak": 192
// NAMED: "function": "n.g"
// NAMED: "peak": 256
// ODD: "function": "#1.g"
// ODD: "peak": 320
func.func @g(%out: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  return
}
module {
  func.func @g(%out: memref<32xf32>) {
    %a = memref.alloc() : memref<32xf32>
    memref.copy %a, %out : memref<32xf32> to memref<32xf32>
    return
  }
}
module @n {
  func.func @g(%out: memref<64xf32>) {
    %a = memref.alloc() : memref<64xf32>
    memref.copy %a, %out : memref<64xf32> to memref<64xf32>
    return
  }
}
module {
  func.func @g(%out: memref<48xf32>) {
    %a = memref.alloc() : memref<48xf32>
    memref.copy %a, %out : memref<48xf32> to memref<48xf32>
    return
  }
}
// A module named "#1" is not the second unnamed one: its '#' is encoded.
module @"#1" {
  func.func @g(%out: memref<80xf32>) {
    %a = memref.alloc() : memref<80xf32>
    memref.copy %a, %out : memref<80xf32> to memref<80xf32>
    return
  }
}
