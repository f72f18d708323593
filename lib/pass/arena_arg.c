/*===-- arena_arg.c - arena=arg: the caller passes the arena --------------===*/
#include "arena_arg.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef sref(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirNamedAttribute named(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, sref(name)), a);
}

static MlirBlock entry_block(MlirOperation func) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

/* Grows a's arrays by one entry. Returns false if memory runs out. */
static bool grow(mp_arena_args *a) {
  if (a->n < a->cap)
    return true;
  size_t cap = a->cap ? 2 * a->cap : 4;
  MlirValue *args = realloc(a->args, cap * sizeof *args);
  if (args)
    a->args = args;
  MlirType *types = realloc(a->types, cap * sizeof *types);
  if (types)
    a->types = types;
  int64_t *sizes = realloc(a->sizes, cap * sizeof *sizes);
  if (sizes)
    a->sizes = sizes;
  int64_t *aligns = realloc(a->aligns, cap * sizeof *aligns);
  if (aligns)
    a->aligns = aligns;
  mp_arena_free *frees = realloc(a->frees, cap * sizeof *frees);
  if (frees)
    a->frees = frees;
  if (!args || !types || !sizes || !aligns || !frees)
    return false;
  a->cap = cap;
  return true;
}

MlirValue mp_arena_arg_add(MlirOperation func, MlirType t, int64_t size,
                           int64_t align, mp_arena_free fr, mp_arena_args *a) {
  if (!grow(a))
    return (MlirValue){NULL};
  MlirValue v = mlirBlockAddArgument(entry_block(func), t, mlirOperationGetLocation(func));
  a->args[a->n] = v;
  a->types[a->n] = t;
  a->sizes[a->n] = size;
  a->aligns[a->n] = align;
  a->frees[a->n] = fr;
  a->n++;
  return v;
}

/*--- the signature ----------------------------------------------------------*/

/* arg_attrs with one more dictionary per arena ({memplan.arena}); the
 * existing entries are kept, or empty when the function had none. */
static MlirAttribute arg_attrs(MlirContext ctx, MlirAttribute old, intptr_t nold,
                               const mp_arena_args *a) {
  intptr_t n = nold + (intptr_t)a->n;
  MlirAttribute *dicts = malloc((size_t)n * sizeof *dicts + 1);
  if (!dicts)
    return (MlirAttribute){NULL};
  MlirNamedAttribute mark = named(ctx, "memplan.arena", mlirUnitAttrGet(ctx));
  for (intptr_t k = 0; k < n; ++k) {
    if (k >= nold)
      dicts[k] = mlirDictionaryAttrGet(ctx, 1, &mark);
    else if (!mlirAttributeIsNull(old) && k < mlirArrayAttrGetNumElements(old))
      dicts[k] = mlirArrayAttrGetElement(old, k);
    else
      dicts[k] = mlirDictionaryAttrGet(ctx, 0, NULL);
  }
  MlirAttribute arr = mlirArrayAttrGet(ctx, n, dicts);
  free(dicts);
  return arr;
}

/* The function's type with the arenas after its inputs, into a->ftype, and
 * its arg_attrs into a->arg_attrs. Returns false if memory runs out. */
static bool new_signature(MlirOperation func, mp_arena_args *a) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirType old = mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(func, sref("function_type")));
  intptr_t nin = mlirFunctionTypeGetNumInputs(old), nres = mlirFunctionTypeGetNumResults(old);
  MlirType *types = malloc(((size_t)nin + a->n + (size_t)nres + 1) * sizeof *types);
  if (!types)
    return false;
  for (intptr_t k = 0; k < nin; ++k)
    types[k] = mlirFunctionTypeGetInput(old, k);
  for (size_t k = 0; k < a->n; ++k)
    types[nin + (intptr_t)k] = a->types[k];
  MlirType *res = types + nin + a->n;
  for (intptr_t k = 0; k < nres; ++k)
    res[k] = mlirFunctionTypeGetResult(old, k);
  a->ftype = mlirFunctionTypeGet(ctx, nin + (intptr_t)a->n, types, nres, res);
  free(types);
  a->arg_attrs = arg_attrs(ctx, mlirOperationGetAttributeByName(func, sref("arg_attrs")),
                           nin, a);
  return !mlirAttributeIsNull(a->arg_attrs);
}

