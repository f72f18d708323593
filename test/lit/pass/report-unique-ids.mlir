// MLIR's printer reuses SSA names in sibling regions: the allocs of an
// scf.if's then and else blocks are both %alloc, and the report and the
// picture named two buffers "%alloc". A repeated name now gets the alloc's
// line and column, and "#k" when even that repeats (here: no location).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size report=%t/r_{func}.json picture=%t/p_{func}.svg" -o /dev/null
// RUN: FileCheck %s --check-prefix=IF < %t/r_branches.json
// RUN: FileCheck %s --check-prefix=NOLOC < %t/r_noloc.json
// RUN: FileCheck %s --check-prefix=SVG < %t/p_branches.svg
// REQUIRES: mlir

// IF-DAG: "id": "%alloc@[[@LINE+9]]:10"
// IF-DAG: "id": "%alloc@[[@LINE+13]]:10"
// IF-DAG: "id": "%alloc_0@[[@LINE+9]]:11"
// IF-DAG: "id": "%alloc_0@[[@LINE+14]]:11"
// NOLOC-DAG: "id": "%alloc#0"
// NOLOC-DAG: "id": "%alloc#1"
// SVG: %alloc@{{[0-9]+}}:10
func.func @branches(%c: i1, %o: memref<4xf32>) {
  scf.if %c {
    %a = memref.alloc() : memref<4xf32>
    memref.copy %a, %o : memref<4xf32> to memref<4xf32>
    %sa = memref.alloc() : memref<16xf32>
    memref.copy %sa, %sa : memref<16xf32> to memref<16xf32>
  } else {
    %b = memref.alloc() : memref<8xf32>
    %v = memref.subview %b[0][4][1] : memref<8xf32> to memref<4xf32, strided<[1]>>
    memref.copy %v, %o : memref<4xf32, strided<[1]>> to memref<4xf32>
    %sb = memref.alloc() : memref<32xf32>
    memref.copy %sb, %sb : memref<32xf32> to memref<32xf32>
  }
  return
}

func.func @noloc(%c: i1, %o: memref<4xf32>) {
  scf.if %c {
    %a = memref.alloc() : memref<4xf32> loc(unknown)
    memref.copy %a, %o : memref<4xf32> to memref<4xf32>
  } else {
    %b = memref.alloc() : memref<8xf32> loc(unknown)
    memref.copy %b, %b : memref<8xf32> to memref<8xf32>
  }
  return
}
