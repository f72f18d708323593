/*===-- attributions.h - GPU workgroup attributions in the capacity -------===*\
|*                                                                            *|
|* A gpu.func or gpu.launch may declare workgroup attributions, block         *|
|* arguments `workgroup(%w : memref<..., #gpu.address_space<workgroup>>)`     *|
|* that the GPU lowering allocates in the same shared memory as the arena of  *|
|* that space. The pass does not plan them (they are not allocs), but they    *|
|* take bytes of the same capacity: a workgroup arena that fits its capacity  *|
|* alone may not fit beside them.                                             *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_ATTRIBUTIONS_H
#define MEMPLAN_PASS_ATTRIBUTIONS_H

#include "problem.h"

/** For each space of p with a capacity (under o) whose scope (the function
 *  for a function-level arena, else its parallel op) declares workgroup
 *  attributions in that memory space: sets sp->attributions to their bytes
 *  and lowers sp->problem.capacity by them, so that the planners and the
 *  capacity verdict count them. Returns 0, or -1 with a message in err when
 *  the attributions alone fill the capacity (no arena fits beside them). */
int mp_attributions_apply(MlirOperation func, const memplan_pass_options *o, mp_problems *p,
                          char *err, size_t err_len);

#endif
