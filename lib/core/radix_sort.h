/*===-- radix_sort.h - Stable LSD radix sort of (key, value) records ------===*\
|*                                                                            *|
|* The planners sort millions of event records once per run; qsort's        *|
|* indirect comparisons made that a fifth of best-fit's time at 10^6.        *|
|* A least-significant-digit radix sort on 64-bit keys is O(n) per byte of   *|
|* key and stable, which the callers use to get multi-key orders: lay the   *|
|* records out in the order of the minor keys, then sort by the major key.  *|
|* Bytes that are equal in all keys are skipped (counted in one first pass), *|
|* so small keys (sizes < 2^24, schedules < 2^16 steps) cost few passes.    *|
|*                                                                            *|
|* Header-only (static inline). The validator does not use it.              *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_CORE_RADIX_SORT_H
#define MEMPLAN_LIB_CORE_RADIX_SORT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct mp_kv {
  uint64_t key;
  uint64_t val;
} mp_kv;

/* Maps int64 order onto uint64 order. */
static inline uint64_t mp_key_i64(int64_t x) {
  return (uint64_t)x ^ 0x8000000000000000ull;
}

/* Sorts v[0..n) by key, ascending, stable. Returns 0, or -1 when out of
 * memory (v unchanged). */
static inline int mp_radix_sort(mp_kv *v, size_t n) {
  if (n < 2)
    return 0;
  size_t(*count)[256] = (size_t(*)[256])calloc(8, sizeof *count);
  mp_kv *tmp = (mp_kv *)malloc(n * sizeof *tmp);
  if (!count || !tmp) {
    free(count);
    free(tmp);
    return -1;
  }
  for (size_t i = 0; i < n; ++i)
    for (unsigned b = 0; b < 8; ++b)
      count[b][(v[i].key >> (8 * b)) & 0xff]++;
  mp_kv *src = v, *dst = tmp;
  for (unsigned b = 0; b < 8; ++b) {
    size_t *c = count[b];
    /* One bucket holding everything: this byte orders nothing. */
    if (c[(src[0].key >> (8 * b)) & 0xff] == n)
      continue;
    size_t sum = 0;
    for (unsigned d = 0; d < 256; ++d) {
      size_t t = c[d];
      c[d] = sum;
      sum += t;
    }
    for (size_t i = 0; i < n; ++i)
      dst[c[(src[i].key >> (8 * b)) & 0xff]++] = src[i];
    mp_kv *t = src;
    src = dst;
    dst = t;
  }
  if (src != v)
    memcpy(v, src, n * sizeof *v);
  free(tmp);
  free(count);
  return 0;
}

#endif
