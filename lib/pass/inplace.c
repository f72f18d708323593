/*===-- inplace.c - An element-wise output over an input that dies --------===*/
#include "inplace.h"

#include "memplan-c/pass.h"
#include "sizes.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

void mp_inplace_free(mp_inplace *c) {
  free(c->pairs);
  memset(c, 0, sizeof *c);
}

/* True if memref types a and b have one shape and elements of one size. */
static bool same_layout(MlirType a, MlirType b) {
  if (!mlirTypeIsAMemRef(a) || !mlirTypeIsAMemRef(b) ||
      mlirShapedTypeGetRank(a) != mlirShapedTypeGetRank(b))
    return false;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(a); ++d)
    if (mlirShapedTypeGetDimSize(a, d) != mlirShapedTypeGetDimSize(b, d))
      return false;
  uint64_t al = 0;
  uint64_t ea = mp_element_bytes(mlirShapedTypeGetElementType(a), &al);
  return ea != 0 && ea == mp_element_bytes(mlirShapedTypeGetElementType(b), &al);
}

/* The uses of v at each op of a block: first[top] -> 1 + first index,
 * next[k] -> 1 + the next index at the same op. */
typedef struct by_top {
  mp_ptrmap first;
  size_t *next;
} by_top;

static int index_uses(const mp_values *v, by_top *t) {
  t->next = calloc(v->nuses ? v->nuses : 1, sizeof *t->next);
  if (!t->next)
    return -1;
  for (size_t k = v->nuses; k-- > 0;) {
    t->next[k] = (size_t)mp_ptrmap_get(&t->first, v->uses[k].top.ptr, 0);
    if (mp_ptrmap_put(&t->first, v->uses[k].top.ptr, (int64_t)k + 1))
      return -1;
  }
  return 0;
}

/* The pair of the overwrite use `out` (of a value born at its op) with the
 * use `in` at the same op, if it is one. */
static bool is_pair(const mp_values *v, const by_top *t, const mp_value_use *in,
                    const mp_value_use *out) {
  if (in->val == out->val || v->vals[in->val].track == v->vals[out->val].track ||
      !in->whole || !out->whole || !mlirOperationEqual(in->user, in->top) ||
      !same_layout(mlirValueGetType(in->value), mlirValueGetType(out->value)) ||
      !memplan_op_elementwise_pair(in->user, in->operand, out->operand))
    return false;
  /* the input's buffer is used at the op through this operand only */
  size_t uses = 0;
  for (size_t k = (size_t)mp_ptrmap_get(&t->first, in->top.ptr, 0); k; k = t->next[k - 1])
    uses += v->vals[v->uses[k - 1].val].track == v->vals[in->val].track;
  return uses == 1;
}

int mp_inplace_find(const mp_values *v, mp_inplace *out) {
  by_top t = {{0}, NULL};
  int rc = index_uses(v, &t);
  for (size_t o = 0; o < v->nuses && rc == 0; ++o) {
    const mp_value_use *ou = &v->uses[o];
    if (!mlirOperationEqual(v->vals[ou->val].born, ou->user))
      continue;
    for (size_t k = (size_t)mp_ptrmap_get(&t.first, ou->top.ptr, 0); k && rc == 0;
         k = t.next[k - 1]) {
      if (!is_pair(v, &t, &v->uses[k - 1], ou))
        continue;
      mp_inplace_pair *p = mp_push(&out->pairs, &out->n, &out->cap, sizeof *p);
      if (!p) {
        rc = -1;
        break;
      }
      *p = (mp_inplace_pair){ou->user, v->uses[k - 1].val, ou->val};
      break; /* one input per output: the first in operand order */
    }
  }
  mp_ptrmap_free(&t.first);
  free(t.next);
  return rc;
}

/*--- merging ----------------------------------------------------------------*/

static size_t root_of(const mp_liveness *l, size_t u) {
  while (l->buffers[u].shares)
    u = l->buffers[u].shares - 1;
  return u;
}

/* Merges buffer `out` into the group of buffer `in`, if the pair applies at
 * op number p. */
static bool merge(mp_liveness *l, size_t in, size_t out, int64_t p, int64_t end_p,
                  bool corrupt_live) {
  mp_buffer *bi = &l->buffers[in], *bo = &l->buffers[out];
  if (in == out || bo->shares || bo->start != p || (!corrupt_live && bi->end != end_p) ||
      !mlirAttributeEqual(bi->space, bo->space) || bi->skip != MP_PLANNED ||
      bo->skip != MP_PLANNED || bi->threads_share || bo->threads_share)
    return false;
  size_t r = root_of(l, in);
  if (r == out)
    return false;
  /* One output per group at an op: two outputs of one op written over one
   * input would take one element's bytes in the same iteration (a dead
   * output ends where it starts, so the first merge does not move the
   * group's end past the op). */
  for (size_t j = 0; j < l->n; ++j)
    if (j != out && l->buffers[j].shares && root_of(l, j) == r && l->buffers[j].start == p)
      return false;
  mp_buffer *root = &l->buffers[r];
  bo->shares = r + 1;
  if (bo->end > root->end)
    root->end = bo->end;
  if (bo->size > root->size)
    root->size = bo->size;
  if (bo->align > root->align)
    root->align = bo->align;
  return true;
}

int64_t mp_inplace_apply(const mp_inplace *c, const mp_values *v,
                         const mp_schedule *s, mp_liveness *l, bool corrupt_live) {
  mp_at *order = malloc((c->n ? c->n : 1) * sizeof *order);
  if (!order)
    return -1;
  for (size_t k = 0; k < c->n; ++k)
    order[k] = (mp_at){mp_schedule_num(s, c->pairs[k].op), k};
  qsort(order, c->n, sizeof *order, mp_at_cmp);
  int64_t merged = 0;
  for (size_t k = 0; k < c->n; ++k) {
    const mp_inplace_pair *pr = &c->pairs[order[k].k];
    size_t in = v->vals[pr->in_val].unit, out = v->vals[pr->out_val].unit;
    int64_t p = order[k].pos;
    if (in == SIZE_MAX || out == SIZE_MAX || p < 0)
      continue;
    merged += merge(l, in, out, p, s->last[p] + 1, corrupt_live);
  }
  free(order);
  return merged;
}
