#ifndef LISTRENDER_CPANGOCAIRO_SHIM_H
#define LISTRENDER_CPANGOCAIRO_SHIM_H

#include <sys/syscall.h>
#include <unistd.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <harfbuzz/hb.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pixman.h>

// Function-like macros and GObject casts are not imported into Swift: these helpers stand in.

static inline int lr_pango_scale(void) { return PANGO_SCALE; }

/// Makes an empty fontconfig configuration the process's current one, once, before the first
/// font map. Pango's font maps call FcInit() on a thread of their own; with no current
/// configuration that loads the whole system configuration and scans every installed font
/// (about 9 ms of start-up, for fonts we never use). Each renderer's fonts come from its own
/// configuration, bound to its font map (lr_font_map_new), so the current one is never
/// consulted for our text and is never switched between font sets.
static inline void lr_fontconfig_quiet_default(void) {
  static FcConfig *empty = NULL;
  if (empty != NULL) return;
  empty = FcConfigCreate();
  if (empty != NULL) FcConfigSetCurrent(empty);
}

/// A cairo font map whose fonts come only from `config` (never the process-wide configuration).
static inline PangoFontMap *lr_font_map_new(FcConfig *config) {
  PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
  if (map != NULL && config != NULL) {
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
  }
  return map;
}

static inline void lr_object_unref(void *object) { g_object_unref(object); }

static inline const char *lr_freetype_version(char *buffer, int size) {
  FT_Library library;
  if (FT_Init_FreeType(&library) != 0) return "unknown";
  FT_Int major = 0, minor = 0, patch = 0;
  FT_Library_Version(library, &major, &minor, &patch);
  FT_Done_FreeType(library);
  snprintf(buffer, (size_t)size, "%d.%d.%d", major, minor, patch);
  return buffer;
}

static inline int lr_fontconfig_version(void) { return FcGetVersion(); }

/// Packs `width` pixels of a cairo ARGB32 row (native-endian 32-bit words, little-endian here:
/// bytes B, G, R, A) into 8-bit R, G, B: what an opaque image's PNG rows hold. Four pixels a
/// step with one byte shuffle where the CPU has SSSE3, one at a time otherwise; the bytes are
/// the same either way.
#if defined(__x86_64__)
typedef uint8_t lr_bytes16 __attribute__((vector_size(16)));
__attribute__((target("ssse3"))) static inline int lr_pack_rgb_ssse3(
    const uint8_t *restrict source, uint8_t *restrict destination, int width) {
  int x = 0;
  // The 16-byte store's last 4 bytes are overwritten by the next step; the last step stops
  // early enough (x + 6 <= width) that they stay inside the row's 3 * width bytes.
  for (; x + 6 <= width; x += 4) {
    lr_bytes16 pixels;
    __builtin_memcpy(&pixels, source + 4 * x, 16);
    lr_bytes16 packed =
        __builtin_shufflevector(pixels, pixels, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, 15, 15, 15, 15);
    __builtin_memcpy(destination + 3 * x, &packed, 16);
  }
  return x;
}
#endif

static inline void lr_pack_rgb(const uint32_t *restrict source, uint8_t *restrict destination,
                               int width) {
  int x = 0;
#if defined(__x86_64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (__builtin_cpu_supports("ssse3")) {
    x = lr_pack_rgb_ssse3((const uint8_t *)source, destination, width);
  }
#endif
  for (; x < width; x++) {
    uint32_t argb = source[x];
    destination[3 * x] = (uint8_t)(argb >> 16);
    destination[3 * x + 1] = (uint8_t)(argb >> 8);
    destination[3 * x + 2] = (uint8_t)argb;
  }
}

/// Moves the pages at `from` to `to` (both page aligned, `length` bytes), replacing what was
/// mapped there; `from` is left unmapped. Through syscall(2): glibc declares mremap(2) only
/// under _GNU_SOURCE, which would change the system headers' definitions from those of Swift's
/// Glibc module; the flags are Linux's MREMAP_MAYMOVE (1) and MREMAP_FIXED (2).
/// Returns 0, or -1 with errno set.
static inline int lr_move_pages(void *from, size_t length, void *to) {
  long moved = syscall(SYS_mremap, from, length, length, 1 | 2, to);
  return moved == -1 ? -1 : 0;
}

#endif
