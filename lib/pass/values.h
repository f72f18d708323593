/*===-- values.h - A live range per value of a buffer ---------------------===*\
|*                                                                            *|
|* Bufferization reuses one memref.alloc for several values: a shared         *|
|* tensor.empty becomes the outs of many ops, so the buffer holds one value,  *|
|* is overwritten with the next, and so on. Liveness keeps it live from the   *|
|* first value's first use to the last value's last use. Here an op that      *|
|* writes every byte of the buffer without reading it (a full overwrite:      *|
|* memref.copy into all of it; a LinalgOp whose payload does not read the     *|
|* init it writes everywhere, memplan_op_overwrites) ends one value and       *|
|* starts the next, and each value becomes its own planned buffer, live from  *|
|* its first use to its last.                                                 *|
|*                                                                            *|
|* Positions are the ops of the alloc's block (a use nested in a region       *|
|* counts as its ancestor there, as in liveness); a split point is a full     *|
|* overwrite that is itself an op of that block, uses the buffer through no   *|
|* other operand (nor inside its regions), and comes after an earlier use.    *|
|* The overwrite names the buffer through an alias that covers every byte     *|
|* from the start in row-major order (the alloc, or a chain of reshapes,      *|
|* casts and full subviews whose types say so; memref.view only at a constant *|
|* 0 shift).                                                                  *|
|*                                                                            *|
|* Safe only when every alias is a view (ViewLikeOpInterface) of the buffer:  *|
|* a buffer selected by arith.select, handed through a region (scf.for        *|
|* iter_args, scf.if results) or reachable through an op's results of         *|
|* unknown kind is not split, and with remarks=all the pass says so where a   *|
|* split point would have been. A view is pure, so it is no use of its own;   *|
|* its uses are. A use of a later value through a view made before the split  *|
|* point gets a copy of the view chain made from that value's own buffer      *|
|* (mp_values_redirect).                                                      *|
|*                                                                            *|
|* Which value an operand names is settled once, in the order the function    *|
|* has when mp_values_build runs; a later change of op order (order.c) keeps  *|
|* it and only moves the live ranges (mp_values_place).                       *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_VALUES_H
#define MEMPLAN_PASS_VALUES_H

#include "liveness.h"

/** One operand that reads or writes a tracked buffer (views are not uses). */
typedef struct mp_value_use {
  MlirOperation user;  /* the op holding the operand */
  intptr_t operand;    /* its index */
  MlirValue value;     /* the alias it names */
  MlirOperation top;   /* user, or its ancestor in the alloc's block */
  int64_t pos;         /* top's number in the current schedule */
  size_t val;          /* index in mp_values.vals */
  bool whole;          /* value covers every byte of the buffer, row-major */
} mp_value_use;

/** One value of a tracked buffer. */
typedef struct mp_value {
  size_t track;        /* its buffer, an index in mp_values.allocs */
  size_t no;           /* 0 for the buffer's first value, then 1, 2, ... */
  MlirOperation born;  /* the full overwrite that starts it, or null */
  size_t unit;         /* its buffer in mp_liveness (mp_values_place) */
  int64_t start, end;  /* its live range in the current schedule */
} mp_value;

/** A split point the pass could not use, for remarks=all. */
typedef struct mp_value_note {
  MlirOperation alloc;
  char text[320];
} mp_value_note;

typedef struct mp_values {
  MlirOperation *allocs;   /* the tracked buffers' allocs */
  size_t nallocs, capallocs;
  mp_value *vals;          /* grouped by buffer, in order */
  size_t nvals, capvals;
  mp_value_use *uses;      /* grouped by value, in block order */
  size_t nuses, capuses;
  mp_value_note *notes;
  size_t nnotes, capnotes;
} mp_values;

typedef struct mp_values_options {
  /* Negative control for the e2e tests: any op of the block that writes the
   * buffer through one operand is taken as a full overwrite (a partial
   * write too), a wrong split that the comparison must catch. */
  bool corrupt_partial;
} mp_values_options;

/** Finds the values of every planned buffer of l whose aliases are all
 *  views, in the order of schedule s, into *out (zeroed by the caller).
 *  Returns 0, or -1 if memory runs out. */
int mp_values_build(const mp_schedule *s, const mp_liveness *l,
                    const mp_values_options *o, mp_values *out);
void mp_values_free(mp_values *v);

/** Gives each value of a tracked, planned buffer its live range in schedule
 *  s. With `split`, every value after the first becomes a buffer of its own,
 *  appended to l (value_of, at; the alloc's size, alignment and space), and
 *  the first keeps the alloc's buffer; without, all values keep the alloc's
 *  buffer and its interval. Call once per mp_liveness. Returns 0, or -1 if
 *  memory runs out. */
int mp_values_place(mp_values *v, const mp_schedule *s, mp_liveness *l, bool split);

/** One copy of a view for a later value's uses: `op` cloned on the copy of
 *  its source (copy `from`, or the value's view when from < 0), before
 *  `before`; its result `result` is the copy. */
typedef struct mp_redirect_copy {
  MlirOperation op;
  intptr_t result;
  int64_t from;
  size_t unit;
  MlirOperation before;
} mp_redirect_copy;

/** One operand pointed at a copy (or at the view of `unit` when from < 0). */
typedef struct mp_redirect_set {
  MlirOperation op;
  intptr_t operand;
  int64_t from;
  size_t unit;
} mp_redirect_set;

/** How the uses of later values move to their own buffers, prepared before
 *  the rewrite so that applying it allocates nothing and cannot fail. */
typedef struct mp_redirects {
  mp_redirect_copy *copies;
  size_t ncopies, capcopies;
  mp_redirect_set *sets;
  size_t nsets, capsets;
  MlirValue *made; /* one per copy, filled by mp_values_redirect */
} mp_redirects;

/** Prepares the rewrite of every use of a later value (a buffer of l with
 *  value_of != 0) to name that value's view: the alloc becomes the view, an
 *  alias made before the split point a copy of its view chain on the view,
 *  inserted before the first use that needs it (in the order of the last
 *  mp_values_place). `corrupt_stale` (a negative control for the e2e
 *  tests) leaves the uses through such views on them. Returns 0, or -1 if
 *  memory runs out. */
int mp_values_prepare(const mp_values *v, const mp_liveness *l, bool corrupt_stale,
                      mp_redirects *out);
void mp_redirects_free(mp_redirects *r);

/** Applies r, with views[i] the view of buffer i (already in the function,
 *  before its `at`); erases the views of the alloc it leaves without a use.
 *  Cannot fail. */
void mp_values_redirect(mp_redirects *r, const MlirValue *views);

#endif
