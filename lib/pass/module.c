/*===-- module.c - The start and end of a run on a module -----------------===*\
|*                                                                            *|
|* Before: the module's symbol names (arena=global names step around them)   *|
|* and which functions may run concurrently with themselves. After: the       *|
|* arena=global symbols go in before their functions, in function order, and  *|
|* the report and picture files are written, all or none.                     *|
\*===----------------------------------------------------------------------===*/
#include "module.h"

#include "alias.h"

#include "mlir-c/BuiltinAttributes.h"

#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- concurrency ------------------------------------------------------------*/

/* One call from a function of the module's body to another. */
typedef struct call {
  int64_t caller, callee; /* indexes in the module's functions; caller -1 when
                             the call is outside them */
  bool concurrent;        /* it may run at the same time as itself */
  MlirOperation op;
} call;

typedef struct scan {
  MlirOperation module;
  mp_ptrmap func_index;   /* sym_name StringAttr -> index in funcs */
  MlirOperation *funcs;
  size_t nfuncs, capfuncs;
  call *calls;
  size_t ncalls, capcalls;
  bool oom;
} scan;

/* The callee of a call op among the module's functions, or -1. */
static int64_t callee_of(const scan *sc, MlirOperation op) {
  MlirAttribute ref = memplan_call_callee(op);
  if (mlirAttributeIsNull(ref) || !mlirAttributeIsAFlatSymbolRef(ref))
    return -1;
  MlirAttribute name = mlirStringAttrGet(mlirOperationGetContext(op),
                                         mlirFlatSymbolRefAttrGetValue(ref));
  return mp_ptrmap_get(&sc->func_index, name.ptr, -1);
}

/* Notes a call: which function of the module's body holds it, and whether
 * something between the two may run it concurrently with itself (a
 * parallel body, an async region, an async function, async.call). */
static MlirWalkResult visit_call(MlirOperation op, void *ctx) {
  scan *sc = ctx;
  if (!memplan_op_is_call(op))
    return MlirWalkResultAdvance;
  int64_t callee = callee_of(sc, op);
  if (callee < 0)
    return MlirWalkResultAdvance;
  call c = {-1, callee, mp_op_is(op, "async.call"), op};
  for (MlirOperation x = op, p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p); x = p, p = mlirOperationGetParentOperation(p)) {
    if (mlirOperationEqual(p, sc->module)) {
      MlirStringRef name;
      if (mp_sym_name(x, &name))
        c.caller = mp_ptrmap_get(&sc->func_index,
                                 mlirStringAttrGet(mlirOperationGetContext(x), name).ptr, -1);
      break;
    }
    c.concurrent = c.concurrent || mp_op_is_parallel(p) || mp_op_is(p, "async.func");
  }
  call *slot = mp_push(&sc->calls, &sc->ncalls, &sc->capcalls, sizeof *slot);
  if (!slot)
    return sc->oom = true, MlirWalkResultInterrupt;
  *slot = c;
  return MlirWalkResultAdvance;
}

/* Marks function k concurrent because of `why`, if it is not yet; returns
 * whether it was new. */
static int mark(memplan_module *m, const scan *sc, int64_t k, MlirOperation why) {
  if (mp_ptrmap_get(&m->concurrent, sc->funcs[k].ptr, 0))
    return 0;
  MlirOperation *slot = mp_push(&m->why, &m->nwhy, &m->capwhy, sizeof *slot);
  if (!slot || mp_ptrmap_put(&m->concurrent, sc->funcs[k].ptr, (int64_t)m->nwhy))
    return -1;
  *slot = why;
  return 1;
}

/* A function is concurrent when a concurrent call reaches it, or any call
 * from a concurrent function: a fixpoint over the calls, in their order, so
 * the call named is the same on every run. */
static int find_concurrent(memplan_module *m, const scan *sc) {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < sc->ncalls; ++i) {
      const call *c = &sc->calls[i];
      bool from_concurrent =
          c->caller >= 0 && mp_ptrmap_get(&m->concurrent, sc->funcs[c->caller].ptr, 0);
      if (!c->concurrent && !from_concurrent)
        continue;
      int r = mark(m, sc, c->callee, c->op);
      if (r < 0)
        return -1;
      changed = changed || r > 0;
    }
  }
  return 0;
}

/*--- arena=arg ----------------------------------------------------------------*/

/* The functions whose symbol has other users than func.call callees: their
 * signature cannot change, as those users could not be updated. */
static int find_arg_refused(memplan_module *m, MlirOperation module, const scan *sc) {
  for (size_t k = 0; k < sc->nfuncs; ++k) {
    if (!memplan_op_is_function(sc->funcs[k]))
      continue;
    MlirOperation user = memplan_symbol_non_call_user(sc->funcs[k], module);
    if (mlirOperationIsNull(user))
      continue;
    MlirOperation *slot = mp_push(&m->arg_why, &m->narg_why, &m->caparg_why, sizeof *slot);
    if (!slot || mp_ptrmap_put(&m->arg_refused, sc->funcs[k].ptr, (int64_t)m->narg_why))
      return -1;
    *slot = user;
  }
  return 0;
}

bool mp_module_arg_refused(const memplan_module *m, MlirOperation func,
                           MlirOperation *why) {
  int64_t k = m ? mp_ptrmap_get(&m->arg_refused, func.ptr, 0) : 0;
  if (k > 0)
    *why = m->arg_why[k - 1];
  return k > 0;
}

