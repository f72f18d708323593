/*===-- ir.c - Helpers on the MLIR C API shared by the stages -------------===*/
#include "ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- pointer map ----------------------------------------------------------*/

static size_t hash_ptr(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= UINT64_C(0xff51afd7ed558ccd);
  x ^= x >> 33;
  return (size_t)x;
}

void mp_ptrmap_free(mp_ptrmap *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

static int grow(mp_ptrmap *m) {
  size_t cap = m->cap ? 2 * m->cap : 64;
  const void **keys = calloc(cap, sizeof *keys);
  int64_t *vals = calloc(cap, sizeof *vals);
  if (!keys || !vals) {
    free(keys);
    free(vals);
    return -1;
  }
  for (size_t i = 0; i < m->cap; ++i) {
    if (!m->keys[i])
      continue;
    size_t j = hash_ptr(m->keys[i]) & (cap - 1);
    while (keys[j])
      j = (j + 1) & (cap - 1);
    keys[j] = m->keys[i];
    vals[j] = m->vals[i];
  }
  free(m->keys);
  free(m->vals);
  m->keys = keys;
  m->vals = vals;
  m->cap = cap;
  return 0;
}

int mp_ptrmap_put(mp_ptrmap *m, const void *key, int64_t val) {
  if (2 * (m->n + 1) > m->cap && grow(m))
    return -1;
  size_t j = hash_ptr(key) & (m->cap - 1);
  while (m->keys[j] && m->keys[j] != key)
    j = (j + 1) & (m->cap - 1);
  if (!m->keys[j]) {
    m->keys[j] = key;
    m->n++;
  }
  m->vals[j] = val;
  return 0;
}

int64_t mp_ptrmap_get(const mp_ptrmap *m, const void *key, int64_t dflt) {
  if (!m->cap)
    return dflt;
  size_t j = hash_ptr(key) & (m->cap - 1);
  while (m->keys[j]) {
    if (m->keys[j] == key)
      return m->vals[j];
    j = (j + 1) & (m->cap - 1);
  }
  return dflt;
}

/*--- arrays -----------------------------------------------------------------*/

void *mp_push(void *arrp, size_t *n, size_t *cap, size_t size) {
  /* The pointer is read and written with memcpy so that any T** may be
   * passed without breaking C's aliasing rules. */
  char *arr;
  memcpy(&arr, arrp, sizeof arr);
  if (*n == *cap) {
    size_t c = *cap ? 2 * *cap : 16;
    char *p = realloc(arr, c * size);
    if (!p)
      return NULL;
    arr = p;
    memcpy(arrp, &arr, sizeof arr);
    *cap = c;
  }
  void *slot = arr + *n * size;
  memset(slot, 0, size);
  (*n)++;
  return slot;
}

int mp_at_cmp(const void *x, const void *y) {
  const mp_at *a = x, *b = y;
  if (a->pos != b->pos)
    return a->pos < b->pos ? -1 : 1;
  return (a->k > b->k) - (a->k < b->k);
}

/*--- ops and values -------------------------------------------------------*/

bool mp_op_is(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(name);
  return s.length == n && memcmp(s.data, name, n) == 0;
}

bool mp_op_has_prefix(MlirOperation op, const char *prefix) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(prefix);
  return s.length >= n && memcmp(s.data, prefix, n) == 0;
}

bool mp_op_in(MlirOperation op, const char *const *names) {
  for (; *names; ++names)
    if (mp_op_is(op, *names))
      return true;
  return false;
}

MlirOperation mp_op_ancestor_in(MlirOperation op, MlirBlock block) {
  while (!mlirOperationIsNull(op) && !mlirBlockEqual(mlirOperationGetBlock(op), block))
    op = mlirOperationGetParentOperation(op);
  return op;
}

void mp_op_name(MlirOperation op, char *buf, size_t len) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  snprintf(buf, len, "%.*s", (int)s.length, s.data);
}

