/*===-- lower_bound.c - Max live bytes over the schedule ------------------===*\
|*                                                                            *|
|* The buffers live at one step form a clique of the interval graph, and all  *|
|* of them need disjoint bytes, so the largest live total is a lower bound on *|
|* any peak (and for interval graphs it is the maximum-weight clique). A      *|
|* sweep over the 2n interval ends, sorted, finds it in O(n log n).           *|
\*===----------------------------------------------------------------------===*/
#include "memplan/memplan.h"

#include <stdlib.h>

typedef struct lb_event {
  int64_t t;
  /* (buffer index << 1) | 1 for a start, | 0 for an end. */
  uint64_t tag;
} lb_event;

/* Ends sort before starts at the same step: intervals are half-open, so a
 * buffer ending at t and one starting at t are never live together. */
static int lb_event_cmp(const void *a, const void *b) {
  const lb_event *x = a, *y = b;
  if (x->t != y->t)
    return x->t < y->t ? -1 : 1;
  int kx = (int)(x->tag & 1), ky = (int)(y->tag & 1);
  return kx - ky;
}

uint64_t memplan_lower_bound(const memplan_problem *p, int64_t *at_step) {
  if (p->count == 0) {
    if (at_step)
      *at_step = 0;
    return 0;
  }
  if (p->count > SIZE_MAX / (2 * sizeof(lb_event)))
    return 0;
  lb_event *ev = malloc(2 * p->count * sizeof *ev);
  if (!ev)
    return 0;
  size_t m = 0;
  uint64_t fixed_top = 0;
  for (size_t i = 0; i < p->count; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->fixed) {
      /* Saturate: an unchecked problem may hold offset + size > 2^64. */
      uint64_t end;
      if (__builtin_add_overflow(b->offset, b->size, &end))
        end = UINT64_MAX;
      if (end > fixed_top)
        fixed_top = end;
    }
    /* Zero-size buffers and empty intervals add nothing to any step. */
    if (b->size == 0 || b->start >= b->end)
      continue;
    ev[m].t = b->start;
    ev[m++].tag = ((uint64_t)i << 1) | 1;
    ev[m].t = b->end;
    ev[m++].tag = (uint64_t)i << 1;
  }
  qsort(ev, m, sizeof *ev, lb_event_cmp);
  uint64_t live = 0, best = 0;
  int64_t best_t = m ? ev[0].t : 0;
  for (size_t k = 0; k < m; ++k) {
    uint64_t sz = p->buffers[ev[k].tag >> 1].size;
    if (ev[k].tag & 1) {
      if (__builtin_add_overflow(live, sz, &live))
        live = UINT64_MAX; /* only reachable on unchecked input */
      if (live > best) {
        best = live;
        best_t = ev[k].t;
      }
    } else {
      live -= sz;
    }
  }
  free(ev);
  if (at_step)
    *at_step = best_t;
  return best > fixed_top ? best : fixed_top;
}
