// The only code in iconforge that calls libpng. libpng reports errors by longjmp;
// a longjmp across Swift frames is undefined behaviour, so the setjmp lives here and
// every error comes back to Swift as a return code and a message.

#include "CPNGShim.h"
#include "GlyphDeflate.h"

#include <libdeflate.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int out_of_memory;
} growable_buffer;

typedef struct {
    jmp_buf jump;
    char *error;
    size_t error_size;
} error_context;

static void copy_message(char *dst, size_t dst_size, const char *message) {
    if (dst == NULL || dst_size == 0) return;
    strncpy(dst, message ? message : "unknown libpng error", dst_size - 1);
    dst[dst_size - 1] = '\0';
}

static void on_error(png_structp png, png_const_charp message) {
    error_context *context = (error_context *)png_get_error_ptr(png);
    copy_message(context->error, context->error_size, message);
    longjmp(context->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;  // warnings (e.g. about chunk order) never change the bytes written
}

static void write_to_buffer(png_structp png, png_bytep bytes, png_size_t length) {
    growable_buffer *buffer = (growable_buffer *)png_get_io_ptr(png);
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity * 2 : 4096;
        while (capacity < buffer->size + length) capacity *= 2;
        uint8_t *grown = realloc(buffer->data, capacity);
        if (grown == NULL) {
            buffer->out_of_memory = 1;
            png_error(png, "out of memory");
        }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, length);
    buffer->size += length;
}

static void flush_buffer(png_structp png) { (void)png; }

int cpngshim_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                    cpngshim_layout layout,
                    const uint8_t *palette, int palette_count,
                    cpngshim_options options,
                    uint8_t **out, size_t *out_size,
                    char *error, size_t error_size) {
    *out = NULL;
    *out_size = 0;
    if (width == 0 || height == 0 || pixels == NULL) {
        copy_message(error, error_size, "empty image");
        return -1;
    }
    if (layout == CPNGSHIM_PALETTE && (palette == NULL || palette_count < 1 || palette_count > 256)) {
        copy_message(error, error_size, "palette must hold 1 to 256 entries");
        return -1;
    }

    int channels = 4;
    int color_type = PNG_COLOR_TYPE_RGBA;
    switch (layout) {
    case CPNGSHIM_GRAY_ALPHA: channels = 2; color_type = PNG_COLOR_TYPE_GRAY_ALPHA; break;
    case CPNGSHIM_RGBA: channels = 4; color_type = PNG_COLOR_TYPE_RGBA; break;
    case CPNGSHIM_PALETTE: channels = 1; color_type = PNG_COLOR_TYPE_PALETTE; break;
    }

    // The image data: each row prefixed by its filter type (0, None), deflated.
    size_t row_bytes = (size_t)width * channels;
    size_t raw_size = (row_bytes + 1) * height;
    uint8_t *raw = malloc(raw_size);
    int level = options.compression_level < 1 ? 1 : options.compression_level > 12 ? 12 : options.compression_level;
    // Room for either encoder: libdeflate's bound is the input plus a few bytes per 64 KiB.
    size_t capacity = raw_size + raw_size / 2 + 1024;
    uint8_t *deflated = malloc(capacity);
    size_t deflated_size = 0;
    if (raw != NULL && deflated != NULL) {
        for (uint32_t y = 0; y < height; y++) {
            raw[y * (row_bytes + 1)] = 0;
            memcpy(raw + y * (row_bytes + 1) + 1, pixels + y * row_bytes, row_bytes);
        }
        // Levels 6 and 7 are iconforge's own encoder (GlyphDeflate.c); it declines only
        // inputs too large for it, which libdeflate then takes at the same level.
        if (level == 6 || level == 7)
            deflated_size = glyph_deflate_zlib(raw, raw_size, row_bytes + 1, (size_t)channels, level - 6, deflated,
                                               capacity);
        if (deflated_size == 0) {
            struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
            if (compressor != NULL && libdeflate_zlib_compress_bound(compressor, raw_size) <= capacity)
                deflated_size = libdeflate_zlib_compress(compressor, raw, raw_size, deflated, capacity);
            if (compressor != NULL) libdeflate_free_compressor(compressor);
        }
    }
    free(raw);
    if (deflated_size == 0) {
        free(deflated);
        copy_message(error, error_size, "out of memory while compressing");
        return -1;
    }

    error_context context = {.error = error, .error_size = error_size};
    // volatile: read after a longjmp back into this frame.
    growable_buffer *volatile buffer = calloc(1, sizeof(growable_buffer));
    uint8_t *volatile compressed = deflated;
    png_structp png = NULL;
    png_infop info = NULL;
    if (buffer == NULL) {
        free(deflated);
        copy_message(error, error_size, "out of memory");
        return -1;
    }

    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    if (png != NULL) info = png_create_info_struct(png);
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(&png, &info);
        free(buffer);
        free(compressed);
        copy_message(error, error_size, "out of memory");
        return -1;
    }

    if (setjmp(context.jump)) {
        png_destroy_write_struct(&png, &info);
        free(buffer->data);
        free(buffer);
        free(compressed);
        return -1;
    }

    png_set_write_fn(png, buffer, write_to_buffer, flush_buffer);
    png_set_IHDR(png, info, width, height, 8, color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (layout == CPNGSHIM_PALETTE) {
        png_color entries[256];
        png_byte alphas[256];
        int last_opaque_trimmed = palette_count;
        for (int i = 0; i < palette_count; i++) {
            entries[i].red = palette[4 * i];
            entries[i].green = palette[4 * i + 1];
            entries[i].blue = palette[4 * i + 2];
            alphas[i] = palette[4 * i + 3];
        }
        // tRNS may omit trailing fully opaque entries.
        while (last_opaque_trimmed > 0 && alphas[last_opaque_trimmed - 1] == 255) last_opaque_trimmed--;
        png_set_PLTE(png, info, entries, palette_count);
        if (last_opaque_trimmed > 0) png_set_tRNS(png, info, alphas, last_opaque_trimmed, NULL);
    }
    // libpng writes the signature, IHDR, PLTE and tRNS, then the deflated data as one IDAT
    // chunk and IEND, with their CRCs. (png_write_end is not used: it expects image rows
    // to have gone through libpng's own zlib stream.)
    png_write_info(png, info);
    png_write_chunk(png, (png_const_bytep)"IDAT", compressed, deflated_size);
    png_write_chunk(png, (png_const_bytep)"IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);

    *out = buffer->data;
    *out_size = buffer->size;
    free(buffer);
    free(compressed);
    return 0;
}

int cpngshim_decode_rgba(const uint8_t *png, size_t png_size,
                         uint8_t **out, uint32_t *width, uint32_t *height,
                         char *error, size_t error_size) {
    // The simplified read API catches libpng's longjmp internally.
    *out = NULL;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, png, png_size)) {
        copy_message(error, error_size, image.message);
        png_image_free(&image);
        return -1;
    }
    image.format = PNG_FORMAT_RGBA;
    size_t size = PNG_IMAGE_SIZE(image);
    uint8_t *pixels = malloc(size ? size : 1);
    if (pixels == NULL) {
        png_image_free(&image);
        copy_message(error, error_size, "out of memory");
        return -1;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        copy_message(error, error_size, image.message);
        free(pixels);
        png_image_free(&image);
        return -1;
    }
    *out = pixels;
    *width = image.width;
    *height = image.height;
    return 0;
}

void cpngshim_free(void *buffer) { free(buffer); }

uint32_t cpngshim_libpng_version(void) { return (uint32_t)png_access_version_number(); }
