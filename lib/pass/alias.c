/*===-- alias.c - What one use of a memref does with its buffer -----------===*/
#include "alias.h"

#include "ir.h"
#include "memplan-c/pass.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

/* Ops after which the buffer is still in use with no memref value to show
 * it: the address leaves as an integer (it may be turned back into a
 * pointer anywhere later, or returned), or a DMA keeps reading and writing
 * until a dma_wait that names only the tag buffer. A live interval ending
 * at such an op would let another buffer take the bytes while they are
 * still used, so the buffer keeps its own allocation. */
static const char *const hidden_uses[] = {
    "memref.extract_aligned_pointer_as_index", "memref.dma_start",
    "affine.dma_start", NULL};

/* Ops whose bodies may run at the same time as each other (iterations of a
 * parallel loop, an async region beside its parent, GPU threads). One arena
 * slot cannot serve them all. */
static const char *const parallel_ops[] = {
    "scf.forall", "scf.parallel", "affine.parallel", "gpu.launch",
    "async.execute", NULL};

/* Region-branch ops whose region may run after the op returns. */
static const char *const deferred_regions[] = {"async.execute", NULL};

/* Ops without RegionBranchOpInterface whose regions run while the op runs
 * and are done when it returns: payloads that compute one element at a
 * time, and affine.parallel's iterations (scf.parallel's say so through the
 * interface). A use there is a use at the op. */
static const char *const payload_regions[] = {
    "memref.generic_atomic_rmw", "scf.reduce", "scf.forall.in_parallel",
    "affine.parallel", NULL};

bool mp_op_is_parallel(MlirOperation op) {
  /* OpenMP and OpenACC constructs are all taken as parallel: conservative. */
  return mp_op_in(op, parallel_ops) || mp_op_has_prefix(op, "omp.") ||
         mp_op_has_prefix(op, "acc.");
}

bool mp_regions_run_inline(MlirOperation op) {
  if (memplan_op_is_region_branch(op))
    return !mp_op_in(op, deferred_regions);
  return mp_op_in(op, payload_regions) || mp_op_has_prefix(op, "linalg.");
}

/* The remark for a hidden use, naming what the address is for: the
 * lowering of bufferization.dealloc compares addresses (arith.cmpi), or
 * stores them into an index buffer for @dealloc_helper to compare. */
static const char *hidden_use_text(MlirOperation user) {
  if (!mp_op_is(user, "memref.extract_aligned_pointer_as_index"))
    return "used by '%s': still in use after it (async DMA)";
  bool cmp = false, store = false, other = false;
  for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(user, 0));
       !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation x = mlirOpOperandGetOwner(u);
    if (mp_op_is(x, "arith.cmpi"))
      cmp = true;
    else if (mp_op_is(x, "memref.store") && mlirOpOperandGetOperandNumber(u) == 0)
      store = true;
    else
      other = true;
  }
  if (other || (!cmp && !store))
    return "its address is taken by '%s' (a raw address, which may be used "
           "as a pointer anywhere later)";
  if (!store)
    return "its address is taken by '%s' for a pointer comparison outside the "
           "block where it is taken, which memplan does not follow";
  return "its address is taken by '%s' and stored where memplan cannot tell that "
         "it is only compared (a local index buffer read only by equality "
         "comparisons and by calls that only compare, as @dealloc_helper does)";
}

static void alias_to(mp_edge *e, MlirValue v) {
  e->kind = MP_EDGE_ALIAS;
  e->to[e->nto++] = v;
}

static void escape(mp_edge *e, mp_skip why, const char *fmt, MlirOperation named) {
  e->kind = MP_EDGE_ESCAPE;
  e->why = why;
  e->fmt = fmt;
  if (!mlirOperationIsNull(named))
    mp_op_name(named, e->arg, sizeof e->arg);
}

/* True if every result of op is an integer or index: what an op that only
 * reads a memref's shape (memref.dim, memref.rank) returns. */
static bool only_integer_results(MlirOperation op) {
  intptr_t n = mlirOperationGetNumResults(op);
  for (intptr_t r = 0; r < n; ++r) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, r));
    if (!mlirTypeIsAIndex(t) && !mlirTypeIsAInteger(t))
      return false;
  }
  return n > 0;
}

/* True if a result of op is a tensor. bufferization.to_tensor makes one
 * that IS the buffer's bytes, read later by tensor ops that are no memref
 * uses (and turned back into a memref by to_buffer); memplan does not
 * follow tensors, so the buffer's live range would end too early. */
static bool has_tensor_result(MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
    if (mlirTypeIsATensor(mlirValueGetType(mlirOperationGetResult(op, r))))
      return true;
  return false;
}

/* Operand idx of user, handed on by control flow in regions: to the
 * targets memplan_op_forwarded names. Returns false when it is not. */
