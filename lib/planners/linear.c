/*===-- linear.c - No reuse: every buffer gets its own bytes --------------===*\
|*                                                                            *|
|* The baseline every other planner is measured against (and what a naive    *|
|* compiler does). Fixed buffers sit at their offsets; every other buffer of *|
|* nonzero size is stacked above the highest fixed end, in input order, each *|
|* start rounded up to its alignment. Stacking above the fixed ones (rather  *|
|* than threading through the gaps between them) keeps the rule obvious and  *|
|* its peak exactly the budget memplan_problem_check guarantees to fit in 64 *|
|* bits. Zero-size buffers take no bytes and get offset 0.                    *|
|* O(n) time, no extra memory.                                                *|
\*===----------------------------------------------------------------------===*/
#include "planners/planners.h"

#include <stdio.h>

int memplan_plan_linear(const memplan_problem *p, const memplan_options *o,
                        memplan_plan *plan) {
  (void)o;
  uint64_t top = 0;
  for (size_t i = 0; i < p->count; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->fixed && b->offset + b->size > top)
      top = b->offset + b->size;
  }
  for (size_t i = 0; i < p->count; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->fixed) {
      plan->offsets[i] = b->offset;
    } else if (b->size == 0) {
      plan->offsets[i] = 0;
    } else {
      uint64_t at, end;
      /* Cannot wrap after memplan_problem_check; checked anyway so that a
       * direct caller with an unchecked problem gets an error, not a wrap. */
      if (__builtin_add_overflow(top, b->alignment - 1, &at) ||
          __builtin_add_overflow(at / b->alignment * b->alignment, b->size,
                                 &end)) {
        snprintf(plan->message, sizeof plan->message,
                 "offsets overflow 64 bits");
        return -1;
      }
      plan->offsets[i] = at / b->alignment * b->alignment;
      top = end;
    }
  }
  plan->work = p->count;
  return 0;
}
