import AssetModel

/// Writes `Assets.car`: a BOM store holding CARHEADER, RENDITIONS, FACETKEYS, APPEARANCEKEYS (and
/// LOCALIZATIONKEYS when a rendition is localized), KEYFORMAT, EXTENDED_METADATA and BITMAPKEYS, laid out as Xcode 26's actool lays them out for iOS
/// (docs/assets-car.md says which values come from which reference and what is unverified).
///
/// Pixels are stored as premultiplied BGRA in LZFSE streams (`LZFSEStream`: bvx2, LZVN or raw, the smallest);
/// deterministic: no timestamps, no UUID, sorted trees.
public enum CompiledCatalogWriter {
    /// The storage format of every actool generation assetc writes as (14.3 to 27.0); CoreUI's
    /// version is the generation's (`XcodeGeneration`).
    static let storageVersion: UInt32 = 17
    /// Rows per compressed chunk are chosen so a chunk holds at most this many bytes.
    static let chunkBytes = 1 << 20

    /// The car's bytes, and the cache key of each rendition in the order the file holds them
    /// ("" for renditions made anew every time: colours, multisize records, copies).
    public struct Written: Sendable {
        public var bytes: [UInt8]
        public var parts: [String]
    }

    /// The most a rendition may hold: CoreUI's CSI header has 32-bit lengths, and actool's own
    /// renditions stay far below 2 GiB.
    public static let maximumRenditionBytes = Int(Int32.max)
    /// BOM offsets are 32-bit: the whole file must stay under 4 GiB.
    public static let maximumFileBytes = Int(UInt32.max)
    /// A tree is one leaf or an internal node over leaves (`BOMStore.addTree`); an internal node
    /// holds as many children as a leaf holds entries. RENDITIONS' 4096-byte blocks give 510 × 510
    /// renditions; BITMAPKEYS' 1024-byte blocks, 126 × 126 names.
    public static let maximumRenditions = BOMStore.entriesPerLeaf(blockSize: 4096) * BOMStore.entriesPerLeaf(blockSize: 4096)
    /// Localizations are numbered in 16 bits, 0 meaning every language.
    public static let maximumLocalizations = Int(UInt16.max)
    public static let maximumNames = BOMStore.entriesPerLeaf(blockSize: bitmapKeysBlockSize) * BOMStore.entriesPerLeaf(blockSize: bitmapKeysBlockSize)
    /// BITMAPKEYS' blocks are 1024 bytes in actool's files; the other trees', 4096.
    static let bitmapKeysBlockSize = 1024

    public static func write(_ catalog: CompiledCatalog) throws(CompiledCatalogError) -> [UInt8] {
        try writeWithParts(catalog).bytes
    }

    /// A rendition's bytes (CSI header, TLVs, payload) for an asset of `kind`; refused past
    /// `maximumRenditionBytes`.
    public static func encode(_ rendition: CompiledCatalog.Rendition, kind: CompiledCatalog.Asset.Kind) throws(CompiledCatalogError) -> [UInt8] {
        try checkRenditionLength(max(rendition.rgba.count, 2 * (rendition.extendedRGBA?.count ?? 0)), name: rendition.fileName)
        let bytes: [UInt8]
        switch rendition.embedded {
        case .jpeg(let file)?: bytes = jpegRendition(rendition, file, flags: imageFlags(rendition))
        case .pdf(let file)?: bytes = pdfRendition(rendition, file)
        case .svg(let file)?: bytes = svgRendition(rendition, file)
        case .data(let file, let typeIdentifier)?: bytes = dataRendition(rendition, file, typeIdentifier: typeIdentifier)
        case .symbolGlyph(let glyph)?: bytes = symbolRendition(rendition, glyph)
        case nil:
            // A tinted icon is grey (`GA8`), as actool stores it; the system tints it.
            bytes = kind == .appIcon ? try bitmapRendition(rendition, flags: 0, allowGrey: rendition.appearance == .tintable)
                : try bitmapRendition(rendition, flags: imageFlags(rendition), allowGrey: true)
        }
        try checkRenditionLength(bytes.count, name: rendition.fileName)
        return bytes
    }

