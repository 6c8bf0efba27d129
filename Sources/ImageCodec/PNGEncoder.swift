import CCodecs
import CFastPNG
import Dispatch
import Foundation
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
  /// The encoder will not ask for rows `0..<rows` again (a source may free them).
  func rowsConsumed(below rows: Int)
}

extension PNGRowSource {
  /// Keeps every row (the default).
  public func rowsConsumed(below rows: Int) {}
}

/// A source whose rows are made into memory used again for later rows (a ring of bands): the
/// producer may go on only once the encoder is done with the rows the next ones will replace.
package protocol ReusingRowSource: PNGRowSource {
  /// Once rows `0..<ready` are ready, how many rows from the first the encoder must be done
  /// with (reported through ``rowsConsumed(below:)``) before the producer makes more: at most
  /// ``PNGStripTrail/consumable(afterReady:height:)``.
  func rowsToConsume(afterReady ready: Int) -> Int
}

/// How the encoder trails a producer of rows, for a source that reuses their memory: it
/// compresses strips of `stripRows`, reads `primeRows` rows before a strip besides its own,
/// and holds at most `slackRows` rows beyond those it is done with while the producer waits
/// for none.
package struct PNGStripTrail: Sendable, Equatable {
  /// Rows a strip.
  package let stripRows: Int
  /// Rows before a strip that coding it reads (the row above; a deflate window for compact).
  package let primeRows: Int
  /// Rows painted but not yet let go that the encoder may hold without making the producer
  /// wait: the strips that may wait for a thread, one a thread in progress, and one more.
  package let slackRows: Int

  /// The trail of encoding rows `width` pixels wide on `threads` threads; `slackRows`, when
  /// given, replaces the rows held without waiting (tests make the painter wait more often).
  package init(
    width: Int, alpha: Bool, compression: PNGCompression, threads: Int, slackRows: Int? = nil
  ) {
    let rowBytes = 1 + width * (alpha ? 4 : 3)
    stripRows = StripDeflate.stripRows
    primeRows = compression == .fast ? 1 : StripDeflate.primeRows(rowBytes)
    self.slackRows =
      slackRows ?? (StripDeflate.backlogStrips + max(1, threads) + 1) * stripRows + primeRows
  }

  /// The most rows from the first the encoder can be done with once rows `0..<ready` of an
  /// image `height` rows tall are ready (every strip they complete is compressed).
  package func consumable(afterReady ready: Int, height: Int) -> Int {
    ready >= height ? height : max(0, ready / stripRows * stripRows - primeRows)
  }
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

/// How a PNG's rows are compressed: for speed (what `render` and `animate` write) or for size
/// (what goldens keep, where a repository holds every byte). Both decode to the same pixels,
/// and each gives the same bytes on any number of threads.
public enum PNGCompression: String, Sendable, Equatable, CaseIterable {
  /// Each row gets the cheapest of the PNG filters, and each strip of rows is coded with
  /// Huffman codes made from its own bytes, literals and runs only (fpnge's way): several
  /// hundred megapixels a second on one core, files about 1.9 times the compact size.
  case fast
  /// No row filter, and each strip of rows deflated with matches found where a list's pixels
  /// repeat: the byte, the pixel and the 24 bytes before, the same pixel one and two rows up,
  /// and the last place whose next four bytes hashed alike, within a 32 KiB window. Smaller
  /// files than zlib's level 3 (libpng's fast flag) at a third of its time.
  case compact
}

/// A PNG encoder that compresses fixed-height strips of rows in parallel, as pigz does: each
/// strip is a raw deflate stream ended on a byte boundary (a sync flush), the strips are
/// concatenated under one zlib header, and their Adler-32s are combined. Strip boundaries
/// depend only on the image, so the bytes are the same whatever the number of threads.
/// Compact strips are primed with the 32 KiB of data before them; fast strips need only the
/// row above (see ``PNGCompression``).
enum StripDeflate {
  /// Rows a strip.
  static let stripRows = 128
  /// Bytes a deflate window holds: how far back a compact strip's matches may reach, so the
  /// rows before a strip it is given (`lr_lz_strip`'s own limit).
  static let window = lr_lz_window()

  /// Painted strips that may wait for a compressing thread before the painting thread
  /// compresses one itself (so at most a few strips of rows are resident at once).
  static let backlogStrips = 4

  /// The zlib stream (header, deflate data, Adler-32) of the filtered rows of `source`, in
  /// pieces as they were made (the header, each strip, the checksum: joined, they are the
  /// stream; ``appendIDAT(_:to:)`` writes them into the file without joining them first). With
  /// `produce`, the calling thread first runs it: it makes the rows and reports how many are
  /// ready, while the other threads compress each strip once its rows are; when too many
  /// strips wait, the calling thread compresses one before going on. Then it compresses too.
  static func zlibStream(
    _ source: some PNGRowSource, alpha: Bool, threads: Int, compression: PNGCompression,
    produce: ((_ ready: (Int) -> Void) throws -> Void)? = nil
  ) throws -> [[UInt8]] {
    let rowBytes = 1 + source.width * (alpha ? 4 : 3)
    let trail = PNGStripTrail(
      width: source.width, alpha: alpha, compression: compression, threads: threads)
    let primeRowCount = trail.primeRows
    let strips = max(1, (source.height + stripRows - 1) / stripRows)
    let work = StripWork(count: strips)
    let progress = produce == nil ? nil : RowProgress()
    // A source that reuses the memory of rows made while encoding, and how many rows from the
    // first every strip is done with.
    let reusing = produce == nil ? nil : source as? any ReusingRowSource
    let consumed = reusing == nil ? nil : RowProgress()
    /// Compresses the next strip, if any is left. With `readyRows` (the thread that makes the
    /// rows), only a strip whose rows are all ready is taken: that thread must never wait for
    /// rows it has yet to make (another thread may take the strip it checked for in between).
    @Sendable func compressNext(_ buffers: inout StripBuffers, readyRows: Int? = nil) -> Bool {
      var strip = work.next.load(ordering: .relaxed)
      if let readyRows {
        while true {
          guard strip < strips, min(source.height, (strip + 1) * stripRows) <= readyRows else {
            return false
          }
          let (exchanged, original) = work.next.compareExchange(
            expected: strip, desired: strip + 1, ordering: .relaxed)
          if exchanged { break }
          strip = original
        }
      } else {
        strip = work.next.wrappingAdd(1, ordering: .relaxed).oldValue
      }
      guard strip < strips else { return false }
      progress?.wait(forRows: min(source.height, (strip + 1) * stripRows))
      let result = Result {
        switch compression {
        case .compact:
          try compressStrip(
            strip, of: source, alpha: alpha, rowBytes: rowBytes, last: strip == strips - 1,
            buffers: &buffers)
        case .fast:
          try codeStrip(
            strip, of: source, alpha: alpha, rowBytes: rowBytes, last: strip == strips - 1,
            buffers: &buffers)
        }
      }
      // Rows every later strip is done with (neither compressed again nor a dictionary) can
      // be let go by the source.
      let done = work.complete(strip)
      if done > 0 {
        let below = done == strips ? source.height : done * stripRows - primeRowCount
        source.rowsConsumed(below: below)
        consumed?.advance(to: below)
      }
      work.results.withLock { $0[strip] = result }
      return true
    }
    // Each thread reuses one raw and one output buffer for all its strips (never zero-filled:
    // every byte used is written first).
    let newBuffers: @Sendable () -> StripBuffers = {
      StripBuffers(rowBytes: rowBytes, rows: stripRows + primeRowCount, compression: compression)
    }
    let compress: @Sendable () -> Void = {
      var buffers = newBuffers()
      defer { buffers.deallocate() }
      while compressNext(&buffers) {}
    }
    let group = DispatchGroup()
    for _ in 1..<max(1, min(threads, strips)) {
      DispatchQueue.global().async(group: group, execute: compress)
    }
    if let produce, let progress {
      var buffers: StripBuffers?
      defer { buffers?.deallocate() }
      /// Compresses a strip whose rows are all ready on this thread, if one is left.
      func compressReady(_ rows: Int) -> Bool {
        var own = buffers ?? newBuffers()
        let compressed = compressNext(&own, readyRows: rows)
        buffers = own
        return compressed
      }
      do {
        try produce { rows in
          progress.advance(to: rows)
          while min(rows, source.height) / stripRows
            - work.next.load(ordering: .relaxed) > backlogStrips
          {
            if !compressReady(rows) { break }
          }
          // Rows whose memory the next ones reuse: compressed here, or waited for (a strip
          // whose rows are all ready and that this thread cannot take is being compressed by
          // a running thread, which needs nothing more from this one).
          guard let reusing, let consumed else { return }
          let needed = min(
            reusing.rowsToConsume(afterReady: rows),
            trail.consumable(afterReady: rows, height: source.height))
          while consumed.rows < needed {
            if !compressReady(rows) { consumed.wait(forRows: needed) }
          }
        }
      } catch {
        // Release the waiting threads; what they compress is thrown away.
        progress.finish()
        group.wait()
        throw error
      }
      progress.finish()
    }
    compress()
    group.wait()
    // zlib header: deflate, 32 KiB window, FLEVEL 1 (a fast matcher) or 0 (no matcher: runs
    // only); 0x785E and 0x7801 are multiples of 31.
    var pieces: [[UInt8]] = [[0x78, compression == .fast ? 0x01 : 0x5E]]
    var adler = adler32(0, nil, 0)
    // Taken out of the shared state, so that each strip's bytes are held once (and can be let
    // go as the file is assembled).
    let results = work.results.withLock { results in
      defer { results = [] }
      return results
    }
    pieces.reserveCapacity(results.count + 2)
    for result in results {
      guard let result else { throw PNGError(message: "a strip was not compressed") }
      let strip = try result.get()
      pieces.append(strip.bytes)
      adler = adler32_combine(adler, strip.adler, off_t(strip.length))
    }
    pieces.append([
      UInt8(adler >> 24 & 0xFF), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF),
      UInt8(adler & 0xFF),
    ])
    return pieces
  }

  /// Rows before a strip that fill a deflate window.
  static func primeRows(_ rowBytes: Int) -> Int { (window + rowBytes - 1) / rowBytes }

  /// One strip: its rows (each with filter byte 0) deflated by `lr_lz_strip`, whose matches
  /// may reach into the window of rows before it.
  private static func compressStrip(
    _ strip: Int, of source: some PNGRowSource, alpha: Bool, rowBytes: Int, last: Bool,
    buffers: inout StripBuffers
  ) throws -> CompressedStrip {
    let (first, end) = bounds(of: strip, height: source.height)
    // The rows before the strip that fill a window, which its matches may reach into.
    let prime = strip == 0 ? 0 : min(first, primeRows(rowBytes))
    let raw = buffers.raw
    copyRows((first - prime)..<end, of: source, alpha: alpha, rowBytes: rowBytes, into: raw)
    let primeBytes = prime * rowBytes
    let length = (end - first) * rowBytes
    buffers.reserveOutput(lr_lz_bound(length))
    let produced = lr_lz_strip(
      raw, primeBytes, length, rowBytes, alpha ? 4 : 3, last ? 1 : 0, buffers.head,
      buffers.matchTokens, buffers.output)
    return buffers.strip(produced: produced, rows: raw + primeBytes, length: length)
  }

  /// Rows `first..<end` of strip `strip` of an image `height` rows tall.
  private static func bounds(of strip: Int, height: Int) -> (first: Int, end: Int) {
    let first = strip * stripRows
    return (first, min(height, first + stripRows))
  }

  /// Rows `rows` of `source` into `raw`, one a `rowBytes` slot from slot `slot` on: each row
  /// after its slot's first byte, which takes its filter type (0, none, until a filter is
  /// chosen).
  private static func copyRows(
    _ rows: Range<Int>, of source: some PNGRowSource, alpha: Bool, rowBytes: Int,
    into raw: UnsafeMutablePointer<UInt8>, fromSlot slot: Int = 0
  ) {
    for (index, y) in rows.enumerated() {
      let line = raw + (slot + index) * rowBytes
      line[0] = 0
      source.copyRow(y, alpha: alpha, into: line + 1)
    }
  }

  /// One strip coded the fast way: its rows filtered and Huffman coded by `lr_fpng_strip`,
  /// after the row above it.
  private static func codeStrip(
    _ strip: Int, of source: some PNGRowSource, alpha: Bool, rowBytes: Int, last: Bool,
    buffers: inout StripBuffers
  ) throws -> CompressedStrip {
    let (first, end) = bounds(of: strip, height: source.height)
    let raw = buffers.raw
    // Slot 0 of the buffer is the row above the strip (zeros above the image's first row); the
    // strip's rows follow, as the compact strips lay them out.
    if strip == 0 {
      raw.initialize(repeating: 0, count: rowBytes)
      copyRows(first..<end, of: source, alpha: alpha, rowBytes: rowBytes, into: raw, fromSlot: 1)
    } else {
      copyRows((first - 1)..<end, of: source, alpha: alpha, rowBytes: rowBytes, into: raw)
    }
    let rows = end - first
    let length = rows * rowBytes
    buffers.reserveOutput(lr_fpng_bound(rowBytes - 1, rows))
    // The strip's rows are filtered where they are: after the call they are the stream's bytes.
    let produced = lr_fpng_strip(
      raw + rowBytes, raw + 1, rowBytes - 1, rows, alpha ? 4 : 3, last ? 1 : 0, buffers.tokens,
      buffers.output)
    guard produced > 0 else { throw PNGError(message: "out of memory coding a strip") }
    return buffers.strip(produced: produced, rows: raw + rowBytes, length: length)
  }
}

