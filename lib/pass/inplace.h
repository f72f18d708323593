/*===-- inplace.h - An element-wise output over an input that dies --------===*\
|*                                                                            *|
|* An element-wise op (memplan_op_elementwise_pair: only parallel loops, the  *|
|* input and the output indexed by one permutation) reads each element of    *|
|* its input once, in the iteration that writes the element of its output at *|
|* the same index, and no other iteration touches either. When the input's    *|
|* value has its last use at that op and the output's value starts there      *|
|* (the op writes all of it, values.h), the output may take the input's       *|
|* bytes: one planned buffer for both, live from the input's first use to     *|
|* the output's last. Byte i of one is byte i of the other only when both     *|
|* name all of their buffers row-major from the start, with one shape and     *|
|* elements of one byte size, so that is required too; and the op must use    *|
|* the input's buffer through that operand alone (another operand reading it  *|
|* through another map would see elements already overwritten).              *|
|*                                                                            *|
|* Finding the pairs reads the IR once; whether a pair applies depends only  *|
|* on the live ranges, so it is checked again for any op order.              *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_INPLACE_H
#define MEMPLAN_PASS_INPLACE_H

#include "values.h"

/** The output value out_val may take the bytes of the input value in_val at
 *  the element-wise op `op` (indices in mp_values.vals). */
typedef struct mp_inplace_pair {
  MlirOperation op;
  size_t in_val, out_val;
} mp_inplace_pair;

typedef struct mp_inplace {
  mp_inplace_pair *pairs;
  size_t n, cap;
} mp_inplace;

/** Finds every pair of v into *out (zeroed by the caller). Returns 0, or -1
 *  if memory runs out. */
int mp_inplace_find(const mp_values *v, mp_inplace *out);
void mp_inplace_free(mp_inplace *c);

/** Merges the pairs that apply in schedule s (the input's buffer in l ends
 *  at the op, the output's starts there), in the order of their ops: the
 *  output's buffer gets `shares` (the group's first buffer, whose interval,
 *  size and alignment grow to cover the group). `corrupt_live` (a negative
 *  control for the e2e tests) merges also where the input is still used
 *  after the op. Returns how many pairs were merged, or -1 if memory runs
 *  out. */
int64_t mp_inplace_apply(const mp_inplace *c, const mp_values *v,
                         const mp_schedule *s, mp_liveness *l, bool corrupt_live);

#endif