    static func checkRenditionLength(_ count: Int, name: String) throws(CompiledCatalogError) {
        guard count <= maximumRenditionBytes else {
            throw CompiledCatalogError("\(name): a rendition of \(count) bytes is more than Assets.car holds (\(maximumRenditionBytes) bytes: 32-bit lengths)")
        }
    }

    /// A made rendition with another scale in its header (the subtype-1792 copy of an icon).
    static func withScale(_ csi: [UInt8], _ scale: Int) -> [UInt8] {
        guard csi.count >= 24 else { return csi }
        var copy = csi
        copy.replaceSubrange(20..<24, with: LittleEndian.u32(scale * 100))
        return copy
    }

    /// An icon set's multisize records are one per idiom and subtype.
    struct MultisizeRecordKey: Hashable {
        var idiom: RenditionIdiom
        var subtype: UInt16
    }

    static func key(_ attributes: [RenditionAttribute: UInt16], _ format: [RenditionAttribute]) -> [UInt8] {
        format.flatMap { LittleEndian.u16(attributes[$0] ?? 0) }
    }

    /// CARHEADER: 436 bytes, little-endian.
    static func header(renditionCount: Int, keySemantics: UInt32 = ApplePlatform.iOS.keySemantics,
                       coreUI: XcodeGeneration.CoreUIVersion = XcodeGeneration.default.iOS) -> [UInt8] {
        var bytes = Array("RATC".utf8) + LittleEndian.u32(coreUI.number) + LittleEndian.u32(storageVersion)
        bytes += LittleEndian.u32(0)  // storage timestamp: none, for identical bytes
        bytes += LittleEndian.u32(renditionCount)
        bytes += LittleEndian.string(coreUI.mainVersion, size: 128)
        bytes += LittleEndian.string("assetc \(AssetcVersion.current)", size: 256)
        bytes += [UInt8](repeating: 0, count: 16)  // UUID: zero, as Xcode 26 writes it
        bytes += LittleEndian.u32(0)  // associated checksum
        bytes += LittleEndian.u32(2)  // schema version
        bytes += LittleEndian.u32(1)  // colour space: sRGB
        bytes += LittleEndian.u32(keySemantics)  // 2 in iOS cars, 1 in macOS cars
        return bytes
    }

    /// EXTENDED_METADATA: `META` and four 256-byte strings.
    static func extendedMetadata(deploymentTarget: String, platform: ApplePlatform = .iOS) -> [UInt8] {
        Array("META".utf8) + LittleEndian.string("", size: 256) + LittleEndian.string(deploymentTarget, size: 256)
            + LittleEndian.string(platform.carName, size: 256) + LittleEndian.string("assetc \(AssetcVersion.current)", size: 256)
    }

    /// A BITMAPKEYS value: which values each key attribute takes among the asset's renditions, one
    /// bit per value; appearance, identifier, element and part are always all ones, as actool writes.
    static func bitmapKeyValue(_ keys: [[RenditionAttribute: UInt16]], _ format: [RenditionAttribute]) -> [UInt8] {
        var bytes = LittleEndian.u32(1) + LittleEndian.u32(0) + LittleEndian.u32(4 + 4 * format.count) + LittleEndian.u32(format.count)
        for attribute in format {
            switch attribute {
            case .appearance, .identifier, .element, .part:
                bytes += LittleEndian.u32(0xFFFF_FFFF)
            default:
                let mask = keys.reduce(UInt32(0)) { mask, key in
                    let value = key[attribute] ?? 0
                    if attribute == .subtype, value == IconSubtype.tallCopy { return mask | (1 << IconSubtype.tallCopyMaskBit) }
                    // Localization is two bits, not one per value: bit 0 for renditions of every
                    // language, bit 1 for localized ones, whatever their number (CoreUI's
                    // CUINamedRenditionInfo maps the value to value != 0). Without bit 1 every
                    // localized lookup stops at BITMAPKEYS and falls back to localization 0.
                    if attribute == .localization { return mask | (value == 0 ? 1 : 2) }
                    return value < 32 ? mask | (1 << UInt32(value)) : mask
                }
                bytes += LittleEndian.u32(mask)
            }
        }
        return bytes
    }

