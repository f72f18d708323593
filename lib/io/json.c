/*===-- io/json.c - JSON reports of problems and plans (jansson) ----------===*\
|*                                                                            *|
|* Thin builders over jansson; see memplan/json.h for the schema. The one     *|
|* subtle point is 64-bit byte counts: jansson stores json_int_t (signed      *|
|* long long), so values above INT64_MAX are written as decimal strings       *|
|* instead of being wrapped to negative numbers.                              *|
\*===----------------------------------------------------------------------===*/

/* realpath() is XSI: ask for it explicitly next to the POSIX baseline. */
#define _XOPEN_SOURCE 700

#include "memplan/json.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

json_t *memplan_json_u64(uint64_t v) {
  if (v <= (uint64_t)INT64_MAX)
    return json_integer((json_int_t)v);
  char buf[24];
  snprintf(buf, sizeof buf, "%" PRIu64, v);
  return json_string(buf);
}

/* Sets key to a new value, dropping the whole object on failure, so that
 * callers can chain calls and test for NULL once at the end. */
static json_t *set_new(json_t *obj, const char *key, json_t *value) {
  if (!obj)
    return json_decref(value), NULL;
  if (!value || json_object_set_new(obj, key, value) != 0) {
    json_decref(obj);
    return NULL;
  }
  return obj;
}

json_t *memplan_json_buffer(const memplan_problem *p, size_t i,
                            const uint64_t *offsets) {
  const memplan_buffer *b = &p->buffers[i];
  char name[24];
  json_t *o = json_object();
  o = set_new(o, "id", json_string(memplan_buffer_name(p, i, name)));
  o = set_new(o, "size", memplan_json_u64(b->size));
  o = set_new(o, "alignment", memplan_json_u64(b->alignment));
  o = set_new(o, "start", json_integer((json_int_t)b->start));
  o = set_new(o, "end", json_integer((json_int_t)b->end));
  if (offsets)
    o = set_new(o, "offset", memplan_json_u64(offsets[i]));
  else if (b->fixed)
    o = set_new(o, "offset", memplan_json_u64(b->offset));
  if (b->fixed)
    o = set_new(o, "fixed", json_true());
  return o;
}

json_t *memplan_json_plan(const memplan_plan *plan) {
  double gap = 0.0;
  if (plan->lower_bound > 0 && plan->peak > plan->lower_bound)
    gap = (double)(plan->peak - plan->lower_bound) / (double)plan->lower_bound;
  json_t *o = json_object();
  o = set_new(o, "planner", json_string(plan->planner));
  o = set_new(o, "status", json_string(memplan_status_name(plan->status)));
  o = set_new(o, "peak", memplan_json_u64(plan->peak));
  o = set_new(o, "lower_bound", memplan_json_u64(plan->lower_bound));
  o = set_new(o, "gap", json_real(gap));
  o = set_new(o, "seconds", json_real(plan->seconds));
  o = set_new(o, "work", memplan_json_u64(plan->work));
  if (plan->message[0])
    o = set_new(o, "message", json_string(plan->message));
  return o;
}

json_t *memplan_json_summary(const memplan_problem *p,
                             const memplan_plan *plan, bool with_buffers) {
  json_t *o = memplan_json_plan(plan);
  o = set_new(o, "buffers_count", memplan_json_u64(p->count));
  o = set_new(o, "capacity", memplan_json_u64(p->capacity));
  if (!o || !with_buffers)
    return o;
  json_t *arr = json_array();
  const uint64_t *offsets =
      plan->offsets && plan->count == p->count ? plan->offsets : NULL;
  for (size_t i = 0; arr && i < p->count; i++) {
    json_t *b = memplan_json_buffer(p, i, offsets);
    if (!b || json_array_append_new(arr, b) != 0) {
      json_decref(arr);
      arr = NULL;
    }
  }
  return set_new(o, "buffers", arr);
}

