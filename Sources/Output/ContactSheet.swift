import AssetModel

/// `<output>/report.html`: every variant at its pixel size, grouped by bundle, name and idiom, with
/// its size, bytes, source and page and the warnings about its source beside it, on a light, dark
/// or checkerboard background. Self-contained: inline style and script, images by relative path
/// (no network). Deterministic: the same build writes the same bytes.
public enum ContactSheet {
    public static func make(_ plan: BuildPlan, written: [WrittenVariant]) -> String {
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>assetc contact sheet</title>
        <style>
        body { font: 13px -apple-system, system-ui, sans-serif; margin: 0; color: #222; background: #fff; }
        header { position: sticky; top: 0; background: #f4f4f4; border-bottom: 1px solid #ccc; padding: 8px 16px; z-index: 1; }
        header button { font: inherit; margin-left: 4px; }
        header button[aria-pressed="true"] { font-weight: bold; }
        main { padding: 8px 16px 32px; }
        h2 { margin: 24px 0 4px; font-size: 16px; }
        h3 { margin: 16px 0 4px; font-size: 14px; }
        h4 { margin: 8px 0 4px; font-size: 12px; color: #555; }
        .row { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end; }
        figure { margin: 0; padding: 6px; border: 1px solid #ddd; border-radius: 4px; background: #fff; }
        .art { display: inline-block; line-height: 0; }
        .art img { image-rendering: pixelated; display: block; }
        figcaption { margin-top: 4px; font-size: 11px; color: #444; max-width: 320px; word-break: break-all; }
        .warning { color: #9a5b00; }
        body.bg-light .art { background: #fff; }
        body.bg-dark .art { background: #1c1c1e; }
        body.bg-checker .art { background-color: #fff; background-image: linear-gradient(45deg, #ccc 25%, transparent 25%),
          linear-gradient(-45deg, #ccc 25%, transparent 25%), linear-gradient(45deg, transparent 75%, #ccc 75%),
          linear-gradient(-45deg, transparent 75%, #ccc 75%); background-size: 16px 16px;
          background-position: 0 0, 0 8px, 8px -8px, -8px 0; }
        </style>
        </head>
        <body class="bg-checker">
        <header>
        <strong>assetc \(escape(AssetcVersion.current))</strong> — \(written.count) files from \(escape(shown(plan.inputPath, in: plan))).
        Background:
        <button type="button" data-bg="light" aria-pressed="false">light</button>
        <button type="button" data-bg="dark" aria-pressed="false">dark</button>
        <button type="button" data-bg="checker" aria-pressed="true">checkerboard</button>
        <span id="broken" class="warning"></span>
        </header>
        <main>

        """
        let warnings = Dictionary(grouping: plan.warnings.filter { $0.severity == .warning }, by: \.path)
        let bundleOrder = [BundleRef.main] + plan.bundles.map { BundleRef.named($0.name) }
        for bundle in bundleOrder {
            let inBundle = written.filter { $0.variant.bundle == bundle && !$0.variant.isOutsideBundle }
            guard !inBundle.isEmpty else { continue }
            html += "<section>\n<h2>\(escape(bundle.writtenName)) bundle</h2>\n"
            // Grouped once: filtering the bundle for each name was quadratic (20,000 images: 12 s).
            let byName = Dictionary(grouping: inBundle, by: \.variant.name)
            let names = byName.keys.sorted { ByteExactPath($0) < ByteExactPath($1) }
            for name in names {
                html += "<h3>\(escape(name))</h3>\n"
                let ofName = byName[name]!
                for idiom in [nil, Idiom.iphone, .ipad] as [Idiom?] {
                    let files = ofName.filter { $0.variant.idiom == idiom }
                        .sorted { ByteExactPath($0.variant.relativePath) < ByteExactPath($1.variant.relativePath) }
                    guard !files.isEmpty else { continue }
                    html += "<h4>\(idiom?.rawValue ?? "universal")</h4>\n<div class=\"row\">\n"
                    for file in files { html += figure(file, warnings: warnings, plan: plan) }
                    html += "</div>\n"
                }
            }
            html += "</section>\n"
        }
        html += launchScreenSection(plan, written: written)
        let outside = written.filter { $0.variant.isOutsideBundle }
        if !outside.isEmpty {
            html += "<section>\n<h2>Outside the bundle</h2>\n<div class=\"row\">\n"
            for file in outside { html += figure(file, warnings: warnings, plan: plan) }
            html += "</div>\n</section>\n"
        }
        html += """
        </main>
        <script>
        // Each image says whether it loaded (data-loaded), and the header counts those that did not.
        let broken = 0;
        const note = () => { document.getElementById("broken").textContent = broken ? broken + " image(s) did not load" : ""; };
        for (const img of document.images) {
          const mark = () => {
            img.dataset.loaded = img.naturalWidth > 0 ? "yes" : "no";
            if (img.naturalWidth === 0) { broken += 1; note(); }
          };
          if (img.complete) { mark(); } else { img.addEventListener("load", mark); img.addEventListener("error", mark); }
        }
        for (const button of document.querySelectorAll("header button")) {
          button.addEventListener("click", () => {
            document.body.className = "bg-" + button.dataset.bg;
            for (const other of document.querySelectorAll("header button")) {
              other.setAttribute("aria-pressed", other === button ? "true" : "false");
            }
          });
        }
        </script>
        </body>
        </html>

        """
        return html
    }

    /// A path as the page shows it: relative to the manifest's folder, so the page's bytes do not
    /// depend on the folder assetc was run from (`assetc build assets.json` in the project, or
    /// `assetc build /abs/project/assets.json` from elsewhere).
    static func shown(_ path: String, in plan: BuildPlan) -> String {
        guard let folder = FilePath(plan.inputPath).enclosingFolder else { return path }
        let base = folder.appending("").string
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    static func figure(_ file: WrittenVariant, warnings: [String: [Diagnostic]], plan: BuildPlan) -> String {
        let variant = file.variant
        var caption = "\(escape(variant.fileName)) · \(variant.pixelWidth)×\(variant.pixelHeight) px · @\(variant.scale)x · \(SizeReport.format(file.bytes))"
        caption += "<br>\(escape(shown(variant.source.path, in: plan)))"
        if variant.source.kind == .pdf { caption += " page \(variant.source.page)" }
        var related = warnings[variant.source.path] ?? []
        if let origin = variant.catalogOrigin { related += warnings[origin.contentsPath] ?? [] }
        for warning in related { caption += "<br><span class=\"warning\">warning: \(escape(warning.message))</span>" }
        return """
        <figure><span class="art"><img src="\(escapeAttribute(percentEncoded(variant.outputPath)))" width="\(variant.pixelWidth)" height="\(variant.pixelHeight)" alt="\(escapeAttribute(variant.fileName))"></span><figcaption>\(caption)</figcaption></figure>

        """
    }

    static func escape(_ text: String) -> String { XMLText.escape(text) }

    static func escapeAttribute(_ text: String) -> String { XMLText.escapeAttribute(text) }

    /// A relative URL for a path: every byte outside the unreserved set and `/` percent-encoded
    /// (`@`, `~`, spaces and non-ASCII names load in every browser).
    static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-._/".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }
}
