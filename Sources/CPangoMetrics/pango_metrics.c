// A font's metrics without Pango's two sample layouts.
//
// Pango 1.50 (Debian 12's 1.50.12) asks a font for its metrics (pango_font_get_metrics) for
// every run of every line whose extents it measures: pango-layout.c reads the height for line
// spacing and, before breaking an item, 3 × approximate_char_width as the margin within which it
// re-shapes a candidate break instead of trusting the summed character widths. pangocairo-font.c
// (_pango_cairo_font_get_metrics) makes them once per font and language: the font's ascent,
// descent, height, underline and strikethrough from its tables (pangofc-font.c,
// pango_fc_font_create_base_metrics_for_context), then approximate_char_width by laying out the
// language's sample sentence in the font's own family (a new context, a fontset of its own, a
// fontconfig sort, shaping with fallback fonts, every glyph's extents) and
// approximate_digit_width by laying out "0123456789". A page in twelve scripts meets 48 such
// fonts; the two layouts are about a sixth of its work.
//
// The two widths are also not reliably Pango's: the layouts are skipped, leaving 0, for a font
// measured while another font's layouts run (a static int, in_get_metrics, shared by every
// thread), so a font's value depends on which font was measured first and, with text shaped on
// two threads, on timing.
//
// Here the PangoCairoFcFont class's get_metrics (PangoFontClass, public in pango-font.h) is
// replaced by one that keeps every other field exactly as pangocairo makes it (the same base
// metrics, scaled by the same factor when the font has a transform) and gives both widths as
// half the font's em as drawn, the same for every font and language: Latin, Han (two columns a
// character) and the other scripts average about that, so the margin stays about as wide as
// Pango's own, and it no longer depends on order or timing. Text turned sideways (a gravity
// other than south) is left to Pango's own function. Every fixture renders to the same bytes
// either way.

#include "CPangoMetrics.h"

#include <pango/pangocairo.h>
#include <pango/pangofc-font.h>
#include <pthread.h>

// Exported by libpangoft2 (pangofc-font.c) since 1.44; its declaration is in a private header.
PangoFontMetrics *pango_fc_font_create_base_metrics_for_context(PangoFcFont *font,
                                                                PangoContext *context);
// Exported by libpangocairo; declared in no installed header.
GType pango_cairo_fc_font_get_type(void);

static PangoFontMetrics *(*stock_get_metrics)(PangoFont *, PangoLanguage *);
static GQuark metrics_quark;
static GMutex metrics_lock;
static long made, stock;
static int installed;
static pthread_once_t install_once = PTHREAD_ONCE_INIT;

/// The metrics of `font` (any language): see the top of this file.
static PangoFontMetrics *own_metrics(PangoFont *font) {
  PangoFontMetrics *metrics =
      pango_fc_font_create_base_metrics_for_context(PANGO_FC_FONT(font), NULL);
  // As _pango_cairo_font_get_metrics: a font drawn with a transform has its metrics scaled back
  // by the transform's font scale factor (each field an int, truncated as there).
  cairo_scaled_font_t *scaled = pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(font));
  if (scaled != NULL) {
    cairo_matrix_t ctm;
    cairo_scaled_font_get_ctm(scaled, &ctm);
    if (ctm.xx != 1 || ctm.yx != 0 || ctm.xy != 0 || ctm.yy != 1) {
      PangoMatrix matrix = {ctm.xx, ctm.xy, ctm.yx, ctm.yy, 0, 0};
      double scale = pango_matrix_get_font_scale_factor(&matrix);
      if (scale) scale = 1 / scale;
      metrics->ascent *= scale;
      metrics->descent *= scale;
      metrics->height *= scale;
      metrics->underline_position *= scale;
      metrics->underline_thickness *= scale;
      metrics->strikethrough_position *= scale;
      metrics->strikethrough_thickness *= scale;
    }
  }
  // The em as drawn: the pattern's pixel size, times the pattern's matrix where it has one
  // (a bitmap font's strike scaled to the size asked for, as get_face_metrics scales heights).
  PangoFontDescription *description = pango_font_describe_with_absolute_size(font);
  double em = description != NULL ? pango_font_description_get_size(description) : 0;
  if (description != NULL) pango_font_description_free(description);
  FcMatrix *matrix = NULL;
  if (FcPatternGetMatrix(PANGO_FC_FONT(font)->font_pattern, FC_MATRIX, 0, &matrix) ==
          FcResultMatch &&
      matrix != NULL) {
    em *= matrix->yy;
  }
  metrics->approximate_char_width = (int)(em / 2);
  metrics->approximate_digit_width = (int)(em / 2);
  return metrics;
}

