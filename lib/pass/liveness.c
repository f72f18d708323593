/*===-- liveness.c - Allocs, aliases, escapes and live intervals ----------===*\
|*                                                                            *|
|* Stage 2 of memplan-static. For every memref.alloc of the function:         *|
|*                                                                            *|
|*  - Size: elements x element bytes, where an element takes what the LLVM    *|
|*    lowering stores per element: i1 is one byte (not one bit), index is 8,  *|
|*    integers and floats round up to a power-of-two byte count; an n-D       *|
|*    vector is an array of its innermost 1-D vector, which is bit-packed     *|
|*    then rounded up to a power of two (LLVM's alloc size).                  *|
|*                                                                            *|
|*  - Where it sits: every region between the alloc and the function must     *|
|*    have one block (the numbering is only a schedule inside single-block    *|
|*    regions), no enclosing op may be a parallel loop (its iterations may    *|
|*    run at once, so one arena slot cannot serve them all), and every        *|
|*    enclosing op must be control flow whose semantics we know.              *|
|*                                                                            *|
|*  - Aliases, forward from the alloc: view-like ops, arith.select, values    *|
|*    yielded out of regions (scf.yield, affine.yield, scf.condition), loop   *|
|*    iter_args and loop results. Every use of every alias counts.            *|
|*    Uses that hand the buffer to code we cannot see (func.return, calls,    *|
|*    memref.store of the memref itself, unknown ops) make it escape: it      *|
|*    keeps its own allocation. A value that reaches the yield of a loop that *|
|*    contains the alloc is carried across iterations: two iterations'        *|
|*    buffers are live at once, one slot cannot hold both, so it is left.     *|
|*                                                                            *|
|*  - Live interval, from uses only (memref.dealloc is not a use: upstream    *|
|*    puts every dealloc at the end of the function). A use nested in ops     *|
|*    that do not enclose the alloc counts as the whole outermost such op:    *|
|*    a buffer defined outside a loop and used inside is live for the whole   *|
|*    loop, since the next iteration uses it again. The interval is the       *|
|*    hull [first use, last use + 1) of those spans; with no use at all it    *|
|*    is [alloc, alloc + 1), which keeps even a dead output's writer safe.    *|
|*                                                                            *|
|* Deallocs: each memref.dealloc is traced backwards to the allocs it may     *|
|* free. If all are planned it is erased. If it may free a planned buffer and *|
|* something else (an unplanned alloc, an argument, a call result) it can be  *|
|* neither kept (it would free the arena) nor erased (a leak), so the planned *|
|* ones are unplanned too, until nothing changes.                             *|
\*===----------------------------------------------------------------------===*/
#include "pass_internal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/AffineMap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- op classes ------------------------------------------------------------*/

/* Ops whose result (every memref result) aliases operand 0. */
static const char *const view_like[] = {
    "memref.subview",        "memref.view",          "memref.cast",
    "memref.reinterpret_cast", "memref.expand_shape", "memref.collapse_shape",
    "memref.transpose",      "memref.memory_space_cast",
    "memref.extract_strided_metadata", "memref.assume_alignment", NULL};

/* Ops that read or write memref operands and let nothing escape. */
static const char *const plain_users[] = {
    "memref.load", "memref.copy", "memref.dim", "memref.rank",
    "memref.prefetch", "memref.atomic_rmw", "memref.generic_atomic_rmw",
    "affine.load", "affine.vector_load", "affine.vector_store",
    "affine.prefetch", "affine.dma_wait", "memref.dma_wait", NULL};

/* Ops after which the buffer is still in use with no memref value to show
 * it: the address leaves as an integer (it may be turned back into a
 * pointer anywhere later, or returned), or a DMA keeps reading and writing
 * until a dma_wait that names only the tag buffer. A live interval ending
 * at such an op would let another buffer take the bytes while they are
 * still used, so the buffer keeps its own allocation. */
static const char *const hidden_uses[] = {
    "memref.extract_aligned_pointer_as_index", "memref.dma_start",
    "affine.dma_start", NULL};

