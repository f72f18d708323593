/*===-- rewrite.c - Arena, views, erased deallocs -------------------------===*\
|*                                                                            *|
|* Stage 4 of memplan-static. Per memory space with planned buffers:          *|
|*   - arena=alloc:  %arena = memref.alloc() {alignment = A, memplan.arena}   *|
|*     : memref<Nxi8>, first in the function, freed before each func.return   *|
|*     (below); memplan.arena tells a later run to leave it alone;            *|
|*   - arena=global: a private, uninitialized memref.global of the same type  *|
|*     next to the function, read with memref.get_global at function entry.   *|
|* The arena=alloc arena gets no kind of dealloc the input could not have     *|
|* had. In the default memory space it is always freed: memref.dealloc %arena *|
|* (the standard lowering frees there). In any other space a dealloc may not  *|
|* lower at all (upstream's finalize-memref-to-llvm cannot free an            *|
|* !llvm.ptr<1>), so the arena is freed only as the input freed its buffers:  *|
|* with a memref.dealloc in that space if the input freed one of them so;     *|
|* else through a memref.memory_space_cast to the space in which the input    *|
|* freed one of them (after a cast of its own); else not at all. Then the     *|
|* input freed none of them, and the arena, no larger than their sum, leaks   *|
|* no more than they did.                                                     *|
|* A is the largest alignment of the buffers in it, so base + offset keeps    *|
|* every buffer's own alignment. Each planned alloc becomes, at its own       *|
|* place (inside loops too):                                                  *|
|*     %o = arith.constant <offset> : index                                   *|
|*     %v = memref.view %arena[%o][] : memref<Nxi8> to <the alloc's type>     *|
|* and its deallocs (found by liveness.c) are erased. A view has the          *|
|* identity layout; an alloc whose strided layout equals it (liveness.c:      *|
|* memref<3x4xf32, strided<[4, 1]>>) gets its own type back from a            *|
|* memref.cast of the view, which is what its users then see. The arena       *|
|* dominates every view because it is the first op of the entry block, and    *|
|* planned allocs all have static shapes, so the views need no size operands. *|
|*                                                                            *|
|* Ops are built with the generic OperationState API; the result verifies     *|
|* (the pass manager checks it after the pass).                               *|
\*===----------------------------------------------------------------------===*/
#include "pass_internal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Functions are planned on several threads at once; inserting arena globals
 * into their shared parent block (and picking unique names) is serialized. */
static pthread_mutex_t global_lock = PTHREAD_MUTEX_INITIALIZER;

void mp_module_lock(void) { pthread_mutex_lock(&global_lock); }
void mp_module_unlock(void) { pthread_mutex_unlock(&global_lock); }

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

/*--- the symbol names of a block, for arena=global --------------------------*/

/* Whether `name` is taken in `body`: one pass over the block. It was called
 * for each arena of each function, so a module of F functions cost F^2
 * attribute reads under the lock (10,000 functions: 14 s, 20,000: 275 s).
 * It is still the answer when there is no table (below). */
static bool symbol_taken(MlirBlock body, MlirStringRef name) {
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    MlirAttribute a = mlirOperationGetAttributeByName(o, sref("sym_name"));
    if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a)) {
      MlirStringRef s = mlirStringAttrGetValue(a);
      if (s.length == name.length && memcmp(s.data, name.data, s.length) == 0)
        return true;
    }
  }
  return false;
}

