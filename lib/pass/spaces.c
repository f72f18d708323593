/*===-- spaces.c - Memory spaces as users name them -----------------------===*/
#include "spaces.h"

#include "ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

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

/* True if name is an integer as mp_space_name prints one (no sign but a
 * minus, no leading zero, no "-0", within int64): another spelling would
 * match no arena and check nothing. */
static bool canonical_int(const char *name) {
  char *end = NULL;
  errno = 0;
  long long v = strtoll(name, &end, 10);
  char again[32];
  if (errno || end == name || *end)
    return false;
  snprintf(again, sizeof again, "%lld", v);
  return strcmp(again, name) == 0;
}

/* True if name can name a memory space: an integer (negative ones too:
 * MLIR takes any integer attribute), a GPU keyword, or an attribute as
 * MLIR prints one (#dialect.attr<...>, "string"). A misspelt keyword would
 * otherwise match no arena and check nothing. */
static bool space_name_ok(const char *name) {
  if (canonical_int(name))
    return true;
  for (int k = 0; k < N_GPU_SPACES; ++k)
    if (strcmp(name, gpu_spaces[k][0]) == 0)
      return true;
  return name[0] == '#' || name[0] == '"';
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
    if (name[0] && !space_name_ok(name)) {
      snprintf(buf, len,
               "bad capacity: unknown memory space '%.200s' (expected 0, an "
               "integer N, workgroup, private, global, or an attribute as "
               "MLIR prints it, such as #gpu.address_space<workgroup>)", name);
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

/*--- spill=FROM:TO ----------------------------------------------------------*/

/* Splits entry "FROM:TO" at its one colon outside brackets and quotes (an
 * attribute's text, "#foo<a:b>", may hold colons of its own). False when
 * there is not exactly one such colon or a side is empty. */
static bool split_spill(const char *entry, char *from, size_t flen, char *to, size_t tlen) {
  int depth = 0;
  bool quoted = false;
  const char *colon = NULL;
  for (const char *c = entry; *c; ++c) {
    if (*c == '"')
      quoted = !quoted;
    else if (quoted)
      continue;
    else if (strchr("<([{", *c))
      depth++;
    else if (strchr(">)]}", *c))
      depth--;
    else if (*c == ':' && depth == 0) {
      if (colon)
        return false;
      colon = c;
    }
  }
  if (!colon || colon == entry || !colon[1])
    return false;
  size_t nl = (size_t)(colon - entry);
  snprintf(from, flen, "%.*s", (int)(nl < flen ? nl : flen - 1), entry);
  snprintf(to, tlen, "%s", colon + 1);
  return true;
}

/* True if o gives space `name` a capacity (its own entry, a bare entry, or
 * o->capacity), judged by the text alone, as the options are checked before
 * any IR is seen. */
static bool has_capacity(const memplan_pass_options *o, const char *name) {
  bool any = o->capacity > 0;
  for (size_t i = 0; i < o->ncapacities; ++i) {
    char cname[512];
    uint64_t bytes = 0;
    if (split_entry(o->capacities[i], cname, sizeof cname, &bytes) &&
        (!cname[0] || strcmp(cname, name) == 0))
      any = any || bytes > 0;
  }
  return any;
}

const char *mp_space_spill_target(const memplan_pass_options *o, MlirAttribute from) {
  for (size_t i = 0; i < o->nspills; ++i) {
    char f[512], t[512];
    if (split_spill(o->spills[i], f, sizeof f, t, sizeof t) && mp_space_named(from, f))
      return o->spills[i] + strlen(f) + 1; /* just after FROM's colon */
  }
  return NULL;
}

const char *mp_space_spills_problem(const memplan_pass_options *o, char *buf, size_t len) {
  for (size_t i = 0; i < o->nspills; ++i) {
    char f[512], t[512], f2[512], t2[512];
    if (!split_spill(o->spills[i], f, sizeof f, t, sizeof t)) {
      snprintf(buf, len,
               "bad spill=%.200s (expected FROM:TO, two memory spaces as "
               "capacity names them: 0, an integer N, workgroup, private, "
               "global, or an attribute as MLIR prints it)", o->spills[i]);
      return buf;
    }
    const char *bad = !space_name_ok(f) ? f : !space_name_ok(t) ? t : NULL;
    if (bad) {
      snprintf(buf, len, "bad spill: unknown memory space '%.200s'", bad);
      return buf;
    }
    if (strcmp(f, t) == 0) {
      snprintf(buf, len, "bad spill=%.200s: a space cannot spill into itself", o->spills[i]);
      return buf;
    }
    if (!has_capacity(o, f)) {
      snprintf(buf, len,
               "bad spill=%.200s: memory space '%.200s' has no capacity, so "
               "nothing ever spills from it (add capacity=%.200s:BYTES)",
               o->spills[i], f, f);
      return buf;
    }
    for (size_t j = 0; j < o->nspills; ++j) {
      if (j == i || !split_spill(o->spills[j], f2, sizeof f2, t2, sizeof t2))
        continue;
      if (j < i && strcmp(f, f2) == 0) {
        snprintf(buf, len, "bad spill: memory space '%.200s' spills twice", f);
        return buf;
      }
      if (strcmp(t, f2) == 0) {
        /* one move per buffer keeps the choice a single covering problem */
        snprintf(buf, len,
                 "bad spill: '%.200s' is both a fallback and spills itself "
                 "(chains of fallback spaces are not supported)", t);
        return buf;
      }
    }
  }
  return NULL;
}

bool mp_space_attr_get(MlirContext ctx, const char *name, MlirAttribute *out) {
  *out = (MlirAttribute){NULL};
  if (name[0] && strspn(name, "0123456789") == strlen(name)) {
    errno = 0;
    char *end = NULL;
    unsigned long long v = strtoull(name, &end, 10);
    if (errno || v > INT64_MAX)
      return false;
    if (v) /* the default space is the absent attribute */
      *out = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), (int64_t)v);
    return true;
  }
  const char *text = name;
  for (int k = 0; k < N_GPU_SPACES; ++k)
    if (strcmp(name, gpu_spaces[k][0]) == 0)
      text = gpu_spaces[k][1];
  *out = mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(text));
  return !mlirAttributeIsNull(*out);
}
