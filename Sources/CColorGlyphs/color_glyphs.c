// Colour emoji without the grey copy cairo never draws.
//
// cairo 1.16 (Debian 12's 1.16.0) draws a colour glyph from its colour surface, but it looks
// glyphs up for their grey surface (cairo-surface.c, ensure_scaled_glyph asks for
// CAIRO_SCALED_GLYPH_INFO_SURFACE), so cairo-ft-font.c's _cairo_ft_scaled_glyph_init, once it
// has the colour surface, loads the glyph again without FT_LOAD_COLOR ("A kludge -- load again,
// without color"): FreeType decodes the glyph's PNG once more and flattens it to grey
// (FT_Bitmap_Convert), and cairo scales that bitmap to the size drawn, through pixman's
// separable convolution. The grey surface is kept beside the colour one and never drawn:
// composite_color_glyphs paints the colour surface of every glyph that has one. For each emoji
// drawn that is a third of its cost (a 136 px PNG decoded, flattened and scaled: about 3
// million instructions).
//
// FT_Load_Glyph is defined here; the executable exports it (FreeType is named to its linker),
// so cairo's calls come here first and go on to FreeType's own (dlsym RTLD_NEXT). A load of a
// glyph of a face the renderer registered (its own FT_Face of Noto Color Emoji; no one else
// loads from it) without FT_LOAD_COLOR or FT_LOAD_NO_BITMAP (that is, cairo's grey copy) is
// made with FT_LOAD_BITMAP_METRICS_ONLY, which reads the bitmap's size but decodes nothing,
// and its bitmap is then given no rows: cairo makes an empty grey surface of it
// (_get_bitmap_surface) and scales nothing. Every other load, and every load from any other
// face, is FreeType's, unchanged. The colour surfaces drawn are the same, so are the pixels.
//
// The colour bitmap itself is decoded three times over: cairo loads each glyph for its metrics
// when Pango measures it, again for its metrics in the scaled font it is drawn with, and again
// for its colour surface; Noto Color Emoji has one strike (109 px), so the three loads give the
// same bitmap (FreeType never scales a strike's bitmaps). The first colour load of a glyph of a
// registered face keeps a copy of the decoded bitmap and of what the load put in the glyph
// slot; a later load of the same glyph and flags from the same strike (the size's pixels per
// em) is made with FT_LOAD_BITMAP_METRICS_ONLY (FreeType fills the slot from the same tables
// but decodes nothing) and, when every field it set matches the copy, is given the copy's
// pixels (FT_GlyphSlot_Own_Bitmap copies them into FreeType's own memory). At most 64
// bitmaps of at most 256 KiB are kept, the oldest replaced first.

#include "CColorGlyphs.h"

#include <dlfcn.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_BITMAP_H
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// Faces registered; bitmaps kept, and the largest kept.
enum { capacity = 64, kept_capacity = 64, kept_bytes = 256 * 1024 };

/// What a colour load of one glyph put in the slot, and its decoded pixels.
typedef struct {
  FT_Face face;
  FT_UInt glyph;
  FT_Int32 flags;
  FT_UShort x_ppem, y_ppem;
  FT_Glyph_Metrics metrics;
  FT_Fixed linear_horizontal, linear_vertical;
  FT_Int left, top;
  unsigned int rows, width;
  int pitch;
  unsigned char pixel_mode;
  unsigned short num_grays;
  unsigned char *pixels;
} kept_glyph;

static kept_glyph kept[kept_capacity];
static int kept_next;
static long decodes_saved;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

static FT_Face faces[capacity];
static int count;
static long emptied;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

typedef FT_Error (*load_glyph_t)(FT_Face, FT_UInt, FT_Int32);
static load_glyph_t freetype_load_glyph;
static pthread_once_t resolve_once = PTHREAD_ONCE_INIT;

static void resolve(void) {
  freetype_load_glyph = (load_glyph_t)dlsym(RTLD_NEXT, "FT_Load_Glyph");
}

int lr_color_glyphs_register(void *face) {
  FT_Face handle = face;
  if (handle == NULL || !FT_HAS_COLOR(handle) || FT_IS_SCALABLE(handle)) return 0;
  pthread_mutex_lock(&lock);
  int known = 0;
  int stored = __atomic_load_n(&count, __ATOMIC_RELAXED);
  for (int i = 0; i < stored; i++) known |= faces[i] == handle;
  int added = known;
  if (!known && stored < capacity) {
    faces[stored] = handle;
    // Published after the face is in place: readers take no lock.
    __atomic_store_n(&count, stored + 1, __ATOMIC_RELEASE);
    added = 1;
  }
  pthread_mutex_unlock(&lock);
  return added;
}

static int registered(FT_Face face) {
  int stored = __atomic_load_n(&count, __ATOMIC_ACQUIRE);
  for (int i = 0; i < stored; i++) {
    if (faces[i] == face) return 1;
  }
  return 0;
}

FT_Error FT_Load_Glyph(FT_Face face, FT_UInt glyph_index, FT_Int32 load_flags);