/* So the names of a block are read once per run of a pass object over it,
 * into a table: the set of every sym_name in the block, as the context's
 * uniqued string attribute of the name (one pointer per name, so a lookup
 * is a hash of a pointer). The difficulty is knowing that a table is still
 * the block's, since a function pass is told neither where a run starts
 * nor where it ends, and a block's address can come back for another
 * module once the first one is freed. A table is therefore used only when
 * everything below holds, and is built again otherwise:
 *
 *  - It belongs to one pass object: the shim gives each pass object a
 *    number (memplan_pass_options.instance, never reused in the process)
 *    that its clones (one per thread) share, and drops its tables when the
 *    last of them is destroyed. A new PassManager, as mlir-opt builds for
 *    every invocation and for every chunk of --split-input-file, has new
 *    pass objects and so new tables: nothing from an earlier module or an
 *    earlier context is ever looked at. So does the second memplan-static
 *    of a pipeline ("func.func(memplan-static), inline, symbol-dce,
 *    func.func(memplan-static)"), which thus sees the symbols that
 *    symbol-dce or the inliner left, and no others.
 *  - Within a run, the block's symbols change only through memplan: other
 *    passes on other functions may not add or remove the module's symbols,
 *    and memplan adds each global it inserts into every table of the block
 *    (record_name), whichever pass object made that table. So two pass
 *    objects interleaved in one pipeline ("func.func(memplan-static,
 *    canonicalize, memplan-static)") each see the other's globals.
 *  - One pass object may run again, when a program runs one PassManager
 *    a second time, on the same module changed by other passes or on
 *    another module at the same address. A run hands every function with
 *    a body to the pass exactly once, and mp_symbols_enter notes each one
 *    in the table (`entered`) before it is planned: a function that was
 *    entered already, or that the table does not list under the same name
 *    (a function added since, or another module's op at a reused address),
 *    means a new run, and the table is built afresh. The one case this
 *    cannot tell is a run that stopped part-way (a pass failed on another
 *    function, and the PassManager stops handing out functions) followed by
 *    a run of the same PassManager in which a function the stopped run
 *    never reached is planned first: if the module gained or lost a
 *    symbol named like that function's arena in between, by other means
 *    than memplan, the table is out of date for it.
 *
 * A table so kept holds exactly the names a scan of the block would find,
 * and answers alike. (And as the names are one to one, see make_global,
 * the globals that other functions insert meanwhile never decide f's
 * name: the order in which threads plan functions still does not matter.)
 * Out of memory, a table is dropped and symbol_taken answers instead. */
typedef struct sym_table {
  uint64_t instance;     /* memplan_pass_options.instance */
  const void *block;     /* the block's pointer: compared, never followed */
  mp_ptrmap names;       /* canonical name attribute -> 1 */
  mp_ptrmap funcs;       /* func.func with a body -> its name attribute */
  mp_ptrmap entered;     /* func.func -> 1 once mp_symbols_enter saw it */
  struct sym_table *next;
} sym_table;

static sym_table *tables;      /* under global_lock */
static uint64_t last_instance; /* under global_lock */

uint64_t memplan_pass_instance_new(void) {
  pthread_mutex_lock(&global_lock);
  uint64_t id = ++last_instance;
  pthread_mutex_unlock(&global_lock);
  return id;
}

static void table_free(sym_table *t) {
  mp_ptrmap_free(&t->names);
  mp_ptrmap_free(&t->funcs);
  mp_ptrmap_free(&t->entered);
  free(t);
}

/* Unlinks and frees t. Under global_lock. */
static void table_drop(sym_table *t) {
  for (sym_table **p = &tables; *p; p = &(*p)->next)
    if (*p == t) {
      *p = t->next;
      break;
    }
  table_free(t);
}

void memplan_pass_instance_release(uint64_t instance) {
  pthread_mutex_lock(&global_lock);
  for (sym_table **p = &tables; *p;) {
    sym_table *t = *p;
    if (t->instance == instance) {
      *p = t->next;
      table_free(t);
    } else {
      p = &t->next;
    }
  }
  pthread_mutex_unlock(&global_lock);
}

static sym_table *table_find(const void *block, uint64_t instance) {
  for (sym_table *t = tables; t; t = t->next)
    if (t->block == block && t->instance == instance)
      return t;
  return NULL;
}

/* The name attribute that stands for the name `a` holds: `a` itself, or for
 * a string with a type ("x" : i64, which a generic op may carry as its
 * sym_name) the plain string, so that equal names give equal pointers as
 * symbol_taken compared the bytes. NULL if `a` is no string. */
static const void *name_key(MlirContext ctx, MlirAttribute a) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return NULL;
  if (mlirTypeIsANone(mlirAttributeGetType(a)))
    return a.ptr;
  return mlirStringAttrGet(ctx, mlirStringAttrGetValue(a)).ptr;
}

static const void *sym_name_key(MlirContext ctx, MlirOperation o) {
  return name_key(ctx, mlirOperationGetAttributeByName(o, sref("sym_name")));
}

/* Builds the table of (block, instance) afresh, dropping the old one.
 * Returns it, or NULL if memory runs out. Under global_lock. */
static sym_table *table_build(MlirContext ctx, MlirBlock body, uint64_t instance) {
  sym_table *old = table_find(body.ptr, instance);
  if (old)
    table_drop(old);
  sym_table *t = calloc(1, sizeof *t);
  if (!t)
    return NULL;
  t->instance = instance;
  t->block = body.ptr;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    const void *key = sym_name_key(ctx, o);
    if (key && mp_ptrmap_put(&t->names, key, 1))
      goto oom;
    if (key && mp_is_defined_func(o) &&
        mp_ptrmap_put(&t->funcs, o.ptr, (int64_t)(intptr_t)key))
      goto oom;
  }
  t->next = tables;
  tables = t;
  return t;