static void set_err(char *err, size_t err_len, const char *path,
                    const char *what, int e) {
  if (err && err_len)
    snprintf(err, err_len, "%s: %s%s%s", path ? path : "(null)", what,
             e ? ": " : "", e ? strerror(e) : "");
}

/* jansson's dump callback: returns -1 on a short write so that json_dump_callback
 * reports the failure instead of us discovering it only at fclose. */
static int dump_to_fd(const char *buf, size_t size, void *data) {
  int fd = *(int *)data;
  while (size > 0) {
    ssize_t w = write(fd, buf, size);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    buf += w;
    size -= (size_t)w;
  }
  return 0;
}

/* Temporary names carry the pid and a process-wide counter: the MLIR pass may
 * write reports from several threads at once, and O_EXCL makes a clash with a
 * stale file from another process a retry, never a shared file. The mode
 * 0666 lets the umask decide the final permissions, like a plain fopen. */
static atomic_uint tmp_counter;

int memplan_json_write(const char *path, json_t *j, char *err,
                       size_t err_len) {
  if (!path || !*path) {
    set_err(err, err_len, path, "no output path", 0);
    return -1;
  }
  /* Six significant digits: gaps and times are measurements, and 17 digits
   * of binary noise (0.44444444444444442) only make reports harder to read. */
  const size_t flags = JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6);
  if (strcmp(path, "-") == 0) {
    int fd = STDOUT_FILENO;
    if (json_dump_callback(j, dump_to_fd, &fd, flags) != 0 ||
        dump_to_fd("\n", 1, &fd) != 0) {
      set_err(err, err_len, "<stdout>", "write failed", errno);
      return -1;
    }
    return 0;
  }
  /* Temporary-and-rename is only right for a regular (or new) file. A
   * device, FIFO or socket (report=/dev/null, a pipe) is written in place:
   * renaming over it would replace the node itself (as root, /dev/null
   * would become a regular file). A symbolic link is followed, so the file
   * it names is replaced and the link survives. */
  char *real = realpath(path, NULL);
  struct stat st;
  if (real && stat(real, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
    free(real);
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
      set_err(err, err_len, path, "cannot write", errno);
      return -1;
    }
    int rc = json_dump_callback(j, dump_to_fd, &fd, flags);
    if (rc == 0)
      rc = dump_to_fd("\n", 1, &fd);
    int e = rc ? errno : 0;
    if (close(fd) != 0 && rc == 0) {
      rc = -1;
      e = errno;
    }
    if (rc != 0)
      set_err(err, err_len, path, "cannot write", e);
    return rc == 0 ? 0 : -1;
  }
  const char *target = real ? real : path;
  size_t n = strlen(target) + 48;
  char *tmp = malloc(n);
  if (!tmp) {
    free(real);
    set_err(err, err_len, path, "out of memory", 0);
    return -1;
  }
  int fd = -1;
  for (int tries = 0; tries < 100 && fd < 0; tries++) {
    snprintf(tmp, n, "%s.tmp.%ld.%u", target, (long)getpid(),
             atomic_fetch_add(&tmp_counter, 1u));
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST)
      break;
  }
  if (fd < 0) {
    set_err(err, err_len, path, "cannot create temporary file", errno);
    free(tmp);
    free(real);
    return -1;
  }
  int rc = json_dump_callback(j, dump_to_fd, &fd, flags);
  if (rc == 0)
    rc = dump_to_fd("\n", 1, &fd);
  int e = rc ? errno : 0;
  if (close(fd) != 0 && rc == 0) {
    rc = -1;
    e = errno;
  }
  if (rc == 0 && rename(tmp, target) != 0) {
    rc = -1;
    e = errno;
  }
  if (rc != 0) {
    set_err(err, err_len, path, "cannot write", e);
    unlink(tmp);
  }
  free(tmp);
  free(real);
  return rc == 0 ? 0 : -1;
}
