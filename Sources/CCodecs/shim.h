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
#include <stdlib.h>
#include <string.h>
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

// The 8-bit RGB and RGBA PNGs ListRender writes (every golden), decoded with libdeflate:
// every chunk's CRC checked, the IDAT stream inflated whole (its Adler-32 checked) to exactly
// the rows' size, the row filters undone, RGB widened to opaque RGBA. Anything else — another
// colour type or depth, interlacing, a palette, transparency, gamma, chromaticity or colour
// profile chunks, an unknown critical chunk, a damaged or short file — returns nonzero and is
// left to libpng, so what this decodes libpng would decode to the same pixels, and whatever
// libpng refuses this refuses too. `out` holds width * height * 4 bytes; `raw` is scratch
// for the inflated rows, `raw_size` bytes: (width * 3 + 1) * height for RGB and
// (width * 4 + 1) * height for RGBA (a file of the other colour type is refused).
// With `expected` (width * height * 4 bytes of RGBA), nothing is written out: each decoded row
// is compared with expected's (`out` holds one row, width * 4 bytes), and 2 is returned at the
// first that differs; 0 then means the file decodes to exactly those pixels.
static inline uint32_t lr_png_be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static inline int lr_png_fast_decode(const uint8_t *png, size_t size, uint32_t width,
                                     uint32_t height, uint8_t *out, uint8_t *raw,
                                     size_t raw_size, const uint8_t *expected) {
  static const uint8_t signature[8] = {0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A};
  if (size < 8 + 25 + 12 || memcmp(png, signature, 8) != 0) return 1;
  if (width == 0 || height == 0 || width > (1u << 24) || height > (1u << 24)) return 1;
  size_t channels = 0;
  size_t at = 8;
  const uint8_t *first_idat = NULL;
  size_t idat_total = 0, idat_chunks = 0;
  int seen_end = 0, idat_done = 0;
  while (at + 12 <= size) {
    uint32_t length = lr_png_be32(png + at);
    if (length > size - at - 12) return 1;
    const uint8_t *type = png + at + 4;
    const uint8_t *data = type + 4;
    uint32_t crc = (uint32_t)libdeflate_crc32(0, type, (size_t)length + 4);
    if (crc != lr_png_be32(data + length)) return 1;
    if (at == 8) {
      // IHDR first: this size, 8 bits, RGB (2) or RGBA (6), deflate, filter 0, no interlace.
      if (memcmp(type, "IHDR", 4) != 0 || length != 13) return 1;
      if (lr_png_be32(data) != width || lr_png_be32(data + 4) != height) return 1;
      if (data[8] != 8 || (data[9] != 2 && data[9] != 6) || data[10] || data[11] || data[12])
        return 1;
      channels = data[9] == 2 ? 3 : 4;
    } else if (memcmp(type, "IDAT", 4) == 0) {
      // IDAT chunks are consecutive.
      if (idat_done) return 1;
      if (idat_chunks == 0) first_idat = data;
      idat_chunks++;
      idat_total += length;
    } else {
      if (idat_chunks > 0) idat_done = 1;
      if (memcmp(type, "IEND", 4) == 0) {
        if (length != 0) return 1;
        seen_end = 1;
        break;
      }
      // Chunks that change the pixels libpng gives, and every other critical chunk: libpng's.
      if (memcmp(type, "PLTE", 4) == 0 || memcmp(type, "tRNS", 4) == 0 ||
          memcmp(type, "gAMA", 4) == 0 || memcmp(type, "cHRM", 4) == 0 ||
          memcmp(type, "iCCP", 4) == 0 || memcmp(type, "sBIT", 4) == 0 ||
          (type[0] & 0x20) == 0)
        return 1;
    }
    at += (size_t)length + 12;
  }
  if (!seen_end || idat_chunks == 0 || channels == 0) return 1;
  size_t stride = (size_t)width * channels;
  if (raw_size != (stride + 1) * (size_t)height) return 1;
  // The IDAT data joined (one chunk: read in place).
  uint8_t *joined = NULL;
  const uint8_t *stream = first_idat;
  if (idat_chunks > 1) {
    joined = (uint8_t *)malloc(idat_total);
    if (!joined) return 1;
    size_t used = 0;
    for (size_t p = (size_t)(first_idat - png) - 8; used < idat_total;) {
      uint32_t length = lr_png_be32(png + p);
      memcpy(joined + used, png + p + 8, length);
      used += length;
      p += (size_t)length + 12;
    }
    stream = joined;
  }
  struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
  size_t actual = 0;
  int failed = !decompressor ||
               libdeflate_zlib_decompress(decompressor, stream, idat_total, raw, raw_size,
                                          &actual) != LIBDEFLATE_SUCCESS ||
               actual != raw_size;
  if (decompressor) libdeflate_free_decompressor(decompressor);
  free(joined);
  if (failed) return 1;
  // The filters undone in place (None, Sub, Up, Average, Paeth), then each row written out.
  size_t bpp = channels;
  for (size_t y = 0; y < height; y++) {
    uint8_t *row = raw + y * (stride + 1);
    uint8_t filter = row[0];
    uint8_t *cur = row + 1;
    const uint8_t *up = y > 0 ? raw + (y - 1) * (stride + 1) + 1 : NULL;
    switch (filter) {
    case 0: break;
    case 1:
      for (size_t i = bpp; i < stride; i++) cur[i] = (uint8_t)(cur[i] + cur[i - bpp]);
      break;
    case 2:
      if (up)
        for (size_t i = 0; i < stride; i++) cur[i] = (uint8_t)(cur[i] + up[i]);
      break;
    case 3:
      for (size_t i = 0; i < stride; i++) {
        unsigned a = i >= bpp ? cur[i - bpp] : 0, b = up ? up[i] : 0;
        cur[i] = (uint8_t)(cur[i] + ((a + b) >> 1));
      }
      break;
    case 4:
      for (size_t i = 0; i < stride; i++) {
        int a = i >= bpp ? cur[i - bpp] : 0, b = up ? up[i] : 0;
        int c = (i >= bpp && up) ? up[i - bpp] : 0;
        int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
        cur[i] = (uint8_t)(cur[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c));
      }
      break;
    default:
      return 1;
    }
    size_t row_bytes = (size_t)width * 4;
    const uint8_t *wanted = expected ? expected + y * row_bytes : NULL;
    if (wanted && channels == 4) {
      if (memcmp(cur, wanted, stride) != 0) return 2;
      continue;
    }
    uint8_t *dst = wanted ? out : out + y * row_bytes;
    if (channels == 4) {
      memcpy(dst, cur, stride);
    } else {
      for (size_t x = 0; x < width; x++) {
        dst[4 * x] = cur[3 * x];
        dst[4 * x + 1] = cur[3 * x + 1];
        dst[4 * x + 2] = cur[3 * x + 2];
        dst[4 * x + 3] = 255;
      }
    }
    if (wanted && memcmp(dst, wanted, row_bytes) != 0) return 2;
  }
  return 0;
}

// A zlib stream to inflate (IDAT data of a 16-bit PNG).
static inline int lr_inflate_init(z_stream *stream) { return inflateInit(stream); }

#endif
