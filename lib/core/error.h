/*===-- error.h - The (char *err, size_t err_len) convention -------*- C -*-===*\
|*                                                                            *|
|* Functions that can fail write a NUL-terminated message into a caller's     *|
|* buffer (which may be NULL) and return -1. This is the one helper for it.   *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_CORE_ERROR_H
#define MEMPLAN_LIB_CORE_ERROR_H

#include <stddef.h>

/* printf-formats into err (truncated to err_len; nothing if err is NULL or
 * err_len is 0) and returns -1. */
int memplan_internal_errorf(char *err, size_t err_len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