bool mp_is_memref(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAMemRef(t) || mlirTypeIsAUnrankedMemRef(t);
}

bool mp_has_memref_result(MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
    if (mp_is_memref(mlirOperationGetResult(op, r)))
      return true;
  return false;
}

MlirBlock mp_value_block(MlirValue v) {
  if (mlirValueIsABlockArgument(v))
    return mlirBlockArgumentGetOwner(v);
  return mlirOperationGetBlock(mlirOpResultGetOwner(v));
}

bool mp_sym_name(MlirOperation op, MlirStringRef *out) {
  MlirAttribute a = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("sym_name"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  *out = mlirStringAttrGetValue(a);
  return true;
}

/*--- text -------------------------------------------------------------------*/

void mp_textbuf_append(MlirStringRef s, void *user) {
  mp_textbuf *tb = user;
  size_t room = tb->len - 1 - tb->used;
  size_t n = s.length < room ? s.length : room;
  memcpy(tb->buf + tb->used, s.data, n);
  tb->used += n;
  tb->buf[tb->used] = 0;
}

void mp_loc_text(MlirLocation loc, char *buf, size_t len) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    snprintf(buf, len, "%d:%d", mlirLocationFileLineColRangeGetStartLine(loc),
             mlirLocationFileLineColRangeGetStartColumn(loc));
    return;
  }
  mp_textbuf tb = {buf, len, 0};
  buf[0] = 0;
  mlirLocationPrint(loc, mp_textbuf_append, &tb);
}

const char *mp_u128_text(unsigned __int128 v, char buf[48]) {
  char *q = buf + 47;
  *q = '\0';
  do {
    *--q = (char)('0' + (int)(v % 10));
    v /= 10;
  } while (v);
  return q;
}

/*--- memory spaces ----------------------------------------------------------*/

mp_space_kind mp_space_classify(MlirAttribute attr, int64_t *value) {
  if (mlirAttributeIsNull(attr))
    return MP_SPACE_DEFAULT;
  /* Only the plain form "N" (an i64) is a number: "1 : i32" is another
   * attribute than "1", so it gets another arena, and giving both the
   * integer 1 would make two arenas of one function share a name. */
  if (mlirAttributeIsAInteger(attr)) {
    MlirType t = mlirAttributeGetType(attr);
    if (mlirTypeIsAInteger(t) && mlirIntegerTypeIsSignless(t) &&
        mlirIntegerTypeGetWidth(t) == 64) {
      int64_t v = mlirIntegerAttrGetValueInt(attr);
      if (v == 0) /* MLIR folds an integer 0 into the default space */
        return MP_SPACE_DEFAULT;
      if (value)
        *value = v;
      return MP_SPACE_INT;
    }
  }
  return MP_SPACE_OTHER;
}

/*--- function names ---------------------------------------------------------*/

/* Appends the byte string s to *buf (length *used, room *cap, always
 * NUL-terminated): with for_path each byte but [A-Za-z0-9_-] as %XX, else
 * raw but for a NUL byte, written '?' so the C string keeps the whole name.
 * Returns 0, or -1 if memory runs out. */
