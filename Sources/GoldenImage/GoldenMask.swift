import ImageCodec

/// What a golden image comparison leaves out: regions in device pixels (the union of the
/// masked elements' frames in the golden's layout and this run's), and the elements' names.
package struct GoldenMask: Sendable, Equatable {
  /// A region in device pixels.
  package struct Region: Sendable, Equatable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
      (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
  }

  package var regions: [Region] = []
  /// The masked elements (`sections[0].cells[2] detail`), in this run's layout.
  package var names: [String] = []

  package init(regions: [Region] = [], names: [String] = []) {
    self.regions = regions
    self.names = names
  }

  /// The region of `region` inside a `width` × `height` image; nil when none is.
  private func clipped(_ region: Region, width: Int, height: Int) -> Region? {
    let x0 = max(0, region.x)
    let y0 = max(0, region.y)
    let x1 = min(width, region.x + max(0, region.width))
    let y1 = min(height, region.y + max(0, region.height))
    guard x1 > x0, y1 > y0 else { return nil }
    return Region(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// `actual` with the masked regions' pixels taken from `expected` (unchanged when the two
  /// differ in size, or nothing is masked).
  package func applied(to actual: Bitmap, from expected: Bitmap) -> Bitmap {
    guard !regions.isEmpty, actual.width == expected.width, actual.height == expected.height
    else { return actual }
    var out = actual
    for region in regions {
      guard let r = clipped(region, width: actual.width, height: actual.height) else { continue }
      for y in r.y..<(r.y + r.height) {
        let start = (y * actual.width + r.x) * 4
        let end = start + r.width * 4
        out.pixels.replaceSubrange(start..<end, with: expected.pixels[start..<end])
      }
    }
    return out
  }

  /// `diff` with the masked regions hatched: grey diagonal stripes, 8 px apart.
  package func hatched(_ diff: Bitmap) -> Bitmap {
    var out = diff
    for region in regions {
      guard let r = clipped(region, width: diff.width, height: diff.height) else { continue }
      for y in r.y..<(r.y + r.height) {
        for x in r.x..<(r.x + r.width) where (x + y) % 8 < 2 {
          out[x, y] = (r: 150, g: 150, b: 150, a: 255)
        }
      }
    }
    return out
  }
}
