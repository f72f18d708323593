/*===-- problem.c - Stage 3: one memplan_problem per memory space ---------===*/
#include "problem.h"

#include "parallel.h"
#include "spaces.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mp_problems_free(mp_problems *p) {
  for (size_t s = 0; s < p->n; ++s) {
    memplan_problem_free(&p->spaces[s].problem);
    free(p->spaces[s].buffer_of);
  }
  free(p->spaces);
  memset(p, 0, sizeof *p);
}

void mp_space_label(const mp_space *sp, char *buf, size_t len) {
  char name[256], scope[200];
  mp_space_name(sp->attr, name, sizeof name);
  mp_scope_text(sp->scope, scope, sizeof scope);
  snprintf(buf, len, "memory space %s%s%s", name, scope[0] ? ", " : "", scope);
}

/* The index of the space of `attr` in `scope` (its stack arena with
 * `stack`), added when new; -1 if memory runs out. */
static int space_of(mp_problems *p, MlirAttribute attr, MlirOperation scope, bool stack,
                    const memplan_pass_options *o) {
  for (size_t s = 0; s < p->n; ++s)
    if (mlirAttributeEqual(p->spaces[s].attr, attr) &&
        mlirOperationEqual(p->spaces[s].scope, scope) && p->spaces[s].stack == stack)
      return (int)s;
  mp_space *sp = mp_push(&p->spaces, &p->n, &p->cap, sizeof *sp);
  if (!sp)
    return -1;
  sp->attr = attr;
  sp->scope = scope;
  sp->stack = stack;
  sp->align = 1;
  memplan_problem_init(&sp->problem);
  sp->problem.capacity = mp_space_capacity(o, attr);
  return (int)(p->n - 1);
}

int mp_problems_build(const mp_liveness *l, const mp_id *ids,
                      const memplan_pass_options *o, mp_problems *out) {
  for (size_t i = 0; i < l->n; ++i) {
    const mp_buffer *b = &l->buffers[i];
    if (b->skip != MP_PLANNED || b->shares) /* in-place: the bytes of another */
      continue;
    int s = space_of(out, b->space, b->scope, b->stack, o);
    if (s < 0)
      return -1;
    mp_space *sp = &out->spaces[s];
    int64_t k = memplan_problem_add(&sp->problem, ids[i][0] ? ids[i] : NULL,
                                    b->size, b->align, b->start, b->end);
    if (k < 0)
      return -1;
    size_t *slot = realloc(sp->buffer_of, sp->problem.count * sizeof *slot);
    if (!slot)
      return -1;
    sp->buffer_of = slot;
    slot[k] = i;
    sp->sum += b->size;
    if (b->align > sp->align)
      sp->align = b->align;
  }
  return 0;
}