void mp_arena_arg_apply(MlirOperation func, const mp_arena_args *a) {
  MlirContext ctx = mlirOperationGetContext(func);
  mlirOperationSetAttributeByName(func, sref("function_type"), mlirTypeAttrGet(a->ftype));
  mlirOperationSetAttributeByName(func, sref("arg_attrs"), a->arg_attrs);
  mlirOperationSetAttributeByName(func, sref("memplan.arena_sizes"),
                                  mlirDenseI64ArrayGet(ctx, (intptr_t)a->n, a->sizes));
  mlirOperationSetAttributeByName(func, sref("memplan.arena_alignments"),
                                  mlirDenseI64ArrayGet(ctx, (intptr_t)a->n, a->aligns));
}

/*--- the size function ------------------------------------------------------*/

/* The size function's name: F + "_arena_size", then "_v<k>" from k = 1 while
 * the module already has the name. A generated name ends with "_arena_size"
 * or "_arena_size_v<k>" after F, so two functions never get one name. */
static MlirAttribute size_func_name(MlirContext ctx, MlirStringRef f, const mp_ptrmap *taken) {
  for (int k = 0; k < 1000; ++k) {
    char suffix[48];
    if (k == 0)
      snprintf(suffix, sizeof suffix, "_arena_size");
    else
      snprintf(suffix, sizeof suffix, "_arena_size_v%d", k);
    size_t sl = strlen(suffix);
    char *name = malloc(f.length + sl + 1);
    if (!name)
      return (MlirAttribute){NULL};
    memcpy(name, f.data, f.length);
    memcpy(name + f.length, suffix, sl + 1);
    MlirAttribute a = mlirStringAttrGet(ctx, mlirStringRefCreate(name, f.length + sl));
    free(name);
    if (!taken || !mp_ptrmap_get(taken, a.ptr, 0))
      return a;
  }
  return (MlirAttribute){NULL};
}

/* The body of the size function: one constant per arena, returned. */
static bool size_func_body(MlirContext ctx, MlirLocation loc, const mp_arena_args *a,
                           MlirBlock body) {
  MlirType index = mlirIndexTypeGet(ctx);
  MlirValue *vals = malloc((a->n ? a->n : 1) * sizeof *vals);
  if (!vals)
    return false;
  bool ok = true;
  for (size_t k = 0; k < a->n && ok; ++k) {
    MlirNamedAttribute v = named(ctx, "value", mlirIntegerAttrGet(index, a->sizes[k]));
    MlirOperationState st = mlirOperationStateGet(sref("arith.constant"), loc);
    mlirOperationStateAddResults(&st, 1, &index);
    mlirOperationStateAddAttributes(&st, 1, &v);
    MlirOperation c = mlirOperationCreate(&st);
    ok = !mlirOperationIsNull(c);
    if (ok) {
      mlirBlockAppendOwnedOperation(body, c);
      vals[k] = mlirOperationGetResult(c, 0);
    }
  }
  MlirOperationState rs = mlirOperationStateGet(sref("func.return"), loc);
  mlirOperationStateAddOperands(&rs, (intptr_t)a->n, vals);
  MlirOperation ret = ok ? mlirOperationCreate(&rs) : (MlirOperation){NULL};
  free(vals);
  if (mlirOperationIsNull(ret))
    return false;
  mlirBlockAppendOwnedOperation(body, ret);
  return true;
}

int mp_arena_arg_prepare(MlirOperation func, const mp_ptrmap *taken,
                         mp_arena_args *a, char *err, size_t err_len) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirStringRef fname = {"func", 4};
  mp_sym_name(func, &fname);
  a->callee = mlirStringAttrGet(ctx, fname);
  MlirAttribute name = size_func_name(ctx, fname, taken);
  MlirType *results = malloc((a->n ? a->n : 1) * sizeof *results);
  if (!results || !new_signature(func, a)) {
    free(results);
    snprintf(err, err_len, "memplan-static: out of memory");
    return -1;
  }
  if (mlirAttributeIsNull(name)) {
    free(results);
    snprintf(err, err_len, "memplan-static: arena=arg: no free name for the size "
                           "function of '%.100s'", fname.data);
    return -1;
  }
  for (size_t k = 0; k < a->n; ++k)
    results[k] = mlirIndexTypeGet(ctx);
  MlirType ftype = mlirFunctionTypeGet(ctx, 0, NULL, (intptr_t)a->n, results);
  free(results);
  MlirNamedAttribute attrs[3] = {named(ctx, "sym_name", name),
                                 named(ctx, "function_type", mlirTypeAttrGet(ftype))};
  intptr_t nattrs = 2;
  MlirAttribute vis = mlirOperationGetAttributeByName(func, sref("sym_visibility"));
  if (!mlirAttributeIsNull(vis))
    attrs[nattrs++] = named(ctx, "sym_visibility", vis);
  MlirRegion region = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(region, body);
  bool ok = size_func_body(ctx, loc, a, body);
  MlirOperationState st = mlirOperationStateGet(sref("func.func"), loc);
  mlirOperationStateAddAttributes(&st, nattrs, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  a->size_func = mlirOperationCreate(&st); /* takes the region */
  if (!ok || mlirOperationIsNull(a->size_func)) {
    if (!mlirOperationIsNull(a->size_func))
      mlirOperationDestroy(a->size_func);
    a->size_func = (MlirOperation){NULL};
    snprintf(err, err_len, "memplan-static: arena=arg: cannot create the size "
                           "function (the func dialect is not loaded?)");
    return -1;
  }
  return 0;
}

