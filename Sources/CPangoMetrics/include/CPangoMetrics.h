#ifndef LR_PANGO_METRICS_H
#define LR_PANGO_METRICS_H

/// Gives the process's Pango cairo fonts the font metrics described in pango_metrics.c (once;
/// later calls do nothing). Returns 1 when they are in place, 0 when this Pango is one the
/// replacement was not made for (its own metrics are then left).
int lr_pango_metrics_install(void);

/// How many fonts' metrics this process has made, and how many of them it handed to Pango's own
/// code (text turned sideways).
long lr_pango_metrics_made(void);
long lr_pango_metrics_stock(void);

/// For tests: loads the font `description` (Pango's string form) names in `context` (a
/// PangoContext, whose language this sets) and compares its metrics for `language` with those
/// Pango's own function makes: how many fields other than the two approximate widths differ (0
/// when all agree), -1 when the replacement is not installed or the font does not load. `widths`
/// (two ints, may be NULL) receives the approximate character width this file gives and the one
/// Pango's layouts gave.
int lr_pango_metrics_differences(void *context, const char *description, const char *language,
                                 int *widths);

#endif
