import AssetModel
import AssetPlatform

/// What the build sends a render worker (`assetc render-worker`), one framed message at a time:
/// a 4-byte big-endian length, then the message as JSON through `JSONValueEncoder` (doubles in
/// Swift's shortest round-trip form, so the worker draws exactly what the plan says).
enum WorkerRequest: Codable {
    /// The files of one source, in order: one parse of the document and no idle round trip
    /// between them. The worker answers each with a `RenderReply` as soon as it is done.
    case render([RenderJob])
    /// Page count, page sizes and unembedded fonts of a PDF, or an SVG's size (`Inspection`).
    case inspect(path: String, pages: [Int], kind: ResolvedSource.Kind)

    func framed() -> [UInt8] {
        // Jobs are plain values the encoder always writes: a failure is a programming error.
        do { return Frame.wrap(try JSONValueEncoder().encodeBytes(self)) } catch { preconditionFailure("worker request: \(error)") }
    }

    static func decode(_ body: [UInt8]) -> WorkerRequest? {
        try? JSONValueDecoder().decode(WorkerRequest.self, from: body)
    }
}

/// A worker's answer: a framed header (`ok` with the body's length and SHA-256, or the error and
/// its kind), then the body: a PNG, or the facts of an inspection.
enum RenderReply {
    struct Header: Codable {
        var ok: Bool
        var bytes: Int?
        var sha256: String?
        var error: String?
        var kind: FailureKind?
        /// What the libraries said while the file was made, held back by the worker and sent with
        /// its answer: text on standard error could be read with the next file's answer instead.
        var messages: String?
    }

    /// The `SourceError` cases a reply carries across the pipe.
    enum FailureKind: String, Codable {
        case content, overLimit, renderer, recordMismatch
    }

    static func success(png: [UInt8], sha256: String, messages: String? = nil) -> [UInt8] {
        frame(Header(ok: true, bytes: png.count, sha256: sha256, messages: messages)) + png
    }

    static func success<Body: Encodable>(body: Body) -> [UInt8] {
        let bytes = (try? JSONValueEncoder().encodeBytes(body)) ?? []
        return success(png: bytes, sha256: "")
    }

    static func failure(_ error: SourceError, messages: String? = nil) -> [UInt8] {
        let kind: FailureKind
        switch error {
        case .file, .content: kind = .content
        case .overLimit: kind = .overLimit
        case .renderer: kind = .renderer
        case .recordMismatch: kind = .recordMismatch
        }
        return frame(Header(ok: false, error: error.message, kind: kind, messages: messages))
    }

    private static func frame(_ header: Header) -> [UInt8] {
        do { return Frame.wrap(try JSONValueEncoder().encodeBytes(header)) } catch { preconditionFailure("worker reply: \(error)") }
    }

    enum Parsed {
        case success(bytes: Int, sha256: String, messages: String)
        case failure(SourceError, messages: String)
    }

    static func parse(_ bytes: [UInt8]) -> Parsed? {
        guard let header = try? JSONValueDecoder().decode(Header.self, from: bytes) else { return nil }
        let messages = header.messages ?? ""
        if header.ok, let count = header.bytes, count >= 0, let hash = header.sha256 {
            return .success(bytes: count, sha256: hash, messages: messages)
        }
        guard !header.ok, let message = header.error, let kind = header.kind else { return nil }
        switch kind {
        case .overLimit: return .failure(.overLimit(.init(relaying: message)), messages: messages)
        case .renderer: return .failure(.renderer(.init(relaying: message)), messages: messages)
        case .recordMismatch: return .failure(.recordMismatch(.init(relaying: message)), messages: messages)
        case .content: return .failure(.content(.init(relaying: message)), messages: messages)
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

/// One answer read from a worker: the half of the conversation both clients share (`WorkerPool`
/// for renders, `SourceSupervisor` for inspections and the opacity probe). Each turns a lost
/// worker into its own message; the reading, the framing and the limits are here once.
enum WorkerAnswer {
    /// The worker answered with a body (a PNG, or an inspection's facts), its hash, and what the
    /// libraries printed meanwhile.
    case body([UInt8], sha256: String, printed: String)
    /// The worker could not do it (an error it reported) and can take the next request.
    case refused(SourceError, printed: String)
    /// The worker is gone, or must be: stopped, over its time, or dead or garbled (with what it printed last).
    case lost(WorkerLoss)
}

enum WorkerLoss {
    case stopped
    case timedOut
    case died(printed: String)
}

extension ChildProcess {
    /// Reads one framed reply (length, header, body) before `deadline`.
    func readAnswer(deadline: Double, shouldStop: () -> Bool) -> WorkerAnswer {
        func lost(_ outcome: ReadOutcome) -> WorkerAnswer {
            switch outcome {
            case .stopped: .lost(.stopped)
            case .timedOut: .lost(.timedOut)
            case .closed, .bytes: .lost(.died(printed: drainErrors().trimmingCharacters(in: .whitespacesAndNewlines)))
            }
        }
        let lengthRead = receive(4, deadline: deadline, shouldStop: shouldStop)
        guard case .bytes(let lengthBytes) = lengthRead else { return lost(lengthRead) }
        let length = Frame.length(lengthBytes)
        let headerRead = length <= Frame.maximumHeader ? receive(length, deadline: deadline, shouldStop: shouldStop) : .closed
        guard case .bytes(let headerBytes) = headerRead, let header = RenderReply.parse(headerBytes) else { return lost(headerRead) }
        switch header {
        case .failure(let error, let messages):
            return .refused(error, printed: messages + drainErrors())
        case .success(let count, let sha256, let messages):
            let printed = messages + drainErrors()
            let bodyRead = receive(count, deadline: deadline, shouldStop: shouldStop)
            guard case .bytes(let body) = bodyRead else { return lost(bodyRead) }
            return .body(body, sha256: sha256, printed: printed)
        }
    }
}
