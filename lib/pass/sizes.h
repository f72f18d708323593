/*===-- sizes.h - Bytes and alignment of a memref as LLVM lays it out -----===*\
|*                                                                            *|
|* A buffer's size is elements x element bytes, where an element takes what   *|
|* the LLVM lowering stores per element: i1 is one byte (not one bit), index  *|
|* is 8, integers and floats round up to a power-of-two byte count, complex   *|
|* twice its part; an n-D vector is an array of its innermost 1-D vector,     *|
|* which is bit-packed then rounded up to a power of two (LLVM's alloc size). *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_SIZES_H
#define MEMPLAN_PASS_SIZES_H

#include "buffer.h"

/** The smallest power of two >= x, at most 2^62. */
uint64_t mp_pow2ceil(uint64_t x);

/** Bytes one element of type t takes in memory, 0 if unknown; *align gets
 *  the element's natural alignment. */
uint64_t mp_element_bytes(MlirType t, uint64_t *align);

/** The byte size of the memref type t for a plain slice of an arena:
 *  MP_PLANNED with *bytes and *elem_align, or why not (a dynamic shape, a
 *  layout other than the identity's, an element of unknown size, more than
 *  MP_ARENA_MAX_BYTES) with a message for the remark in *why. */
mp_skip mp_memref_bytes(MlirType t, uint64_t *bytes, uint64_t *elem_align,
                        const char **why);

#endif
