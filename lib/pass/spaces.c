/*===-- spaces.c - Memory spaces as users name them -----------------------===*/
#include "spaces.h"

#include "ir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The GPU dialect's address spaces, which users name by their keyword. */
static const char *const gpu_spaces[][2] = {
    {"workgroup", "#gpu.address_space<workgroup>"},
    {"private", "#gpu.address_space<private>"},
    {"global", "#gpu.address_space<global>"},
};
enum { N_GPU_SPACES = sizeof gpu_spaces / sizeof gpu_spaces[0] };

void mp_space_name(MlirAttribute attr, char *buf, size_t len) {
  int64_t v = 0;
  switch (mp_space_classify(attr, &v)) {
  case MP_SPACE_DEFAULT:
    snprintf(buf, len, "0");
    return;
  case MP_SPACE_INT:
    snprintf(buf, len, "%lld", (long long)v);
    return;
  case MP_SPACE_OTHER:
    break;
  }
  mp_textbuf tb = {buf, len, 0};
  buf[0] = 0;
  mlirAttributePrint(attr, mp_textbuf_append, &tb);
  for (int k = 0; k < N_GPU_SPACES; ++k)
    if (strcmp(buf, gpu_spaces[k][1]) == 0) {
      snprintf(buf, len, "%s", gpu_spaces[k][0]);
      return;
    }
}

bool mp_space_named(MlirAttribute attr, const char *name) {
  char buf[512];
  mp_space_name(attr, buf, sizeof buf);
  if (strcmp(buf, name) == 0)
    return true;
  for (int k = 0; k < N_GPU_SPACES; ++k)
    if (strcmp(buf, gpu_spaces[k][0]) == 0 && strcmp(name, gpu_spaces[k][1]) == 0)
      return true;
  return false;
}

/* Splits entry "NAME:BYTES" or "BYTES": the name (without the colon) into
 * name (empty for a bare entry) and the bytes. Returns false when BYTES is
 * not a decimal below 2^64. The name ends at the last colon: an attribute's
 * text may hold colons of its own. */
static bool split_entry(const char *entry, char *name, size_t len, uint64_t *bytes) {
  const char *colon = strrchr(entry, ':');
  const char *num = colon ? colon + 1 : entry;
  size_t nl = colon ? (size_t)(colon - entry) : 0;
  snprintf(name, len, "%.*s", (int)(nl < len ? nl : len - 1), entry);
  if (*num < '0' || *num > '9')
    return false;
  char *end = NULL;
  errno = 0;
  unsigned long long v = strtoull(num, &end, 10);
  if (errno || *end)
    return false;
  *bytes = v;
  return !colon || nl > 0;
}

uint64_t mp_space_capacity(const memplan_pass_options *o, MlirAttribute attr) {
  uint64_t every = o->capacity;
  for (size_t i = 0; i < o->ncapacities; ++i) {
    char name[512];
    uint64_t bytes = 0;
    if (!split_entry(o->capacities[i], name, sizeof name, &bytes))
      continue;
    if (!name[0])
      every = bytes;
    else if (mp_space_named(attr, name))
      return bytes;
  }
  return every;
}

const char *mp_space_capacities_problem(const memplan_pass_options *o,
                                        char *buf, size_t len) {
  bool bare = false;
  for (size_t i = 0; i < o->ncapacities; ++i) {
    char name[512], other[512];
    uint64_t bytes = 0;
    if (!split_entry(o->capacities[i], name, sizeof name, &bytes)) {
      snprintf(buf, len,
               "bad capacity=%.200s (expected BYTES for every memory space, or "
               "SPACE:BYTES with SPACE 0 for the default space, an integer "
               "space N, workgroup, private, global, or an attribute as MLIR "
               "prints it; entries separated by commas)", o->capacities[i]);
      return buf;
    }
    if (!name[0] && bare) {
      snprintf(buf, len, "bad capacity: two entries for every memory space ('%.100s')",
               o->capacities[i]);
      return buf;
    }
    bare = bare || !name[0];
    for (size_t j = 0; name[0] && j < i; ++j)
      if (split_entry(o->capacities[j], other, sizeof other, &bytes) &&
          strcmp(name, other) == 0) {
        snprintf(buf, len, "bad capacity: memory space '%.200s' given twice", name);
        return buf;
      }
  }
  return NULL;
}
