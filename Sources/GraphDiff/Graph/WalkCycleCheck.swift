import GraphDiffJSON

/// Brent's cycle detection for a walk along links: the walk has gone
/// round when the identity it steps to is the one kept (the tortoise),
/// which moves to the walk's place each time the steps since it moved
/// reach a power of two. No set of what was visited: a walk without a
/// cycle costs one comparison a step; one with a cycle is found within
/// twice its length past the cycle's start.
struct WalkCycleCheck {
    private var tortoise: String
    private var power = 1, steps = 0

    init(start: String) { tortoise = start }

    /// Whether stepping to `next` closes a cycle (compared byte for byte).
    mutating func meets(_ next: String) -> Bool {
        if utf8Equal(next, tortoise) { return true }
        steps += 1
        if steps == power {
            tortoise = next
            power *= 2
            steps = 0
        }
        return false
    }
}