static bool forward_edge(MlirOperation user, intptr_t idx, mp_edge *e) {
  MlirValue to[MP_EDGE_MAX_TARGETS + 1];
  bool repeats = false;
  intptr_t n = memplan_op_forwarded(user, idx, to, MP_EDGE_MAX_TARGETS + 1, &repeats);
  if (n <= 0)
    return false;
  if (n > MP_EDGE_MAX_TARGETS) {
    escape(e, MP_SKIP_UNKNOWN_OP,
           "forwarded by '%s' to more values than memplan follows", user);
    return true;
  }
  for (intptr_t k = 0; k < n; ++k)
    alias_to(e, to[k]);
  if (repeats)
    e->loop = memplan_op_is_region_branch(user)
                  ? user
                  : mlirOperationGetParentOperation(user);
  return true;
}

/* A call's operand: a use during the call when the module's facts say the
 * callee does not keep it (captures.h); else an escape naming why. */
static void call_edge(MlirOperation user, intptr_t idx, const mp_call_facts *calls,
                      mp_edge *e) {
  char why[sizeof e->arg];
  if (!calls) {
    escape(e, MP_SKIP_CALL, "passed to %s (only a run on the module looks into callees)", user);
    return;
  }
  if (!calls->keeps(calls->ctx, user, idx, why, sizeof why))
    return; /* MP_EDGE_NONE: read or written during the call */
  e->kind = MP_EDGE_ESCAPE;
  e->why = MP_SKIP_CALL;
  e->fmt = "passed to %s";
  snprintf(e->arg, sizeof e->arg, "%s", why);
}

/* The edge of a use that only the op's memory effects describe. */
static void effect_edge(MlirOperation user, intptr_t idx, mp_edge *e) {
  if (mp_op_is(user, "bufferization.dealloc")) {
    /* Frees under run-time ownership conditions and answers whether the
     * retained values alias it: its lowering is what memplan follows. */
    escape(e, MP_SKIP_UNKNOWN_OP,
           "used by '%s' (ownership-based deallocation, not lowered: run "
           "--convert-bufferization-to-memref first, whose pointer comparisons "
           "memplan follows)", user);
    return;
  }
  unsigned m = memplan_op_operand_effects(user, idx);
  if (m & MEMPLAN_EFFECT_UNKNOWN) {
    escape(e, MP_SKIP_UNKNOWN_OP,
           "used by '%s', whose memref effects memplan does not know", user);
  } else if (m & (MEMPLAN_EFFECT_FREE | MEMPLAN_EFFECT_ALLOC)) {
    escape(e, MP_SKIP_UNKNOWN_OP, "used by '%s', which frees or allocates it again", user);
  } else if (has_tensor_result(user)) {
    escape(e, MP_SKIP_UNKNOWN_OP,
           "made into a tensor by '%s': memplan does not follow tensors", user);
  } else if ((m & (MEMPLAN_EFFECT_READ | MEMPLAN_EFFECT_WRITE)) ||
             mp_has_memref_result(user)) {
    /* A reader or writer, or an op that makes another memref of it: its
     * memref results may point into the buffer. */
    if (mp_has_memref_result(user)) {
      e->kind = MP_EDGE_MAYBE;
      e->results_of = user;
    }
  } else if (m == 0 && only_integer_results(user)) {
    /* Reads only the shape (memref.dim, memref.rank). */
  } else if (mlirOperationGetNumResults(user) == 0) {
    /* Touches other memory and not this buffer, which it takes as a
     * value: memref.store of the memref itself, linalg.yield into outs
     * holding memrefs. */
    escape(e, MP_SKIP_STORED, "stored into memory by %s", user);
  } else {
    escape(e, MP_SKIP_STORED, "its address leaves through '%s'", user);
  }
}

void mp_alias_edge(MlirOperation user, intptr_t idx, const mp_call_facts *calls,
                   mp_edge *e) {
  MlirOperation none = {NULL};
  memset(e, 0, sizeof *e);
  e->kind = MP_EDGE_NONE;

  if (mp_op_is(user, "memref.dealloc")) {
    e->kind = MP_EDGE_FREE;
    return;
  }
  if (mp_op_is(user, "memref.extract_aligned_pointer_as_index") &&
      mp_address_uses(user, calls, NULL, NULL)) {
    e->kind = MP_EDGE_ADDRESS;
    return;
  }
  if (mp_op_in(user, hidden_uses)) {
    escape(e, MP_SKIP_UNKNOWN_OP, hidden_use_text(user), user);
    return;
  }
  /* A view-like op's result views its source; other memref operands (the
   * shape of memref.reshape) are only read. */
  intptr_t src = memplan_op_view_source(user);
  if (src >= 0) {
    if (idx == src) {
      e->kind = MP_EDGE_ALIAS;
      e->results_of = user;
    }
    return;
  }
  if (mp_op_is(user, "arith.select")) {
    if (idx >= 1)
      alias_to(e, mlirOperationGetResult(user, 0));
    return;
  }
  if (forward_edge(user, idx, e))
    return;
  if (memplan_op_is_call(user)) {
    call_edge(user, idx, calls, e);
    return;
  }
  if (mlirOperationGetNumSuccessors(user) > 0) {
    MlirValue arg;
    intptr_t n = memplan_op_successor_arg(user, idx, &arg);
    if (n < 0) {
      escape(e, MP_SKIP_UNKNOWN_OP,
             "used by '%s', a branch between blocks that does not say where "
             "its operands go (no BranchOpInterface)", user);
      return;
    }
    if (n > 0) {
      alias_to(e, arg);
      return;
    }
  }
  MlirOperation parent = mlirOperationGetParentOperation(user);
  if (mlirOperationIsNull(mlirOperationGetNextInBlock(user)) &&
      !mlirOperationIsNull(parent) && memplan_op_is_function(parent)) {
    escape(e, MP_SKIP_RETURNED, "returned from the function%s", none);
    return;
  }
  effect_edge(user, idx, e);
}

