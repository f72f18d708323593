// A buffer made into a tensor by bufferization.to_tensor is left alone: the
// tensor is the buffer's bytes, read later by tensor ops (tensor.extract,
// tensor.parallel_insert_slice, a return) that are no memref uses, so its
// live range would end at the to_tensor and another buffer could take its
// bytes while the tensor is still read (a reviewer's reproducer: planned,
// @ret returned 0 instead of -4).
// RUN: %memplan-opt %s --memplan-static="remarks=all planner=greedy-size" -verify-diagnostics -o /dev/null
// REQUIRES: mlir

// expected-remark @+1 {{planned 1 of 2 buffers (1 left alone); sizes 16 bytes planned, 16 left alone; lower bound 16 bytes; arena 16 bytes in 1 arena}}
func.func @ret(%x: f32, %y: f32) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{%alloc left alone: made into a tensor by 'bufferization.to_tensor': memplan does not follow tensors}}
  %t = memref.alloc() : memref<4xf32>
  memref.store %x, %t[%c0] : memref<4xf32>
  %tt = bufferization.to_tensor %t restrict : memref<4xf32> to tensor<4xf32>
  %u = memref.alloc() : memref<4xf32>
  memref.store %y, %u[%c0] : memref<4xf32>
  %w = memref.load %u[%c0] : memref<4xf32>
  memref.dealloc %u : memref<4xf32>
  %e = tensor.extract %tt[%c0] : tensor<4xf32>
  %s = arith.subf %e, %w : f32
  return %s : f32
}
