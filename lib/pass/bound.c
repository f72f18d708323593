/*===-- bound.c - The max-live bound of a function's buffers, step by step -===*/
#include "bound.h"

#include "memplan/memplan.h"

#include <stdlib.h>

const char *mp_step_name(mp_step k) {
  static const char *const names[MP_NSTEPS] = {"copies", "split", "in-place", "order"};
  return k < MP_NSTEPS ? names[k] : "?";
}

int mp_bound(const mp_liveness *l, uint64_t *out) {
  /* one problem per memory space, each buffer counted once */
  bool *done = calloc(l->n ? l->n : 1, sizeof *done);
  if (!done)
    return -1;
  *out = 0;
  int rc = 0;
  for (size_t i = 0; i < l->n && rc == 0; ++i) {
    if (done[i] || l->buffers[i].skip != MP_PLANNED || l->buffers[i].shares)
      continue;
    memplan_problem p;
    memplan_problem_init(&p);
    for (size_t j = i; j < l->n && rc == 0; ++j) {
      const mp_buffer *b = &l->buffers[j];
      if (done[j] || b->skip != MP_PLANNED || b->shares ||
          !mlirAttributeEqual(b->space, l->buffers[i].space))
        continue;
      done[j] = true;
      if (memplan_problem_add(&p, NULL, b->size, b->align, b->start, b->end) < 0)
        rc = -1;
    }
    if (rc == 0)
      *out += memplan_lower_bound(&p, NULL);
    memplan_problem_free(&p);
  }
  free(done);
  return rc;
}
