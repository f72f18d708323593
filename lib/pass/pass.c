/*===-- pass.c - memplan-static driver: stages, diagnostics, reports ------===*\
|*                                                                            *|
|* memplan_static_run runs the stages on one func.func in order:              *|
|*   schedule.c -> liveness.c -> plan.c -> rewrite.c                          *|
|* and reports: a remark for every alloc left alone (always: a user must be   *|
|* able to see why a buffer kept its own allocation), one summary remark per  *|
|* function with remarks=true, errors at the function for bad options, a plan *|
|* over capacity or a planner failure. The IR is only touched by rewrite.c,   *|
|* after every check passed, so a failing run leaves the function unchanged;  *|
|* its report and pictures are staged and kept only when the rewrite          *|
|* succeeded too, so a failing run writes none of them.                       *|
|* Also here: the small hash map and helpers the stages share.                *|
\*===----------------------------------------------------------------------===*/
#define _XOPEN_SOURCE 700 /* realpath */
#include "pass_internal.h"

#include "../io/utf8.h" /* internal: shared with the JSON and SVG writers */

#include "memplan/json.h"
#include "memplan/output.h"
#include "memplan/svg.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h> /* readlink */

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

/*--- helpers --------------------------------------------------------------*/

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

void mp_op_name(MlirOperation op, char *buf, size_t len) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  snprintf(buf, len, "%.*s", (int)s.length, s.data);
}

bool mp_is_defined_func(MlirOperation op) {
  return mp_op_is(op, "func.func") && mlirOperationGetNumRegions(op) > 0 &&
         !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

void mp_textbuf_append(MlirStringRef s, void *user) {
  mp_textbuf *tb = user;
  size_t room = tb->len - 1 - tb->used;
  size_t n = s.length < room ? s.length : room;
  memcpy(tb->buf + tb->used, s.data, n);
  tb->used += n;
  tb->buf[tb->used] = 0;
}

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

void mp_func_free(mp_func *f) {
  mp_schedule_free(&f->sched);
  free(f->allocs);
  free(f->deallocs);
  for (size_t s = 0; s < f->nspaces; ++s) {
    memplan_problem_free(&f->spaces[s].problem);
    memplan_plan_free(&f->spaces[s].plan);
    free(f->spaces[s].alloc_of);
  }
  free(f->spaces);
  memset(f, 0, sizeof *f);
}

/*--- options --------------------------------------------------------------*/

void memplan_pass_options_init(memplan_pass_options *o) {
  memset(o, 0, sizeof *o);
  o->planner = "auto";
  o->alignment = 64;
  o->arena = MEMPLAN_ARENA_ALLOC;
}

/* The placeholders are replaced once: a second "{func}" or "{space}" was
 * left in the file name as it is (out/{func}/{func}.json wrote
 * out/f/{func}.json), and "{space}" means nothing in report=, whose one file
 * holds every arena. Both are refused instead of writing a file the user
 * did not name. Returns the problem, or NULL if the path is fine. */
static const char *placeholder_problem(const char *path, bool space_ok) {
  static const char *const names[2] = {"{func}", "{space}"};
  for (int k = 0; k < 2; ++k) {
    const char *at = strstr(path, names[k]);
    if (!at)
      continue;
    if (k == 1 && !space_ok)
      return "{space} is only for picture= (the report holds every arena)";
    if (strstr(at + 1, names[k]))
      return k == 0 ? "{func} may appear only once" : "{space} may appear only once";
  }
  return NULL;
}

int memplan_pass_options_check(const memplan_pass_options *o, char *err,
                               size_t err_len) {
  char buf[512];
  const char *rp = o->report ? placeholder_problem(o->report, false) : NULL;
  const char *pp = o->picture ? placeholder_problem(o->picture, true) : NULL;
  if (!o->planner || !memplan_planner_find(o->planner)) {
    size_t n = 0;
    const memplan_planner *pl = memplan_planners(&n);
    size_t used = (size_t)snprintf(buf, sizeof buf,
                                   "memplan-static: unknown planner='%s' (expected one of:",
                                   o->planner ? o->planner : "");
    for (size_t i = 0; i < n && used < sizeof buf; ++i)
      used += (size_t)snprintf(buf + used, sizeof buf - used, " %s", pl[i].name);
    if (used < sizeof buf)
      snprintf(buf + used, sizeof buf - used, ")");
  } else if (o->alignment == 0 || (o->alignment & (o->alignment - 1)) != 0 ||
             o->alignment > (UINT64_C(1) << 62)) {
    /* 2^63 does not fit the arena's i64 alignment attribute; it used to
     * become 2^62 without a word. */
    snprintf(buf, sizeof buf,
             "memplan-static: bad alignment=%llu (expected a power of two "
             "from 1 to 2^62)",
             (unsigned long long)o->alignment);
  } else if (o->arena == MEMPLAN_ARENA_GLOBAL &&
             o->alignment > MEMPLAN_GLOBAL_MAX_ALIGN) {
    snprintf(buf, sizeof buf,
             "memplan-static: bad alignment=%llu with arena=global (an LLVM "
             "global aligns to at most 2^32; use arena=alloc)",
             (unsigned long long)o->alignment);
  } else if (rp) {
    snprintf(buf, sizeof buf, "memplan-static: bad report=%.200s: %s", o->report, rp);
  } else if (pp) {
    snprintf(buf, sizeof buf, "memplan-static: bad picture=%.200s: %s", o->picture, pp);
  } else if (!isfinite(o->time_limit) || o->time_limit < 0) {
    snprintf(buf, sizeof buf,
             "memplan-static: bad time-limit=%g (expected seconds >= 0)", o->time_limit);
  } else if (o->arena != MEMPLAN_ARENA_ALLOC && o->arena != MEMPLAN_ARENA_GLOBAL) {
    snprintf(buf, sizeof buf, "memplan-static: bad arena (expected alloc or global)");
  } else {
    return 0;
  }
  if (err && err_len)
    snprintf(err, err_len, "%s", buf);
  return -1;
}

/*--- names and reports ----------------------------------------------------*/

/* SSA names (%alloc_3) for remarks and reports, printed in the function's
 * local scope so no other function (maybe on another thread) is visited. */
static void name_allocs(mp_func *f) {
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsUseLocalScope(flags);
  MlirAsmState st = mlirAsmStateCreateForOperation(f->func, flags);
  for (size_t i = 0; i < f->nallocs; ++i) {
    mp_textbuf nb = {f->allocs[i].name, sizeof f->allocs[i].name, 0};
    nb.buf[0] = 0;
    mlirValuePrintAsOperand(f->allocs[i].value, st, mp_textbuf_append, &nb);
  }
  mlirAsmStateDestroy(st);
  mlirOpPrintingFlagsDestroy(flags);
}

/* MLIR's printer reuses SSA names in sibling regions (the %alloc of an
 * scf.if's then block and the %alloc of its else block), so two buffers of
 * a report or a picture could share an id and nobody could tell which is
 * which. A name that repeats gets the alloc's line and column
 * ("%alloc@3:10"), and "#k" (its rank among the allocs that still share
 * it, in schedule order) when that repeats too (no file location, or one
 * location for several ops). Sorting keeps this O(n log n) for functions
 * with thousands of allocs. */
static int by_id(const void *x, const void *y) {
  const mp_alloc *a = *(const mp_alloc *const *)x, *b = *(const mp_alloc *const *)y;
  int c = strcmp(a->id, b->id);
  return c ? c : (a->def > b->def) - (a->def < b->def);
}

static void unique_ids(mp_func *f) {
  mp_alloc **order = malloc(f->nallocs * sizeof *order);
  if (!order)
    return; /* the names stay as they are: only the ids' uniqueness is lost */
  for (size_t i = 0; i < f->nallocs; ++i) {
    order[i] = &f->allocs[i];
    snprintf(order[i]->id, sizeof order[i]->id, "%s", order[i]->name);
  }
  for (int round = 0; round < 2; ++round) {
    qsort(order, f->nallocs, sizeof *order, by_id);
    for (size_t i = 0, j; i < f->nallocs; i = j) {
      for (j = i + 1; j < f->nallocs && strcmp(order[i]->id, order[j]->id) == 0; ++j)
        ;
      if (j - i < 2)
        continue;
      for (size_t k = i; k < j; ++k) {
        mp_alloc *a = order[k];
        char base[sizeof a->id];
        snprintf(base, sizeof base, "%s", a->id);
        MlirLocation loc = mlirOperationGetLocation(a->op);
        if (round == 0 && mlirLocationIsAFileLineColRange(loc))
          snprintf(a->id, sizeof a->id, "%.63s@%d:%d", base,
                   mlirLocationFileLineColRangeGetStartLine(loc),
                   mlirLocationFileLineColRangeGetStartColumn(loc));
        else if (round == 1)
          snprintf(a->id, sizeof a->id, "%.70s#%zu", base, k - i);
      }
    }
  }
  free(order);
}

static bool sym_name(MlirOperation op, MlirStringRef *out) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  *out = mlirStringAttrGetValue(a);
  return true;
}

