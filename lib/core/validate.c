/*===-- validate.c - The independent plan checker -------------------------===*\
|*                                                                            *|
|* Every plan passes through here before anyone uses it, so this file shares  *|
|* no placement code or data structure with the planners: a bug there must    *|
|* not be able to hide itself here.                                           *|
|*                                                                            *|
|* Method: sweep the 2n interval ends in time order (ends before starts at    *|
|* the same step, since intervals are half-open). The live buffers of nonzero *|
|* size are kept in a treap ordered by offset. As long as no violation was    *|
|* found, the live byte ranges are pairwise disjoint, so a new buffer overlaps *|
|* some live buffer iff it overlaps its predecessor or its successor in       *|
|* offset order; checking those two is enough. O(n log n) expected time.      *|
\*===----------------------------------------------------------------------===*/
#include "memplan/memplan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define VNIL UINT32_MAX

typedef struct vevent {
  int64_t t;
  uint64_t tag; /* (buffer << 1) | 1 start, | 0 end */
} vevent;

static int vevent_cmp(const void *a, const void *b) {
  const vevent *x = a, *y = b;
  if (x->t != y->t)
    return x->t < y->t ? -1 : 1;
  if ((x->tag & 1) != (y->tag & 1))
    return (int)(x->tag & 1) - (int)(y->tag & 1);
  return x->tag < y->tag ? -1 : (x->tag > y->tag);
}

/* The treap: node i is buffer i, keyed by offsets[i]. */
typedef struct vtreap {
  const uint64_t *key;
  uint32_t *left, *right, *prio;
} vtreap;

static uint32_t vhash(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return (uint32_t)(x ^ (x >> 31));
}

/* Splits t into keys < k (*l) and keys >= k (*r). */
static void vsplit(vtreap *T, uint32_t t, uint64_t k, uint32_t *l,
                   uint32_t *r) {
  if (t == VNIL) {
    *l = *r = VNIL;
    return;
  }
  if (T->key[t] < k) {
    vsplit(T, T->right[t], k, &T->right[t], r);
    *l = t;
  } else {
    vsplit(T, T->left[t], k, l, &T->left[t]);
    *r = t;
  }
}

/* Every key of a is below every key of b. */
static uint32_t vmerge(vtreap *T, uint32_t a, uint32_t b) {
  if (a == VNIL)
    return b;
  if (b == VNIL)
    return a;
  if (T->prio[a] > T->prio[b]) {
    T->right[a] = vmerge(T, T->right[a], b);
    return a;
  }
  T->left[b] = vmerge(T, a, T->left[b]);
  return b;
}

static int vfail(char *err, size_t err_len, const char *fmt, ...) {
  if (err && err_len) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, err_len, fmt, ap);
    va_end(ap);
  }
  return 1;
}

static int voverlap(const memplan_problem *p, const uint64_t *off, size_t a,
                    size_t b, char *err, size_t err_len) {
  char na[24], nb[24];
  const memplan_buffer *x = &p->buffers[a], *y = &p->buffers[b];
  int64_t step = x->start > y->start ? x->start : y->start;
  return vfail(err, err_len,
               "buffers '%s' (steps [%lld, %lld), bytes [%llu, %llu)) and "
               "'%s' (steps [%lld, %lld), bytes [%llu, %llu)) overlap at "
               "step %lld",
               memplan_buffer_name(p, a, na), (long long)x->start,
               (long long)x->end, (unsigned long long)off[a],
               (unsigned long long)(off[a] + x->size),
               memplan_buffer_name(p, b, nb), (long long)y->start,
               (long long)y->end, (unsigned long long)off[b],
               (unsigned long long)(off[b] + y->size), (long long)step);
}

int memplan_validate(const memplan_problem *p, const uint64_t *offsets,
                     uint64_t *peak, char *err, size_t err_len) {
  return memplan_validate_at(p, offsets, peak, NULL, err, err_len);
}