    /// A layout-12 bitmap rendition: the 184-byte CSI header, the five TLVs actool writes, and the
    /// pixels in `KCBC` chunks of LZFSE streams: premultiplied BGRA, or, for an image set whose
    /// every pixel is grey (R = G = B, whatever the PNG's colour type), `GA8` as actool stores it —
    /// two bytes a pixel, grey premultiplied, pixel format bytes ` 8AG`, colour-space word 2 (byte
    /// for byte YPImagePicker's actool output; app icons stay BGRA, as actool keeps them).
    static func bitmapRendition(_ rendition: CompiledCatalog.Rendition, flags: UInt32, allowGrey: Bool) throws(CompiledCatalogError) -> [UInt8] {
        if let extended = rendition.extendedRGBA { return try wideGamutRendition(rendition, extended, flags: flags) }
        var width = rendition.width, height = rendition.height
        guard width > 0, height > 0, rendition.rgba.count == width * height * 4 else {
            throw CompiledCatalogError("\(rendition.fileName): the pixels do not match \(width)x\(height)")
        }
        // A sliced image is stored cut down to its caps and one centre part (Slices.swift).
        var rgba = rendition.rgba
        var layout: UInt16 = 12
        var rects = [(0, 0, width, height)]
        if let slicing = rendition.slicing, let sliced = SlicedBitmap(width: width, height: height, rgba: rgba, slicing: slicing) {
            (width, height, rgba, layout, rects) = (sliced.width, sliced.height, sliced.rgba, sliced.layout, sliced.rects)
        }
        let grey = allowGrey && PremultipliedGrey.isGrey(rgba)
        let bytesPerRow = width * (grey ? 2 : 4)
        let tlvs = slicesTLV(rects) + metricsTLV(width: width, height: height, alignment: rendition.alignment) + opacityTLVs(1)
            + tlv(1007, LittleEndian.u32(bytesPerRow))

        let pixels = grey ? PremultipliedGrey.convert(rgba) : PremultipliedBGRA.convert(rgba)
        let payload = chunkedLZFSE(pixels, bytesPerRow: bytesPerRow, height: height,
                                   rowsPerChunk: max(1, min(height, chunkBytes / bytesPerRow)), thorough: rendition.thorough)
        return csiHeader(flags: flags, width: width, height: height, scale: rendition.scale, pixelFormat: grey ? " 8AG" : "BGRA",
                         colorSpace: grey ? 2 : 1, layout: layout, name: rendition.fileName, tlvLength: tlvs.count, payloadLength: payload.count)
            + tlvs + payload
    }

    /// A bitmap's payload as actool writes it: `MLEC` version 3, compression 4 (LZFSE), then the
    /// rows `rowsPerChunk` at a time, each chunk a `KCBC` header and one LZFSE stream.
    /// A texture's pixels are `MLEC` version 1 (rebelancap/dusklight-ios's visionOS car).
    static func chunkedLZFSE(_ pixels: [UInt8], bytesPerRow: Int, height: Int, rowsPerChunk: Int, thorough: Bool, version: UInt32 = 3) -> [UInt8] {
        let chunkCount = (height + rowsPerChunk - 1) / rowsPerChunk
        var payload = Array("MLEC".utf8) + LittleEndian.u32(version) + LittleEndian.u32(4) + LittleEndian.u32(UInt32(chunkCount))
        for first in stride(from: 0, to: height, by: rowsPerChunk) {
            let rows = min(rowsPerChunk, height - first)
            let stream = LZFSEStream.wrap(Array(pixels[(first * bytesPerRow)..<((first + rows) * bytesPerRow)]), thorough: thorough)
            payload += Array("KCBC".utf8) + LittleEndian.u32(0) + LittleEndian.u32(0) + LittleEndian.u32(UInt32(rows))
            payload += LittleEndian.u32(UInt32(stream.count)) + stream
        }
        return payload
    }

