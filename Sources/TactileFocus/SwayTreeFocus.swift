/// The focused node of sway's or i3's GET_TREE reply, read in one pass over its bytes. Of each
/// node only `focused`, `id`, `app_id`, `window_properties.class` and the children in `nodes`
/// and `floating_nodes` are looked at, and nothing is kept of the rest: a 60 MB tree, read
/// whole into values, cost 1.5 GB and 4 s of CPU at every reconnection.
enum SwayTreeFocus: Equatable {
    /// No node has the focus.
    case none
    /// The focused node: its id, and the application of a window (nil for a workspace or an output).
    case node(id: Int64?, application: String?)

    /// What `tree` says has the focus; nil if it is not JSON.
    init?(tree: [UInt8]) {
        var reader = JSONReader(bytes: tree)
        var focused: SwayTreeFocus?
        guard reader.peek() == UInt8(ascii: "{"), Self.readNode(&reader, depth: 0, focused: &focused) else { return nil }
        reader.skipSpaces()
        guard reader.index == tree.count else { return nil }
        self = focused ?? .none
    }

    /// Reads the node object at the reader, noting in `focused` the first node found focused
    /// there or below; once one is, the other children are only passed over.
    private static func readNode(_ reader: inout JSONReader, depth: Int, focused: inout SwayTreeFocus?) -> Bool {
        var isFocused = false
        var id: Int64?
        var appID: String?
        var windowClass: String?
        let isObject = reader.object(depth: depth) { reader, key in
            if key.elementsEqual("focused".utf8) { return reader.value(depth: depth + 1).map { isFocused = $0.bool == true } != nil }
            if key.elementsEqual("id".utf8) { return reader.value(depth: depth + 1).map { id = $0.integer } != nil }
            if key.elementsEqual("app_id".utf8) { return reader.value(depth: depth + 1).map { appID = $0.string } != nil }
            if key.elementsEqual("window_properties".utf8), reader.peek() == UInt8(ascii: "{") {
                return reader.object(depth: depth + 1) { reader, key in
                    guard key.elementsEqual("class".utf8) else { return reader.skipValue(depth: depth + 2) }
                    return reader.value(depth: depth + 2).map { windowClass = $0.string } != nil
                }
            }
            if key.elementsEqual("nodes".utf8) || key.elementsEqual("floating_nodes".utf8), focused == nil,
                reader.peek() == UInt8(ascii: "[") {
                return reader.array(depth: depth + 1) { reader in
                    guard focused == nil, reader.peek() == UInt8(ascii: "{") else { return reader.skipValue(depth: depth + 2) }
                    return readNode(&reader, depth: depth + 2, focused: &focused)
                }
            }
            return reader.skipValue(depth: depth + 1)
        }
        if isObject, isFocused, focused == nil {
            let application = [appID, windowClass].lazy.compactMap { $0 }.first { !$0.isEmpty }
            focused = .node(id: id, application: application)
        }
        return isObject
    }
}
