// Thai lines broken where ICU says, in every layout of the process.
//
// Pango 1.50 (Debian 12's 1.50.12) adds the line breaks of Thai text with libthai
// (break-thai.c: th_brk_new(NULL) once, then th_brk_find_breaks on each Thai item, in TIS-620),
// and the renderer lets Pango break Thai, Lao, Khmer and Burmese text only at ICU's
// opportunities (lr_layout_restrict_breaks in CPangoCairo). So Thai lines broke only where
// libthai's dictionary and ICU's agree: แพ็กเกจ, อินเทอร์เน็ต, พรุ่งนี้ and ใช้งาน stayed whole where
// ICU, and with it Chromium, Android and iOS, may end a line inside them (แพ็ก|เกจ,
// อิน|เทอร์|เน็ต, พรุ่ง|นี้, ใช้|งาน). libthai's dictionary (588 KB, read four bytes at a time)
// also cost the first Thai text of a process about 32 million instructions.
//
// The four functions below are libthai's own names. The executable (the CLI, a test runner)
// defines them, and the dynamic linker binds Pango's calls, and libthai's calls to itself,
// to them: a breaker is a token that needs no dictionary, and its breaks are ICU's
// (lr_icu_line_breaks) within the text it is given. Every other libthai function reaches
// breaks through these. A process where they are not bound (a library loaded with
// RTLD_LOCAL) keeps libthai's breaks; lr_thai_breaks_bound says which.

#include "CLineBreaks.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

typedef struct _ThBrk ThBrk;

// The one breaker handed out; it holds nothing (ICU's break engines are the process's own).
static char token;
static long answered;

ThBrk *th_brk_new(const char *dictpath);
void th_brk_delete(ThBrk *brk);
int th_brk_find_breaks(ThBrk *brk, const unsigned char *s, int pos[], size_t pos_sz);
int th_brk_wc_find_breaks(ThBrk *brk, const wchar_t *s, int pos[], size_t pos_sz);

ThBrk *th_brk_new(const char *dictpath) {
  (void)dictpath;
  return (ThBrk *)&token;
}

void th_brk_delete(ThBrk *brk) { (void)brk; }

/// Appends `c` to `out` in UTF-8 (at most 4 bytes); the bytes written.
static size_t put_utf8(uint32_t c, char *out) {
  if (c < 0x80) {
    out[0] = (char)c;
    return 1;
  }
  if (c < 0x800) {
    out[0] = (char)(0xC0 | (c >> 6));
    out[1] = (char)(0x80 | (c & 0x3F));
    return 2;
  }
  if (c < 0x10000) {
    out[0] = (char)(0xE0 | (c >> 12));
    out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[2] = (char)(0x80 | (c & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | (c >> 18));
  out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
  out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
  out[3] = (char)(0x80 | (c & 0x3F));
  return 4;
}

/// Whether `c` is a Thai character (U+0E01–U+0E5B).
static int is_thai(uint32_t c) { return c >= 0x0E01 && c <= 0x0E5B; }

/// ICU's line breaks in the `count` characters of `text`, as character positions after 0 and
/// before the end, where a Thai character is on either side (libthai breaks Thai text only;
/// Pango's own rules break the rest); at most `pos_sz` of them. -1 when ICU cannot answer.
static int icu_breaks(const uint32_t *text, size_t count, int pos[], size_t pos_sz) {
  if (count < 2 || pos_sz == 0) return 0;
  if (count > (size_t)INT32_MAX / 4 - 1) return -1;
  char *utf8 = malloc(count * 4 + 1);
  int32_t *offsets = malloc((count + 1) * sizeof(int32_t));
  int32_t *found = malloc((count + 1) * sizeof(int32_t));
  int result = -1;
  if (utf8 != NULL && offsets != NULL && found != NULL) {
    size_t length = 0;
    for (size_t i = 0; i < count; i++) {
      offsets[i] = (int32_t)length;
      length += put_utf8(text[i], utf8 + length);
    }
    offsets[count] = (int32_t)length;
    int32_t breaks = lr_icu_line_breaks(utf8, (int32_t)length, found, (int32_t)count + 1);
    if (breaks >= 0) {
      // Both lists ascend: walk the characters alongside the byte offsets ICU gives.
      size_t at = 0;
      result = 0;
      for (int32_t b = 0; b < breaks && (size_t)result < pos_sz; b++) {
        while (at < count && offsets[at] < found[b]) at++;
        if (at == 0 || at >= count || offsets[at] != found[b]) continue;
        if (is_thai(text[at - 1]) || is_thai(text[at])) pos[result++] = (int)at;
      }
    }
  }
  free(utf8);
  free(offsets);
  free(found);
  if (result >= 0) __atomic_add_fetch(&answered, 1, __ATOMIC_RELAXED);
  return result;
}

int th_brk_find_breaks(ThBrk *brk, const unsigned char *s, int pos[], size_t pos_sz) {
  (void)brk;
  if (s == NULL || pos == NULL) return 0;
  size_t count = strlen((const char *)s);
  uint32_t *text = malloc((count + 1) * sizeof(uint32_t));
  if (text == NULL) return 0;
  // TIS-620 (what Pango hands libthai): ASCII as it is, 0xA1–0xFB the Thai block; what TIS-620
  // cannot hold Pango gave as 0xFF, here U+FFFD (a letter to ICU: no break beside it is added).
  for (size_t i = 0; i < count; i++) {
    unsigned char c = s[i];
    text[i] = c < 0x80 ? c : (c >= 0xA1 && c <= 0xFB) ? 0x0E00 + (c - 0xA0) : 0xFFFD;
  }
  int found = icu_breaks(text, count, pos, pos_sz);
  free(text);
  return found < 0 ? 0 : found;
}

int th_brk_wc_find_breaks(ThBrk *brk, const wchar_t *s, int pos[], size_t pos_sz) {
  (void)brk;
  if (s == NULL || pos == NULL) return 0;
  size_t count = wcslen(s);
  uint32_t *text = malloc((count + 1) * sizeof(uint32_t));
  if (text == NULL) return 0;
  for (size_t i = 0; i < count; i++) {
    uint32_t c = (uint32_t)s[i];
    text[i] = (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) ? 0xFFFD : c;
  }
  int found = icu_breaks(text, count, pos, pos_sz);
  free(text);
  return found < 0 ? 0 : found;
}

int lr_thai_breaks_bound(void) {
  return dlsym(RTLD_DEFAULT, "th_brk_find_breaks") == (void *)th_brk_find_breaks &&
         dlsym(RTLD_DEFAULT, "th_brk_new") == (void *)th_brk_new;
}

long lr_thai_breaks_answered(void) { return __atomic_load_n(&answered, __ATOMIC_RELAXED); }
