/*===-- spaces.h - Memory spaces as users name them -----------------------===*\
|*                                                                            *|
|* The options that hold per memory space values (capacity=, spill=) and the  *|
|* messages that name a space use one spelling:                               *|
|*   0                the default memory space (no attribute, or integer 0);  *|
|*   N                the integer memory space N, as in memref<4xf32, N>;     *|
|*   workgroup, private, global                                               *|
|*                    #gpu.address_space<workgroup> and its two siblings;     *|
|*   anything else    the attribute as MLIR prints it ("#foo.bar<x>").        *|
|* A space is matched by that text, not by a parsed attribute: an option is   *|
|* checked before any IR is seen, and a dialect that is not loaded cannot     *|
|* parse its attributes.                                                      *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_SPACES_H
#define MEMPLAN_PASS_SPACES_H

#include "memplan-c/pass.h"

/** Writes the name of memory space `attr` (null = default) into buf: "0",
 *  "3", "workgroup", or the attribute as printed (truncated to len). */
void mp_space_name(MlirAttribute attr, char *buf, size_t len);

/** True if the user's spelling `name` (one of the forms above; a GPU
 *  keyword matches the attribute's full text too) names space `attr`. */
bool mp_space_named(MlirAttribute attr, const char *name);

/** The capacity of space `attr` under o's `capacity` entries (0 = none):
 *  the entry "NAME:BYTES" that names the space, else a bare "BYTES" entry,
 *  else o->capacity. Entries are checked by memplan_pass_options_check. */
uint64_t mp_space_capacity(const memplan_pass_options *o, MlirAttribute attr);

/** Checks o's capacity entries: each "BYTES" or "NAME:BYTES" with BYTES a
 *  decimal below 2^64, at most one bare entry, no name twice. Returns NULL,
 *  or a message for the error naming the option (into buf). */
const char *mp_space_capacities_problem(const memplan_pass_options *o,
                                        char *buf, size_t len);

/** The fallback space's name (the TO of o's spill entry "FROM:TO" whose
 *  FROM names `from`), pointing into the entry; NULL if none. */
const char *mp_space_spill_target(const memplan_pass_options *o, MlirAttribute from);

/** Checks o's spill entries: each "FROM:TO" with two known spellings,
 *  FROM != TO, FROM with a capacity, no FROM twice, no TO that spills
 *  itself. Returns NULL, or a message (into buf). */
const char *mp_space_spills_problem(const memplan_pass_options *o, char *buf, size_t len);

/** The attribute a space spelling names in ctx (null for "0"): an i64
 *  integer, #gpu.address_space<...> for the GPU keywords, else the text
 *  parsed. False if it does not parse (its dialect is not loaded). */
bool mp_space_attr_get(MlirContext ctx, const char *name, MlirAttribute *out);

#endif
