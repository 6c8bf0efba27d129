#ifndef LISTRENDER_CPANGOCAIRO_SHIM_H
#define LISTRENDER_CPANGOCAIRO_SHIM_H

#include <sys/syscall.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>

#include <errno.h>
#include <fcntl.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
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

/// Sets the language of all of `layout`'s text (shaping, line breaking, font choice), and turns
/// off the hyphen Pango inserts where it breaks inside a word: UILabel breaks a long word
/// without one.
/// Whether `c` is in a script that is written without spaces between words and broken by
/// dictionary: Thai, Lao, Khmer, Myanmar.
static inline int lr_is_dictionary_script(uint32_t c) {
  return (c >= 0x0E00 && c <= 0x0EFF) || (c >= 0x1000 && c <= 0x109F) ||
         (c >= 0x1780 && c <= 0x17FF) || (c >= 0x19E0 && c <= 0x19FF) ||
         (c >= 0xA9E0 && c <= 0xA9FF) || (c >= 0xAA60 && c <= 0xAA7F);
}

/// Lets Pango break `layout`'s text only at `breaks` (ICU's opportunities, byte offsets) within
/// the runs of Thai, Lao, Khmer and Burmese (Pango has no dictionary for the last three, and
/// libthai's Thai words are not ICU's): every segment holding such a character gets breaks
/// disallowed inside it.
static inline void lr_layout_restrict_breaks(PangoLayout *layout, const char *text,
                                             const int32_t *breaks, int32_t count) {
  PangoAttrList *list = pango_layout_get_attributes(layout);
  list = list != NULL ? pango_attr_list_copy(list) : pango_attr_list_new();
  int32_t start = 0;
  for (int32_t i = 0; i < count; i++) {
    int32_t end = breaks[i];
    int dictionary = 0;
    for (const char *at = text + start; at < text + end; at = g_utf8_next_char(at)) {
      if (lr_is_dictionary_script(g_utf8_get_char(at))) {
        dictionary = 1;
        break;
      }
    }
    if (dictionary && end - start > 1) {
      PangoAttribute *keep = pango_attr_allow_breaks_new(FALSE);
      keep->start_index = (guint)start;
      keep->end_index = (guint)end;
      pango_attr_list_insert(list, keep);
    }
    start = end;
  }
  pango_layout_set_attributes(layout, list);
  pango_attr_list_unref(list);
}

/// Keeps each of `count` byte ranges of `layout`'s text (`starts[i]..<ends[i]`) on one line: no
/// break inside it, breaks at its ends untouched (CJK line-breaking rules, kinsoku).
static inline void lr_layout_forbid_breaks(PangoLayout *layout, const int32_t *starts,
                                           const int32_t *ends, int32_t count) {
  PangoAttrList *list = pango_layout_get_attributes(layout);
  list = list != NULL ? pango_attr_list_copy(list) : pango_attr_list_new();
  for (int32_t i = 0; i < count; i++) {
    PangoAttribute *keep = pango_attr_allow_breaks_new(FALSE);
    keep->start_index = (guint)starts[i];
    keep->end_index = (guint)ends[i];
    pango_attr_list_insert(list, keep);
  }
  pango_layout_set_attributes(layout, list);
  pango_attr_list_unref(list);
}

static inline void lr_layout_set_language(PangoLayout *layout, const char *language) {
  PangoAttrList *list = pango_attr_list_new();
  pango_attr_list_insert(list, pango_attr_language_new(pango_language_from_string(language)));
  pango_attr_list_insert(list, pango_attr_insert_hyphens_new(FALSE));
  pango_layout_set_attributes(layout, list);
  pango_attr_list_unref(list);
}

/// Whether any font of `config`'s application fonts has a glyph for `c`.
static inline int lr_config_has_char(FcConfig *config, FcChar32 c) {
  FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
  if (set == NULL) return 0;
  for (int i = 0; i < set->nfont; i++) {
    FcCharSet *charset = NULL;
    if (FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &charset) == FcResultMatch &&
        FcCharSetHasChar(charset, c)) {
      return 1;
    }
  }
  return 0;
}

/// The ISO 15924 code of `c`'s Unicode script (`Zyyy` common, `Zinh` inherited, …), in `out`
/// (5 bytes).
static inline void lr_script_code(uint32_t c, char *out) {
  guint32 tag = g_unicode_script_to_iso15924(g_unichar_get_script((gunichar)c));
  out[0] = (char)(tag >> 24);
  out[1] = (char)(tag >> 16);
  out[2] = (char)(tag >> 8);
  out[3] = (char)tag;
  out[4] = 0;
}

