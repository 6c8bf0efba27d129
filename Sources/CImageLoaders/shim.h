#ifndef LISTRENDER_CIMAGELOADERS_SHIM_H
#define LISTRENDER_CIMAGELOADERS_SHIM_H

// gdk-pixbuf decodes PNG, JPEG and WebP (with webp-pixbuf-loader); librsvg draws SVG with cairo.
//
// Both are loaded only when a spec has an image or icon file: linking them would make every
// process start load librsvg and its dependencies (about 10 ms, most of a small render's
// start-up). So this module declares the few entry points it uses under its own names, and
// each call looks its function up (dlopen/dlsym) on first use. Errors come back as GError
// pointers, read through lr_loader_error_message and freed with lr_loader_error_free.

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

/// RsvgRectangle's layout.
typedef struct {
  double x, y, width, height;
} LRRectangle;

/// GError's layout (domain, code, message).
typedef struct {
  uint32_t domain;
  int code;
  char *message;
} LRError;

enum { LR_LIBRSVG = 0, LR_LIBGDKPIXBUF = 1, LR_LIBGOBJECT = 2 };

/// The library, opened on first use (NULL when it cannot be loaded).
static inline void *lr_loader_library(int which) {
  static void *handles[3];
  static const char *names[3] = {"librsvg-2.so.2", "libgdk_pixbuf-2.0.so.0",
                                 "libgobject-2.0.so.0"};
  void *handle = __atomic_load_n(&handles[which], __ATOMIC_ACQUIRE);
  if (handle == NULL) {
    handle = dlopen(names[which], RTLD_NOW | RTLD_LOCAL);
    __atomic_store_n(&handles[which], handle, __ATOMIC_RELEASE);
  }
  return handle;
}

static inline void *lr_loader_symbol(int which, const char *name) {
  void *library = lr_loader_library(which);
  return library != NULL ? dlsym(library, name) : NULL;
}

/// Whether both libraries load.
static inline int lr_image_loaders_available(void) {
  return lr_loader_library(LR_LIBRSVG) != NULL && lr_loader_library(LR_LIBGDKPIXBUF) != NULL;
}

#define LR_LAZY(library, name, type) ((type)lr_loader_symbol(library, #name))

static inline const char *lr_loader_error_message(void *error) {
  LRError *e = (LRError *)error;
  return e != NULL && e->message != NULL ? e->message : "unknown error";
}

static inline void lr_loader_error_free(void *error) {
  void (*f)(void *) = LR_LAZY(LR_LIBGOBJECT, g_error_free, void (*)(void *));
  if (error != NULL && f != NULL) f(error);
}

static inline void lr_loader_unref(void *object) {
  void (*f)(void *) = LR_LAZY(LR_LIBGOBJECT, g_object_unref, void (*)(void *));
  if (object != NULL && f != NULL) f(object);
}

// gdk-pixbuf

static inline void *lr_pixbuf_loader_new(void) {
  void *(*f)(void) = LR_LAZY(LR_LIBGDKPIXBUF, gdk_pixbuf_loader_new, void *(*)(void));
  return f != NULL ? f() : NULL;
}

static inline int lr_pixbuf_loader_write(void *loader, const uint8_t *bytes, size_t count,
                                         void **error) {
  int (*f)(void *, const uint8_t *, size_t, void **) = LR_LAZY(
      LR_LIBGDKPIXBUF, gdk_pixbuf_loader_write, int (*)(void *, const uint8_t *, size_t, void **));
  return f != NULL ? f(loader, bytes, count, error) : 0;
}

static inline int lr_pixbuf_loader_close(void *loader, void **error) {
  int (*f)(void *, void **) =
      LR_LAZY(LR_LIBGDKPIXBUF, gdk_pixbuf_loader_close, int (*)(void *, void **));
  return f != NULL ? f(loader, error) : 0;
}

static inline void *lr_pixbuf_loader_get_pixbuf(void *loader) {
  void *(*f)(void *) = LR_LAZY(LR_LIBGDKPIXBUF, gdk_pixbuf_loader_get_pixbuf, void *(*)(void *));
  return f != NULL ? f(loader) : NULL;
}