int memplan_validate_at(const memplan_problem *p, const uint64_t *offsets,
                        uint64_t *peak, size_t pair[2], char *err,
                        size_t err_len) {
  char nb[24];
  size_t n = p->count;
  size_t none[2];
  if (!pair)
    pair = none;
  pair[0] = pair[1] = SIZE_MAX;
  if (err && err_len)
    err[0] = '\0';
  if (n == 0) {
    if (peak)
      *peak = 0;
    return 0;
  }
  if (!p->buffers)
    return vfail(err, err_len, "problem has %zu buffers but no array", n);
  if (!offsets)
    return vfail(err, err_len, "no offsets given for %zu buffers", n);

  /* Per-buffer checks first, in input order, so that the sweep below may
   * compute offset + size freely. */
  uint64_t top = 0;
  size_t itop = SIZE_MAX;
  for (size_t i = 0; i < n; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    const char *name = memplan_buffer_name(p, i, nb);
    uint64_t end;
    pair[0] = i; /* the culprit, if this buffer fails */
    if (b->start >= b->end)
      return vfail(err, err_len, "buffer '%s': empty live interval [%lld, %lld)",
                   name, (long long)b->start, (long long)b->end);
    if (b->alignment == 0)
      return vfail(err, err_len, "buffer '%s': alignment 0 (must be >= 1)",
                   name);
    if (offsets[i] % b->alignment != 0)
      return vfail(err, err_len,
                   "buffer '%s': offset %llu is not a multiple of its "
                   "alignment %llu",
                   name, (unsigned long long)offsets[i],
                   (unsigned long long)b->alignment);
    if (b->fixed && offsets[i] != b->offset)
      return vfail(err, err_len,
                   "buffer '%s': fixed at offset %llu but placed at %llu",
                   name, (unsigned long long)b->offset,
                   (unsigned long long)offsets[i]);
    if (__builtin_add_overflow(offsets[i], b->size, &end))
      return vfail(err, err_len,
                   "buffer '%s': offset %llu + size %llu overflows 64 bits",
                   name, (unsigned long long)offsets[i],
                   (unsigned long long)b->size);
    if (end > top) {
      top = end;
      itop = i;
    }
  }
  pair[0] = SIZE_MAX;
  if (peak)
    *peak = top;

  if (n >= VNIL || n > SIZE_MAX / (2 * sizeof(vevent)))
    return -1;
  vevent *ev = malloc(2 * n * sizeof *ev);
  uint32_t *mem = malloc(3 * n * sizeof *mem);
  if (!ev || !mem) {
    free(ev);
    free(mem);
    return -1;
  }
  vtreap T = {offsets, mem, mem + n, mem + 2 * n};
  size_t m = 0;
  for (size_t i = 0; i < n; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->size == 0)
      continue; /* takes no bytes, conflicts with nothing */
    ev[m].t = b->start;
    ev[m++].tag = ((uint64_t)i << 1) | 1;
    ev[m].t = b->end;
    ev[m++].tag = (uint64_t)i << 1;
    T.left[i] = T.right[i] = VNIL;
    T.prio[i] = vhash(i);
  }
  qsort(ev, m, sizeof *ev, vevent_cmp);

  int rc = 0;
  uint32_t root = VNIL;
  for (size_t k = 0; k < m && rc == 0; ++k) {
    uint32_t i = (uint32_t)(ev[k].tag >> 1);
    uint64_t lo = offsets[i], hi = lo + p->buffers[i].size;
    uint32_t l, r, mid;
    if (ev[k].tag & 1) {
      vsplit(&T, root, lo, &l, &r);
      uint32_t pred = l, succ = r;
      if (pred != VNIL)
        while (T.right[pred] != VNIL)
          pred = T.right[pred];
      if (succ != VNIL)
        while (T.left[succ] != VNIL)
          succ = T.left[succ];
      uint32_t other = VNIL;
      if (pred != VNIL && offsets[pred] + p->buffers[pred].size > lo)
        other = pred;
      else if (succ != VNIL && offsets[succ] < hi)
        other = succ;
      if (other != VNIL) {
        rc = voverlap(p, offsets, other, i, err, err_len);
        pair[0] = other;
        pair[1] = i;
      }
      root = vmerge(&T, vmerge(&T, l, i), r);
    } else {
      /* Keys are distinct among live buffers while no overlap was found,
       * and lo < UINT64_MAX because size > 0 and lo + size did not wrap. */
      vsplit(&T, root, lo, &l, &r);
      vsplit(&T, r, lo + 1, &mid, &r);
      root = vmerge(&T, l, r);
    }
  }
  free(ev);
  free(mem);
  if (rc)
    return rc;
  if (p->capacity != 0 && top > p->capacity) {
    pair[0] = itop;
    return vfail(err, err_len, "peak %llu exceeds the capacity %llu",
                 (unsigned long long)top, (unsigned long long)p->capacity);
  }
  return 0;
}
