// Every memory space is planned before a verdict: here the 2^62 limit in
// the default space leaves %h3 alone, and with it %a of space 1, freed by
// the same dealloc; the next attempt has one arena of 1024 bytes, within
// capacity=1500. Space 1's arena (2048 bytes) of the first attempt failed
// the function before that attempt was made.
// RUN: %memplan-opt %s --memplan-static="remarks=all capacity=1500" -o /dev/null 2>&1 | FileCheck %s
// REQUIRES: mlir

// CHECK-NOT: error
// CHECK: remark: memplan-static: planned 1 of 3 buffers (2 left alone); sizes 1024 bytes planned, 4611686018427389952 left alone; lower bound 1024 bytes; arena 1024 bytes in 1 arena;
func.func @x(%p: i1) {
  %h1 = memref.alloc() : memref<1024xi8>
  %h3 = memref.alloc() : memref<4611686018427387904xi8>
  %a = memref.alloc() : memref<2048xi8, 1>
  %c = memref.memory_space_cast %a : memref<2048xi8, 1> to memref<2048xi8>
  %v = memref.subview %h3[0][2048][1] : memref<4611686018427387904xi8> to memref<2048xi8, strided<[1]>>
  %w = memref.cast %c : memref<2048xi8> to memref<2048xi8, strided<[1]>>
  %s = arith.select %p, %w, %v : memref<2048xi8, strided<[1]>>
  memref.copy %h1, %h1 : memref<1024xi8> to memref<1024xi8>
  memref.copy %s, %s : memref<2048xi8, strided<[1]>> to memref<2048xi8, strided<[1]>>
  memref.dealloc %h1 : memref<1024xi8>
  memref.dealloc %s : memref<2048xi8, strided<[1]>>
  return
}
