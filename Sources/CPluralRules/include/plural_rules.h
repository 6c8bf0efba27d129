#ifndef LISTRENDER_CPLURALRULES_H
#define LISTRENDER_CPLURALRULES_H

#include <stdint.h>

/// The CLDR plural category ICU chooses for `number` in `locale` (a BCP 47 tag): `zero`, `one`,
/// `two`, `few`, `many` or `other`, NUL-terminated in `out` (`capacity` bytes); its length, or
/// -1 when ICU fails. A C target of its own, as CLineBreaks: ICU's headers clash with the ICU
/// inside Foundation when a Swift module imports both.
int32_t lr_plural_category(const char *locale, double number, char *out, int32_t capacity);

/// The plural categories `locale` uses, separated by spaces, NUL-terminated in `out`; the
/// length, or -1 when ICU fails.
int32_t lr_plural_categories(const char *locale, char *out, int32_t capacity);

/// `number` formatted for `locale` (its digits and separators), UTF-8, NUL-terminated in `out`;
/// the length, or -1 when ICU fails.
int32_t lr_format_number(const char *locale, double number, char *out, int32_t capacity);

/// The category of each whole number 0 ..< `count` in `locale`, as an index into zero, one,
/// two, few, many, other, written to `out` (`count` bytes): one opening of the rules for a whole
/// table. `count`, or -1 when ICU fails.
int32_t lr_plural_integer_table(const char *locale, int32_t count, int8_t *out);

/// NULL when ICU's libraries are open; else a sentence naming the libraries it tried to open.
const char *lr_plural_icu_problem(void);

#endif
