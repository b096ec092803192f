/*
 * KSeF's layer-1 quick scan (packages/ksef/src/xml/quick-scan.ts, `markupAllowed`) in C: the
 * same reading of the same bytes, step for step, so that it answers exactly what the
 * TypeScript answers (packages/ksef/test/native-lane.test.ts compares the two on every sample,
 * mutation, cut and random input). It is a conservative "certainly accepted": 0 (not sure: the
 * full rules decide), 1 (accepted), 2 (accepted, and the markup is elements only). Reading
 * past the end gives 0, as `bytes[index] ?? 0` does in TypeScript. With `max_markup` above 0
 * it is UBL's quick layer 1 too (packages/ubl/src/xml/quick-accept.ts): see ubl_extras_allowed.
 */
#include "markup_scan.h"

#include <string.h>

#define NOT_SURE (-1L)

typedef struct {
  const unsigned char *bytes;
  long length;
  long max_name;
} Scan;

static unsigned char at(const Scan *scan, long index) {
  return index >= 0 && index < scan->length ? scan->bytes[index] : 0;
}

static int is_blank(unsigned char code) {
  return code == 0x20 || code == 0x0a || code == 0x09 || code == 0x0d;
}

static int starts_with(const Scan *scan, const char *sequence, long at_index) {
  long length = (long)strlen(sequence);
  if (at_index + length > scan->length) return 0;
  return memcmp(scan->bytes + at_index, sequence, (size_t)length) == 0;
}

/* allowedLength: the length of an allowed, well-formed UTF-8 character at `index`, else 0. */
static long allowed_length(const Scan *scan, long index) {
  unsigned char byte = at(scan, index);
  if (byte >= 0x20 && byte < 0x7f) return 1;
  if (byte < 0x80) return byte == 0x0a || byte == 0x0d || byte == 0x09 ? 1 : 0;
  unsigned char second = at(scan, index + 1);
  if ((second & 0xc0) != 0x80) return 0;
  if (byte < 0xe0) return byte < 0xc2 || (byte == 0xc2 && second < 0xa0) ? 0 : 2;
  unsigned char third = at(scan, index + 2);
  if ((third & 0xc0) != 0x80) return 0;
  if (byte < 0xf0) {
    if (byte == 0xe0 && second < 0xa0) return 0;
    if (byte == 0xed && second >= 0xa0) return 0;
    if (byte == 0xef && (second == 0xb7 || second == 0xbf)) return 0;
    return 3;
  }
  unsigned char fourth = at(scan, index + 3);
  if ((fourth & 0xc0) != 0x80 || byte > 0xf4) return 0;
  if (byte == 0xf0 && second < 0x90) return 0;
  if (byte == 0xf4 && second >= 0x90) return 0;
  if ((second & 0x0f) == 0x0f && third == 0xbf) return 0;
  return 4;
}

/* PLAIN: printable ASCII other than "<". */
static int is_plain(unsigned char byte) { return byte >= 0x20 && byte < 0x7f && byte != '<'; }

static int allowed_range(const Scan *scan, long from, long to) {
  long index = from;
  while (index < to) {
    unsigned char byte = at(scan, index);
    if (byte == '<' || is_plain(byte)) {
      index += 1;
      continue;
    }
    long length = allowed_length(scan, index);
    if (length == 0) return 0;
    index += length;
  }
  return 1;
}

static int is_name_end(unsigned char code) {
  return code == 0x20 || code == 0x0a || code == 0x09 || code == 0x0d || code == '/' ||
         code == '>' || code == '=' || code == '<' || code == '"' || code == '\'';
}

static long name_end(const Scan *scan, long start) {
  long index = start;
  while (index < scan->length && !is_name_end(scan->bytes[index])) index += 1;
  return index;
}

static int may_be_too_long(const Scan *scan, long start, long end) {
  if (end - start <= scan->max_name) return 0;
  if (start >= scan->length) return 1;
  const unsigned char *colon =
      memchr(scan->bytes + start, ':', (size_t)(scan->length - start));
  if (colon == NULL) return 1;
  long colon_at = colon - scan->bytes;
  if (colon_at >= end) return 1;
  return colon_at - start > scan->max_name || end - colon_at - 1 > scan->max_name;
}