/* Region-holding ops that may enclose a plannable alloc: sequential control
 * flow whose regions run as one thread in program order. */
static const char *const known_parents[] = {
    "scf.for", "scf.while", "scf.if", "scf.execute_region",
    "scf.index_switch", "affine.for", "affine.if", NULL};

/* Ops whose regions run to completion before the op returns, so a use in
 * them is a use at the op. A use in a region of any other op (async.execute,
 * a custom op that may defer its body) could happen later: an escape. */
static const char *const sync_regions[] = {
    "scf.for", "scf.while", "scf.if", "scf.execute_region",
    "scf.index_switch", "affine.for", "affine.if", "scf.forall",
    "scf.parallel", "affine.parallel", "memref.alloca_scope", "scf.reduce",
    "scf.forall.in_parallel", "memref.generic_atomic_rmw", NULL};

static const char *const parallel_loops[] = {
    "scf.forall", "scf.parallel", "affine.parallel", "omp.wsloop",
    "omp.parallel", "gpu.launch", "async.execute", NULL};

static bool op_in(MlirOperation op, const char *const *names) {
  for (; *names; ++names)
    if (mp_op_is(op, *names))
      return true;
  return false;
}

static bool is_loop(MlirOperation op) {
  return mp_op_is(op, "scf.for") || mp_op_is(op, "scf.while") ||
         mp_op_is(op, "affine.for");
}

/*--- sizes -----------------------------------------------------------------*/

static uint64_t pow2ceil(uint64_t x) {
  uint64_t p = 1;
  while (p < x && p < (UINT64_C(1) << 62))
    p <<= 1;
  return p;
}

/* Bits of a scalar element, 0 if unknown. */
static uint64_t scalar_bits(MlirType t) {
  if (mlirTypeIsAIndex(t))
    return 64;
  if (mlirTypeIsAInteger(t))
    return mlirIntegerTypeGetWidth(t);
  if (mlirTypeIsAFloat(t))
    return mlirFloatTypeGetWidth(t);
  return 0;
}

/* Bytes one element of a memref takes in memory, as the LLVM lowering lays
 * it out; 0 if unknown. *align gets the element's natural alignment.
 *
 * An n-D vector is not one bit-packed block: the lowering makes it an array
 * of its innermost 1-D vector (vector<3x5xf32> is [3 x <5 x float>]), and
 * each 1-D vector takes its store size rounded up to a power of two (LLVM's
 * natural vector alignment), so vector<3x5xf32> takes 3 * 32 = 96 bytes, not
 * the 64 that packing all 15 floats and rounding once would give. Sizing it
 * as one block made a buffer smaller than what the program writes, and the
 * next buffer in the arena was overwritten. */
static uint64_t element_bytes(MlirType t, uint64_t *align) {
  uint64_t bits = scalar_bits(t);
  if (bits) {
    *align = pow2ceil((bits + 7) / 8);
    return *align;
  }
  if (mlirTypeIsAComplex(t)) {
    uint64_t e = element_bytes(mlirComplexTypeGetElementType(t), align);
    return e ? 2 * e : 0;
  }
  if (mlirTypeIsAVector(t)) {
    if (mlirVectorTypeIsScalable(t) || !mlirShapedTypeHasStaticShape(t))
      return 0;
    uint64_t eb = scalar_bits(mlirShapedTypeGetElementType(t));
    intptr_t rank = mlirShapedTypeGetRank(t);
    if (!eb)
      return 0;
    /* A 0-D vector<f32> lowers to <1 x float>. */
    uint64_t inner = rank ? (uint64_t)mlirShapedTypeGetDimSize(t, rank - 1) : 1;
    if (inner > (UINT64_MAX - 7) / eb)
      return 0;
    uint64_t row = pow2ceil((inner * eb + 7) / 8);
    if (row >= (UINT64_C(1) << 62))
      return 0;
    uint64_t n = row;
    for (intptr_t d = 0; d + 1 < rank; ++d) {
      uint64_t dim = (uint64_t)mlirShapedTypeGetDimSize(t, d);
      if (dim && n > UINT64_MAX / dim)
        return 0;
      n *= dim;
    }
    *align = row;
    return n;
  }
  return 0;
}

