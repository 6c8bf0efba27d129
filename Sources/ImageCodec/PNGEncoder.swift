import CCodecs
import Dispatch
import Synchronization

/// Rows of an image, handed to the PNG encoder one strip at a time, from several threads at once
/// (each row is asked for by exactly one of them).
public protocol PNGRowSource: Sendable {
  /// Width in pixels.
  var width: Int { get }
  /// Height in pixels.
  var height: Int { get }
  /// Writes row `y` as 8-bit RGB (`alpha` false) or straight RGBA to `destination`.
  func copyRow(_ y: Int, alpha: Bool, into destination: UnsafeMutablePointer<UInt8>)
}

extension Bitmap: PNGRowSource {
  /// See ``PNGRowSource/copyRow(_:alpha:into:)``.
  public func copyRow(_ y: Int, alpha: Bool, into destination: UnsafeMutablePointer<UInt8>) {
    pixels.withUnsafeBufferPointer { source in
      guard let base = source.baseAddress else { return }
      let row = base + y * width * 4
      if alpha {
        destination.update(from: row, count: width * 4)
        return
      }
      for x in 0..<width {
        destination[3 * x] = row[4 * x]
        destination[3 * x + 1] = row[4 * x + 1]
        destination[3 * x + 2] = row[4 * x + 2]
      }
    }
  }
}

/// A PNG encoder that compresses fixed-height strips of rows in parallel, as pigz does: each
/// strip is a raw deflate stream primed with the 32 KiB of data before it and ended on a byte
/// boundary (a sync flush), the strips are concatenated under one zlib header, and their
/// Adler-32s are combined. Strip boundaries depend only on the image, so the bytes are the same
/// whatever the number of threads. Settings are libpng's fast flag's: no row filter, level 3.
enum StripDeflate {
  /// Rows a strip.
  static let stripRows = 128
  /// zlib level (libpng's `PNG_IMAGE_FLAG_FAST`).
  static let level: Int32 = 3
  /// Bytes a deflate window holds: the dictionary each strip is primed with.
  static let window = 32 * 1024

  /// The zlib stream (header, deflate data, Adler-32) of the filtered rows of `source`.
  static func zlibStream(_ source: some PNGRowSource, alpha: Bool, threads: Int) throws -> [UInt8] {
    let rowBytes = 1 + source.width * (alpha ? 4 : 3)
    let strips = max(1, (source.height + stripRows - 1) / stripRows)
    let work = StripWork(count: strips)
    let compress: @Sendable () -> Void = {
      while true {
        let strip = work.next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard strip < strips else { return }
        let result = Result {
          try compressStrip(
            strip, of: source, alpha: alpha, rowBytes: rowBytes, last: strip == strips - 1)
        }
        work.results.withLock { $0[strip] = result }
      }
    }
    let group = DispatchGroup()
    for _ in 1..<max(1, min(threads, strips)) {
      DispatchQueue.global().async(group: group, execute: compress)
    }
    compress()
    group.wait()
    // zlib header: deflate, 32 KiB window, FLEVEL 1 (levels 2 to 5); 0x785E is a multiple of 31.
    var stream: [UInt8] = [0x78, 0x5E]
    var adler = adler32(0, nil, 0)
    let results = work.results.withLock { $0 }
    for result in results {
      guard let result else { throw PNGError(message: "a strip was not compressed") }
      let strip = try result.get()
      stream += strip.bytes
      adler = adler32_combine(adler, strip.adler, off_t(strip.length))
    }
    stream += [
      UInt8(adler >> 24 & 0xFF), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF),
      UInt8(adler & 0xFF),
    ]
    return stream
  }

  /// One strip: its rows (each with filter byte 0) deflated after the preceding window.
  private static func compressStrip(
    _ strip: Int, of source: some PNGRowSource, alpha: Bool, rowBytes: Int, last: Bool
  ) throws -> CompressedStrip {
    let first = strip * stripRows
    let end = min(source.height, first + stripRows)
    // The rows before the strip that fill a window, to prime the dictionary with.
    let primeRows = strip == 0 ? 0 : min(first, (window + rowBytes - 1) / rowBytes)
    var raw = [UInt8](repeating: 0, count: (end - first + primeRows) * rowBytes)
    raw.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for (index, y) in ((first - primeRows)..<end).enumerated() {
        // Byte 0 of each row is its filter type, 0 (none).
        source.copyRow(y, alpha: alpha, into: base + index * rowBytes + 1)
      }
    }
    let primeBytes = primeRows * rowBytes
    let length = raw.count - primeBytes
    var stream = z_stream()
    guard lr_deflate_init_raw(&stream, level) == Z_OK else {
      throw PNGError(message: "zlib could not start a deflate stream")
    }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(length))) + 64)
    var produced = 0
    let adler = try raw.withUnsafeMutableBufferPointer { input -> uLong in
      guard let base = input.baseAddress else { return adler32(0, nil, 0) }
      if primeBytes > 0 {
        let dictionary = min(primeBytes, window)
        guard
          deflateSetDictionary(&stream, base + primeBytes - dictionary, uInt(dictionary)) == Z_OK
        else { throw PNGError(message: "zlib refused a dictionary") }
      }
      stream.next_in = base + primeBytes
      stream.avail_in = uInt(length)
      let status = output.withUnsafeMutableBufferPointer { out -> Int32 in
        stream.next_out = out.baseAddress
        stream.avail_out = uInt(out.count)
        let status = deflate(&stream, last ? Z_FINISH : Z_SYNC_FLUSH)
        produced = out.count - Int(stream.avail_out)
        return status
      }
      guard status == (last ? Z_STREAM_END : Z_OK), stream.avail_in == 0 else {
        throw PNGError(message: "zlib could not compress a strip (status \(status))")
      }
      return adler32(adler32(0, nil, 0), base + primeBytes, uInt(length))
    }
    output.removeSubrange(produced...)
    return CompressedStrip(bytes: output, adler: adler, length: length)
  }
}

/// A strip's deflate data, and the Adler-32 and length of the rows it holds.
struct CompressedStrip: Sendable {
  var bytes: [UInt8]
  var adler: uLong
  var length: Int
}

/// Strips handed out to the threads, and what each made.
final class StripWork: Sendable {
  let next = Atomic<Int>(0)
  let results: Mutex<[Result<CompressedStrip, any Error>?]>

  init(count: Int) { results = Mutex(Array(repeating: nil, count: count)) }
}
