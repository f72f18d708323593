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
|*    yielded out of regions (scf.yield, affine.yield, scf.condition, from    *|
|*    any block of the region), loop iter_args and loop results, and memref   *|
|*    results of ops that otherwise only read or write (maybe-aliases). One   *|
|*    function, alias_edge, defines them all. Every use of every alias counts.*|
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
|* free, along the same alias_edge run in reverse. If all are planned it is   *|
|* erased. If it may free a planned buffer and something else (an unplanned   *|
|* alloc, an argument, a call result, anything reached through a maybe-alias  *|
|* or a cf block argument) it can be neither kept (it would free the arena)   *|
|* nor erased (a leak), so the planned ones are unplanned too, with a remark  *|
|* naming the dealloc, until nothing changes.                                 *|
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
    "memref.extract_strided_metadata", "memref.assume_alignment",
    "vector.type_cast", NULL};

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

/*--- alias edges: the one definition ----------------------------------------*/

/* What one use of a memref value does with its buffer. This is the only
 * place that says which values alias which. Liveness follows it forward from
 * each alloc (follow_use); the dealloc trace runs the very same edges
 * backwards (trace: which operands have an edge to the value freed?), so the
 * two cannot disagree. They did when each had its own list: liveness
 * followed a yield in any block of a multi-block scf.execute_region and the
 * memref result of vector.type_cast, the trace only the terminator of a
 * region's first block and only memref.* views. A dealloc of such an alias
 * found no source, was kept, and its buffer went into the arena: the planned
 * program freed the arena (twice, or a pointer into its middle).
 *
 * Every edge leads from an operand of an op X to results of X, to block
 * arguments of X's regions, or, when X is a terminator, to results of X's
 * parent and block arguments of the parent's regions. trace() relies on
 * this to find every operand that may lead to a value. */
typedef enum edge_kind {
  EDGE_NONE,   /* reads or writes the buffer: no alias, nothing escapes */
  EDGE_ALIAS,  /* the targets are the buffer itself or views of it */
  EDGE_MAYBE,  /* the targets may point into the buffer: memref results of an
                  op known only as a reader or writer. Liveness follows them;
                  a dealloc reached through one is not known to free exactly
                  the buffer, so the trace counts it as unknown. */
  EDGE_FREE,   /* memref.dealloc: not a use (liveness comes from real uses) */
  EDGE_ESCAPE  /* handed to code memplan cannot see; why/fmt/arg say how */
} edge_kind;

typedef struct edge {
  edge_kind kind;
  MlirValue to[2];          /* targets: up to two values, */
  int nto;
  MlirOperation results_of; /* and every memref result of this op if set */
  MlirOperation loop;       /* a yield or scf.condition: the loop that gets
                               the value back (next iteration or result) */
  mp_skip why;              /* EDGE_ESCAPE: the skip reason, */
  const char *fmt;          /* its remark with one %s, */
  char arg[96];             /* and what goes there */
} edge;

/* Block argument `k` of the first block of region `r` of op. */
static MlirValue region_arg(MlirOperation op, intptr_t r, intptr_t k) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
  return mlirBlockGetArgument(b, k);
}

static bool is_memref(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAMemRef(t) || mlirTypeIsAUnrankedMemRef(t);
}

static bool has_memref_result(MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
    if (is_memref(mlirOperationGetResult(op, r)))
      return true;
  return false;
}

static void alias_to(edge *e, MlirValue v) {
  e->kind = EDGE_ALIAS;
  e->to[e->nto++] = v;
}

static void escape(edge *e, mp_skip why, const char *fmt, MlirOperation named) {
  e->kind = EDGE_ESCAPE;
  e->why = why;
  e->fmt = fmt;
  if (!mlirOperationIsNull(named))
    mp_op_name(named, e->arg, sizeof e->arg);
}

