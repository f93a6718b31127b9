import GraphDiffJSON

extension ChangeSet {
    /// The change set with every identity in the canonical spelling of its
    /// entity's identity type (``AttributeType/canonicalIdentity(_:)``):
    /// object and owner identities, references in values, members and
    /// anchors of orders, both identities of a re-key. A loaded graph holds canonical spellings only, so
    /// a patch written by hand with `007` or an upper-case UUID names the
    /// same objects as one made by `diff`. Spellings that are no identity of
    /// their type are kept: they then match nothing, or are reported as
    /// invalid values.
    ///
    /// - Complexity: O(*c*) in the size of the change set; O(1) per change
    ///   when no entity has integer or UUID identities.
    func canonicalIdentities(in schema: Schema) -> ChangeSet {
        guard schema.entities.contains(where: { $0.canonicalIdentityType != nil }) else { return self }
        func canonical(_ text: String, _ type: AttributeType?) -> String {
            guard let type, let c = try? type.canonicalIdentity(text).get() else { return text }
            return c
        }
        func identityType(of entityName: String) -> AttributeType? { schema.entity(named: entityName)?.canonicalIdentityType }
        /// The identity type of the destination of `property` on `entity`, if a relationship.
        func destinationType(_ entity: Entity?, _ property: String) -> AttributeType? {
            entity?.property(named: property)?.relationship.flatMap { identityType(of: $0.destination) }
        }
        func references(_ value: JSONValue, _ type: AttributeType?) -> JSONValue {
            guard let type else { return value }
            return StoredValue.mappingReferences(in: value) { canonical($0, type) }
        }
        var result = self
        result.objects = objects.map { change in
            var c = change
            let entity = schema.entity(named: change.entity)
            c.id.identity = canonical(change.id.identity, entity?.canonicalIdentityType)
            c.values = change.values.map { PropertyValue(name: $0.name, value: references($0.value, destinationType(entity, $0.name))) }
            c.changes = change.changes.map { p in
                let type = destinationType(entity, p.property)
                guard type != nil else { return p }
                switch p.kind {
                case .attribute(let old, let new):
                    return PropertyChange(property: p.property, kind: .attribute(old: references(old, type), new: references(new, type)))
                case .reference(let old, let new):
                    return PropertyChange(property: p.property, kind: .reference(old: old.map { canonical($0, type) }, new: new.map { canonical($0, type) }))
                case .members(let added, let removed):
                    return PropertyChange(property: p.property, kind: .members(added: added.map { canonical($0, type) }, removed: removed.map { canonical($0, type) }))
                }
            }
            c.chains = change.chains.map { chain in
                let type = destinationType(entity, chain.relationship)
                return ChainMembers(relationship: chain.relationship, members: chain.members.map { canonical($0, type) })
            }
            return c
        }
        result.sequences = sequences.map { s in
            var x = s
            let owner = schema.entity(named: s.ownerEntity)
            let type = destinationType(owner, s.relationship)
            x.owner.identity = canonical(s.owner.identity, owner?.canonicalIdentityType)
            x.inserted = s.inserted.map { .init(member: canonical($0.member, type), after: $0.after.map { canonical($0, type) }) }
            x.removed = s.removed.map { .init(member: canonical($0.member, type), after: $0.after.map { canonical($0, type) }) }
            x.moved = s.moved.map { .init(member: canonical($0.member, type), from: $0.from.map { canonical($0, type) }, to: $0.to.map { canonical($0, type) }) }
            x.positions = s.positions.map { .init(member: canonical($0.member, type), old: $0.old, new: $0.new) }
            return x
        }
        result.rekeys = rekeys.map { r in
            var x = r
            let type = schema.entity(named: r.entity)?.canonicalIdentityType
            x.id.identity = canonical(r.id.identity, type)
            x.newIdentity = canonical(r.newIdentity, type)
            return x
        }
        return result
    }
}