/*--- state of one pass over the allocs --------------------------------------*/

typedef struct lctx {
  mp_func *f;
  mp_ptrmap alloc_index;   /* alloc op -> index in f->allocs */
  mp_ptrmap seen;          /* value -> stamp (alloc index + 1) */
  MlirValue *work;
  size_t nwork, capwork;
  MlirOperation *anc;      /* ops enclosing the current alloc */
  size_t nanc, capanc;
} lctx;

static bool in_anc(const lctx *c, MlirOperation op) {
  for (size_t i = 0; i < c->nanc; ++i)
    if (mlirOperationEqual(c->anc[i], op))
      return true;
  return false;
}

static void set_skip(mp_alloc *a, mp_skip why, const char *fmt, const char *arg) {
  if (a->skip != MP_PLANNED)
    return;
  a->skip = why;
  snprintf(a->why, sizeof a->why, fmt, arg ? arg : "");
}

static int push_value(lctx *c, MlirValue v, int64_t stamp) {
  if (!mlirTypeIsAMemRef(mlirValueGetType(v)) &&
      !mlirTypeIsAUnrankedMemRef(mlirValueGetType(v)))
    return 0;
  if (mp_ptrmap_get(&c->seen, v.ptr, 0) == stamp)
    return 0;
  if (mp_ptrmap_put(&c->seen, v.ptr, stamp))
    return -1;
  MlirValue *slot = mp_push(&c->work, &c->nwork, &c->capwork, sizeof *slot);
  if (!slot)
    return -1;
  *slot = v;
  return 0;
}

/* Block argument `k` of the first block of region `r` of op. */
static MlirValue region_arg(MlirOperation op, intptr_t r, intptr_t k) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
  return mlirBlockGetArgument(b, k);
}

/* Records a use at `user` for alloc a: the span of the outermost op on the
 * path from user up to the alloc's enclosing ops. */
static void add_use(lctx *c, mp_alloc *a, MlirOperation user) {
  MlirOperation x = user;
  char name[96];
  for (;;) {
    MlirOperation p = mlirOperationGetParentOperation(x);
    if (mlirOperationIsNull(p) || mlirOperationEqual(p, c->f->func) || in_anc(c, p))
      break;
    if (!op_in(p, sync_regions) && !mp_op_has_prefix(p, "linalg.")) {
      mp_op_name(p, name, sizeof name);
      set_skip(a, MP_SKIP_UNKNOWN_OP, "used inside a region of '%s', which may run later", name);
    }
    x = p;
  }
  int64_t k = mp_schedule_num(&c->f->sched, x);
  if (k < 0)
    return;
  int64_t lo = k, hi = c->f->sched.last[k] + 1;
  if (a->start < 0 || lo < a->start)
    a->start = lo;
  if (hi > a->end)
    a->end = hi;
}

