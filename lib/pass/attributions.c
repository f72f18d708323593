/*===-- attributions.c - GPU workgroup attributions -----------------------===*/
#include "attributions.h"

#include "sizes.h"
#include "spaces.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The name of attribution kind `kind` (its #gpu.address_space). */
static const char *kind_name(memplan_attribution_kind kind) {
  return kind == MEMPLAN_ATTRIBUTION_WORKGROUP ? "workgroup" : "private";
}

/* The first attribution of kind `kind` in `op`'s entry block, and how many
 * there are (0 when op declares none or is no gpu.func or gpu.launch). A
 * gpu.func's workgroup attributions come after its inputs, a gpu.launch's
 * after its configuration arguments (all of type index); their count is
 * the op's "workgroup_attributions". The private attributions are the entry
 * block's arguments after them. */
static intptr_t first_attribution(MlirOperation op, memplan_attribution_kind kind,
                                  intptr_t *n) {
  *n = 0;
  bool func = mp_op_is(op, "gpu.func");
  if ((!func && !mp_op_is(op, "gpu.launch")) || mlirOperationGetNumRegions(op) == 0)
    return 0;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(entry))
    return 0;
  MlirAttribute count = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("workgroup_attributions"));
  intptr_t nwg = mlirAttributeIsNull(count) || !mlirAttributeIsAInteger(count)
                     ? 0
                     : (intptr_t)mlirIntegerAttrGetValueInt(count);
  intptr_t k = 0, nargs = mlirBlockGetNumArguments(entry);
  if (func) {
    MlirAttribute ft = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("function_type"));
    if (mlirAttributeIsNull(ft))
      return 0;
    k = mlirFunctionTypeGetNumInputs(mlirTypeAttrGetValue(ft));
  } else {
    while (k < nargs && mlirTypeIsAIndex(mlirValueGetType(mlirBlockGetArgument(entry, k))))
      k++;
  }
  if (nwg < 0 || k + nwg > nargs)
    return 0;
  if (kind == MEMPLAN_ATTRIBUTION_WORKGROUP) {
    *n = nwg;
    return k;
  }
  *n = nargs - k - nwg;
  return k + nwg;
}

/* All attributions of `op`, of both kinds: the entry block's arguments
 * [first, *end), the workgroup ones and then the private ones; *entry gets
 * the block. */
static intptr_t all_attributions(MlirOperation op, MlirBlock *entry, intptr_t *end) {
  intptr_t nwg = 0, np = 0, first = first_attribution(op, MEMPLAN_ATTRIBUTION_WORKGROUP, &nwg);
  intptr_t fp = first_attribution(op, MEMPLAN_ATTRIBUTION_PRIVATE, &np);
  *entry = nwg || np ? mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)) : (MlirBlock){NULL};
  *end = np ? fp + np : first + nwg;
  return nwg ? first : fp;
}

/* The kind of attribution `arg` (an attribution of `op`). */
static memplan_attribution_kind kind_of(MlirOperation op, MlirValue arg) {
  intptr_t n = 0, first = first_attribution(op, MEMPLAN_ATTRIBUTION_PRIVATE, &n);
  return n && mlirBlockArgumentGetArgNumber(arg) >= first ? MEMPLAN_ATTRIBUTION_PRIVATE
                                                          : MEMPLAN_ATTRIBUTION_WORKGROUP;
}

/* True if v is an attribution that l plans (into the arena). */
static bool planned(const mp_liveness *l, MlirValue v) {
  for (size_t i = 0; i < l->n; ++i)
    if (l->buffers[i].attribution && l->buffers[i].skip == MP_PLANNED &&
        mlirValueEqual(l->buffers[i].value, v))
      return true;
  return false;
}

/* The bytes of op's attributions in memory space `space` that are not
 * planned buffers of l, each rounded up to alignment `align` (as if stacked
 * below the arena); *kinds gets the name of their kind. */
