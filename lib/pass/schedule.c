/*===-- schedule.c - Stage 1: the ops of a function in execution order ----===*/
#include "schedule.h"

#include <stdlib.h>

static int number_op(mp_schedule *s, MlirOperation op, int depth);

static int number_regions(mp_schedule *s, MlirOperation op, int depth) {
  intptr_t nr = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < nr; ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      for (MlirOperation o = mlirBlockGetFirstOperation(b);
           !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        if (number_op(s, o, depth + 1))
          return -1;
      }
    }
  }
  return 0;
}

static int number_op(mp_schedule *s, MlirOperation op, int depth) {
  /* Real IR nests a few levels deep; the bound keeps a pathological input
   * from exhausting the C stack. */
  if (depth > 10000)
    return -1;
  if (s->n == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 256;
    MlirOperation *ops = realloc(s->ops, cap * sizeof *ops);
    if (!ops)
      return -1;
    s->ops = ops;
    int64_t *last = realloc(s->last, cap * sizeof *last);
    if (!last)
      return -1;
    s->last = last;
    s->cap = cap;
  }
  size_t k = s->n++;
  s->ops[k] = op;
  s->last[k] = (int64_t)k;
  if (mp_ptrmap_put(&s->index, op.ptr, (int64_t)k))
    return -1;
  if (number_regions(s, op, depth))
    return -1;
  s->last[k] = (int64_t)s->n - 1;
  return 0;
}

int mp_schedule_build(MlirOperation func, mp_schedule *s) {
  return number_regions(s, func, 0);
}

void mp_schedule_free(mp_schedule *s) {
  free(s->ops);
  free(s->last);
  mp_ptrmap_free(&s->index);
  s->ops = NULL;
  s->last = NULL;
  s->n = s->cap = 0;
}

int64_t mp_schedule_num(const mp_schedule *s, MlirOperation op) {
  return mp_ptrmap_get(&s->index, op.ptr, -1);
}