    /// A wide-gamut bitmap as actool stores the display-gamut P3 rendition beside a PNG's sRGB
    /// one (real iOS cars of CoreUI 802 and a macOS car of CoreUI 969, docs/assets-car.md): layout
    /// 12, pixel format bytes `WBGR` (`RGBW`), colour-space word 4 (extended-range sRGB), 8 bytes a
    /// pixel — red, green, blue, alpha as little-endian half floats, premultiplied — in the same
    /// `KCBC` chunks of LZFSE streams and with the same TLVs as a BGRA bitmap. Not sliced: the
    /// caller keeps sliced images in sRGB alone.
    static func wideGamutRendition(_ rendition: CompiledCatalog.Rendition, _ extended: [Float], flags: UInt32) throws(CompiledCatalogError) -> [UInt8] {
        let width = rendition.width, height = rendition.height
        guard width > 0, height > 0, extended.count == width * height * 4, rendition.slicing == nil else {
            throw CompiledCatalogError("\(rendition.fileName): the wide-gamut pixels do not match \(width)x\(height)")
        }
        guard extended.allSatisfy({ $0.isFinite && abs($0) <= HalfFloat.maximum }) else {
            throw CompiledCatalogError("\(rendition.fileName): a wide-gamut value is not finite or beyond what a half float holds")
        }
        let bytesPerRow = width * 8
        let tlvs = slicesTLV([(0, 0, width, height)]) + metricsTLV(width: width, height: height, alignment: rendition.alignment) + opacityTLVs(1)
            + tlv(1007, LittleEndian.u32(bytesPerRow))
        var pixels = [UInt8](repeating: 0, count: width * height * 8)
        for pixel in 0..<(width * height) {
            let alpha = min(max(extended[4 * pixel + 3], 0), 1)
            for channel in 0..<4 {
                let value = channel == 3 ? alpha : extended[4 * pixel + channel] * alpha
                let bits = HalfFloat.bits(value)
                pixels[8 * pixel + 2 * channel] = UInt8(bits & 0xFF)
                pixels[8 * pixel + 2 * channel + 1] = UInt8(bits >> 8)
            }
        }
        let payload = chunkedLZFSE(pixels, bytesPerRow: bytesPerRow, height: height,
                                   rowsPerChunk: max(1, min(height, chunkBytes / bytesPerRow)), thorough: rendition.thorough)
        return csiHeader(flags: flags, width: width, height: height, scale: rendition.scale, pixelFormat: "WBGR",
                         colorSpace: 4, layout: 12, name: rendition.fileName, tlvLength: tlvs.count, payloadLength: payload.count)
            + tlvs + payload
    }

    /// A JPEG slot as actool stores it (an Xcode 14.2 car): layout 12, pixel format bytes `GEPJ`,
    /// colour-space word 0, width and height 0 in the header and only in TLVs 1001 and 1003, no
    /// bytes-per-row TLV, and the file verbatim in a `DWAR` payload (version 0: not compressed).
    static func jpegRendition(_ rendition: CompiledCatalog.Rendition, _ file: [UInt8], flags: UInt32) -> [UInt8] {
        let tlvs = sizeTLVs(width: rendition.width, height: rendition.height) + opacityTLVs(1)
        let payload = rawData(file)
        return csiHeader(flags: flags, width: 0, height: 0, scale: rendition.scale, pixelFormat: "GEPJ", colorSpace: 0, layout: 12,
                         name: rendition.fileName, tlvLength: tlvs.count, payloadLength: payload.count) + tlvs + payload
    }

