import AssetModel
import AssetPlatform

/// What the parent sends a worker: the variants of one source, each with everything needed to render
/// and encode it. Framed as a 4-byte big-endian length and a JSON object; doubles are written in
/// Swift's shortest round-trip form, so the worker draws exactly what the plan says. One batch per
/// source means one parse of the document and no idle round trip between its variants.
struct RenderRequest {
    var variants: [Variant]

    func encoded() -> [UInt8] {
        Frame.wrap(JSONOutput.object(["variants": .array(variants.map(Self.fields))]).serializedBytes())
    }

    static func decodeBatch(_ bytes: [UInt8]) -> [Variant]? {
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.value,
              case .array(let items)? = members.first(where: { $0.key == "variants" })?.value.value else { return nil }
        let variants = items.compactMap(decode)
        return variants.count == items.count ? variants : nil
    }

    static func fields(_ v: Variant) -> JSONOutput {
        var fields: [String: JSONOutput] = [
            "path": .string(v.source.path), "kind": .string(v.source.kind.rawValue), "page": .integer(v.source.page),
            "pixels": .array([.integer(v.pixelWidth), .integer(v.pixelHeight)]),
            "content": .array([.number(v.contentSize.width), .number(v.contentSize.height)]),
            "placement": .array([.number(v.placement.scaleX), .number(v.placement.scaleY),
                                 .number(v.placement.offsetX), .number(v.placement.offsetY)]),
        ]
        if let b = v.background {
            fields["background"] = .array([.integer(Int(b.red)), .integer(Int(b.green)), .integer(Int(b.blue)), .integer(Int(b.alpha))])
        }
        return .object(fields)
    }

    static func decode(_ node: JSONNode) -> Variant? {
        guard case .object(let members) = node.value else { return nil }
        func field(_ name: String) -> JSONNode.Value? { members.first { $0.key == name }?.value.value }
        func numbers(_ name: String) -> [Double]? {
            guard case .array(let items)? = field(name) else { return nil }
            let values = items.compactMap { item -> Double? in
                if case .number(let value, _) = item.value { return value }
                return nil
            }
            return values.count == items.count ? values : nil
        }
        guard case .string(let path)? = field("path"), case .string(let kindName)? = field("kind"),
              let kind = ResolvedSource.Kind(rawValue: kindName), case .number(let page, _)? = field("page"),
              let pixels = numbers("pixels"), pixels.count == 2, let content = numbers("content"), content.count == 2,
              let placement = numbers("placement"), placement.count == 4 else { return nil }
        var background: RGBAColor?
        if let channels = numbers("background"), channels.count == 4 {
            background = RGBAColor(red: UInt8(channels[0]), green: UInt8(channels[1]), blue: UInt8(channels[2]),
                                   alpha: UInt8(channels[3]))
        }
        let size = PointSize(width: content[0], height: content[1])
        return Variant(
            name: "", relativePath: "", fileName: "", scale: 1, tall: false, pointSize: size,
            pixelWidth: Int(pixels[0]), pixelHeight: Int(pixels[1]),
            source: ResolvedSource(path: path, kind: kind, page: Int(page)), contentSize: size,
            placement: Placement(scaleX: placement[0], scaleY: placement[1], offsetX: placement[2], offsetY: placement[3]),
            background: background, manifestLocation: SourceLocation(line: 1, column: 1))
    }
}

/// A worker's answer: a JSON header (`ok`, `bytes`, `sha256`, or `error` and `kind`), then the PNG.
enum RenderReply {
    static func success(png: [UInt8], sha256: String) -> [UInt8] {
        Frame.wrap(JSONOutput.object(["ok": .bool(true), "bytes": .integer(png.count), "sha256": .string(sha256)])
            .serializedBytes()) + png
    }

    static func failure(_ error: SourceError) -> [UInt8] {
        let kind: String
        switch error {
        case .file, .content: kind = "content"
        case .overLimit: kind = "overLimit"
        case .renderer: kind = "renderer"
        case .recordMismatch: kind = "recordMismatch"
        }
        return Frame.wrap(JSONOutput.object(["ok": .bool(false), "error": .string(error.message), "kind": .string(kind)])
            .serializedBytes())
    }

    enum Header {
        case success(bytes: Int, sha256: String)
        case failure(SourceError)
    }

    static func parse(_ bytes: [UInt8]) -> Header? {
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.value else { return nil }
        func field(_ name: String) -> JSONNode.Value? { members.first { $0.key == name }?.value.value }
        if case .bool(true)? = field("ok"), case .number(let count, _)? = field("bytes"), case .string(let hash)? = field("sha256") {
            return .success(bytes: Int(count), sha256: hash)
        }
        guard case .string(let message)? = field("error"), case .string(let kind)? = field("kind") else { return nil }
        switch kind {
        case "overLimit": return .failure(.overLimit(message))
        case "renderer": return .failure(.renderer(message))
        case "recordMismatch": return .failure(.recordMismatch(message))
        default: return .failure(.content(message))
        }
    }
}

enum Frame {
    static func wrap(_ payload: [UInt8]) -> [UInt8] {
        let count = UInt32(payload.count)
        return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + payload
    }

    static func length(_ header: [UInt8]) -> Int {
        header.reduce(0) { $0 << 8 | Int($1) }
    }

    /// Headers are small; anything larger is a broken stream, not a reason to allocate.
    static let maximumHeader = 1 << 20
}

/// The worker's side (`assetc render-worker`): reads requests on standard input until it closes,
/// renders and encodes each, answers on standard output. Whatever Poppler or Cairo print goes to
/// standard error, which the parent reads as that variant's messages.
public enum RenderWorker {
    public static func serve(encoder: PNGEncoderSettings, addressSpaceBytes: Int?, fontsDirectory: String? = nil) {
        if let addressSpaceBytes { ProcessLimits.limitAddressSpace(bytes: addressSpaceBytes) }
        if let fontsDirectory {
            do throws(SourceError) {
                try Fonts.restrict(to: fontsDirectory)
            } catch {
                _ = Pipes.writeAll(Pipes.standardOutput, RenderReply.failure(.renderer("fonts folder \(fontsDirectory): \(error.message)")))
                return
            }
        }
        StopSignals.ignoreInterrupts()
        reportPopplerMessages.store(true, ordering: .relaxed)
        let rasterizer = Rasterizer(store: SourceStore(keepsBytes: false))
        while let header = Pipes.readExactly(Pipes.standardInput, 4) {
            let length = Frame.length(header)
            guard length <= Frame.maximumHeader, let body = Pipes.readExactly(Pipes.standardInput, length) else { return }
            if let inspection = Inspection.request(body) {
                guard Pipes.writeAll(Pipes.standardOutput, Inspection.answer(path: inspection.path, pages: inspection.pages, kind: inspection.kind)) else { return }
                continue
            }
            guard let batch = RenderRequest.decodeBatch(body) else {
                _ = Pipes.writeAll(Pipes.standardOutput, RenderReply.failure(.renderer("the render worker could not read its request")))
                return
            }
            // One reply per variant, as soon as it is done: the parent times each one.
            for variant in batch {
                let reply: [UInt8]
                do throws(SourceError) {
                    let png = try rasterizer.produce(variant, encoder: encoder)
                    reply = RenderReply.success(png: png, sha256: sha256Hex(png))
                } catch {
                    reply = RenderReply.failure(error)
                }
                guard Pipes.writeAll(Pipes.standardOutput, reply) else { return }
            }
        }
    }
}
