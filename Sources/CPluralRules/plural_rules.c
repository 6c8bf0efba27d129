#include "plural_rules.h"

#include <string.h>
#include <unicode/uenum.h>
#include <unicode/unum.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

/// An ASCII keyword from ICU's UTF-16 into `out`.
static int32_t ascii(const UChar *text, int32_t length, char *out, int32_t capacity) {
  if (length < 0 || length >= capacity) return -1;
  for (int32_t i = 0; i < length; i++) {
    if (text[i] > 0x7F) return -1;
    out[i] = (char)text[i];
  }
  out[length] = 0;
  return length;
}

int32_t lr_plural_category(const char *locale, double number, char *out, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  UPluralRules *rules = uplrules_open(locale, &status);
  if (U_FAILURE(status)) return -1;
  UChar keyword[32];
  int32_t length = uplrules_select(rules, number, keyword, 32, &status);
  uplrules_close(rules);
  if (U_FAILURE(status)) return -1;
  return ascii(keyword, length, out, capacity);
}

int32_t lr_plural_categories(const char *locale, char *out, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  UPluralRules *rules = uplrules_open(locale, &status);
  if (U_FAILURE(status)) return -1;
  UEnumeration *keywords = uplrules_getKeywords(rules, &status);
  int32_t used = 0;
  if (U_SUCCESS(status)) {
    // CLDR has six categories: the loop is bounded by them.
    for (int count = 0; count < 6; count++) {
      int32_t length = 0;
      const char *keyword = uenum_next(keywords, &length, &status);
      if (U_FAILURE(status) || keyword == NULL) break;
      if (used + length + 2 > capacity) {
        used = -1;
        break;
      }
      if (used > 0) out[used++] = ' ';
      memcpy(out + used, keyword, (size_t)length);
      used += length;
    }
    uenum_close(keywords);
  } else {
    used = -1;
  }
  uplrules_close(rules);
  if (used >= 0) out[used] = 0;
  return U_FAILURE(status) ? -1 : used;
}

int32_t lr_format_number(const char *locale, double number, char *out, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &status);
  if (U_FAILURE(status)) return -1;
  UChar text[64];
  int32_t length = unum_formatDouble(format, number, text, 64, NULL, &status);
  unum_close(format);
  if (U_FAILURE(status) || length >= 64) return -1;
  int32_t written = 0;
  u_strToUTF8(out, capacity, &written, text, length, &status);
  if (U_FAILURE(status) || written >= capacity) return -1;
  out[written] = 0;
  return written;
}

int32_t lr_plural_integer_table(const char *locale, int32_t count, int8_t *out) {
  static const char *names[6] = {"zero", "one", "two", "few", "many", "other"};
  if (count < 0 || count > 100000) return -1;
  UErrorCode status = U_ZERO_ERROR;
  UPluralRules *rules = uplrules_open(locale, &status);
  if (U_FAILURE(status)) return -1;
  for (int32_t number = 0; number < count; number++) {
    UChar keyword[32];
    char name[32];
    int32_t length = uplrules_select(rules, (double)number, keyword, 32, &status);
    if (U_FAILURE(status) || ascii(keyword, length, name, 32) < 0) {
      uplrules_close(rules);
      return -1;
    }
    out[number] = 5;
    for (int index = 0; index < 6; index++) {
      if (strcmp(name, names[index]) == 0) out[number] = (int8_t)index;
    }
  }
  uplrules_close(rules);
  return count;
}
