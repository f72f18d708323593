/*===-- bound.h - The max-live bound of a function's buffers, step by step -===*\
|*                                                                            *|
|* No planner can place the buffers of an op order in fewer bytes than the    *|
|* most they hold live at once (memplan_lower_bound, per memory space,        *|
|* summed over spaces). On real models `auto` reaches it, so the memory a     *|
|* user saves beyond it comes from the steps that lower the bound itself:     *|
|* a live range per value (values.h), in-place element-wise outputs          *|
|* (inplace.h), an op order that frees bytes sooner (order.h). The summary   *|
|* remark and the                                    *|
|* JSON report give the bound of the given order and after each step.        *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_BOUND_H
#define MEMPLAN_PASS_BOUND_H

#include "liveness.h"

/** The steps, in the order the pass applies them. */
typedef enum mp_step {
  MP_STEP_COPIES,  /* copies removed (copies.h) */
  MP_STEP_SPLIT,   /* a live range per value */
  MP_STEP_INPLACE, /* element-wise outputs over dying inputs */
  MP_STEP_ORDER,   /* the ops of the function's body reordered (order.h) */
  MP_NSTEPS
} mp_step;

/** The step's name in remarks ("split") and reports ("split"). */
const char *mp_step_name(mp_step k);

typedef struct mp_steps {
  uint64_t given;            /* one buffer per alloc, in the given op order */
  bool on[MP_NSTEPS];        /* the step ran (its option is on) */
  uint64_t after[MP_NSTEPS]; /* the bound after it (the previous one when off) */
  uint64_t count[MP_NSTEPS]; /* what it did: copies removed, values made
                                buffers of their own, outputs written in
                                place, ops moved */
  /* The plan without the steps was smaller and is the one used (a
   * heuristic planner may pack the steps' buffers worse, though their bound
   * is lower): the arena with the steps and without, summed over spaces. */
  bool dropped;
  uint64_t arena_with, arena_without;
} mp_steps;

/** The bound of l's planned buffers (those sharing another's bytes do not
 *  count on their own) into *out. Returns 0, or -1 if memory runs out. */
int mp_bound(const mp_liveness *l, uint64_t *out);

#endif
