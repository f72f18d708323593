/*===-- output.c - All-or-nothing output files ----------------------------===*\
|*                                                                            *|
|* See memplan/output.h. The temporary sits in the target's directory so that *|
|* rename(2) is atomic. It is created with O_EXCL under a pid-and-counter     *|
|* name rather than mkstemp, which keeps the usual 0666 & ~umask permissions  *|
|* of the final file (mkstemp would make it 0600). The counter is atomic:     *|
|* the MLIR pass writes reports from several threads at once.               *|
\*===----------------------------------------------------------------------===*/
/* realpath() is XSI: ask for it explicitly next to the POSIX baseline. */
#define _XOPEN_SOURCE 700

#include "core/error.h"
#include "memplan/output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* True when `dir` is a process's descriptor directory, /proc/PID/fd as
 * realpath spells it; *self says whether PID is this process. */
static bool is_fd_dir(const char *dir, bool *self) {
  const char *t = dir;
  if (strncmp(t, "/proc/", 6) != 0)
    return false;
  t += 6;
  size_t digits = strspn(t, "0123456789");
  if (digits == 0 || strcmp(t + digits, "/fd") != 0)
    return false;
  *self = strtol(t, NULL, 10) == (long)getpid();
  return true;
}

/* Follows `path` link by link and returns N when some step of the way is
 * /proc/PID/fd/N with PID this process: that is what /dev/stdout,
 * /dev/stderr, /dev/fd/N and a shell's process substitution >(cmd) name.
 * Such a path means "the descriptor N that is already open", not a file in
 * a directory: it must be written through that descriptor (its offset,
 * its O_APPEND), never replaced by renaming a temporary over whatever it
 * points to (`>> log` would lose the log) nor refused because its target,
 * "pipe:[123]", is no path at all. Returns -1 when no step is one; -2 when
 * a step is another process's descriptor (written in place, see below). */
static int descriptor_named(const char *path) {
  char cur[4096];
  if (snprintf(cur, sizeof cur, "%s", path) >= (int)sizeof cur)
    return -1;
  for (int hop = 0; hop < 40; ++hop) {
    char dir[4096];
    const char *slash = strrchr(cur, '/');
    const char *base = slash ? slash + 1 : cur;
    if (!slash)
      snprintf(dir, sizeof dir, ".");
    else if (slash == cur)
      snprintf(dir, sizeof dir, "/");
    else
      snprintf(dir, sizeof dir, "%.*s", (int)(slash - cur), cur);
    char *rdir = realpath(dir, NULL);
    bool self = false;
    bool fd_dir = rdir && is_fd_dir(rdir, &self);
    free(rdir);
    if (fd_dir && base[0] && strspn(base, "0123456789") == strlen(base) &&
        strlen(base) < 10)
      return self ? atoi(base) : -2;
    struct stat st;
    if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
      return -1;
    char link[4096];
    ssize_t n = readlink(cur, link, sizeof link - 1);
    if (n < 0)
      return -1;
    link[n] = '\0';
    char next[4096];
    if (link[0] == '/')
      snprintf(next, sizeof next, "%s", link);
    else if (snprintf(next, sizeof next, "%s/%s", dir, link) >=
             (int)sizeof next)
      return -1;
    memcpy(cur, next, sizeof cur);
  }
  return -1;
}

/* The temporaries being written, so that a signal handler can remove them
 * (memplan_output_remove_temporaries). A slot holds the malloc'd name from
 * open until close has renamed or removed the file. The slots come in
 * chunks that are never moved or freed, linked through atomic pointers, so
 * that a handler can walk them (without a lock, which it could not take)
 * while another thread adds a chunk. Slots are handed out and given back
 * under a spin lock, from a stack of the free ones: a module's thousands
 * of staged files cost O(1) each, not a scan. Memory stays at the most
 * outputs ever open at once; when it runs out, the output is simply not
 * listed. */