void mp_arena_arg_undo(MlirOperation func, mp_arena_args *a) {
  MlirBlock entry = entry_block(func);
  for (size_t k = a->n; k-- > 0;)
    mlirBlockEraseArgument(entry, (unsigned)(mlirBlockGetNumArguments(entry) - 1));
  a->n = 0;
  if (!mlirOperationIsNull(a->size_func))
    mlirOperationDestroy(a->size_func);
  a->size_func = (MlirOperation){NULL};
}

void mp_arena_args_free(mp_arena_args *a) {
  if (!mlirOperationIsNull(a->size_func))
    mlirOperationDestroy(a->size_func);
  free(a->args);
  free(a->types);
  free(a->sizes);
  free(a->aligns);
  free(a->frees);
  memset(a, 0, sizeof *a);
}

/*--- the callers ------------------------------------------------------------*/

typedef struct calls {
  MlirOperation module;
  const mp_ptrmap *callee_index; /* sym_name StringAttr -> 1 + index */
  MlirOperation *ops;
  int64_t *callee;
  size_t n, cap, capc;
  bool oom;
} calls;

/* True if the nearest symbol table around op is `module`. */
static bool in_module_table(MlirOperation op, MlirOperation module) {
  for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p)) {
    if (mlirOperationEqual(p, module))
      return true;
    if (mp_op_is(p, "builtin.module") || mp_op_is(p, "gpu.module"))
      return false;
  }
  return false;
}

static MlirWalkResult collect_call(MlirOperation op, void *user) {
  calls *c = user;
  if (!mp_op_is(op, "func.call"))
    return MlirWalkResultAdvance;
  MlirAttribute ref = mlirOperationGetAttributeByName(op, sref("callee"));
  if (mlirAttributeIsNull(ref) || !mlirAttributeIsAFlatSymbolRef(ref))
    return MlirWalkResultAdvance;
  MlirAttribute name = mlirStringAttrGet(mlirOperationGetContext(op),
                                         mlirFlatSymbolRefAttrGetValue(ref));
  int64_t k = mp_ptrmap_get(c->callee_index, name.ptr, 0);
  if (k == 0 || !in_module_table(op, c->module))
    return MlirWalkResultAdvance;
  MlirOperation *slot = mp_push(&c->ops, &c->n, &c->cap, sizeof *slot);
  size_t nc = c->n - 1;
  int64_t *cs = slot ? mp_push(&c->callee, &nc, &c->capc, sizeof *cs) : NULL;
  if (!cs) {
    c->oom = true;
    return MlirWalkResultInterrupt;
  }
  *slot = op;
  *cs = k - 1;
  return MlirWalkResultAdvance;
}

/* The ops a call of a function with arena arguments a needs: an alloc per
 * arena (before), and the frees (after). Appended to ops[], which has room
 * for 3 per arena. Returns how many, or -1 if one cannot be created. */
static int arena_ops(MlirOperation call, const mp_arena_args *a, MlirOperation *ops,
                     bool *after, MlirValue *arenas) {
  MlirContext ctx = mlirOperationGetContext(call);
  MlirLocation loc = mlirOperationGetLocation(call);
  int n = 0;
  for (size_t k = 0; k < a->n; ++k) {
    int32_t seg[2] = {0, 0};
    MlirNamedAttribute at[2] = {
        named(ctx, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), a->aligns[k])),
        named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, seg))};
    MlirOperationState st = mlirOperationStateGet(sref("memref.alloc"), loc);
    mlirOperationStateAddResults(&st, 1, &a->types[k]);
    mlirOperationStateAddAttributes(&st, 2, at);
    MlirOperation alloc = mlirOperationCreate(&st);
    if (mlirOperationIsNull(alloc))
      return -1;
    ops[n] = alloc, after[n++] = false;
    arenas[k] = mlirOperationGetResult(alloc, 0);
    const mp_arena_free *fr = &a->frees[k];
    MlirValue freed = arenas[k];
    if (!fr->direct && fr->cast) {
      MlirType ct = mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(ctx, 8), 1, &a->sizes[k],
                                                fr->cast_space);
      MlirOperationState cs = mlirOperationStateGet(sref("memref.memory_space_cast"), loc);
      mlirOperationStateAddResults(&cs, 1, &ct);
      mlirOperationStateAddOperands(&cs, 1, &freed);
      MlirOperation cast = mlirOperationCreate(&cs);
      if (mlirOperationIsNull(cast))
        return -1;
      ops[n] = cast, after[n++] = true;
      freed = mlirOperationGetResult(cast, 0);
    }
    if (fr->direct || fr->cast) {
      MlirOperationState ds = mlirOperationStateGet(sref("memref.dealloc"), loc);
      mlirOperationStateAddOperands(&ds, 1, &freed);
      MlirOperation d = mlirOperationCreate(&ds);
      if (mlirOperationIsNull(d))
        return -1;
      ops[n] = d, after[n++] = true;
    }
  }
  return n;
}

