/*===-- validate_internal.h - The validator, telling which pair failed ----===*\
|*                                                                            *|
|* memplan_validate plus, when two buffers overlap, their indices in pair[0] *|
|* and pair[1] (pair may be NULL; untouched for other violations). Used by   *|
|* memplan_solve to name the fixed buffers that make a problem infeasible.   *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_CORE_VALIDATE_INTERNAL_H
#define MEMPLAN_LIB_CORE_VALIDATE_INTERNAL_H

#include "memplan/memplan.h"

int mp_validate_pair(const memplan_problem *p, const uint64_t *offsets,
                     uint64_t *peak, char *err, size_t err_len,
                     size_t pair[2]);

#endif
