// Why a gpu.func's workgroup arena is an attribution: upstream's
// --convert-gpu-to-nvvm lowers a memref.alloc in workgroup memory inside a
// kernel to a call to malloc (memory of one thread, cast to addr_space 3),
// and a workgroup attribution to an llvm.mlir.global in addr_space 3, the
// workgroup's shared memory. The pass's output lowers to one such global
// per kernel, aligned as the arena's llvm.align says, and no malloc.
// Likewise in private memory: a memref.alloc there lowers to malloc, a
// private attribution to an llvm.alloca (each thread's stack) aligned as its
// llvm.align says; @private_merge's output lowers to one alloca, no malloc.
// RUN: %mlir-opt %s --pass-pipeline="builtin.module(gpu.module(convert-gpu-to-nvvm))" | FileCheck %s --check-prefix=INPUT
// RUN: %memplan-opt %s --memplan-static="remarks=none copies=false planner=greedy-size" | %mlir-opt --pass-pipeline="builtin.module(gpu.module(convert-gpu-to-nvvm))" | FileCheck %s
// REQUIRES: mlir

// INPUT: llvm.func @malloc
// INPUT: llvm.call @malloc
// INPUT: llvm.mlir.global internal @__wg_merge_0() {addr_space = 3 : i32} : !llvm.array<512 x f32>
// INPUT: llvm.mlir.global internal @__wg_merge_1() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<256 x f32>
// INPUT: llvm.call @malloc
// INPUT-LABEL: llvm.func @private_merge
// INPUT: llvm.alloca %{{.*}} x f32 : (i64) -> !llvm.ptr
// INPUT: llvm.alloca %{{.*}} x f32 {alignment = 128 : i64} : (i64) -> !llvm.ptr
// INPUT: llvm.call @malloc
// INPUT: llvm.call @malloc

// CHECK-NOT: malloc
// CHECK: llvm.mlir.global internal @__wg_allocs_0() {addr_space = 3 : i32, alignment = 64 : i64} : !llvm.array<8192 x i8>
// CHECK-NOT: malloc
// CHECK: llvm.mlir.global internal @__wg_merge_0() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<6144 x i8>
// CHECK-NOT: malloc
// CHECK: llvm.func @private_merge
// CHECK-NOT: malloc
// CHECK: llvm.alloca %{{.*}} x i8 {alignment = 128 : i64} : (i64) -> !llvm.ptr
// CHECK-NOT: malloc
// CHECK-NOT: llvm.alloca
// CHECK-NOT: llvm.mlir.global

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @allocs(%in: memref<1024xf32>, %out: memref<1024xf32>) kernel {
      %a = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
      %b = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %in, %a : memref<1024xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %a, %b : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %b, %out : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32>
      gpu.return
    }

    gpu.func @merge(%in: memref<1024xf32>, %out: memref<1024xf32>)
        workgroup(%w0 : memref<512xf32, #gpu.address_space<workgroup>>,
                  %w1 : memref<256xf32, #gpu.address_space<workgroup>> {llvm.align = 128 : i64}) kernel {
      %c0 = arith.constant 0 : index
      %a = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %in, %a : memref<1024xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
      %x = memref.load %a[%c0] : memref<1024xf32, #gpu.address_space<workgroup>>
      memref.store %x, %w0[%c0] : memref<512xf32, #gpu.address_space<workgroup>>
      %y = memref.load %w0[%c0] : memref<512xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %b = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %in, %b : memref<1024xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
      %z = memref.load %b[%c0] : memref<1024xf32, #gpu.address_space<workgroup>>
      memref.store %z, %w1[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %w1[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %y, %v : f32
      memref.store %s, %out[%c0] : memref<1024xf32>
      gpu.return
    }

    gpu.func @private_merge(%in: memref<64xf32>, %out: memref<64xf32>)
        private(%p0 : memref<64xf32, #gpu.address_space<private>>,
                %p1 : memref<32xf32, #gpu.address_space<private>> {llvm.align = 128 : i64}) kernel {
      %c0 = arith.constant 0 : index
      %a = memref.alloc() : memref<64xf32, #gpu.address_space<private>>
      memref.copy %in, %a : memref<64xf32> to memref<64xf32, #gpu.address_space<private>>
      %x = memref.load %a[%c0] : memref<64xf32, #gpu.address_space<private>>
      memref.store %x, %p0[%c0] : memref<64xf32, #gpu.address_space<private>>
      %y = memref.load %p0[%c0] : memref<64xf32, #gpu.address_space<private>>
      %x2 = memref.load %a[%c0] : memref<64xf32, #gpu.address_space<private>>
      %b = memref.alloc() : memref<64xf32, #gpu.address_space<private>>
      memref.copy %in, %b : memref<64xf32> to memref<64xf32, #gpu.address_space<private>>
      %z = memref.load %b[%c0] : memref<64xf32, #gpu.address_space<private>>
      memref.store %z, %p1[%c0] : memref<32xf32, #gpu.address_space<private>>
      %v = memref.load %p1[%c0] : memref<32xf32, #gpu.address_space<private>>
      %z2 = memref.load %b[%c0] : memref<64xf32, #gpu.address_space<private>>
      %s0 = arith.addf %y, %v : f32
      %s1 = arith.addf %x2, %z2 : f32
      %s = arith.addf %s0, %s1 : f32
      memref.store %s, %out[%c0] : memref<64xf32>
      gpu.return
    }
  }
}
