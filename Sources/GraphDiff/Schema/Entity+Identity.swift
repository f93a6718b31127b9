extension Entity {
    /// The type of the identity attribute of the entity's root, when
    /// identities of that type have canonical spellings (integers, UUIDs);
    /// `nil` for string and implicit identities, which are kept as written.
    public var canonicalIdentityType: AttributeType? {
        identityType.flatMap { $0.hasCanonicalIdentities ? $0 : nil }
    }

    /// The canonical spelling of the identity `text` of an object of this
    /// entity (see ``AttributeType/canonicalIdentity(_:)``).
    ///
    ///     jobs.entity(named: "EmailJob")?.canonicalIdentity("0B7E…")   // .success("0b7e…")
    ///
    /// - Returns: the canonical spelling, or why `text` is not an identity
    ///   of the entity's identity type.
    public func canonicalIdentity(_ text: String) -> Result<String, InvalidIdentity> {
        canonicalIdentityType?.canonicalIdentity(text) ?? .success(text)
    }
}