/* The edge of operand `idx` (a memref) of `user`. */
static void alias_edge(MlirOperation user, intptr_t idx, edge *e) {
  MlirOperation none = {NULL};
  memset(e, 0, sizeof *e);
  e->kind = EDGE_NONE;

  if (mp_op_is(user, "memref.dealloc")) {
    e->kind = EDGE_FREE;
    return;
  }
  if (op_in(user, view_like)) {
    if (idx == 0) {
      e->kind = EDGE_ALIAS;
      e->results_of = user;
    }
    return;
  }
  if (op_in(user, hidden_uses)) {
    escape(e, MP_SKIP_UNKNOWN_OP,
           "used by '%s': still in use after it (raw address or async DMA)", user);
    return;
  }
  /* The region of a linalg op computes elements: what linalg.yield yields
   * is written into the op's outs, so a memref yielded there (the outs
   * are then a memref of memrefs) is stored into memory like one given to
   * memref.store; the blanket rule below took it for a plain read.
   * (vector.yield needs no such rule: a use inside vector.mask's region is
   * refused as a region that may run later, see sync_regions.) */
  if (mp_op_is(user, "linalg.yield")) {
    escape(e, MP_SKIP_STORED, "stored into memory by %s", user);
    return;
  }
  if (op_in(user, plain_users) || mp_op_has_prefix(user, "linalg.") ||
      mp_op_has_prefix(user, "vector.")) {
    if (has_memref_result(user)) {
      e->kind = EDGE_MAYBE;
      e->results_of = user;
    }
    return;
  }
  if (mp_op_is(user, "memref.store") || mp_op_is(user, "affine.store")) {
    if (idx == 0)
      escape(e, MP_SKIP_STORED, "stored into memory by %s", user);
    return;
  }
  if (mp_op_is(user, "arith.select")) {
    if (idx >= 1)
      alias_to(e, mlirOperationGetResult(user, 0));
    return;
  }
  if (mp_op_is(user, "func.return")) {
    escape(e, MP_SKIP_RETURNED, "returned from the function%s", none);
    return;
  }
  if (mp_op_is(user, "func.call") || mp_op_is(user, "func.call_indirect")) {
    escape(e, MP_SKIP_CALL, "passed to %s", user);
    return;
  }
  if (mp_op_is(user, "scf.yield") || mp_op_is(user, "affine.yield")) {
    MlirOperation p = mlirOperationGetParentOperation(user);
    if (mp_op_is(p, "scf.if") || mp_op_is(p, "affine.if") ||
        mp_op_is(p, "scf.execute_region") || mp_op_is(p, "scf.index_switch")) {
      alias_to(e, mlirOperationGetResult(p, idx));
    } else if (mp_op_is(p, "scf.for") || mp_op_is(p, "affine.for")) {
      alias_to(e, mlirOperationGetResult(p, idx));
      alias_to(e, region_arg(p, 0, idx + 1));
      e->loop = p;
    } else if (mp_op_is(p, "scf.while")) { /* after region -> before args */
      alias_to(e, region_arg(p, 0, idx));
      e->loop = p;
    } else {
      escape(e, MP_SKIP_UNKNOWN_OP,
             "yielded to '%s', whose memref effects memplan does not know", p);
    }
    return;
  }
  if (mp_op_is(user, "scf.condition")) {
    MlirOperation p = mlirOperationGetParentOperation(user);
    if (idx >= 1) {
      alias_to(e, mlirOperationGetResult(p, idx - 1));
      alias_to(e, region_arg(p, 1, idx - 1));
      e->loop = p;
    }
    return;
  }
  if (mp_op_is(user, "scf.for")) {
    if (idx >= 3) {
      alias_to(e, mlirOperationGetResult(user, idx - 3));
      alias_to(e, region_arg(user, 0, idx - 3 + 1));
    }
    return;
  }
  if (mp_op_is(user, "affine.for")) {
    intptr_t first = mlirOperationGetNumOperands(user) - mlirOperationGetNumResults(user);
    if (idx >= first) {
      alias_to(e, mlirOperationGetResult(user, idx - first));
      alias_to(e, region_arg(user, 0, idx - first + 1));
    }
    return;
  }
  if (mp_op_is(user, "scf.while")) {
    alias_to(e, region_arg(user, 0, idx));
    return;
  }
  escape(e, MP_SKIP_UNKNOWN_OP,
         "used by '%s', whose memref effects memplan does not know", user);
}

/* True if edge e leads to v. */
static bool edge_reaches(const edge *e, MlirValue v) {
  for (int i = 0; i < e->nto; ++i)
    if (mlirValueEqual(e->to[i], v))
      return true;
  return !mlirOperationIsNull(e->results_of) && mlirValueIsAOpResult(v) &&
         mlirOperationEqual(mlirOpResultGetOwner(v), e->results_of);
}

/*--- state of one pass over the allocs --------------------------------------*/

