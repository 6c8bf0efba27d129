import CColorGlyphs
import CPangoCairo
import CPangoMetrics
import FileIO
import Foundation
import ImageCodec
import Synchronization

// C wrapper file: fontconfig configurations and Pango font maps are opaque C pointers and
// live only here (and in PangoText.swift), each freed with its Swift object or kept for the
// process (a configuration per font set, shared by the renderers that use it).

/// A font file the renderer loads, and the Debian package that provides it.
public struct FontFile: Equatable, Sendable {
  /// Absolute path.
  public var path: String
  /// Debian package to install when it is missing (empty for a spec's own font file).
  public var package: String
  /// Where the font is loaded from when not from `path`: a sealed in-memory copy of the bytes
  /// that were checked and checksummed (a spec's own fonts), so that the file changing on disk
  /// changes nothing drawn.
  package var loadPath: String?
  /// The families of a collection whose faces are loaded (Noto Sans CJK's that a document's
  /// languages reach); nil loads every face.
  package var families: [String]?

  /// The path fontconfig, FreeType and HarfBuzz read.
  package var source: String { loadPath ?? path }

  /// A spec's font file whose checked `bytes` are loaded from memory.
  /// - Throws: ``PainterError/unusableFont(path:)`` when no in-memory file can be made.
  package init(path: String, loadingFrom bytes: [UInt8]) throws {
    self.path = path
    self.package = ""
    let descriptor = bytes.withUnsafeBufferPointer {
      lr_sealed_memory_file($0.baseAddress, $0.count)
    }
    guard descriptor >= 0 else { throw PainterError.unusableFont(path: path) }
    // Kept open while the file is in use: faces are opened from it by path when needed.
    loadPath = "/proc/self/fd/\(descriptor)"
  }

  /// Closes the in-memory copy made by ``init(path:loadingFrom:)``, when there is one.
  package func closeMemoryCopy() {
    guard let loadPath, loadPath.hasPrefix("/proc/self/fd/"),
      let descriptor = Int32(loadPath.dropFirst("/proc/self/fd/".count))
    else { return }
    close(descriptor)
  }

  /// A font file from its path and package.
  public init(path: String, package: String) {
    self.path = path
    self.package = package
  }

  /// The fonts every render uses: Roboto for text, Material Icons, Noto Sans (with Arabic and
  /// Hebrew) for scripts Roboto lacks.
  public static let standard: [FontFile] = {
    let roboto = "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/"
    let noto = "/usr/share/fonts/truetype/noto/"
    return ["Regular", "Medium", "Bold", "Italic"].map {
      FontFile(path: roboto + "Roboto-\($0).ttf", package: "fonts-roboto-unhinted")
    }
      + [
        FontFile(
          path:
            "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf",
          package: "fonts-material-design-icons-iconfont")
      ]
      + [
        "NotoSans-Regular", "NotoSans-Bold", "NotoSansArabic-Regular", "NotoSansArabic-Bold",
        "NotoSansHebrew-Regular", "NotoSansHebrew-Bold",
      ].map {
        FontFile(path: noto + $0 + ".ttf", package: "fonts-noto-core")
      }
  }()

  /// Roboto Light, loaded for a document with light text only.
  package static let robotoLight = FontFile(
    path: "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Light.ttf",
    package: "fonts-roboto-unhinted")

  /// Files of `files` that are not on disk.
  public static func missing(in files: [FontFile] = standard) -> [FontFile] {
    files.filter { !FileManager.default.isReadableFile(atPath: $0.path) }
  }
}

/// The renderer's own fonts: a private fontconfig configuration holding only known files, a
/// Pango font map over it, and the font options that make text pixels the same everywhere
/// (`ListRender.docc/TextAndFonts.md`). Whatever `FONTCONFIG_FILE` or the user's fonts.conf say, text
/// comes from these files and is drawn without hinting, in grey antialiasing.
///
/// Not thread-safe: use one per thread. The fontconfig configuration behind it is built once
/// per set of files and shared by every FontSystem of the process (read-only once built), so
/// renderers on several threads never replace or free the configuration another one is using.
public final class FontSystem {
  let config: OpaquePointer
  let fontMap: UnsafeMutablePointer<PangoFontMap>
  let options: OpaquePointer
  /// The files loaded, in order.
  public let files: [FontFile]