/// The first character of `line` that no font had a glyph for (drawn as a hex box), or 0.
static inline uint32_t lr_line_unknown_char(PangoLayoutLine *line) {
  for (GSList *run = line->runs; run != NULL; run = run->next) {
    PangoGlyphItem *item = (PangoGlyphItem *)run->data;
    PangoGlyphString *glyphs = item->glyphs;
    for (int i = 0; i < glyphs->num_glyphs; i++) {
      PangoGlyph glyph = glyphs->glyphs[i].glyph;
      if ((glyph & PANGO_GLYPH_UNKNOWN_FLAG) != 0 && glyph != PANGO_GLYPH_EMPTY) {
        return glyph & ~PANGO_GLYPH_UNKNOWN_FLAG;
      }
    }
  }
  return 0;
}

/// The family of the font whose run holds `line`'s first unknown glyph, copied into `out` (empty
/// when there is none).
static inline void lr_line_unknown_family(PangoLayoutLine *line, char *out, int size) {
  out[0] = 0;
  for (GSList *run = line->runs; run != NULL; run = run->next) {
    PangoGlyphString *glyphs = ((PangoGlyphItem *)run->data)->glyphs;
    for (int i = 0; i < glyphs->num_glyphs; i++) {
      PangoGlyph glyph = glyphs->glyphs[i].glyph;
      if ((glyph & PANGO_GLYPH_UNKNOWN_FLAG) == 0 || glyph == PANGO_GLYPH_EMPTY) continue;
      PangoFont *font = ((PangoGlyphItem *)run->data)->item->analysis.font;
      if (font == NULL || !PANGO_IS_FC_FONT(font)) return;
      FcChar8 *family = NULL;
      if (FcPatternGetString(pango_fc_font_get_pattern(PANGO_FC_FONT(font)), FC_FAMILY, 0, &family)
          == FcResultMatch) {
        snprintf(out, (size_t)size, "%s", (const char *)family);
      }
      return;
    }
  }
}

/// Appends `text` to the "\n"-separated list in `out` (`*used` bytes long, at most `size` with
/// the final NUL) unless the list has it; a name that does not fit is left out.
static inline void lr_append_distinct(char *out, int size, int *used, const char *text) {
  int length = (int)strlen(text);
  for (const char *at = out; at != NULL && *at != 0;) {
    const char *end = strchr(at, '\n');
    int part = end != NULL ? (int)(end - at) : (int)strlen(at);
    if (part == length && strncmp(at, text, (size_t)length) == 0) return;
    at = end != NULL ? end + 1 : NULL;
  }
  if (*used + length + 2 >= size) return;
  if (*used > 0) out[(*used)++] = '\n';
  memcpy(out + *used, text, (size_t)length);
  *used += length;
  out[*used] = 0;
}

/// The face of each run of `line` ("family style" as the font file names them, such as
/// "Roboto Medium" or "Noto Sans CJK JP Regular"), distinct, joined by "\n" into `out` (at
/// most `size` bytes with the final NUL).
/// The fontconfig pattern of the font a run is drawn with, or NULL.
static inline FcPattern *lr_run_pattern(GSList *run) {
  PangoGlyphItem *item = (PangoGlyphItem *)run->data;
  PangoFont *font = item->item->analysis.font;
  if (font == NULL || !PANGO_IS_FC_FONT(font)) return NULL;
  return pango_fc_font_get_pattern(PANGO_FC_FONT(font));
}

static inline void lr_line_families(PangoLayoutLine *line, char *out, int size) {
  int used = 0;
  out[0] = 0;
  for (GSList *run = line->runs; run != NULL; run = run->next) {
    FcPattern *pattern = lr_run_pattern(run);
    FcChar8 *family = NULL;
    FcChar8 *style = NULL;
    if (pattern == NULL || FcPatternGetString(pattern, FC_FAMILY, 0, &family) != FcResultMatch) {
      continue;
    }
    char face[256];
    if (FcPatternGetString(pattern, FC_STYLE, 0, &style) == FcResultMatch) {
      snprintf(face, sizeof face, "%s %s", (const char *)family, (const char *)style);
    } else {
      snprintf(face, sizeof face, "%s", (const char *)family);
    }
    lr_append_distinct(out, size, &used, face);
  }
}

