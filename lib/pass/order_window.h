/*===-- order_window.h - Exact search of small windows around the peak -----===*\
|*                                                                            *|
|* The list scheduler (order.h) picks one op at a time by a greedy score; at  *|
|* the peak of its order a different interleaving of a few ops may keep less  *|
|* live at once. This stage takes the order's peak step, a window of at most *|
|* MP_WINDOW_OPS ops around it, and tries every order of the window's ops     *|
|* that the dependences allow (depth first, cut as soon as a partial order's *|
|* peak reaches the best one found), keeping the one of least peak inside the *|
|* window. Ops outside the window keep their places, so every other step's    *|
|* live bytes are unchanged. It repeats at the new peak until a window at     *|
|* the peak step cannot lower it or the work budget is spent.                 *|
|*                                                                            *|
|* The model is the block's alone: a unit (a planned buffer) is live from the *|
|* first to the last op of the block that uses it, from the block's start if *|
|* it is live before it, to its end if live after. Like the list scheduler's *|
|* score it is a guide: the pass keeps an order only when the bound liveness *|
|* computes for it drops (function.c). Deterministic: the search visits       *|
|* orders in a fixed sequence and counts nodes, not time.                     *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_ORDER_WINDOW_H
#define MEMPLAN_PASS_ORDER_WINDOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** The widest window searched: 10 ops have at most 10! orders, and the
 *  node budget ends the search long before that on dense windows. */
#define MP_WINDOW_OPS 10

/** A block's ops, numbered 0..n-1, with their dependences and buffers. */
typedef struct mp_order_dag {
  size_t n;
  const size_t *pred0, *preds; /* op k's predecessors: preds[pred0[k] .. pred0[k+1]) */
  const size_t *use0, *uses;   /* op k's units, each once: uses[use0[k] .. use0[k+1]) */
  size_t nunits;
  const uint64_t *size;        /* unit -> bytes */
  const bool *live_in;         /* unit -> live before the block's first op */
  const bool *live_out;        /* unit -> live after the block's last op */
} mp_order_dag;

/** Rewrites perm[0..n-1], an order of d's ops that respects the
 *  dependences, into one whose peak (in the model above) is not higher,
 *  spending at most `budget` search nodes. Returns the number of windows
 *  reordered (0 when perm is unchanged), or -1 if memory runs out (perm
 *  is then unchanged). */
int mp_order_window(const mp_order_dag *d, size_t *perm, uint64_t budget);

#endif