/* Appends `s` to buf[*used..len) as a part of a file name when `for_path`:
 * every byte but [A-Za-z0-9_-] becomes %XX, so that no symbol name ('/',
 * "..", a '.' of its own) can leave the directory or meet another's file
 * name. Returns 0, or -1 if it does not fit. */
static int append_name(char *buf, size_t len, size_t *used, MlirStringRef s,
                       bool for_path) {
  static const char hex[] = "0123456789ABCDEF";
  for (size_t k = 0; k < s.length; ++k) {
    unsigned char c = (unsigned char)s.data[k];
    bool plain = !for_path || (c >= 'a' && c <= 'z') ||
                 (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '_' || c == '-';
    if (*used + (plain ? 1 : 3) >= len)
      return -1;
    if (plain) {
      buf[(*used)++] = (char)c;
    } else {
      buf[(*used)++] = '%';
      buf[(*used)++] = hex[c >> 4];
      buf[(*used)++] = hex[c & 15];
    }
  }
  buf[*used] = 0;
  return 0;
}

/* The function's name for "{func}" and the report: a bare name for a
 * function of the outermost module, else qualified by the names of the
 * enclosing symbol tables ("inner.f" for @f in `module @inner`, "k1.f" for
 * @f in `gpu.module @k1`), since each is its own namespace and @f may exist
 * in both: with the bare name both would write nr_f.json and the last one
 * would win. Any symbol table counts, not only builtin.module: two
 * gpu.modules' @f once shared a file. A symbol table without a name is
 * "#k", k its rank among the unnamed symbol tables of its block ("#0.g"):
 * adding nothing let @g of an unnamed module and a top-level @g (or @g of
 * two unnamed modules) share a file. For a path (`for_path`) each name is
 * encoded by append_name and only the separators '.' and the '#' of an
 * unnamed table are raw, which keeps the map one-to-one. Only the ancestors
 * and the op lists of their blocks are read: no pass on another function
 * changes those, and the arena globals that functions insert into them are
 * inserted under the module lock, taken here too. Returns 0; -1 if the
 * name does not fit `len`; -2 if the function is nested in more than
 * MAX_DEPTH symbol tables (no buffer would do). */
typedef struct name_part {
  MlirStringRef s;
  long unnamed; /* >= 0: an unnamed symbol table's rank, s unused */
} name_part;

static long unnamed_rank(MlirOperation table) {
  long k = 0;
  mp_module_lock();
  MlirBlock b = mlirOperationGetBlock(table);
  for (MlirOperation o = mlirBlockGetFirstOperation(b);
       !mlirOperationIsNull(o) && !mlirOperationEqual(o, table);
       o = mlirOperationGetNextInBlock(o)) {
    MlirStringRef ignored;
    k += memplan_op_is_symbol_table(o) && !sym_name(o, &ignored);
  }
  mp_module_unlock();
  return k;
}

enum { MAX_DEPTH = 64 };

static int qualified_name(MlirOperation func, bool for_path, char *buf,
                          size_t len) {
  name_part part[MAX_DEPTH];
  size_t np = 0;
  MlirStringRef s;
  if (!sym_name(func, &s))
    s = (MlirStringRef){"?", 1};
  part[np++] = (name_part){s, -1};
  for (MlirOperation p = mlirOperationGetParentOperation(func);
       !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p)) {
    if (mlirOperationIsNull(mlirOperationGetParentOperation(p)))
      break; /* the outermost op: top-level functions keep their bare name */
    if (!memplan_op_is_symbol_table(p))
      continue;
    if (np == MAX_DEPTH)
      return -2;
    part[np++] = sym_name(p, &s) ? (name_part){s, -1}
                                 : (name_part){{NULL, 0}, unnamed_rank(p)};
  }
  size_t used = 0;
  buf[0] = 0;
  for (size_t k = np; k-- > 0;) {
    if (part[k].unnamed >= 0) {
      int w = snprintf(buf + used, len - used, "#%ld", part[k].unnamed);
      if (w < 0 || (size_t)w >= len - used)
        goto too_long;
      used += (size_t)w;
    } else if (append_name(buf, len, &used, part[k].s, for_path) != 0) {
      goto too_long;
    }
    if (k > 0) {
      if (used + 1 >= len)
        goto too_long;
      buf[used++] = '.';
      buf[used] = 0;
    }
  }
  return 0;
too_long:
  return -1;
}

/* qualified_name in a buffer of its own size, since a symbol name may be
 * as long as the user likes: a fixed 1024 bytes refused the report of a
 * function with a longer name ("function name longer than 1023 bytes").
 * The buffer doubles until the name fits (at most three bytes per byte of
 * the names, and a few per symbol table). Returns the malloc'd name (the
 * caller frees it), or NULL with *why set to -2 (nested too deep) or -1
 * (out of memory). */
static char *qualified_name_dup(MlirOperation func, bool for_path, int *why) {
  for (size_t len = 256;; len *= 2) {
    char *buf = malloc(len);
    int r = buf ? qualified_name(func, for_path, buf, len) : -1;
    if (buf && r == 0)
      return buf;
    free(buf);
    if (!buf || r == -2 || len > SIZE_MAX / 4) {
      *why = buf ? r : -1;
      return NULL;
    }
  }
}

/* f's name as qualified_name_dup gives it, or NULL with f->err set. */
static char *func_name(mp_func *f, bool for_path) {
  int why = 0;
  char *name = qualified_name_dup(f->func, for_path, &why);
  if (!name && why == -2)
    snprintf(f->err, sizeof f->err,
             "memplan-static: the function is nested in more than %d symbol "
             "tables", MAX_DEPTH);
  else if (!name)
    snprintf(f->err, sizeof f->err, "memplan-static: out of memory");
  return name;
}

