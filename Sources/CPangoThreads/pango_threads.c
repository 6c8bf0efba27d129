// Pango 1.50 (Debian 12's 1.50.12) starts two threads for every font pattern it meets for the
// first time, one running FcFontSetMatch and one FcFontSetSort (pangofc-fontmap.c,
// pango_fc_patterns_new), and the thread that asked then waits for the first of them
// (pango_fc_patterns_get_font_pattern). Text in many scripts meets many patterns: each text
// style in each language, and each font's own family when Pango measures the font's metrics
// (pangocairo-font.c lays out a sample string in it). A page in 25 scripts made 64 such threads.
// On two cores, creating a thread, waking it on the other core and waking the waiter again
// costs more than the match or sort itself, so the executable runs those two jobs at once on
// the thread that asks for them (Pango 1.52 moved them to one long-lived thread for the same
// reason). The results are fontconfig's, the same on any thread: the same fonts are chosen and
// the same pixels drawn.
//
// This works by defining g_thread_new in the executable, which the dynamic linker binds in
// place of GLib's (libpangoft2 calls it through its PLT). Every other thread, and either of
// these when Pango names them differently, is created as GLib's own g_thread_new does.

#include <glib.h>
#include <string.h>

#include "CPangoThreads.h"

static long inline_jobs;

long lr_pango_inline_fontconfig_jobs(void) { return __atomic_load_n(&inline_jobs, __ATOMIC_RELAXED); }

static int is_pango_fontconfig_job(const gchar *name) {
  return name != NULL &&
         (strcmp(name, "[pango] FcFontSetMatch") == 0 || strcmp(name, "[pango] FcFontSetSort") == 0);
}

GThread *g_thread_new(const gchar *name, GThreadFunc func, gpointer data) {
  if (is_pango_fontconfig_job(name)) {
    // The job takes its own data, stores its result under the pattern's lock, signals and
    // returns; Pango drops the returned thread at once (g_thread_unref).
    func(data);
    __atomic_add_fetch(&inline_jobs, 1, __ATOMIC_RELAXED);
    return g_thread_ref(g_thread_self());
  }
  GError *error = NULL;
  GThread *thread = g_thread_try_new(name, func, data, &error);
  if (G_UNLIKELY(thread == NULL)) {
    g_error("creating thread '%s': %s", name != NULL ? name : "", error->message);
  }
  return thread;
}
