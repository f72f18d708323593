/*===-- carried.h - Loop-carried buffers: two slots chosen by parity ------===*\
|*                                                                            *|
|* A recurrence x_{i+1} = f(x_i) over an scf.for, bufferized, allocates a new *|
|* buffer in every iteration and hands it to the next through an iter_arg:   *|
|* while iteration i writes its instance, it reads instance i-1. One slot     *|
|* cannot hold both, two can: iteration i's instance goes to slot i % 2,      *|
|* i = (iv - lb) / step. Both slots are live from the loop's start through   *|
|* the loop's end and every use of its results (liveness walks those).        *|
|*                                                                            *|
|* Safe only when no instance older than i-1 is live in iteration i:         *|
|*  - the carrier is the innermost loop around the alloc: only scf.if,        *|
|*    scf.index_switch and scf.execute_region (each body runs at most once    *|
|*    per iteration) between them, and no outer loop carries it too;         *|
|*  - an iter_arg that receives the instance is never yielded again, not     *|
|*    even through scf.if results or views (instance i-1 would reach i+1);   *|
|*  - it escapes in no other way (liveness's escapes still apply).           *|
|* scf.while and loops of cf blocks keep the old verdict (left alone).        *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_CARRIED_H
#define MEMPLAN_PASS_CARRIED_H

#include "alias.h"
#include "liveness.h"

/** The liveness walk of b met an edge that hands it to a later run of
 *  `loop`, an op in anc[0..nanc) (the ops around b's alloc, innermost
 *  first). Returns true when b may be planned as loop-carried by `loop`
 *  (b->carrier is then set) and the walk goes on along the edge; false
 *  when b is left alone (with the remark saying why). */
bool mp_carried_accept(mp_buffer *b, MlirOperation loop, const MlirOperation *anc,
                       size_t nanc);

/** After b's walk: leaves b alone if an iter_arg that receives its
 *  instance is yielded again, else widens its interval to the whole carrier
 *  loop. Returns -1 only if memory runs out. */
int mp_carried_check(mp_buffer *b, const mp_schedule *s);

/** Appends the second slot (buffer.h: twin) of every planned carried buffer
 *  of l. Returns -1 only if memory runs out. */
int mp_carried_twins(mp_liveness *l);

/** True when `flag` (an scf.if condition) is false whenever `loop`'s value
 *  v would be its init: v is a block argument of loop's body (an iter_arg)
 *  or a result of loop, and flag is an iter_arg or result of the same
 *  scf.for whose init is the constant false (ownership-based deallocation
 *  passes ownership so). A dealloc under such a flag never frees the init. */
bool mp_carried_flag_excludes_init(MlirValue flag, MlirOperation loop, MlirValue v);

#endif
