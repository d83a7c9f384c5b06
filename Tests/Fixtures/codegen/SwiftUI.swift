// A stand-in for the few SwiftUI symbols assetc's generated accessors use (see UIKit.swift), so
// the generated Swift is type-checked on Linux. Signatures follow Apple's documentation.
import Foundation
import UIKit

public struct Image: Sendable, Equatable {
    public enum TemplateRenderingMode: Sendable { case template, original }
    public init(_ name: String, bundle: Bundle? = nil) {}
    public init(uiImage: UIImage) {}
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }
}

public struct Color: Sendable, Equatable {
    public init(_ name: String, bundle: Bundle? = nil) {}
    public init(_ color: UIColor) {}
}
