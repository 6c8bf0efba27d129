import CCodecs
import Foundation

/// Long text packed small for an image's metadata (a golden's layout): zlib-deflated, then
/// base64, so that it fits a PNG `tEXt` chunk and a WebP `XMP ` entry alike. Unpacking is bounded:
/// a crafted entry cannot make it allocate more than it allows.
package enum PackedText {
  /// `text` deflated at zlib's best compression, as base64.
  package static func pack(_ text: String) -> String {
    let input = Array(text.utf8)
    var size = compressBound(uLong(input.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    let status = input.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        compress2(
          target.baseAddress, &size, source.baseAddress, uLong(source.count), Z_BEST_COMPRESSION)
      }
    }
    guard status == Z_OK else { return "" }
    return Data(output.prefix(Int(size))).base64EncodedString()
  }

  /// The text `packed` holds, or nil when it is not base64 of zlib data, inflates to more than
  /// `maxBytes`, or is not UTF-8.
  package static func unpack(_ packed: String, maxBytes: Int) -> String? {
    guard packed.utf8.count <= maxBytes * 2, let data = Data(base64Encoded: packed) else {
      return nil
    }
    let input = [UInt8](data)
    var stream = z_stream()
    guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      return nil
    }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var status = Z_OK
    input.withUnsafeBufferPointer { source in
      stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
      stream.avail_in = uInt(source.count)
      while status == Z_OK {
        chunk.withUnsafeMutableBufferPointer { buffer in
          stream.next_out = buffer.baseAddress
          stream.avail_out = uInt(buffer.count)
          status = inflate(&stream, Z_NO_FLUSH)
        }
        let produced = chunk.count - Int(stream.avail_out)
        guard output.count + produced <= maxBytes else {
          status = Z_MEM_ERROR
          break
        }
        output += chunk[..<produced]
        // No progress with input left: the data is cut short.
        if status == Z_OK, produced == 0, stream.avail_in == 0 { status = Z_DATA_ERROR }
      }
    }
    guard status == Z_STREAM_END else { return nil }
    return String(validating: output, as: UTF8.self)
  }
}
