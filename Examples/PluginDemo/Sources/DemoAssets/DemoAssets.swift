import Foundation

/// The images assetc rendered for this target, found in its resource bundle.
public enum DemoAssets {
    /// The path of a rendered file (`Disclosure@2x.png`), or nil.
    public static func path(of file: String) -> String? {
        let name = (file as NSString).deletingPathExtension
        return Bundle.module.path(forResource: name, ofType: (file as NSString).pathExtension)
    }
}
