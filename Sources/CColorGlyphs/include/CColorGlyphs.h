#ifndef LR_COLOR_GLYPHS_H
#define LR_COLOR_GLYPHS_H

/// Names `face` (an FT_Face the renderer opened and keeps for the process) as one whose glyphs
/// are colour bitmaps only (FT_HAS_COLOR, not scalable: Noto Color Emoji): cairo's grey copy of
/// each of its glyphs, which it never draws, is then made empty (see color_glyphs.c). At most
/// 64 faces; returns 0 when the list is full or `face` is not such a face.
int lr_color_glyphs_register(void *face);

/// Whether FT_Load_Glyph is this target's in this process (an executable exports it in place
/// of FreeType's).
int lr_color_glyphs_bound(void);

/// How many grey copies of colour glyphs this process has made empty.
long lr_color_glyphs_emptied(void);

/// How many colour bitmaps this process has taken from its copies instead of decoding them
/// again.
long lr_color_glyphs_decodes_saved(void);

/// For tests: opens the colour bitmap font at `path` with a FreeType library of its own and,
/// for its first `glyphs` glyphs, compares what FreeType's own colour load puts in the glyph
/// slot with what a load from the kept copy puts there (every field and every pixel), and
/// checks that the grey copy is empty; `compared` is how many colour glyphs were compared. The
/// count that differ, or -1 when the font cannot be opened as a colour bitmap font.
int lr_color_glyphs_compare(const char *path, int glyphs, int *compared);

#endif