/* The allocs a memref.dealloc may free. */
typedef struct srcs {
  int64_t *idx;
  size_t n, cap;
  bool unknown; /* it may also free something that is no alloc of ours */
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

static bool has_src(const srcs *s, int64_t k) {
  for (size_t i = 0; i < s->n; ++i)
    if (s->idx[i] == k)
      return true;
  return false;
}

typedef struct lctx {
  mp_func *f;
  mp_ptrmap alloc_index;   /* alloc op -> index in f->allocs */
  mp_ptrmap dealloc_index; /* memref.dealloc op -> index in dops */
  srcs *reached;           /* per dealloc: allocs whose forward walk got to it */
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
  if (!is_memref(v))
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

/* Follows one use of an alias of `a` (the alloc with index stamp - 1) along
 * its edge. Returns -1 only if memory runs out. */
static int follow_use(lctx *c, mp_alloc *a, int64_t stamp, MlirOpOperand use) {
  MlirOperation user = mlirOpOperandGetOwner(use);
  edge e;
  alias_edge(user, (intptr_t)mlirOpOperandGetOperandNumber(use), &e);

  if (e.kind == EDGE_FREE) {
    /* Not a use. Noted, so that the dealloc trace can be checked against
     * what this walk saw (see mp_liveness). */
    int64_t d = mp_ptrmap_get(&c->dealloc_index, user.ptr, -1);
    return d >= 0 ? add_src(&c->reached[d], stamp - 1) : 0;
  }
  add_use(c, a, user);
  if (e.kind == EDGE_ESCAPE) {
    set_skip(a, e.why, e.fmt, e.arg);
    return 0;
  }
  if (!mlirOperationIsNull(e.loop) && in_anc(c, e.loop)) {
    set_skip(a, MP_SKIP_CARRIED, "carried across iterations of its enclosing loop%s", NULL);
    return 0;
  }
  for (int i = 0; i < e.nto; ++i)
    if (push_value(c, e.to[i], stamp))
      return -1;
  if (!mlirOperationIsNull(e.results_of))
    for (intptr_t r = 0; r < mlirOperationGetNumResults(e.results_of); ++r)
      if (push_value(c, mlirOperationGetResult(e.results_of, r), stamp))
        return -1;
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

static void raise_alignment(mp_func *f, mp_alloc *a, uint64_t al);

static void size_alloc(mp_func *f, mp_alloc *a) {
  MlirType t = mlirValueGetType(a->value);
  a->space = mlirMemRefTypeGetMemorySpace(t);
  /* The arena of an earlier run: planning it again moved the whole arena
   * into a new one, a level of views deeper on every run. First, so that
   * this is the reason given; its size is still found below, for the
   * summary's bytes left alone. */
  if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(
          a->op, mlirStringRefCreateFromCString(MP_ARENA_ATTR))))
    set_skip(a, MP_SKIP_ARENA, "the arena of an earlier memplan-static run%s", NULL);
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
  if (n > MP_ARENA_MAX_BYTES) {
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
  a->align = 1;
  raise_alignment(f, a, pow2ceil(al));
}

/* Raises a's alignment to `al` (a power of two). The global arena carries
 * the largest alignment of its buffers, and LLVM refuses a global aligned
 * to more than 2^32 bytes ("huge alignment values are unsupported" when
 * translating); a memref.alloc of its own handles any alignment, so such a
 * buffer keeps one. */
static void raise_alignment(mp_func *f, mp_alloc *a, uint64_t al) {
  if (al <= a->align)
    return;
  a->align = al;
  if (f->shared_arena && a->align > MEMPLAN_GLOBAL_MAX_ALIGN) {
    char why[32];
    snprintf(why, sizeof why, "%llu", (unsigned long long)a->align);
    set_skip(a, MP_SKIP_ALIGN,
             "alignment %s: with arena=global the arena is an LLVM global, "
             "aligned to at most 2^32", why);
  }
}

/* A view may read the buffer as another element type: vector.type_cast
 * makes memref<8xf32> a memref<vector<8xf32>>, whose loads LLVM lowers as
 * aligned to the vector (32 bytes), memref.view an i8 buffer an f64 one.
 * The buffer's offset must then be aligned for that type too, or the
 * planned program loads from an address the unplanned one (malloc's 16
 * bytes, or alignment=) would not have misaligned any worse. So every
 * alias the walk reaches raises the buffer's alignment to its element's
 * natural alignment. */
static void raise_to_alias(mp_func *f, mp_alloc *a, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsAMemRef(t))
    return;
  uint64_t al = 1;
  if (element_bytes(mlirShapedTypeGetElementType(t), &al))
    raise_alignment(f, a, pow2ceil(al));
}

/*--- the arena's size limit ----------------------------------------------*/

/* An arena is memref<peak x i8>, at most MP_ARENA_MAX_BYTES. When a plan
 * passed that (plan.c), the run starts again with f->trim naming the
 * buffers to leave alone; they are left alone here, before the dealloc
 * groups are settled, so that a dealloc that may free one of them is
 * handled like any other. */
static void limit_arenas(mp_func *f) {
  for (size_t i = 0; i < f->nallocs && f->ntrim; ++i)
    for (size_t t = 0; t < f->ntrim; ++t)
      if (mlirOperationEqual(f->allocs[i].op, f->trim[t]))
        set_skip(&f->allocs[i], MP_SKIP_ARENA_LIMIT,
                 "with the other buffers of its memory space the arena passed "
                 "2^62 bytes, too large for a memref (the largest are left "
                 "alone)%s", NULL);
}

/*--- dealloc sources (backward) -------------------------------------------*/

/* A backward walk over alias_edge: from the value a dealloc frees, to every
 * operand whose edge leads to it, and on until allocs are reached. A value
 * that no edge leads to (a function argument, a call result, a value passed
 * as a cf block argument, the result of an unknown op or of memref.alloca or
 * memref.get_global) may be any memory: the dealloc's sources are then
 * "unknown". So is a value reached through a maybe-alias edge. */
typedef struct tctx {
  lctx *c;
  srcs *s;
  mp_ptrmap *seen;
  int64_t stamp;
  MlirValue *work;
  size_t n, cap;
} tctx;

static int tpush(tctx *t, MlirValue v) {
  if (mp_ptrmap_get(t->seen, v.ptr, 0) == t->stamp)
    return 0;
  if (mp_ptrmap_put(t->seen, v.ptr, t->stamp))
    return -1;
  MlirValue *slot = mp_push(&t->work, &t->n, &t->cap, sizeof *slot);
  if (!slot)
    return -1;
  *slot = v;
  return 0;
}

/* Pushes the memref operands of op whose edges lead to v. Returns how many,
 * or -1 if memory runs out. */
static int from_operands(tctx *t, MlirOperation op, MlirValue v) {
  int found = 0;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue u = mlirOperationGetOperand(op, i);
    if (!is_memref(u))
      continue;
    edge e;
    alias_edge(op, i, &e);
    if ((e.kind != EDGE_ALIAS && e.kind != EDGE_MAYBE) || !edge_reaches(&e, v))
      continue;
    if (e.kind == EDGE_MAYBE)
      t->s->unknown = true;
    if (tpush(t, u))
      return -1;
    found++;
  }
  return found;
}