    /// A PDF kept as a vector beside its bitmaps, as actool stores it (microbit's Xcode 10.1 and
    /// 13.0 cars): layout 9, pixel format bytes ` FDP`, flags 0x04 only (no rendering-intent bit,
    /// even for a template), width, height and scale 0, TLVs 1004 (opacity 1) and 1006, and the PDF
    /// in a `DWAR` payload. actool stores the PDF as CoreGraphics re-wrote it; assetc stores the
    /// source file (docs/assets-car.md).
    static func pdfRendition(_ rendition: CompiledCatalog.Rendition, _ file: [UInt8]) -> [UInt8] {
        let tlvs = opacityTLVs(1)
        let payload = rawData(file)
        return csiHeader(flags: 0x04, width: 0, height: 0, scale: 0, pixelFormat: " FDP", colorSpace: 1, layout: 9,
                         name: rendition.fileName, tlvLength: tlvs.count, payloadLength: payload.count) + tlvs + payload
    }

    /// An SVG kept as a vector beside its bitmaps, as actool stores it (iOS cars of Xcode 13.4.1 to
    /// 26.0, docs/assets-car.md): as a PDF's but for pixel format bytes ` GVS` and colour-space word
    /// 0, and the file LZFSE-compressed in the `DWAR` payload (version 1), as actool writes all but
    /// the odd tiny file. The source SVG is stored as it is; CoreUI draws it with CoreSVG from iOS 13.
    static func svgRendition(_ rendition: CompiledCatalog.Rendition, _ file: [UInt8]) -> [UInt8] {
        let tlvs = opacityTLVs(1)
        let compressed = LZFSEStream.wrap(file, thorough: rendition.thorough)
        let payload = Array("DWAR".utf8) + LittleEndian.u32(1) + LittleEndian.u32(compressed.count) + compressed
        return csiHeader(flags: 0x04, width: 0, height: 0, scale: 0, pixelFormat: " GVS", colorSpace: 0, layout: 9,
                         name: rendition.fileName, tlvLength: tlvs.count, payloadLength: payload.count) + tlvs + payload
    }

    /// A data set's file as actool stores it (Timac's dump of an Xcode 10 car, assetutil's sizes of
    /// Xcode 9.4 and 10 cars; docs/assets-car.md): layout 1000, pixel format bytes `ATAD`, flags 0,
    /// width and height 0, key and header scale 1; TLVs 1004 (opacity 1), 1005 with the type
    /// identifier when the set gives one (its length with the terminating NUL, 0, the string, NUL)
    /// and 1006; the name field `CoreStructuredImage` with a type, else the file's name; the file
    /// verbatim in a `DWAR` payload.
    static func dataRendition(_ rendition: CompiledCatalog.Rendition, _ file: [UInt8], typeIdentifier: String?) -> [UInt8] {
        var tlvs = tlv(1004, LittleEndian.u32(0) + LittleEndian.u32(Float(1).bitPattern))
        if let typeIdentifier {
            let text = Array(typeIdentifier.utf8) + [0]
            tlvs += tlv(1005, LittleEndian.u32(text.count) + LittleEndian.u32(0) + text)
        }
        tlvs += tlv(1006, LittleEndian.u32(1))
        let payload = rawData(file)
        return csiHeader(flags: 0, width: 0, height: 0, scale: 1, pixelFormat: "ATAD", colorSpace: 1, layout: 1000,
                         name: typeIdentifier == nil ? rendition.fileName : "CoreStructuredImage", tlvLength: tlvs.count,
                         payloadLength: payload.count) + tlvs + payload
    }

