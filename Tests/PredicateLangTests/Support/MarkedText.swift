// Marked text for position tests (after swift-syntax's `extractMarkers`): emoji markers such as
// 1️⃣ are removed from the text and their UTF-8 offsets recorded, so tests never count columns.

/// Text with named positions.
struct MarkedText {
    /// The text without markers.
    let text: String
    /// Marker name → UTF-8 offset in `text`.
    let markers: [String: Int]

    /// The markers recognised: 0️⃣ … 9️⃣ (digit, variation selector, keycap).
    static let names = (0...9).map { "\($0)\u{FE0F}\u{20E3}" }

    init(_ marked: String) {
        var text = ""
        var markers: [String: Int] = [:]
        var rest = Substring(marked)
        while !rest.isEmpty {
            if let name = MarkedText.names.first(where: { rest.hasPrefix($0) }) {
                markers[name] = text.utf8.count
                rest = rest.dropFirst(name.count)
            } else {
                text.append(rest.removeFirst())
            }
        }
        self.text = text
        self.markers = markers
    }

    /// The offset of `marker`, or -1 if the text has no such marker.
    func offset(_ marker: String) -> Int { markers[marker] ?? -1 }
}
