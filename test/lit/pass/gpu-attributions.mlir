// Workgroup attributions of a gpu.func (block arguments `workgroup(...)`)
// are planned with the kernel's workgroup allocs into one arena, itself a
// single new workgroup attribution memref<Nxi8, #gpu.address_space<workgroup>>
// {llvm.align = A, memplan.arena}; the merged attributions become views of
// it and are erased. Sharing follows the barrier rule of workgroup allocs:
// in @merge, %w0 and %a (used before the gpu.barrier) share bytes with %w1
// and %b (used after it), so the arena is 6144 bytes instead of the 11264
// of four separate buffers. %w1's llvm.align = 128 carries over to its
// offset and to the arena. copies=false: the copies keep buffers live.
// Private attributions (`private(...)`) are merged likewise into the
// private arena, itself one new private attribution (each thread's stack:
// a memref.alloc in private memory lowers to malloc, see
// gpu-attributions-lowering.mlir). Private memory is the thread's own, so
// no barrier rule: in @private_merge %a and %p0 share bytes with %b and %p1
// in program order, 512 bytes instead of 896, and %p1's llvm.align = 128
// carries over to the arena.
// RUN: %memplan-opt %s --memplan-static="remarks=all copies=false planner=greedy-size capacity=workgroup:16384" -verify-diagnostics | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="remarks=none copies=false planner=greedy-size" | %memplan-opt --memplan-static="remarks=none copies=false planner=greedy-size" | FileCheck %s
//
// The capacity applies to the one arena (and to the attributions left
// alone, @kept: 4096 + 1024 bytes). Attributions that alone fill it are an
// error of their own.
// RUN: not %memplan-opt %s --memplan-static="remarks=none copies=false planner=greedy-size capacity=workgroup:6000" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: not %memplan-opt %s --memplan-static="remarks=none copies=false planner=greedy-size capacity=workgroup:4096" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// The same for private attributions (@private_merge's arena, and @private_kept
// with 256 + 128 bytes of them left alone).
// RUN: not %memplan-opt %s --memplan-static="remarks=none copies=false planner=greedy-size capacity=private:500" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PCAP
// RUN: not %memplan-opt %s --memplan-static="remarks=none copies=false planner=greedy-size capacity=private:256" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PFULL
//
// The plan of the merged arena passes the independent validator.
// RUN: rm -rf %t && mkdir %t && %memplan-opt %s --memplan-static="remarks=none copies=false planner=greedy-size report=%t/{func}.json" -o /dev/null
// RUN: python3 %S/Inputs/report_to_csv.py %t/kernels.merge.json 0 | %memplan check - --capacity=6144 | FileCheck %s --check-prefix=VALID
// RUN: python3 %S/Inputs/report_to_csv.py %t/kernels.private_merge.json 0 | %memplan check - --capacity=512 | FileCheck %s --check-prefix=PVALID
// REQUIRES: mlir