static uint64_t attribution_bytes(MlirOperation op, const mp_liveness *l, MlirAttribute space,
                                  uint64_t align, const char **kinds) {
  uint64_t sum = 0;
  MlirBlock entry;
  intptr_t end = 0;
  for (intptr_t k = all_attributions(op, &entry, &end); k < end; ++k) {
    MlirValue arg = mlirBlockGetArgument(entry, k);
    MlirType t = mlirValueGetType(arg);
    uint64_t bytes = 0, ea = 1;
    const char *why = NULL;
    if (!mlirTypeIsAMemRef(t) || planned(l, arg) ||
        !mlirAttributeEqual(mlirMemRefTypeGetMemorySpace(t), space) ||
        mp_memref_bytes(t, &bytes, &ea, &why) != MP_PLANNED)
      continue;
    sum += (bytes + align - 1) / align * align;
    *kinds = kind_name(kind_of(op, arg));
  }
  return sum;
}

int mp_attributions_apply(MlirOperation func, const mp_liveness *l,
                          const memplan_pass_options *o, mp_problems *p, char *err,
                          size_t err_len) {
  for (size_t s = 0; s < p->n; ++s) {
    mp_space *sp = &p->spaces[s];
    uint64_t cap = mp_space_capacity(o, sp->attr);
    MlirOperation scope = mlirOperationIsNull(sp->scope) ? func : sp->scope;
    if (!cap || sp->stack)
      continue;
    sp->attributions = attribution_bytes(scope, l, sp->attr, sp->align, &sp->attribution_kind);
    if (!sp->attributions)
      continue;
    if (sp->attributions >= cap) {
      char label[400], name[96];
      mp_space_label(sp, label, sizeof label);
      mp_op_name(scope, name, sizeof name);
      snprintf(err, err_len,
               "memplan-static: the %s attributions of the '%s' take %llu bytes of "
               "%s, whose capacity is %llu bytes: no arena fits beside them",
               sp->attribution_kind, name, (unsigned long long)sp->attributions, label,
               (unsigned long long)cap);
      return -1;
    }
    sp->problem.capacity = cap - sp->attributions;
  }
  return 0;
}

/*--- merged into the arena (gpu.func) ---------------------------------------*/

bool mp_attributions_merge(MlirOperation func, MlirAttribute space,
                           memplan_attribution_kind *kind) {
  if (!mp_op_is(func, "gpu.func") || mlirAttributeIsNull(space))
    return false;
  for (int k = MEMPLAN_ATTRIBUTION_WORKGROUP; k <= MEMPLAN_ATTRIBUTION_PRIVATE; ++k) {
    if (!mp_space_named(space, kind_name((memplan_attribution_kind)k)))
      continue;
    if (kind)
      *kind = (memplan_attribution_kind)k;
    return true;
  }
  return false;
}

int mp_attributions_collect(MlirOperation func, mp_liveness *l) {
  if (!mp_op_is(func, "gpu.func"))
    return 0;
  MlirBlock entry;
  intptr_t end = 0;
  for (intptr_t k = all_attributions(func, &entry, &end); k < end; ++k) {
    MlirValue arg = mlirBlockGetArgument(entry, k);
    MlirType t = mlirValueGetType(arg);
    if (!mlirTypeIsAMemRef(t) ||
        !mp_attributions_merge(func, mlirMemRefTypeGetMemorySpace(t), NULL))
      continue;
    mp_buffer *b = mp_push(&l->buffers, &l->n, &l->cap, sizeof *b);
    if (!b)
      return -1;
    memset(b, 0, sizeof *b);
    b->op = func;
    b->value = arg;
    b->def = 0;
    b->start = b->end = -1;
    b->align = 1;
    b->attribution = true;
  }
  return 0;
}

/* The attribution attributes of attribution `arg` of kind `kind` of
 * gpu.func `func` (a dictionary, null when it has none). */