oom:
  table_free(t);
  return NULL;
}

/* The block that holds func's arena globals, or a null block. */
static MlirBlock global_block(MlirOperation func) {
  MlirOperation parent = mlirOperationGetParentOperation(func);
  if (mlirOperationIsNull(parent) || mlirOperationGetNumRegions(parent) < 1)
    return (MlirBlock){NULL};
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(parent, 0));
}

void mp_symbols_enter(MlirOperation func, uint64_t instance) {
  MlirBlock body = global_block(func);
  if (!instance || mlirBlockIsNull(body))
    return;
  MlirContext ctx = mlirOperationGetContext(func);
  pthread_mutex_lock(&global_lock);
  sym_table *t = table_find(body.ptr, instance);
  const void *key = sym_name_key(ctx, func);
  if (!t || !key ||
      mp_ptrmap_get(&t->funcs, func.ptr, 0) != (int64_t)(intptr_t)key ||
      mp_ptrmap_get(&t->entered, func.ptr, 0))
    t = table_build(ctx, body, instance);
  if (t && mp_ptrmap_put(&t->entered, func.ptr, 1))
    table_drop(t);
  pthread_mutex_unlock(&global_lock);
}

/* Adds the name attribute `name`, just inserted into `body`, to every table
 * of that block; a table that cannot take it is dropped (it would miss the
 * name). Under global_lock. */
static void record_name(MlirBlock body, const void *name) {
  for (sym_table *t = tables, *next; t; t = next) {
    next = t->next;
    if (t->block == body.ptr && mp_ptrmap_put(&t->names, name, 1))
      table_drop(t);
  }
}

/* Whether `name` is taken in `body`, from the table t when there is one. */
static bool name_taken(MlirContext ctx, sym_table *t, MlirBlock body,
                       MlirStringRef name) {
  if (!t)
    return symbol_taken(body, name);
  return mp_ptrmap_get(&t->names, mlirStringAttrGet(ctx, name).ptr, 0) != 0;
}

/* Writes the arena global's name for the memory space part `space` ("" for
 * the default space), retry k (0: none) and function name fname into
 * name[len], len >= fname.length + 64 (make_global explains the forms),
 * and returns it with its length: a symbol name may hold a NUL byte. */
static MlirStringRef global_name(char *name, size_t len, const char *space,
                                 int k, MlirStringRef fname) {
  int w = k == 0 ? snprintf(name, len, "__memplan_arena%s_", space)
                 : snprintf(name, len, "__memplan_arena%sv%d_",
                            space[0] ? space : "0", k);
  memcpy(name + w, fname.data, fname.length);
  name[(size_t)w + fname.length] = 0;
  return mlirStringRefCreate(name, (size_t)w + fname.length);
}

/* Creates the global for space `s` next to the function. Its name is
 * returned in *out (out->data is malloc'd: the caller frees it), sized from the
 * function's name: a fixed buffer refused legal long names ("function name
 * longer than 960 bytes") that MLIR itself takes. */
