/*===-- captures.c - Which memref arguments a function's body may keep ----===*/
#include "captures.h"

#include "memplan-c/pass.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ARG_OPEN, ARG_VISITING, ARG_DONE };

#define WHY_LEN 160

typedef struct mp_callee {
  MlirOperation func;
  intptr_t nargs;      /* -1 for a declaration (no body) */
  unsigned char *state;
  char (*why)[WHY_LEN]; /* per argument: "" when the body does not keep it */
} mp_callee;

static bool oom(mp_captures *c) {
  c->oom = true;
  return true;
}

/* The callee of a func.call among the module's functions, or -1. */
static int64_t callee_index(const mp_captures *c, MlirOperation call) {
  if (!mp_op_is(call, "func.call"))
    return -1;
  MlirAttribute ref = memplan_call_callee(call);
  if (mlirAttributeIsNull(ref) || !mlirAttributeIsAFlatSymbolRef(ref))
    return -1;
  MlirAttribute name = mlirStringAttrGet(mlirOperationGetContext(call),
                                         mlirFlatSymbolRefAttrGetValue(ref));
  return mp_ptrmap_get(&c->index, name.ptr, 0) - 1;
}

/* Why a use of an alias inside `user` outlives the call: an enclosing op up
 * to the function that may run its region later. Returns false if none. */
static bool deferred(MlirOperation func, MlirOperation user, char *why, size_t len) {
  char name[96];
  for (MlirOperation p = mlirOperationGetParentOperation(user);
       !mlirOperationIsNull(p) && !mlirOperationEqual(p, func);
       p = mlirOperationGetParentOperation(p))
    if (!mp_regions_run_inline(p)) {
      mp_op_name(p, name, sizeof name);
      snprintf(why, len, "used inside a region of '%s', which may run later", name);
      return true;
    }
  return false;
}

/* Follows one use of an alias of the argument: pushes the aliases its edge
 * leads to, or writes why the body keeps it. Returns true when kept. */
static bool follow(mp_captures *c, MlirOperation func, MlirOpOperand use,
                   MlirValue **work, size_t *n, size_t *cap, mp_ptrmap *seen,
                   char *why, size_t len) {
  MlirOperation user = mlirOpOperandGetOwner(use);
  if (deferred(func, user, why, len))
    return true;
  mp_edge e;
  mp_alias_edge(user, (intptr_t)mlirOpOperandGetOperandNumber(use), &c->facts, &e);
  if (e.kind == MP_EDGE_FREE) {
    snprintf(why, len, "freed by memref.dealloc");
    return true;
  }
  if (e.kind == MP_EDGE_ESCAPE) {
    snprintf(why, len, e.fmt, e.arg);
    return true;
  }
  MlirValue to[MP_EDGE_MAX_TARGETS + 16];
  size_t nto = 0;
  for (int k = 0; k < e.nto; ++k)
    to[nto++] = e.to[k];
  if (!mlirOperationIsNull(e.results_of))
    for (intptr_t r = 0; r < mlirOperationGetNumResults(e.results_of); ++r) {
      if (nto == sizeof to / sizeof *to) {
        snprintf(why, len, "forwarded to more values than memplan follows");
        return true;
      }
      to[nto++] = mlirOperationGetResult(e.results_of, r);
    }
  for (size_t k = 0; k < nto; ++k) {
    if (!mp_is_memref(to[k]) || mp_ptrmap_get(seen, to[k].ptr, 0))
      continue;
    MlirValue *slot = mp_push(work, n, cap, sizeof *slot);
    if (!slot || mp_ptrmap_put(seen, to[k].ptr, 1))
      return oom(c);
    *slot = to[k];
  }
  return false;
}

/* Decides argument i of function f: walks every alias of it in f's body. */
static void decide(mp_captures *c, mp_callee *f, intptr_t i) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f->func, 0));
  MlirValue arg = mlirBlockGetArgument(entry, i);
  MlirValue *work = NULL;
  size_t n = 0, cap = 0;
  mp_ptrmap seen = {0};
  char *why = f->why[i];
  f->state[i] = ARG_VISITING;
  MlirValue *slot = mp_push(&work, &n, &cap, sizeof *slot);
  if (!slot || mp_ptrmap_put(&seen, arg.ptr, 1))
    oom(c);
  else
    *slot = arg;
  while (n > 0 && !c->oom && !why[0]) {
    MlirValue v = work[--n];
    for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u) && !why[0];
         u = mlirOpOperandGetNextUse(u))
      follow(c, f->func, u, &work, &n, &cap, &seen, why, WHY_LEN);
  }
  if (c->oom && !why[0])
    snprintf(why, WHY_LEN, "out of memory");
  f->state[i] = ARG_DONE;
  free(work);
  mp_ptrmap_free(&seen);
}

/* True if argument idx of func is an arena that arena=arg added
 * ({memplan.arena}): the arena a caller allocates for that call stays as it
 * is, so that running the pass again changes nothing. */