/* Calls visit(o, ctx) for each op in the block of f's function (unless
 * `outer_only`) and in each enclosing block, except the ops on that path,
 * until visit returns true; returns whether one did. Only these lists of
 * ops are read, never a sibling's contents, which another thread may be
 * rewriting: the function's own block changes only under the module lock,
 * and the blocks further up not at all during the pass. */
static bool any_neighbour(mp_func *f, bool outer_only,
                          bool (*visit)(MlirOperation, void *), void *ctx) {
  bool stop = false;
  mp_module_lock();
  MlirOperation cur = f->func;
  for (MlirOperation parent = mlirOperationGetParentOperation(cur);
       !stop && !mlirOperationIsNull(parent) &&
       mlirOperationGetNumRegions(parent) > 0;
       cur = parent, parent = mlirOperationGetParentOperation(parent)) {
    if (outer_only && mlirOperationEqual(cur, f->func))
      continue;
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(parent, 0));
    for (MlirOperation o = mlirBlockIsNull(body) ? (MlirOperation){NULL}
                                                 : mlirBlockGetFirstOperation(body);
         !stop && !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
      stop = !mlirOperationEqual(o, cur) && visit(o, ctx);
  }
  mp_module_unlock();
  return stop;
}

static bool may_write_visit(MlirOperation o, void *nested) {
  if (memplan_op_is_symbol_table(o))
    return *(bool *)nested = true;
  return mp_is_defined_func(o);
}

/* True if a function other than f might run the pass with the same
 * options: a sibling func.func with a body, or, in any enclosing block, a
 * nested symbol table (builtin.module, gpu.module, ...: its functions may be
 * planned too; its contents are not read, since a pass on it may be
 * changing them). Only builtin.module counted once, and the functions of
 * two gpu.modules silently overwrote one report. */
static bool others_may_write(mp_func *f, bool *nested) {
  *nested = false;
  return any_neighbour(f, false, may_write_visit, nested);
}

/* `path` with its "{func}" replaced by `fname` (a name for a path, from
 * qualified_name). Returns 0, or -1 if that does not fit `len`. */
