/*===-- names.c - Ids of buffers in remarks, reports and pictures ---------===*/
#include "names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct named {
  char *id;
  int64_t def;
  MlirOperation op;
} named;

static int by_id(const void *x, const void *y) {
  const named *a = x, *b = y;
  int c = strcmp(a->id, b->id);
  return c ? c : (a->def > b->def) - (a->def < b->def);
}

/* One round of making ids unique: round 0 adds "@line:col" to names that
 * repeat, round 1 "#k". Sorting keeps it O(n log n) for functions with
 * thousands of allocs. */
static void unique_round(named *order, size_t n, int round) {
  qsort(order, n, sizeof *order, by_id);
  for (size_t i = 0, j; i < n; i = j) {
    for (j = i + 1; j < n && strcmp(order[i].id, order[j].id) == 0; ++j)
      ;
    if (j - i < 2)
      continue;
    for (size_t k = i; k < j; ++k) {
      char base[MP_ID_LEN];
      snprintf(base, sizeof base, "%s", order[k].id);
      MlirLocation loc = mlirOperationGetLocation(order[k].op);
      if (round == 0 && mlirLocationIsAFileLineColRange(loc))
        snprintf(order[k].id, MP_ID_LEN, "%.63s@%d:%d", base,
                 mlirLocationFileLineColRangeGetStartLine(loc),
                 mlirLocationFileLineColRangeGetStartColumn(loc));
      else if (round == 1)
        snprintf(order[k].id, MP_ID_LEN, "%.70s#%zu", base, k - i);
    }
  }
}

int mp_name_buffers(MlirOperation func, const mp_liveness *l, mp_id *ids) {
  /* Printed in the function's local scope, so no other function (maybe
   * being planned on another thread) is visited; and assumed verified (a
   * pass sees verified IR), or building the names verified the whole
   * function first: three quarters of the pass's time on large models. */
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsUseLocalScope(flags);
  mlirOpPrintingFlagsAssumeVerified(flags);
  MlirAsmState st = mlirAsmStateCreateForOperation(func, flags);
  for (size_t i = 0; i < l->n; ++i) {
    mp_textbuf nb = {ids[i], MP_ID_LEN, 0};
    ids[i][0] = 0;
    mlirValuePrintAsOperand(l->buffers[i].value, st, mp_textbuf_append, &nb);
  }
  mlirAsmStateDestroy(st);
  mlirOpPrintingFlagsDestroy(flags);
  if (l->n < 2)
    return 0;
  named *order = malloc(l->n * sizeof *order);
  if (!order)
    return -1;
  for (size_t i = 0; i < l->n; ++i)
    order[i] = (named){ids[i], l->buffers[i].def, l->buffers[i].op};
  unique_round(order, l->n, 0);
  unique_round(order, l->n, 1);
  free(order);
  return 0;
}
