import Foundation

/// Small PNGs written byte by byte (independently of assetc's encoder), 8×8 pixels, solid colours.
public enum PNGSamples {
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    /// A zlib stream of stored (uncompressed) blocks, with its Adler-32.
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + bigEndian(b << 16 | a)
    }

    public static func png(width: Int, height: Int, depth: UInt8, colorType: UInt8, interlace: UInt8 = 0,
                    extra: [UInt8] = [], rows: [UInt8]) -> [UInt8] {
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [depth, colorType, 0, 0, interlace]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + extra
            + chunk("IDAT", zlibStored(rows)) + chunk("IEND", [])
    }

    /// Filter byte 0 before each row of `bytesPerRow` copies of `pixel`.
    public static func solidRows(_ pixel: [UInt8], width: Int, height: Int) -> [UInt8] {
        var rows: [UInt8] = []
        for _ in 0..<height { rows += [0] + Array([[UInt8]](repeating: pixel, count: width).joined()) }
        return rows
    }

    public static let grey16 = png(width: 8, height: 8, depth: 16, colorType: 0, rows: solidRows([0x80, 0x80], width: 8, height: 8))
    public static let palette = png(width: 8, height: 8, depth: 8, colorType: 3,
                             extra: chunk("PLTE", [0, 0, 255, 255, 0, 0]), rows: solidRows([1], width: 8, height: 8))
    public static let greyAlpha = png(width: 8, height: 8, depth: 8, colorType: 4, rows: solidRows([0x40, 0x80], width: 8, height: 8))

    /// 120×120 opaque RGB, Adam7-interlaced: each of the 7 passes is its own set of filtered rows.
    public static let interlaced120: [UInt8] = {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var data: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let columns = (120 - x0 + dx - 1) / dx, rows = (120 - y0 + dy - 1) / dy
            if columns > 0 && rows > 0 { data += solidRows([10, 120, 200], width: columns, height: rows) }
        }
        return png(width: 120, height: 120, depth: 8, colorType: 2, interlace: 1, rows: data)
    }()

    /// A PNG's samples unfiltered at their own depth, and its chunks other than IDAT in order, as
    /// hex text (read by Python's zlib, not by assetc's reader): equal for two files that hold the
    /// same image and metadata, however their image data is filtered and compressed.
    public static func samplesAndChunks(_ png: [UInt8]) throws -> String {
        try python(reading: png, pythonPrelude + """
            channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
            step, stride = max(1, channels * depth // 8), (width * channels * depth + 7) // 8
            out, above = bytearray(), bytearray(stride)
            for y in range(height):
                kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
                for x in range(stride):
                    a = row[x - step] if x >= step else 0
                    b, c = above[x], (above[x - step] if x >= step else 0)
                    p = a + b - c
                    paeth = a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else b if abs(p - b) <= abs(p - c) else c
                    row[x] = (row[x] + [0, a, b, (a + b) // 2, paeth][kind]) & 255
                out += row
                above = row
            print(out.hex())
            print(" ".join(chunks))
            """)
    }

    /// The start of every script given to `python(reading:)` that reads the image data: the file as
    /// `data`; `width`, `height`, `depth`, `colour` from IHDR; `raw`, the IDAT chunks inflated by
    /// zlib (still filtered); `chunks`, every other chunk whole, as hex, in order.
    public static let pythonPrelude = """
        import math, struct, sys, zlib
        data = open(sys.argv[1], "rb").read()
        width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
        offset, idat, chunks = 8, b"", []
        while offset < len(data):
            length = struct.unpack(">I", data[offset:offset + 4])[0]
            if data[offset + 4:offset + 8] == b"IDAT":
                idat += data[offset + 8:offset + 8 + length]
            else:
                chunks.append(data[offset:offset + 12 + length].hex())
            offset += 12 + length
        raw = zlib.decompress(idat)

        """

    /// What a Python script prints about a PNG, given as a file (`sys.argv[1]`, then `arguments`): a
    /// reader independent of assetc's. Throws when the script fails or prints nothing.
    public static func python(reading png: [UInt8], _ script: String, arguments: [String] = []) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-png-\(UUID().uuidString).png")
        try Data(png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, !text.isEmpty else { throw SampleReadFailure(status: process.terminationStatus) }
        return text
    }

    public struct SampleReadFailure: Error { public let status: Int32 }
}
