// Tensor-level input for calls.test: private helpers called on buffers
// (after bufferization every call gets its input and an out-param), an
// scf.if choosing a tensor and an scf.for carrying one. The RUN lines of
// calls.test make the bufferized programs with upstream's pipeline, with
// and without --inline.
#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (63 - d0)>
func.func private @scale(%t: tensor<64xf32>) -> tensor<64xf32> {
  %c = arith.constant 1.5 : f32
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.mulf %x, %c : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func private @mix(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#id, #rev, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @chain(%in: tensor<64xf32>) -> tensor<64xf32> {
  %a = func.call @scale(%in) : (tensor<64xf32>) -> tensor<64xf32>
  %b = func.call @mix(%a, %in) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %c = func.call @scale(%b) : (tensor<64xf32>) -> tensor<64xf32>
  %d = func.call @mix(%c, %a) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %e = func.call @mix(%d, %b) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  return %e : tensor<64xf32>
}
func.func @branchy(%in: tensor<64xf32>, %p: i1, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = func.call @scale(%in) : (tensor<64xf32>) -> tensor<64xf32>
  %b = scf.if %p -> tensor<64xf32> {
    %x = func.call @mix(%a, %in) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    scf.yield %x : tensor<64xf32>
  } else {
    scf.yield %a : tensor<64xf32>
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %b) -> tensor<64xf32> {
    %y = func.call @mix(%acc, %a) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    scf.yield %y : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}