/* The same for op's own operands and for the terminators of every block of
 * every region of op: by alias_edge's shape, the only operands with an edge
 * to a result of op or to an argument of one of its blocks. */
static int from_op(tctx *t, MlirOperation op, MlirValue v) {
  int found = from_operands(t, op, v);
  for (intptr_t r = 0; found >= 0 && r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         found >= 0 && !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
      MlirOperation term = mlirBlockGetTerminator(b);
      if (mlirOperationIsNull(term))
        continue;
      int k = from_operands(t, term, v);
      found = k < 0 ? -1 : found + k;
    }
  return found;
}

/* Collects into s the allocs that the memref value v may be (a view of).
 * Returns -1 only if memory runs out. */
static int trace(lctx *c, MlirValue v0, srcs *s, mp_ptrmap *seen, int64_t stamp) {
  tctx t = {c, s, seen, stamp, NULL, 0, 0};
  int rc = -1;
  if (tpush(&t, v0))
    goto out;
  while (t.n > 0) {
    MlirValue v = t.work[--t.n];
    MlirOperation owner;
    if (mlirValueIsAOpResult(v)) {
      owner = mlirOpResultGetOwner(v);
      if (mp_op_is(owner, "memref.alloc")) {
        int64_t ai = mp_ptrmap_get(&c->alloc_index, owner.ptr, -1);
        if (ai < 0)
          s->unknown = true;
        else if (add_src(s, ai))
          goto out;
        continue;
      }
    } else {
      owner = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
      if (mlirOperationIsNull(owner)) {
        s->unknown = true;
        continue;
      }
    }
    int found = from_op(&t, owner, v);
    if (found < 0)
      goto out;
    if (found == 0)
      s->unknown = true;
  }
  rc = 0;
out:
  free(t.work);
  return rc;
}

