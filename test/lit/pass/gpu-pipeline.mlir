// What an upstream GPU pipeline emits: a matmul tiled with the transform
// dialect into an scf.forall mapped to GPU blocks, its three operands
// promoted to workgroup memory (allocs in the forall's body), the forall
// turned into a gpu.launch (map_forall_to_blocks), then outlined into a
// gpu.func (--gpu-kernel-outlining). At each stage the three tiles (8192 +
// 8192 + 4096 bytes, all live at the matmul) become one workgroup arena per
// iteration / launch body / kernel (there a workgroup attribution),
// checked against the 48 KiB capacity;
// the report's plan passes the independent validator.
// RUN: %mlir-opt %s --transform-interpreter --test-transform-dialect-erase-schedule --canonicalize -o %t.launch.mlir
// RUN: %mlir-opt %t.launch.mlir --gpu-kernel-outlining -o %t.kernel.mlir
// RUN: %memplan-opt %t.launch.mlir --memplan-static="planner=greedy-size capacity=workgroup:49152" 2>&1 | FileCheck %s --check-prefix=LAUNCH
// RUN: %memplan-opt %t.kernel.mlir --memplan-static="planner=greedy-size capacity=workgroup:49152" 2>&1 | FileCheck %s --check-prefix=KERNEL
// RUN: not %memplan-opt %t.kernel.mlir --memplan-static="planner=greedy-size capacity=workgroup:16384" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: rm -rf %t.d && mkdir %t.d && %memplan-opt %t.kernel.mlir --memplan-static="planner=greedy-size report=%t.d/{func}.json" -o /dev/null
// RUN: python3 %S/Inputs/report_to_csv.py %t.d/matmul_kernel.matmul_kernel.json 0 | %memplan check - --capacity=49152 | FileCheck %s --check-prefix=VALID
// The planned kernel lowers with its arena in shared memory (an
// attribution), not a malloc (what a workgroup memref.alloc would become):
// RUN: %memplan-opt %t.kernel.mlir --memplan-static="remarks=none planner=greedy-size" | %mlir-opt --pass-pipeline="builtin.module(gpu.module(convert-linalg-to-loops,convert-gpu-to-nvvm))" | FileCheck %s --check-prefix=NVVM
// REQUIRES: mlir

// NVVM-NOT: malloc
// NVVM: llvm.mlir.global internal @__wg_matmul_kernel_0() {addr_space = 3 : i32, alignment = 64 : i64} : !llvm.array<20480 x i8>
// NVVM-NOT: malloc

// LAUNCH: remark: memplan-static: planned 3 of 3 buffers (0 left alone); sizes 20480 bytes planned, 0 left alone; 1 arena: arena 0 of 20480 bytes (lower bound 20480) in memory space workgroup, one per run of the body of 'gpu.launch'
// LAUNCH: gpu.launch
// LAUNCH: %[[A:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<20480xi8, #gpu.address_space<workgroup>>
// LAUNCH-NOT: memref.alloc
// LAUNCH: memref.dealloc %[[A]] : memref<20480xi8, #gpu.address_space<workgroup>>
// LAUNCH-NEXT: gpu.terminator

// KERNEL: remark: memplan-static: planned 3 of 3 buffers (0 left alone); sizes 20480 bytes planned, 0 left alone; lower bound 20480 bytes; arena 20480 bytes in 1 arena
// KERNEL: gpu.module @matmul_kernel
// KERNEL-NEXT: gpu.func @matmul_kernel
// KERNEL-SAME: workgroup(%{{[^ ]*}} : memref<20480xi8, #gpu.address_space<workgroup>> {llvm.align = 64 : i64, memplan.arena}) kernel
// KERNEL-NOT: memref.alloc

// CAP: error: memplan-static: the arena of memory space workgroup needs 20480 bytes for 3 buffers, more than its capacity of 16384 bytes (proven: the optimum is >= 20480)
// VALID: valid buffers=3 peak=20480

func.func @matmul(%A: memref<128x64xf32>, %B: memref<64x128xf32>, %C: memref<128x128xf32>) {
  linalg.matmul ins(%A, %B : memref<128x64xf32>, memref<64x128xf32>) outs(%C : memref<128x128xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %mm tile_sizes [32, 32] (mapping = [#gpu.block<y>, #gpu.block<x>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %promoted = transform.structured.promote %tiled {operands_to_promote = [0, 1, 2], memory_space = #gpu.address_space<workgroup>} : (!transform.any_op) -> !transform.any_op
    %f = transform.structured.match ops{["scf.forall"]} in %root : (!transform.any_op) -> !transform.any_op
    %launch = transform.gpu.map_forall_to_blocks %f generate_gpu_launch : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
