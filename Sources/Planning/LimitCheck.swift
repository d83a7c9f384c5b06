import AssetModel

/// Applies `Limits` to planned variants, so every limit known before rendering is reported by
/// `check` and `plan` exactly as `build` would hit it.
struct LimitCheck {
    let manifestPath: String
    let outputRoot: String?

    /// Why a `width`×`height` image cannot be rendered, or nil.
    static func sizeProblem(fileName: String, width: Int, height: Int) -> Diagnostic.Message? {
        if width > Limits.maximumSidePixels || height > Limits.maximumSidePixels {
            return .sideTooLong(fileName, width: width, height: height)
        }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || area > Limits.maximumVariantPixels {
            return .tooManyPixelsForAnImage(fileName, width: width, height: height)
        }
        return nil
    }

    func check(_ variants: [Variant], diagnostics: inout [Diagnostic]) {
        var total = 0
        for variant in variants {
            // Icon and launch variants come from tables; images were checked as they were planned.
            if variant.role != .image,
               let problem = Self.sizeProblem(fileName: variant.fileName, width: variant.pixelWidth, height: variant.pixelHeight) {
                diagnostics.append(variant.origin.error(problem, manifestPath: manifestPath))
            }
            total += variant.pixelCount
            if let problem = pathProblem(variant.outputPath) {
                diagnostics.append(variant.origin.error(problem, manifestPath: manifestPath))
            }
        }
        if total > Limits.maximumBuildPixels {
            diagnostics.append(.error(manifestPath, .tooManyPixelsForABuild(total)))
        }
    }

    /// Why the file system could not hold `relative` under the output folder, or nil.
    func pathProblem(_ relative: String) -> Diagnostic.Message? {
        if !OutputPath.isValid(relative) {
            return .outputPathNotPlain(relative)
        }
        for component in relative.split(separator: "/") where component.utf8.count > Limits.maximumFileNameBytes {
            return .outputNameTooLong(component)
        }
        guard let outputRoot else { return nil }
        let length = outputRoot.utf8.count + 1 + relative.utf8.count
        let allowed = Limits.maximumPathBytes - Limits.stagingPathReserve
        if length > allowed {
            return .outputPathTooLong(relative, bytes: length, allowed: allowed)
        }
        return nil
    }
}

extension Diagnostic.Message {
    fileprivate static func sideTooLong(_ fileName: String, width: Int, height: Int) -> Diagnostic.Message {
        func side(_ pixels: Int) -> String {
            pixels >= FileNaming.unrepresentable ? "over \(FileNaming.unrepresentable)" : "\(pixels)"
        }
        return "\(fileName) would be \(side(width))x\(side(height)) pixels; Cairo draws at most \(Limits.maximumSidePixels) pixels a side"
    }

    fileprivate static func tooManyPixelsForAnImage(_ fileName: String, width: Int, height: Int) -> Diagnostic.Message { "\(fileName) would be \(width)x\(height) pixels, more than the limit of \(Limits.maximumVariantPixels) pixels per image" }

    fileprivate static func tooManyPixelsForABuild(_ total: Int) -> Diagnostic.Message { "the build would render \(total) pixels, more than the limit of \(Limits.maximumBuildPixels) pixels per build; split the manifest" }

    fileprivate static func outputPathNotPlain(_ relative: String) -> Diagnostic.Message { "the output path \(relative) is not a plain path below Resources/ or AppStore/" }

    fileprivate static func outputNameTooLong(_ component: Substring) -> Diagnostic.Message { "the output name '\(component.prefix(40))…' is \(component.utf8.count) bytes; file systems allow at most \(Limits.maximumFileNameBytes) bytes per name" }

    fileprivate static func outputPathTooLong(_ relative: String, bytes length: Int, allowed: Int) -> Diagnostic.Message { "the output path of \(relative) would be \(length) bytes long, more than the limit of \(allowed) bytes (the system's \(Limits.maximumPathBytes) less room for staging); use a shorter output folder" }
}
