// A buffer whose address leaves as an integer, or which a DMA keeps using
// until a dma_wait on the tag only, is still in use after its last memref
// use. Planning it gave %a and %b the same bytes while the address of %a was
// returned (and, with DMA, while the transfer was still writing). Such
// buffers keep their own allocation.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size remarks=all" -o %t.mlir 2>&1 | FileCheck %s
// RUN: %mlir-opt --verify-each %t.mlir -o /dev/null
// REQUIRES: mlir

// CHECK: bad-input-hidden-uses.mlir:[[@LINE+4]]:8: remark: memplan-static: %alloc left alone: its address is taken by 'memref.extract_aligned_pointer_as_index' (a raw address, which may be used as a pointer anywhere later)
// CHECK: remark: memplan-static: planned 1 of 2 buffers (1 left alone)
func.func @address(%x: f32, %out: memref<16xf32>) -> index {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<16xf32> -> index
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %b[%c0] : memref<16xf32>
  memref.copy %b, %out : memref<16xf32> to memref<16xf32>
  return %p : index
}

// CHECK: bad-input-hidden-uses.mlir:[[@LINE+6]]:8: remark: memplan-static: %alloc left alone: used by 'memref.dma_start': still in use after it (async DMA)
// CHECK: bad-input-hidden-uses.mlir:[[@LINE+6]]:10: remark: memplan-static: %alloc_0 left alone: used by 'memref.dma_wait', whose memref effects memplan does not know
// CHECK: remark: memplan-static: planned 1 of 3 buffers (2 left alone)
func.func @dma(%x: f32, %src: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<16xf32>
  %tag = memref.alloc() : memref<1xi32>
  memref.dma_start %src[%c0], %a[%c0], %c16, %tag[%c0] : memref<16xf32>, memref<16xf32>, memref<1xi32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %b[%c0] : memref<16xf32>
  memref.copy %b, %out : memref<16xf32> to memref<16xf32>
  memref.dma_wait %tag[%c0], %c16 : memref<1xi32>
  return
}

// Addresses only compared for equality (what the lowering of
// bufferization.dealloc does) are planned, live up to each comparison
// (address-compare.mlir runs it); an address stored into memory memplan
// cannot follow (here an argument) is not.
// CHECK: bad-input-hidden-uses.mlir:[[@LINE+5]]:8: remark: memplan-static: %alloc_0 left alone: its address is taken by 'memref.extract_aligned_pointer_as_index' and stored where memplan cannot tell that it is only compared (a local index buffer read only by equality comparisons and by calls that only compare, as @dealloc_helper does)
// CHECK: remark: memplan-static: planned 1 of 2 buffers (1 left alone)
func.func @compared(%r: memref<16xf32>, %ptrs: memref<2xindex>) -> i1 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<16xf32> -> index
  %q = memref.extract_aligned_pointer_as_index %r : memref<16xf32> -> index
  %s = memref.extract_aligned_pointer_as_index %b : memref<16xf32> -> index
  memref.store %s, %ptrs[%c0] : memref<2xindex>
  %ne = arith.cmpi ne, %p, %q : index
  return %ne : i1
}
