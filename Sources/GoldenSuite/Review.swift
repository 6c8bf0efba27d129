import FileIO
import Foundation
import GoldenImage
import ImageCodec
import ListModel

/// A review downloaded from a report (`review.json`): who made it, when, on which run, and the
/// cases accepted and rejected, each with the digest of the actual image the reviewer saw and
/// an optional reason.
package struct Review: Decodable, Sendable {
  package struct Entry: Decodable, Sendable {
    package var name: String
    package var variant: String?
    package var sha256: String
    package var reason: String?
  }

  /// The report's run the review was made on.
  package struct Run: Decodable, Sendable {
    package var time: String?
    package var results: String?
  }

  package var accept: [Entry]
  package var reject: [Entry]
  package var reviewer: String?
  package var time: String?
  package var run: Run?

  enum CodingKeys: String, CodingKey {
    case accept, reject, reviewer, time, run
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    accept = try container.decodeIfPresent([Entry].self, forKey: .accept) ?? []
    reject = try container.decodeIfPresent([Entry].self, forKey: .reject) ?? []
    reviewer = try container.decodeIfPresent(String.self, forKey: .reviewer)
    time = try container.decodeIfPresent(String.self, forKey: .time)
    run = try container.decodeIfPresent(Run.self, forKey: .run)
  }

  /// The most bytes of a review file, and the most entries it holds.
  package static let maxBytes = 16 << 20
  package static let maxEntries = 100_000

  /// The review at `path`, read as an untrusted file.
  /// - Throws: ``CommandFailure`` (exit status 2) naming the file and what is wrong.
  package static func read(_ path: String) throws -> Review {
    func bad(_ why: String) -> CommandFailure {
      CommandFailure("\(path): \(why)", status: ExitStatus.badInput)
    }
    let review = try readJSONFile(
      Review.self, at: path, maxBytes: maxBytes, missing: "there is no such file",
      unreadable: { "\($0)" },
      undecodable: {
        "not a review (expected {\"accept\": [{\"name\", \"variant\", \"sha256\"}], \"reject\": […]}): \(describe($0))"
      }, fail: bad)
    guard review.accept.count + review.reject.count <= maxEntries else {
      throw bad("more than \(maxEntries) decisions")
    }
    let accepted = Set(review.accept.map { "\($0.name)\u{0}\($0.variant ?? "")" })
    if let both = review.reject.first(where: {
      accepted.contains("\($0.name)\u{0}\($0.variant ?? "")")
    }) {
      throw bad("\(both.name) is both accepted and rejected; decide it once")
    }
    return review
  }

  /// A decoding error as a sentence: what was expected and where, not Swift's description.
  static func describe(_ error: Error) -> String {
    func at(_ path: [any CodingKey]) -> String {
      let text = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return text.isEmpty ? "the top" : String(text.drop(while: { $0 == "." }))
    }
    switch error as? DecodingError {
    case .keyNotFound(let key, let context)?:
      return "\(at(context.codingPath + [key])) is missing"
    case .typeMismatch(let type, let context)?:
      return "\(at(context.codingPath)) is not \(type == String.self ? "a string" : "\(type)")"
    case .valueNotFound(_, let context)?:
      return "\(at(context.codingPath)) is null"
    case .dataCorrupted(let context)?:
      return context.codingPath.isEmpty
        ? "not JSON" : "\(at(context.codingPath)): \(context.debugDescription)"
    default:
      return "\(error)"
    }
  }
}