/// One thread's working memory: the raw rows of a strip (with its priming rows), the
/// compressed output, and for fast strips the tokens of the filtered rows, allocated once (the
/// output grown when needed).
struct StripBuffers {
  let raw: UnsafeMutablePointer<UInt8>
  private(set) var output: UnsafeMutablePointer<UInt8>
  private(set) var outputCapacity: Int
  /// A strip's literals and runs (fast strips).
  let tokens: UnsafeMutablePointer<UInt16>
  /// A strip's literals and matches (compact strips), and the hash table that finds them.
  let matchTokens: UnsafeMutablePointer<UInt32>
  let head: UnsafeMutablePointer<UInt32>

  init(rowBytes: Int, rows: Int, compression: PNGCompression) {
    raw = .allocate(capacity: rowBytes * rows)
    outputCapacity = rowBytes * rows / 2
    output = .allocate(capacity: outputCapacity)
    // Room for a token a byte; only the pages a strip's tokens reach are touched.
    let fast = compression == .fast
    tokens = .allocate(capacity: fast ? rowBytes * StripDeflate.stripRows : 1)
    matchTokens = .allocate(capacity: fast ? 1 : rowBytes * StripDeflate.stripRows)
    head = .allocate(capacity: fast ? 1 : lr_lz_hash_entries())
  }

