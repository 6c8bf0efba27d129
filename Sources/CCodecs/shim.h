#ifndef LISTRENDER_CCODECS_SHIM_H
#define LISTRENDER_CCODECS_SHIM_H

// libpng's simplified API (png_image_*) reports errors as status codes, unlike the classic
// setjmp/longjmp API, which Swift cannot use.
#include <png.h>
#include <zlib.h>
// libdeflate: checksums with the CPU's vector instructions, and whole-buffer inflate.
#include <libdeflate.h>
// GIF output: libimagequant picks each frame's palette, giflib writes the file.
#include <gif_lib.h>
#include <libimagequant.h>
#include <stdbool.h>
// Lossless WebP output and goldens: libwebp encodes and decodes, libwebpmux adds the chunk
// that carries a golden's fingerprint.
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>

static inline GifFileType *lr_gif_open(const char *path, int *error) {
  return EGifOpenFileName(path, false, error);
}
static inline int lr_gif_ok(void) { return GIF_OK; }

static inline png_uint_32 lr_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 lr_png_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline png_uint_32 lr_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 lr_png_flag_fast(void) { return PNG_IMAGE_FLAG_FAST; }
static inline png_alloc_size_t lr_png_size_max(png_image *image) {
  return PNG_IMAGE_PNG_SIZE_MAX(*image);
}
static inline int lr_png_image_failed(png_image *image) { return PNG_IMAGE_FAILED(*image); }

// A zlib stream to inflate (IDAT data of a 16-bit PNG).
static inline int lr_inflate_init(z_stream *stream) { return inflateInit(stream); }

// A raw deflate stream (no zlib wrapper: strips are concatenated under one wrapper we write).
static inline int lr_deflate_init_raw(z_stream *stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

#endif
