// Device code: the pass runs on gpu.func (nested under gpu.module, or from
// the builtin.module, which plans the gpu.modules in it too). Workgroup
// memory is shared by the threads of a block, which do not run in step: two
// workgroup buffers share bytes only across a gpu.barrier directly in the
// body (parallel.h), so @phases reuses across its barrier and @no_barrier
// does not. Private (and default-space) buffers are the thread's own and
// are planned in program order. The kernel's workgroup arena is checked
// against capacity=workgroup:N; it is a workgroup attribution of the
// gpu.func (gpu-attributions.mlir), not a memref.alloc, and the private
// arena a private attribution. copies=false:
// copies.mlir tests removed copies, and these inputs copy between buffers
// to keep them live.
// RUN: %memplan-opt %s --memplan-static="remarks=all copies=false planner=greedy-size capacity=workgroup:49152" -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(gpu.module(gpu.func(memplan-static{remarks=none copies=false planner=greedy-size})))" | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(gpu.module(memplan-static{remarks=none copies=false planner=greedy-size}))" | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="remarks=none copies=false planner=greedy-size arena=global" | FileCheck %s
// RUN: not %memplan-opt %s --memplan-static="remarks=none copies=false planner=greedy-size capacity=workgroup:8000" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: rm -rf %t && mkdir %t && %memplan-opt %s --memplan-static="remarks=none copies=false planner=greedy-size report=%t/{func}.json" -o /dev/null
// RUN: python3 %S/Inputs/report_to_csv.py %t/kernels.phases.json 0 | %memplan check - | FileCheck %s --check-prefix=VALID
// RUN: python3 %S/Inputs/report_to_csv.py %t/kernels.no_barrier.json 0 | %memplan check - | FileCheck %s --check-prefix=VALID
// RUN: python3 %S/Inputs/report_to_csv.py %t/kernels.private.json 0 | %memplan check - --capacity=128 | FileCheck %s --check-prefix=VALID
// REQUIRES: mlir

// VALID: valid buffers=
// CAP: error: memplan-static: the arena of memory space workgroup needs 12288 bytes for 3 buffers, more than its capacity of 8000 bytes (proven: the optimum is >= 12288)

gpu.module @kernels {
  // CHECK-LABEL: gpu.func @phases
  // CHECK-SAME: workgroup(%[[A:[^ ]*]] : memref<8192xi8, #gpu.address_space<workgroup>> {llvm.align = 64 : i64, memplan.arena}) kernel
  // CHECK-NOT: memref.alloc
  // CHECK: gpu.return
  // expected-remark @+1 {{planned 4 of 4 buffers (0 left alone); sizes 16384 bytes planned, 0 left alone; lower bound 8192 bytes; arena 8192 bytes in 1 arena}}
  gpu.func @phases(%in: memref<1024xf32>, %out: memref<1024xf32>) kernel {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
    %b = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %in, %a : memref<1024xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %a, %b : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %c = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
    %d = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %b, %c : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    memref.copy %c, %d : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %d, %out : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32>
    gpu.return
  }

  // Without a barrier no two workgroup buffers share bytes, although %a is
  // dead in program order when %c is written.
  // CHECK-LABEL: gpu.func @no_barrier
  // CHECK-SAME: workgroup(%{{[^ ]*}} : memref<12288xi8, #gpu.address_space<workgroup>> {llvm.align = 64 : i64, memplan.arena})
  // expected-remark @+1 {{planned 3 of 3 buffers (0 left alone); sizes 12288 bytes planned, 0 left alone; lower bound 12288 bytes; arena 12288 bytes in 1 arena}}
  gpu.func @no_barrier(%in: memref<1024xf32>, %out: memref<1024xf32>) kernel {
    %a = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
    %b = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
    %c = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %in, %a : memref<1024xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %a, %b : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %b, %c : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %c, %out : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32>
    gpu.return
  }

  // A workgroup buffer is neither split into values nor written in place:
  // another thread may still read %a's first value when this one writes
  // the second, so %c must not take %a's bytes although %a's first value is
  // dead in program order when %c is written.
  // CHECK-LABEL: gpu.func @values_no_barrier
  // CHECK-SAME: workgroup(%{{[^ ]*}} : memref<12288xi8, #gpu.address_space<workgroup>> {llvm.align = 64 : i64, memplan.arena})
  // expected-remark @+1 {{planned 3 of 3 buffers (0 left alone); sizes 12288 bytes planned, 0 left alone; lower bound 12288 bytes; arena 12288 bytes in 1 arena}}
  gpu.func @values_no_barrier(%in: memref<1024xf32>, %out: memref<1024xf32>) kernel {
    %a = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
    %b = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
    %c = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %in, %a : memref<1024xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %a, %b : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %b, %c : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %c, %a : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
    memref.copy %a, %out : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32>
    gpu.return
  }

  // A device function that is no kernel may be called in a loop: one thread
  // may write %a in the next call while another still reads %b after this
  // call's barrier, so its barriers split nothing and %a, %b are stacked.
  // CHECK-LABEL: gpu.func @helper
  // CHECK-SAME: workgroup(%{{[^ ]*}} : memref<128xi8, #gpu.address_space<workgroup>> {llvm.align = 64 : i64, memplan.arena})
  // expected-remark @+1 {{planned 2 of 2 buffers (0 left alone); sizes 128 bytes planned, 0 left alone; lower bound 128 bytes; arena 128 bytes in 1 arena}}
  gpu.func @helper(%x: f32, %out: memref<8xf32>, %i: index) {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %x, %a[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    %v = memref.load %a[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %b = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %v, %b[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    %w = memref.load %b[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%i] : memref<8xf32>
    gpu.return
  }

  // Private buffers: each thread's own, in program order (%p and %r share).
  // Their arena is a private attribution (per-thread stack storage; a
  // memref.alloc in private memory lowers to malloc), gpu-attributions.mlir.
  // CHECK-LABEL: gpu.func @private
  // CHECK-SAME: private(%[[P:[^ ]*]] : memref<128xi8, #gpu.address_space<private>> {llvm.align = 64 : i64, memplan.arena}) kernel
  // CHECK-NOT: memref.alloc
  // CHECK: memref.view %[[P]]
  // CHECK-NOT: memref.alloc
  // CHECK: gpu.return
  // expected-remark @+1 {{planned 3 of 3 buffers (0 left alone); sizes 192 bytes planned, 0 left alone; lower bound 128 bytes; arena 128 bytes in 1 arena}}
  gpu.func @private(%in: memref<16xf32>, %out: memref<16xf32>) kernel {
    %p = memref.alloc() : memref<16xf32, #gpu.address_space<private>>
    %q = memref.alloc() : memref<16xf32, #gpu.address_space<private>>
    memref.copy %in, %p : memref<16xf32> to memref<16xf32, #gpu.address_space<private>>
    memref.copy %p, %q : memref<16xf32, #gpu.address_space<private>> to memref<16xf32, #gpu.address_space<private>>
    %r = memref.alloc() : memref<16xf32, #gpu.address_space<private>>
    memref.copy %q, %r : memref<16xf32, #gpu.address_space<private>> to memref<16xf32, #gpu.address_space<private>>
    memref.copy %r, %out : memref<16xf32, #gpu.address_space<private>> to memref<16xf32>
    gpu.return
  }
}