static int fill_func(const char *path, const char *fname, char *out, size_t len) {
  const char *hole = strstr(path, "{func}");
  int n = snprintf(out, len, "%.*s%s%s", (int)(hole - path), path, fname,
                   hole + 6);
  return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* report= and picture= name one file, but the pass runs once per function,
 * on several threads: with two functions, each rewrote the file and thread
 * timing chose which one survived. So "{func}" in the path is replaced by
 * the function's (qualified) name, one file each, and a path without it is
 * refused when another function may write it too. Writes `path` for this
 * function into out; returns 0, or -1 with f->err set. */
static int output_path(mp_func *f, const char *opt, const char *path, char *out,
                       size_t len) {
  if (strstr(path, "{func}")) {
    char *fname = func_name(f, true);
    if (!fname)
      return -1;
    int rc = fill_func(path, fname, out, len);
    free(fname);
    if (rc)
      snprintf(f->err, sizeof f->err, "memplan-static: %s path too long", opt);
    return rc;
  }
  bool nested;
  if (others_may_write(f, &nested)) {
    if (nested)
      snprintf(f->err, sizeof f->err,
               "memplan-static: %s=%s: the module has nested modules whose "
               "functions would overwrite the file; put {func} in the path "
               "for one file per function",
               opt, path);
    else
      snprintf(f->err, sizeof f->err,
               "memplan-static: %s=%s: the module has several functions and each "
               "would overwrite the file; put {func} in the path for one file per function",
               opt, path);
    return -1;
  }
  snprintf(out, len, "%s", path);
  return 0;
}

/* The report's "memory_space": 0 for the default space, N for an integer
 * space N, else the attribute as MLIR prints it (a string, so that it can
 * never be mistaken for a number). */
static json_t *space_json(MlirAttribute attr) {
  int64_t v = 0;
  switch (mp_space_classify(attr, &v)) {
  case MP_SPACE_DEFAULT:
    return json_integer(0);
  case MP_SPACE_INT:
    return json_integer((json_int_t)v);
  case MP_SPACE_OTHER:
    break;
  }
  char buf[512];
  mp_textbuf nb = {buf, sizeof buf, 0};
  buf[0] = 0;
  mlirAttributePrint(attr, mp_textbuf_append, &nb);
  return json_string(buf);
}

/*--- staged outputs: a function's files, all or none -----------------------*/

/* A function's report and pictures were written one after the other, and
 * the rewrite came last: a picture that could not be created, or a rewrite
 * that failed (arena=global without a free symbol name), left the report
 * (and earlier pictures) of a function whose run failed, as if they were its
 * answer, or replaced the files of an earlier good run. So each file is
 * written to a temporary (memplan_output_open) first, and once the rewrite
 * succeeded too all of them are renamed into place; on any failure every
 * temporary is removed and no file of the function is written or replaced.
 * Outputs written in place cannot be taken back: standard output ("-"), a
 * device, a pipe or an open descriptor gets its text while it is staged.
 *
 * On a module the files wait for the module's end (memplan_pass_outputs),
 * which can be minutes of planning later. Kept as temporaries, they were
 * left beside their targets by a signal that ended the run (Ctrl-C, kill),
 * one for every file of the functions done so far. So a group's files are
 * staged in memory and written only at the group's end, all of them as
 * temporaries first and then renamed: a signal can leave only the
 * temporaries of that last step (written so far, not yet renamed). A path
 * that cannot be written fails the group's end, which names the function.
 * (A signal handler that removed the temporaries was tried: under nohup,
 * or in a script's background job, the signal is meant to be ignored, yet
 * LLVM's handler runs and the run goes on, and it went on without its
 * files.) In-place outputs of a group get their text at its end too, and
 * only when every function succeeded. */
typedef struct staged_file {
  memplan_output out;
  char *path;       /* out.path borrows it: the caller's buffer is reused */
  const char *what; /* "report" or "picture", for messages */
  char *owner;      /* in a group only: the function's name, for messages */
  bool in_memory;   /* staged in memory (a group's), not yet written */
  FILE *mem;        /* in memory: the stream being written, or NULL */
  char *text;       /* in memory: the text, until written at the end */
  size_t len;
} staged_file;

typedef struct staged {
  staged_file *files;
  size_t n, cap;
  bool in_memory; /* the files go to a group: staged in memory */
} staged;

/* Opens `path` as one more of f's files. Returns its stream, or NULL with
 * f->err set (nothing created). */
static FILE *stage_open(mp_func *f, staged *st, const char *what,
                        const char *path) {
  staged_file *sf = mp_push(&st->files, &st->n, &st->cap, sizeof *sf);
  if (!sf) {
    snprintf(f->err, sizeof f->err, "memplan-static: out of memory");
    return NULL;
  }
  char err[512] = "";
  sf->path = strdup(path);
  int bad = !sf->path;
  if (!bad && st->in_memory) {
    /* The path is not checked now (memplan_output_check creates and
     * removes a file: a module of 10^4 functions took 1.7 times as long);
     * a bad one fails the group's end, naming the function. */
    if (!(sf->mem = open_memstream(&sf->text, &sf->len)))
      bad = 1;
    sf->in_memory = !bad;
  } else if (!bad) {
    bad = memplan_output_open(&sf->out, sf->path, err, sizeof err) != 0;
  }
  if (bad) {
    if (sf->path && err[0])
      snprintf(f->err, sizeof f->err, "memplan-static: %s: %.400s", what, err);
    else
      snprintf(f->err, sizeof f->err, "memplan-static: out of memory");
    free(sf->path);
    st->n--;
    return NULL;
  }
  sf->what = what;
  return sf->mem ? sf->mem : sf->out.stream;
}

/* Drops a file staged in memory: nothing of it is on disk yet. */
static void drop_text(staged_file *sf) {
  if (sf->mem)
    fclose(sf->mem);
  free(sf->text);
  sf->mem = NULL;
  sf->text = NULL;
  sf->len = 0;
}

/* Ends the staging of the file opened last, after its text was written:
 * `failed` (with the writer's message in e2, which does not name the
 * file) or a flush that fails (a full disk) removes its temporary and sets
 * f->err, now, before the rewrite, rather than when the files are kept.
 * Returns 0, or -1 with f->err set. */
static int stage_end(mp_func *f, staged *st, bool failed, const char *e2) {
  staged_file *sf = &st->files[st->n - 1];
  if (sf->mem) {
    /* Closed at once: the stream writes its buffer's address and length
     * into sf, whose array moves when the next file is staged. */
    bool ok = !failed && fflush(sf->mem) == 0 && !ferror(sf->mem);
    int c = fclose(sf->mem);
    sf->mem = NULL;
    if (ok && c == 0)
      return 0;
    snprintf(f->err, sizeof f->err, "memplan-static: %s: %.150s: %.250s",
             sf->what, sf->path, e2 && e2[0] ? e2 : "out of memory");
    drop_text(sf);
    free(sf->path);
    st->n--;
    return -1;
  }
  if (!failed && fflush(sf->out.stream) == 0 && !ferror(sf->out.stream))
    return 0;
  char err[512] = "";
  /* A failed write is reported as every output reports it ("PATH: write
   * error: REASON"): closing with keep = true says so, and still removes
   * the temporary. */
  if (ferror(sf->out.stream))
    memplan_output_close(&sf->out, true, err, sizeof err);
  else {
    snprintf(err, sizeof err, "%.200s: %.300s", sf->out.path,
             e2 && e2[0] ? e2 : "write error");
    memplan_output_close(&sf->out, false, NULL, 0);
  }
  snprintf(f->err, sizeof f->err, "memplan-static: %s: %.400s", sf->what, err);
  free(sf->path);
  st->n--;
  return -1;
}

static int staged_close_all(staged *st, bool keep, char *err, size_t err_len);

/* Closes every staged file: with `keep`, renames each into place, in the
 * order they were staged; without, removes them all. A rename that fails
 * sets f->err and the files after it are removed, but the ones renamed
 * before it stay. Returns 0, or -1 with f->err set. */
static int stage_finish(mp_func *f, staged *st, bool keep) {
  char err[480] = "";
  if (staged_close_all(st, keep, err, sizeof err) == 0)
    return 0;
  snprintf(f->err, sizeof f->err, "memplan-static: %s", err);
  return -1;
}

/* stage_finish's work, with its message ("what: PATH: reason") in err:
 * shared with a group's end (memplan_pass_outputs_end). */
static int staged_close_all(staged *st, bool keep, char *err, size_t err_len) {
  int rc = 0;
  for (size_t i = 0; i < st->n; ++i) {
    staged_file *sf = &st->files[i];
    drop_text(sf); /* never written: nothing on disk */
    char e[400] = "";
    bool k = keep && rc == 0;
    if (memplan_output_close(&sf->out, k, e, sizeof e) && k) {
      if (err && err_len)
        snprintf(err, err_len, "%s: %s", sf->what, e);
      rc = -1;
    }
    free(sf->path);
    free(sf->owner);
  }
  free(st->files);
  memset(st, 0, sizeof *st);
  return rc;
}

/* A group of files staged in memory by several runs, written and renamed
 * into place, or dropped, together (memplan_pass_outputs_end). */
struct memplan_pass_outputs {
  staged st;
};

memplan_pass_outputs *memplan_pass_outputs_new(void) {
  return calloc(1, sizeof(memplan_pass_outputs));
}

/* For finding two files of a group that lead to one: by target name (links
 * resolved, memplan_output_open), then by the identity of a target that
 * exists (hard links). */
typedef struct group_key {
  const char *target;
  dev_t dev;
  ino_t ino;
  size_t i;
} group_key;

static int by_target(const void *x, const void *y) {
  const group_key *a = x, *b = y;
  int c = strcmp(a->target, b->target);
  return c ? c : (a->i > b->i) - (a->i < b->i);
}

static int by_inode(const void *x, const void *y) {
  const group_key *a = x, *b = y;
  if (a->dev != b->dev)
    return a->dev < b->dev ? -1 : 1;
  if (a->ino != b->ino)
    return a->ino < b->ino ? -1 : 1;
  return (a->i > b->i) - (a->i < b->i);
}

/* Two files of the group that would replace one another, named in err.
 * Template names that cannot meet are refused before anything is written
 * (check_other_functions); what a function cannot see - "d/{func}/../r",
 * a link made beforehand between two functions' names - is caught here,
 * where the whole module's files are known. Returns 1 when found, 0 when
 * not, -1 when memory runs out. */
static int group_clash(memplan_pass_outputs *g, char *err, size_t err_len) {
  group_key *k = malloc((g->st.n ? g->st.n : 1) * sizeof *k);
  if (!k)
    return -1;
  /* A target that does not exist yet is the path as given: its directory
   * resolved, "d/f/../r" and "d/g/../r" are one name. */
  char **canon = calloc(g->st.n ? g->st.n : 1, sizeof *canon);
  if (!canon) {
    free(k);
    return -1;
  }
  size_t n = 0;
  for (size_t i = 0; i < g->st.n; ++i) {
    const char *t = g->st.files[i].out.target;
    if (!t)
      continue; /* written in place */
    canon[i] = memplan_output_creation_name(t);
    k[n++] = (group_key){canon[i] ? canon[i] : t, 0, 0, i};
  }
  qsort(k, n, sizeof *k, by_target);
  size_t a = SIZE_MAX, b = SIZE_MAX;
  for (size_t j = 1; j < n && a == SIZE_MAX; ++j)
    if (strcmp(k[j - 1].target, k[j].target) == 0)
      a = k[j - 1].i, b = k[j].i;
  if (a == SIZE_MAX) {
    size_t m = 0;
    for (size_t j = 0; j < n; ++j) {
      struct stat st;
      if (stat(k[j].target, &st) == 0)
        k[m++] = (group_key){k[j].target, st.st_dev, st.st_ino, k[j].i};
    }
    qsort(k, m, sizeof *k, by_inode);
    for (size_t j = 1; j < m && a == SIZE_MAX; ++j)
      if (k[j - 1].dev == k[j].dev && k[j - 1].ino == k[j].ino)
        a = k[j - 1].i, b = k[j].i;
  }
  free(k);
  for (size_t i = 0; i < g->st.n; ++i)
    free(canon[i]);
  free(canon);
  if (a == SIZE_MAX)
    return 0;
  const staged_file *x = &g->st.files[a], *y = &g->st.files[b];
  if (err && err_len)
    snprintf(err, err_len,
             "the %s of @%.200s (%.300s) and the %s of @%.200s (%.300s) lead "
             "to one file; none of the module's files is written",
             x->what, x->owner ? x->owner : "?", x->out.path, y->what,
             y->owner ? y->owner : "?", y->out.path);
  return 1;
}

/* Writes the group's files staged in memory, in the order staged: first
 * (in_place false) every one that goes to a temporary, so that the group
 * can then be checked and renamed into place together; the outputs written
 * in place are only opened then, and written (in_place true) once every
 * other file is written and no two land on one. Returns 0, or -1 with the
 * message in err: staged_close_all then removes the temporaries written
 * and closes the in-place outputs unwritten. */
static int group_write(memplan_pass_outputs *g, bool in_place, char *err,
                       size_t err_len) {
  for (size_t i = 0; i < g->st.n; ++i) {
    staged_file *sf = &g->st.files[i];
    if (!sf->in_memory)
      continue;
    char e[512] = "";
    int bad = 0;
    if (!in_place) {
      bad = memplan_output_open(&sf->out, sf->path, e, sizeof e) != 0;
      /* Written in place (standard output, a device, a pipe): that cannot
       * be taken back, so it waits, stream open, for the second round. */
      if (!bad && !sf->out.tmp)
        continue;
    }
    sf->in_memory = false;
    if (!bad) {
      if (sf->len)
        fwrite(sf->text, 1, sf->len, sf->out.stream);
      /* A write error shows in the stream's flag: finish reports it
       * ("PATH: write error: REASON") and releases the output. */
      bad = memplan_output_finish(&sf->out, e, sizeof e) != 0;
    }
    drop_text(sf);
    if (bad) {
      if (err && err_len)
        snprintf(err, err_len, "the %s of @%.200s: %.400s", sf->what,
                 sf->owner ? sf->owner : "?", e);
      return -1;
    }
  }
  return 0;
}

int memplan_pass_outputs_end(memplan_pass_outputs *g, bool keep, char *err,
                             size_t err_len) {
  if (!g)
    return 0;
  int rc = 0;
  if (keep && group_write(g, false, err, err_len) != 0) {
    keep = false;
    rc = -1;
  }
  if (keep) {
    int c = group_clash(g, err, err_len);
    if (c != 0) {
      if (c < 0 && err && err_len)
        snprintf(err, err_len, "out of memory");
      keep = false;
      rc = -1;
    }
  }
  if (keep && group_write(g, true, err, err_len) != 0) {
    keep = false;
    rc = -1;
  }
  if (staged_close_all(&g->st, keep, err, err_len) != 0)
    rc = -1;
  free(g);
  return rc;
}

/* Hands f's staged files (in memory: a group's run stages nothing else) to
 * the group `g` instead of keeping them; they are written when the group
 * ends. Returns 0, or -1 with f->err set when memory runs out (the files
 * not handed over are dropped, those handed over stay with the group,
 * which the failure of this run will make drop them too). */
static int stage_hand_over(mp_func *f, staged *st, memplan_pass_outputs *g) {
  int rc = 0;
  for (size_t i = 0; i < st->n; ++i) {
    staged_file *sf = &st->files[i];
    staged_file *slot =
        rc ? NULL : mp_push(&g->st.files, &g->st.n, &g->st.cap, sizeof *slot);
    if (slot) {
      *slot = *sf;
      slot->owner = func_name(f, false); /* NULL: "?" in a message */
      continue;
    }
    if (rc == 0)
      snprintf(f->err, sizeof f->err, "memplan-static: out of memory");
    rc = -1;
    drop_text(sf);
    free(sf->path);
  }
  free(st->files);
  memset(st, 0, sizeof *st);
  return rc;
}

/* The report, staged (see above). Returns 0, or -1 with f->err set. */
static int stage_report(mp_func *f, const memplan_pass_options *o, staged *st) {
  char err[512] = "";
  char *fname = func_name(f, false);
  if (!fname)
    return -1;
  json_t *root = json_object();
  json_t *arenas = json_array();
  json_t *skipped = json_array();
  int rc = -1;
  if (!root || !arenas || !skipped)
    goto done;
  /* A symbol name need not be UTF-8; JSON strings must be (jansson would
   * refuse it and the key would silently go missing). */
  char *uname = memplan_utf8_sanitize(fname);
  json_object_set_new(root, "function", uname ? json_string(uname) : NULL);
  free(uname);
  for (size_t s = 0; s < f->nspaces; ++s) {
    json_t *j = memplan_json_summary(&f->spaces[s].problem, &f->spaces[s].plan, true);
    if (!j)
      goto done;
    /* "arena" is the arena's index (the order in which the function first
     * allocates in each memory space, as "{space}" in picture=); the
     * memory space itself is the attribute's value. */
    json_object_set_new(j, "arena", json_integer((json_int_t)s));
    json_object_set_new(j, "memory_space", space_json(f->spaces[s].attr));
    json_array_append_new(arenas, j);
  }
  for (size_t i = 0; i < f->nallocs; ++i) {
    if (f->allocs[i].skip == MP_PLANNED)
      continue;
    json_t *j = json_object();
    if (!j)
      goto done;
    json_object_set_new(j, "id", json_string(f->allocs[i].id));
    json_object_set_new(j, "reason", json_string(f->allocs[i].why));
    json_array_append_new(skipped, j);
  }
  json_object_set_new(root, "arenas", arenas);
  json_object_set_new(root, "skipped", skipped);
  arenas = skipped = NULL;
  char path[1024];
  if (output_path(f, "report", o->report, path, sizeof path))
    goto out;
  FILE *stream = stage_open(f, st, "report", path);
  if (!stream)
    goto out;
  bool failed = memplan_json_fprint(stream, root, err, sizeof err) != 0;
  rc = stage_end(f, st, failed, err);
  goto out;
done:
  snprintf(f->err, sizeof f->err, "memplan-static: out of memory writing the report");
out:
  free(fname);
  json_decref(root);
  json_decref(arenas);
  json_decref(skipped);
  return rc;
}

/* One picture per arena: "{space}" in the path becomes the arena's index
 * (the report's "arena": the order in which the function first allocates
 * in each memory space; an index, not the attribute, so any memory space
 * gives a plain file name). Without it, a function with arenas in
 * several memory spaces is refused, as several functions are without
 * "{func}": a single file would show one arena and hide the others. */
static int check_picture_spaces(mp_func *f, const memplan_pass_options *o) {
  /* "{func}{space}" would give f's arena 10 and f1's arena 0 one file
   * (pc_f10.svg): between the two there must be text that a name or an
   * index cannot absorb, i.e. not only digits. */
  const char *fn = strstr(o->picture, "{func}"), *sp = strstr(o->picture, "{space}");
  if (fn && sp) {
    const char *a = fn < sp ? fn + 6 : sp + 7, *b = fn < sp ? sp : fn;
    bool digits_only = true;
    for (const char *c = a; c < b; ++c)
      digits_only = digits_only && *c >= '0' && *c <= '9';
    if (digits_only) {
      snprintf(f->err, sizeof f->err,
               "memplan-static: picture=%s: {func} and {space} need a "
               "separator that is not a digit between them (e.g. "
               "{func}_{space}), or two functions' pictures may get one file",
               o->picture);
      return -1;
    }
  }
  if (f->nspaces > 1 && !sp) {
    snprintf(f->err, sizeof f->err,
             "memplan-static: picture=%s: the function has arenas in %zu "
             "memory spaces; put {space} in the path for one picture per arena",
             o->picture, f->nspaces);
    return -1;
  }
  return 0;
}

/* The file of arena s's picture, from the function's picture path (its
 * "{func}" already filled in). Returns 0, or -1 with f->err set. */
static int picture_path(mp_func *f, const char *path, size_t s, char *out,
                        size_t len) {
  const char *hole = strstr(path, "{space}");
  int w = hole ? snprintf(out, len, "%.*s%zu%s", (int)(hole - path), path, s,
                          hole + 7)
               : snprintf(out, len, "%s", path);
  if (w < 0 || (size_t)w >= len) {
    snprintf(f->err, sizeof f->err, "memplan-static: picture path too long");
    return -1;
  }
  return 0;
}

/* Whether two paths lead to one file: the same file when both exist,
 * else the same name in the same (resolved) directory, so that "a",
 * "./a", a link to it and a link to where it will be created all count
 * (the report is written first: a picture= link to the report's name
 * that dangles now leads to the report once it exists). */
static bool same_file(const char *a, const char *b) {
  struct stat sa, sb;
  if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
           S_ISREG(sa.st_mode);
  char *ca = memplan_output_creation_name(a);
  char *cb = memplan_output_creation_name(b);
  bool same = ca && cb ? strcmp(ca, cb) == 0 : strcmp(a, b) == 0;
  free(ca);
  free(cb);
  return same;
}

/* report= and picture= leading to one file would leave only the picture
 * (written last), with exit 0: refused before either is written. */
static int check_outputs_distinct(mp_func *f, const memplan_pass_options *o) {
  char rpath[1024], path[1024], spath[1100];
  if (output_path(f, "report", o->report, rpath, sizeof rpath) ||
      output_path(f, "picture", o->picture, path, sizeof path))
    return -1;
  size_t n = f->nspaces ? f->nspaces : 1;
  for (size_t s = 0; s < n; ++s) {
    if (picture_path(f, path, s, spath, sizeof spath))
      return -1;
    if (same_file(rpath, spath)) {
      snprintf(f->err, sizeof f->err,
               "memplan-static: report=%.120s and picture=%.120s lead to one "
               "file (%.120s); the picture would replace the report",
               o->report, o->picture, rpath);
      return -1;
    }
  }
  return 0;
}

typedef struct func_list {
  MlirOperation *ops;
  size_t n, cap;
  bool oom;
} func_list;

static bool list_visit(MlirOperation o, void *ctx) {
  func_list *l = ctx;
  if (!mp_is_defined_func(o))
    return false;
  MlirOperation *slot = mp_push(&l->ops, &l->n, &l->cap, sizeof *l->ops);
  if (!slot)
    return l->oom = true;
  *slot = o;
  return false;
}

/* The functions besides f that may run the pass with the same options,
 * as others_may_write finds them: the func.funcs with a body in f's block
 * (unless `outer_only`) and in each enclosing block. The insides of other
 * symbol tables (nested modules) are not read, since a pass on them may be
 * changing them. Of the functions found, only the names are read later
 * (qualified_name): passes on other threads may be rewriting their bodies,
 * but no pass on a function renames it.
 * Returns the array (the caller frees it) with its length in *n, or NULL
 * with *n = 0 when there are none or memory runs out (*oom set). */
static MlirOperation *other_functions(mp_func *f, bool outer_only, size_t *n,
                                      bool *oom) {
  func_list l = {NULL, 0, 0, false};
  any_neighbour(f, outer_only, list_visit, &l);
  *oom = l.oom;
  if (l.oom) {
    free(l.ops);
    l.ops = NULL;
    l.n = 0;
  }
  *n = l.n;
  return l.ops;
}

/* The last name of a path. */
static const char *last_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* The fixed text at both ends of the last name of every path a template
 * gives: the last name [*start, *start_end) before its first placeholder,
 * and from *end on, after its last one (the whole last name both, when it
 * has none; what "{func}" and "{space}" become never holds a '/'). */
static void fixed_ends(const char *path, const char **start,
                       size_t *start_len, const char **end) {
  static const char *const holes[2] = {"{func}", "{space}"};
  const char *last = last_name(path), *first = NULL;
  *end = last;
  for (int k = 0; k < 2; ++k) {
    const char *at = strstr(last, holes[k]);
    if (at && (!first || at < first))
      first = at;
    if (at && at + strlen(holes[k]) > *end)
      *end = at + strlen(holes[k]);
  }
  *start = last;
  *start_len = first ? (size_t)(first - last) : strlen(last);
}

static bool ends_with(const char *s, const char *end) {
  size_t ls = strlen(s), le = strlen(end);
  return le <= ls && memcmp(s + ls - le, end, le) == 0;
}

/* Whether a report of one function and a picture of another may have the
 * same last name: only if the fixed text that starts one template's last
 * names starts the other's too, and likewise the text that ends them
 * (report=out/{func} and picture=out/r_{func}: "" and "r_", "" and "";
 * out/{func}.json and out/{func}.svg never meet, nor out/r_{func} and
 * out/p_{func}). */
static bool names_may_meet(const char *report, const char *picture) {
  const char *rs, *re, *ps, *pe;
  size_t rl, pl;
  fixed_ends(report, &rs, &rl, &re);
  fixed_ends(picture, &ps, &pl, &pe);
  bool starts = memcmp(rs, ps, rl < pl ? rl : pl) == 0;
  return starts && (ends_with(re, pe) || ends_with(pe, re));
}

/* Whether the last name of `path` is a link: a symbolic link (dangling or
 * not), or a file with other hard links. Another path with another last
 * name can lead to the same file only through one. */
static bool is_link(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0 &&
         (S_ISLNK(st.st_mode) || (!S_ISDIR(st.st_mode) && st.st_nlink > 1));
}

/* One of f's own files, for check_other_functions, with what same_file
 * needs to know of it found once. */
typedef struct own_file {
  char path[1100];
  char *created;   /* memplan_output_creation_name(path), or NULL */
  bool exists;     /* stat(path) succeeded: st holds the file */
  struct stat st;
} own_file;

/* same_file(a->path, b) with one system call in the common cases, since
 * check_other_functions compares each of f's files with two files of
 * every other function (a module of a thousand functions, run here with
 * report= and picture=: 1.0 s without that check, 6.5 s with same_file
 * alone, 2.4 s with this). If b is
 * no link (lstat(2) says so), the kernel's answer is at hand when both
 * exist, the same inode of a regular file as in same_file; otherwise
 * same_file compares the names the two would be created under, or the
 * paths themselves when one of those cannot be found, and b's ends in b's
 * own last name: a last name of b that is neither a's nor that of a's
 * creation name settles it. A link b goes to same_file. */
static bool same_file_as(const own_file *a, const char *b) {
  struct stat st;
  bool exists = lstat(b, &st) == 0;
  if (exists && S_ISLNK(st.st_mode))
    return same_file(a->path, b);
  if (exists && a->exists)
    return a->st.st_dev == st.st_dev && a->st.st_ino == st.st_ino &&
           S_ISREG(a->st.st_mode);
  const char *b_last = last_name(b);
  if (strcmp(b_last, last_name(a->path)) != 0 &&
      (!a->created || strcmp(b_last, last_name(a->created)) != 0))
    return false;
  return same_file(a->path, b);
}

/* Two functions can meet in one file across the two options as well:
 * report=out/{func} and picture=out/r_{func} give @r_x's report and @x's
 * picture the one name out/r_x, and the file written last replaced the
 * other, with exit 0. The pass sees one function at a time, on several
 * threads, so no function knows what the others have written or will
 * write. Each one therefore works out, from names alone, the files that
 * the other functions will write, and refuses, before writing anything,
 * when one of its own files is among them. A name tells another function's
 * report and its first picture (every function writes picture 0, an empty
 * one when it has no arena); its pictures 1, 2, ... depend on its memory
 * spaces, i.e. on a body that another thread may be rewriting. So a
 * clash between two functions of one block is seen by both and neither
 * writes. A picture k >= 1 of f that is g's report is seen by f alone,
 * and so is a clash with a function of an enclosing block, whose view
 * (other_functions) does not reach into f's module: then f writes
 * nothing and g's file is written and not replaced. Either way the pass
 * fails. Functions of two sibling nested modules do not see each other,
 * so a clash between them is not caught. Report against report and
 * picture against picture are not compared: "{func}" gives each function
 * its own name, one to one (append_name), and check_picture_spaces keeps
 * {space} from blurring it, so only links made beforehand could join two
 * of them.
 * Comparing with every other function costs each function a system call
 * per other function, F^2 in all (5,000 functions with report= and
 * picture=: 41 s, against 0.66 s with report= alone). Most templates need
 * none of it: when their last names cannot start or end alike
 * (names_may_meet: ".json" and ".svg"), a report of one function and a
 * picture of another are two names, and only a link (is_link) at one of
 * them can make them one file. If none of f's own files is a link, a
 * clash with a function of f's block is then through a link of that
 * function's, and that function finds it when it compares its own files,
 * refusing before it writes (f's file is written and not replaced, as for
 * the clashes above that one function alone sees). So f compares only
 * with the functions of the enclosing blocks, which do not see f. A
 * function whose own file is a link compares with all, as when the names
 * may meet.
 * Returns 0, or -1 with f->err set. */
static int check_other_functions(mp_func *f, const memplan_pass_options *o) {
  /* Without {func} in both, output_path has refused any path that another
   * function may write, and with no other function there is nothing to do. */
  if (!strstr(o->report, "{func}") || !strstr(o->picture, "{func}"))
    return 0;
  size_t n = 0, nown = 1 + (f->nspaces ? f->nspaces : 1);
  bool oom = false;
  MlirOperation *others = NULL;
  own_file *own = calloc(nown, sizeof *own);
  int rc = 0;
  if (!own) {
    snprintf(f->err, sizeof f->err, "memplan-static: out of memory");
    return -1;
  }
  /* own[0] is f's report, own[1 + s] the picture of its arena s. */
  char ppath[1024];
  if (output_path(f, "report", o->report, own[0].path, sizeof own[0].path) ||
      output_path(f, "picture", o->picture, ppath, sizeof ppath))
    rc = -1;
  bool all = names_may_meet(o->report, o->picture);
  for (size_t k = 1; k < nown && rc == 0; ++k)
    if (picture_path(f, ppath, k - 1, own[k].path, sizeof own[k].path))
      rc = -1;
  for (size_t k = 0; k < nown && rc == 0 && !all; ++k)
    all = is_link(own[k].path);
  if (rc == 0)
    others = other_functions(f, !all, &n, &oom);
  if (oom) {
    snprintf(f->err, sizeof f->err, "memplan-static: out of memory");
    rc = -1;
    goto done;
  }
  for (size_t k = 0; k < nown && n && rc == 0; ++k) {
    own[k].created = memplan_output_creation_name(own[k].path);
    own[k].exists = stat(own[k].path, &own[k].st) == 0;
  }
  char gname[1024], grpath[1024], gppath[1024], gspath[1100];
  for (size_t i = 0; i < n && rc == 0; ++i) {
    /* A name or a path that is too long fails that function on its own
     * run, before it writes anything. */
    if (qualified_name(others[i], true, gname, sizeof gname) ||
        fill_func(o->report, gname, grpath, sizeof grpath) ||
        fill_func(o->picture, gname, gppath, sizeof gppath) ||
        picture_path(f, gppath, 0, gspath, sizeof gspath))
      continue;
    size_t k = 0;
    if (!same_file_as(&own[0], gspath))
      for (k = 1; k < nown; ++k)
        if (same_file_as(&own[k], grpath))
          break;
    if (k == nown)
      continue;
    char fname[1024];
    if (qualified_name(f->func, false, fname, sizeof fname) ||
        qualified_name(others[i], false, gname, sizeof gname))
      continue; /* cannot happen: the names for paths fit, and are longer */
    char *uf = memplan_utf8_sanitize(fname), *ug = memplan_utf8_sanitize(gname);
    const char *fn = uf ? uf : fname, *gn = ug ? ug : gname;
    snprintf(f->err, sizeof f->err,
             "memplan-static: report= and picture= lead to one file "
             "(%.240s) for the report of @%.60s and the picture of @%.60s; "
             "the one written last would replace the other",
             own[k].path, k == 0 ? fn : gn,
             k == 0 ? gn : fn);
    free(uf);
    free(ug);
    rc = -1;
  }
done:
  for (size_t k = 0; own && k < nown; ++k)
    free(own[k].created);
  free(own);
  free(others);
  return rc;
}

/* Every picture of f (one per arena), staged (see above). Returns 0, or -1
 * with f->err set. */
static int stage_pictures(mp_func *f, const memplan_pass_options *o,
                          staged *st) {
  char err[512] = "";
  memplan_problem empty;
  memplan_problem_init(&empty);
  char path[1024], spath[1100];
  if (output_path(f, "picture", o->picture, path, sizeof path))
    return -1;
  if (check_picture_spaces(f, o))
    return -1;
  size_t n = f->nspaces ? f->nspaces : 1; /* no arena: an empty picture */
  for (size_t s = 0; s < n; ++s) {
    const memplan_problem *p = f->nspaces ? &f->spaces[s].problem : &empty;
    const uint64_t *offs = f->nspaces ? f->spaces[s].plan.offsets : NULL;
    if (picture_path(f, path, s, spath, sizeof spath))
      return -1;
    FILE *stream = stage_open(f, st, "picture", spath);
    if (!stream)
      return -1;
    /* The bound the report states (the planner's), not the load alone. */
    memplan_svg_options so;
    memset(&so, 0, sizeof so);
    if (f->nspaces)
      so.lower_bound = f->spaces[s].plan.lower_bound;
    bool failed = memplan_svg_fprint(stream, p, offs, &so, err, sizeof err) != 0;
    if (stage_end(f, st, failed, err))
      return -1;
  }
  return 0;
}

/*--- the pass -------------------------------------------------------------*/

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Diagnostics go to the op's location; when that is unknown (pipelines
 * that import models often drop locations), to the function's; and when
 * that is unknown too, the message names the function: "<unknown>:0:
 * error: memplan-static: the arena needs ..." did not say which of a
 * module's functions failed, nor which function a "%alloc left alone"
 * belongs to. */
