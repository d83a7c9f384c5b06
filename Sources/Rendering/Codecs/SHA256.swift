import CNettle

/// SHA-256 as lowercase hex: the digest behind cache keys, the state's records, the car's key and
/// the reuse checks. Nettle's, which uses the CPU's SHA instructions where there are any: at 2,000
/// catalog sets, hashing was 13% of the actool mode's one-change rebuild with GLib's (about 350
/// MB/s here against nettle's 1.6 GB/s; docs/performance.md).
public func sha256Hex(_ bytes: [UInt8]) -> String {
    var context = sha256_ctx()
    nettle_sha256_init(&context)
    bytes.withUnsafeBufferPointer { buffer in
        nettle_sha256_update(&context, buffer.count, buffer.baseAddress)
    }
    var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
    digest.withUnsafeMutableBufferPointer { nettle_sha256_digest(&context, $0.count, $0.baseAddress) }
    let hex = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(2 * digest.count)
    for byte in digest {
        text.append(hex[Int(byte >> 4)])
        text.append(hex[Int(byte & 15)])
    }
    return String(decoding: text, as: UTF8.self)
}
