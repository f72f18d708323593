/*===-- attributions.c - GPU workgroup attributions in the capacity -------===*/
#include "attributions.h"

#include "sizes.h"
#include "spaces.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>

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

/* The bytes of op's workgroup attributions in memory space `space`, each
 * rounded up to alignment `align` (as if stacked below the arena). */
static uint64_t attribution_bytes(MlirOperation op, MlirAttribute space, uint64_t align) {
  intptr_t n = 0, first = first_attribution(op, &n);
  if (!n)
    return 0;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  uint64_t sum = 0;
  for (intptr_t k = first; k < first + n && k < mlirBlockGetNumArguments(entry); ++k) {
    MlirType t = mlirValueGetType(mlirBlockGetArgument(entry, k));
    uint64_t bytes = 0, ea = 1;
    const char *why = NULL;
    if (!mlirTypeIsAMemRef(t) ||
        !mlirAttributeEqual(mlirMemRefTypeGetMemorySpace(t), space) ||
        mp_memref_bytes(t, &bytes, &ea, &why) != MP_PLANNED)
      continue;
    sum += (bytes + align - 1) / align * align;
  }
  return sum;
}

int mp_attributions_apply(MlirOperation func, const memplan_pass_options *o, mp_problems *p,
                          char *err, size_t err_len) {
  for (size_t s = 0; s < p->n; ++s) {
    mp_space *sp = &p->spaces[s];
    uint64_t cap = mp_space_capacity(o, sp->attr);
    MlirOperation scope = mlirOperationIsNull(sp->scope) ? func : sp->scope;
    if (!cap || sp->stack)
      continue;
    sp->attributions = attribution_bytes(scope, sp->attr, sp->align);
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
