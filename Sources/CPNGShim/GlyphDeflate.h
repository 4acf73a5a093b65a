#ifndef ICONFORGE_GLYPH_DEFLATE_H
#define ICONFORGE_GLYPH_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/// Inputs larger than this go to libdeflate (glyphs are tens of kilobytes).
#define GLYPH_DEFLATE_MAX_INPUT ((size_t)1 << 22)

/// Compresses `size` bytes into a zlib stream in `out`: PNG image data, rows of `row_bytes`
/// (a filter byte, then pixels of `pixel_bytes`); any other bytes with both 1. Returns its length, or 0 when
/// `capacity` is too small, memory ran out or `size` is 0 or over GLYPH_DEFLATE_MAX_INPUT
/// (the caller then compresses some other way). Deterministic: the same input always gives
/// the same bytes.
/// `effort` 0 is about libdeflate level 6's speed, 1 about level 7's.
size_t glyph_deflate_zlib(const uint8_t *in, size_t size, size_t row_bytes, size_t pixel_bytes, int effort,
                          uint8_t *out, size_t capacity);

#endif