  /// The strip just coded: `produced` bytes of output, and the Adler-32 of the `length` bytes
  /// of filtered rows at `rows` it holds.
  func strip(produced: Int, rows: UnsafePointer<UInt8>, length: Int) -> CompressedStrip {
    CompressedStrip(
      bytes: Array(UnsafeBufferPointer(start: output, count: produced)),
      adler: uLong(libdeflate_adler32(1, rows, length)), length: length)
  }

  mutating func reserveOutput(_ count: Int) {
    guard count > outputCapacity else { return }
    output.deallocate()
    output = .allocate(capacity: count)
    outputCapacity = count
  }

  func deallocate() {
    raw.deallocate()
    output.deallocate()
    tokens.deallocate()
    matchTokens.deallocate()
    head.deallocate()
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
  /// Which strips are compressed, and how many from the first are, without a gap.
  private let completed: Mutex<(done: [Bool], prefix: Int)>

  init(count: Int) {
    results = Mutex(Array(repeating: nil, count: count))
    completed = Mutex((Array(repeating: false, count: count), 0))
  }

  /// Marks `strip` compressed; returns how many strips from the first are.
  func complete(_ strip: Int) -> Int {
    completed.withLock { state in
      state.done[strip] = true
      while state.prefix < state.done.count, state.done[state.prefix] { state.prefix += 1 }
      return state.prefix
    }
  }
}

/// How many rows of an image are ready, for an encoder that compresses strips while later rows
/// are still being made.
final class RowProgress: Sendable {
  private let ready = Atomic<Int>(0)
  private let condition = NSCondition()

  /// Rows `0..<rows` are ready (a smaller count than before changes nothing).
  func advance(to rows: Int) {
    condition.lock()
    if rows > ready.load(ordering: .relaxed) { ready.store(rows, ordering: .releasing) }
    condition.broadcast()
    condition.unlock()
  }

  /// How many rows are ready.
  var rows: Int { ready.load(ordering: .acquiring) }

  /// Every row is ready (or will never be: the encoder stops waiting).
  func finish() { advance(to: .max) }

  /// Waits until rows `0..<rows` are ready.
  func wait(forRows rows: Int) {
    guard ready.load(ordering: .acquiring) < rows else { return }
    condition.lock()
    while ready.load(ordering: .acquiring) < rows { condition.wait() }
    condition.unlock()
  }
}
