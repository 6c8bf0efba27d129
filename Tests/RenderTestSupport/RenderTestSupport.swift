import Foundation
import GoldenImage
import ListRender
@_exported import TestSupport

// What tests above the layout share: laying out with the real renderer, reading a tree, the
// project's strict golden check. `TestSupport` (files, processes, sample documents) needs no
// renderer, so the model's and the layout's tests link only the module they test.

/// Decodes inline YAML and lays it out with real Pango measurement.
package func layout(_ yaml: String) throws -> LayoutTree {
  try ListRenderer().layout(try ListDocument.decode(yaml: yaml))
}

extension LayoutTree {
  /// The elements of one role, in order.
  package func elements(_ role: LayoutElement.Role) -> [LayoutElement] {
    elements.filter { $0.role == role }
  }
}

extension LayoutElement {
  /// The text block of a text element.
  package var textBlock: TextBlock? {
    if case .text(let block) = content { return block }
    return nil
  }
}

/// The project's own golden check: strict (threshold 0, anti-aliased pixels counted), since the
/// goldens were recorded with these very libraries; artifacts under `.build/golden-artifacts`.
package func strictGoldenCheck(_ renderer: ListRenderer) -> GoldenCheck {
  var policy = GoldenPolicy()
  policy.options = .exact
  return GoldenCheck(
    artifactsFolder: Paths.root.appendingPathComponent(".build/golden-artifacts").path,
    policy: policy, fingerprint: renderer.fingerprint())
}

/// libthai's two line-breaking entry points as this process binds them (`dlsym`, as libthai's
/// own functions reach them): TIS-620 text, and wide characters.
package struct LibthaiBreaking {
  package typealias Narrow =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UnsafeMutablePointer<Int32>?, Int
    ) -> Int32
  package typealias Wide =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafePointer<wchar_t>?, UnsafeMutablePointer<Int32>?, Int
    ) -> Int32

  /// `th_brk_find_breaks`.
  package let narrow: Narrow
  /// `th_brk_wc_find_breaks`.
  package let wide: Wide

  /// Nil when the process has neither function.
  package init?() {
    guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
    defer { dlclose(handle) }
    guard let narrow = dlsym(handle, "th_brk_find_breaks"),
      let wide = dlsym(handle, "th_brk_wc_find_breaks")
    else { return nil }
    self.narrow = unsafeBitCast(narrow, to: Narrow.self)
    self.wide = unsafeBitCast(wide, to: Wide.self)
  }
}
