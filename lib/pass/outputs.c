/*===-- outputs.c - The report and picture files of a run, all or none ----===*/
#include "outputs.h"

#include "memplan/output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/*--- paths ------------------------------------------------------------------*/

char *mp_output_path(const char *path, const char *func, int64_t arena) {
  char num[24];
  snprintf(num, sizeof num, "%lld", (long long)arena);
  size_t len = strlen(path) + strlen(func) + strlen(num) + 1;
  char *out = malloc(len);
  if (!out)
    return NULL;
  char *o = out;
  for (const char *p = path; *p;) {
    const char *with = !strncmp(p, "{func}", 6)                ? func
                       : arena >= 0 && !strncmp(p, "{space}", 7) ? num
                                                                 : NULL;
    if (!with) {
      *o++ = *p++;
      continue;
    }
    size_t n = strlen(with);
    memcpy(o, with, n);
    o += n;
    p += with == func ? 6 : 7;
  }
  *o = 0;
  return out;
}

const char *mp_output_template_problem(const char *path, bool picture) {
  const char *fn = strstr(path, "{func}"), *sp = strstr(path, "{space}");
  if (fn && strstr(fn + 1, "{func}"))
    return "{func} may appear only once";
  if (sp && !picture)
    return "{space} is only for picture= (the report holds every arena)";
  if (sp && strstr(sp + 1, "{space}"))
    return "{space} may appear only once";
  if (fn && sp) {
    const char *a = fn < sp ? fn + 6 : sp + 7, *b = fn < sp ? sp : fn;
    bool digits_only = true;
    for (const char *c = a; c < b; ++c)
      digits_only = digits_only && *c >= '0' && *c <= '9';
    if (digits_only)
      return "{func} and {space} need a separator that is not a digit "
             "between them (e.g. {func}_{space}), or two functions' "
             "pictures may get one file";
  }
  return NULL;
}

/*--- the list ---------------------------------------------------------------*/

static void file_free(mp_file *f) {
  free(f->path);
  free(f->text);
  free(f->owner);
}

int mp_files_add(mp_files *fs, mp_file f) {
  if (fs->n == fs->cap) {
    size_t cap = fs->cap ? 2 * fs->cap : 8;
    mp_file *v = realloc(fs->v, cap * sizeof *v);
    if (!v) {
      file_free(&f);
      return -1;
    }
    fs->v = v, fs->cap = cap;
  }
  fs->v[fs->n++] = f;
  return 0;
}

int mp_files_move(mp_files *to, mp_files *from) {
  if (to->n + from->n > to->cap) {
    size_t cap = to->n + from->n;
    mp_file *v = realloc(to->v, cap * sizeof *v);
    if (!v)
      return -1;
    to->v = v, to->cap = cap;
  }
  if (from->n)
    memcpy(to->v + to->n, from->v, from->n * sizeof *from->v);
  to->n += from->n;
  free(from->v);
  memset(from, 0, sizeof *from);
  return 0;
}

void mp_files_free(mp_files *fs) {
  for (size_t i = 0; i < fs->n; ++i)
    file_free(&fs->v[i]);
  free(fs->v);
  memset(fs, 0, sizeof *fs);
}

/*--- writing ----------------------------------------------------------------*/

/* "the report of @f", and " (out/f.json)" with_path (the messages of
 * memplan_output_* name the path themselves). */
static void describe(const mp_file *f, bool with_path, char *buf, size_t len) {
  snprintf(buf, len, "the %s of @%.200s%s%.300s%s",
           f->kind == MP_FILE_REPORT ? "report" : "picture", f->owner,
           with_path ? " (" : "", with_path ? f->path : "", with_path ? ")" : "");
}

/* What to change when files a and b land on one: ": put {func} in the
 * path..." when their paths are the same text (a placeholder is missing),
 * "" when they meet only once resolved ("d/{func}/../r", links). */
static const char *clash_hint(const mp_file *a, const mp_file *b) {
  if (strcmp(a->path, b->path) != 0)
    return "";
  bool same_owner = strcmp(a->owner, b->owner) == 0;
  if (a->kind != b->kind && same_owner)
    return ": give report= and picture= different names";
  if (a->kind != b->kind)
    return ": make report= and picture= differ where no function name can "
           "(as {func}.json and {func}.svg)";
  if (!same_owner)
    return ": put {func} in the path for one file per function";
  return ": put {space} in the path for one picture per arena";
}

typedef struct key {
  const char *target; /* the file a temporary replaces, resolved */
  dev_t dev;
  ino_t ino;
  size_t i;
} key;

static int by_target(const void *x, const void *y) {
  const key *a = x, *b = y;
  int c = strcmp(a->target, b->target);
  return c ? c : (a->i > b->i) - (a->i < b->i);
}

static int by_inode(const void *x, const void *y) {
  const key *a = x, *b = y;
  if (a->dev != b->dev)
    return a->dev < b->dev ? -1 : 1;
  if (a->ino != b->ino)
    return a->ino < b->ino ? -1 : 1;
  return (a->i > b->i) - (a->i < b->i);
}

