/*===-- memplan/svg.h - Pictures of memory plans (SVG) -------------*- C -*-===*\
|*                                                                            *|
|* One picture of a plan, in two panels sharing the time axis:               *|
|*                                                                            *|
|*  1. Layout: x = schedule step, y = byte offset (0 at the bottom). One      *|
|*     rectangle per buffer, [start, end) x [offset, offset + size),          *|
|*     coloured by size (log2 classes) or by id (hash), its id written        *|
|*     inside when the label fits, its id/size/interval/offset as a tooltip;  *|
|*     fixed buffers (buffer.fixed) get a heavy black outline.                *|
|*     Horizontal lines: the peak (arena size), the lower bound (max live     *|
|*     bytes, memplan_lower_bound) and the capacity when set and at most     *|
|*     1.5 x the peak (a farther one would squash the plot). A vertical      *|
|*     marker at the first step where the lower bound is reached.             *|
|*  2. Profile: over time, the live bytes (filled), the highest byte in use   *|
|*     (line) and the arena size, on the same byte scale as the layout. The  *|
|*     space between the live bytes and the highest byte is fragmentation.   *|
|*                                                                            *|
|* Large plans stay small: only the `max_rects` largest buffers (on screen)  *|
|* become rectangles of their own; the rest, and every rectangle under one    *|
|* pixel, are merged into grey coverage runs on a 2-pixel grid. The profile   *|
|* is sampled per pixel column (maximum within each column, so peaks are      *|
|* never hidden). Numbers are written with at most one decimal. Output size   *|
|* is therefore bounded by the picture's pixel size, not by the buffer count, *|
|* nor by the values: any int64 steps (the axis spans up to 2^64 - 1 steps,   *|
|* labelled exactly, at most 40 ticks) and any uint64 sizes and offsets       *|
|* (an offset + size beyond 2^64 is drawn at the top) give a complete         *|
|* picture of bounded size.                                                   *|
|*                                                                            *|
|* Ids are XML-escaped (& < > " '); control characters, which XML 1.0 does    *|
|* not allow, are replaced by '?'; bytes that are not valid UTF-8 (RFC 3629:  *|
|* possible in ids from the C API, which does not check them) and the         *|
|* non-characters U+FFFE/U+FFFF by U+FFFD, one per bad byte. So any id,       *|
|* title or subtitle yields a well-formed UTF-8 document.                     *|
\*===----------------------------------------------------------------------===*/

#ifndef MEMPLAN_SVG_H
#define MEMPLAN_SVG_H

#include "memplan/memplan.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum memplan_svg_color {
  MEMPLAN_SVG_COLOR_SIZE = 0, /**< colour class = floor(log2(size)) bucket */
  MEMPLAN_SVG_COLOR_ID = 1    /**< colour class = hash of the id */
} memplan_svg_color;

/** The pixel sizes a picture may have (memplan_svg_options width and
 *  height are clamped to them; `memplan render` refuses values outside). */
#define MEMPLAN_SVG_WIDTH_MIN 400u
#define MEMPLAN_SVG_WIDTH_MAX 20000u
#define MEMPLAN_SVG_HEIGHT_MIN 100u
#define MEMPLAN_SVG_HEIGHT_MAX 20000u

/** Picture options. Zero-initialize (or pass NULL) for the defaults. */
typedef struct memplan_svg_options {
  /** Title line; NULL or "" means "memplan layout". Escaped. */
  const char *title;
  /** Optional second line under the statistics (e.g. "planner: best-fit");
   *  NULL for none. Escaped. */
  const char *subtitle;
  memplan_svg_color color;
  /** Total width in pixels; 0 means 1200. Clamped to
   *  [MEMPLAN_SVG_WIDTH_MIN, MEMPLAN_SVG_WIDTH_MAX] = [400, 20000]. */
  unsigned width;
  /** Height of the layout panel in pixels; 0 means 560. Clamped to
   *  [MEMPLAN_SVG_HEIGHT_MIN, MEMPLAN_SVG_HEIGHT_MAX] = [100, 20000]. The
   *  profile panel is a third of it. */
  unsigned height;
  /** Omit the live-bytes profile panel. */
  bool no_profile;
  /** Omit the labels inside rectangles. */
  bool no_labels;
  /** At most this many individual rectangles (largest on screen first);
   *  0 means 5000. The rest are drawn as merged grey coverage. */
  size_t max_rects;
  /** A proven lower bound on the optimal peak in bytes, e.g. the planner's
   *  plan.lower_bound, which a search may have raised above the load; 0 for
   *  none. The picture shows the larger of it and memplan_lower_bound(p). */
  uint64_t lower_bound;
} memplan_svg_options;

/** Writes the picture of `offsets` (p->count entries: a plan for p, e.g.
 *  plan.offsets) to the open stream `out`. NULL offsets (no plan: what a
 *  failed memplan_solve leaves) are refused for a non-empty problem,
 *  "no plan to draw (offsets is NULL for N buffers)". The plan need not be valid: an
 *  overlapping plan is drawn as it is (the caller may validate and say so in
 *  the subtitle). `o` may be NULL (defaults).
 *  Returns 0; or -1 with a message in err if memory runs out or a write to
 *  `out` fails (the stream then holds a partial document). */
int memplan_svg_fprint(FILE *out, const memplan_problem *p,
                       const uint64_t *offsets, const memplan_svg_options *o,
                       char *err, size_t err_len);

/** Same, to the file `path` ("-" = stdout), written to a temporary file in
 *  the same directory and renamed over `path`, so a failure leaves no
 *  half-written picture and any previous file untouched.
 *  Returns 0; or -1 with "PATH: reason" in err (NULL offsets for a
 *  non-empty problem, refused before anything is created; cannot create,
 *  write or rename the file, out of memory). */
int memplan_svg_write(const char *path, const memplan_problem *p,
                      const uint64_t *offsets, const memplan_svg_options *o,
                      char *err, size_t err_len);

/** Writes `s` to `out` with the XML escapes used for ids (see above); a NULL
 *  `s` writes nothing. For other SVG writers (the study plot). Returns 0, or
 *  -1 if the write fails. */
int memplan_svg_escape(FILE *out, const char *s);

#ifdef __cplusplus
}
#endif

#endif /* MEMPLAN_SVG_H */