/// A librsvg handle for SVG bytes (with no base file: the SVG cannot reach files around it).
static inline void *lr_svg_new_from_data(const uint8_t *bytes, size_t count, void **error) {
  void *(*f)(const uint8_t *, size_t, void **) = LR_LAZY(
      LR_LIBRSVG, rsvg_handle_new_from_data, void *(*)(const uint8_t *, size_t, void **));
  return f != NULL ? f(bytes, count, error) : NULL;
}

/// Whether gdk-pixbuf recognises the file; its size in pixels.
static inline int lr_pixbuf_file_info(const char *path, int *width, int *height) {
  void *(*f)(const char *, int *, int *) =
      LR_LAZY(LR_LIBGDKPIXBUF, gdk_pixbuf_get_file_info, void *(*)(const char *, int *, int *));
  return f != NULL && f(path, width, height) != NULL;
}

static inline void *lr_pixbuf_new_from_file(const char *path, void **error) {
  void *(*f)(const char *, void **) =
      LR_LAZY(LR_LIBGDKPIXBUF, gdk_pixbuf_new_from_file, void *(*)(const char *, void **));
  return f != NULL ? f(path, error) : NULL;
}

static inline int lr_pixbuf_int(void *pixbuf, const char *name) {
  int (*f)(void *) = (int (*)(void *))lr_loader_symbol(LR_LIBGDKPIXBUF, name);
  return f != NULL ? f(pixbuf) : 0;
}
static inline int lr_pixbuf_width(void *pixbuf) { return lr_pixbuf_int(pixbuf, "gdk_pixbuf_get_width"); }
static inline int lr_pixbuf_height(void *pixbuf) { return lr_pixbuf_int(pixbuf, "gdk_pixbuf_get_height"); }
static inline int lr_pixbuf_channels(void *pixbuf) { return lr_pixbuf_int(pixbuf, "gdk_pixbuf_get_n_channels"); }
static inline int lr_pixbuf_rowstride(void *pixbuf) { return lr_pixbuf_int(pixbuf, "gdk_pixbuf_get_rowstride"); }

static inline const uint8_t *lr_pixbuf_pixels(void *pixbuf) {
  const uint8_t *(*f)(void *) =
      LR_LAZY(LR_LIBGDKPIXBUF, gdk_pixbuf_read_pixels, const uint8_t *(*)(void *));
  return f != NULL ? f(pixbuf) : NULL;
}

// librsvg

static inline void *lr_svg_new_from_file(const char *path, void **error) {
  void *(*f)(const char *, void **) =
      LR_LAZY(LR_LIBRSVG, rsvg_handle_new_from_file, void *(*)(const char *, void **));
  return f != NULL ? f(path, error) : NULL;
}

static inline int lr_svg_size_in_pixels(void *handle, double *width, double *height) {
  int (*f)(void *, double *, double *) = LR_LAZY(
      LR_LIBRSVG, rsvg_handle_get_intrinsic_size_in_pixels, int (*)(void *, double *, double *));
  return f != NULL ? f(handle, width, height) : 0;
}

/// The SVG's viewBox, when it has one.
static inline int lr_svg_view_box(void *handle, LRRectangle *box) {
  void (*f)(void *, int *, void *, int *, void *, int *, LRRectangle *) =
      LR_LAZY(LR_LIBRSVG, rsvg_handle_get_intrinsic_dimensions,
              void (*)(void *, int *, void *, int *, void *, int *, LRRectangle *));
  int hasWidth = 0, hasHeight = 0, hasViewBox = 0;
  if (f == NULL) return 0;
  f(handle, &hasWidth, NULL, &hasHeight, NULL, &hasViewBox, box);
  return hasViewBox;
}

/// Draws the SVG into `viewport` of the cairo context `cr`.
static inline int lr_svg_render(void *handle, void *cr, const LRRectangle *viewport,
                                void **error) {
  int (*f)(void *, void *, const LRRectangle *, void **) = LR_LAZY(
      LR_LIBRSVG, rsvg_handle_render_document, int (*)(void *, void *, const LRRectangle *, void **));
  return f != NULL ? f(handle, cr, viewport, error) : 0;
}

#endif
