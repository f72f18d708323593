// n-D vector elements: memref<2xvector<3x5xf32>> lowers to an array of
// [3 x <5 x float>] per element, 96 bytes (each <5 x float> row pads to 32),
// not the 64 bytes of 15 packed floats rounded up once. %a and %b are live
// together; sized 128 bytes each, %b began inside %a's second element and
// rows 1 and 2 of %a[1] read back %b's values.
func.func @vector_nd(%out: memref<4x5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0], [11.0, 12.0, 13.0, 14.0, 15.0]]> : vector<3x5xf32>
  %two = arith.constant dense<-1.0> : vector<3x5xf32>
  %a = memref.alloc() : memref<2xvector<3x5xf32>>
  %b = memref.alloc() : memref<2xvector<3x5xf32>>
  memref.store %one, %a[%c0] : memref<2xvector<3x5xf32>>
  memref.store %one, %a[%c1] : memref<2xvector<3x5xf32>>
  memref.store %two, %b[%c0] : memref<2xvector<3x5xf32>>
  memref.store %two, %b[%c1] : memref<2xvector<3x5xf32>>
  %x = memref.load %a[%c1] : memref<2xvector<3x5xf32>>
  %y = memref.load %b[%c0] : memref<2xvector<3x5xf32>>
  %x0 = vector.extract %x[0] : vector<5xf32> from vector<3x5xf32>
  %x1 = vector.extract %x[1] : vector<5xf32> from vector<3x5xf32>
  %x2 = vector.extract %x[2] : vector<5xf32> from vector<3x5xf32>
  %y0 = vector.extract %y[0] : vector<5xf32> from vector<3x5xf32>
  vector.store %x0, %out[%c0, %c0] : memref<4x5xf32>, vector<5xf32>
  vector.store %x1, %out[%c1, %c0] : memref<4x5xf32>, vector<5xf32>
  vector.store %x2, %out[%c2, %c0] : memref<4x5xf32>, vector<5xf32>
  vector.store %y0, %out[%c3, %c0] : memref<4x5xf32>, vector<5xf32>
  memref.dealloc %a : memref<2xvector<3x5xf32>>
  memref.dealloc %b : memref<2xvector<3x5xf32>>
  return
}
