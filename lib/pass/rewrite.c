/*===-- rewrite.c - Stage 5: arenas and views in place of the allocs ------===*/
#include "rewrite.h"

#include "arena_arg.h"
#include "attributions.h"
#include "parallel.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef sref(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirNamedAttribute named(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, sref(name)), a);
}

static MlirOperation create(const char *name, MlirLocation loc, intptr_t nres,
                            MlirType *res, intptr_t nops, MlirValue *ops,
                            intptr_t nattrs, MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(sref(name), loc);
  if (nres)
    mlirOperationStateAddResults(&st, nres, res);
  if (nops)
    mlirOperationStateAddOperands(&st, nops, ops);
  if (nattrs)
    mlirOperationStateAddAttributes(&st, nattrs, attrs);
  return mlirOperationCreate(&st);
}

/* The new ops, created detached before the function is touched, and where
 * each goes: before `before`, or first in `block` when before is null. */
typedef struct pending {
  MlirOperation op;
  MlirBlock block;
  MlirOperation before;
} pending;

typedef struct edit {
  MlirContext ctx;
  pending *ops;
  size_t n, cap;
  bool failed; /* an op could not be created, or memory ran out */
} edit;

/* Creates an op to insert later; its result 0, or a null value on failure. */
static MlirValue add(edit *ed, MlirBlock block, MlirOperation before,
                     MlirOperation op) {
  pending *slot = ed->failed ? NULL : mp_push(&ed->ops, &ed->n, &ed->cap, sizeof *slot);
  if (!slot || mlirOperationIsNull(op)) {
    ed->failed = true;
    if (!mlirOperationIsNull(op))
      mlirOperationDestroy(op);
    return (MlirValue){NULL};
  }
  *slot = (pending){op, block, before};
  return mlirOperationGetNumResults(op) ? mlirOperationGetResult(op, 0)
                                        : (MlirValue){NULL};
}

/*--- arena=global names -----------------------------------------------------*/

/* The arena global's name for space part `space` ("" for the default space),
 * retry k (0: none) and the function's name. The name is a one-to-one
 * encoding of (function name, memory space, retry), after the prefix
 * "__memplan_arena":
 *   "_F"            the default memory space,
 *   "<N>_F"         the integer memory space N (memref<4xf32, N>),
 *   "a<s>_F"        any other attribute: s is the arena's index,
 * and "0v<k>_F", "<N>v<k>_F", "a<s>v<k>_F" when a symbol that was in the
 * module before the pass already has the name. The character after the
 * prefix tells the forms apart and the number ends at the first '_' or 'v',
 * so two functions (or two arenas of one function) can never produce the
 * same string, and names do not depend on the order in which functions are
 * planned. Returns a malloc'd name, or NULL if memory runs out. */
static char *global_name(const char *space, int k, MlirStringRef fname, size_t *len) {
  char head[64];
  int w = k == 0 ? snprintf(head, sizeof head, "__memplan_arena%s_", space)
                 : snprintf(head, sizeof head, "__memplan_arena%sv%d_",
                            space[0] ? space : "0", k);
  if (fname.length > SIZE_MAX - (size_t)w - 1)
    return NULL;
  char *name = malloc((size_t)w + fname.length + 1);
  if (!name)
    return NULL;
  memcpy(name, head, (size_t)w);
  memcpy(name + w, fname.data, fname.length);
  name[(size_t)w + fname.length] = 0;
  *len = (size_t)w + fname.length; /* a symbol name may hold a NUL byte */
  return name;
}

/* The memref.global for arena s, not inserted: a free name, or a null op with
 * err set. */
