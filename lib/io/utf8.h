/*===-- io/utf8.h - UTF-8 checks for ids (internal to lib/io) -----*- C -*-===*\
|*                                                                            *|
|* Ids are bytes to the core (memplan_problem_add copies any C string), but   *|
|* the formats we write are text: XML and JSON must be valid UTF-8, and the   *|
|* CSV reader refuses ids that are not, so that every id read from a file     *|
|* can be written to every format. Ids from the C API are not checked, so     *|
|* the SVG and JSON writers decode them here and put U+FFFD (the Unicode      *|
|* replacement character) in place of each byte that does not start a valid  *|
|* sequence. That is one U+FFFD per bad byte: simple, and a document          *|
|* never loses the count of what was there.                                   *|
|*                                                                            *|
|* "Valid" is RFC 3629: the shortest form only (no overlong encodings), no    *|
|* UTF-16 surrogates (U+D800..U+DFFF), nothing above U+10FFFF.                *|
|*                                                                            *|
|* Internal to lib/io: static inline, no symbols exported.                    *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_IO_UTF8_H
#define MEMPLAN_LIB_IO_UTF8_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The replacement character U+FFFD in UTF-8. */
#define MEMPLAN_UTF8_REPLACEMENT "\xEF\xBF\xBD"

/* Decodes the sequence at s (NUL-terminated). Returns its length in bytes
 * (1..4) with the code point in *cp, or 0 when the byte at s does not start
 * a valid sequence (a stray continuation byte, a truncated or overlong
 * sequence, a surrogate, a value above U+10FFFF, 0xF5..0xFF). s[0] must not
 * be NUL. A truncated sequence stops at the NUL, never reads past it. */
static inline size_t memplan_utf8_decode(const unsigned char *s, uint32_t *cp) {
  unsigned char c = s[0];
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  size_t len;
  uint32_t v, min;
  if (c >= 0xC2 && c <= 0xDF) { /* 0xC0, 0xC1 could only be overlong */
    len = 2;
    v = c & 0x1Fu;
    min = 0x80;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    v = c & 0x0Fu;
    min = 0x800;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    v = c & 0x07u;
    min = 0x10000;
  } else {
    return 0;
  }
  for (size_t k = 1; k < len; ++k) {
    if ((s[k] & 0xC0) != 0x80) /* also stops at the terminating NUL */
      return 0;
    v = v << 6 | (s[k] & 0x3Fu);
  }
  if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
    return 0;
  *cp = v;
  return len;
}

/* The offset of the first byte of s that does not start a valid sequence,
 * or (size_t)-1 when all of s is valid UTF-8. */
static inline size_t memplan_utf8_invalid_at(const char *s) {
  const unsigned char *u = (const unsigned char *)s;
  size_t i = 0;
  uint32_t cp;
  while (u[i]) {
    size_t n = memplan_utf8_decode(u + i, &cp);
    if (!n)
      return i;
    i += n;
  }
  return (size_t)-1;
}

/* Text as an error message quotes it (the CSV reader's messages, the
 * CLI's): control characters and bytes that are not UTF-8 written as \r,
 * \t, \n or \xNN, whole UTF-8 sequences kept, and text that does not fit
 * buf[len] cut with "..." (4 * strlen(s) + 6 bytes always fit). A cell
 * "5\r" (a stray CR) was quoted as '5' in "'5' is not a number", which
 * says nothing; a CR in a file name sent the terminal's cursor back over
 * the message; a Latin-1 byte went to the terminal as it was, and a
 * message that is not UTF-8 breaks whatever reads it as text. len >= 1.
 * Returns buf. */
static inline const char *memplan_utf8_visible(const char *s, char *buf,
                                               size_t len) {
  size_t o = 0;
  for (; *s && o + 5 < len; ++s) {
    unsigned char c = (unsigned char)*s;
    if (c >= 0x20 && c < 0x7F) {
      buf[o++] = (char)c;
      continue;
    }
    uint32_t cp;
    size_t n = c >= 0x80 ? memplan_utf8_decode((const unsigned char *)s, &cp) : 0;
    if (n > 0) { /* a whole UTF-8 sequence, kept as it is */
      memcpy(buf + o, s, n);
      o += n;
      s += n - 1;
      continue;
    }
    const char *esc = c == '\r' ? "\\r" : c == '\t' ? "\\t" : c == '\n' ? "\\n" : NULL;
    int w = esc ? snprintf(buf + o, len - o, "%s", esc)
                : snprintf(buf + o, len - o, "\\x%02X", c);
    o += (size_t)w;
  }
  if (*s && o + 4 <= len) {
    memcpy(buf + o, "...", 3);
    o += 3;
  }
  buf[o < len ? o : len - 1] = '\0';
  return buf;
}

/* A malloc'ed copy of s with U+FFFD in place of every byte that does not
 * start a valid sequence; NULL when memory runs out. Each bad byte grows
 * to 3, so the copy is at most 3 times as long. */
static inline char *memplan_utf8_sanitize(const char *s) {
  size_t len = strlen(s);
  char *out = malloc(3 * len + 1);
  if (!out)
    return NULL;
  const unsigned char *u = (const unsigned char *)s;
  size_t o = 0;
  uint32_t cp;
  for (size_t i = 0; u[i];) {
    size_t n = memplan_utf8_decode(u + i, &cp);
    if (n) {
      memcpy(out + o, u + i, n);
      o += n;
      i += n;
    } else {
      memcpy(out + o, MEMPLAN_UTF8_REPLACEMENT, 3);
      o += 3;
      i += 1;
    }
  }
  out[o] = '\0';
  return out;
}

#endif
