/*===-- sizes.c - Bytes and alignment of a memref as LLVM lays it out -----===*/
#include "sizes.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

uint64_t mp_pow2ceil(uint64_t x) {
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

/* An n-D vector is not one bit-packed block: the lowering makes it an array
 * of its innermost 1-D vector (vector<3x5xf32> is [3 x <5 x float>]), and
 * each 1-D vector takes its store size rounded up to a power of two (LLVM's
 * natural vector alignment), so vector<3x5xf32> takes 3 * 32 = 96 bytes, not
 * the 64 that packing all 15 floats and rounding once would give; sized as
 * one block, the next buffer in the arena would be overwritten. */
static uint64_t vector_bytes(MlirType t, uint64_t *align) {
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
  uint64_t row = mp_pow2ceil((inner * eb + 7) / 8);
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

uint64_t mp_element_bytes(MlirType t, uint64_t *align) {
  uint64_t bits = scalar_bits(t);
  if (bits) {
    *align = mp_pow2ceil((bits + 7) / 8);
    return *align;
  }
  if (mlirTypeIsAComplex(t)) {
    uint64_t e = mp_element_bytes(mlirComplexTypeGetElementType(t), align);
    return e ? 2 * e : 0;
  }
  if (mlirTypeIsAVector(t))
    return vector_bytes(t, align);
  return 0;
}

/* Whether the layout of a static memref type puts every element where the
 * identity layout does, so that a plain slice of the arena can hold it: no
 * layout, an identity affine map, or a strided layout with offset 0 whose
 * strides are the row-major ones of the shape, each the product of the
 * sizes after it (strided<[4, 1]> for 3x4, strided<[4, 4, 1]> for 3x1x4).
 * Only those exact strides count, even where a dimension of size 1 or 0
 * would let other strides reach the same bytes: memref.cast, which gives
 * the arena's view the alloc's own type back (rewrite.c), accepts two
 * static strides only when they are equal. A dynamic stride or offset, or
 * a product beyond int64, never equals. */
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

mp_skip mp_memref_bytes(MlirType t, uint64_t *bytes, uint64_t *elem_align,
                        const char **why) {
  *bytes = 0;
  *elem_align = 1;
  if (!mlirShapedTypeHasStaticShape(t))
    return *why = "dynamic shape", MP_SKIP_DYNAMIC;
  if (!identity_layout(t))
    return *why = "non-identity layout", MP_SKIP_LAYOUT;
  uint64_t n = mp_element_bytes(mlirShapedTypeGetElementType(t), elem_align);
  if (!n)
    return *why = "element type of unknown byte size", MP_SKIP_ELEMENT;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d) {
    uint64_t dim = (uint64_t)mlirShapedTypeGetDimSize(t, d);
    if (dim && n > UINT64_MAX / dim)
      return *why = "byte size overflows 64 bits", MP_SKIP_TOO_BIG;
    n *= dim;
  }
  /* Arena sizes become memref dimensions (int64); stay well below. */
  if (n > MP_ARENA_MAX_BYTES)
    return *why = "byte size too large for an arena", MP_SKIP_TOO_BIG;
  *bytes = n;
  return MP_PLANNED;
}
