/*===-- memplan/memplan.h - Static memory planning core, C11 -------*- C -*-===*\
|*                                                                            *|
|* libmemplan solves the dynamic storage allocation problem (DSA) that a      *|
|* compiler faces when it knows the whole op schedule: each buffer has a size *|
|* and a live interval, and must get a byte offset in one arena so that       *|
|* buffers live at the same time never share a byte. The arena size (the      *|
|* "peak", max over buffers of offset + size) is to be minimized.             *|
|*                                                                            *|
|* This header has no MLIR types. Units everywhere:                           *|
|*   - sizes, offsets, alignments, peaks, capacities: bytes (uint64_t);       *|
|*   - times: schedule steps (int64_t); a live interval is half-open          *|
|*     [start, end) with start < end. Two buffers conflict iff their          *|
|*     intervals intersect; touching ends (a.end == b.start) do not.          *|
|*                                                                            *|
|* Ownership: every memplan_problem / memplan_plan owns its arrays and must   *|
|* be released with memplan_problem_free / memplan_plan_free. Functions that  *|
|* can fail take (char *err, size_t err_len) and write a NUL-terminated       *|
|* message there (truncated to err_len; err may be NULL).                     *|
|*                                                                            *|
|* Determinism: every planner returns the same plan, byte for byte, for the   *|
|* same problem and options, unless a wall-clock time limit cut it short.     *|
|*                                                                            *|
|* Threads: every function may run in several threads at once on different   *|
|* plans (the MLIR pass plans functions in parallel); a problem is only read, *|
|* so threads may share one. milp runs one CBC model at a time (a lock: CBC  *|
|* is not reentrant), and its verbose log redirects stdout (see verbose).    *|
\*===----------------------------------------------------------------------===*/

#ifndef MEMPLAN_MEMPLAN_H
#define MEMPLAN_MEMPLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===*
 * Problem model
 *===----------------------------------------------------------------------===*/

/** One buffer to place. */
typedef struct memplan_buffer {
  /** Name, NUL-terminated, owned by the problem; NULL means "unnamed" and is
   *  shown as its index. Ids need not be unique in the library (the CSV reader
   *  rejects duplicates). */
  char *id;
  /** Bytes. 0 is allowed: such a buffer takes no space and conflicts with
   *  nothing, but still gets an aligned offset <= peak. */
  uint64_t size;
  /** Offset alignment in bytes, >= 1: the offset is a multiple of it. Any
   *  integer is allowed (XLA and Glow use 10 or 20 in their tests); the MLIR
   *  pass only produces powers of two. */
  uint64_t alignment;
  /** Live interval [start, end) in schedule steps, start < end. */
  int64_t start;
  int64_t end;
  /** When fixed is true, the buffer must sit at exactly `offset` (a multiple
   *  of alignment); planners place it there and work around it. */
  bool fixed;
  uint64_t offset;
} memplan_buffer;

/** A DSA instance: buffers plus an optional capacity. */
typedef struct memplan_problem {
  memplan_buffer *buffers; /**< count entries, owned */
  size_t count;
  size_t reserved;         /**< allocated entries (internal) */
  /** Arena capacity in bytes; 0 means unlimited. A plan with peak > capacity
   *  has status MEMPLAN_INFEASIBLE. */
  uint64_t capacity;
} memplan_problem;

/** Initializes an empty problem (no allocation). */
void memplan_problem_init(memplan_problem *p);

/** Appends a buffer; copies `id` (may be NULL). Returns its index, or -1 on
 *  allocation failure. Does not check the values: see memplan_problem_check. */
int64_t memplan_problem_add(memplan_problem *p, const char *id, uint64_t size,
                            uint64_t alignment, int64_t start, int64_t end);

/** Releases everything the problem owns and re-initializes it. */
void memplan_problem_free(memplan_problem *p);

/** Checks that the problem is well formed: start < end, alignment >= 1,
 *  fixed offsets aligned, offset + size representable in 64 bits, and the
 *  budget every planner's plan must fit in: the highest end of a fixed
 *  buffer plus, for every other buffer, size + alignment - 1 (the most it
 *  can take stacked on the rest), representable in 64 bits (so a fixed buffer near 2^64 with a
 *  free buffer beside it is refused, although some plan might exist).
 *  Returns 0 if well formed, else -1 with a message naming the first bad
 *  buffer (by id). */
int memplan_problem_check(const memplan_problem *p, char *err, size_t err_len);