#define OUTPUT_SLOTS 64
typedef struct tmp_chunk {
  _Atomic(char *) slot[OUTPUT_SLOTS];
  struct tmp_chunk *_Atomic next;
} tmp_chunk;

static tmp_chunk first_chunk;
static atomic_flag slots_lock = ATOMIC_FLAG_INIT;
/* Under slots_lock: the newest chunk and how many of its slots were ever
 * handed out, and the stack of slots given back. */
static tmp_chunk *last_chunk = &first_chunk;
static size_t last_used;
static _Atomic(char *) **free_slots;
static size_t free_n, free_cap;

static void list_tmp(memplan_output *o) {
  while (atomic_flag_test_and_set_explicit(&slots_lock, memory_order_acquire))
    ;
  _Atomic(char *) *slot = NULL;
  if (free_n) {
    slot = free_slots[--free_n];
  } else if (last_used < OUTPUT_SLOTS) {
    slot = &last_chunk->slot[last_used++];
  } else {
    tmp_chunk *c = calloc(1, sizeof *c);
    if (c) {
      atomic_store(&last_chunk->next, c);
      last_chunk = c;
      last_used = 1;
      slot = &c->slot[0];
    }
  }
  atomic_flag_clear_explicit(&slots_lock, memory_order_release);
  if (slot)
    atomic_store(slot, o->tmp);
  o->slot = (void *)slot;
}

static void unlist_tmp(memplan_output *o) {
  _Atomic(char *) *slot = o->slot;
  if (!slot)
    return;
  atomic_store(slot, NULL);
  o->slot = NULL;
  while (atomic_flag_test_and_set_explicit(&slots_lock, memory_order_acquire))
    ;
  if (free_n == free_cap) {
    size_t cap = free_cap ? 2 * free_cap : OUTPUT_SLOTS;
    void *grown = realloc(free_slots, cap * sizeof *free_slots);
    if (grown) {
      free_slots = grown;
      free_cap = cap;
    }
  }
  if (free_n < free_cap) /* else the slot is lost, not reused */
    free_slots[free_n++] = slot;
  atomic_flag_clear_explicit(&slots_lock, memory_order_release);
}

void memplan_output_remove_temporaries(void) {
  /* Only atomic loads and unlink(2), which are async-signal-safe: this runs
   * in handlers. */
  for (tmp_chunk *c = &first_chunk; c; c = atomic_load(&c->next))
    for (int i = 0; i < OUTPUT_SLOTS; ++i) {
      char *t = atomic_load(&c->slot[i]);
      if (t)
        unlink(t);
    }
}

/* Opens `path` as memplan_output_open says; with `dry`, only finds out
 * whether it could: nothing is opened in place (opening a FIFO would block
 * for a reader, then hand it an empty stream) and the temporary is
 * removed at once. o->stream is then NULL. */
