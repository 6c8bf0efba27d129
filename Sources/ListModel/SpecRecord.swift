import FileIO
import Foundation
import Yams

/// What a spec resolved to, in the spec's own terms: every key's value by its path
/// (`canvas.appearance`, `sections[0].inset.top`), the canvas with its defaults filled in, and
/// each section's rows with their identities (a row's `id`, else its title), so that two
/// records can be compared row by row however rows moved. File paths are kept by file name
/// (a record says the same on every machine). Goldens keep it to explain a failure from its
/// input first.
package struct SpecRecord: Codable, Equatable, Sendable {
  /// One row: its identity and its keys (paths relative to the row: `title`, `control.switch`).
  package struct Row: Codable, Equatable, Sendable {
    package var identity: String
    package var fields: [String: String]
  }

  /// One section: its own keys (relative: `inset.top`, `header.title`) and its rows.
  package struct SectionRecord: Codable, Equatable, Sendable {
    package var fields: [String: String]
    package var rows: [Row]
  }

  /// Every key outside the sections (`canvas.*`, `fonts[0]`, `animation.*`, …).
  package var fields: [String: String]
  package var sections: [SectionRecord]
}

extension ListDocument {
  /// The document's ``SpecRecord``.
  package func specRecord() -> SpecRecord {
    let writer = SpecWriter()
    // The spec's folder, which the reader resolved the files it names against.
    let folder = [marks.canvas, marks.sections].compactMap { $0?.file }.first.map(parentPath) ?? ""
    var fields: [String: String] = [:]
    for key in CanvasKey.allCases {
      let path = "canvas." + key.rawValue
      switch key {
      case .theme:
        // Name and skin always; the font and colour overrides when given.
        fields[path + ".name"] = canvas.theme.rawValue
        fields[path + ".skin"] = canvas.skin.rawValue
        if let font = canvas.font { fields[path + ".font"] = font }
        if let tokens = canvas.tokens { fields[path + ".tokens"] = lastPathPart(tokens.file) }
        for (name, color) in canvas.colors {
          fields[path + ".colors." + name.rawValue] = "\(color)"
        }
      case .width: fields[path] = SpecWriter.numberText(canvas.width)
      case .scale: fields[path] = SpecWriter.numberText(canvas.scale)
      case .appearance: fields[path] = canvas.appearance.rawValue
      // A locale's language and direction follow from it: the locale says the change.
      case .language:
        fields[path] =
          canvas.locale != nil && !canvas.given.language ? "the locale's" : canvas.language
      case .direction:
        fields[path] =
          canvas.locale != nil && !canvas.given.direction
          ? "the locale's" : canvas.direction.rawValue
      case .contentSize: fields[path] = canvas.contentSize.rawValue
      case .contentOffset: fields[path] = SpecWriter.numberText(canvas.contentOffset)
      case .stickyHeaders: fields[path] = canvas.stickyHeaders ? "true" : "false"
      case .ripple: fields[path] = canvas.ripple.rawValue
      case .locale: fields[path] = canvas.locale ?? "none"
      case .background: fields[path] = canvas.background.map { "\($0)" } ?? "the theme's"
      case .height: fields[path] = canvas.height.map(SpecWriter.numberText) ?? "the content's"
      case .shadow: fields[path] = canvas.shadow?.rawValue ?? "the style's"
      case .safeArea:
        for (side, value) in [
          ("top", canvas.safeArea.top), ("leading", canvas.safeArea.leading),
          ("bottom", canvas.safeArea.bottom), ("trailing", canvas.safeArea.trailing),
        ] {
          fields[path + "." + side] = SpecWriter.numberText(value)
        }
      }
    }
    var sections: [SpecRecord.SectionRecord] = []
    if case .mapping(let document) = writer.document(self) {
      for (key, value) in document {
        guard let name = key.string, name != "canvas" else { continue }
        guard name == "sections" else {
          SpecRecord.flatten(value, name, beside: folder, into: &fields)
          continue
        }
        guard case .sequence(let nodes) = value else { continue }
        for (index, node) in nodes.enumerated() where index < self.sections.count {
          // A section's keys at their defaults, then as given.
          var own = [
            "inset.top": "0", "inset.leading": "0", "inset.bottom": "0", "inset.trailing": "0",
            "lineSpacing": "0", "interitemSpacing": "0", "columns": "1",
          ]
          var rows: [SpecRecord.Row] = []
          if case .mapping(let section) = node {
            for (key, value) in section {
              guard let name = key.string else { continue }
              guard name == "cells", case .sequence(let cells) = value else {
                SpecRecord.flatten(value, name, beside: folder, into: &own)
                continue
              }
              for (row, cell) in cells.enumerated() where row < self.sections[index].cells.count {
                var cellFields: [String: String] = [:]
                SpecRecord.flatten(cell, "", beside: folder, into: &cellFields)
                rows.append(
                  SpecRecord.Row(
                    identity: self.sections[index].cells[row].identity, fields: cellFields))
              }
            }
          }
          sections.append(SpecRecord.SectionRecord(fields: own, rows: rows))
        }
      }
    }
    return SpecRecord(fields: fields, sections: sections)
  }
}

extension SpecRecord {
  /// `node`'s scalars by path beneath `prefix` (`a.b`, `a[0]`). A file the spec names, which
  /// the reader resolved against the spec's `folder`, as the spec wrote it (`../assets/a.svg`,
  /// however the spec's own path was given: relative, absolute, from another folder); another
  /// absolute path as its file name.
  static func flatten(
    _ node: Node, _ prefix: String, beside folder: String, into fields: inout [String: String]
  ) {
    func join(_ key: String) -> String { prefix.isEmpty ? key : prefix + "." + key }
    switch node {
    case .mapping(let mapping):
      for (key, value) in mapping {
        flatten(value, join(key.string ?? "?"), beside: folder, into: &fields)
      }
    case .sequence(let sequence):
      for (index, value) in sequence.enumerated() {
        flatten(value, prefix + "[\(index)]", beside: folder, into: &fields)
      }
    case .scalar(let scalar):
      let text = scalar.string
      fields[prefix] =
        !folder.isEmpty && text.hasPrefix(folder + "/")
        ? String(text.dropFirst(folder.count + 1))
        : text.hasPrefix("/") ? lastPathPart(text) : text
    case .alias:
      break
    }
  }
}
