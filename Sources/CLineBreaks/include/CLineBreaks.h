#ifndef LISTRENDER_CLINEBREAKS_H
#define LISTRENDER_CLINEBREAKS_H

#include <stdint.h>

/// ICU's line-break opportunities in the UTF-8 `text` (`length` bytes), as byte offsets after 0
/// (the end included), at most `capacity` of them; their count, or -1 when ICU fails. Kept in a
/// C target of its own: ICU's headers clash with the copy of ICU inside Foundation when a Swift
/// module imports both.
int32_t lr_icu_line_breaks(const char *text, int32_t length, int32_t *out, int32_t capacity);

/// Whether libthai's line breaking (th_brk_new, th_brk_find_breaks) is this target's, which
/// answers with ICU's breaks (see thai_breaks.c), in this process.
int lr_thai_breaks_bound(void);

/// How many Thai texts this process's libthai breaking has answered with ICU's breaks.
long lr_thai_breaks_answered(void);

#endif
