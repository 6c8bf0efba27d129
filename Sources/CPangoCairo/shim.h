#ifndef LISTRENDER_CPANGOCAIRO_SHIM_H
#define LISTRENDER_CPANGOCAIRO_SHIM_H

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

#endif
