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