static MlirOperation make_global(MlirOperation func, size_t s, MlirAttribute space,
                                 MlirType type, uint64_t align,
                                 const mp_ptrmap *taken, char *err, size_t err_len) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirStringRef fname = {"func", 4};
  mp_sym_name(func, &fname);
  char part[32];
  int64_t n = 0;
  switch (mp_space_classify(space, &n)) {
  case MP_SPACE_DEFAULT:
    part[0] = 0;
    break;
  case MP_SPACE_INT:
    snprintf(part, sizeof part, "%lld", (long long)n);
    break;
  case MP_SPACE_OTHER:
    snprintf(part, sizeof part, "a%zu", s);
    break;
  }
  for (int k = 0; k < 1000; ++k) {
    size_t len = 0;
    char *name = global_name(part, k, fname, &len);
    if (!name) {
      snprintf(err, err_len, "memplan-static: out of memory");
      return (MlirOperation){NULL};
    }
    MlirAttribute sym = mlirStringAttrGet(ctx, mlirStringRefCreate(name, len));
    free(name);
    if (taken && mp_ptrmap_get(taken, sym.ptr, 0))
      continue;
    MlirNamedAttribute attrs[5] = {
        named(ctx, "sym_name", sym),
        named(ctx, "sym_visibility", mlirStringAttrGet(ctx, sref("private"))),
        named(ctx, "type", mlirTypeAttrGet(type)),
        named(ctx, "initial_value", mlirUnitAttrGet(ctx)),
        named(ctx, "alignment",
              mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), (int64_t)align)),
    };
    MlirOperation g = create("memref.global", mlirOperationGetLocation(func), 0,
                             NULL, 0, NULL, 5, attrs);
    if (mlirOperationIsNull(g))
      snprintf(err, err_len, "memplan-static: cannot create memref.global");
    return g;
  }
  snprintf(err, err_len,
           "memplan-static: arena=global: no free symbol name for the arena of '%.*s'",
           fname.length > 100 ? 100 : (int)fname.length, fname.data);
  return (MlirOperation){NULL};
}

/*--- the arena and its deallocs ---------------------------------------------*/

/* The arena's memory space to free it in, as the header says: *direct, or
 * through a cast to *cast_space, or neither. */
static void free_plan(const mp_liveness *l, const mp_space *sp, bool *direct,
                      bool *cast, MlirAttribute *cast_space) {
  *direct = mp_space_classify(sp->attr, NULL) == MP_SPACE_DEFAULT;
  *cast = false;
  for (size_t k = 0; k < sp->problem.count && !*direct; ++k) {
    const mp_buffer *b = &l->buffers[sp->buffer_of[k]];
    *direct = b->freed_in_space;
    if (b->freed_elsewhere && !*cast) {
      *cast = true;
      *cast_space = b->freed_space;
    }
  }
}

/* Frees the arena av (of `size` bytes) before every return of the
 * function's blocks, or for a per-iteration arena before the terminator of
 * its scope's body (`body` is then that region, of one block). */
static void free_arena(edit *ed, MlirRegion body, MlirValue av, int64_t size,
                       const mp_liveness *l, const mp_space *sp) {
  bool direct, cast;
  MlirAttribute cast_space = {NULL};
  free_plan(l, sp, &direct, &cast, &cast_space);
  if (!direct && !cast)
    return;
  MlirType cast_type = mlirMemRefTypeContiguousGet(
      mlirIntegerTypeGet(ed->ctx, 8), 1, &size, cast_space);
  for (MlirBlock b = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b)) {
    MlirOperation t = mlirBlockGetTerminator(b);
    if (mlirOperationIsNull(t) || (mlirOperationIsNull(sp->scope) &&
                                   !mp_op_is(t, "func.return") && !mp_op_is(t, "gpu.return")))
      continue;
    MlirLocation loc = mlirOperationGetLocation(t);
    MlirValue freed = av;
    if (!direct)
      freed = add(ed, b, t, create("memref.memory_space_cast", loc, 1, &cast_type,
                                   1, &av, 0, NULL));
    if (!mlirValueIsNull(freed))
      add(ed, b, t, create("memref.dealloc", loc, 0, NULL, 1, &freed, 0, NULL));
  }
}

/* The arena of space s: a new memref.alloc, or a memref.get_global of a new
 * global (appended to *globals). Returns its value, or null. */
static MlirValue make_arena(edit *ed, MlirOperation func, size_t s,
                            const mp_space *sp, MlirType atype,
                            const mp_rewrite_in *in, MlirOperation *global,
                            char *err, size_t err_len) {
  MlirLocation floc = mlirOperationGetLocation(func);
  MlirBlock entry = mp_scope_block(func, sp->scope);
  MlirOperation none = {NULL};
  if (in->arena == MEMPLAN_ARENA_GLOBAL && mlirOperationIsNull(sp->scope) && !sp->stack) {
    *global = make_global(func, s, sp->attr, atype, sp->align, in->taken, err, err_len);
    if (mlirOperationIsNull(*global))
      return (MlirValue){NULL};
    MlirAttribute sym = mlirOperationGetAttributeByName(*global, sref("sym_name"));
    MlirNamedAttribute a = named(ed->ctx, "name",
                                 mlirFlatSymbolRefAttrGet(ed->ctx, mlirStringAttrGetValue(sym)));
    return add(ed, entry, none, create("memref.get_global", floc, 1, &atype, 0, NULL, 1, &a));
  }
  int32_t seg[2] = {0, 0};
  MlirNamedAttribute a[3] = {
      named(ed->ctx, "alignment",
            mlirIntegerAttrGet(mlirIntegerTypeGet(ed->ctx, 64), (int64_t)sp->align)),
      named(ed->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ed->ctx, 2, seg)),
      named(ed->ctx, MP_ARENA_ATTR, mlirUnitAttrGet(ed->ctx)),
  };
  return add(ed, entry, none, create(sp->stack ? "memref.alloca" : "memref.alloc",
                                     floc, 1, &atype, 0, NULL, 3, a));
}