/// Whether the slot's fields are `entry`'s, all but the pixels and the advance vector (which
/// FT_Load_Glyph makes from the metrics and the face's transform, whatever was decoded: cairo
/// sets a transform for the size drawn and none for the metrics).
static int slot_matches(FT_GlyphSlot slot, const kept_glyph *entry) {
  return slot->format == FT_GLYPH_FORMAT_BITMAP &&
         memcmp(&slot->metrics, &entry->metrics, sizeof entry->metrics) == 0 &&
         slot->linearHoriAdvance == entry->linear_horizontal &&
         slot->linearVertAdvance == entry->linear_vertical && slot->bitmap_left == entry->left &&
         slot->bitmap_top == entry->top && slot->bitmap.rows == entry->rows &&
         slot->bitmap.width == entry->width && slot->bitmap.pitch == entry->pitch &&
         slot->bitmap.pixel_mode == entry->pixel_mode &&
         slot->bitmap.num_grays == entry->num_grays;
}

static int same_key(const kept_glyph *entry, FT_Face face, FT_UInt glyph, FT_Int32 flags) {
  return entry->pixels != NULL && entry->face == face && entry->glyph == glyph &&
         entry->flags == flags && entry->x_ppem == face->size->metrics.x_ppem &&
         entry->y_ppem == face->size->metrics.y_ppem;
}

/// A colour load of a registered face: the kept bitmap when there is one, else FreeType's
/// load, kept.
static FT_Error load_color(FT_Face face, FT_UInt glyph, FT_Int32 flags) {
  if (face->size == NULL) return freetype_load_glyph(face, glyph, flags);
  pthread_mutex_lock(&kept_lock);
  int found = -1;
  for (int i = 0; i < kept_capacity && found < 0; i++) {
    if (same_key(&kept[i], face, glyph, flags)) found = i;
  }
  if (found >= 0) {
    FT_Error error = freetype_load_glyph(face, glyph, flags | FT_LOAD_BITMAP_METRICS_ONLY);
    FT_GlyphSlot slot = face->glyph;
    if (error == 0 && slot->bitmap.buffer == NULL && slot_matches(slot, &kept[found])) {
      slot->bitmap.buffer = kept[found].pixels;
      error = FT_GlyphSlot_Own_Bitmap(slot);
      if (error == 0) {
        decodes_saved += 1;
        pthread_mutex_unlock(&kept_lock);
        return 0;
      }
      slot->bitmap.buffer = NULL;
    }
  }
  FT_Error error = freetype_load_glyph(face, glyph, flags);
  FT_GlyphSlot slot = face->glyph;
  size_t bytes = (size_t)(slot->bitmap.pitch < 0 ? -slot->bitmap.pitch : slot->bitmap.pitch) *
                 slot->bitmap.rows;
  if (error == 0 && found < 0 && slot->format == FT_GLYPH_FORMAT_BITMAP &&
      slot->bitmap.pixel_mode == FT_PIXEL_MODE_BGRA && slot->bitmap.buffer != NULL &&
      slot->bitmap.pitch > 0 && bytes > 0 && bytes <= kept_bytes) {
    unsigned char *pixels = malloc(bytes);
    if (pixels != NULL) {
      memcpy(pixels, slot->bitmap.buffer, bytes);
      kept_glyph *entry = &kept[kept_next];
      kept_next = (kept_next + 1) % kept_capacity;
      free(entry->pixels);
      *entry = (kept_glyph){
          .face = face,
          .glyph = glyph,
          .flags = flags,
          .x_ppem = face->size->metrics.x_ppem,
          .y_ppem = face->size->metrics.y_ppem,
          .metrics = slot->metrics,
          .linear_horizontal = slot->linearHoriAdvance,
          .linear_vertical = slot->linearVertAdvance,
          .left = slot->bitmap_left,
          .top = slot->bitmap_top,
          .rows = slot->bitmap.rows,
          .width = slot->bitmap.width,
          .pitch = slot->bitmap.pitch,
          .pixel_mode = slot->bitmap.pixel_mode,
          .num_grays = slot->bitmap.num_grays,
          .pixels = pixels,
      };
    }
  }
  pthread_mutex_unlock(&kept_lock);
  return error;
}

FT_Error FT_Load_Glyph(FT_Face face, FT_UInt glyph_index, FT_Int32 load_flags) {
  pthread_once(&resolve_once, resolve);
  // No FreeType to hand the load to (cannot happen in a process that links FreeType).
  if (freetype_load_glyph == NULL) return FT_Err_Invalid_Library_Handle;
  if ((load_flags & (FT_LOAD_NO_BITMAP | FT_LOAD_BITMAP_METRICS_ONLY)) != 0 ||
      !registered(face)) {
    return freetype_load_glyph(face, glyph_index, load_flags);
  }
  if (load_flags & FT_LOAD_COLOR) return load_color(face, glyph_index, load_flags);
  FT_Error error = freetype_load_glyph(face, glyph_index, load_flags | FT_LOAD_BITMAP_METRICS_ONLY);
  if (error == 0 && face->glyph != NULL && face->glyph->format == FT_GLYPH_FORMAT_BITMAP) {
    // Metrics only: no buffer was allocated, so there is nothing to free.
    face->glyph->bitmap.rows = 0;
    face->glyph->bitmap.width = 0;
    face->glyph->bitmap.pitch = 0;
    face->glyph->bitmap.buffer = NULL;
    face->glyph->bitmap.pixel_mode = FT_PIXEL_MODE_GRAY;
    face->glyph->bitmap.num_grays = 256;
    __atomic_add_fetch(&emptied, 1, __ATOMIC_RELAXED);
  }
  return error;
}

