#ifndef LISTRENDER_CIMAGELOADERS_SHIM_H
#define LISTRENDER_CIMAGELOADERS_SHIM_H

// gdk-pixbuf decodes PNG, JPEG and WebP (with webp-pixbuf-loader); librsvg draws SVG with cairo.
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <librsvg/rsvg.h>

static inline void lr_image_object_unref(void *object) { g_object_unref(object); }

/// The message of a GError, then frees it; NULL-safe.
static inline const char *lr_error_message(GError *error) {
  return error != NULL && error->message != NULL ? error->message : "unknown error";
}

#endif