  /// Loads `files` (the standard set by default) into a private configuration.
  /// - Throws: ``PainterError/missingFont(path:package:)`` naming the package to install.
  public init(files: [FontFile] = FontFile.standard) throws {
    if let missing = FontFile.missing(in: files).first {
      throw PainterError.missingFont(path: missing.path, package: missing.package)
    }
    let config = try SharedFontConfig.config(for: files)
    // Before the first font: every font's metrics are then made the same way (CPangoMetrics).
    lr_pango_metrics_install()
    guard let fontMap = lr_font_map_new(config) else {
      throw PainterError.creationFailed("a Pango font map")
    }
    guard let options = cairo_font_options_create() else {
      lr_object_unref(fontMap)
      throw PainterError.creationFailed("cairo font options")
    }
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    self.config = config
    self.fontMap = fontMap
    self.options = options
    self.files = files
  }

  deinit {
    cairo_font_options_destroy(options)
    lr_object_unref(fontMap)
  }

  /// Whether a font of this system has a glyph for `scalar`.
  package func covers(_ scalar: Unicode.Scalar) -> Bool {
    lr_config_has_char(config, scalar.value) != 0
  }

  /// Whether a font of `files` has a glyph for a character: the question asked of a set of
  /// files without making a font map for them (their configuration is built once and kept).
  package static func coverage(of files: [FontFile]) throws -> (Unicode.Scalar) -> Bool {
    let config = try SharedFontConfig.config(for: files)
    return { lr_config_has_char(config, $0.value) != 0 }
  }

  /// Every family the loaded fonts hold, as ``FontCatalog/familyKey(_:)`` writes it.
  package var familyKeys: Set<String> {
    var buffer = [CChar](repeating: 0, count: 16_384)
    lr_config_file_families(config, nil, &buffer, Int32(buffer.count))
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return Set(
      String(decoding: bytes, as: UTF8.self).split(separator: "\n").map {
        FontCatalog.familyKey(String($0))
      })
  }

  /// Whether a loaded font has the family `name` (case and spaces ignored, as fontconfig
  /// compares families).
  package func hasFamily(_ name: String) -> Bool {
    lr_config_has_family(config, name) != 0
  }

