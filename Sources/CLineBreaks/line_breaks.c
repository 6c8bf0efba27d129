#include "CLineBreaks.h"

#include <dlfcn.h>
#include <pthread.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

// ICU is opened on first use (dlopen), not linked: loading libicuuc, its data and libicui18n
// costs every process start about 1.5 ms, and only text in a few scripts needs it. The names
// looked up are the versioned ones ICU's headers give each function (ubrk_open_72), from the
// library of the same major version.
#define LR_STRING(x) #x
#define LR_NAME(x) LR_STRING(x)

static struct {
  __typeof__(&utext_openUTF8) open_text;
  __typeof__(&utext_close) close_text;
  __typeof__(&ubrk_open) open;
  __typeof__(&ubrk_setUText) set_text;
  __typeof__(&ubrk_first) first;
  __typeof__(&ubrk_next) next;
  __typeof__(&ubrk_close) close;
} icu;
static int icu_loaded;
static pthread_once_t icu_once = PTHREAD_ONCE_INIT;

static void load_icu(void) {
  void *library = dlopen("libicuuc.so." LR_NAME(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
  icu.open_text = (__typeof__(icu.open_text))dlsym(library, LR_NAME(utext_openUTF8));
  icu.close_text = (__typeof__(icu.close_text))dlsym(library, LR_NAME(utext_close));
  icu.open = (__typeof__(icu.open))dlsym(library, LR_NAME(ubrk_open));
  icu.set_text = (__typeof__(icu.set_text))dlsym(library, LR_NAME(ubrk_setUText));
  icu.first = (__typeof__(icu.first))dlsym(library, LR_NAME(ubrk_first));
  icu.next = (__typeof__(icu.next))dlsym(library, LR_NAME(ubrk_next));
  icu.close = (__typeof__(icu.close))dlsym(library, LR_NAME(ubrk_close));
  icu_loaded = icu.open_text && icu.close_text && icu.open && icu.set_text && icu.first &&
               icu.next && icu.close;
}

int32_t lr_icu_line_breaks(const char *text, int32_t length, int32_t *out, int32_t capacity) {
  pthread_once(&icu_once, load_icu);
  if (!icu_loaded) return -1;
  UErrorCode status = U_ZERO_ERROR;
  UText *utext = icu.open_text(NULL, text, length, &status);
  if (U_FAILURE(status)) return -1;
  UBreakIterator *breaks = icu.open(UBRK_LINE, "", NULL, 0, &status);
  if (U_FAILURE(status)) {
    icu.close_text(utext);
    return -1;
  }
  icu.set_text(breaks, utext, &status);
  int32_t count = 0;
  if (U_SUCCESS(status)) {
    icu.first(breaks);
    for (int32_t at = icu.next(breaks); at != UBRK_DONE && count < capacity;
         at = icu.next(breaks)) {
      out[count++] = at;
    }
  }
  icu.close(breaks);
  icu.close_text(utext);
  return U_SUCCESS(status) ? count : -1;
}