/** memplan_problem_check that also says which buffer the message is about,
 *  so that a caller can point at its source (a file's line): *culprit (may
 *  be NULL) is that buffer's index, the fixed buffer that ends highest for
 *  the budget above the fixed buffers, or SIZE_MAX when the fault is no
 *  one buffer's (a problem with buffers but no array) or there is none
 *  (return 0). */
int memplan_problem_check_at(const memplan_problem *p, size_t *culprit,
                             char *err, size_t err_len);

/** Display name of buffer i: its id, or "#i" written into `buf` (at least
 *  24 bytes) if it has none. Returns the id or buf. Thread-safe. */
const char *memplan_buffer_name(const memplan_problem *p, size_t i,
                                char buf[24]);

/*===----------------------------------------------------------------------===*
 * Lower bound
 *===----------------------------------------------------------------------===*/

/** Max over schedule steps of the sum of sizes of the buffers live there (the
 *  maximum-weight clique of the interval graph): no plan has a smaller peak.
 *  Tightened by alignment: with g the gcd of the alignments of the buffers
 *  of nonzero size (the smallest, when all are powers of two), every live
 *  buffer but the topmost occupies at least
 *  roundup(size, g) bytes, so at each step the bound is also
 *  sum(roundup(size, g)) - max padding (padding = roundup(size, g) - size,
 *  maximized over all buffers); with alignment 1 the two are equal.
 *  Sweep over sorted interval ends, O(n log n) time, O(n) memory.
 *  If `at_step` is non-NULL it receives the first step where the maximum is
 *  reached (0 for an empty problem). Fixed buffers also bound the peak from
 *  below by offset + size; that is included. Returns 0 for an empty problem,
 *  for buffers but no array (count > 0, buffers NULL), or if memory runs
 *  out (in the last two cases *at_step is untouched). */
uint64_t memplan_lower_bound(const memplan_problem *p, int64_t *at_step);

/*===----------------------------------------------------------------------===*
 * Plans
 *===----------------------------------------------------------------------===*/

typedef enum memplan_status {
  MEMPLAN_OPTIMAL = 0,    /**< peak proven minimal */
  MEMPLAN_FEASIBLE = 1,   /**< valid plan, optimality not proven */
  MEMPLAN_INFEASIBLE = 2, /**< no plan fits the capacity (or the best found
                               does not, for heuristics) */
  MEMPLAN_TIMEOUT = 3,    /**< limit reached before any plan was found */
  MEMPLAN_ERROR = 4       /**< bad input, out of memory, solver failure */
} memplan_status;

/** "optimal", "feasible", "infeasible", "timeout", "error". */
const char *memplan_status_name(memplan_status s);

/** A planner's answer. */
typedef struct memplan_plan {
  uint64_t *offsets;      /**< count entries (one per buffer), owned */
  size_t count;
  uint64_t peak;          /**< max(offset + size) over buffers; 0 if empty */
  uint64_t lower_bound;   /**< best proven lower bound on the optimal peak */
  memplan_status status;
  double seconds;         /**< wall-clock time of the planner */
  uint64_t work;          /**< planner-specific work count (nodes, steps) */
  char planner[32];       /**< who produced it ("auto" names its winner) */
  char message[256];      /**< reason for infeasible/error/fallback, or "" */
} memplan_plan;

/** Initializes an empty plan (no allocation). */
void memplan_plan_init(memplan_plan *plan);
/** Releases the offsets and re-initializes the plan. */
void memplan_plan_free(memplan_plan *plan);

/*===----------------------------------------------------------------------===*
 * Validator (independent of every planner)
 *===----------------------------------------------------------------------===*/

/** Checks `offsets` (p->count entries) against the problem: every offset is a
 *  multiple of its buffer's alignment, fixed buffers are at their offset,
 *  offset + size does not overflow, no two conflicting buffers (intersecting
 *  live intervals, both of nonzero size) share a byte, and if `peak` is
 *  non-NULL it receives max(offset + size). The capacity is checked too when
 *  p->capacity != 0. Sweep in time order with an ordered set of the live
 *  buffers by offset: O(n log n).
 *  Returns 0 if valid; 1 with a message naming the first violation (the
 *  buffers and the byte range or step); -1 if memory runs out. */
int memplan_validate(const memplan_problem *p, const uint64_t *offsets,
                     uint64_t *peak, char *err, size_t err_len);

/** memplan_validate that also says which buffers the message is about, so
 *  that a caller can point at their source (a file's lines): culprits (may
 *  be NULL) receives the two buffers that overlap, or in culprits[0] the
 *  one buffer at fault (a bad offset, alignment or interval, or a top above
 *  the capacity: the first with the highest top) and SIZE_MAX in
 *  culprits[1]; SIZE_MAX in both when the fault is no one buffer's (no
 *  offsets, or buffers but no array: both give 1) or there is none. */
