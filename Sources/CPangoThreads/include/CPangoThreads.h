#ifndef LR_PANGO_THREADS_H
#define LR_PANGO_THREADS_H

/// How many of Pango's fontconfig jobs (a new pattern's FcFontSetMatch or FcFontSetSort) this
/// process ran on the thread that asked for them instead of on a thread of their own.
long lr_pango_inline_fontconfig_jobs(void);

#endif