static int output_begin(memplan_output *o, const char *path, bool dry,
                        char *err, size_t err_len) {
  memset(o, 0, sizeof *o);
  o->path = path;
  /* "" names no file: open("") fails, but the temporary beside it would
   * have been created in the working directory, and the rename only
   * failed at the end, after the work. */
  if (!path || !path[0])
    return memplan_internal_errorf(err, err_len, "no output path given");
  if (strcmp(path, "-") == 0) {
    o->stream = dry ? NULL : stdout;
    return 0;
  }
  int fdn = descriptor_named(path);
  if (fdn >= 0) {
    /* Whatever this process already wrote to that descriptor through
     * stdio comes first. */
    if (!dry)
      fflush(NULL);
    int d = dup(fdn);
    if (d < 0 || (!dry && !(o->stream = fdopen(d, "w")))) {
      int e = errno;
      if (d >= 0)
        close(d);
      return memplan_internal_errorf(err, err_len, "%s: cannot write: %s",
                                     path, strerror(e));
    }
    if (dry)
      close(d);
    return 0;
  }
  char *real = realpath(path, NULL);
  int rerr = real ? 0 : errno;
  struct stat st;
  /* Another process's descriptor (/proc/PID/fd/N): its target may be no
   * path ("pipe:[123]"), but the kernel opens it; write in place. */
  if (!real && fdn == -2 && stat(path, &st) == 0 && !S_ISDIR(st.st_mode)) {
    if (!dry && !(o->stream = fopen(path, "w")))
      return memplan_internal_errorf(err, err_len, "%s: cannot write: %s",
                                     path, strerror(errno));
    return 0;
  }
  /* realpath fails for a path that does not exist yet (a new file: the
   * temporary goes beside it) but also for a symbolic link whose target is
   * missing. Writing beside the link would then replace the link with a
   * regular file, the opposite of what a link is for; and creating the
   * target through the link is no better when its directory may be gone.
   * So a link that cannot be resolved is refused, nothing created. */
  if (!real && lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
    if (rerr == ENOENT || rerr == ENOTDIR)
      return memplan_internal_errorf(err, err_len,
                                     "%s: symbolic link to a missing target",
                                     path);
    return memplan_internal_errorf(err, err_len,
                                   "%s: cannot resolve the symbolic link: %s",
                                   path, strerror(rerr));
  }
  if (real && stat(real, &st) == 0 && S_ISDIR(st.st_mode)) {
    /* Known now, not only at the final rename, after all the work. */
    free(real);
    return memplan_internal_errorf(err, err_len,
                                   "%s: cannot write: Is a directory", path);
  }
  if (real && stat(real, &st) == 0 && !S_ISREG(st.st_mode)) {
    free(real);
    if (dry) {
      if (access(path, W_OK) != 0)
        return memplan_internal_errorf(err, err_len, "%s: cannot write: %s",
                                       path, strerror(errno));
      return 0;
    }
    o->stream = fopen(path, "w");
    if (!o->stream)
      return memplan_internal_errorf(err, err_len, "%s: cannot write: %s", path, strerror(errno));
    return 0;
  }
  o->target = real ? real : strdup(path);
  size_t tlen = o->target ? strlen(o->target) + 64 : 0;
  o->tmp = o->target ? calloc(1, tlen) : NULL;
  if (!o->tmp) {
    free(o->target);
    o->target = NULL;
    return memplan_internal_errorf(err, err_len, "%s: out of memory", path);
  }
  static atomic_uint counter;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    snprintf(o->tmp, tlen, "%s.tmp.%ld.%u", o->target, (long)getpid(),
             atomic_fetch_add(&counter, 1u));
    /* Listed before the file exists: a signal right after its creation
     * (when a system call returns) left it behind when it was listed only
     * once the stream was set up. Unlinking a name not created yet, or
     * between two names (the buffer was zeroed, so it always ends), only
     * ever touches this process's own temporaries: the names hold its
     * pid. */
    if (attempt == 0)
      list_tmp(o);
    fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST)
      break;
  }
  int e = errno;
  if (fd >= 0 && dry) {
    close(fd);
    unlink(o->tmp);
    unlist_tmp(o);
    free(o->tmp);
    free(o->target);
    o->tmp = o->target = NULL;
    return 0;
  }
  if (fd >= 0 && !(o->stream = fdopen(fd, "w"))) {
    e = errno;
    close(fd);
    unlink(o->tmp);
    fd = -1;
  }
  if (fd < 0) {
    unlist_tmp(o);
    free(o->tmp);
    free(o->target);
    o->tmp = o->target = NULL;
    return memplan_internal_errorf(err, err_len, "%s: cannot create the output file: %s", path,
                 strerror(e));
  }
  /* The temporary replaces an existing file: give it that file's owner
   * and permissions, or a private plan (0600) would come back readable by
   * everyone (0666 & ~umask). Best effort: an unprivileged user cannot give
   * a file away, and then keeps it. Only the read/write/execute bits: the
   * set-user-ID, set-group-ID and sticky bits of the file replaced are not
   * carried to new contents (as cp does without -p). */
  struct stat tst;
  if (fstat(fd, &tst) == 0 && stat(o->target, &st) == 0 &&
      S_ISREG(st.st_mode)) {
    if (st.st_uid != tst.st_uid || st.st_gid != tst.st_gid) {
      if (fchown(fd, st.st_uid, st.st_gid) != 0 &&
          fchown(fd, (uid_t)-1, st.st_gid) != 0) {
        /* Not ours to give: the new file stays ours. */
      }
    }
    fchmod(fd, st.st_mode & 0777);
  }
  return 0;
}