static int make_global(mp_func *f, size_t s, MlirType type, uint64_t align,
                       uint64_t instance, MlirStringRef *out) {
  MlirContext ctx = mlirOperationGetContext(f->func);
  MlirLocation loc = mlirOperationGetLocation(f->func);
  MlirBlock body = global_block(f->func);
  if (mlirBlockIsNull(body)) {
    snprintf(f->err, sizeof f->err,
             "memplan-static: arena=global needs the function inside a module");
    return -1;
  }
  /* Names must not depend on which function happens to be planned first:
   * functions run on several threads, so "take the next free name" would
   * make the output differ between runs whenever two functions' candidate
   * names meet (@a with a second memory space and a function @a_1, or two
   * long names cut to the same prefix). So the name is a one-to-one
   * encoding of (function name, memory space, retry), after the prefix
   * "__memplan_arena":
   *   "_F"            the default memory space,
   *   "<N>_F"         the integer memory space N (memref<4xf32, N>),
   *   "a<s>_F"        any other attribute ("gpu", #gpu.address_space<..>):
   *                   s is the arena's index in the function, which only
   *                   depends on the function's own ops,
   * and "0v<k>_F", "<N>v<k>_F", "a<s>v<k>_F" when a symbol that was in the
   * module before the pass already has the name. The character after the
   * prefix ('_', a digit or '-', 'a') tells the three forms apart and the
   * number ends at the first '_' or 'v', so F and the space can be read
   * back from the name: two functions (or two arenas of one function) can
   * never produce the same string, and the retry only steps around the
   * user's own symbols, which every thread sees alike. */
  MlirStringRef fname = {"func", 4};
  MlirAttribute fn = mlirOperationGetAttributeByName(f->func, sref("sym_name"));
  if (!mlirAttributeIsNull(fn) && mlirAttributeIsAString(fn))
    fname = mlirStringAttrGetValue(fn);
  *out = (MlirStringRef){NULL, 0};
  /* The prefix, the space and the retry take far less than 64 bytes; the
   * name is copied with memcpy, so its length is not limited to an int. */
  size_t len = fname.length + 64;
  char *name = fname.length < SIZE_MAX - 64 ? malloc(len) : NULL;
  if (!name) {
    snprintf(f->err, sizeof f->err, "memplan-static: out of memory");
    return -1;
  }
  int rc = 0;
  pthread_mutex_lock(&global_lock);
  char space[32];
  int64_t n = 0;
  switch (mp_space_classify(f->spaces[s].attr, &n)) {
  case MP_SPACE_DEFAULT:
    space[0] = 0;
    break;
  case MP_SPACE_INT:
    snprintf(space, sizeof space, "%lld", (long long)n);
    break;
  case MP_SPACE_OTHER:
    snprintf(space, sizeof space, "a%zu", s);
    break;
  }
  sym_table *t = instance ? table_find(body.ptr, instance) : NULL;
  MlirStringRef gname = global_name(name, len, space, 0, fname);
  for (int k = 1; k < 1000 && name_taken(ctx, t, body, gname); ++k)
    gname = global_name(name, len, space, k, fname);
  if (name_taken(ctx, t, body, gname)) {
    pthread_mutex_unlock(&global_lock);
    snprintf(f->err, sizeof f->err,
             "memplan-static: arena=global: no free symbol name for the arena of '%.*s'",
             fname.length > 100 ? 100 : (int)fname.length, fname.data);
    free(name);
    return -1;
  }
  MlirAttribute sym = mlirStringAttrGet(ctx, gname);
  MlirNamedAttribute attrs[5] = {
      named(ctx, "sym_name", sym),
      named(ctx, "sym_visibility", mlirStringAttrGet(ctx, sref("private"))),
      named(ctx, "type", mlirTypeAttrGet(type)),
      named(ctx, "initial_value", mlirUnitAttrGet(ctx)),
      named(ctx, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), (int64_t)align)),
  };
  MlirOperation g = create("memref.global", loc, 0, NULL, 0, NULL, 5, attrs);
  if (mlirOperationIsNull(g)) {
    snprintf(f->err, sizeof f->err, "memplan-static: cannot create memref.global");
    rc = -1;
  } else {
    mlirBlockInsertOwnedOperationBefore(body, f->func, g);
    record_name(body, sym.ptr);
  }
  pthread_mutex_unlock(&global_lock);
  if (rc)
    free(name);
  else
    *out = gname;
  return rc;
}

/* The type memref.view yields for a planned alloc of type t: t itself,
 * or for a strided layout equal to the identity (liveness.c,
 * identity_layout) the same shape, element type and memory space without
 * a layout. Returns a null type if memory runs out. */
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

