import Rendering

/// Any bytes as a PDF content stream (the repair reads streams out of untrusted PDFs): an answer,
/// never a crash or a hang; a repair only ever removes bytes, and a repaired stream never needs a
/// second repair.
func fuzzContentStream(_ bytes: [UInt8]) {
    guard let once = ContentStreamRepair.droppingNonFiniteOperators(bytes) else { return }
    precondition(once.droppedOperators > 0 && once.bytes.count < bytes.count, "a repair that removed nothing")
    precondition(ContentStreamRepair.droppingNonFiniteOperators(once.bytes) == nil, "a repaired stream needed a second repair")
}
