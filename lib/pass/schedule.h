/*===-- schedule.h - Stage 1: the ops of a function in execution order ----===*\
|*                                                                            *|
|* Every op nested in the function gets a number in pre-order (an op before   *|
|* the ops of its regions, regions in order, blocks in order). An op with     *|
|* regions spans [its number, the last number inside it]: that span is what   *|
|* "the whole loop" means to liveness. Within one block the numbers follow    *|
|* execution order; blocks of a region are numbered in region order, and     *|
|* liveness follows their CFG (cfg.h) to cover every path between a def and  *|
|* its uses.                                                                  *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_SCHEDULE_H
#define MEMPLAN_PASS_SCHEDULE_H

#include "ir.h"

/** ops[k] has number k; last[k] is the largest number of an op nested in
 *  ops[k] (k itself if it has no regions), so ops[k] spans [k, last[k]]. The
 *  function itself is not numbered. */
typedef struct mp_schedule {
  MlirOperation *ops;
  int64_t *last;
  size_t n, cap;
  mp_ptrmap index; /* op pointer -> number */
} mp_schedule;

/** Numbers the ops of `func` into *s (zeroed by the caller). Returns 0, or -1
 *  if memory runs out or the nesting is deeper than 10000. */
int mp_schedule_build(MlirOperation func, mp_schedule *s);
void mp_schedule_free(mp_schedule *s);
/** The number of op, or -1 if it is not inside the function. */
int64_t mp_schedule_num(const mp_schedule *s, MlirOperation op);

#endif
