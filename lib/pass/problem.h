/*===-- problem.h - Stage 3: one memplan_problem per memory space ---------===*\
|*                                                                            *|
|* The planned buffers of each memory space become one memplan_problem (size  *|
|* and alignment in bytes, [start, end) in schedule steps). Different memory  *|
|* spaces never share bytes: one problem and one arena each, in the order in  *|
|* which the function first allocates in each space (the arena's index, the  *|
|* report's "arena" and picture="{space}"). The buffers of a parallel body    *|
|* (parallel.h) get problems of their own, one arena per iteration. The      *|
|* stack buffers (memref.alloca) of a space get an arena of their own,       *|
|* itself a memref.alloca.                                                    *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_PROBLEM_H
#define MEMPLAN_PASS_PROBLEM_H

#include "liveness.h"
#include "names.h"

#include "memplan-c/pass.h"
#include "memplan/memplan.h"

typedef struct mp_space {
  MlirAttribute attr;       /* the memory space (null = default) */
  MlirOperation scope;      /* the parallel op whose body allocates this
                               arena once per iteration (parallel.h); null:
                               the function's arena */
  bool stack;               /* the stack arena: its buffers are memref.allocas */
  memplan_problem problem;  /* its planned buffers, named by their ids */
  size_t *buffer_of;        /* problem buffer k -> index in mp_liveness */
  uint64_t sum;             /* the sum of their sizes */
  uint64_t align;           /* their largest alignment (1 when none) */
  uint64_t attributions;    /* bytes of the scope's attributions in this
                               space, taken off problem.capacity
                               (attributions.h); 0 when none */
  const char *attribution_kind; /* their kind, "workgroup" or "private" (a
                                   static string; set with attributions) */
} mp_space;

typedef struct mp_problems {
  mp_space *spaces;
  size_t n, cap;
} mp_problems;

/** Builds the problems of l's planned buffers into *out (zeroed by the
 *  caller), each with its memory space's capacity under o (spaces.h; 0 =
 *  none). Returns 0, or -1 if memory runs out. */
int mp_problems_build(const mp_liveness *l, const mp_id *ids,
                      const memplan_pass_options *o, mp_problems *out);
void mp_problems_free(mp_problems *p);

/** "memory space 0", "memory space 0, one per iteration of 'scf.forall' at
 *  3:5": how messages name the arena of sp (truncated to len). */
void mp_space_label(const mp_space *sp, char *buf, size_t len);

#endif
