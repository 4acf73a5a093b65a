#ifndef ICONFORGE_CPNGSHIM_H
#define ICONFORGE_CPNGSHIM_H

#include <stddef.h>
#include <stdint.h>

/// Pixel layouts the encoder accepts; each row is `width * channels` bytes, tightly packed.
typedef enum {
    CPNGSHIM_GRAY_ALPHA = 0,  ///< 2 bytes per pixel: grey, alpha
    CPNGSHIM_RGBA = 1,        ///< 4 bytes per pixel: red, green, blue, alpha (straight alpha)
    CPNGSHIM_PALETTE = 2,     ///< 1 byte per pixel: index into `palette` (RGBA entries)
} cpngshim_layout;

/// How the encoder compresses.
typedef struct {
    int compression_level;  ///< libdeflate level 1...12
} cpngshim_options;

/// Encodes an 8-bit image to PNG bytes in memory, with no time, text or other varying chunks.
///
/// Rows are stored unfiltered (filter type None, which measured smallest for glyphs: mostly
/// transparent, one colour plus alpha) and compressed with libdeflate, which at the same
/// speed compresses these images markedly better than zlib; libpng writes the file.
///
/// `palette` holds `palette_count` RGBA entries (4 bytes each) and is read only for
/// CPNGSHIM_PALETTE. On success returns 0 and sets `*out`/`*out_size` to a buffer the
/// caller releases with cpngshim_free. On failure returns -1 and writes libpng's message
/// into `error` (NUL-terminated, at most `error_size` bytes).
int cpngshim_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                    cpngshim_layout layout,
                    const uint8_t *palette, int palette_count,
                    cpngshim_options options,
                    uint8_t **out, size_t *out_size,
                    char *error, size_t error_size);

/// Decodes any PNG to 8-bit straight-alpha RGBA. On success returns 0 and sets `*out`
/// (width * height * 4 bytes, released with cpngshim_free), `*width` and `*height`.
int cpngshim_decode_rgba(const uint8_t *png, size_t png_size,
                         uint8_t **out, uint32_t *width, uint32_t *height,
                         char *error, size_t error_size);

/// Releases a buffer returned by this shim.
void cpngshim_free(void *buffer);

/// The version of the libpng loaded at run time (png_access_version_number: 10640 for
/// 1.6.40), which may differ from the headers' when the library was updated since.
uint32_t cpngshim_libpng_version(void);

#endif
