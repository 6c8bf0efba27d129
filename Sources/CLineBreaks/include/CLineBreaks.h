#ifndef LISTRENDER_CLINEBREAKS_H
#define LISTRENDER_CLINEBREAKS_H

#include <stdint.h>

/// ICU's line-break opportunities in the UTF-8 `text` (`length` bytes), as byte offsets after 0
/// (the end included), at most `capacity` of them; their count, or -1 when ICU fails. Kept in a
/// C target of its own: ICU's headers clash with the copy of ICU inside Foundation when a Swift
/// module imports both.
int32_t lr_icu_line_breaks(const char *text, int32_t length, int32_t *out, int32_t capacity);

#endif