int mp_rewrite(mp_func *f, const memplan_pass_options *o) {
  MlirContext ctx = mlirOperationGetContext(f->func);
  MlirLocation floc = mlirOperationGetLocation(f->func);
  MlirRegion fregion = mlirOperationGetRegion(f->func, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(fregion);
  MlirType i8 = mlirIntegerTypeGet(ctx, 8);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirType index = mlirIndexTypeGet(ctx);
  int rc = -1;

  /* The views' types are found before the IR is touched, so that running
   * out of memory leaves the function as it was. */
  MlirType *vtypes = malloc((f->nallocs ? f->nallocs : 1) * sizeof *vtypes);
  if (!vtypes)
    goto oom;
  for (size_t i = 0; i < f->nallocs; ++i) {
    if (f->allocs[i].skip != MP_PLANNED)
      continue;
    vtypes[i] = plain_type(mlirValueGetType(f->allocs[i].value));
    if (mlirTypeIsNull(vtypes[i]))
      goto oom;
  }

  for (size_t s = 0; s < f->nspaces; ++s) {
    mp_space *sp = &f->spaces[s];
    int64_t n = (int64_t)sp->plan.peak;
    MlirType atype = mlirMemRefTypeContiguousGet(i8, 1, &n, sp->attr);
    MlirOperation arena;
    if (o->arena == MEMPLAN_ARENA_GLOBAL) {
      MlirStringRef gname;
      if (make_global(f, s, atype, sp->align, o->instance, &gname))
        goto done;
      MlirNamedAttribute a = named(ctx, "name", mlirFlatSymbolRefAttrGet(ctx, gname));
      arena = create("memref.get_global", floc, 1, &atype, 0, NULL, 1, &a);
      free((char *)gname.data);
    } else {
      int32_t seg[2] = {0, 0};
      MlirNamedAttribute a[3] = {
          named(ctx, "alignment", mlirIntegerAttrGet(i64, (int64_t)sp->align)),
          named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, seg)),
          named(ctx, MP_ARENA_ATTR, mlirUnitAttrGet(ctx)),
      };
      arena = create("memref.alloc", floc, 1, &atype, 0, NULL, 3, a);
    }
    if (mlirOperationIsNull(arena))
      goto fail;
    mlirBlockInsertOwnedOperation(entry, 0, arena);
    MlirValue av = mlirOperationGetResult(arena, 0);

    /* How the arena is freed (see the header): directly, through a cast to
     * the one memory space the input freed its buffers in, or not at all. */
    bool free_direct = false, free_cast = false;
    MlirType cast_type = {NULL};
    if (o->arena == MEMPLAN_ARENA_ALLOC) {
      free_direct = mp_space_classify(sp->attr, NULL) == MP_SPACE_DEFAULT;
      for (size_t k = 0; k < sp->problem.count && !free_direct; ++k) {
        const mp_alloc *al = &f->allocs[sp->alloc_of[k]];
        free_direct = al->freed_in_space;
        if (al->freed_elsewhere && !free_cast) {
          free_cast = true;
          cast_type = mlirMemRefTypeContiguousGet(i8, 1, &n, al->freed_space);
        }
      }
    }
    if (free_direct || free_cast) {
      for (MlirBlock b = entry; !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
        MlirOperation t = mlirBlockGetTerminator(b);
        if (mlirOperationIsNull(t) || !mp_op_is(t, "func.return"))
          continue;
        MlirLocation tloc = mlirOperationGetLocation(t);
        MlirValue freed = av;
        if (!free_direct) {
          MlirOperation c = create("memref.memory_space_cast", tloc, 1, &cast_type, 1, &av, 0, NULL);
          if (mlirOperationIsNull(c))
            goto fail;
          mlirBlockInsertOwnedOperationBefore(b, t, c);
          freed = mlirOperationGetResult(c, 0);
        }
        MlirOperation d = create("memref.dealloc", tloc, 0, NULL, 1, &freed, 0, NULL);
        if (mlirOperationIsNull(d))
          goto fail;
        mlirBlockInsertOwnedOperationBefore(b, t, d);
      }
    }

    for (size_t k = 0; k < sp->problem.count; ++k) {
      mp_alloc *al = &f->allocs[sp->alloc_of[k]];
      MlirLocation loc = mlirOperationGetLocation(al->op);
      MlirBlock b = mlirOperationGetBlock(al->op);
      MlirNamedAttribute v = named(ctx, "value", mlirIntegerAttrGet(index, (int64_t)al->offset));
      MlirOperation c = create("arith.constant", loc, 1, &index, 0, NULL, 1, &v);
      if (mlirOperationIsNull(c))
        goto fail;
      mlirBlockInsertOwnedOperationBefore(b, al->op, c);
      MlirValue ops[2] = {av, mlirOperationGetResult(c, 0)};
      MlirType at = mlirValueGetType(al->value);
      MlirType vt = vtypes[sp->alloc_of[k]];
      MlirOperation view = create("memref.view", loc, 1, &vt, 2, ops, 0, NULL);
      if (mlirOperationIsNull(view))
        goto fail;
      mlirBlockInsertOwnedOperationBefore(b, al->op, view);
      MlirValue nv = mlirOperationGetResult(view, 0);
      if (!mlirTypeEqual(vt, at)) {
        MlirOperation cast = create("memref.cast", loc, 1, &at, 1, &nv, 0, NULL);
        if (mlirOperationIsNull(cast))
          goto fail;
        mlirBlockInsertOwnedOperationBefore(b, al->op, cast);
        nv = mlirOperationGetResult(cast, 0);
      }
      mlirValueReplaceAllUsesOfWith(al->value, nv);
      mlirOperationDestroy(al->op);
      al->op.ptr = NULL;
    }
  }
  for (size_t d = 0; d < f->ndeallocs; ++d)
    mlirOperationDestroy(f->deallocs[d]);
  f->ndeallocs = 0;
  rc = 0;
  goto done;

fail:
  snprintf(f->err, sizeof f->err,
           "memplan-static: cannot create an op (are the memref and arith dialects loaded?)");
  goto done;
oom:
  snprintf(f->err, sizeof f->err, "memplan-static: out of memory");
done:
  free(vtypes);
  return rc;
}