static bool is_arena_arg(MlirOperation func, intptr_t idx) {
  MlirAttribute attrs = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("arg_attrs"));
  if (mlirAttributeIsNull(attrs) || !mlirAttributeIsAArray(attrs) ||
      idx >= mlirArrayAttrGetNumElements(attrs))
    return false;
  MlirAttribute d = mlirArrayAttrGetElement(attrs, idx);
  return mlirAttributeIsADictionary(d) &&
         !mlirAttributeIsNull(mlirDictionaryAttrGetElementByName(
             d, mlirStringRefCreateFromCString(MP_ARENA_ATTR)));
}

/* mp_call_facts.keeps. While the table is built it decides arguments on
 * demand (recursion: an argument asked for while it is being decided is
 * kept); once built it only reads. */
static bool keeps(void *ctx, MlirOperation call, intptr_t idx, char *why, size_t len) {
  mp_captures *c = ctx;
  char name[96];
  int64_t k = callee_index(c, call);
  if (k < 0) {
    mp_op_name(call, name, sizeof name);
    snprintf(why, len, "'%s' of a function the module does not define", name);
    return true;
  }
  mp_callee *f = &c->funcs[k];
  MlirStringRef fname = {"?", 1};
  mp_sym_name(f->func, &fname);
  int nlen = (int)(fname.length > 60 ? 60 : fname.length);
  if (f->nargs < 0 || idx >= f->nargs) {
    snprintf(why, len, "@%.*s, a declaration", nlen, fname.data);
    return true;
  }
  if (is_arena_arg(f->func, idx)) {
    snprintf(why, len, "@%.*s as its arena (arena=arg of an earlier run)", nlen, fname.data);
    return true;
  }
  if (f->state[idx] == ARG_OPEN)
    decide(c, f, idx);
  if (f->state[idx] == ARG_VISITING) {
    snprintf(why, len, "@%.*s, which passes it on recursively", nlen, fname.data);
    return true;
  }
  if (!f->why[idx][0])
    return false;
  snprintf(why, len, "@%.*s, whose body may keep it: %s", nlen, fname.data, f->why[idx]);
  return true;
}

/* mp_call_facts.compares: the callee keeps no alias of argument idx and
 * only loads its elements to compare them for equality (or stores into it,
 * or reads its shape). Reads the built table. */
static bool compares(void *ctx, MlirOperation call, intptr_t idx) {
  mp_captures *c = ctx;
  char why[WHY_LEN];
  if (keeps(ctx, call, idx, why, sizeof why))
    return false;
  mp_callee *f = &c->funcs[callee_index(c, call)];
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f->func, 0));
  for (MlirOpOperand u = mlirValueGetFirstUse(mlirBlockGetArgument(entry, idx));
       !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation x = mlirOpOperandGetOwner(u);
    if (mp_op_is(x, "memref.dim") ||
        (mp_op_is(x, "memref.store") && mlirOpOperandGetOperandNumber(u) == 1) ||
        (mp_op_is(x, "memref.load") && mp_load_only_compared(x)))
      continue;
    return false;
  }
  return true;
}

void mp_captures_free(mp_captures *c) {
  for (size_t k = 0; k < c->n; ++k) {
    free(c->funcs[k].state);
    free(c->funcs[k].why);
  }
  free(c->funcs);
  mp_ptrmap_free(&c->index);
  memset(c, 0, sizeof *c);
}

/* Indexes the func.func ops of the module's body. */
static int index_functions(MlirOperation module, mp_captures *c) {
  MlirContext ctx = mlirOperationGetContext(module);
  for (MlirOperation o = mp_body_first(module); !mlirOperationIsNull(o);
       o = mp_body_next(o)) {
    MlirStringRef name;
    if (!mp_op_is(o, "func.func") || !mp_sym_name(o, &name))
      continue;
    mp_callee *f = mp_push(&c->funcs, &c->n, &c->cap, sizeof *f);
    if (!f)
      return -1;
    memset(f, 0, sizeof *f);
    f->func = o;
    MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(o, 0));
    f->nargs = mlirBlockIsNull(entry) ? -1 : mlirBlockGetNumArguments(entry);
    size_t na = f->nargs > 0 ? (size_t)f->nargs : 1;
    f->state = calloc(na, sizeof *f->state);
    f->why = calloc(na, sizeof *f->why);
    if (!f->state || !f->why ||
        mp_ptrmap_put(&c->index, mlirStringAttrGet(ctx, name).ptr, (int64_t)c->n))
      return -1;
  }
  return 0;
}

int mp_captures_build(MlirOperation module, mp_captures *c) {
  memset(c, 0, sizeof *c);
  c->facts.keeps = keeps;
  c->facts.compares = compares;
  c->facts.ctx = c;
  if (index_functions(module, c)) {
    mp_captures_free(c);
    return -1;
  }
  for (size_t k = 0; k < c->n && !c->oom; ++k) {
    mp_callee *f = &c->funcs[k];
    MlirBlock entry = f->nargs > 0
                          ? mlirRegionGetFirstBlock(mlirOperationGetRegion(f->func, 0))
                          : (MlirBlock){NULL};
    for (intptr_t i = 0; i < f->nargs; ++i)
      if (f->state[i] == ARG_OPEN && mp_is_memref(mlirBlockGetArgument(entry, i)))
        decide(c, f, i);
  }
  if (c->oom) {
    mp_captures_free(c);
    return -1;
  }
  return 0;
}