static MlirAttribute attribution_attrs(MlirOperation func, MlirValue arg,
                                       memplan_attribution_kind kind) {
  intptr_t n = 0, first = first_attribution(func, kind, &n);
  intptr_t k = mlirBlockArgumentGetArgNumber(arg) - first;
  MlirAttribute all = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString(kind == MEMPLAN_ATTRIBUTION_WORKGROUP
                                               ? "workgroup_attrib_attrs"
                                               : "private_attrib_attrs"));
  if (mlirAttributeIsNull(all) || !mlirAttributeIsAArray(all) || k < 0 ||
      k >= mlirArrayAttrGetNumElements(all))
    return (MlirAttribute){NULL};
  MlirAttribute d = mlirArrayAttrGetElement(all, k);
  return mlirAttributeIsADictionary(d) ? d : (MlirAttribute){NULL};
}

void mp_attribution_check(mp_buffer *b, uint64_t *align) {
  memplan_attribution_kind kind = kind_of(b->op, b->value);
  MlirAttribute d = attribution_attrs(b->op, b->value, kind);
  for (intptr_t i = 0; !mlirAttributeIsNull(d) && i < mlirDictionaryAttrGetNumElements(d); ++i) {
    MlirNamedAttribute a = mlirDictionaryAttrGetElement(d, i);
    MlirStringRef name = mlirIdentifierStr(a.name);
    char text[128];
    snprintf(text, sizeof text, "%.*s", name.length > 100 ? 100 : (int)name.length, name.data);
    if (strcmp(text, "llvm.align") == 0 && mlirAttributeIsAInteger(a.attribute)) {
      int64_t v = mlirIntegerAttrGetValueInt(a.attribute);
      if (v > 0 && (uint64_t)v > *align)
        *align = (uint64_t)v;
    } else if (strcmp(text, MP_ARENA_ATTR) == 0) {
      mp_leave_alone(b, MP_SKIP_ARENA, "the arena of an earlier memplan-static run%s", NULL);
    } else {
      /* a view is no block argument: whatever the attribute tells the
       * lowering would be lost */
      char fmt[160];
      snprintf(fmt, sizeof fmt,
               "a %s attribution with the attribute '%%s', which a view of the arena "
               "cannot carry", kind_name(kind));
      mp_leave_alone(b, MP_SKIP_ATTRIBUTION, fmt, text);
    }
  }
}

void mp_attributions_erase(MlirOperation func, const mp_liveness *l, MlirValue extra) {
  /* Which to erase of each kind, all found before any goes (an erased
   * argument has no number); then the private ones, which come last, so
   * that the workgroup ones keep their numbers. */
  bool *erase[2] = {NULL, NULL}, any[2] = {false, false};
  for (int kind = MEMPLAN_ATTRIBUTION_WORKGROUP; kind <= MEMPLAN_ATTRIBUTION_PRIVATE; ++kind) {
    intptr_t n = 0, first = first_attribution(func, (memplan_attribution_kind)kind, &n);
    erase[kind] = calloc(n ? (size_t)n : 1, sizeof *erase[kind]);
    if (!erase[kind])
      goto done; /* cannot be: a bool per attribution */
    for (size_t i = 0; l && i < l->n; ++i) {
      const mp_buffer *b = &l->buffers[i];
      intptr_t k = b->attribution && b->skip == MP_PLANNED
                       ? mlirBlockArgumentGetArgNumber(b->value) - first
                       : -1;
      if (k >= 0 && k < n)
        erase[kind][k] = any[kind] = true;
    }
    intptr_t k = mlirValueIsNull(extra) ? -1 : mlirBlockArgumentGetArgNumber(extra) - first;
    if (k >= 0 && k < n)
      erase[kind][k] = any[kind] = true;
  }
  for (int kind = MEMPLAN_ATTRIBUTION_PRIVATE; kind >= MEMPLAN_ATTRIBUTION_WORKGROUP; --kind)
    if (any[kind])
      memplan_gpu_func_erase_attributions(func, (memplan_attribution_kind)kind, erase[kind]);
done:
  free(erase[0]);
  free(erase[1]);
}
