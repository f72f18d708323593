/*===-- peak.h - Why an arena is as big as it is ---------------------------===*\
|*                                                                            *|
|* "Why is my arena this big?" No plan of a memory space's buffers is smaller *|
|* than the bytes live at its busiest step (the core's lower bound), so the   *|
|* answer names that step (the op the schedule numbers there, with its        *|
|* location) and the largest buffers live there. The capacity error, the      *|
|* summary remark and the report all say it.                                 *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_PEAK_H
#define MEMPLAN_PASS_PEAK_H

#include "memplan/memplan.h"
#include "mlir-c/IR.h"

#include <stddef.h>
#include <stdint.h>

/** How many of the largest buffers live at the peak are named. */
#define MP_PEAK_TOP 3

typedef struct mp_peak {
  int64_t step;            /* the first step where the most bytes are live
                              (memplan_lower_bound's); -1 without buffers */
  uint64_t live;           /* the sum of the sizes live there */
  size_t nlive;            /* how many buffers are live there */
  size_t top[MP_PEAK_TOP]; /* the largest of them (problem indices), by size
                              descending, ties in problem order */
  size_t ntop;
} mp_peak;

/** Finds the peak of p into *out. */
void mp_peak_find(const memplan_problem *p, mp_peak *out);

/** "at step 12 ('linalg.matmul' at 14:3) 640 bytes are live in 3 buffers:
 *  %a (512), %b (64), %c (64)" into buf; `at` is the op numbered pk->step
 *  (null: no op is named). Empty text without buffers. */
void mp_peak_text(const mp_peak *pk, const memplan_problem *p, MlirOperation at,
                  char *buf, size_t len);

#endif