/// Whether `font` draws text turned sideways (a gravity other than south), which pangocairo
/// gives metrics of its own.
static int is_sideways(PangoFont *font) {
  PangoFontDescription *description = pango_font_describe(font);
  if (description == NULL) return 0;
  PangoGravity gravity = PANGO_GRAVITY_SOUTH;
  if (pango_font_description_get_set_fields(description) & PANGO_FONT_MASK_GRAVITY) {
    gravity = pango_font_description_get_gravity(description);
  }
  pango_font_description_free(description);
  return gravity != PANGO_GRAVITY_SOUTH && gravity != PANGO_GRAVITY_AUTO;
}

static PangoFontMetrics *get_metrics(PangoFont *font, PangoLanguage *language) {
  // Asked for on every run of every line measured: a font's metrics, once made, are found
  // before anything else is looked at.
  g_mutex_lock(&metrics_lock);
  PangoFontMetrics *metrics = g_object_get_qdata(G_OBJECT(font), metrics_quark);
  if (metrics != NULL) pango_font_metrics_ref(metrics);
  g_mutex_unlock(&metrics_lock);
  if (metrics != NULL) return metrics;
  // Sideways text: pangocairo moves the ascent for it; Pango's own function does that.
  if (is_sideways(font)) {
    g_mutex_lock(&metrics_lock);
    stock += 1;
    g_mutex_unlock(&metrics_lock);
    return stock_get_metrics(font, language);
  }
  g_mutex_lock(&metrics_lock);
  metrics = g_object_get_qdata(G_OBJECT(font), metrics_quark);
  if (metrics == NULL) {
    metrics = own_metrics(font);
    g_object_set_qdata_full(G_OBJECT(font), metrics_quark, metrics,
                            (GDestroyNotify)pango_font_metrics_unref);
    made += 1;
  }
  pango_font_metrics_ref(metrics);
  g_mutex_unlock(&metrics_lock);
  return metrics;
}

static void install(void) {
  // The replacement mirrors pangocairo-font.c as it is from 1.44 to 1.58; another Pango keeps
  // its own.
  if (pango_version() < PANGO_VERSION_ENCODE(1, 44, 0) ||
      pango_version() >= PANGO_VERSION_ENCODE(1, 59, 0)) {
    return;
  }
  metrics_quark = g_quark_from_static_string("listrender-font-metrics");
  // The class is kept for the life of the process (this reference is never dropped).
  PangoFontClass *font_class = g_type_class_ref(pango_cairo_fc_font_get_type());
  if (font_class == NULL || font_class->get_metrics == NULL) return;
  stock_get_metrics = font_class->get_metrics;
  font_class->get_metrics = get_metrics;
  installed = 1;
}

int lr_pango_metrics_install(void) {
  pthread_once(&install_once, install);
  return installed;
}

long lr_pango_metrics_made(void) {
  g_mutex_lock(&metrics_lock);
  long value = made;
  g_mutex_unlock(&metrics_lock);
  return value;
}

long lr_pango_metrics_stock(void) {
  g_mutex_lock(&metrics_lock);
  long value = stock;
  g_mutex_unlock(&metrics_lock);
  return value;
}

int lr_pango_metrics_differences(void *pango_context, const char *description,
                                 const char *language, int *widths) {
  if (!lr_pango_metrics_install()) return -1;
  PangoContext *context = PANGO_CONTEXT(pango_context);
  PangoFontDescription *wanted = pango_font_description_from_string(description);
  PangoLanguage *lang = pango_language_from_string(language);
  pango_context_set_language(context, lang);
  PangoFont *font = pango_context_load_font(context, wanted);
  pango_font_description_free(wanted);
  int differences = -1;
  if (font != NULL) {
    PangoFontMetrics *own = pango_font_get_metrics(font, lang);
    PangoFontMetrics *pango = stock_get_metrics(font, lang);
    differences = (own->ascent != pango->ascent) + (own->descent != pango->descent) +
                  (own->height != pango->height) +
                  (own->underline_position != pango->underline_position) +
                  (own->underline_thickness != pango->underline_thickness) +
                  (own->strikethrough_position != pango->strikethrough_position) +
                  (own->strikethrough_thickness != pango->strikethrough_thickness);
    if (widths != NULL) {
      widths[0] = own->approximate_char_width;
      widths[1] = pango->approximate_char_width;
    }
    pango_font_metrics_unref(own);
    pango_font_metrics_unref(pango);
    g_object_unref(font);
  }
  return differences;
}
