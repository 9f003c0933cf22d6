/// SwiftUI's coordinate spaces, taken where SwiftUI takes one (`DragGesture(coordinateSpace:)`) so
/// that code written for it compiles. A touch surface has one space — millimetres from its
/// top-left corner, y downward — and no views, so every case measures in that one.
public enum CoordinateSpace: Hashable {
    /// The surface's space (in SwiftUI, the screen's).
    case global
    /// The surface's space (in SwiftUI, the view's own).
    case local
    /// The surface's space (in SwiftUI, that of the view named `name`).
    case named(_ name: AnyHashable)
}