int memplan_output_open(memplan_output *o, const char *path, char *err,
                        size_t err_len) {
  return output_begin(o, path, false, err, err_len);
}

int memplan_output_check(const char *path, char *err, size_t err_len) {
  memplan_output o;
  return output_begin(&o, path, true, err, err_len);
}

/* Releases everything `o` holds, removing its temporary unless it was
 * renamed into place. */
static void output_release(memplan_output *o, bool remove_tmp) {
  if (o->tmp) {
    if (remove_tmp)
      unlink(o->tmp);
    /* Unlisted only now: a signal in between removes a name that is gone
     * already (renamed), which is harmless. */
    unlist_tmp(o);
  }
  free(o->tmp);
  free(o->target);
  memset(o, 0, sizeof *o);
}

int memplan_output_finish(memplan_output *o, char *err, size_t err_len) {
  if (!o->stream)
    return 0;
  int e = 0;
  if (fflush(o->stream) != 0 || ferror(o->stream))
    e = errno ? errno : EIO;
  if (o->stream != stdout && fclose(o->stream) != 0 && !e)
    e = errno ? errno : EIO;
  o->stream = NULL;
  if (!e)
    return 0;
  if (!o->tmp && strcmp(o->path, "-") == 0)
    memplan_internal_errorf(err, err_len, "cannot write to standard output: %s",
                            strerror(e));
  else
    memplan_internal_errorf(err, err_len, "%s: write error: %s", o->path,
                            strerror(e));
  output_release(o, true);
  return -1;
}

int memplan_output_close(memplan_output *o, bool keep, char *err,
                         size_t err_len) {
  if (keep) {
    if (memplan_output_finish(o, err, err_len) != 0)
      return -1; /* released, the temporary removed */
  } else if (o->stream && o->stream != stdout) {
    fclose(o->stream);
  }
  int rc = 0;
  if (o->tmp && keep && rename(o->tmp, o->target) != 0)
    rc = memplan_internal_errorf(err, err_len,
                                 "%s: cannot write the output file: %s",
                                 o->path, strerror(errno));
  output_release(o, !keep || rc);
  return rc;
}

/* A symbolic link whose target does not exist yet is followed link by link
 * (as the kernel will once something has created that target), then the
 * directory is resolved and the last name kept. */
char *memplan_output_creation_name(const char *path) {
  char cur[4096];
  if (snprintf(cur, sizeof cur, "%s", path) >= (int)sizeof cur)
    return NULL;
  for (int hop = 0; hop < 40; ++hop) {
    struct stat st;
    char link[4096], next[8200];
    if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
      break;
    ssize_t n = readlink(cur, link, sizeof link - 1);
    if (n < 0)
      break;
    link[n] = '\0';
    const char *slash = strrchr(cur, '/');
    if (link[0] == '/' || !slash)
      snprintf(next, sizeof next, "%s", link);
    else
      snprintf(next, sizeof next, "%.*s%s", (int)(slash - cur + 1), cur, link);
    if (snprintf(cur, sizeof cur, "%s", next) >= (int)sizeof cur)
      return NULL;
  }
  const char *slash = strrchr(cur, '/');
  char *dir = slash ? strndup(cur, (size_t)(slash - cur + 1)) : strdup(".");
  char *rdir = dir ? realpath(dir, NULL) : NULL;
  const char *base = slash ? slash + 1 : cur;
  char *out = rdir ? malloc(strlen(rdir) + strlen(base) + 2) : NULL;
  if (out)
    sprintf(out, "%s/%s", rdir, base);
  free(dir);
  free(rdir);
  return out;
}
