// Addresses compared for equality, as the lowering of bufferization.dealloc
// does, here deciding what is written: %a's last data use comes before %b
// is made, but its address is compared with %b's after that, so the two
// must not share bytes (the comparison stays false). The same through an
// index buffer, as for @dealloc_helper: the addresses are stored into %ptrs
// and compared after loading them back.
func.func @compare(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.mul ins(%in, %in : memref<64xf32>, memref<64xf32>) outs(%a : memref<64xf32>)
  %pa = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.add ins(%in, %in : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>)
  %pb = memref.extract_aligned_pointer_as_index %b : memref<64xf32> -> index
  %eq = arith.cmpi eq, %pa, %pb : index
  scf.if %eq {
    linalg.fill ins(%zero : f32) outs(%out : memref<64xf32>)
  } else {
    linalg.add ins(%b, %out : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)
  }
  %c = memref.alloc() : memref<64xf32>
  linalg.mul ins(%in, %out : memref<64xf32>, memref<64xf32>) outs(%c : memref<64xf32>)
  %pc = memref.extract_aligned_pointer_as_index %c : memref<64xf32> -> index
  memref.copy %c, %out : memref<64xf32> to memref<64xf32>
  %d = memref.alloc() : memref<64xf32>
  linalg.add ins(%in, %out : memref<64xf32>, memref<64xf32>) outs(%d : memref<64xf32>)
  %pd = memref.extract_aligned_pointer_as_index %d : memref<64xf32> -> index
  %ptrs = memref.alloc() : memref<2xindex>
  memref.store %pc, %ptrs[%c0] : memref<2xindex>
  memref.store %pd, %ptrs[%c1] : memref<2xindex>
  %x = memref.load %ptrs[%c0] : memref<2xindex>
  %y = memref.load %ptrs[%c1] : memref<2xindex>
  %ne = arith.cmpi ne, %x, %y : index
  scf.if %ne {
    linalg.add ins(%d, %out : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)
  }
  memref.dealloc %ptrs : memref<2xindex>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  memref.dealloc %d : memref<64xf32>
  return
}