    /// A custom symbol's glyph as actool stores it (a macOS 13 app's car and an iOS 15 framework's,
    /// docs/assets-car.md): layout 1017, pixel format bytes ` GVS`, flags 0x04, width and height 0,
    /// header scale 1; TLVs 1004 (opacity 1), 1006, 1018 (the glyph's metrics) and 1019 (its
    /// rendering modes); the glyph's SVG LZFSE-compressed in a `DWAR` payload (version 1).
    static func symbolRendition(_ rendition: CompiledCatalog.Rendition, _ glyph: SymbolGlyph) -> [UInt8] {
        let metrics = glyph.metrics
        var tlvs = opacityTLVs(1)
        var body = LittleEndian.u32(metrics.flags) + LittleEndian.u32(metrics.referencePointSize)
        for value in [metrics.depth, metrics.capHeight, metrics.templateVersion, metrics.left, metrics.bottom, metrics.right, metrics.top] {
            body += LittleEndian.u32(value.bitPattern)
        }
        tlvs += tlv(1018, body + LittleEndian.u32(0))
        tlvs += tlv(1019, LittleEndian.u32(1) + LittleEndian.u32(metrics.preferredRenderingMode) + LittleEndian.u32(metrics.renderingModes))
        let compressed = LZFSEStream.wrap(glyph.svg)
        let payload = Array("DWAR".utf8) + LittleEndian.u32(1) + LittleEndian.u32(compressed.count) + compressed
        return csiHeader(flags: 0x04, width: 0, height: 0, scale: 1, pixelFormat: " GVS", colorSpace: 0, layout: 1017,
                         name: rendition.fileName, tlvLength: tlvs.count, payloadLength: payload.count) + tlvs + payload
    }

    /// `DWAR`, version 0 (stored), the length, the bytes.
    static func rawData(_ bytes: [UInt8]) -> [UInt8] {
        Array("DWAR".utf8) + LittleEndian.u32(0) + LittleEndian.u32(bytes.count) + bytes
    }

    /// An image set's rendition flags as actool sets them (acextract's Xcode 7.3 cars, microbit's
    /// Xcode 10.1 and 13.0 cars): 0x10 for a set without `template-rendering-intent`, 0x08 for
    /// `template`, none for `original`; 0x04 on bitmaps drawn from a PDF.
    static func imageFlags(_ rendition: CompiledCatalog.Rendition) -> UInt32 {
        var flags: UInt32 = rendition.isFromVector ? 0x04 : 0
        switch rendition.renderingIntent {
        case .automatic: flags |= 0x10
        case .template: flags |= 0x08
        case .original: break
        }
        return flags
    }

    /// A colour (part 217, layout 1009): no pixels, TLVs 1004 (opacity 0) and 1006, and an `RLOC`
    /// body — version 1, the colour space, the component count, the components as doubles. A
    /// system-colour reference sets the colour type (bits 8–10 of the word holding the space) to 1
    /// and follows the components with a second `RLOC` block — version 1, the name's length, its
    /// UTF-8 bytes — as CoreUI's own writer does (docs/assets-car.md); the components stay, as the
    /// colour used where the name does not resolve.
    static func colorRendition(name: String, _ color: CompiledCatalog.ColorRendition) throws(CompiledCatalogError) -> [UInt8] {
        guard color.components.count == color.space.componentCount, color.components.allSatisfy(\.isFinite) else {
            throw CompiledCatalogError("\(name): a colour needs \(color.space.componentCount) finite components")
        }
        let tlvs = opacityTLVs(0)
        let colorType: UInt32 = color.systemColorName == nil ? 0 : 1 << 8
        var payload = Array("RLOC".utf8) + LittleEndian.u32(1) + LittleEndian.u32(color.space.rawValue | colorType)
            + LittleEndian.u32(color.components.count)
        for component in color.components { payload += LittleEndian.u64(component.bitPattern) }
        if let systemName = color.systemColorName {
            let bytes = Array(systemName.utf8)
            guard !bytes.isEmpty, bytes.count < 1 << 16 else { throw CompiledCatalogError("\(name): a system colour needs a name") }
            payload += Array("RLOC".utf8) + LittleEndian.u32(1) + LittleEndian.u32(bytes.count) + bytes
        }
        return csiHeader(flags: 0, width: 0, height: 0, scale: 0, pixelFormat: nil, colorSpace: color.space.headerValue, layout: 1009,
                         name: name, tlvLength: tlvs.count, payloadLength: payload.count) + tlvs + payload
    }