/// What `listrender accept` does: the goldens a review accepted, written from the report's
/// actual images — checked, all of them, before any is written.
package struct ReviewAcceptance {
  /// One golden to write: the case, where (absolute, inside the suite's goldens folder), and
  /// its bytes.
  package struct Golden {
    package var name: String
    package var path: String
    package var bytes: [UInt8]
    package var reason: String?
  }

  /// The suite's goldens folder as the report names it: its absolute path when that folder is
  /// there, else the path from the report folder (a report moved with its project). Never the
  /// folder accept runs in.
  static func goldensFolder(_ file: ResultsFile, report folder: String) -> String? {
    func isFolder(_ path: String) -> Bool {
      var status = stat()
      return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
    if let absolute = file.goldensPath, absolute.hasPrefix("/"), isFolder(absolute) {
      return absolute
    }
    if let relative = file.goldensFromReport, !relative.hasPrefix("/") {
      let path = URL(fileURLWithPath: canonical(folder)).appendingPathComponent(relative)
        .standardizedFileURL.path
      if isFolder(path) { return path }
    }
    return nil
  }

  /// The first part of `relative` beneath `root` (the root included) that is a link, or nil.
  static func link(in root: String, _ relative: String) -> String? {
    var path = root
    var status = stat()
    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { return path }
    for part in relative.split(separator: "/") {
      path = (path as NSString).appendingPathComponent(String(part))
      if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { return path }
    }
    return nil
  }

  /// The goldens `review` accepts from the report in `folder`.
  /// - Throws: ``CommandFailure`` (exit status 2) naming every case that cannot be accepted —
  ///   one the report does not hold, an image that is not the one reviewed (a newer run
  ///   replaced it), a golden outside the suite's goldens folder or reached through a link, a
  ///   goldens folder that does not hold the golden the report compared against — and saying
  ///   that nothing was written.
  package static func goldens(_ review: Review, report folder: String) throws -> [Golden] {
    let file = try ReportMerge.read(folder, command: "accept")
    var problems: [String] = []
    func refuse(_ problems: [String]) -> CommandFailure {
      CommandFailure(
        "accept: nothing was written:\n"
          + problems.map { "  " + terminalSafe($0) }.joined(separator: "\n"),
        status: ExitStatus.badInput)
    }
    guard let named = file.goldens, file.goldensPath != nil || file.goldensFromReport != nil
    else {
      throw refuse([
        "\(folder)'s results.json names no goldens folder (a report from an older listrender): run verify again"
      ])
    }
    guard let root = goldensFolder(file, report: folder) else {
      throw refuse([
        "the report's goldens folder is not there (\(file.goldensPath ?? "no absolute path"); from the report: \(file.goldensFromReport ?? "none"))"
      ])
    }
    let imagesRoot = canonical((folder as NSString).appendingPathComponent("images"))
    var byName: [String: CaseRecord] = [:]
    for entry in file.cases { byName[entry.name + "\u{0}" + entry.variant] = entry }
    var out: [Golden] = []
    var seen = Set<String>()
    for decision in review.accept {
      let entry =
        byName[decision.name + "\u{0}" + (decision.variant ?? "")]
        ?? (decision.variant == nil
          ? file.cases.first(where: { $0.name == decision.name }) : nil)
      guard let entry else {
        problems.append("\(decision.name): the report \(folder) holds no such case")
        continue
      }
      guard seen.insert(entry.name + "\u{0}" + entry.variant).inserted else { continue }
      guard entry.outcome == "failed" || entry.outcome == "missing",
        let src = entry.shown?.images["actual"]
      else {
        problems.append("\(decision.name): the report shows no new image of it to accept")
        continue
      }
      // The image is the report's own copy, inside its images folder, read as an image.
      let imagePath = (folder as NSString).appendingPathComponent(src)
      let resolved = canonical(imagePath)
      guard resolved.hasPrefix(imagesRoot + "/"),
        let bytes = try? InputFile.readImage(
          String(resolved.dropFirst(imagesRoot.count + 1)), beneath: imagesRoot,
          maxBytes: InputFile.maxImageBytes),
        RasterFormat.of(bytes) != nil
      else {
        problems.append("\(decision.name): the report's image \(src) cannot be read")
        continue
      }
      var hash = SHA256()
      hash.update(bytes)
      guard hash.hex() == decision.sha256.lowercased() else {
        problems.append(
          "\(decision.name): the report's image is not the one reviewed (a newer run replaced it); review it again"
        )
        continue
      }
      // The golden, as a path inside the goldens folder the run named.
      let prefix = named.hasSuffix("/") ? named : named + "/"
      guard entry.golden.hasPrefix(prefix) else {
        problems.append(
          "\(decision.name): its golden \(entry.golden) is outside the goldens folder \(named)")
        continue
      }
      let relative = String(entry.golden.dropFirst(prefix.count))
      let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
      guard !relative.isEmpty, parts.count <= 16,
        parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") })
      else {
        problems.append(
          "\(decision.name): its golden \(entry.golden) is outside the goldens folder \(named)")
        continue
      }
      let pathExtension = (relative as NSString).pathExtension.lowercased()
      if pathExtension == GoldenManifest.pathExtension {
        problems.append(
          "\(decision.name): its golden \(entry.golden) is a manifest (its image in a store): record it with listrender record --store, which writes both"
        )
        continue
      }
      guard !relative.hasSuffix(".apng.png"),
        let format = RasterFormat.allCases.first(where: { $0.fileExtension == pathExtension })
      else {
        problems.append("\(decision.name): its golden \(entry.golden) is not a still image golden")
        continue
      }
      let target = (root as NSString).appendingPathComponent(relative)
      if let link = link(in: root, relative) {
        problems.append(
          "\(decision.name): \(link) is a link; accept writes no golden through a link")
        continue
      }
      // The goldens folder holds the golden the report compared against (a new case: none).
      var status = stat()
      let exists = lstat(target, &status) == 0
      if entry.outcome == "missing" {
        if exists {
          problems.append(
            "\(decision.name): \(target) is there now, though the report had no golden for it; run verify again"
          )
          continue
        }
      } else {
        guard exists, status.st_mode & S_IFMT == S_IFREG else {
          problems.append(
            "\(decision.name): the goldens folder \(root) does not hold its golden \(relative) (the report compared against one)"
          )
          continue
        }
        guard let expectedSource = entry.shown?.images["expected"],
          let expectedBytes = try? InputFile.readImage(
            expectedSource, beneath: canonical(folder), maxBytes: InputFile.maxImageBytes),
          let expected = try? RasterFormat.decode(expectedBytes),
          let goldenBytes = try? InputFile.readImage(
            relative, beneath: root, maxBytes: InputFile.maxImageBytes),
          let golden = try? RasterFormat.decode(goldenBytes)
        else {
          problems.append(
            "\(decision.name): \(target) cannot be checked against the golden the report compared (not an image there)"
          )
          continue
        }
        guard golden == expected else {
          problems.append(
            "\(decision.name): \(target) is not the golden the report compared against (it changed since, or the report names another folder)"
          )
          continue
        }
      }
      // The report's actual image carries what the golden keeps (fingerprint, layout); in
      // the golden's own format.
      do {
        let goldenBytes =
          RasterFormat.of(bytes) == format
          ? bytes
          : try format.encode(try RasterFormat.decode(bytes), text: RasterFormat.text(in: bytes))
        out.append(
          Golden(name: decision.name, path: target, bytes: goldenBytes, reason: decision.reason))
      } catch {
        problems.append("\(decision.name): the report's image \(src) cannot be read: \(error)")
      }
    }
    guard problems.isEmpty else { throw refuse(problems) }
    return out
  }
}

extension ReviewAcceptance {
  /// `listrender accept`: writes every golden `review` accepted from `report`'s images (all of
  /// them or none), or with `dryRun` says what it would write; tells each on the terminal.
  /// - Throws: ``CommandFailure`` (exit 2) naming every case that cannot be accepted.
  package static func accept(review: String, report: String, dryRun: Bool) throws {
    let decisions = try Review.read(review)
    let goldens = try goldens(decisions, report: report)
    var who = "review"
    if let reviewer = decisions.reviewer, !reviewer.isEmpty { who += " by \(reviewer)" }
    if let time = decisions.time { who += " at \(time)" }
    if let run = decisions.run?.time { who += ", made on the run of \(run)" }
    Terminal.error(terminalSafe(who, lineBreaks: false) + "\n")
    let here = canonical(FileManager.default.currentDirectoryPath)
    func shown(_ path: String) -> String {
      path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }
    func line(_ verb: String, _ golden: Golden) -> String {
      terminalSafe(
        "\(verb) \(golden.name): \(shown(golden.path))"
          + (golden.reason.map { " (\($0))" } ?? ""), lineBreaks: false) + "\n"
    }
    let plural = { (count: Int) in count == 1 ? "" : "s" }
    if dryRun {
      for golden in goldens { Terminal.out(line("would accept", golden)) }
      Terminal.error(
        "\(goldens.count) golden\(plural(goldens.count)) would be written; nothing was written (--dry-run)\n"
      )
      return
    }
    // All of them or none: each to a temporary, renamed once every one is whole.
    let staged = StagedOutputs()
    do {
      for golden in goldens {
        guard case .file = OutputTarget(golden.path) else {
          throw CommandFailure(
            "accept: nothing was written: \(golden.name): its golden \(golden.path) leads to a device or a pipe",
            status: ExitStatus.badInput)
        }
        try FileManager.default.createDirectory(
          atPath: parentPath(golden.path).isEmpty ? "." : parentPath(golden.path),
          withIntermediateDirectories: true)
        try staged.add(golden.bytes, to: golden.path)
      }
      try staged.commit()
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure.wrapping(error)
    }
    for golden in goldens { Terminal.out(line("accepted", golden)) }
    for entry in decisions.reject {
      Terminal.error(
        terminalSafe(
          "rejected \(entry.name)" + (entry.reason.map { " (\($0))" } ?? ""), lineBreaks: false)
          + "\n")
    }
    Terminal.error(
      "\(goldens.count) golden\(plural(goldens.count)) written; \(decisions.reject.count) rejected left as they are\n"
    )
  }
}