static int append_name(char **buf, size_t *used, size_t *cap, MlirStringRef s,
                       bool for_path) {
  static const char hex[] = "0123456789ABCDEF";
  if (s.length > (SIZE_MAX - *used) / 3 - 1)
    return -1;
  size_t need = *used + 3 * s.length + 1;
  if (need > *cap) {
    char *nb = realloc(*buf, need);
    if (!nb)
      return -1;
    *buf = nb, *cap = need;
  }
  char *out = *buf + *used;
  for (size_t k = 0; k < s.length; ++k) {
    unsigned char c = (unsigned char)s.data[k];
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                 (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (plain || (!for_path && c))
      *out++ = (char)c;
    else if (!for_path)
      *out++ = '?';
    else
      *out++ = '%', *out++ = hex[c >> 4], *out++ = hex[c & 15];
  }
  *out = 0;
  *used = (size_t)(out - *buf);
  return 0;
}

char *mp_func_name(MlirOperation func, bool for_path) {
  /* The named symbol tables between the function and the outermost op,
   * innermost first; a module nests only a few levels deep. */
  MlirStringRef parts[64];
  size_t np = 0;
  if (!mp_sym_name(func, &parts[np]))
    parts[np] = (MlirStringRef){"?", 1};
  np++;
  for (MlirOperation p = mlirOperationGetParentOperation(func);
       !mlirOperationIsNull(p) && np < 64; p = mlirOperationGetParentOperation(p)) {
    if (mlirOperationIsNull(mlirOperationGetParentOperation(p)))
      break; /* the outermost op: top-level functions keep their bare name */
    if (mp_sym_name(p, &parts[np]))
      np++;
  }
  char *buf = NULL;
  size_t used = 0, cap = 0;
  if (append_name(&buf, &used, &cap, (MlirStringRef){"", 0}, false))
    return NULL;
  for (size_t k = np; k-- > 0;) {
    if (append_name(&buf, &used, &cap, parts[k], for_path) ||
        (k > 0 && append_name(&buf, &used, &cap, (MlirStringRef){".", 1}, false))) {
      free(buf);
      return NULL;
    }
  }
  return buf;
}

/* The first op of block b or of a block after it, in region r and the
 * regions after r; null when there is none. */
static MlirOperation first_op_from(MlirRegion r, MlirBlock b) {
  for (;;) {
    for (; !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      if (!mlirOperationIsNull(mlirBlockGetFirstOperation(b)))
        return mlirBlockGetFirstOperation(b);
    r = mlirRegionGetNextInOperation(r);
    if (mlirRegionIsNull(r))
      return (MlirOperation){NULL};
    b = mlirRegionGetFirstBlock(r);
  }
}

MlirOperation mp_body_first(MlirOperation op) {
  MlirRegion r = mlirOperationGetFirstRegion(op);
  return mlirRegionIsNull(r) ? (MlirOperation){NULL}
                             : first_op_from(r, mlirRegionGetFirstBlock(r));
}

MlirOperation mp_body_next(MlirOperation o) {
  MlirOperation next = mlirOperationGetNextInBlock(o);
  if (!mlirOperationIsNull(next))
    return next;
  MlirBlock b = mlirOperationGetBlock(o);
  return first_op_from(mlirBlockGetParentRegion(b), mlirBlockGetNextInRegion(b));
}

/*--- views that carry their source's memory space --------------------------*/

static const char *const space_views[] = {
    "memref.subview",         "memref.expand_shape", "memref.collapse_shape",
    "memref.reinterpret_cast", "memref.transpose",   "memref.cast",
    NULL};

bool mp_space_view(MlirOperation user, intptr_t idx) {
  if (idx != 0 || mlirOperationGetNumResults(user) != 1 ||
      !mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetResult(user, 0))))
    return false;
  for (size_t k = 0; space_views[k]; ++k)
    if (mp_op_is(user, space_views[k]))
      return true;
  return false;
}

void mp_space_views_retype(MlirValue v, MlirAttribute space) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (!mp_space_view(user, (intptr_t)mlirOpOperandGetOperandNumber(u)))
      continue;
    MlirValue r = mlirOperationGetResult(user, 0);
    MlirType t = mlirValueGetType(r);
    intptr_t rank = mlirShapedTypeGetRank(t);
    int64_t *shape = malloc((rank ? (size_t)rank : 1) * sizeof *shape);
    assert(shape && "a few dims; the pass has no way to fail here");
    for (intptr_t d = 0; d < rank; ++d)
      shape[d] = mlirShapedTypeGetDimSize(t, d);
    mlirValueSetType(r, mlirMemRefTypeGet(mlirShapedTypeGetElementType(t), rank, shape,
                                          mlirMemRefTypeGetLayout(t), space));
    free(shape);
    mp_space_views_retype(r, space);
  }
}
