/*===-- memplan/output.h - All-or-nothing output files -------------*- C -*-===*\
|*                                                                            *|
|* Every file memplan writes (plans, JSON reports, SVG pictures, study        *|
|* tables) goes through this, so that a failure never leaves a half-written   *|
|* file behind: the text goes to a temporary file beside the target, which is *|
|* renamed over the target only once everything was written. The temporary  *|
|* replacing an existing file gets that file's permissions (and its owner   *|
|* and group where the process may give them), so a private 0600 plan stays *|
|* private; set-id and sticky bits are not carried over.                    *|
|*                                                                            *|
|* Two exceptions, because renaming over them would be wrong: "-" means       *|
|* standard output, and a path naming a device, FIFO or socket (/dev/null, a *|
|* pipe to another tool) is written in place (as root, renaming over          *|
|* /dev/null would replace the device with a regular file). A symbolic link   *|
|* is followed, so the file it names is replaced and the link survives; a     *|
|* link that cannot be resolved (its target is missing, or a loop) is an      *|
|* error and nothing is created. A path that names an open descriptor of     *|
|* this process (/dev/stdout, /dev/stderr, /dev/fd/N, a shell's >(cmd): links *|
|* through /proc/PID/fd/N) is written through a copy of that descriptor, in   *|
|* place: into a pipe, or appended to a file opened with >>, as the shell     *|
|* set it up (another process's /proc/PID/fd/N is opened and written in       *|
|* place too).                                                                *|
\*===----------------------------------------------------------------------===*/

#ifndef MEMPLAN_OUTPUT_H
#define MEMPLAN_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An output file being written. Fields other than `stream` are internal. */
typedef struct memplan_output {
  FILE *stream;     /**< write the contents here */
  const char *path; /**< as given, for messages (borrowed) */
  char *target;     /**< the file the temporary replaces; NULL when in place */
  char *tmp;        /**< the temporary file; NULL when in place */
  void *slot;       /**< where tmp is listed for a signal handler */
} memplan_output;

/** Opens `path` for writing ("-" = stdout). Returns 0 with o->stream ready,
 *  or -1 with "PATH: cannot create the output file: REASON" (or "cannot
 *  write: REASON", e.g. "out/: cannot write: Is a directory", or
 *  "/dev/fd/9: cannot write: Bad file descriptor" for a descriptor that
 *  is not open; "symbolic link to a missing target",
 *  "cannot resolve the symbolic link: REASON"; "no output path given"
 *  for NULL or "") in err and nothing created. */
int memplan_output_open(memplan_output *o, const char *path, char *err,
                        size_t err_len);

/** Finds out, without writing anything, whether memplan_output_open(path)
 *  would succeed: the same checks and messages ("Is a directory", a
 *  missing directory, a dangling link, a descriptor that is not open), a
 *  temporary created and removed again beside a file. Devices and FIFOs
 *  are not opened (a FIFO would wait for its reader), only checked for
 *  write permission. For callers that work long before they write (solve,
 *  render), so that a wrong -o is reported before the work, not after.
 *  Returns 0, or -1 with the message in err. */
int memplan_output_check(const char *path, char *err, size_t err_len);

/** Finishes the output. With keep = true, flushes and closes the stream and
 *  renames the temporary over the target; any write error (a full disk:
 *  "PATH: write error: No space left on device"; for "-", "cannot write to
 *  standard output: No space left on device") makes it return -1 with a
 *  message and remove the temporary, so the target is left as it was. With
 *  keep = false (the caller failed half-way), just removes the temporary and
 *  returns 0. Always releases everything `o` holds. */
int memplan_output_close(memplan_output *o, bool keep, char *err,
                         size_t err_len);

/** Flushes and closes the stream of an output written in full, and leaves
 *  its temporary for a later memplan_output_close, which renames it (keep)
 *  or removes it: for a caller that keeps or drops many outputs together
 *  and must not hold a descriptor for each meanwhile. A write error (a
 *  full disk) is reported as memplan_output_close(o, true) reports it, the
 *  temporary removed and everything `o` holds released: returns -1.
 *  Returns 0 otherwise (an output written in place, "-" or a device, is
 *  then complete). */
int memplan_output_finish(memplan_output *o, char *err, size_t err_len);

/** The file that writing `path` will create or replace, as an absolute
 *  name: the directory resolved (realpath) and the last name kept, after
 *  following symbolic links even where their target does not exist yet
 *  (it may exist by the time `path` is written, when another output of
 *  the same run creates it). For telling whether two outputs lead to one
 *  file before either is written. Returns a malloc'd string the caller
 *  frees, or NULL when the directory cannot be resolved (missing,
 *  unreadable) or the name is longer than 4095 bytes. */
char *memplan_output_creation_name(const char *path);

/** Removes the temporary file of every output that is open (opened and
 *  not yet closed), so that a program stopped by a signal leaves neither
 *  a half-written target (never the case) nor a stray "PATH.tmp.PID.N"
 *  beside it. Async-signal-safe (it only loads atomics and calls unlink):
 *  meant for a signal handler, which the library does not install itself
 *  (the memplan CLI does, for SIGINT, SIGTERM, SIGHUP and SIGPIPE). Every open
 *  output is listed, however many (a module's staged files can be
 *  thousands), except when memory for the list runs out. The outputs must
 *  not be used afterwards. */
void memplan_output_remove_temporaries(void);


#ifdef __cplusplus
}
#endif

#endif /* MEMPLAN_OUTPUT_H */
