/*===-- arena_arg.h - arena=arg: the caller passes the arena --------------===*\
|*                                                                            *|
|* With arena=arg a function's arenas (one per memory space, function scope   *|
|* only) are arguments instead of allocations, appended after its own         *|
|* arguments in arena order. A runtime that owns the memory learns the sizes  *|
|* ahead of time from the function's attributes                               *|
|*     memplan.arena_sizes = array<i64: N0, N1>                               *|
|*     memplan.arena_alignments = array<i64: A0, A1>                          *|
|* or by calling the generated                                                *|
|*     func.func @F_arena_size() -> (index, index)                            *|
|* (same visibility as F; "_v<k>" added when the name is taken). The          *|
|* argument itself carries the unit attribute `memplan.arena`.               *|
|*                                                                            *|
|* The function's own rewrite (rewrite.c, in parallel with other functions)   *|
|* adds the block arguments and changes its signature; the callers in other   *|
|* functions are updated at the module's end, serially: each func.call of F   *|
|* gets arenas allocated before it (memref.alloc, aligned as F needs) and     *|
|* freed after it as rewrite.h says for arena=alloc arenas.                   *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_ARENA_ARG_H
#define MEMPLAN_PASS_ARENA_ARG_H

#include "ir.h"

/** How a caller frees an arena after the call (rewrite.h's rule). */
typedef struct mp_arena_free {
  bool direct;              /* memref.dealloc of the arena */
  bool cast;                /* else through memref.memory_space_cast to: */
  MlirAttribute cast_space;
} mp_arena_free;

/** The arena arguments of one function. */
typedef struct mp_arena_args {
  size_t n, cap;
  MlirValue *args;    /* the entry block's new arguments */
  MlirType *types;    /* memref<N x i8, space> */
  int64_t *sizes, *aligns;
  mp_arena_free *frees;
  MlirOperation size_func; /* detached @F_arena_size, for the module's end */
  MlirType ftype;          /* the function's new type and arg_attrs */
  MlirAttribute arg_attrs;
  MlirAttribute callee;    /* F's sym_name (a StringAttr) */
} mp_arena_args;

/** Appends an argument of type `t` (an arena of `size` bytes aligned to
 *  `align`) to the entry block of func. Returns it, or a null value if
 *  memory runs out. */
MlirValue mp_arena_arg_add(MlirOperation func, MlirType t, int64_t size,
                           int64_t align, mp_arena_free fr, mp_arena_args *a);

/** Creates the detached size function into a->size_func, named around
 *  `taken` (the module's symbols; may be NULL), and the new signature.
 *  Returns 0, or -1 with err. */
int mp_arena_arg_prepare(MlirOperation func, const mp_ptrmap *taken,
                         mp_arena_args *a, char *err, size_t err_len);

/** Makes the added arguments part of func's signature: function_type,
 *  arg_attrs, the memplan.arena_* attributes. Cannot fail. */
void mp_arena_arg_apply(MlirOperation func, const mp_arena_args *a);

/** Removes the added arguments (they must have no uses left) and destroys
 *  the size function. */
void mp_arena_arg_undo(MlirOperation func, mp_arena_args *a);

void mp_arena_args_free(mp_arena_args *a);

/** The module's end: passes arenas at every func.call in `module` (outside
 *  nested symbol tables) of a function of `all` (n of them; entries with
 *  n == 0 are skipped), and inserts each size function after its function
 *  `funcs[i]`. Returns 0, or -1 if an op cannot be created (then nothing
 *  was changed). */
int mp_arena_arg_update_module(MlirOperation module, const MlirOperation *funcs,
                               mp_arena_args *const *all, size_t n);

#endif