/// The first character of `line` drawn with a font of `family` (the icon font, which is not
/// text: a character only it has is a missing glyph in a label), or 0.
static inline uint32_t lr_line_char_in_family(PangoLayoutLine *line, const char *wanted) {
  const char *text = pango_layout_get_text(line->layout);
  for (GSList *run = line->runs; run != NULL; run = run->next) {
    FcPattern *pattern = lr_run_pattern(run);
    FcChar8 *family = NULL;
    if (pattern == NULL || FcPatternGetString(pattern, FC_FAMILY, 0, &family) != FcResultMatch) {
      continue;
    }
    PangoItem *item = ((PangoGlyphItem *)run->data)->item;
    if (strcmp((const char *)family, wanted) == 0 && item->length > 0) {
      return g_utf8_get_char(text + item->offset);
    }
  }
  return 0;
}

/// The faces fontconfig's cache of folder `dir` holds (a copy of the cache's set: free it with
/// FcFontSetDestroy), or NULL when `config`'s cache folders have no valid cache for it (fc-cache
/// writes one for every system font folder when a font package installs; a cache is valid only
/// while the folder is unchanged).
static inline FcFontSet *lr_dir_cache_fonts(FcConfig *config, const char *dir) {
  FcCache *cache = FcDirCacheLoad((const FcChar8 *)dir, config, NULL);
  if (cache == NULL) return NULL;
  FcFontSet *set = FcCacheCopySet(cache);
  FcDirCacheUnload(cache);
  return set;
}

/// Adds to `config`'s application fonts the faces of `cached` whose file is `path`, as
/// FcConfigAppFontAddFile would have scanned them; returns how many (0: none, nothing added).
/// Needs the application set to exist (one file added the usual way first).
static inline int lr_config_add_cached_file(FcConfig *config, FcFontSet *cached,
                                            const char *path) {
  FcFontSet *application = FcConfigGetFonts(config, FcSetApplication);
  if (application == NULL || cached == NULL) return 0;
  int added = 0;
  for (int i = 0; i < cached->nfont; i++) {
    FcChar8 *file = NULL;
    FcCharSet *charset = NULL;
    if (FcPatternGetString(cached->fonts[i], FC_FILE, 0, &file) != FcResultMatch ||
        strcmp((const char *)file, path) != 0 ||
        FcPatternGetCharSet(cached->fonts[i], FC_CHARSET, 0, &charset) != FcResultMatch) {
      continue;
    }
    FcPatternReference(cached->fonts[i]);
    if (!FcFontSetAdd(application, cached->fonts[i])) {
      FcPatternDestroy(cached->fonts[i]);
      return added;
    }
    added++;
  }
  return added;
}

/// How many application fonts `config` has.
static inline int lr_config_font_count(FcConfig *config) {
  FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
  return set == NULL ? 0 : set->nfont;
}

/// The file and face index of application font `i` of `config`, unless it has an FT_Face
/// already (returns 0 then).
static inline int lr_config_font_file(FcConfig *config, int i, const char **file, int *index) {
  FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
  FT_Face face = NULL;
  FcChar8 *path = NULL;
  if (FcPatternGetFTFace(set->fonts[i], FC_FT_FACE, 0, &face) == FcResultMatch ||
      FcPatternGetString(set->fonts[i], FC_FILE, 0, &path) != FcResultMatch) {
    return 0;
  }
  *file = (const char *)path;
  if (FcPatternGetInteger(set->fonts[i], FC_INDEX, 0, index) != FcResultMatch) *index = 0;
  return 1;
}

/// The family of application font `i` of `config` (its first, English, name), or "".
static inline const char *lr_config_font_family(FcConfig *config, int i) {
  FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
  FcChar8 *family = NULL;
  if (FcPatternGetString(set->fonts[i], FC_FAMILY, 0, &family) != FcResultMatch) return "";
  return (const char *)family;
}

/// Removes application font `i` from `config` (the later ones move down by one).
static inline void lr_config_remove_font(FcConfig *config, int i) {
  FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
  FcPatternDestroy(set->fonts[i]);
  memmove(&set->fonts[i], &set->fonts[i + 1], sizeof(FcPattern *) * (size_t)(set->nfont - i - 1));
  set->nfont--;
}

/// Gives application font `i` of `config` the FreeType face `face` (FC_FT_FACE): cairo then
/// draws with that face and never opens or closes one itself. (cairo 1.16 keeps at most ten
/// faces open, closing and reopening the rest as text in many scripts is drawn, and opens
/// them with one FT_Library shared by every thread without a lock.)
static inline int lr_config_font_set_face(FcConfig *config, int i, FT_Face face) {
  FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
  FcPattern *copy = FcPatternDuplicate(set->fonts[i]);
  if (copy == NULL || !FcPatternAddFTFace(copy, FC_FT_FACE, face)) {
    if (copy != NULL) FcPatternDestroy(copy);
    return 0;
  }
  FcPatternDestroy(set->fonts[i]);
  set->fonts[i] = copy;
  return 1;
}

