import Foundation
import Synchronization

/// Pixel buffers given back during a run of many images (a suite's cases), filled again by the
/// next image of about the same size instead of freshly allocated.
///
/// Without it, every case of a suite allocates its render's pixels, its golden's and the
/// golden's inflated rows, frees them, and glibc hands the pages back to the kernel, which
/// faults them in again, zeroed, for the next case: about 255 page faults a case, a fifth of a
/// real suite's CPU. Reused, the same memory stays mapped. Nothing is kept between runs: the
/// pool exists only inside ``reusing(_:)``, and holds at most ``maxArrays`` buffers of at most
/// ``maxBytes`` in all; outside it, ``filled(count:_:)`` allocates and ``recycle(_:)`` does
/// nothing.
///
/// Reuse is safe under copy-on-write: a recycled array still referenced elsewhere is copied,
/// not written, when it is filled again.
package enum PixelMemory {
  /// Buffers kept at most.
  static let maxArrays = 8
  /// Bytes kept at most, in all.
  static let maxBytes = 64 << 20
  /// Smaller buffers are not worth keeping (malloc reuses them without faults).
  static let minBytes = 64 << 10

  private struct Pool {
    var arrays: [[UInt8]] = []
    var bytes: Int { arrays.reduce(0) { $0 + $1.capacity } }
  }

  /// nil outside ``reusing(_:)``; the depth counts nested runs.
  private static let state = Mutex<(pool: Pool, depth: Int)>((Pool(), 0))

  /// Who may start a run: any thread, or only the one inside ``alone(_:)``.
  private final class Gate: @unchecked Sendable {
    let condition = NSCondition()
    /// Runs in progress (by the thread that started each), the thread inside ``alone(_:)``
    /// and how many wait to be: all read and written with `condition` locked.
    var running: [ObjectIdentifier: Int] = [:]
    var owner: ObjectIdentifier?
    var waiting = 0

    /// Whether `thread` may start a run now: it is the one alone, or already runs one (a run
    /// nested in it), or nobody is or waits to be alone.
    func admits(_ thread: ObjectIdentifier) -> Bool {
      if let owner { return owner == thread }
      return running[thread] != nil || waiting == 0
    }
  }
  private static let gate = Gate()

  /// `body` run while no other thread runs with reused buffers: it waits for the runs in
  /// progress to end, and runs that others start meanwhile wait for it. Runs overlapping in one
  /// process share the pool (each image still gets its own pixels), so what a run keeps is
  /// only its own when it is alone, as a test that counts the pool needs it to be.
  package static func alone<T>(_ body: () throws -> T) rethrows -> T {
    let me = ObjectIdentifier(Thread.current)
    gate.condition.lock()
    gate.waiting += 1
    while !gate.running.isEmpty || gate.owner != nil { gate.condition.wait() }
    gate.waiting -= 1
    gate.owner = me
    gate.condition.unlock()
    defer {
      gate.condition.lock()
      gate.owner = nil
      gate.condition.broadcast()
      gate.condition.unlock()
    }
    return try body()
  }

  /// `body` run with buffers reused from one image to the next; all are freed at the end.
  package static func reusing<T>(_ body: () throws -> T) rethrows -> T {
    let me = ObjectIdentifier(Thread.current)
    gate.condition.lock()
    while !gate.admits(me) { gate.condition.wait() }
    gate.running[me, default: 0] += 1
    gate.condition.unlock()
    defer {
      gate.condition.lock()
      gate.running[me] = gate.running[me] == 1 ? nil : gate.running[me].map { $0 - 1 }
      gate.condition.broadcast()
      gate.condition.unlock()
    }
    state.withLock { $0.depth += 1 }
    defer {
      // Freed outside the lock.
      let dropped = state.withLock { state -> [[UInt8]] in
        state.depth -= 1
        guard state.depth == 0 else { return [] }
        defer { state.pool.arrays = [] }
        return state.pool.arrays
      }
      _ = dropped
    }
    return try body()
  }

  /// Buffers kept now (for tests).
  package static var keptCount: Int { state.withLock { $0.pool.arrays.count } }

  /// An array of `count` bytes, every one written by `fill`, which says whether it succeeded
  /// (nil when it did not). Inside ``reusing(_:)`` it is a buffer given back earlier when one
  /// is large enough; `fill` must then write every byte, as it finds what was there before.
  package static func filled(
    count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Bool
  ) -> [UInt8]? {
    if var reused = take(count) {
      let succeeded = reused.withUnsafeMutableBufferPointer { fill($0) }
      guard succeeded else {
        recycle(reused)
        return nil
      }
      return reused
    }
    var succeeded = false
    let array = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      succeeded = fill(buffer)
      initialized = succeeded ? count : 0
    }
    return succeeded ? array : nil
  }

  /// `body` given a scratch buffer of `count` bytes (their values unspecified), given back
  /// after.
  package static func withScratch<T>(
    count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> T
  ) rethrows -> T {
    if var scratch = take(count) ?? (isReusing ? [UInt8](repeating: 0, count: count) : nil) {
      defer { recycle(scratch) }
      return try scratch.withUnsafeMutableBufferPointer { try body($0) }
    }
    let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
    defer { scratch.deallocate() }
    return try body(scratch)
  }

  /// Whether buffers are being kept (inside ``reusing(_:)``).
  private static var isReusing: Bool { state.withLock { $0.depth > 0 } }

  /// `array`'s buffer kept for a later ``filled(count:_:)`` or ``withScratch(count:_:)``
  /// (inside ``reusing(_:)``; otherwise it is simply released).
  package static func recycle(_ array: [UInt8]) {
    guard array.capacity >= minBytes, array.capacity <= maxBytes else { return }
    let dropped = state.withLock { state -> [UInt8]? in
      guard state.depth > 0 else { return nil }
      state.pool.arrays.append(array)
      // The oldest go first when the pool is over its limits.
      if state.pool.arrays.count > maxArrays || state.pool.bytes > maxBytes {
        return state.pool.arrays.removeFirst()
      }
      return nil
    }
    _ = dropped  // released here, outside the lock
  }

  /// The kept buffer that best fits `count` bytes (the smallest large enough), resized to
  /// `count` without touching its bytes, or nil. When none is large enough, the largest that is
  /// not is let go: the image it served has grown, and keeping it would only add to the peak.
  private static func take(_ count: Int) -> [UInt8]? {
    guard count >= minBytes else { return nil }
    let (taken, dropped) = state.withLock { state -> ([UInt8]?, [UInt8]?) in
      guard state.depth > 0 else { return (nil, nil) }
      let arrays = state.pool.arrays
      if let best = arrays.indices.filter({ arrays[$0].capacity >= count })
        .min(by: { arrays[$0].capacity < arrays[$1].capacity })
      {
        return (state.pool.arrays.remove(at: best), nil)
      }
      if let largest = arrays.indices.max(by: { arrays[$0].capacity < arrays[$1].capacity }) {
        return (nil, state.pool.arrays.remove(at: largest))
      }
      return (nil, nil)
    }
    _ = dropped
    guard var array = taken else { return nil }
    if array.count > count {
      array.removeLast(array.count - count)
    } else if array.count < count {
      array.append(contentsOf: repeatElement(0, count: count - array.count))
    }
    return array
  }
}
