/*===-- names.h - Ids of buffers in remarks, reports and pictures ---------===*\
|*                                                                            *|
|* A buffer's id is its SSA name as MLIR prints it in the function's local    *|
|* scope (%alloc_3). MLIR's printer reuses names in sibling regions (the      *|
|* %alloc of an scf.if's then block and the %alloc of its else block), so a   *|
|* name that repeats gets the alloc's line and column ("%alloc@3:10"), and    *|
|* "#k" (its rank among the allocs that still share it, in schedule order)    *|
|* when that repeats too.                                                     *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_NAMES_H
#define MEMPLAN_PASS_NAMES_H

#include "liveness.h"

#define MP_ID_LEN 96
typedef char mp_id[MP_ID_LEN];

/** Writes the id of each of l's buffers into ids[0..l->n). Returns 0, or -1
 *  if memory runs out (the ids are then the plain SSA names). */
int mp_name_buffers(MlirOperation func, const mp_liveness *l, mp_id *ids);

#endif