/* Follows one use of an alias of `a`. Returns -1 only if memory runs out. */
static int follow_use(lctx *c, mp_alloc *a, int64_t stamp, MlirOpOperand use) {
  MlirOperation user = mlirOpOperandGetOwner(use);
  unsigned idx = mlirOpOperandGetOperandNumber(use);
  char name[96];

  if (mp_op_is(user, "memref.dealloc"))
    return 0; /* not a use: liveness comes from real uses */
  add_use(c, a, user);

  if (op_in(user, view_like)) {
    if (idx == 0)
      for (intptr_t r = 0; r < mlirOperationGetNumResults(user); ++r)
        if (push_value(c, mlirOperationGetResult(user, r), stamp))
          return -1;
    return 0;
  }
  if (op_in(user, hidden_uses)) {
    mp_op_name(user, name, sizeof name);
    set_skip(a, MP_SKIP_UNKNOWN_OP,
             "used by '%s': still in use after it (raw address or async DMA)", name);
    return 0;
  }
  if (op_in(user, plain_users) || mp_op_has_prefix(user, "linalg.") ||
      mp_op_has_prefix(user, "vector.")) {
    /* A memref result of such an op (vector.type_cast, say) is a view. */
    for (intptr_t r = 0; r < mlirOperationGetNumResults(user); ++r)
      if (push_value(c, mlirOperationGetResult(user, r), stamp))
        return -1;
    return 0;
  }
  if (mp_op_is(user, "memref.store") || mp_op_is(user, "affine.store")) {
    if (idx == 0)
      set_skip(a, MP_SKIP_STORED, "stored into memory by %s", "memref.store");
    return 0;
  }
  if (mp_op_is(user, "arith.select")) {
    if (idx >= 1)
      return push_value(c, mlirOperationGetResult(user, 0), stamp);
    return 0;
  }
  if (mp_op_is(user, "func.return")) {
    set_skip(a, MP_SKIP_RETURNED, "returned from the function%s", NULL);
    return 0;
  }
  if (mp_op_is(user, "func.call") || mp_op_is(user, "func.call_indirect")) {
    set_skip(a, MP_SKIP_CALL, "passed to %s", mp_op_is(user, "func.call") ? "func.call" : "func.call_indirect");
    return 0;
  }
  if (mp_op_is(user, "scf.yield") || mp_op_is(user, "affine.yield")) {
    MlirOperation p = mlirOperationGetParentOperation(user);
    if (is_loop(p) && in_anc(c, p)) {
      set_skip(a, MP_SKIP_CARRIED, "carried across iterations of its enclosing loop%s", NULL);
      return 0;
    }
    if (mp_op_is(p, "scf.if") || mp_op_is(p, "affine.if") ||
        mp_op_is(p, "scf.execute_region") || mp_op_is(p, "scf.index_switch"))
      return push_value(c, mlirOperationGetResult(p, idx), stamp);
    if (mp_op_is(p, "scf.for") || mp_op_is(p, "affine.for")) {
      if (push_value(c, mlirOperationGetResult(p, idx), stamp))
        return -1;
      return push_value(c, region_arg(p, 0, idx + 1), stamp);
    }
    if (mp_op_is(p, "scf.while")) /* after region -> before region args */
      return push_value(c, region_arg(p, 0, idx), stamp);
    mp_op_name(p, name, sizeof name);
    set_skip(a, MP_SKIP_UNKNOWN_OP, "yielded to '%s', whose memref effects memplan does not know", name);
    return 0;
  }
  if (mp_op_is(user, "scf.condition")) {
    MlirOperation p = mlirOperationGetParentOperation(user);
    if (idx == 0)
      return 0;
    if (in_anc(c, p)) {
      set_skip(a, MP_SKIP_CARRIED, "carried across iterations of its enclosing loop%s", NULL);
      return 0;
    }
    if (push_value(c, mlirOperationGetResult(p, idx - 1), stamp))
      return -1;
    return push_value(c, region_arg(p, 1, idx - 1), stamp);
  }
  if (mp_op_is(user, "scf.for")) {
    if (idx >= 3) {
      if (push_value(c, mlirOperationGetResult(user, idx - 3), stamp))
        return -1;
      return push_value(c, region_arg(user, 0, idx - 3 + 1), stamp);
    }
    return 0;
  }
  if (mp_op_is(user, "affine.for")) {
    intptr_t first = mlirOperationGetNumOperands(user) - mlirOperationGetNumResults(user);
    if ((intptr_t)idx >= first) {
      intptr_t k = (intptr_t)idx - first;
      if (push_value(c, mlirOperationGetResult(user, k), stamp))
        return -1;
      return push_value(c, region_arg(user, 0, k + 1), stamp);
    }
    return 0;
  }
  if (mp_op_is(user, "scf.while"))
    return push_value(c, region_arg(user, 0, idx), stamp);

  mp_op_name(user, name, sizeof name);
  set_skip(a, MP_SKIP_UNKNOWN_OP, "used by '%s', whose memref effects memplan does not know", name);
  return 0;
}