bool mp_edge_reaches(const mp_edge *e, MlirValue v) {
  for (int i = 0; i < e->nto; ++i)
    if (mlirValueEqual(e->to[i], v))
      return true;
  return !mlirOperationIsNull(e->results_of) && mlirValueIsAOpResult(v) &&
         mlirOperationEqual(mlirOpResultGetOwner(v), e->results_of);
}

/*--- addresses that are only compared -----------------------------------------*/

bool mp_is_equality_cmpi(MlirOperation op) {
  if (!mp_op_is(op, "arith.cmpi"))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("predicate"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  int64_t p = mlirIntegerAttrGetValueInt(a);
  return p == 0 || p == 1; /* arith::CmpIPredicate eq, ne */
}

bool mp_load_only_compared(MlirOperation load) {
  for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(load, 0));
       !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    if (!mp_is_equality_cmpi(mlirOpOperandGetOwner(u)))
      return false;
  return true;
}

typedef struct addr_walk {
  MlirBlock block;
  const mp_call_facts *calls;
  void (*visit)(void *ctx, MlirOperation op);
  void *ctx;
} addr_walk;

static bool visit_op(const addr_walk *a, MlirOperation op) {
  if (mlirOperationIsNull(mp_op_ancestor_in(op, a->block)))
    return false;
  if (a->visit)
    a->visit(a->ctx, op);
  return true;
}

/* The uses of the local index buffer m (or of a memref.cast of it, when
 * `cast_ok`): see mp_address_uses. */
static bool buffer_uses(const addr_walk *a, MlirValue m, bool cast_ok) {
  for (MlirOpOperand u = mlirValueGetFirstUse(m); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation x = mlirOpOperandGetOwner(u);
    unsigned k = mlirOpOperandGetOperandNumber(u);
    bool ok;
    if (mp_op_is(x, "memref.dealloc") || mp_op_is(x, "memref.dim"))
      continue;
    if (mp_op_is(x, "memref.store"))
      ok = k == 1 && visit_op(a, x);
    else if (mp_op_is(x, "memref.load"))
      ok = mp_load_only_compared(x) && visit_op(a, x);
    else if (mp_op_is(x, "memref.cast"))
      ok = cast_ok && visit_op(a, x) && buffer_uses(a, mlirOperationGetResult(x, 0), false);
    else if (mp_op_is(x, "func.call"))
      ok = a->calls && a->calls->compares(a->calls->ctx, x, (intptr_t)k) && visit_op(a, x);
    else
      ok = false;
    if (!ok)
      return false;
    if (mp_op_is(x, "memref.load"))
      for (MlirOpOperand c = mlirValueGetFirstUse(mlirOperationGetResult(x, 0));
           !mlirOpOperandIsNull(c); c = mlirOpOperandGetNextUse(c))
        if (!visit_op(a, mlirOpOperandGetOwner(c)))
          return false;
  }
  return true;
}

bool mp_address_uses(MlirOperation extract, const mp_call_facts *calls,
                     void (*visit)(void *ctx, MlirOperation op), void *ctx) {
  addr_walk a = {mlirOperationGetBlock(extract), calls, visit, ctx};
  MlirValue p = mlirOperationGetResult(extract, 0);
  for (MlirOpOperand u = mlirValueGetFirstUse(p); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation x = mlirOpOperandGetOwner(u);
    if (mp_is_equality_cmpi(x)) {
      if (!visit_op(&a, x))
        return false;
      continue;
    }
    if (!mp_op_is(x, "memref.store") || mlirOpOperandGetOperandNumber(u) != 0 ||
        !visit_op(&a, x))
      return false;
    MlirValue m = mlirOperationGetOperand(x, 1);
    if (!mlirValueIsAOpResult(m))
      return false;
    MlirOperation def = mlirOpResultGetOwner(m);
    if ((!mp_op_is(def, "memref.alloc") && !mp_op_is(def, "memref.alloca")) ||
        !mlirBlockEqual(mlirOperationGetBlock(def), a.block) || !buffer_uses(&a, m, true))
      return false;
  }
  return true;
}