/* arena=arg: the arena is a new argument of the function (arena_arg.h),
 * freed by the caller as this function would have freed it. */
static MlirValue arg_arena(MlirOperation func, const mp_liveness *l, const mp_space *sp,
                           MlirType atype, int64_t size, mp_arena_args *args) {
  mp_arena_free fr = {false, false, {NULL}};
  free_plan(l, sp, &fr.direct, &fr.cast, &fr.cast_space);
  return mp_arena_arg_add(func, atype, size, (int64_t)sp->align, fr, args);
}

/*--- views ------------------------------------------------------------------*/

/* The type memref.view yields for a planned alloc of type t: t itself, or
 * for a strided layout equal to the identity the same shape, element type
 * and memory space without a layout. Null if memory runs out. */
static MlirType plain_type(MlirType t) {
  if (!mlirAttributeIsAStridedLayout(mlirMemRefTypeGetLayout(t)))
    return t;
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t *shape = malloc((rank ? (size_t)rank : 1) * sizeof *shape);
  if (!shape)
    return (MlirType){NULL};
  for (intptr_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  MlirType plain = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t),
                                               rank, shape,
                                               mlirMemRefTypeGetMemorySpace(t));
  free(shape);
  return plain;
}

/* The type of b's uses: the alloc's, or for a spilled buffer (spill.h:
 * identity layout) the same shape and element type in its new space. */
static MlirType spilled_type(const mp_buffer *b) {
  MlirType t = mlirValueGetType(b->value);
  if (!b->spilled)
    return t;
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t shape[64];
  if (rank > 64)
    return (MlirType){NULL};
  for (intptr_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  return mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t), rank, shape,
                                     b->space);
}

/* The view of buffer b at `offset` in arena av, before the alloc; its value
 * (cast back to the alloc's type when that has a strided layout). */
static MlirValue make_view(edit *ed, const mp_buffer *b, MlirValue av, uint64_t offset) {
  /* a later value of an alloc (values.h) gets its view where it starts, an
   * attribution's goes first in the function's entry block */
  MlirOperation at = mlirOperationIsNull(b->at) ? b->op : b->at;
  if (b->attribution)
    at = mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(b->op, 0)));
  MlirLocation loc = mlirOperationGetLocation(at);
  MlirBlock blk = mlirOperationGetBlock(at);
  MlirType index = mlirIndexTypeGet(ed->ctx);
  MlirNamedAttribute v = named(ed->ctx, "value", mlirIntegerAttrGet(index, (int64_t)offset));
  MlirValue c = add(ed, blk, at, create("arith.constant", loc, 1, &index, 0, NULL, 1, &v));
  MlirType t = spilled_type(b);
  MlirType vt = mlirTypeIsNull(t) ? t : plain_type(t);
  if (mlirValueIsNull(c) || mlirTypeIsNull(vt)) {
    ed->failed = true;
    return (MlirValue){NULL};
  }
  MlirValue ops[2] = {av, c};
  MlirValue view = add(ed, blk, at, create("memref.view", loc, 1, &vt, 2, ops, 0, NULL));
  if (mlirValueIsNull(view) || mlirTypeEqual(vt, t))
    return view;
  return add(ed, blk, at, create("memref.cast", loc, 1, &t, 1, &view, 0, NULL));
}

/* The parity of b's carrier loop's iteration, (iv - lb) / step & 1 as an
 * i1, made at the top of the loop's body in the type of its induction
 * variable (index or a signless integer: scf.for takes either). The step
 * is positive and lb <= iv, so iv - lb taken as unsigned is the distance
 * and an unsigned division gives the iteration's number. */
