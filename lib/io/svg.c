/* Stub: SVG pictures, to be written. */
#include "memplan/memplan.h"
