import AssetModel
import AssetPlatform
import ManifestInput
import Output
import Planning
import Rendering

extension Pipeline {
    /// App Store Connect's asset rules over a plan (`AppStoreRules`), with the partial Info.plist
    /// the build writes and the app's own Info.plist when one is named.
    static func appStoreFindings(_ plan: BuildPlan, request: BuildRequest, _ check: AppStoreCheck, reader: SourceReader,
                                 alreadyReported: [Diagnostic]) throws(BuildFailure) -> [Diagnostic] {
        var appInfoPlist: AppStoreRules.AppInfoPlist?
        if let path = check.infoPlistPath {
            let bytes = try NamedFile.read(path, limit: Limits.maximumJSONBytes, unreadable: Diagnostic.Message.appInfoPlistUnreadable)
            let keys = try stage { () throws(InputError) in try AppInfoPlistDecoder.decode(bytes, path: path) }
            appInfoPlist = AppStoreRules.AppInfoPlist(path: path, keys: keys)
        }
        let rules = AppStoreRules(plan: plan, deploymentTarget: request.deploymentTarget, partialInfoPlist: InfoPlist.make(plan.infoPlist, variants: plan.variants),
                                  appInfoPlist: appInfoPlist, inspector: LiveSourceInspector(reader: reader), severity: check.severity,
                                  resolve: request.resolve)
        return rules.findings(alreadyReported: alreadyReported)
    }
}

extension Diagnostic.Message {
    fileprivate static func appInfoPlistUnreadable(_ error: FileError) -> Diagnostic.Message { "cannot read the app's Info.plist (--info-plist): \(error.description)" }
}