static void diagnose(mp_func *f, MlirOperation at, bool error, const char *msg) {
  MlirLocation unknown = mlirLocationUnknownGet(mlirOperationGetContext(f->func));
  MlirLocation loc = mlirOperationGetLocation(at);
  if (mlirLocationEqual(loc, unknown))
    loc = mlirOperationGetLocation(f->func);
  char copy[1024];
  snprintf(copy, sizeof copy, "%s", msg); /* msg may be f->err */
  char *text = NULL; /* the message with the function's name, any length */
  if (mlirLocationEqual(loc, unknown)) {
    static const char prefix[] = "memplan-static: ";
    size_t pl = sizeof prefix - 1;
    const char *rest = strncmp(copy, prefix, pl) == 0 ? copy + pl : copy;
    int why;
    char *name = qualified_name_dup(f->func, false, &why);
    char *uname = name ? memplan_utf8_sanitize(name) : NULL;
    const char *n = uname ? uname : name ? name : "?";
    size_t len = pl + strlen(n) + strlen(rest) + 8;
    text = malloc(len);
    if (text)
      snprintf(text, len, "%sin @%s: %s", prefix, n, rest);
    free(uname);
    free(name);
  }
  if (error)
    mlirEmitError(loc, text ? text : copy);
  else
    memplan_emit_remark(loc, text ? text : copy);
  free(text);
}

