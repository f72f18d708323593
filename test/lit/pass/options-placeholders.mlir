// {func} and {space} are replaced once: a second one stayed in the file
// name as written (report=%t/{func}-{func}.json wrote f-{func}.json), and
// {space} in report= (one file for every arena) was kept literally. Both
// are refused before any file is written.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %memplan-opt %s --memplan-static="report=%t/{func}-{func}.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %memplan-opt %s --memplan-static="report=%t/r{space}.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: not %memplan-opt %s --memplan-static="picture=%t/p{space}-{space}.svg" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PTWICE
// RUN: not %memplan-opt %s --memplan-static="picture=%t/{func}/{func}.svg" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PFUNC
// RUN: ls %t | count 0
// One of each is fine:
// RUN: %memplan-opt %s --memplan-static="report=%t/r-{func}.json picture=%t/p-{func}_{space}.svg" -o /dev/null
// RUN: test -s %t/r-f.json && test -s %t/p-f_0.svg
// REQUIRES: mlir

// TWICE: error: memplan-static: bad report={{.*}}/{func}-{func}.json: {func} may appear only once
// SPACE: error: memplan-static: bad report={{.*}}/r{space}.json: {space} is only for picture= (the report holds every arena)
// PTWICE: error: memplan-static: bad picture={{.*}}/p{space}-{space}.svg: {space} may appear only once
// PFUNC: error: memplan-static: bad picture={{.*}}/{func}/{func}.svg: {func} may appear only once
func.func @f(%o: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %a, %o : memref<4xf32> to memref<4xf32>
  return
}
// MLIR's option syntax strips braces around a whole value (documented in
// the user guide): report={{func}} is the bare function name.
// RUN: rm -rf %t.b && mkdir -p %t.b && cd %t.b
// RUN: %memplan-opt %s --memplan-static="report={{func}}" -o /dev/null
// RUN: test -s %t.b/f