/* Reads the module's body: every symbol name (m->taken) and its functions;
 * then the calls and which functions are concurrent. */
static int read_module(memplan_module *m, MlirOperation module) {
  scan sc;
  memset(&sc, 0, sizeof sc);
  sc.module = module;
  int rc = -1;
  MlirContext ctx = mlirOperationGetContext(module);
  for (MlirOperation o = mp_body_first(module); !mlirOperationIsNull(o);
       o = mp_body_next(o)) {
    MlirStringRef name;
    if (!mp_sym_name(o, &name))
      continue;
    const void *key = mlirStringAttrGet(ctx, name).ptr;
    MlirOperation *slot = mp_push(&sc.funcs, &sc.nfuncs, &sc.capfuncs, sizeof *slot);
    if (!slot || mp_ptrmap_put(&m->taken, key, 1) ||
        mp_ptrmap_put(&sc.func_index, key, (int64_t)(sc.nfuncs - 1)))
      goto out;
    *slot = o;
  }
  if (m->o->arena == MEMPLAN_ARENA_ARG && find_arg_refused(m, module, &sc))
    goto out;
  mlirOperationWalk(module, visit_call, &sc, MlirWalkPreOrder);
  if (!sc.oom && find_concurrent(m, &sc) == 0)
    rc = 0;
out:
  free(sc.funcs);
  free(sc.calls);
  mp_ptrmap_free(&sc.func_index);
  return rc;
}

memplan_module *memplan_module_begin(MlirOperation module,
                                     const memplan_pass_options *o) {
  memplan_module *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->o = o;
  if (mp_captures_build(module, &m->captures)) {
    free(m);
    return NULL;
  }
  if ((o->arena == MEMPLAN_ARENA_GLOBAL || o->arena == MEMPLAN_ARENA_ARG) &&
      read_module(m, module)) {
    memplan_module_end(m, module, NULL, 0, false);
    return NULL;
  }
  return m;
}

const mp_call_facts *mp_module_call_facts(const memplan_module *m) {
  return m ? &m->captures.facts : NULL;
}

bool memplan_module_concurrent(const memplan_module *m, MlirOperation func,
                               MlirOperation *why) {
  int64_t k = m ? mp_ptrmap_get(&m->concurrent, func.ptr, 0) : 0;
  if (k > 0)
    *why = m->why[k - 1];
  return k > 0;
}

/*--- the end ----------------------------------------------------------------*/

static void function_free(memplan_function *f, bool inserted) {
  if (!f)
    return;
  for (size_t g = 0; !inserted && g < f->nglobals; ++g)
    mlirOperationDestroy(f->globals[g]);
  free(f->globals);
  mp_files_free(&f->files);
  mp_arena_args_free(&f->args);
  free(f);
}

/* arena=arg: the callers of the functions that take arenas now, and their
 * size functions. Returns 0, or -1 with err set. */
static int update_callers(MlirOperation module_op, memplan_function **results, size_t n,
                          char *err, size_t err_len) {
  MlirOperation *funcs = calloc(n ? n : 1, sizeof *funcs);
  mp_arena_args **args = calloc(n ? n : 1, sizeof *args);
  int rc = -1;
  if (funcs && args) {
    for (size_t i = 0; i < n; ++i)
      if (results[i]) {
        funcs[i] = results[i]->func;
        args[i] = &results[i]->args;
      }
    rc = mp_arena_arg_update_module(module_op, funcs, args, n);
  }
  if (rc)
    snprintf(err, err_len, "memplan-static: arena=arg: cannot update the callers "
                           "(out of memory, or the memref dialect is not loaded)");
  free(funcs);
  free(args);
  return rc;
}

MlirLogicalResult memplan_module_end(memplan_module *m, MlirOperation module_op,
                                     memplan_function **results, size_t n,
                                     bool ok) {
  mp_files all = {0};
  char err[1024] = "";
  for (size_t i = 0; ok && i < n; ++i) {
    memplan_function *f = results[i];
    if (!f)
      continue;
    MlirBlock block = mlirOperationGetBlock(f->func);
    for (size_t g = 0; g < f->nglobals; ++g)
      mlirBlockInsertOwnedOperationBefore(block, f->func, f->globals[g]);
    f->nglobals = 0;
    if (mp_files_move(&all, &f->files)) {
      snprintf(err, sizeof err, "memplan-static: out of memory");
      ok = false;
    }
  }
  if (ok && m && m->o->arena == MEMPLAN_ARENA_ARG &&
      update_callers(module_op, results, n, err, sizeof err))
    ok = false;
  if (ok && mp_files_commit(&all, err, sizeof err))
    ok = false;
  /* At the first function: a module parsed from a file has no location. */
  MlirLocation loc = mlirOperationGetLocation(module_op);
  for (size_t i = 0; i < n; ++i)
    if (results[i]) {
      loc = mlirOperationGetLocation(results[i]->func);
      break;
    }
  if (err[0])
    mlirEmitError(loc, err);
  for (size_t i = 0; i < n; ++i)
    function_free(results[i], false);
  mp_files_free(&all);
  if (m) {
    mp_ptrmap_free(&m->taken);
    mp_ptrmap_free(&m->concurrent);
    free(m->why);
    mp_ptrmap_free(&m->arg_refused);
    free(m->arg_why);
    mp_captures_free(&m->captures);
    free(m);
  }
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
