#include "CLineBreaks.h"

#include <unicode/ubrk.h>
#include <unicode/utext.h>

int32_t lr_icu_line_breaks(const char *text, int32_t length, int32_t *out, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  UText *utext = utext_openUTF8(NULL, text, length, &status);
  if (U_FAILURE(status)) return -1;
  UBreakIterator *breaks = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
  if (U_FAILURE(status)) {
    utext_close(utext);
    return -1;
  }
  ubrk_setUText(breaks, utext, &status);
  int32_t count = 0;
  if (U_SUCCESS(status)) {
    ubrk_first(breaks);
    for (int32_t at = ubrk_next(breaks); at != UBRK_DONE && count < capacity;
         at = ubrk_next(breaks)) {
      out[count++] = at;
    }
  }
  ubrk_close(breaks);
  utext_close(utext);
  return U_SUCCESS(status) ? count : -1;
}
