import CPangoCairo

/// Versions of the C libraries that decide the pixels; byte-identical output holds for equal
/// versions (the "Text, fonts and determinism" article, `ListRender.docc/TextAndFonts.md`).
public enum LibraryVersions {
  /// Library name → version, in a fixed order (asked once a process: the libraries loaded do
  /// not change while it runs, and FreeType's version is read from a library it opens).
  public static var all: [(name: String, version: String)] { read }

  private static let read: [(name: String, version: String)] = {
    let fc = Int(lr_fontconfig_version())
    var buffer = [CChar](repeating: 0, count: 32)
    let freetype = String(cString: lr_freetype_version(&buffer, Int32(buffer.count)))
    return [
      ("cairo", String(cString: cairo_version_string())),
      ("pango", String(cString: pango_version_string())),
      ("harfbuzz", String(cString: hb_version_string())),
      ("freetype", freetype),
      ("fontconfig", "\(fc / 10000).\(fc / 100 % 100).\(fc % 100)"),
      ("pixman", String(cString: pixman_version_string())),
    ]
  }()
}