/* Checks where the alloc sits and fills c->anc with its enclosing ops. */
static int check_position(lctx *c, mp_alloc *a) {
  char name[96];
  c->nanc = 0;
  MlirOperation x = a->op;
  for (;;) {
    MlirBlock b = mlirOperationGetBlock(x);
    MlirRegion r = mlirBlockGetParentRegion(b);
    if (!mlirBlockIsNull(mlirBlockGetNextInRegion(mlirRegionGetFirstBlock(r))))
      set_skip(a, MP_SKIP_MULTIBLOCK, "inside a region with several blocks%s", NULL);
    MlirOperation p = mlirOperationGetParentOperation(x);
    if (mlirOperationIsNull(p) || mlirOperationEqual(p, c->f->func))
      break;
    mp_op_name(p, name, sizeof name);
    if (op_in(p, parallel_loops))
      set_skip(a, MP_SKIP_PARALLEL,
               "allocated in the body of '%s': each iteration, possibly running at "
               "the same time, needs its own buffer", name);
    else if (!op_in(p, known_parents))
      set_skip(a, MP_SKIP_REGION, "allocated in a region of '%s'", name);
    MlirOperation *slot = mp_push(&c->anc, &c->nanc, &c->capanc, sizeof *slot);
    if (!slot)
      return -1;
    *slot = p;
    x = p;
  }
  return 0;
}

/* Whether the layout of a static memref type puts every element where the
 * identity layout does, so that a plain slice of the arena can hold it: no
 * layout, an identity affine map, or a strided layout with offset 0 whose
 * strides are the row-major ones of the shape, each the product of the
 * sizes after it (strided<[4, 1]> for 3x4, strided<[4, 4, 1]> for 3x1x4).
 * Only those exact strides count, even where a dimension of size 1 or 0
 * would let other strides reach the same bytes (strided<[4, 1, 1]> for
 * 3x1x4): memref.cast, which gives the arena's view the alloc's own type
 * back (rewrite.c), accepts two static strides only when they are equal,
 * and these are the strides MLIR gives the identity layout (dynamic ones
 * before a dimension of size 0, which any stride matches). A dynamic stride
 * or offset, or a product beyond int64, never equals, so such layouts stay
 * left alone, as do affine maps other than the identity. */
static bool identity_layout(MlirType t) {
  MlirAttribute layout = mlirMemRefTypeGetLayout(t);
  if (mlirAttributeIsNull(layout))
    return true;
  if (mlirAttributeIsAAffineMap(layout))
    return mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(layout));
  if (!mlirAttributeIsAStridedLayout(layout))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(t);
  if (mlirStridedLayoutAttrGetOffset(layout) != 0 ||
      mlirStridedLayoutAttrGetNumStrides(layout) != rank)
    return false;
  int64_t product = 1;
  bool overflow = false;
  for (intptr_t d = rank; d-- > 0;) {
    if (overflow || mlirStridedLayoutAttrGetStride(layout, d) != product)
      return false;
    int64_t dim = mlirShapedTypeGetDimSize(t, d);
    if (dim > 0 && product > INT64_MAX / dim)
      overflow = true;
    else
      product *= dim;
  }
  return true;
}