/* v in decimal: the summary's sums of sizes can pass 2^64 (buffers of up
 * to 2^62 bytes each, arenas of several memory spaces). */
static const char *u128_text(unsigned __int128 v, char buf[48]) {
  char *q = buf + 47;
  *q = '\0';
  do {
    *--q = (char)('0' + (int)(v % 10));
    v /= 10;
  } while (v);
  return q;
}

static void summary_remark(mp_func *f, const memplan_pass_options *o, double secs) {
  size_t planned = 0, skipped = 0, unsized = 0;
  unsigned __int128 sum_planned = 0, sum_skipped = 0, lb = 0, arena = 0;
  bool optimal = true;
  char winner[64] = "";
  for (size_t i = 0; i < f->nallocs; ++i) {
    if (f->allocs[i].skip == MP_PLANNED) {
      planned++;
      sum_planned += f->allocs[i].size;
    } else {
      skipped++;
      sum_skipped += f->allocs[i].size;
      /* These are left alone before (or because) their byte size is
       * known: counted apart, so that "0 left alone" does not read as if
       * two dynamic buffers took no memory. */
      mp_skip k = f->allocs[i].skip;
      unsized += k == MP_SKIP_DYNAMIC || k == MP_SKIP_LAYOUT ||
                 k == MP_SKIP_ELEMENT || k == MP_SKIP_TOO_BIG;
    }
  }
  for (size_t s = 0; s < f->nspaces; ++s) {
    lb += f->spaces[s].plan.lower_bound;
    arena += f->spaces[s].plan.peak;
    optimal = optimal && f->spaces[s].plan.status == MEMPLAN_OPTIMAL;
    /* A portfolio names its winner "auto:exact": show "auto (exact)". */
    const char *w = f->spaces[s].plan.planner;
    size_t pl = strlen(o->planner);
    if (strncmp(w, o->planner, pl) == 0 && w[pl] == ':')
      w += pl + 1;
    if (!winner[0] && w[0] && strcmp(w, o->planner) != 0)
      snprintf(winner, sizeof winner, " (%s)", w);
  }
  char status[64];
  if (optimal)
    snprintf(status, sizeof status, "optimal");
  else
    snprintf(status, sizeof status, "gap %.2f%%",
             lb ? 100.0 * (double)(arena - lb) / (double)lb : 0.0);
  char unknown[64] = "";
  if (unsized)
    snprintf(unknown, sizeof unknown, " and %zu of unknown size", unsized);
  char msg[512], t1[48], t2[48], t3[48], t4[48];
  snprintf(msg, sizeof msg,
           "memplan-static: planned %zu of %zu buffers (%zu left alone); "
           "sizes %s bytes planned, %s left alone%s; lower bound %s bytes; "
           "arena %s bytes in %zu arena%s; planner %s%s; %s; %.3f ms",
           planned, planned + skipped, skipped, u128_text(sum_planned, t1),
           u128_text(sum_skipped, t2), unknown, u128_text(lb, t3),
           u128_text(arena, t4), f->nspaces, f->nspaces == 1 ? "" : "s",
           o->planner, winner, status, secs * 1e3);
  diagnose(f, f->func, false, msg);
}