/* attributesEnd: where scanning goes on × 2, + 1 for a self-closing tag, or NOT_SURE. */
static long attributes_end(const Scan *scan, long from) {
  long length = scan->length;
  long index = from;
  for (;;) {
    while (index < length && is_blank(at(scan, index))) index += 1;
    unsigned char code = at(scan, index);
    if (index < length && code == '>') return (index + 1) * 2;
    if (index < length && code == '/') return (index + 1) * 2 + 1;
    long end = name_end(scan, index);
    if (end == index) return index * 2;
    if (may_be_too_long(scan, index, end)) return NOT_SURE;
    index = end;
    while (index < length && is_blank(at(scan, index))) index += 1;
    if (index >= length || at(scan, index) != '=') return index * 2;
    index += 1;
    while (index < length && is_blank(at(scan, index))) index += 1;
    unsigned char quote = at(scan, index);
    if (index >= length || (quote != '"' && quote != '\'')) return index * 2;
    index += 1;
    while (index < length && at(scan, index) != quote) {
      if (at(scan, index) == '<') return NOT_SURE;
      index += 1;
    }
    if (index >= length) return length * 2;
    index += 1;
  }
}

static long skip_past(const Scan *scan, const char *sequence, long from) {
  unsigned char first = (unsigned char)sequence[0];
  long index = from;
  while (index < scan->length) {
    unsigned char byte = scan->bytes[index];
    if (byte == first && starts_with(scan, sequence, index)) return index + (long)strlen(sequence);
    if (byte >= 0x20 && byte < 0x7f) {
      index += 1;
      continue;
    }
    long length = allowed_length(scan, index);
    if (length == 0) return NOT_SURE;
    index += length;
  }
  return scan->length;
}

/*
 * The extra checks of UBL's layer 1 (packages/ubl/src/xml/safety.ts), conservatively: more
 * than `max_markup` "<" and "=" in all (its XML-TOO-MANY-NODES), and "<!" followed by D or E in
 * any case anywhere, comments and CDATA included (its DTD test is a search of the whole text).
 */
static int ubl_extras_allowed(const unsigned char *bytes, size_t size, long max_markup) {
  long markup = 0;
  for (size_t index = 0; index < size; index += 1) {
    unsigned char byte = bytes[index];
    if (byte == '=') {
      markup += 1;
    } else if (byte == '<') {
      markup += 1;
      if (index + 2 < size && bytes[index + 1] == '!') {
        unsigned char third = bytes[index + 2] | 0x20;
        if (third == 'd' || third == 'e') return 0;
      }
    }
  }
  return markup <= max_markup;
}

int fiscus_markup_scan(const unsigned char *bytes, size_t size, long max_depth, long max_name,
                       long max_markup) {
  if (max_markup > 0 && !ubl_extras_allowed(bytes, size, max_markup)) return 0;
  Scan scan = {bytes, (long)size, max_name};
  long length = scan.length;
  long depth = 0;
  int plain = 1;
  long index = 0;
  for (;;) {
    while (index < length) {
      unsigned char byte = bytes[index];
      if (is_plain(byte)) {
        index += 1;
        continue;
      }
      if (byte == '<') break;
      long size_of = allowed_length(&scan, index);
      if (size_of == 0) return 0;
      index += size_of;
    }
    if (index >= length) return plain ? 2 : 1;
    long start = index;
    unsigned char next = at(&scan, index + 1);
    int has_next = index + 1 < length;
    if (has_next && next == '!') {
      plain = 0;
      if (starts_with(&scan, "<!--", index)) {
        unsigned char fifth = at(&scan, index + 4);
        int fifth_in = index + 4 < length;
        if (fifth_in && (fifth == '>' || (fifth == '-' && index + 5 < length &&
                                          at(&scan, index + 5) == '>'))) {
          return 0;
        }
        index = skip_past(&scan, "-->", index + 4);
      } else if (starts_with(&scan, "<![CDATA[", index)) {
        index = skip_past(&scan, "]]>", index + 9);
      } else {
        return 0;
      }
    } else if (has_next && next == '?') {
      unsigned char after = at(&scan, 5);
      int declaration = index == 0 && starts_with(&scan, "<?xml", 0) && length > 5 &&
                        (is_blank(after) || after == '?');
      if (!declaration) return 0;
      index = skip_past(&scan, "?>", index + 2);
    } else if (has_next && next == '/') {
      long end = name_end(&scan, index + 2);
      if (may_be_too_long(&scan, index + 2, end)) return 0;
      depth -= 1;
      index = end;
      if (!allowed_range(&scan, start, index)) return 0;
    } else {
      long end = name_end(&scan, index + 1);
      if (may_be_too_long(&scan, index + 1, end)) return 0;
      long tag = attributes_end(&scan, end);
      if (tag == NOT_SURE) return 0;
      if (tag % 2 == 0) {
        depth += 1;
        if (depth > max_depth) return 0;
      }
      index = tag / 2;
      if (!allowed_range(&scan, start, index)) return 0;
    }
    if (index == NOT_SURE) return 0;
  }
}
