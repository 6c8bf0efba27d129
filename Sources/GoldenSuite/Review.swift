import FileIO
import Foundation
import GoldenImage
import ImageCodec
import ListModel

/// A review downloaded from a report (`review.json`): the cases a reviewer accepted and
/// rejected, each with the digest of the actual image they saw.
package struct Review: Decodable, Sendable {
  package struct Entry: Decodable, Sendable {
    package var name: String
    package var variant: String?
    package var sha256: String
  }

  package var accept: [Entry]
  package var reject: [Entry]

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
        "not a review (expected {\"accept\": [{\"name\", \"variant\", \"sha256\"}], \"reject\": […]}): \($0)"
      }, fail: bad)
    guard review.accept.count + review.reject.count <= maxEntries else {
      throw bad("more than \(maxEntries) decisions")
    }
    return review
  }
}

/// What `listrender accept` does: the goldens a review accepted, written from the report's
/// actual images — checked, all of them, before any is written.
package struct ReviewAcceptance {
  /// One golden to write: the case, where, and its bytes.
  package struct Golden {
    package var name: String
    package var path: String
    package var bytes: [UInt8]
  }

  /// The goldens `review` accepts from the report in `folder`.
  /// - Throws: ``CommandFailure`` (exit status 2) for a case the report does not hold, an image
  ///   that is not the one reviewed (a newer run replaced it), or a golden outside the report's
  ///   goldens folder; nothing is written then.
  package static func goldens(_ review: Review, report folder: String) throws -> [Golden] {
    let file = try ReportMerge.read(folder)
    func bad(_ why: String) -> CommandFailure {
      CommandFailure("accept: \(why)", status: ExitStatus.badInput)
    }
    guard let goldensFolder = file.goldens else {
      throw bad(
        "\(folder)'s results.json names no goldens folder (a report from an older listrender): run verify again"
      )
    }
    let goldensRoot = canonical(goldensFolder)
    // results.json is a file from a CI job: the folder it names is only written when it is
    // the project's own, beneath the folder accept runs in.
    let here = canonical(FileManager.default.currentDirectoryPath)
    guard goldensRoot.hasPrefix(here + "/") else {
      throw bad(
        "the report's goldens folder \(goldensFolder) is not beneath this folder (\(here)); run accept in the folder verify ran in"
      )
    }
    let imagesRoot = canonical((folder as NSString).appendingPathComponent("images"))
    var byName: [String: CaseRecord] = [:]
    for entry in file.cases { byName[entry.name] = entry }
    var out: [Golden] = []
    var seen = Set<String>()
    for decision in review.accept {
      guard seen.insert(decision.name).inserted else { continue }
      guard let entry = byName[decision.name],
        decision.variant == nil || decision.variant == entry.variant
      else { throw bad("\(decision.name): the report \(folder) holds no such case") }
      guard let src = entry.shown?.images["actual"], entry.outcome != "passed" else {
        throw bad("\(decision.name): the report shows no new image of it to accept")
      }
      // The image is the report's own copy, inside its images folder, read as an image.
      let imagePath = (folder as NSString).appendingPathComponent(src)
      let resolved = canonical(imagePath)
      guard resolved.hasPrefix(imagesRoot + "/") else {
        throw bad("\(decision.name): the report's image \(src) is outside its images folder")
      }
      guard let bytes = try InputFile.readImage(resolved), RasterFormat.of(bytes) != nil else {
        throw bad("\(decision.name): the report's image \(src) cannot be read")
      }
      var hash = SHA256()
      hash.update(bytes)
      guard hash.hex() == decision.sha256.lowercased() else {
        throw bad(
          "\(decision.name): the report's image is not the one reviewed (a newer run replaced it); review it again"
        )
      }
      // The golden goes where the run would record it, inside the goldens folder, as a still.
      let golden = canonical(entry.golden)
      guard golden.hasPrefix(goldensRoot + "/") else {
        throw bad(
          "\(decision.name): its golden \(entry.golden) is outside the goldens folder \(goldensFolder)"
        )
      }
      let pathExtension = (golden as NSString).pathExtension.lowercased()
      guard !golden.hasSuffix(".apng.png"),
        let format = RasterFormat.allCases.first(where: { $0.fileExtension == pathExtension })
      else {
        throw bad("\(decision.name): its golden \(entry.golden) is not a still image golden")
      }
      // The report's actual image carries what the golden keeps (fingerprint, layout); in
      // the golden's own format.
      let goldenBytes =
        RasterFormat.of(bytes) == format
        ? bytes
        : try format.encode(try RasterFormat.decode(bytes), text: RasterFormat.text(in: bytes))
      out.append(Golden(name: decision.name, path: entry.golden, bytes: goldenBytes))
    }
    return out
  }
}
