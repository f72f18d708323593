// picture= draws every arena: "{space}" in the path gives one SVG per
// arena, named by the arena's index (the report's "arena": the order in
// which the function first allocates in each memory space; here 0 for the
// default space, 1 for memory space 1). A function with arenas in two memory
// spaces and a path without "{space}" is refused and no file is written,
// since one picture would hide the other arena.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size picture=%t/arena{space}.svg report=%t/r.json" -o %t/out.mlir
// RUN: FileCheck %s --check-prefix=S0 < %t/arena0.svg
// RUN: FileCheck %s --check-prefix=S1 < %t/arena1.svg
// RUN: not %memplan-opt %s --memplan-static="picture=%t/one.svg report=%t/one.json" -o %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not test -e %t/one.svg
// RUN: not test -e %t/one.json
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{picture=%t/one.svg})" 2>&1 | FileCheck %s --check-prefix=ERR
// {func} and {space} side by side are refused: @f's arena 10 and @f1's
// arena 0 would share one file. A separator that is not a digit is enough.
// RUN: not %memplan-opt %s --memplan-static="picture=%t/p{func}{space}.svg" -o %t/bad2.mlir 2>&1 | FileCheck %s --check-prefix=SEP
// RUN: not %memplan-opt %s --memplan-static="picture=%t/p{space}12{func}.svg" -o %t/bad3.mlir 2>&1 | FileCheck %s --check-prefix=SEP
// RUN: %memplan-opt %s --memplan-static="picture=%t/p{func}_{space}.svg" -o %t/ok.mlir
// RUN: test -s %t/ptwo_spaces_0.svg && test -s %t/ptwo_spaces_1.svg
// REQUIRES: mlir

// SEP: error: memplan-static: bad picture={{.*}}: {func} and {space} need a separator that is not a digit between them
// S0: peak 256 B
// S1: peak 512 B
// ERR: picture-spaces.mlir:[[@LINE+1]]:1: error: memplan-static: the picture of @two_spaces ({{.*}}one.svg) and the picture of @two_spaces ({{.*}}one.svg) lead to one file: put {space} in the path for one picture per arena (no file is written)
func.func @two_spaces(%x: f32, %out: memref<64xf32>, %out1: memref<64xf32, 1>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<128xf32, 1>
  memref.store %x, %a[%c0] : memref<64xf32>
  memref.store %x, %b[%c0] : memref<128xf32, 1>
  %v = memref.load %a[%c0] : memref<64xf32>
  %w = memref.load %b[%c0] : memref<128xf32, 1>
  memref.store %v, %out[%c0] : memref<64xf32>
  memref.store %w, %out1[%c0] : memref<64xf32, 1>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<128xf32, 1>
  return
}