// CAP: error: memplan-static: the arena of memory space workgroup needs 6144 bytes for 4 buffers, more than its capacity of 6000 bytes (proven: the optimum is >= 6144)
// CAP: error: memplan-static: the arena of memory space workgroup needs 4096 bytes for 1 buffer, more than its capacity of 6000 bytes less the 5120 bytes of its workgroup attributions (proven: the optimum is >= 4096)
// FULL: error: memplan-static: the workgroup attributions of the 'gpu.func' take 5120 bytes of memory space workgroup, whose capacity is 4096 bytes: no arena fits beside them
// FULL: error: memplan-static: the workgroup attributions of the 'gpu.launch' take 4096 bytes of memory space workgroup, one per run of the body of 'gpu.launch' at {{[0-9]+}}:5, whose capacity is 4096 bytes: no arena fits beside them
// VALID: valid buffers=4 peak=6144
// PCAP: error: memplan-static: the arena of memory space private needs 512 bytes for 4 buffers, more than its capacity of 500 bytes (proven: the optimum is >= 512)
// PCAP: error: memplan-static: the arena of memory space private needs 256 bytes for 1 buffer, more than its capacity of 500 bytes less the 384 bytes of its private attributions (proven: the optimum is >= 256)
// PFULL: error: memplan-static: the private attributions of the 'gpu.func' take 384 bytes of memory space private, whose capacity is 256 bytes: no arena fits beside them
// PVALID: valid buffers=4 peak=512

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: gpu.func @merge
    // CHECK-SAME: (%{{[^:]*}}: memref<1024xf32>, %{{[^:]*}}: memref<1024xf32>) workgroup(%[[ARENA:[^ ]*]] : memref<6144xi8, #gpu.address_space<workgroup>> {llvm.align = 128 : i64, memplan.arena}) kernel {
    // CHECK-DAG: %[[W0:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<6144xi8, #gpu.address_space<workgroup>> to memref<512xf32, #gpu.address_space<workgroup>>
    // CHECK-DAG: %[[W1:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<6144xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    // CHECK-NOT: memref.alloc
    // CHECK: memref.store %{{.*}}, %[[W0]][%{{.*}}]
    // CHECK: gpu.barrier
    // CHECK: memref.store %{{.*}}, %[[W1]][%{{.*}}]
    // CHECK: gpu.return
    // expected-remark @+1 {{planned 4 of 4 buffers (0 left alone); sizes 11264 bytes planned, 0 left alone; lower bound 6144 bytes; arena 6144 bytes in 1 arena}}
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

    // Attributions that are not merged keep their block argument and count
    // against the capacity: %w0 is passed to a call, %w1 has an attribute
    // that a view could not carry. The arena attribution comes after them.
    // CHECK-LABEL: gpu.func @kept
    // CHECK-SAME: workgroup(%[[K0:[^ ]*]] : memref<1024xf32, #gpu.address_space<workgroup>>, %{{[^ ]*}} : memref<256xf32, #gpu.address_space<workgroup>> {foo.bar = 1 : i64}, %[[KA:[^ ]*]] : memref<4096xi8, #gpu.address_space<workgroup>> {llvm.align = 64 : i64, memplan.arena}) kernel {
    // CHECK: func.call @use(%[[K0]])
    // CHECK: memref.view %[[KA]]
    // expected-remark @+3 {{%arg1 left alone: passed to 'func.call' of a function the module does not define}}
    // expected-remark @+2 {{%arg2 left alone: a workgroup attribution with the attribute 'foo.bar', which a view of the arena cannot carry}}
    // expected-remark @+1 {{planned 1 of 3 buffers (2 left alone); sizes 4096 bytes planned, 5120 left alone}}
    gpu.func @kept(%in: memref<1024xf32>)
        workgroup(%w0 : memref<1024xf32, #gpu.address_space<workgroup>>,
                  %w1 : memref<256xf32, #gpu.address_space<workgroup>> {foo.bar = 1 : i64}) kernel {
      %c0 = arith.constant 0 : index
      func.call @use(%w0) : (memref<1024xf32, #gpu.address_space<workgroup>>) -> ()
      %a = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %in, %a : memref<1024xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
      %x = memref.load %a[%c0] : memref<1024xf32, #gpu.address_space<workgroup>>
      memref.store %x, %w1[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    func.func private @use(memref<1024xf32, #gpu.address_space<workgroup>>)

    // CHECK-LABEL: gpu.func @private_merge
    // CHECK-SAME: (%{{[^:]*}}: memref<64xf32>, %{{[^:]*}}: memref<64xf32>) private(%[[PARENA:[^ ]*]] : memref<512xi8, #gpu.address_space<private>> {llvm.align = 128 : i64, memplan.arena}) kernel {
    // CHECK-DAG: %[[P0:.*]] = memref.view %[[PARENA]][%{{.*}}][] : memref<512xi8, #gpu.address_space<private>> to memref<64xf32, #gpu.address_space<private>>
    // CHECK-DAG: %[[P1:.*]] = memref.view %[[PARENA]][%{{.*}}][] : memref<512xi8, #gpu.address_space<private>> to memref<32xf32, #gpu.address_space<private>>
    // CHECK-NOT: memref.alloc
    // CHECK: memref.store %{{.*}}, %[[P0]][%{{.*}}]
    // CHECK: memref.store %{{.*}}, %[[P1]][%{{.*}}]
    // CHECK: gpu.return
    // expected-remark @+1 {{planned 4 of 4 buffers (0 left alone); sizes 896 bytes planned, 0 left alone; lower bound 512 bytes; arena 512 bytes in 1 arena}}
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

    // Private attributions left alone keep their block argument; the arena
    // attribution comes after them.
    // CHECK-LABEL: gpu.func @private_kept
    // CHECK-SAME: private(%[[Q0:[^ ]*]] : memref<64xf32, #gpu.address_space<private>>, %{{[^ ]*}} : memref<32xf32, #gpu.address_space<private>> {foo.bar = 1 : i64}, %[[QA:[^ ]*]] : memref<256xi8, #gpu.address_space<private>> {llvm.align = 64 : i64, memplan.arena}) kernel {
    // CHECK: func.call @use_private(%[[Q0]])
    // CHECK: memref.view %[[QA]]
    // expected-remark @+3 {{%arg1 left alone: passed to 'func.call' of a function the module does not define}}
    // expected-remark @+2 {{%arg2 left alone: a private attribution with the attribute 'foo.bar', which a view of the arena cannot carry}}
    // expected-remark @+1 {{planned 1 of 3 buffers (2 left alone); sizes 256 bytes planned, 384 left alone}}
    gpu.func @private_kept(%in: memref<64xf32>)
        private(%p0 : memref<64xf32, #gpu.address_space<private>>,
                %p1 : memref<32xf32, #gpu.address_space<private>> {foo.bar = 1 : i64}) kernel {
      %c0 = arith.constant 0 : index
      func.call @use_private(%p0) : (memref<64xf32, #gpu.address_space<private>>) -> ()
      %a = memref.alloc() : memref<64xf32, #gpu.address_space<private>>
      memref.copy %in, %a : memref<64xf32> to memref<64xf32, #gpu.address_space<private>>
      %x = memref.load %a[%c0] : memref<64xf32, #gpu.address_space<private>>
      memref.store %x, %p1[%c0] : memref<32xf32, #gpu.address_space<private>>
      gpu.return
    }
    func.func private @use_private(memref<64xf32, #gpu.address_space<private>>)
  }

  // A gpu.launch keeps its attributions and its per-run arenas (each a
  // memref.alloc, which --gpu-kernel-outlining carries into the kernel: plan
  // after outlining to get an attribution; remarks=all says so for the
  // workgroup and the private arena); its attributions count against the
  // capacity of that arena.
  // CHECK-LABEL: func.func @host
  // CHECK: workgroup(%{{[^ ]*}} : memref<1024xf32, #gpu.address_space<workgroup>>) private(%{{[^ ]*}} : memref<16xf32, #gpu.address_space<private>>)
  // CHECK-DAG: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<4096xi8, #gpu.address_space<workgroup>>
  // CHECK-DAG: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<64xi8, #gpu.address_space<private>>
  // expected-remark @+1 {{planned 2 of 2 buffers (0 left alone)}}
  func.func @host(%in: memref<1024xf32>, %out: memref<1024xf32>) {
    %c1 = arith.constant 1 : index
    // expected-remark @+2 {{the workgroup arena of this 'gpu.launch' stays a memref.alloc (a launch's workgroup attributions carry no alignment); plan after --gpu-kernel-outlining to make it a workgroup attribution of the kernel}}
    // expected-remark @+1 {{the private arena of this 'gpu.launch' stays a memref.alloc (a launch's private attributions carry no alignment); plan after --gpu-kernel-outlining to make it a private attribution of the kernel}}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%w : memref<1024xf32, #gpu.address_space<workgroup>>)
               private(%q : memref<16xf32, #gpu.address_space<private>>) {
      %a = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %in, %a : memref<1024xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %a, %out : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32>
      %p = memref.alloc() : memref<16xf32, #gpu.address_space<private>>
      memref.copy %q, %p : memref<16xf32, #gpu.address_space<private>> to memref<16xf32, #gpu.address_space<private>>
      gpu.terminator
    }
    return
  }
}
