/// Marker length and labels (git's `%L`, and the labels after the markers).
public struct ConflictMarkers: Sendable {
    /// The length of each marker (git's `%L`), 7 by default.
    public var size: Int {
        get { _size }
        set { _size = max(1, newValue) }
    }
    private var _size = 7
    /// The label after `<<<<<<<`: mine's side.
    public var mine: String
    /// The label after `|||||||`: the base.
    public var base: String
    /// The label after `>>>>>>>`: theirs' side.
    public var theirs: String

    /// Markers of `size` characters with these labels.
    public init(size: Int = 7, mine: String = "mine", base: String = "base", theirs: String = "theirs") {
        self._size = max(1, size)
        self.mine = mine
        self.base = base
        self.theirs = theirs
    }
}