/// Whether two family names are the same for fontconfig: ASCII case and spaces ignored.
static inline int lr_same_family(const char *a, const char *b) {
  for (;;) {
    while (*a == ' ') a++;
    while (*b == ' ') b++;
    char x = (*a >= 'A' && *a <= 'Z') ? (char)(*a + 32) : *a;
    char y = (*b >= 'A' && *b <= 'Z') ? (char)(*b + 32) : *b;
    if (x != y) return 0;
    if (x == 0) return 1;
    a++;
    b++;
  }
}

/// Whether a font of `config`'s application fonts has the family `name` (fontconfig's
/// comparison: case and spaces ignored).
static inline int lr_config_has_family(FcConfig *config, const char *name) {
  FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
  if (set == NULL) return 0;
  for (int i = 0; i < set->nfont; i++) {
    FcChar8 *family = NULL;
    for (int n = 0; FcPatternGetString(set->fonts[i], FC_FAMILY, n, &family) == FcResultMatch;
         n++) {
      if (lr_same_family((const char *)family, name)) return 1;
    }
  }
  return 0;
}

/// The families of the faces `config` loaded from `file` (NULL: from every file; each face's
/// first, English, name),
/// distinct, joined by "\n" into `out` (at most `size` bytes with the final NUL).
static inline void lr_config_file_families(FcConfig *config, const char *file, char *out,
                                           int size) {
  int used = 0;
  out[0] = 0;
  FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
  if (set == NULL) return;
  for (int i = 0; i < set->nfont; i++) {
    FcChar8 *path = NULL;
    FcChar8 *family = NULL;
    if (FcPatternGetString(set->fonts[i], FC_FILE, 0, &path) != FcResultMatch ||
        (file != NULL && strcmp((const char *)path, file) != 0) ||
        FcPatternGetString(set->fonts[i], FC_FAMILY, 0, &family) != FcResultMatch) {
      continue;
    }
    lr_append_distinct(out, size, &used, (const char *)family);
  }
}

/// The text `line` shows, in logical order, into `out` (at most `size` bytes with the final
/// NUL): its runs' characters, and "…" where Pango put its ellipsis in place of the text it
/// left out. Returns the bytes written.
static inline int lr_line_shown_text(PangoLayoutLine *line, char *out, int size) {
  const char *text = pango_layout_get_text(line->layout);
  int used = 0;
  out[0] = 0;
  int count = (int)g_slist_length(line->runs);
  PangoItem **items = g_new(PangoItem *, count > 0 ? count : 1);
  int n = 0;
  for (GSList *run = line->runs; run != NULL; run = run->next) {
    items[n++] = ((PangoGlyphItem *)run->data)->item;
  }
  // Runs are in visual order; the text is read in logical order.
  for (int i = 1; i < n; i++) {
    for (int j = i; j > 0 && items[j - 1]->offset > items[j]->offset; j--) {
      PangoItem *swap = items[j];
      items[j] = items[j - 1];
      items[j - 1] = swap;
    }
  }
  for (int i = 0; i < n; i++) {
    const char *part = text + items[i]->offset;
    int length = items[i]->length;
    if ((items[i]->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0) {
      part = "\xE2\x80\xA6";
      length = 3;
    }
    if (used + length >= size) break;
    memcpy(out + used, part, (size_t)length);
    used += length;
  }
  out[used] = 0;
  g_free(items);
  return used;
}

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

#if defined(__x86_64__)
typedef uint8_t lr_bytes32 __attribute__((vector_size(32)));
typedef uint32_t lr_words8 __attribute__((vector_size(32)));
/// Eight pixels a step where the CPU has AVX2: a byte shuffle in each 16-byte half (four pixels
/// to 12 bytes), then the two halves' 12 bytes moved together (a cross-lane word permute).
__attribute__((target("avx2"))) static inline int lr_pack_rgb_avx2(
    const uint8_t *restrict source, uint8_t *restrict destination, int width) {
  int x = 0;
  // The 32-byte store's last 8 bytes are overwritten by the next step; the last step stops
  // early enough (x + 11 <= width) that they stay inside the row's 3 * width bytes.
  for (; x + 11 <= width; x += 8) {
    lr_bytes32 pixels;
    __builtin_memcpy(&pixels, source + 4 * x, 32);
    lr_bytes32 halves = __builtin_shufflevector(
        pixels, pixels, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, 15, 15, 15, 15, 18, 17, 16, 22,
        21, 20, 26, 25, 24, 30, 29, 28, 31, 31, 31, 31);
    lr_words8 words = (lr_words8)halves;
    lr_words8 packed = __builtin_shufflevector(words, words, 0, 1, 2, 4, 5, 6, 3, 7);
    __builtin_memcpy(destination + 3 * x, &packed, 32);
  }
  return x;
}
#endif

static inline void lr_pack_rgb(const uint32_t *restrict source, uint8_t *restrict destination,
                               int width) {
  int x = 0;
#if defined(__x86_64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (__builtin_cpu_supports("avx2")) {
    x = lr_pack_rgb_avx2((const uint8_t *)source, destination, width);
  }
  if (__builtin_cpu_supports("ssse3")) {
    x += lr_pack_rgb_ssse3((const uint8_t *)source + 4 * x, destination + 3 * x, width - x);
  }
#endif
  for (; x < width; x++) {
    uint32_t argb = source[x];
    destination[3 * x] = (uint8_t)(argb >> 16);
    destination[3 * x + 1] = (uint8_t)(argb >> 8);
    destination[3 * x + 2] = (uint8_t)argb;
  }
}

