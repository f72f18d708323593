// Tensor-level input for loop-carried.test: recurrences x_{i+1} = f(x_i)
// over scf.for with a tensor iter_arg. After one-shot-bufferize and
// --buffer-deallocation-pipeline every iteration allocates its new buffer,
// the previous one reaches it through the iter_arg and is freed under its
// ownership flag. The RUN lines of loop-carried.test make the bufferized
// programs, with and without --inline.
#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (63 - d0)>
func.func private @step(%t: tensor<64xf32>, %k: f32) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#rev, #id, #id], iterator_types = ["parallel"]}
      ins(%t, %t : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %k : f32
    %s = arith.addf %m, %y : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
// Seven iterations from 0 by 1: the last instance is in slot 0.
func.func @recur(%in: tensor<64xf32>) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %k = arith.constant 0.5 : f32
  %r = scf.for %i = %c0 to %c7 step %c1 iter_args(%a = %in) -> tensor<64xf32> {
    %y = func.call @step(%a, %k) : (tensor<64xf32>, f32) -> tensor<64xf32>
    scf.yield %y : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}
// From 1 to 10 by 2 (five iterations, parity from (i - 1) / 2), two tensors
// carried, one of them computed from the other: the pairs swap slots.
func.func @pair(%in: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %k = arith.constant -0.25 : f32
  %h = arith.constant 0.75 : f32
  %r:2 = scf.for %i = %c1 to %c10 step %c2 iter_args(%a = %in, %b = %in)
      -> (tensor<64xf32>, tensor<64xf32>) {
    %y = func.call @step(%a, %k) : (tensor<64xf32>, f32) -> tensor<64xf32>
    %z = func.call @step(%y, %h) : (tensor<64xf32>, f32) -> tensor<64xf32>
    scf.yield %z, %y : tensor<64xf32>, tensor<64xf32>
  }
  return %r#0, %r#1 : tensor<64xf32>, tensor<64xf32>
}
