// Allocs whose strided layout is the identity's (offset 0, row-major
// strides): planned into the arena as a memref.view of the plain type and a
// memref.cast back to the alloc's type. %a and %b are live together and
// %c, 3x1x4 with the strides [4, 4, 1] of its size-1 dimension, is live
// with both; a plan that put two of them on the same bytes changes %out.
#in2 = affine_map<(d0, d1) -> (d0, d1)>
#ab = affine_map<(d0, d1, d2) -> (d0, d2)>
#c3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#cout = affine_map<(d0, d1) -> (d0, 0, d1)>
func.func @strided_identity(%in: memref<3x4xf32>, %out: memref<3x4xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %half = arith.constant 0.5 : f32
  %quarter = arith.constant 0.25 : f32
  %a = memref.alloc() : memref<3x4xf32, strided<[4, 1]>>
  %b = memref.alloc() : memref<3x4xf32, strided<[4, 1]>>
  %c = memref.alloc() : memref<3x1x4xf32, strided<[4, 4, 1]>>
  %s = memref.alloc() : memref<f32, strided<[]>>
  memref.store %quarter, %s[] : memref<f32, strided<[]>>
  linalg.generic {indexing_maps = [#in2, #in2], iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<3x4xf32>) outs(%a : memref<3x4xf32, strided<[4, 1]>>) {
  ^bb0(%x: f32, %y: f32):
    %t = arith.mulf %x, %two : f32
    %r = arith.addf %t, %one : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#in2, #in2], iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<3x4xf32>) outs(%b : memref<3x4xf32, strided<[4, 1]>>) {
  ^bb0(%x: f32, %y: f32):
    %t = arith.mulf %x, %x : f32
    %r = arith.subf %t, %three : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#ab, #ab, #c3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %b : memref<3x4xf32, strided<[4, 1]>>, memref<3x4xf32, strided<[4, 1]>>)
      outs(%c : memref<3x1x4xf32, strided<[4, 4, 1]>>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %t = arith.mulf %y, %half : f32
    %r = arith.subf %x, %t : f32
    linalg.yield %r : f32
  }
  %sv = memref.load %s[] : memref<f32, strided<[]>>
  linalg.generic {indexing_maps = [#cout, #in2], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<3x1x4xf32, strided<[4, 4, 1]>>) outs(%out : memref<3x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.mulf %x, %sv : f32
    linalg.yield %r : f32
  }
  memref.dealloc %a : memref<3x4xf32, strided<[4, 1]>>
  memref.dealloc %b : memref<3x4xf32, strided<[4, 1]>>
  memref.dealloc %c : memref<3x1x4xf32, strided<[4, 4, 1]>>
  memref.dealloc %s : memref<f32, strided<[]>>
  return
}
