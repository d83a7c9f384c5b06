import AssetModel

/// Leaves out image variants that no device the app supports can load, when the manifest names its
/// `devices` and `deploymentTarget` (docs/manifest.md has the device table behind each rule):
/// - iPhone @1x from iOS 7.0: every iPhone and iPod touch that runs iOS 7 has a Retina screen (the
///   last non-Retina ones, iPhone 3GS and iPod touch 3rd generation, stop at iOS 6).
/// - iPad @1x from iOS 10.0: the last non-Retina iPads (iPad 2, iPad mini) stop at iOS 9.3.
/// - @3x on iPad, always: no iPad has a @3x screen.
/// - an idiom the manifest does not list.
/// A universal @1x stays while any listed device can still load it; a universal @3x only for iPhone.
/// A tvOS build keeps 1x and 2x (Apple TV HD and 4K) and leaves out 3x; a watchOS or visionOS
/// build keeps 2x.
enum DeviceAwareVariants {
    static func filter(_ variants: [Variant], request: BuildRequest) -> (kept: [Variant], skipped: Int) {
        // A watchOS or visionOS build knows its device and its screens' scale whatever the manifest names.
        guard request.namesDevicesAndTarget || request.platform == .watchOS || request.platform == .visionOS else { return (variants, 0) }
        // A raster a catalog slot holds is kept at whatever scale the designer placed it (it may be
        // the only one), but not for a device the app does not target: actool leaves out a
        // catalog's iPad slots when compiling for iPhone only, and its iPhone slots for iPad only.
        let kept = variants.filter {
            $0.role != .image || ($0.catalogOrigin != nil && ($0.source.kind == .png || $0.source.kind == .jpeg) && targeted($0, request: request))
                || loadable($0, request: request)
        }
        return (kept, variants.count - kept.count)
    }

    static func targeted(_ variant: Variant, request: BuildRequest) -> Bool {
        variant.idiom.map(request.devices.contains) ?? true
    }

    static func loadable(_ variant: Variant, request: BuildRequest) -> Bool {
        // Apple TV: HD screens are 1x, 4K ones 2x; none is 3x.
        if request.platform == .tvOS { return variant.scale <= 2 }
        // Apple Watch: every screen, 38 mm to Ultra, is 2x.
        if request.platform == .watchOS { return variant.scale == 2 }
        // Apple Vision Pro: its images are 2x (a vision entry of actool's car is, docs/visionos.md).
        if request.platform == .visionOS { return variant.scale == 2 }
        let iphone = request.devices.contains(.iphone), ipad = request.devices.contains(.ipad)
        let iphoneAt1x = iphone && request.deploymentTarget < OSVersion(7)
        let ipadAt1x = ipad && request.deploymentTarget < OSVersion(10)
        switch (variant.idiom, variant.scale) {
        case (.iphone?, _) where !iphone, (.ipad?, _) where !ipad: return false
        case (.ipad?, 3): return false
        case (.iphone?, 1): return iphoneAt1x
        case (.ipad?, 1): return ipadAt1x
        case (nil, 1): return iphoneAt1x || ipadAt1x
        case (nil, 3): return iphone
        default: return true
        }
    }
}
