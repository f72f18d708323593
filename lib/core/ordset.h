/*===-- ordset.h - An ordered set of (uint64, uint64) keys ----------------===*\
|*                                                                            *|
|* A treap (Seidel & Aragon 1989): a binary search tree on the keys that is  *|
|* also a heap on pseudo-random priorities, which keeps it balanced in       *|
|* expectation: O(log n) insert, erase, lower_bound, predecessor. The        *|
|* priorities come from a fixed hash of an insertion counter, so the shape,  *|
|* and thus every result, is deterministic.                                   *|
|*                                                                            *|
|* Nodes live in one growable array linked by 32-bit indices (32 bytes per   *|
|* node) with a free list, which keeps 10^6-buffer runs compact.             *|
|*                                                                            *|
|* Header-only (static inline) for the planners; the validator has its own   *|
|* tree on purpose.                                                           *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_CORE_ORDSET_H
#define MEMPLAN_LIB_CORE_ORDSET_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#define MP_OSET_NIL UINT32_MAX

typedef struct mp_onode {
  uint64_t a, b;
  uint32_t l, r, prio;
} mp_onode;

typedef struct mp_oset {
  mp_onode *node;
  uint32_t cap, used, root, freelist, size;
  uint64_t counter;
} mp_oset;

static inline void mp_oset_init(mp_oset *s) {
  s->node = NULL;
  s->cap = s->used = s->size = 0;
  s->root = s->freelist = MP_OSET_NIL;
  s->counter = 0;
}

static inline void mp_oset_free(mp_oset *s) {
  free(s->node);
  mp_oset_init(s);
}

static inline int mp_okey_less(uint64_t a1, uint64_t b1, uint64_t a2,
                               uint64_t b2) {
  return a1 < a2 || (a1 == a2 && b1 < b2);
}

static inline uint32_t mp_oset_hash(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return (uint32_t)(x ^ (x >> 31));
}

/* Splits t into keys < (a, b) in *l and keys >= (a, b) in *r. */
static inline void mp_oset_split(mp_oset *s, uint32_t t, uint64_t a,
                                 uint64_t b, uint32_t *l, uint32_t *r) {
  if (t == MP_OSET_NIL) {
    *l = *r = MP_OSET_NIL;
    return;
  }
  mp_onode *n = &s->node[t];
  if (mp_okey_less(n->a, n->b, a, b)) {
    mp_oset_split(s, n->r, a, b, &s->node[t].r, r);
    *l = t;
  } else {
    mp_oset_split(s, n->l, a, b, l, &s->node[t].l);
    *r = t;
  }
}

static inline uint32_t mp_oset_merge(mp_oset *s, uint32_t x, uint32_t y) {
  if (x == MP_OSET_NIL)
    return y;
  if (y == MP_OSET_NIL)
    return x;
  if (s->node[x].prio > s->node[y].prio) {
    uint32_t m = mp_oset_merge(s, s->node[x].r, y);
    s->node[x].r = m;
    return x;
  }
  uint32_t m = mp_oset_merge(s, x, s->node[y].l);
  s->node[y].l = m;
  return y;
}

/* Inserts (a, b), which must not be present. Returns 0, or -1 when out of
 * memory (the set is unchanged). */
static inline int mp_oset_insert(mp_oset *s, uint64_t a, uint64_t b) {
  uint32_t t;
  if (s->freelist != MP_OSET_NIL) {
    t = s->freelist;
    s->freelist = s->node[t].l;
  } else {
    if (s->used == s->cap) {
      uint64_t c = s->cap ? (uint64_t)s->cap * 2 : 64;
      if (c >= MP_OSET_NIL)
        c = MP_OSET_NIL - 1;
      if (c <= s->cap)
        return -1;
      mp_onode *nn = (mp_onode *)realloc(s->node, c * sizeof *nn);
      if (!nn)
        return -1;
      s->node = nn;
      s->cap = (uint32_t)c;
    }
    t = s->used++;
  }
  s->node[t].a = a;
  s->node[t].b = b;
  s->node[t].l = s->node[t].r = MP_OSET_NIL;
  s->node[t].prio = mp_oset_hash(s->counter++);
  uint32_t l, r;
  mp_oset_split(s, s->root, a, b, &l, &r);
  s->root = mp_oset_merge(s, mp_oset_merge(s, l, t), r);
  s->size++;
  return 0;
}

/* Removes (a, b) if present. */
static inline void mp_oset_erase(mp_oset *s, uint64_t a, uint64_t b) {
  uint32_t *link = &s->root;
  while (*link != MP_OSET_NIL) {
    mp_onode *n = &s->node[*link];
    if (n->a == a && n->b == b) {
      uint32_t t = *link;
      *link = mp_oset_merge(s, n->l, n->r);
      s->node[t].l = s->freelist;
      s->freelist = t;
      s->size--;
      return;
    }
    link = mp_okey_less(a, b, n->a, n->b) ? &n->l : &n->r;
  }
}

/* The smallest key >= (a, b): true and *oa, *ob set, or false. */
static inline bool mp_oset_lower_bound(const mp_oset *s, uint64_t a,
                                       uint64_t b, uint64_t *oa,
                                       uint64_t *ob) {
  uint32_t t = s->root, best = MP_OSET_NIL;
  while (t != MP_OSET_NIL) {
    const mp_onode *n = &s->node[t];
    if (mp_okey_less(n->a, n->b, a, b)) {
      t = n->r;
    } else {
      best = t;
      t = n->l;
    }
  }
  if (best == MP_OSET_NIL)
    return false;
  *oa = s->node[best].a;
  *ob = s->node[best].b;
  return true;
}

/* The largest key < (a, b): true and *oa, *ob set, or false. */
static inline bool mp_oset_pred(const mp_oset *s, uint64_t a, uint64_t b,
                                uint64_t *oa, uint64_t *ob) {
  uint32_t t = s->root, best = MP_OSET_NIL;
  while (t != MP_OSET_NIL) {
    const mp_onode *n = &s->node[t];
    if (mp_okey_less(n->a, n->b, a, b)) {
      best = t;
      t = n->r;
    } else {
      t = n->l;
    }
  }
  if (best == MP_OSET_NIL)
    return false;
  *oa = s->node[best].a;
  *ob = s->node[best].b;
  return true;
}

/* The largest key: true and *oa, *ob set, or false when empty. */
static inline bool mp_oset_max(const mp_oset *s, uint64_t *oa, uint64_t *ob) {
  uint32_t t = s->root;
  if (t == MP_OSET_NIL)
    return false;
  while (s->node[t].r != MP_OSET_NIL)
    t = s->node[t].r;
  *oa = s->node[t].a;
  *ob = s->node[t].b;
  return true;
}

#endif
