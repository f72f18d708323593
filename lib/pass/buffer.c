/*===-- buffer.c - A buffer as the stages of memplan-static see it --------===*/
#include "buffer.h"

#include <stdio.h>

void mp_leave_alone(mp_buffer *b, mp_skip why, const char *fmt, const char *arg) {
  if (b->skip != MP_PLANNED)
    return;
  b->skip = why;
  snprintf(b->why, sizeof b->why, fmt, arg ? arg : "");
}