/* Inserts the ops of one call and passes the arenas; `operands` has room
 * for the call's operands and the arenas. */
static void rewrite_call(MlirOperation call, const mp_arena_args *a, MlirOperation *ops,
                         const bool *after, int nops, const MlirValue *arenas,
                         MlirValue *operands) {
  MlirBlock block = mlirOperationGetBlock(call);
  MlirOperation last = call;
  for (int k = 0; k < nops; ++k) {
    if (!after[k]) {
      mlirBlockInsertOwnedOperationBefore(block, call, ops[k]);
    } else {
      mlirBlockInsertOwnedOperationAfter(block, last, ops[k]);
      last = ops[k];
    }
  }
  intptr_t nold = mlirOperationGetNumOperands(call);
  for (intptr_t k = 0; k < nold; ++k)
    operands[k] = mlirOperationGetOperand(call, k);
  for (size_t k = 0; k < a->n; ++k)
    operands[nold + (intptr_t)k] = arenas[k];
  mlirOperationSetOperands(call, nold + (intptr_t)a->n, operands);
}

int mp_arena_arg_update_module(MlirOperation module, const MlirOperation *funcs,
                               mp_arena_args *const *all, size_t n) {
  mp_ptrmap index = {0};
  calls c = {module, &index, NULL, NULL, 0, 0, 0, false};
  int rc = -1;
  for (size_t i = 0; i < n; ++i)
    if (all[i] && all[i]->n && mp_ptrmap_put(&index, all[i]->callee.ptr, (int64_t)i + 1))
      goto out;
  mlirOperationWalk(module, collect_call, &c, MlirWalkPreOrder);
  if (c.oom)
    goto out;
  /* Every op is created before the first change. */
  size_t total = 0;
  for (size_t k = 0; k < c.n; ++k)
    total += 3 * all[c.callee[k]]->n;
  MlirOperation *ops = calloc(total ? total : 1, sizeof *ops);
  bool *after = calloc(total ? total : 1, sizeof *after);
  int *nops = calloc(c.n ? c.n : 1, sizeof *nops);
  size_t maxops = 1;
  for (size_t k = 0; k < c.n; ++k) {
    size_t m = (size_t)mlirOperationGetNumOperands(c.ops[k]) + all[c.callee[k]]->n;
    if (m > maxops)
      maxops = m;
  }
  MlirValue *arenas = calloc(total ? total : 1, sizeof *arenas);
  MlirValue *operands = malloc(maxops * sizeof *operands);
  bool ok = ops && after && nops && arenas && operands;
  size_t at = 0;
  for (size_t k = 0; k < c.n && ok; at += 3 * all[c.callee[k]]->n, ++k) {
    nops[k] = arena_ops(c.ops[k], all[c.callee[k]], ops + at, after + at, arenas + at);
    ok = nops[k] >= 0;
  }
  if (!ok) {
    /* users (frees, casts) before the allocs they use */
    for (size_t k = total; ops && k-- > 0;)
      if (ops[k].ptr)
        mlirOperationDestroy(ops[k]);
  } else {
    at = 0;
    for (size_t k = 0; k < c.n; at += 3 * all[c.callee[k]]->n, ++k)
      rewrite_call(c.ops[k], all[c.callee[k]], ops + at, after + at, nops[k], arenas + at,
                   operands);
    for (size_t i = 0; i < n; ++i) {
      if (!all[i] || mlirOperationIsNull(all[i]->size_func))
        continue;
      mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(funcs[i]), funcs[i],
                                         all[i]->size_func);
      all[i]->size_func = (MlirOperation){NULL};
    }
    rc = 0;
  }
  free(ops);
  free(after);
  free(nops);
  free(arenas);
  free(operands);
out:
  free(c.ops);
  free(c.callee);
  mp_ptrmap_free(&index);
  return rc;
}
