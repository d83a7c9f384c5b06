/// A sliced bitmap as actool stores it (acextract's actool 7.3 car, all three modes at three
/// scales, docs/assets-car.md): the image cut down to its caps and one centre part, the layout
/// that names the mode (3-part across 20, down 23, 9-part 30; +1 when the centre stretches rather
/// than tiles), and the slice rectangles of TLV 1001 — in pixels of the cut image, origin at the
/// bottom left, the top row first and each row left to right.
struct SlicedBitmap {
    var width: Int
    var height: Int
    var rgba: [UInt8]
    var layout: UInt16
    /// (x, y, width, height) in TLV 1001's order.
    var rects: [(Int, Int, Int, Int)]

    /// nil when the insets do not fit the image (the caller stores it unsliced).
    init?(width: Int, height: Int, rgba: [UInt8], slicing: CompiledCatalog.Slicing, checkOnly: Bool = false) {
        let across = slicing.mode != .threePartVertical, down = slicing.mode != .threePartHorizontal
        let left = across ? slicing.left : 0, right = across ? slicing.right : 0
        let top = down ? slicing.top : 0, bottom = down ? slicing.bottom : 0
        guard [left, right, top, bottom].allSatisfy({ $0 >= 0 }), left + right < width || !across, top + bottom < height || !down
        else { return nil }
        let centerWidth = across ? min(slicing.centerWidth ?? (width - left - right), width - left - right) : width
        let centerHeight = down ? min(slicing.centerHeight ?? (height - top - bottom), height - top - bottom) : height
        guard centerWidth >= 1, centerHeight >= 1 else { return nil }
        if checkOnly {
            (self.width, self.height, self.rgba, layout, rects) = (0, 0, [], 0, [])
            return
        }
        // Source columns and rows kept: the first cap and the centre part after it, then the last cap.
        let columns = across ? Array(0..<(left + centerWidth)) + Array((width - right)..<width) : Array(0..<width)
        let rows = down ? Array(0..<(top + centerHeight)) + Array((height - bottom)..<height) : Array(0..<height)
        var cut: [UInt8] = []
        cut.reserveCapacity(columns.count * rows.count * 4)
        for row in rows {
            let start = row * width * 4
            for column in columns {
                let at = start + column * 4
                cut += rgba[at..<(at + 4)]
            }
        }
        self.width = columns.count
        self.height = rows.count
        self.rgba = cut
        let base: UInt16 = switch slicing.mode {
        case .threePartHorizontal: 20
        case .threePartVertical: 23
        case .ninePart: 30
        }
        layout = base + (slicing.tiles ? 0 : 1)
        let xs: [(Int, Int)] = across ? [(0, left), (left, centerWidth), (left + centerWidth, right)] : [(0, self.width)]
        let ys: [(Int, Int)] = down ? [(bottom + centerHeight, top), (bottom, centerHeight), (0, bottom)] : [(0, self.height)]
        rects = ys.flatMap { y in xs.map { x in (x.0, y.0, x.1, y.1) } }
    }
}

/// Whether a slicing fits an image of that size (else the image is stored unsliced).
public enum SliceFit {
    public static func fits(_ slicing: CompiledCatalog.Slicing, width: Int, height: Int) -> Bool {
        SlicedBitmap(width: width, height: height, rgba: [UInt8](repeating: 0, count: 0), slicing: slicing, checkOnly: true) != nil
    }
}
