// Buffers inside and outside scf.for, scf.if and scf.while: a buffer defined
// outside a loop and used inside lives for the whole loop; buffers allocated
// in a loop body are planned within the body.
#id = affine_map<(d0) -> (d0)>
func.func @regions(%in: memref<32xf32>, %n: index, %out: memref<32xf32>, %cnt: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %acc = memref.alloc() : memref<32xf32>
  memref.copy %in, %acc : memref<32xf32> to memref<32xf32>
  %keep = memref.alloc() : memref<32xf32>
  linalg.fill ins(%one : f32) outs(%keep : memref<32xf32>)
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<32xf32>
    linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%acc, %keep : memref<32xf32>, memref<32xf32>) outs(%t : memref<32xf32>) {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %r = arith.addf %x, %y : f32
      linalg.yield %r : f32
    }
    %u = memref.alloc() : memref<32xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%t : memref<32xf32>) outs(%u : memref<32xf32>) {
    ^bb0(%x: f32, %y: f32):
      %r = arith.mulf %x, %x : f32
      linalg.yield %r : f32
    }
    %odd = arith.remui %i, %c2 : index
    %isodd = arith.cmpi eq, %odd, %c1 : index
    scf.if %isodd {
      %v = memref.alloc() : memref<32xf32>
      linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
          ins(%u : memref<32xf32>) outs(%v : memref<32xf32>) {
      ^bb0(%x: f32, %y: f32):
        %r = arith.negf %x : f32
        linalg.yield %r : f32
      }
      memref.copy %v, %acc : memref<32xf32> to memref<32xf32>
      memref.dealloc %v : memref<32xf32>
    } else {
      memref.copy %u, %acc : memref<32xf32> to memref<32xf32>
    }
    memref.dealloc %t : memref<32xf32>
    memref.dealloc %u : memref<32xf32>
  }
  // a while loop counting elements above zero in %acc, with a scratch buffer
  %z = arith.constant 0.0 : f32
  %w = memref.alloc() : memref<4xi32>
  %zero_i = arith.constant 0 : i32
  linalg.fill ins(%zero_i : i32) outs(%w : memref<4xi32>)
  %c32 = arith.constant 32 : index
  %end = scf.while (%j = %c0) : (index) -> index {
    %more = arith.cmpi slt, %j, %c32 : index
    scf.condition(%more) %j : index
  } do {
  ^bb0(%j: index):
    %s = memref.alloc() : memref<1xf32>
    %x = memref.load %acc[%j] : memref<32xf32>
    memref.store %x, %s[%c0] : memref<1xf32>
    %y = memref.load %s[%c0] : memref<1xf32>
    %pos = arith.cmpf ogt, %y, %z : f32
    %k = arith.remui %j, %c2 : index
    %old = memref.load %w[%k] : memref<4xi32>
    %inc = arith.extui %pos : i1 to i32
    %new = arith.addi %old, %inc : i32
    memref.store %new, %w[%k] : memref<4xi32>
    memref.dealloc %s : memref<1xf32>
    %nj = arith.addi %j, %c1 : index
    scf.yield %nj : index
  }
  memref.copy %w, %cnt : memref<4xi32> to memref<4xi32>
  memref.copy %acc, %out : memref<32xf32> to memref<32xf32>
  memref.dealloc %acc : memref<32xf32>
  memref.dealloc %keep : memref<32xf32>
  memref.dealloc %w : memref<4xi32>
  return
}