/// Converts `width` pixels of a cairo ARGB32 row (premultiplied, bytes B, G, R, A here) into
/// straight 8-bit R, G, B, A: what a `Bitmap` and an RGBA PNG row hold. A pixel neither opaque
/// nor clear has each channel divided by its alpha, rounded to nearest ((c * 255 + a / 2) / a).
/// Runs of four opaque pixels are one byte shuffle where the CPU has SSSE3; the bytes are the
/// same either way.
#if defined(__x86_64__)
__attribute__((target("ssse3"))) static inline int lr_unpremultiply_opaque_ssse3(
    const uint8_t *restrict source, uint8_t *restrict destination, int width) {
  int x = 0;
  for (; x + 4 <= width; x += 4) {
    lr_bytes16 pixels;
    __builtin_memcpy(&pixels, source + 4 * x, 16);
    // Stops at the first group with a pixel that is not opaque: the caller goes on one pixel
    // at a time from there.
    if ((pixels[3] & pixels[7] & pixels[11] & pixels[15]) != 255) break;
    lr_bytes16 rgba =
        __builtin_shufflevector(pixels, pixels, 2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
    __builtin_memcpy(destination + 4 * x, &rgba, 16);
  }
  return x;
}
#endif

static inline void lr_unpremultiply_rgba(const uint32_t *restrict source,
                                         uint8_t *restrict destination, int width) {
  int x = 0;
  while (x < width) {
#if defined(__x86_64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (__builtin_cpu_supports("ssse3")) {
      x += lr_unpremultiply_opaque_ssse3((const uint8_t *)(source + x), destination + 4 * x,
                                         width - x);
      if (x >= width) break;
    }
#endif
    // Up to the end of the next group of four (or the row), one pixel at a time.
    int end = x + 4 < width ? x + 4 : width;
    for (; x < end; x++) {
      uint32_t argb = source[x];
      uint32_t a = argb >> 24, r = (argb >> 16) & 0xFF, g = (argb >> 8) & 0xFF, b = argb & 0xFF;
      if (a != 255 && a != 0) {
        r = (r * 255 + a / 2) / a;
        g = (g * 255 + a / 2) / a;
        b = (b * 255 + a / 2) / a;
      }
      destination[4 * x] = (uint8_t)r;
      destination[4 * x + 1] = (uint8_t)g;
      destination[4 * x + 2] = (uint8_t)b;
      destination[4 * x + 3] = (uint8_t)a;
    }
  }
}

/// A sealed in-memory file holding `bytes` (memfd_create: nothing else can change it, it goes
/// with the process), its descriptor, or -1 with errno set. A spec's font is loaded from one,
/// so that a file overwritten on disk while it is drawn cannot fault the reader of a mapping.
static inline int lr_sealed_memory_file(const unsigned char *bytes, long count) {
  int fd = (int)syscall(SYS_memfd_create, "listrender-font", 0x0001U | 0x0002U);
  if (fd < 0) return -1;
  long done = 0;
  while (done < count) {
    ssize_t written = write(fd, bytes + done, (size_t)(count - done));
    if (written < 0) {
      if (errno == EINTR) continue;
      int saved = errno;
      close(fd);
      errno = saved;
      return -1;
    }
    done += written;
  }
  /* F_ADD_SEALS: shrink, grow, write, and the seals themselves. */
  fcntl(fd, 1033, 0x0001 | 0x0002 | 0x0004 | 0x0008);
  return fd;
}

#endif