static void size_alloc(mp_func *f, mp_alloc *a) {
  MlirType t = mlirValueGetType(a->value);
  a->space = mlirMemRefTypeGetMemorySpace(t);
  if (!mlirShapedTypeHasStaticShape(t)) {
    set_skip(a, MP_SKIP_DYNAMIC, "dynamic shape%s", NULL);
    return;
  }
  if (!identity_layout(t)) {
    set_skip(a, MP_SKIP_LAYOUT, "non-identity layout%s", NULL);
    return;
  }
  uint64_t ealign = 1;
  uint64_t eb = element_bytes(mlirShapedTypeGetElementType(t), &ealign);
  if (!eb) {
    set_skip(a, MP_SKIP_ELEMENT, "element type of unknown byte size%s", NULL);
    return;
  }
  uint64_t n = eb;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d) {
    uint64_t dim = (uint64_t)mlirShapedTypeGetDimSize(t, d);
    if (dim && n > UINT64_MAX / dim) {
      set_skip(a, MP_SKIP_TOO_BIG, "byte size overflows 64 bits%s", NULL);
      return;
    }
    n *= dim;
  }
  /* Arena sizes become memref dimensions (int64); stay well below. */
  if (n > (UINT64_C(1) << 62)) {
    set_skip(a, MP_SKIP_TOO_BIG, "byte size too large for an arena%s", NULL);
    return;
  }
  a->size = n;
  uint64_t al = f->min_alignment;
  MlirAttribute attr = mlirOperationGetAttributeByName(a->op, mlirStringRefCreateFromCString("alignment"));
  if (!mlirAttributeIsNull(attr) && mlirAttributeIsAInteger(attr)) {
    int64_t v = mlirIntegerAttrGetValueInt(attr);
    if (v > 0 && (uint64_t)v > al)
      al = (uint64_t)v;
  }
  if (ealign > al)
    al = ealign;
  a->align = pow2ceil(al);
  /* The global arena carries the largest alignment of its buffers, and
   * LLVM refuses a global aligned to more than 2^32 bytes ("huge alignment
   * values are unsupported" when translating); a memref.alloc of its own
   * handles any alignment, so such a buffer keeps one. */
  if (f->shared_arena && a->align > MEMPLAN_GLOBAL_MAX_ALIGN) {
    char why[32];
    snprintf(why, sizeof why, "%llu", (unsigned long long)a->align);
    set_skip(a, MP_SKIP_ALIGN,
             "alignment %s: with arena=global the arena is an LLVM global, "
             "aligned to at most 2^32", why);
  }
}

/*--- dealloc sources (backward) -------------------------------------------*/

typedef struct srcs {
  int64_t *idx;
  size_t n, cap;
  bool unknown;
} srcs;

static int add_src(srcs *s, int64_t k) {
  for (size_t i = 0; i < s->n; ++i)
    if (s->idx[i] == k)
      return 0;
  int64_t *slot = mp_push(&s->idx, &s->n, &s->cap, sizeof *slot);
  if (!slot)
    return -1;
  *slot = k;
  return 0;
}

static MlirValue yield_operand(MlirOperation op, intptr_t r, intptr_t k) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
  MlirValue none = {NULL};
  if (mlirBlockIsNull(b))
    return none;
  MlirOperation t = mlirBlockGetTerminator(b);
  if (mlirOperationIsNull(t) || k >= mlirOperationGetNumOperands(t))
    return none;
  return mlirOperationGetOperand(t, k);
}

static int trace(lctx *c, MlirValue v, srcs *s, mp_ptrmap *seen, int64_t stamp, int depth);

static int trace_opt(lctx *c, MlirValue v, srcs *s, mp_ptrmap *seen, int64_t stamp, int depth) {
  if (mlirValueIsNull(v)) {
    s->unknown = true;
    return 0;
  }
  return trace(c, v, s, seen, stamp, depth);
}

