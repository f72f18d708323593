/*===-- ir.h - Helpers on the MLIR C API shared by the stages -------------===*\
|*                                                                            *|
|* The stages of memplan-static (schedule, liveness, problem, plan, rewrite,  *|
|* report) use these and nothing of each other: each takes the previous       *|
|* stage's result and returns its own. MLIR's C API has no maps keyed by      *|
|* values or ops, so mp_ptrmap maps the opaque C API pointers to int64s.      *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_IR_H
#define MEMPLAN_PASS_IR_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*--- pointer -> int64 map -------------------------------------------------*/
typedef struct mp_ptrmap {
  const void **keys;
  int64_t *vals;
  size_t cap; /* a power of two, or 0 */
  size_t n;
} mp_ptrmap;

void mp_ptrmap_free(mp_ptrmap *m);
/** Sets m[key] = val (key != NULL). Returns 0, or -1 if memory runs out. */
int mp_ptrmap_put(mp_ptrmap *m, const void *key, int64_t val);
/** Returns m[key], or `dflt` when absent. Safe from several threads at once
 *  while nobody writes. */
int64_t mp_ptrmap_get(const mp_ptrmap *m, const void *key, int64_t dflt);

/*--- growable arrays ------------------------------------------------------*/
/** Appends a zeroed element of `size` bytes to the array *arrp (a pointer to
 *  any object type) of *n elements with room for *cap. Returns the new slot,
 *  or NULL if memory runs out (the array is unchanged). */
void *mp_push(void *arrp, size_t *n, size_t *cap, size_t size);

/** An item at an op's number in a schedule, for sorting by that number:
 *  `k` (the item's index) breaks ties, so the sort keeps the items' order. */
typedef struct mp_at {
  int64_t pos;
  size_t k;
} mp_at;
/** qsort comparator of mp_at: by pos, then by k. */
int mp_at_cmp(const void *x, const void *y);

/*--- ops and values -------------------------------------------------------*/
/** True if op's name is exactly `name`. */
bool mp_op_is(MlirOperation op, const char *name);
/** True if op's name starts with `prefix`. */
bool mp_op_has_prefix(MlirOperation op, const char *prefix);
/** True if op's name is one of the NULL-terminated `names`. */
bool mp_op_in(MlirOperation op, const char *const *names);
/** The ancestor of op (or op itself) that is an op of `block`, or null when
 *  op is not nested in block. */
MlirOperation mp_op_ancestor_in(MlirOperation op, MlirBlock block);
/** Copies the op's name into buf (NUL-terminated, truncated). */
void mp_op_name(MlirOperation op, char *buf, size_t len);
/** True if v is a ranked or unranked memref. */
bool mp_is_memref(MlirValue v);
/** True if some result of op is a memref. */
bool mp_has_memref_result(MlirOperation op);
/** The block that defines v: its defining op's block, or the block of which
 *  it is an argument. */
MlirBlock mp_value_block(MlirValue v);
/** The op's "sym_name", or false when it has none. */
bool mp_sym_name(MlirOperation op, MlirStringRef *out);

/** The ops of op's body (every block of every region, in order; not the ops
 *  nested in them): mp_body_first(op) is the first or null, mp_body_next(o)
 *  the one after o or null. For a module: its functions and globals. */
MlirOperation mp_body_first(MlirOperation op);
MlirOperation mp_body_next(MlirOperation o);

/*--- text -------------------------------------------------------------------*/
/** A fixed buffer that the C API's print callbacks fill: `buf` holds `len`
 *  bytes (len >= 1), `used` of them filled, always NUL-terminated; what does
 *  not fit is dropped. */
typedef struct mp_textbuf {
  char *buf;
  size_t len, used;
} mp_textbuf;
/** An MlirStringCallback appending to the mp_textbuf `user`. */
void mp_textbuf_append(MlirStringRef s, void *user);
/** "14:3" for a file location, else the location as MLIR prints it. */
void mp_loc_text(MlirLocation loc, char *buf, size_t len);
/** v in decimal (sums of sizes may pass 2^64). */
const char *mp_u128_text(unsigned __int128 v, char buf[48]);

/*--- memory spaces ----------------------------------------------------------*/
/** How a memory space attribute is written in reports and global names. */
typedef enum mp_space_kind {
  MP_SPACE_DEFAULT, /* no attribute, or an integer 0 (MLIR's default space) */
  MP_SPACE_INT,     /* a signless i64 integer N != 0, as in memref<4xf32, N> */
  MP_SPACE_OTHER    /* anything else ("gpu", #gpu.address_space<...>, 1 : i32) */
} mp_space_kind;
/** Classifies a memory space attribute (null = default); for MP_SPACE_INT
 *  writes N to *value (value may be NULL). */
mp_space_kind mp_space_classify(MlirAttribute attr, int64_t *value);

/*--- function names ---------------------------------------------------------*/
/** The function's name for messages, reports and "{func}": its sym_name,
 *  qualified by the sym_names of the enclosing named symbol tables below the
 *  outermost op ("inner.f" for @f in `module @inner`). With `for_path`, each
 *  byte of a name but [A-Za-z0-9_-] is written %XX, so a name never leaves
 *  its directory and names map one to one. Returns a malloc'd string, or
 *  NULL if memory runs out. Reads only the function and its ancestors. */
char *mp_func_name(MlirOperation func, bool for_path);

/*--- views that carry their source's memory space --------------------------*/
/** True if operand `idx` of `user` is the source of a view whose one result
 *  is a ranked memref in the source's memory space and whose verifier
 *  checks nothing else of that space (memref.subview, expand_shape,
 *  collapse_shape, reinterpret_cast, transpose, cast to a ranked memref): a
 *  buffer that changes memory space (spill.h) takes such views with it. */
bool mp_space_view(MlirOperation user, intptr_t idx);

/** Gives every view reached from v through mp_space_view uses, transitively,
 *  the memory space `space` in its result type (null = default). */
void mp_space_views_retype(MlirValue v, MlirAttribute space);

#endif