static MlirValue parity(edit *ed, const mp_buffer *b) {
  MlirOperation loop = b->carrier;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirOperation top = mlirBlockGetFirstOperation(body);
  MlirLocation loc = mlirOperationGetLocation(loop);
  MlirType i1 = mlirIntegerTypeGet(ed->ctx, 1);
  MlirValue iv = mlirBlockGetArgument(body, 0);
  MlirType t = mlirValueGetType(iv);
  MlirValue lb = mlirOperationGetOperand(loop, 0), step = mlirOperationGetOperand(loop, 2);
  MlirValue d[2] = {iv, lb};
  MlirValue diff = add(ed, body, top, create("arith.subi", loc, 1, &t, 2, d, 0, NULL));
  MlirValue q[2] = {diff, step};
  MlirValue n = add(ed, body, top, create("arith.divui", loc, 1, &t, 2, q, 0, NULL));
  MlirNamedAttribute one = named(ed->ctx, "value", mlirIntegerAttrGet(t, 1));
  MlirValue c1 = add(ed, body, top, create("arith.constant", loc, 1, &t, 0, NULL, 1, &one));
  MlirValue a[2] = {n, c1};
  MlirValue p = add(ed, body, top, create("arith.andi", loc, 1, &t, 2, a, 0, NULL));
  if (ed->failed)
    return (MlirValue){NULL};
  if (mlirTypeIsAIndex(t))
    return add(ed, body, top, create("arith.index_cast", loc, 1, &i1, 1, &p, 0, NULL));
  assert(mlirTypeIsAInteger(t)); /* scf.for's verifier */
  if (mlirIntegerTypeGetWidth(t) == 1)
    return p;
  return add(ed, body, top, create("arith.trunci", loc, 1, &i1, 1, &p, 0, NULL));
}

/* The view of loop-carried buffer b: its even slot's view or its twin's
 * (odd), by the iteration's parity; before the alloc, after both views. */
static MlirValue carried_view(edit *ed, const mp_buffer *b, MlirValue even, MlirValue odd,
                              bool one_slot) {
  MlirValue odd_it = parity(ed, b);
  if (ed->failed)
    return (MlirValue){NULL};
  MlirValue ops[3] = {odd_it, one_slot ? even : odd, even};
  MlirType t = mlirValueGetType(even);
  return add(ed, mlirOperationGetBlock(b->op), b->op,
             create("arith.select", mlirOperationGetLocation(b->op), 1, &t, 3, ops, 0, NULL));
}

/*--- the stage --------------------------------------------------------------*/

