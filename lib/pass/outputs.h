/*===-- outputs.h - The report and picture files of a run, all or none ----===*\
|*                                                                            *|
|* Each function renders its report and pictures in memory while it is       *|
|* planned (report.c); the module's end hands the whole list here. The list   *|
|* is checked once for two files that lead to one (the same name once links   *|
|* and ".." are resolved, or one file through a hard link), then every file   *|
|* is written to a temporary beside its target, then standard output,         *|
|* devices and pipes get their text, then the temporaries are renamed into    *|
|* place. A failure before the renames keeps no file and leaves the targets   *|
|* as they were; a signal while functions are planned leaves nothing behind,  *|
|* since nothing is on disk before the end.                                   *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_OUTPUTS_H
#define MEMPLAN_PASS_OUTPUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum mp_file_kind { MP_FILE_REPORT, MP_FILE_PICTURE } mp_file_kind;

typedef struct mp_file {
  char *path;         /* where it goes (owned) */
  char *text;         /* its contents (owned), len bytes */
  size_t len;
  mp_file_kind kind;
  char *owner;        /* the function's name, for messages (owned) */
  int64_t arena;      /* pictures: the arena's index */
} mp_file;

typedef struct mp_files {
  mp_file *v;
  size_t n, cap;
} mp_files;

/** `path` with "{func}" replaced by `func` and "{space}" by `arena` (when
 *  arena >= 0). Returns a malloc'd string, or NULL if memory runs out. */
char *mp_output_path(const char *path, const char *func, int64_t arena);

/** Checks a report= or picture= template: each placeholder at most once,
 *  "{space}" only in a picture, and between "{func}" and "{space}" a
 *  character that is not a digit (else f's arena 10 and f1's arena 0 would
 *  share a name). Returns NULL, or what is wrong. */
const char *mp_output_template_problem(const char *path, bool picture);

/** Appends a file to *fs, taking ownership of path, text and owner (freed
 *  on failure too). Returns 0, or -1 if memory runs out. */
int mp_files_add(mp_files *fs, mp_file f);
/** Moves every file of *from to the end of *to (from is left empty).
 *  Returns 0, or -1 if memory runs out (from is then unchanged). */
int mp_files_move(mp_files *to, mp_files *from);
void mp_files_free(mp_files *fs);

/** Writes every file of fs, all or none (see the header). Returns 0, or -1
 *  with a message in err. */
int mp_files_commit(const mp_files *fs, char *err, size_t err_len);

#endif