/* Two files of fs that would replace one another, by resolved name, then by
 * the identity of a target that exists (hard links): writes their indexes
 * to *a, *b and returns 1; 0 when none do; -1 when memory runs out. */
static int find_clash(const mp_files *fs, const memplan_output *outs, size_t *a,
                      size_t *b) {
  key *k = malloc((fs->n ? fs->n : 1) * sizeof *k);
  char **canon = calloc(fs->n ? fs->n : 1, sizeof *canon);
  int found = -1;
  if (!k || !canon)
    goto out;
  size_t n = 0, m = 0;
  for (size_t i = 0; i < fs->n; ++i) {
    if (!outs[i].target)
      continue; /* written in place */
    canon[i] = memplan_output_creation_name(outs[i].target);
    k[n++] = (key){canon[i] ? canon[i] : outs[i].target, 0, 0, i};
  }
  qsort(k, n, sizeof *k, by_target);
  found = 0;
  for (size_t j = 1; j < n && !found; ++j)
    if (strcmp(k[j - 1].target, k[j].target) == 0)
      *a = k[j - 1].i, *b = k[j].i, found = 1;
  for (size_t j = 0; j < n && !found; ++j) {
    struct stat st;
    if (stat(k[j].target, &st) == 0)
      k[m++] = (key){k[j].target, st.st_dev, st.st_ino, k[j].i};
  }
  qsort(k, m, sizeof *k, by_inode);
  for (size_t j = 1; j < m && !found; ++j)
    if (k[j - 1].dev == k[j].dev && k[j - 1].ino == k[j].ino)
      *a = k[j - 1].i, *b = k[j].i, found = 1;
out:
  for (size_t i = 0; canon && i < fs->n; ++i)
    free(canon[i]);
  free(canon);
  free(k);
  return found;
}

/* Writes file i's text into its opened output and finishes it (a temporary
 * is closed and kept for the rename). Returns 0, or -1 with err set. */
static int write_one(const mp_file *f, memplan_output *o, char *err, size_t err_len) {
  char e[512] = "", what[600];
  if (f->len)
    fwrite(f->text, 1, f->len, o->stream);
  if (memplan_output_finish(o, e, sizeof e) == 0)
    return 0;
  describe(f, false, what, sizeof what);
  snprintf(err, err_len, "memplan-static: %s: %s", what, e);
  return -1;
}

/* Opens every output (temporaries beside regular files), checks for
 * clashes, writes the temporaries, then the in-place outputs. Returns the
 * number of outputs opened (all of them on success), with err set when
 * fewer or on failure (*failed). */
static size_t write_all(const mp_files *fs, memplan_output *outs, bool *failed,
                        char *err, size_t err_len) {
  size_t opened = 0, a = 0, b = 0;
  char e[512], what[600], other[600];
  *failed = true;
  for (; opened < fs->n; ++opened)
    if (memplan_output_open(&outs[opened], fs->v[opened].path, e, sizeof e) != 0) {
      describe(&fs->v[opened], false, what, sizeof what);
      snprintf(err, err_len, "memplan-static: %s: %s", what, e);
      return opened;
    }
  int c = find_clash(fs, outs, &a, &b);
  if (c != 0) {
    describe(&fs->v[a], true, what, sizeof what);
    describe(&fs->v[b], true, other, sizeof other);
    if (c < 0)
      snprintf(err, err_len, "memplan-static: out of memory");
    else
      snprintf(err, err_len,
               "memplan-static: %s and %s lead to one file%s (no file is "
               "written)", what, other, clash_hint(&fs->v[a], &fs->v[b]));
    return opened;
  }
  /* Standard output, devices and pipes cannot be taken back: last. */
  for (int in_place = 0; in_place < 2; ++in_place)
    for (size_t i = 0; i < fs->n; ++i)
      if ((outs[i].tmp == NULL) == (in_place == 1) && outs[i].stream &&
          write_one(&fs->v[i], &outs[i], err, err_len))
        return opened;
  *failed = false;
  return opened;
}

int mp_files_commit(const mp_files *fs, char *err, size_t err_len) {
  memplan_output *outs = calloc(fs->n ? fs->n : 1, sizeof *outs);
  if (!outs) {
    snprintf(err, err_len, "memplan-static: out of memory");
    return -1;
  }
  bool failed;
  size_t opened = write_all(fs, outs, &failed, err, err_len);
  int rc = failed ? -1 : 0;
  char e[512];
  for (size_t i = 0; i < opened; ++i) {
    bool keep = rc == 0;
    if (memplan_output_close(&outs[i], keep, e, sizeof e) != 0 && keep) {
      char what[600];
      describe(&fs->v[i], false, what, sizeof what);
      snprintf(err, err_len, "memplan-static: %s: %s", what, e);
      rc = -1; /* the files renamed before it stay; the rest are removed */
    }
  }
  free(outs);
  return rc;
}