MlirLogicalResult memplan_static_run(MlirOperation func,
                                     const memplan_pass_options *o) {
  double t0 = now_seconds();
  char err[512];
  if (memplan_pass_options_check(o, err, sizeof err)) {
    mlirEmitError(mlirOperationGetLocation(func), err);
    return mlirLogicalResultFailure();
  }
  if (!mp_is_defined_func(func))
    return mlirLogicalResultSuccess(); /* declarations: nothing to plan */
  if (o->arena == MEMPLAN_ARENA_GLOBAL)
    mp_symbols_enter(func, o->instance);

  mp_func f;
  memset(&f, 0, sizeof f);
  staged st = {NULL, 0, 0, o->outputs != NULL};
  int rc = 0;
  /* At most two attempts: when an arena passes 2^62 bytes, mp_plan names
   * the buffers to leave alone (f.trim) so that the second cannot, and the
   * stages run again from the schedule, since leaving buffers alone changes
   * which deallocs may go. */
  MlirOperation *trim = NULL;
  size_t ntrim = 0, cap_trim = 0;
  for (int attempt = 0;; ++attempt) {
    memset(&f, 0, sizeof f);
    f.func = func;
    f.min_alignment = o->alignment;
    f.shared_arena = o->arena == MEMPLAN_ARENA_GLOBAL;
    f.trim = trim, f.ntrim = ntrim, f.cap_trim = cap_trim;
    if (mp_schedule_build(func, &f.sched)) {
      snprintf(f.err, sizeof f.err, "memplan-static: cannot number the ops "
                                    "(out of memory or nesting too deep)");
      rc = -1;
      goto out;
    }
    if ((rc = mp_liveness(&f)))
      goto out;
    /* A function without allocs goes through every stage below too (each
     * has nothing to do): report= and picture= must write their (empty)
     * files, or a stale file from an earlier run would pass for this run's
     * answer, and remarks=true gives its summary. */
    if (f.nallocs) {
      name_allocs(&f);
      unique_ids(&f);
    }
    rc = mp_plan(&f, o);
    trim = f.trim, ntrim = f.ntrim, cap_trim = f.cap_trim;
    f.trim = NULL; /* not mp_func_free's */
    if (rc != MP_PLAN_RETRY)
      break;
    if (attempt == 1) { /* cannot happen: see choose_trim (plan.c) */
      rc = -1;
      break;
    }
    mp_func_free(&f);
  }
  for (size_t i = 0; i < f.nallocs; ++i) {
    mp_alloc *a = &f.allocs[i];
    if (a->skip == MP_PLANNED)
      continue;
    char msg[400];
    snprintf(msg, sizeof msg, "memplan-static: %s left alone: %s", a->id, a->why);
    diagnose(&f, a->op, false, msg);
  }
  if (rc)
    goto out;
  /* Refused before any file is written. */
  if (o->picture && o->picture[0] && check_picture_spaces(&f, o)) {
    rc = -1;
    goto out;
  }
  if (o->picture && o->picture[0] && o->report && o->report[0] &&
      (check_outputs_distinct(&f, o) || check_other_functions(&f, o))) {
    rc = -1;
    goto out;
  }
  /* The files are staged, the IR rewritten, and only then the files kept
   * (see "staged outputs"): a failure anywhere leaves none of them. A
   * rename that fails at the very end leaves the IR rewritten (and the
   * files renamed before it in place), but the pass then fails, so
   * mlir-opt prints no IR. */
  if (o->report && o->report[0] && (rc = stage_report(&f, o, &st)))
    goto out;
  if (o->picture && o->picture[0] && (rc = stage_pictures(&f, o, &st)))
    goto out;
  if ((rc = mp_rewrite(&f, o)))
    goto out;
  if ((rc = o->outputs ? stage_hand_over(&f, &st, o->outputs)
                        : stage_finish(&f, &st, true)))
    goto out;
  if (o->remarks)
    summary_remark(&f, o, now_seconds() - t0);

out:
  stage_finish(&f, &st, false); /* after a failure: removes the temporaries */
  if (rc)
    diagnose(&f, func, true, f.err);
  free(trim);
  mp_func_free(&f);
  return rc ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}
