import AssetModel

/// What the car's assembly says when a file it needs cannot be used, declared once for every file
/// kind it reads (vectors, car-only slots, data, symbol templates, icon stacks).
enum CarMessage {
    /// A file the car is made from could not be read (gone, a link out, a FIFO, over the limit).
    static func cannotRead(_ error: any Error) -> Diagnostic.Message { "cannot be read for Assets.car: \(error)" }

    /// The writer refused what it was handed (a limit, a rendition it cannot encode).
    static func cannotWrite(because detail: String) -> Diagnostic.Message { "cannot write Assets.car: \(detail)" }

    /// An Icon Composer icon whose stack cannot be planned or made.
    static func cannotMakeIconStack(_ error: any Error) -> Diagnostic.Message { "cannot make the icon's stack for Assets.car: \(error)" }
}