  /// The families of the faces loaded from the file at `path`, each once.
  package func families(in path: String) -> [String] {
    var buffer = [CChar](repeating: 0, count: 1024)
    lr_config_file_families(config, path, &buffer, Int32(buffer.count))
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// A new Pango context over this font map with the deterministic font options.
  func makeContext() throws -> PangoContextHandle {
    guard let context = pango_font_map_create_context(fontMap) else {
      throw PainterError.creationFailed("a Pango context")
    }
    pango_cairo_context_set_font_options(context, options)
    pango_context_set_round_glyph_positions(context, 0)
    // Never the locale's language: every layout sets its own (`TextStyle.language`).
    pango_context_set_language(context, pango_language_from_string("en"))
    return PangoContextHandle(context)
  }

  /// How many fonts this process has given metrics of its own (CPangoMetrics), and how many
  /// it left to Pango's function (text turned sideways).
  package static var metricsMade: (own: Int, pango: Int) {
    (lr_pango_metrics_made(), lr_pango_metrics_stock())
  }

  /// Colour emoji in this process (CColorGlyphs): whether its FT_Load_Glyph is the one cairo
  /// calls, how many grey copies it left empty and how many bitmaps it took from a kept copy
  /// rather than decode them again.
  package static var colorGlyphs: (bound: Bool, greyCopiesEmptied: Int, decodesSaved: Int) {
    (lr_color_glyphs_bound() != 0, lr_color_glyphs_emptied(), lr_color_glyphs_decodes_saved())
  }

  /// For tests: the colour bitmap font at `path`, its first `glyphs` glyphs loaded by FreeType
  /// and from kept copies: how many differ in any slot field or pixel, and how many were
  /// compared. Nil when the file is not a colour bitmap font.
  package static func colorGlyphCopiesDiffering(path: String, glyphs: Int) -> (
    differing: Int, compared: Int
  )? {
    var compared: Int32 = 0
    let differing = lr_color_glyphs_compare(path, Int32(clamping: glyphs), &compared)
    return differing < 0 ? nil : (Int(differing), Int(compared))
  }

  /// The metrics of the font `description` names (Pango's string form, "Roboto 16px") for
  /// `language`, in a context scaled by `scale`, set beside those Pango's own function makes:
  /// how many fields other than the two approximate widths differ, and the approximate
  /// character width each gives. Nil when Pango's own function is in use or the font does not
  /// load.
  package func metricsBesidePango(_ description: String, language: String, scale: Double = 1)
    throws -> (differences: Int, width: Int, pangoWidth: Int)?
  {
    let context = try makeContext()
    if scale != 1 {
      var matrix = PangoMatrix(xx: scale, xy: 0, yx: 0, yy: scale, x0: 0, y0: 0)
      pango_context_set_matrix(context.pointer, &matrix)
    }
    var widths: [Int32] = [0, 0]
    let differences = lr_pango_metrics_differences(
      UnsafeMutableRawPointer(context.pointer), description, language, &widths)
    guard differences >= 0 else { return nil }
    return (Int(differences), Int(widths[0]), Int(widths[1]))
  }
}

/// A Pango context, unreferenced with the object.
final class PangoContextHandle {
  let pointer: OpaquePointer
  init(_ pointer: OpaquePointer) { self.pointer = pointer }
  deinit { lr_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// One fontconfig configuration per set of font files, built once and kept for the process.
///
/// Each configuration serves only the Pango font maps made for it
/// (`pango_fc_font_map_set_config`): none is made fontconfig's current one, so two renderers
/// with different font sets never change what the other resolves. cairo is handed Pango's
/// resolved patterns (with the font file), so it has nothing to look up itself. The current
/// configuration is an empty one (`lr_fontconfig_quiet_default`), so nothing can resolve
/// through it by accident and fontconfig never scans the system's fonts.
package enum SharedFontConfig {
  /// Whether system font files are taken from fontconfig's cache of their folder (else every
  /// file is scanned; the faces are the same, which a test checks by turning this off).
  package static let readsFolderCaches = Atomic<Bool>(true)

  /// fontconfig handles are plain pointers, owned here for the life of the process.
  private static let configs = Mutex<[[String]: OpaquePointer]>([:])

  /// The configuration's rules, fontconfig's own: Noto Color Emoji is the generic `emoji`
  /// family and emoji text prefers a colour font (`45-generic.conf`, `60-generic.conf`), so an
  /// emoji sequence (a skin tone, a ZWJ sequence, a keycap) is drawn whole in Noto Color Emoji
  /// even where a font earlier in the order has its first character; and a font without
  /// outlines (Noto Color Emoji, whose glyphs are 136 px bitmaps) is scaled by the size asked
  /// for over the size it has (`10-scale-bitmap-fonts.conf`).
  static let rules = """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
    <fontconfig>
      <cachedir>/var/cache/fontconfig</cachedir>
      <alias binding="same">
        <family>Noto Color Emoji</family><default><family>emoji</family></default>
      </alias>
      <match>
        <test name="family"><string>emoji</string></test>
        <edit name="lang" mode="prepend"><string>und-zsye</string></edit>
      </match>
      <match>
        <test name="lang"><string>und-zsye</string></test>
        <test qual="all" name="family" compare="not_eq"><string>emoji</string></test>
        <edit name="family" mode="append" binding="strong"><string>emoji</string></edit>
      </match>
      <match>
        <test name="lang"><string>und-zsye</string></test>
        <test qual="all" name="color" compare="not_eq"><bool>true</bool></test>
        <test qual="all" name="color" compare="not_eq"><bool>false</bool></test>
        <edit name="color" mode="append"><bool>true</bool></edit>
      </match>
      <alias binding="same">
        <family>emoji</family><prefer><family>Noto Color Emoji</family></prefer>
      </alias>
      <match target="font">
        <test name="outline" compare="eq"><bool>false</bool></test>
        <edit name="pixelsizefixupfactor" mode="assign">
          <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
        </edit>
      </match>
      <match target="font">
        <test name="outline" compare="eq"><bool>false</bool></test>
        <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
        <edit name="matrix" mode="assign">
          <times>
            <name>matrix</name>
            <matrix>
              <name>pixelsizefixupfactor</name> <double>0</double>
              <double>0</double> <name>pixelsizefixupfactor</name>
            </matrix>
          </times>
        </edit>
        <edit name="size" mode="assign">
          <divide><name>size</name><name>pixelsizefixupfactor</name></divide>
        </edit>
      </match>
    </fontconfig>
    """

  /// The configuration holding exactly `files`.
  static func config(for files: [FontFile]) throws -> OpaquePointer {
    try configs.withLock { configs in
      // A file's path and what it is (size, modification time, inode): a spec's font file
      // replaced under the same name makes a new configuration.
      let cached = readsFolderCaches.load(ordering: .relaxed)
      let files = merged(files)
      let key =
        files.map { file -> String in
          let faces = file.families.map { " faces " + $0.joined(separator: ",") } ?? ""
          var info = stat()
          guard stat(file.source, &info) == 0 else { return file.source + faces }
          return
            "\(file.source) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)"
            + faces
        } + (cached ? [] : ["scanned"])
      if let config = configs[key] { return config }
      // Called with the lock held, so once (see its comment in the shim).
      lr_fontconfig_quiet_default()
      // Pango takes the languages it prefers for text whose own language does not cover its
      // script (Han in an English label) from PANGO_LANGUAGE, else LANGUAGE: fixed here, before
      // Pango first reads them, so that the machine's locale never changes a glyph.
      setenv("PANGO_LANGUAGE", "en", 1)
      guard let config = FcConfigCreate() else {
        throw PainterError.creationFailed("a fontconfig configuration")
      }
      // Colour emoji for emoji runs, scaled to the size asked for, as fontconfig's own
      // configuration has it.
      guard FcConfigParseAndLoadFromMemory(config, Self.rules, 1) != 0 else {
        FcConfigDestroy(config)
        throw PainterError.creationFailed("the fontconfig rules")
      }
      // The system's font files are taken from fontconfig's own cache of their folder when it
      // is valid (the faces it holds are what a scan of the same file gives, without reading
      // Noto Sans CJK's twenty faces again: 34 ms); a spec's own files, and any file without
      // a valid cache, are scanned.
      var caches: [String: UnsafeMutablePointer<FcFontSet>?] = [:]
      defer { for case let set?? in caches.values { FcFontSetDestroy(set) } }
      for file in files {
        // A font cut short is named here, rather than drawing its text blank.
        if let problem = FontStructure.problem(atPath: file.source) {
          FcConfigDestroy(config)
          throw PainterError.damagedFont(path: file.path, reason: problem, package: file.package)
        }
        let folder = parentPath(file.source)
        if cached, !file.package.isEmpty {
          if caches[folder] == nil { caches[folder] = lr_dir_cache_fonts(config, folder) }
          if let set = caches[folder] ?? nil,
            lr_config_add_cached_file(config, set, file.source) > 0
          {
            continue
          }
        }
        guard FcConfigAppFontAddFile(config, file.source) != 0 else {
          FcConfigDestroy(config)
          throw PainterError.unusableFont(path: file.path)
        }
      }
      do {
        try attachFaces(
          to: config,
          only: Dictionary(
            files.compactMap { file in file.families.map { (file.source, Set($0)) } },
            uniquingKeysWith: { $0.union($1) }))
      } catch {
        FcConfigDestroy(config)
        throw error
      }
      configs[key] = config
      return config
    }
  }

  /// `files` with each source once, where it first comes: the faces a file is named for more
  /// than once are all loaded (every face, when one of its entries loads every face).
  private static func merged(_ files: [FontFile]) -> [FontFile] {
    var result: [FontFile] = []
    for file in files {
      guard let index = result.firstIndex(where: { $0.source == file.source }) else {
        result.append(file)
        continue
      }
      if let faces = result[index].families, let more = file.families {
        result[index].families = faces + more.filter { !faces.contains($0) }
      } else {
        result[index].families = nil
      }
    }
    return result
  }

  /// The FreeType libraries the faces of these configurations are opened with (two, so that
  /// two threads open faces at once, each with a library of its own, as FreeType asks), and
  /// the faces opened, by file (with its stamp) and index: each is opened once per process,
  /// whatever configurations share it. Behind a lock of their own (``attachFaces`` also runs
  /// with `configs`' lock held, so no two threads open faces at once).
  private static let freeType = Mutex(FreeTypeFaces())

  /// Gives every font of `config` a FreeType face of its own (``lr_config_font_set_face``): the
  /// faces stay open for the process, so cairo never reopens one. Faces not yet open are
  /// opened on two cores (Noto Sans CJK's faces take 0.7 ms each); no other thread opens faces
  /// meanwhile (the lock is held). A font of a file `only` names is kept only if its family is
  /// one of the file's there.
  private static func attachFaces(to config: OpaquePointer, only: [String: Set<String>]) throws {
    let libraries = try freeType.withLock { state throws(PainterError) in
      while state.libraries.count < 2 {
        var made: FT_Library?
        guard FT_Init_FreeType(&made) == 0, let made else {
          throw PainterError.creationFailed("a FreeType library")
        }
        state.libraries.append(Handed(pointer: made))
      }
      return state.libraries
    }
    let known = freeType.withLock { state in Set(state.faces.keys) }
    // Faces of a collection that no family list names (Noto Sans CJK HK and the Mono CJK
    // faces, which draw the same characters as the four named) are left out.
    var fonts: [(index: Int32, path: String, face: Int32, key: String)] = []
    var index: Int32 = 0
    while index < lr_config_font_count(config) {
      defer { index += 1 }
      var file: UnsafePointer<CChar>?
      var faceIndex: Int32 = 0
      guard lr_config_font_file(config, index, &file, &faceIndex) != 0, let file else { continue }
      let path = String(cString: file)
      if let family = lr_config_font_family(config, index).map({ String(cString: $0) }),
        only[path].map({ !$0.contains(family) })
          ?? (family.hasPrefix("Noto Sans") && family.contains("CJK")
            && !FontCatalog.cjkFamilies(language: "").contains(family))
      {
        lr_config_remove_font(config, index)
        index -= 1
        continue
      }
      var info = stat()
      let stamp =
        stat(path, &info) == 0
        ? "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : ""
      fonts.append((index, path, faceIndex, "\(path)\u{0}\(faceIndex)\u{0}\(stamp)"))
    }
    var unopened: [(path: String, face: Int32, key: String)] = []
    for font in fonts
    where !known.contains(font.key) && !unopened.contains(where: { $0.key == font.key }) {
      unopened.append((font.path, font.face, font.key))
    }
    let opened = Mutex<[String: Handed<FT_Face>]>([:])
    let jobs = unopened
    DispatchQueue.concurrentPerform(iterations: jobs.count > 1 ? 2 : 1) { worker in
      for job in stride(from: worker, to: jobs.count, by: 2) {
        var face: FT_Face?
        if FT_New_Face(libraries[worker].pointer, jobs[job].path, FT_Long(jobs[job].face), &face)
          == 0,
          let face
        {
          // A face of colour bitmaps (Noto Color Emoji) gets no grey copy of its glyphs, which
          // cairo makes and never draws (CColorGlyphs).
          lr_color_glyphs_register(UnsafeMutableRawPointer(face))
          opened.withLock { $0[jobs[job].key] = Handed(pointer: face) }
        }
      }
    }
    let newlyOpened = opened.withLock { $0 }
    let faces = freeType.withLock { state in
      state.faces.merge(newlyOpened) { old, _ in old }
      return state.faces
    }
    for font in fonts {
      guard let face = faces[font.key]?.pointer else {
        throw PainterError.unusableFont(path: font.path)
      }
      guard lr_config_font_set_face(config, font.index, face) != 0 else {
        throw PainterError.creationFailed("a font pattern for \(font.path)")
      }
    }
  }
}

/// A FreeType library or face handed to the thread that opens faces with it: each is used by
/// one thread at a time (see `SharedFontConfig.attachFaces`).
private struct Handed<Pointer>: @unchecked Sendable {
  let pointer: Pointer
}

/// FreeType's libraries and the faces opened with them, for the whole process.
private struct FreeTypeFaces: Sendable {
  var libraries: [Handed<FT_Library>] = []
  var faces: [String: Handed<FT_Face>] = [:]
}