static int trace(lctx *c, MlirValue v, srcs *s, mp_ptrmap *seen, int64_t stamp, int depth) {
  if (mp_ptrmap_get(seen, v.ptr, 0) == stamp)
    return 0;
  if (mp_ptrmap_put(seen, v.ptr, stamp))
    return -1;
  if (depth > 2000) { /* absurdly long chains: give up safely */
    s->unknown = true;
    return 0;
  }
  if (mlirValueIsAOpResult(v)) {
    MlirOperation op = mlirOpResultGetOwner(v);
    intptr_t k = mlirOpResultGetResultNumber(v);
    if (mp_op_is(op, "memref.alloc")) {
      int64_t ai = mp_ptrmap_get(&c->alloc_index, op.ptr, -1);
      if (ai < 0) {
        s->unknown = true;
        return 0;
      }
      return add_src(s, ai);
    }
    if (op_in(op, view_like))
      return trace(c, mlirOperationGetOperand(op, 0), s, seen, stamp, depth + 1);
    if (mp_op_is(op, "arith.select")) {
      if (trace(c, mlirOperationGetOperand(op, 1), s, seen, stamp, depth + 1))
        return -1;
      return trace(c, mlirOperationGetOperand(op, 2), s, seen, stamp, depth + 1);
    }
    if (mp_op_is(op, "scf.if") || mp_op_is(op, "affine.if") ||
        mp_op_is(op, "scf.execute_region") || mp_op_is(op, "scf.index_switch")) {
      for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r) {
        if (mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r))))
          continue;
        if (trace_opt(c, yield_operand(op, r, k), s, seen, stamp, depth + 1))
          return -1;
      }
      return 0;
    }
    if (mp_op_is(op, "scf.for") || mp_op_is(op, "affine.for")) {
      intptr_t first = mlirOperationGetNumOperands(op) - mlirOperationGetNumResults(op);
      if (trace(c, mlirOperationGetOperand(op, first + k), s, seen, stamp, depth + 1))
        return -1;
      return trace_opt(c, yield_operand(op, 0, k), s, seen, stamp, depth + 1);
    }
    if (mp_op_is(op, "scf.while"))
      return trace_opt(c, yield_operand(op, 0, k + 1), s, seen, stamp, depth + 1);
    s->unknown = true;
    return 0;
  }
  /* Block argument. */
  MlirBlock b = mlirBlockArgumentGetOwner(v);
  intptr_t k = mlirBlockArgumentGetArgNumber(v);
  MlirOperation p = mlirBlockGetParentOperation(b);
  if (!mlirOperationIsNull(p) && (mp_op_is(p, "scf.for") || mp_op_is(p, "affine.for")) && k >= 1) {
    intptr_t first = mlirOperationGetNumOperands(p) - mlirOperationGetNumResults(p);
    if (trace(c, mlirOperationGetOperand(p, first + k - 1), s, seen, stamp, depth + 1))
      return -1;
    return trace_opt(c, yield_operand(p, 0, k - 1), s, seen, stamp, depth + 1);
  }
  if (!mlirOperationIsNull(p) && mp_op_is(p, "scf.while")) {
    bool before = mlirRegionEqual(mlirBlockGetParentRegion(b), mlirOperationGetRegion(p, 0));
    if (before) {
      if (trace(c, mlirOperationGetOperand(p, k), s, seen, stamp, depth + 1))
        return -1;
      return trace_opt(c, yield_operand(p, 1, k), s, seen, stamp, depth + 1);
    }
    return trace_opt(c, yield_operand(p, 0, k + 1), s, seen, stamp, depth + 1);
  }
  s->unknown = true;
  return 0;
}

/*--- driver ---------------------------------------------------------------*/

