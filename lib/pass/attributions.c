/*===-- attributions.c - GPU workgroup attributions -----------------------===*/
#include "attributions.h"

#include "sizes.h"
#include "spaces.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first workgroup attribution of `op`'s entry block, and how many there
 * are (the op's "workgroup_attributions"; 0 when op declares none). A
 * gpu.func's come after its inputs; a gpu.launch's after its configuration
 * arguments, which are all of type index. */
static intptr_t first_attribution(MlirOperation op, intptr_t *n) {
  MlirAttribute count = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("workgroup_attributions"));
  *n = mlirAttributeIsNull(count) || !mlirAttributeIsAInteger(count)
           ? 0
           : (intptr_t)mlirIntegerAttrGetValueInt(count);
  if (*n <= 0 || mlirOperationGetNumRegions(op) == 0)
    return *n = 0;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(entry))
    return *n = 0;
  if (mp_op_is(op, "gpu.func")) {
    MlirAttribute ft = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("function_type"));
    return mlirAttributeIsNull(ft) ? (*n = 0)
                                   : mlirFunctionTypeGetNumInputs(mlirTypeAttrGetValue(ft));
  }
  intptr_t k = 0, nargs = mlirBlockGetNumArguments(entry);
  while (k < nargs && mlirTypeIsAIndex(mlirValueGetType(mlirBlockGetArgument(entry, k))))
    k++;
  return k;
}

/* True if v is a workgroup attribution that l plans (into the arena). */
static bool planned(const mp_liveness *l, MlirValue v) {
  for (size_t i = 0; i < l->n; ++i)
    if (l->buffers[i].attribution && l->buffers[i].skip == MP_PLANNED &&
        mlirValueEqual(l->buffers[i].value, v))
      return true;
  return false;
}

/* The bytes of op's workgroup attributions in memory space `space` that are
 * not planned buffers of l, each rounded up to alignment `align` (as if
 * stacked below the arena). */
static uint64_t attribution_bytes(MlirOperation op, const mp_liveness *l, MlirAttribute space,
                                  uint64_t align) {
  intptr_t n = 0, first = first_attribution(op, &n);
  if (!n)
    return 0;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  uint64_t sum = 0;
  for (intptr_t k = first; k < first + n && k < mlirBlockGetNumArguments(entry); ++k) {
    MlirValue arg = mlirBlockGetArgument(entry, k);
    MlirType t = mlirValueGetType(arg);
    uint64_t bytes = 0, ea = 1;
    const char *why = NULL;
    if (!mlirTypeIsAMemRef(t) || planned(l, arg) ||
        !mlirAttributeEqual(mlirMemRefTypeGetMemorySpace(t), space) ||
        mp_memref_bytes(t, &bytes, &ea, &why) != MP_PLANNED)
      continue;
    sum += (bytes + align - 1) / align * align;
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
    sp->attributions = attribution_bytes(scope, l, sp->attr, sp->align);
    if (!sp->attributions)
      continue;
    if (sp->attributions >= cap) {
      char label[400], name[96];
      mp_space_label(sp, label, sizeof label);
      mp_op_name(scope, name, sizeof name);
      snprintf(err, err_len,
               "memplan-static: the workgroup attributions of the '%s' take %llu bytes of "
               "%s, whose capacity is %llu bytes: no arena fits beside them",
               name, (unsigned long long)sp->attributions, label,
               (unsigned long long)cap);
      return -1;
    }
    sp->problem.capacity = cap - sp->attributions;
  }
  return 0;
}

/*--- merged into the arena (gpu.func) ---------------------------------------*/

bool mp_attributions_merge(MlirOperation func, MlirAttribute space) {
  return mp_op_is(func, "gpu.func") && !mlirAttributeIsNull(space) &&
         mp_space_named(space, "workgroup");
}

int mp_attributions_collect(MlirOperation func, mp_liveness *l) {
  intptr_t n = 0, first = first_attribution(func, &n);
  if (!n || !mp_op_is(func, "gpu.func"))
    return 0;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (intptr_t k = first; k < first + n && k < mlirBlockGetNumArguments(entry); ++k) {
    MlirValue arg = mlirBlockGetArgument(entry, k);
    MlirType t = mlirValueGetType(arg);
    if (!mlirTypeIsAMemRef(t) || !mp_attributions_merge(func, mlirMemRefTypeGetMemorySpace(t)))
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

/* The attribution attributes of attribution `arg` of gpu.func `func` (a
 * dictionary, null when it has none). */
static MlirAttribute attribution_attrs(MlirOperation func, MlirValue arg) {
  intptr_t n = 0, first = first_attribution(func, &n);
  intptr_t k = mlirBlockArgumentGetArgNumber(arg) - first;
  MlirAttribute all = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("workgroup_attrib_attrs"));
  if (mlirAttributeIsNull(all) || !mlirAttributeIsAArray(all) || k < 0 ||
      k >= mlirArrayAttrGetNumElements(all))
    return (MlirAttribute){NULL};
  MlirAttribute d = mlirArrayAttrGetElement(all, k);
  return mlirAttributeIsADictionary(d) ? d : (MlirAttribute){NULL};
}

void mp_attribution_check(mp_buffer *b, uint64_t *align) {
  MlirAttribute d = attribution_attrs(b->op, b->value);
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
      mp_leave_alone(b, MP_SKIP_ATTRIBUTION,
                     "a workgroup attribution with the attribute '%s', which a view of "
                     "the arena cannot carry", text);
    }
  }
}

void mp_attributions_erase(MlirOperation func, const mp_liveness *l, MlirValue extra) {
  intptr_t n = 0, first = first_attribution(func, &n);
  bool *erase = calloc(n ? (size_t)n : 1, sizeof *erase);
  if (!erase)
    return; /* cannot be: a bool per attribution */
  bool any = false;
  for (size_t i = 0; l && i < l->n; ++i) {
    const mp_buffer *b = &l->buffers[i];
    intptr_t k = b->attribution && b->skip == MP_PLANNED
                     ? mlirBlockArgumentGetArgNumber(b->value) - first
                     : -1;
    if (k >= 0 && k < n)
      erase[k] = any = true;
  }
  intptr_t k = mlirValueIsNull(extra) ? -1 : mlirBlockArgumentGetArgNumber(extra) - first;
  if (k >= 0 && k < n)
    erase[k] = any = true;
  if (any)
    memplan_gpu_func_erase_workgroup_attributions(func, erase);
  free(erase);
}
