import AssetModel
import AssetPlatform

/// The worker's side (`assetc render-worker`): reads requests on standard input until it closes,
/// renders and encodes each, answers on standard output. What Poppler says during a file goes with
/// its answer; whatever else a library prints goes to standard error, which the parent reads as
/// that variant's messages too.
public enum RenderWorker {
    public static func serve(encoder: PNGEncoderSettings, addressSpaceBytes: Int?, fontsDirectory: String? = nil) {
        if let addressSpaceBytes { ProcessLimits.limitAddressSpace(bytes: addressSpaceBytes) }
        if let fontsDirectory {
            do throws(SourceError) {
                try Fonts.restrict(to: fontsDirectory)
            } catch {
                _ = Pipes.writeAll(Pipes.standardOutput, RenderReply.failure(.renderer(.unusableFontsFolder(fontsDirectory, problem: error.message))))
                return
            }
        }
        StopSignals.ignoreInterrupts()
        reportPopplerMessages.store(true, ordering: .relaxed)
        let rasterizer = Rasterizer(store: SourceStore(keepsBytes: false))
        while let header = Pipes.readExactly(Pipes.standardInput, 4) {
            let length = Frame.length(header)
            guard length <= Frame.maximumHeader, let body = Pipes.readExactly(Pipes.standardInput, length) else { return }
            let batch: [RenderJob]
            switch WorkerRequest.decode(body) {
            case .inspect(let path, let pages, let kind)?:
                guard Pipes.writeAll(Pipes.standardOutput, Inspection.answer(path: path, pages: pages, kind: kind)) else { return }
                continue
            case .render(let jobs)?:
                batch = jobs
            case nil:
                _ = Pipes.writeAll(Pipes.standardOutput, RenderReply.failure(.renderer(.workerRequestUnreadable)))
                return
            }
            // One reply per file, as soon as it is done: the parent times each one.
            for job in batch {
                let reply: [UInt8]
                PopplerMessages.hold()
                do throws(SourceError) {
                    let png = try rasterizer.produce(job, encoder: encoder)
                    reply = RenderReply.success(png: png, sha256: sha256Hex(png), messages: PopplerMessages.releasedText())
                } catch {
                    reply = RenderReply.failure(error, messages: PopplerMessages.releasedText())
                }
                guard Pipes.writeAll(Pipes.standardOutput, reply) else { return }
            }
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func unusableFontsFolder(_ directory: String, problem: String) -> Diagnostic.Message { "fonts folder \(directory): \(problem)" }
    fileprivate static let workerRequestUnreadable: Diagnostic.Message = "the render worker could not read its request"
}