int mp_liveness(mp_func *f) {
  lctx c;
  memset(&c, 0, sizeof c);
  c.f = f;
  int rc = -1;
  srcs *ds = NULL;
  MlirOperation *dops = NULL;
  size_t nd = 0, capd = 0;
  mp_ptrmap tseen = {0};

  /* Collect allocs and deallocs in schedule order. */
  for (size_t k = 0; k < f->sched.n; ++k) {
    MlirOperation op = f->sched.ops[k];
    if (mp_op_is(op, "memref.alloc")) {
      mp_alloc *a = mp_push(&f->allocs, &f->nallocs, &f->cap_allocs, sizeof *a);
      if (!a)
        goto done;
      a->op = op;
      a->value = mlirOperationGetResult(op, 0);
      a->def = (int64_t)k;
      a->start = -1;
      a->end = -1;
      a->align = 1;
      a->space_index = -1;
      if (mp_ptrmap_put(&c.alloc_index, op.ptr, (int64_t)(f->nallocs - 1)))
        goto done;
    } else if (mp_op_is(op, "memref.dealloc")) {
      MlirOperation *slot = mp_push(&dops, &nd, &capd, sizeof *slot);
      if (!slot)
        goto done;
      *slot = op;
    }
  }

  for (size_t i = 0; i < f->nallocs; ++i) {
    mp_alloc *a = &f->allocs[i];
    size_alloc(f, a);
    if (check_position(&c, a))
      goto done;
    if (a->skip != MP_PLANNED)
      continue;
    int64_t stamp = (int64_t)i + 1;
    c.nwork = 0;
    if (push_value(&c, a->value, stamp))
      goto done;
    while (c.nwork > 0 && a->skip == MP_PLANNED) {
      MlirValue v = c.work[--c.nwork];
      for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
           u = mlirOpOperandGetNextUse(u))
        if (follow_use(&c, a, stamp, u))
          goto done;
    }
    if (a->start < 0) {
      a->start = a->def;
      a->end = a->def + 1;
    }
  }

  /* arena=global gives the function one arena for all its activations. A
   * buffer live while the function calls out would be overwritten if the
   * call re-entered the function (recursion, direct or through other
   * functions, which a function pass cannot see), so it keeps its own
   * allocation. Buffers dead at every call are safe: a nested activation
   * only clobbers bytes nobody will read. Calls come in schedule order, so
   * one binary search per buffer finds the first call at or after its start:
   * O((n + calls) log calls), not n * calls. */
  if (f->shared_arena) {
    int64_t *calls = NULL;
    size_t ncalls = 0, capcalls = 0;
    for (size_t k = 0; k < f->sched.n; ++k) {
      if (!memplan_op_is_call(f->sched.ops[k]))
        continue;
      int64_t *slot = mp_push(&calls, &ncalls, &capcalls, sizeof *slot);
      if (!slot) {
        free(calls);
        goto done;
      }
      *slot = (int64_t)k;
    }
    for (size_t i = 0; i < f->nallocs && ncalls; ++i) {
      mp_alloc *a = &f->allocs[i];
      if (a->skip != MP_PLANNED)
        continue;
      size_t lo = 0, hi = ncalls;
      while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (calls[mid] < a->start)
          lo = mid + 1;
        else
          hi = mid;
      }
      if (lo < ncalls && calls[lo] < a->end) {
        char name[96];
        mp_op_name(f->sched.ops[calls[lo]], name, sizeof name);
        set_skip(a, MP_SKIP_CALL,
                 "live across '%s': with arena=global a re-entry of the function "
                 "(recursion) would overwrite it", name);
      }
    }
    free(calls);
  }

  /* Deallocs: what each may free, then unplan mixed groups to a fixpoint. */
  if (nd) {
    ds = calloc(nd, sizeof *ds);
    if (!ds)
      goto done;
  }
  for (size_t d = 0; d < nd; ++d)
    if (trace(&c, mlirOperationGetOperand(dops[d], 0), &ds[d], &tseen, (int64_t)d + 1, 0))
      goto done;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t d = 0; d < nd; ++d) {
      size_t planned = 0;
      for (size_t j = 0; j < ds[d].n; ++j)
        planned += f->allocs[ds[d].idx[j]].skip == MP_PLANNED;
      if (planned == 0 || (planned == ds[d].n && !ds[d].unknown))
        continue;
      for (size_t j = 0; j < ds[d].n; ++j) {
        mp_alloc *a = &f->allocs[ds[d].idx[j]];
        if (a->skip == MP_PLANNED) {
          set_skip(a, MP_SKIP_DEALLOC_MIX,
                   "a memref.dealloc may free it or a buffer memplan leaves alone%s", NULL);
          changed = true;
        }
      }
    }
  }
  for (size_t d = 0; d < nd; ++d) {
    if (ds[d].n == 0 || ds[d].unknown)
      continue;
    if (f->allocs[ds[d].idx[0]].skip != MP_PLANNED)
      continue; /* after the fixpoint, all or none are planned */
    MlirOperation *slot = mp_push(&f->deallocs, &f->ndeallocs, &f->cap_deallocs, sizeof *slot);
    if (!slot)
      goto done;
    *slot = dops[d];
  }
  rc = 0;

done:
  if (rc)
    snprintf(f->err, sizeof f->err, "memplan-static: out of memory in liveness");
  for (size_t d = 0; ds && d < nd; ++d)
    free(ds[d].idx);
  free(ds);
  free(dops);
  free(c.work);
  free(c.anc);
  mp_ptrmap_free(&c.alloc_index);
  mp_ptrmap_free(&c.seen);
  mp_ptrmap_free(&tseen);
  return rc;
}
