#include "plural_rules.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>
#include <unicode/uenum.h>
#include <unicode/unum.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

// ICU is opened on first use (dlopen), not linked, as in CLineBreaks: only documents with
// plural keys or formatted counts need it. The names looked up are the versioned ones ICU's
// headers give each function (uplrules_open_72), from the libraries of the same major version.
#define LR_STRING(x) #x
#define LR_NAME(x) LR_STRING(x)
#define LR_LIBRARY(name) "lib" name ".so." LR_NAME(U_ICU_VERSION_MAJOR_NUM)

static struct {
  __typeof__(&uplrules_open) open_rules;
  __typeof__(&uplrules_select) select;
  __typeof__(&uplrules_getKeywords) keywords;
  __typeof__(&uplrules_close) close_rules;
  __typeof__(&uenum_next) next;
  __typeof__(&uenum_close) close_keywords;
  __typeof__(&unum_open) open_format;
  __typeof__(&unum_formatDouble) format;
  __typeof__(&unum_close) close_format;
  __typeof__(&u_strToUTF8) to_utf8;
} icu;
static int icu_loaded;
static pthread_once_t icu_once = PTHREAD_ONCE_INIT;

#define LR_LOOK_UP(library, field, function) \
  icu.field = (__typeof__(icu.field))dlsym(library, LR_NAME(function))

static void load_icu(void) {
  void *common = dlopen(LR_LIBRARY("icuuc"), RTLD_NOW | RTLD_LOCAL);
  void *i18n = dlopen(LR_LIBRARY("icui18n"), RTLD_NOW | RTLD_LOCAL);
  if (common == NULL || i18n == NULL) return;
  LR_LOOK_UP(i18n, open_rules, uplrules_open);
  LR_LOOK_UP(i18n, select, uplrules_select);
  LR_LOOK_UP(i18n, keywords, uplrules_getKeywords);
  LR_LOOK_UP(i18n, close_rules, uplrules_close);
  LR_LOOK_UP(common, next, uenum_next);
  LR_LOOK_UP(common, close_keywords, uenum_close);
  LR_LOOK_UP(i18n, open_format, unum_open);
  LR_LOOK_UP(i18n, format, unum_formatDouble);
  LR_LOOK_UP(i18n, close_format, unum_close);
  LR_LOOK_UP(common, to_utf8, u_strToUTF8);
  icu_loaded = icu.open_rules && icu.select && icu.keywords && icu.close_rules && icu.next &&
               icu.close_keywords && icu.open_format && icu.format && icu.close_format &&
               icu.to_utf8;
}

/// Whether ICU is loaded (opened on the first call).
static int have_icu(void) {
  pthread_once(&icu_once, load_icu);
  return icu_loaded;
}

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
  if (!have_icu()) return -1;
  UErrorCode status = U_ZERO_ERROR;
  UPluralRules *rules = icu.open_rules(locale, &status);
  if (U_FAILURE(status)) return -1;
  UChar keyword[32];
  int32_t length = icu.select(rules, number, keyword, 32, &status);
  icu.close_rules(rules);
  if (U_FAILURE(status)) return -1;
  return ascii(keyword, length, out, capacity);
}

int32_t lr_plural_categories(const char *locale, char *out, int32_t capacity) {
  if (!have_icu()) return -1;
  UErrorCode status = U_ZERO_ERROR;
  UPluralRules *rules = icu.open_rules(locale, &status);
  if (U_FAILURE(status)) return -1;
  UEnumeration *keywords = icu.keywords(rules, &status);
  int32_t used = 0;
  if (U_SUCCESS(status)) {
    // CLDR has six categories: the loop is bounded by them.
    for (int count = 0; count < 6; count++) {
      int32_t length = 0;
      const char *keyword = icu.next(keywords, &length, &status);
      if (U_FAILURE(status) || keyword == NULL) break;
      if (used + length + 2 > capacity) {
        used = -1;
        break;
      }
      if (used > 0) out[used++] = ' ';
      memcpy(out + used, keyword, (size_t)length);
      used += length;
    }
    icu.close_keywords(keywords);
  } else {
    used = -1;
  }
  icu.close_rules(rules);
  if (used >= 0) out[used] = 0;
  return U_FAILURE(status) ? -1 : used;
}

int32_t lr_format_number(const char *locale, double number, char *out, int32_t capacity) {
  if (!have_icu()) return -1;
  UErrorCode status = U_ZERO_ERROR;
  UNumberFormat *format = icu.open_format(UNUM_DECIMAL, NULL, 0, locale, NULL, &status);
  if (U_FAILURE(status)) return -1;
  UChar text[64];
  int32_t length = icu.format(format, number, text, 64, NULL, &status);
  icu.close_format(format);
  if (U_FAILURE(status) || length >= 64) return -1;
  int32_t written = 0;
  icu.to_utf8(out, capacity, &written, text, length, &status);
  if (U_FAILURE(status) || written >= capacity) return -1;
  out[written] = 0;
  return written;
}

int32_t lr_plural_integer_table(const char *locale, int32_t count, int8_t *out) {
  if (!have_icu()) return -1;
  static const char *names[6] = {"zero", "one", "two", "few", "many", "other"};
  if (count < 0 || count > 100000) return -1;
  UErrorCode status = U_ZERO_ERROR;
  UPluralRules *rules = icu.open_rules(locale, &status);
  if (U_FAILURE(status)) return -1;
  for (int32_t number = 0; number < count; number++) {
    UChar keyword[32];
    char name[32];
    int32_t length = icu.select(rules, (double)number, keyword, 32, &status);
    if (U_FAILURE(status) || ascii(keyword, length, name, 32) < 0) {
      icu.close_rules(rules);
      return -1;
    }
    out[number] = 5;
    for (int index = 0; index < 6; index++) {
      if (strcmp(name, names[index]) == 0) out[number] = (int8_t)index;
    }
  }
  icu.close_rules(rules);
  return count;
}

const char *lr_plural_icu_problem(void) {
  if (have_icu()) return NULL;
  return "ICU's " LR_LIBRARY("icuuc") " and " LR_LIBRARY("icui18n")
         " could not be opened (install libicu" LR_NAME(U_ICU_VERSION_MAJOR_NUM) ")";
}