int memplan_validate_at(const memplan_problem *p, const uint64_t *offsets,
                        uint64_t *peak, size_t culprits[2], char *err,
                        size_t err_len);

/*===----------------------------------------------------------------------===*
 * Planners
 *===----------------------------------------------------------------------===*/

/** Options shared by all planners. Zero-initialize, then set what you need. */
typedef struct memplan_options {
  /** Wall-clock limit in seconds for search planners (milp, exact, auto);
   *  <= 0 means the planner's default (milp and exact: 10 s; auto: 10 s
   *  for its search, a safety net on top of its default node budget), except that exact
   *  and auto have no wall-clock limit at all when only work_limit is set.
   *  Without a time limit, auto stops its greedy-size member after 2^25
   *  (buffer, placed neighbour) visits, a count (about 2 s on 10^5 buffers
   *  all live at once), so that its answer is still machine-independent. greedy-size, whose cost
   *  grows with the number of buffers live at once (quadratic when all
   *  are), honours it too: past it, it returns MEMPLAN_TIMEOUT and no
   *  plan; best-fit and linear ignore it (O(n log n)). milp
   *  stops building CBC's model when the limit passes (then it returns its
   *  first-fit plan, FEASIBLE) and gives CBC what is left; CBC checks it
   *  only between phases, so it may overrun by a phase. auto always runs
   *  best-fit (O(n log n)) to have a plan,
   *  and validates what it keeps, so a limit shorter than that takes
   *  longer (10^5 buffers: about 0.4 s). */
  double time_limit;
  /** Deterministic work limit (search nodes) for exact and auto, and CBC's
   *  branch-and-bound node limit for milp; 0 = none. With a work limit and
   *  no time limit, exact's and auto's results are reproducible across
   *  machines (no clock is read to stop the search). */
  uint64_t work_limit;
  /** Print progress to stderr (0 = quiet). milp's progress is CBC's log,
   *  which CBC can only print on standard output: while CBC runs, stdout
   *  (file descriptor 1) is pointed at stderr, process-wide, so another
   *  thread's stdout output in that time also lands on stderr. */
  int verbose;
} memplan_options;

/** A planner fills `plan` (already initialized by the caller with offsets
 *  allocated for p->count buffers) and returns 0, or returns -1 with
 *  plan->message set on internal failure. It sets offsets, and may set
 *  status/lower_bound/work/message/planner; memplan_solve fills the rest. */
typedef int (*memplan_planner_fn)(const memplan_problem *p,
                                  const memplan_options *opts,
                                  memplan_plan *plan);

typedef struct memplan_planner {
  const char *name;        /**< option value: "greedy-size", ... */
  const char *summary;     /**< one line for --help */
  memplan_planner_fn run;
} memplan_planner;

/** The registry, NULL-terminated by a zero entry; *count gets the number. */
const memplan_planner *memplan_planners(size_t *count);
/** Looks a planner up by name; NULL if unknown. */
const memplan_planner *memplan_planner_find(const char *name);

/** The one entry point: checks the problem (memplan_problem_check), runs the
 *  named planner, computes the lower bound, validates the plan with
 *  memplan_validate, and sets peak, status (optimal when peak == lower bound
 *  or proven by the planner; infeasible when peak > capacity), seconds.
 *  `plan` must be initialized; it is overwritten.
 *  Returns 0 when a valid plan was produced (status optimal, feasible, or
 *  infeasible if it exceeds the capacity); -1 with a message in err for an
 *  unknown planner, a malformed problem, out of memory, a planner failure, or
 *  a plan the validator rejects (an internal bug: never returned silently).
 *  Planner failures an embedder can meet on good input: milp refuses a
 *  problem with more than 20000 conflicting pairs ("the big-M model would
 *  be too large") and an arena of more than 2^52 of its scaling units
 *  (planners/milp.c: a power of two dividing the sizes and fixed offsets;
 *  "too large for CBC's double-precision arithmetic"), and returns no plan
 *  (status timeout) when CBC stops on a limit before it finds one within
 *  a capacity.
 *  On -1 there is no plan: plan->offsets is NULL (count and peak 0), while
 *  status (error, infeasible: nothing fits, or timeout: nothing found in
 *  time), message, planner and lower_bound say why. */
int memplan_solve(const memplan_problem *p, const char *planner,
                  const memplan_options *opts, memplan_plan *plan, char *err,
                  size_t err_len);

#ifdef __cplusplus
}
#endif

#endif /* MEMPLAN_MEMPLAN_H */