/* "14:3" for a file location, else the location as MLIR prints it. */
static void loc_text(MlirLocation loc, char *buf, size_t len) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    snprintf(buf, len, "%d:%d", mlirLocationFileLineColRangeGetStartLine(loc),
             mlirLocationFileLineColRangeGetStartColumn(loc));
    return;
  }
  mp_textbuf tb = {buf, len, 0};
  buf[0] = 0;
  mlirLocationPrint(loc, mp_textbuf_append, &tb);
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
      if (mp_ptrmap_put(&c.dealloc_index, op.ptr, (int64_t)(nd - 1)))
        goto done;
    }
  }
  if (nd) {
    ds = calloc(nd, sizeof *ds);
    c.reached = calloc(nd, sizeof *c.reached);
    if (!ds || !c.reached)
      goto done;
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
      raise_to_alias(f, a, v);
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

  limit_arenas(f);

  /* Deallocs: what each may free, then unplan mixed groups to a fixpoint.
   * The trace inverts alias_edge, so it finds every alloc whose forward walk
   * reached the dealloc. Should the two ever part again, the dealloc is
   * taken to free something unknown: a free of arena memory must never stay
   * in the program, so its planned buffers are left alone instead. */
  for (size_t d = 0; d < nd; ++d) {
    if (trace(&c, mlirOperationGetOperand(dops[d], 0), &ds[d], &tseen, (int64_t)d + 1))
      goto done;
    for (size_t j = 0; j < c.reached[d].n; ++j)
      if (!has_src(&ds[d], c.reached[d].idx[j])) {
        if (add_src(&ds[d], c.reached[d].idx[j]))
          goto done;
        ds[d].unknown = true;
      }
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t d = 0; d < nd; ++d) {
      size_t planned = 0;
      for (size_t j = 0; j < ds[d].n; ++j)
        planned += f->allocs[ds[d].idx[j]].skip == MP_PLANNED;
      if (planned == 0 || (planned == ds[d].n && !ds[d].unknown))
        continue;
      char where[120];
      loc_text(mlirOperationGetLocation(dops[d]), where, sizeof where);
      for (size_t j = 0; j < ds[d].n; ++j) {
        mp_alloc *a = &f->allocs[ds[d].idx[j]];
        if (a->skip == MP_PLANNED) {
          set_skip(a, MP_SKIP_DEALLOC_MIX,
                   "a memref.dealloc may free it or a buffer memplan leaves "
                   "alone (the memref.dealloc at %s)", where);
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
    /* In which memory space the input frees each of them: rewrite.c frees
     * an arena outside the default space only in a way the input did. */
    MlirType t = mlirValueGetType(mlirOperationGetOperand(dops[d], 0));
    MlirAttribute freed = mlirTypeIsAMemRef(t) ? mlirMemRefTypeGetMemorySpace(t)
                                               : mlirUnrankedMemrefGetMemorySpace(t);
    for (size_t j = 0; j < ds[d].n; ++j) {
      mp_alloc *a = &f->allocs[ds[d].idx[j]];
      if (mlirAttributeEqual(freed, a->space)) {
        a->freed_in_space = true;
      } else if (!a->freed_elsewhere) {
        a->freed_elsewhere = true;
        a->freed_space = freed;
      }
    }
  }
  rc = 0;

done:
  if (rc)
    snprintf(f->err, sizeof f->err, "memplan-static: out of memory in liveness");
  for (size_t d = 0; ds && d < nd; ++d)
    free(ds[d].idx);
  for (size_t d = 0; c.reached && d < nd; ++d)
    free(c.reached[d].idx);
  free(ds);
  free(c.reached);
  mp_ptrmap_free(&c.dealloc_index);
  free(dops);
  free(c.work);
  free(c.anc);
  mp_ptrmap_free(&c.alloc_index);
  mp_ptrmap_free(&c.seen);
  mp_ptrmap_free(&tseen);
  return rc;
}
