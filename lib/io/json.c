/* Stub: JSON reports, to be written (jansson). */
#include "memplan/memplan.h"
