import Foundation
@testable import TactileFocus
import Testing

/// The focused node of a GET_TREE reply, found without building the tree (issue 42: a 60 MB
/// tree cost 1.5 GB and 4 s of CPU at every reconnection).
@Suite("sway's GET_TREE: the focused node, read in one pass")
struct SwayTreeFocusTests {
    static func tree(_ text: String) -> SwayTreeFocus? { SwayTreeFocus(tree: Array(text.utf8)) }

    @Test("the focused window deep in tiled or floating nodes; its app_id, else its X11 class")
    func focusedWindow() {
        let tiled = #"""
            {"id":1,"name":"root {\"}","focused":false,"rect":{"x":0},"nodes":[
              {"id":2,"type":"output","nodes":[{"id":3,"type":"workspace","focused":false,"nodes":[
                {"id":4,"app_id":"foot","focused":false,"marks":["a]"]},
                {"id":5,"app_id":"org.mozilla.firefox","name":"x \u00e9","focused":true,"nodes":[]}]}]}],
             "floating_nodes":[]}
            """#
        #expect(Self.tree(tiled) == .node(id: 5, application: "org.mozilla.firefox"))
        let floating = #"""
            {"id":1,"nodes":[],"floating_nodes":[{"id":9,"app_id":null,"focused":true,
              "window_properties":{"title":"t","class":"Gimp"}}]}
            """#
        #expect(Self.tree(floating) == .node(id: 9, application: "Gimp"))
        // Spaces wherever JSON allows them, as sway writes its replies.
        let spaced = #" { "id" : 1 , "nodes" : [ { "id" : 7 , "focused" : true , "app_id" : "foot" } ] , "floating_nodes" : [ ] } "#
        #expect(Self.tree(spaced) == .node(id: 7, application: "foot"))
    }

    @Test("a focused workspace is no application; a tree without focus is none; what is not JSON is nil")
    func noApplication() {
        #expect(Self.tree(#"{"id":1,"nodes":[{"id":3,"type":"workspace","focused":true,"nodes":[]}]}"#)
                == .node(id: 3, application: nil))
        #expect(Self.tree(#"{"id":1,"focused":false,"nodes":[]}"#) == SwayTreeFocus.none)
        for broken in [#"{"id":1,"nodes":[}"#, #"{"id":1} x"#, "[]", #"{"a":"unterminated}"#, ""] {
            #expect(Self.tree(broken) == nil, "\(broken)")
        }
    }

    @Test("a tree of 50,000 windows is read in one pass, the focused one last")
    func largeTree() {
        var text = #"{"id":0,"focused":false,"nodes":["#
        for id in 1...50_000 {
            text += #"{"id":\#(id),"app_id":"app\#(id)","name":"a window with a title","focused":\#(id == 50_000),"#
                + #""rect":{"x":1,"y":2,"width":3,"height":4},"nodes":[],"floating_nodes":[]},"#
        }
        text.removeLast()
        text += "]}"
        let started = Date()
        #expect(Self.tree(text) == .node(id: 50_000, application: "app50000"))
        print("a \(text.utf8.count >> 20) MiB tree read in \(Date().timeIntervalSince(started)) s")
    }
}