int mp_rewrite(MlirOperation func, const mp_liveness *l, const mp_problems *p,
               const memplan_plan *plans, const mp_rewrite_in *in,
               MlirOperation **globals, size_t *nglobals, size_t *cap,
               char *err, size_t err_len) {
  edit ed = {mlirOperationGetContext(func), NULL, 0, 0, false};
  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirValue *views = calloc(l->n ? l->n : 1, sizeof *views);
  /* each buffer's arena and offset, for those that share another's bytes */
  MlirValue *arena_of = calloc(l->n ? l->n : 1, sizeof *arena_of);
  uint64_t *offset_of = calloc(l->n ? l->n : 1, sizeof *offset_of);
  size_t nglobals0 = *nglobals;
  /* a gpu.func's new attributions, by memplan_attribution_kind */
  MlirValue arena_attrs[2] = {{NULL}, {NULL}};
  err[0] = 0;
  if (!views || !arena_of || !offset_of)
    ed.failed = true;
  for (size_t s = 0; s < p->n && !ed.failed; ++s) {
    const mp_space *sp = &p->spaces[s];
    int64_t size = (int64_t)plans[s].peak;
    MlirType atype = mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(ed.ctx, 8), 1,
                                                 &size, sp->attr);
    MlirOperation global = {NULL};
    /* per-iteration arenas are allocations in every mode (parallel.h); a
     * stack arena is a memref.alloca in every mode (make_arena) */
    memplan_arena_kind kind = mlirOperationIsNull(sp->scope) && !sp->stack
                                  ? in->arena
                                  : MEMPLAN_ARENA_ALLOC;
    /* a gpu.func's workgroup or private arena is an attribution
     * (attributions.h) */
    memplan_attribution_kind akind = MEMPLAN_ATTRIBUTION_WORKGROUP;
    bool attribution = mlirOperationIsNull(sp->scope) && !sp->stack &&
                       mp_attributions_merge(func, sp->attr, &akind);
    MlirValue av = attribution ? memplan_gpu_func_add_arena_attribution(func, akind, atype,
                                                                        (int64_t)sp->align)
                   : kind == MEMPLAN_ARENA_ARG
                       ? arg_arena(func, l, sp, atype, size, in->args)
                       : make_arena(&ed, func, s, sp, atype, in, &global, err, err_len);
    if (attribution)
      arena_attrs[akind] = av;
    if (!mlirOperationIsNull(global)) {
      MlirOperation *slot = mp_push(globals, nglobals, cap, sizeof *slot);
      if (!slot) {
        mlirOperationDestroy(global);
        ed.failed = true;
        break;
      }
      *slot = global;
    }
    if (mlirValueIsNull(av)) {
      ed.failed = true;
      break;
    }
    if (kind == MEMPLAN_ARENA_ALLOC && !sp->stack && !attribution)
      free_arena(&ed, mlirOperationIsNull(sp->scope) ? body
                                                     : mlirOperationGetRegion(sp->scope, 0),
                 av, size, l, sp);
    for (size_t k = 0; k < sp->problem.count && !ed.failed; ++k) {
      size_t i = sp->buffer_of[k];
      views[i] = make_view(&ed, &l->buffers[i], av, plans[s].offsets[k]);
      arena_of[i] = av;
      offset_of[i] = plans[s].offsets[k];
    }
  }
  for (size_t i = 0; i < l->n && !ed.failed; ++i) {
    const mp_buffer *b = &l->buffers[i];
    if (b->skip == MP_PLANNED && b->shares)
      views[i] = make_view(&ed, b, arena_of[b->shares - 1], offset_of[b->shares - 1]);
  }
  for (size_t i = 0; i < l->n && !ed.failed; ++i) {
    const mp_buffer *b = &l->buffers[i];
    if (b->skip != MP_PLANNED || !b->twin)
      continue;
    assert(l->buffers[b->twin - 1].twin_of == i + 1 && "twins point at each other");
    views[i] = carried_view(&ed, b, views[i], views[b->twin - 1], in->corrupt_one_slot);
  }
  if (!ed.failed && in->arena == MEMPLAN_ARENA_ARG && in->args->n &&
      mp_arena_arg_prepare(func, in->taken, in->args, err, err_len))
    ed.failed = true;
  if (ed.failed) {
    for (size_t k = 0; k < ed.n; ++k)
      mlirOperationDestroy(ed.ops[k].op);
    if (in->arena == MEMPLAN_ARENA_ARG)
      mp_arena_arg_undo(func, in->args);
    for (int k = 0; k < 2; ++k)
      if (!mlirValueIsNull(arena_attrs[k]))
        mp_attributions_erase(func, NULL, arena_attrs[k]);
    for (size_t g = nglobals0; g < *nglobals; ++g)
      mlirOperationDestroy((*globals)[g]);
    *nglobals = nglobals0;
    if (!err[0])
      snprintf(err, err_len, "memplan-static: cannot create the arena's ops "
                             "(out of memory, or the memref and arith dialects "
                             "are not loaded)");
    free(ed.ops);
    free(views);
    free(arena_of);
    free(offset_of);
    return -1;
  }
  /* Nothing fails from here on. Each arena goes first in the entry block
   * (the last space's ends up first); everything else before its anchor. */
  for (size_t k = 0; k < ed.n; ++k) {
    if (mlirOperationIsNull(ed.ops[k].before))
      mlirBlockInsertOwnedOperation(ed.ops[k].block, 0, ed.ops[k].op);
    else
      mlirBlockInsertOwnedOperationBefore(ed.ops[k].block, ed.ops[k].before, ed.ops[k].op);
  }
  if (in->hook)
    in->hook(in->hook_ctx, views);
  for (size_t i = 0; i < l->n; ++i) {
    if (l->buffers[i].skip != MP_PLANNED || l->buffers[i].value_of || l->buffers[i].twin_of)
      continue;
    mlirValueReplaceAllUsesOfWith(l->buffers[i].value, views[i]);
    if (l->buffers[i].spilled) /* its views move with it (spill.h) */
      mp_space_views_retype(views[i], l->buffers[i].space);
    if (!l->buffers[i].attribution)
      mlirOperationDestroy(l->buffers[i].op);
  }
  /* the attributions merged into an arena (or moved by spill.h) */
  mp_attributions_erase(func, l, (MlirValue){NULL});
  for (size_t d = 0; d < l->ndeallocs; ++d)
    mlirOperationDestroy(l->deallocs[d]);
  if (in->arena == MEMPLAN_ARENA_ARG && in->args->n)
    mp_arena_arg_apply(func, in->args);
  free(ed.ops);
  free(views);
  free(arena_of);
  free(offset_of);
  return 0;
}