int lr_color_glyphs_bound(void) {
  return dlsym(RTLD_DEFAULT, "FT_Load_Glyph") == (void *)FT_Load_Glyph;
}

long lr_color_glyphs_emptied(void) { return __atomic_load_n(&emptied, __ATOMIC_RELAXED); }

long lr_color_glyphs_decodes_saved(void) {
  pthread_mutex_lock(&kept_lock);
  long value = decodes_saved;
  pthread_mutex_unlock(&kept_lock);
  return value;
}

/// Drops `face` from the list and its kept bitmaps (before the face is closed).
static void forget(FT_Face face) {
  pthread_mutex_lock(&lock);
  int stored = __atomic_load_n(&count, __ATOMIC_RELAXED);
  for (int i = 0; i < stored; i++) {
    if (faces[i] == face) {
      faces[i] = faces[stored - 1];
      __atomic_store_n(&count, stored - 1, __ATOMIC_RELEASE);
      break;
    }
  }
  pthread_mutex_unlock(&lock);
  pthread_mutex_lock(&kept_lock);
  for (int i = 0; i < kept_capacity; i++) {
    if (kept[i].face == face) {
      free(kept[i].pixels);
      kept[i] = (kept_glyph){0};
    }
  }
  pthread_mutex_unlock(&kept_lock);
}

int lr_color_glyphs_compare(const char *path, int glyphs, int *compared) {
  *compared = 0;
  pthread_once(&resolve_once, resolve);
  if (freetype_load_glyph == NULL) return -1;
  FT_Library library;
  if (FT_Init_FreeType(&library) != 0) return -1;
  FT_Face face;
  if (FT_New_Face(library, path, 0, &face) != 0) {
    FT_Done_FreeType(library);
    return -1;
  }
  int differing = -1;
  if (face->num_fixed_sizes > 0 && FT_Select_Size(face, 0) == 0 && lr_color_glyphs_register(face)) {
    differing = 0;
    FT_Int32 flags = FT_LOAD_COLOR | FT_LOAD_NO_HINTING | FT_LOAD_IGNORE_GLOBAL_ADVANCE_WIDTH;
    for (FT_UInt glyph = 1; glyph < (FT_UInt)face->num_glyphs && (int)glyph <= glyphs; glyph++) {
      // FreeType's own load, then the kept copy's (the first load keeps, the second takes).
      if (freetype_load_glyph(face, glyph, flags) != 0) continue;
      FT_GlyphSlot slot = face->glyph;
      if (slot->bitmap.pixel_mode != FT_PIXEL_MODE_BGRA || slot->bitmap.buffer == NULL) continue;
      FT_GlyphSlotRec own = *slot;
      size_t bytes = (size_t)own.bitmap.pitch * own.bitmap.rows;
      unsigned char *pixels = malloc(bytes);
      if (pixels == NULL) break;
      memcpy(pixels, slot->bitmap.buffer, bytes);
      long saved = lr_color_glyphs_decodes_saved();
      int same = FT_Load_Glyph(face, glyph, flags) == 0 && FT_Load_Glyph(face, glyph, flags) == 0 &&
                 lr_color_glyphs_decodes_saved() == saved + 1 && slot->format == own.format &&
                 memcmp(&slot->metrics, &own.metrics, sizeof own.metrics) == 0 &&
                 slot->advance.x == own.advance.x && slot->advance.y == own.advance.y &&
                 slot->linearHoriAdvance == own.linearHoriAdvance &&
                 slot->linearVertAdvance == own.linearVertAdvance &&
                 slot->bitmap_left == own.bitmap_left && slot->bitmap_top == own.bitmap_top &&
                 slot->bitmap.rows == own.bitmap.rows && slot->bitmap.width == own.bitmap.width &&
                 slot->bitmap.pitch == own.bitmap.pitch &&
                 slot->bitmap.pixel_mode == own.bitmap.pixel_mode &&
                 slot->bitmap.num_grays == own.bitmap.num_grays && slot->bitmap.buffer != NULL &&
                 memcmp(slot->bitmap.buffer, pixels, bytes) == 0;
      // The grey copy: the glyph's size, no rows.
      long emptied_before = lr_color_glyphs_emptied();
      same = same && FT_Load_Glyph(face, glyph, flags & ~FT_LOAD_COLOR) == 0 &&
             slot->bitmap.rows == 0 && slot->bitmap.buffer == NULL &&
             slot->metrics.horiAdvance == own.metrics.horiAdvance &&
             lr_color_glyphs_emptied() == emptied_before + 1;
      free(pixels);
      *compared += 1;
      differing += !same;
    }
    forget(face);
  }
  FT_Done_Face(face);
  FT_Done_FreeType(library);
  return differing;
}