    /// A multisize image-set record (part 218, layout 1010): the set's point sizes and their indexes.
    static func multisizeRendition(name: String, sizes: [(points: Double, index: UInt16)]) -> [UInt8] {
        let tlvs = opacityTLVs(0)
        var payload = Array("SISM".utf8) + LittleEndian.u32(1) + LittleEndian.u32(sizes.count)
        for size in sizes {
            let points = UInt32(size.points.rounded(.down))
            payload += LittleEndian.u32(points) + LittleEndian.u32(points) + LittleEndian.u32(UInt32(size.index))
        }
        return csiHeader(flags: 0, width: 0, height: 0, scale: 0, pixelFormat: nil, colorSpace: 0, layout: 1010, name: name,
                         tlvLength: tlvs.count, payloadLength: payload.count) + tlvs + payload
    }

    static func csiHeader(flags: UInt32, width: Int, height: Int, scale: Int, pixelFormat: String?, colorSpace: UInt32,
                          layout: UInt16, name: String, tlvLength: Int, payloadLength: Int) -> [UInt8] {
        var bytes = Array("ISTC".utf8) + LittleEndian.u32(1) + LittleEndian.u32(flags)
        bytes += LittleEndian.u32(width) + LittleEndian.u32(height) + LittleEndian.u32(scale * 100)
        bytes += pixelFormat.map { Array($0.utf8) } ?? LittleEndian.u32(0)
        bytes += LittleEndian.u32(colorSpace) + LittleEndian.u32(0)  // modification time: none
        bytes += LittleEndian.u16(layout) + LittleEndian.u16(0)
        bytes += LittleEndian.string(name, size: 128)
        bytes += LittleEndian.u32(tlvLength) + LittleEndian.u32(1) + LittleEndian.u32(0) + LittleEndian.u32(payloadLength)
        return bytes
    }

    /// TLVs 1001 and 1003: an image's size, as every bitmap and JPEG rendition gives it.
    static func sizeTLVs(width: Int, height: Int) -> [UInt8] {
        slicesTLV([(0, 0, width, height)]) + metricsTLV(width: width, height: height, alignment: nil)
    }

    /// TLV 1001: the slice rectangles (one, the whole image, when not sliced).
    static func slicesTLV(_ rects: [(Int, Int, Int, Int)]) -> [UInt8] {
        tlv(1001, LittleEndian.u32(rects.count) + rects.flatMap { [$0.0, $0.1, $0.2, $0.3].flatMap { LittleEndian.u32(UInt32($0)) } })
    }

    /// TLV 1003: one metric — the alignment insets as (left, top) and (right, bottom), then the
    /// size of what they leave (acextract's actool 7.3 car); without insets, zeros and the size.
    static func metricsTLV(width: Int, height: Int, alignment: CompiledCatalog.AlignmentInsets?) -> [UInt8] {
        var values = [0, 0, 0, 0, width, height]
        if let a = alignment, [a.top, a.left, a.bottom, a.right].allSatisfy({ $0 >= 0 }), a.left + a.right < width, a.top + a.bottom < height {
            values = [a.left, a.top, a.right, a.bottom, width - a.left - a.right, height - a.top - a.bottom]
        }
        return tlv(1003, LittleEndian.u32(1) + values.flatMap { LittleEndian.u32(UInt32($0)) })
    }

    /// TLVs 1004 (blend mode 0 and the opacity: 1 for drawn renditions, 0 for colours and
    /// multisize records, as actool writes them) and 1006, which every rendition carries.
    static func opacityTLVs(_ opacity: Float) -> [UInt8] {
        tlv(1004, LittleEndian.u32(0) + LittleEndian.u32(opacity.bitPattern)) + tlv(1006, LittleEndian.u32(1))
    }

    static func tlv(_ type: UInt32, _ value: [UInt8]) -> [UInt8] {
        LittleEndian.u32(type) + LittleEndian.u32(value.count) + value
    }
}
