import Foundation
import XCTest
@testable import GraphDiff

/// A `contents` file holding `body` (entities and model-level elements).
func coreDataModel(_ body: String, version: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" \
    systemVersion="23C71" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="\(version)">
    \(body)
    </model>

    """
}

/// The imported `entities` member as compact sorted JSON, and the notes.
func coreDataImport(_ body: String, identities: [String: String] = [:]) throws -> (entities: String, notes: [String]) {
    let imported = try CoreDataImport.convert(CoreDataModel.parse(Array(coreDataModel(body).utf8)), name: "M", identities: identities)
    return (JSONWriter.string(imported.document["entities"] ?? .null, style: .compactSorted), imported.notes.map(\.description))
}

/// The problems of importing `text` (a whole file), checked schema included.
func coreDataProblems(_ text: String, identities: [String: String] = [:],
                      file: StaticString = #filePath, line: UInt = #line) -> [String] {
    do {
        _ = try CoreDataImport.load(Array(text.utf8), name: "M", identities: identities)
        XCTFail("model accepted", file: file, line: line)
    } catch let e as SchemaError {
        return e.problems.map(\.description)
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
    return []
}

final class CoreDataImportTests: XCTestCase {
    // MARK: Attributes

    func test_attributeTypes_mapByTheTable_compositesTransformableUndefinedAreJSON() throws {
        let r = try coreDataImport("""
            <entity name="E" representedClassName="E" syncable="YES" codeGenerationType="class">
                <attribute name="a16" attributeType="Integer 16" usesScalarValueType="YES"/>
                <attribute name="a32" attributeType="Integer 32" usesScalarValueType="YES"/>
                <attribute name="a64" attributeType="Integer 64" usesScalarValueType="YES"/>
                <attribute name="bin" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
                <attribute name="bool" attributeType="Boolean" usesScalarValueType="YES"/>
                <attribute name="comp" attributeType="Composite" composite="Point"/>
                <attribute name="date" attributeType="Date" usesScalarValueType="NO"/>
                <attribute name="dec" attributeType="Decimal"/>
                <attribute name="dbl" attributeType="Double" usesScalarValueType="YES"/>
                <attribute name="flt" attributeType="Float" usesScalarValueType="YES"/>
                <attribute name="str" attributeType="String" minValueString="1" maxValueString="9" regularExpressionString="x"/>
                <attribute name="trans" attributeType="Transformable" valueTransformerName="T" customClassName="C"/>
                <attribute name="undef" optional="YES" transient="YES" attributeType="Undefined"/>
                <attribute name="uri" attributeType="URI"/>
                <attribute name="uuid" attributeType="UUID" usesScalarValueType="NO"/>
            </entity>
            <composite name="Point">
                <attribute name="x" attributeType="Double" usesScalarValueType="YES"/>
            </composite>
            """)
        XCTAssertEqual(r.entities, #"{"E":{"attributes":{"a16":{"type":"int16"},"a32":{"type":"int32"},"a64":{"type":"int64"},"bin":{"type":"binary"},"bool":{"type":"bool"},"comp":{"type":"json"},"date":{"type":"date"},"dbl":{"type":"double"},"dec":{"type":"decimal"},"flt":{"type":"float"},"str":{"type":"string"},"trans":{"type":"json"},"undef":{"optional":true,"transient":true,"type":"json"},"uri":{"type":"uri"},"uuid":{"type":"uuid"}}}}"#)
        XCTAssertEqual(r.notes, [
            #"E.comp: composite "Point" is imported as json; its fields are not checked"#,
            "E.str: validation rule maxValueString is not kept: graphdiff does not check it",
            "E.str: validation rule minValueString is not kept: graphdiff does not check it",
            "E.str: validation rule regularExpressionString is not kept: graphdiff does not check it",
        ])
    }

    func test_defaults_areTypedPerType_datesFromSecondsSince2001() throws {
        let r = try coreDataImport("""
            <entity name="E">
                <attribute name="b1" attributeType="Boolean" defaultValueString="YES"/>
                <attribute name="b2" attributeType="Boolean" defaultValueString="NO"/>
                <attribute name="d0" attributeType="Date" defaultDateTimeInterval="0"/>
                <attribute name="d1" attributeType="Date" defaultDateTimeInterval="86400.5"/>
                <attribute name="d2" attributeType="Date" defaultDateTimeInterval="-978307200"/>
                <attribute name="d3" attributeType="Date" defaultDateTimeInterval="785000000"/>
                <attribute name="dec" attributeType="Decimal" defaultValueString="1.25"/>
                <attribute name="dbl" attributeType="Double" defaultValueString="0.0"/>
                <attribute name="flt" attributeType="Float" defaultValueString="-2.5e3"/>
                <attribute name="i16" attributeType="Integer 16" defaultValueString="-7"/>
                <attribute name="i64" attributeType="Integer 64" defaultValueString="9000000000"/>
                <attribute name="s" attributeType="String" defaultValueString="a &quot;b&quot;"/>
                <attribute name="u" attributeType="URI" defaultValueString="https://example.com/"/>
                <attribute name="id" attributeType="UUID" defaultValueString="0E8C3DA2-8D3D-4C6B-9F1A-0123456789AB"/>
            </entity>
            """)
        XCTAssertEqual(r.entities, #"{"E":{"attributes":{"b1":{"default":true,"type":"bool"},"b2":{"default":false,"type":"bool"},"d0":{"default":"2001-01-01T00:00:00Z","type":"date"},"d1":{"default":"2001-01-02T00:00:00.5Z","type":"date"},"d2":{"default":"1970-01-01T00:00:00Z","type":"date"},"d3":{"default":"2025-11-16T15:33:20Z","type":"date"},"dbl":{"default":0.0,"type":"double"},"dec":{"default":1.25,"type":"decimal"},"flt":{"default":-2.5e3,"type":"float"},"i16":{"default":-7,"type":"int16"},"i64":{"default":9000000000,"type":"int64"},"id":{"default":"0E8C3DA2-8D3D-4C6B-9F1A-0123456789AB","type":"uuid"},"s":{"default":"a \"b\"","type":"string"},"u":{"default":"https://example.com/","type":"uri"}}}}"#)
        XCTAssertEqual(r.notes, [])
    }

    func test_unusableDefaults_areNotes_notFailures() throws {
        let r = try coreDataImport("""
            <entity name="E">
                <attribute name="b" optional="YES" attributeType="Boolean" defaultValueString="maybe"/>
                <attribute name="bin" optional="YES" attributeType="Binary" defaultValueString="xx"/>
                <attribute name="d" optional="YES" attributeType="Date" defaultValueString="today"/>
                <attribute name="e" optional="YES" attributeType="Date" defaultDateTimeInterval="soon"/>
                <attribute name="f" optional="YES" attributeType="Float" defaultValueString="1e999"/>
                <attribute name="i" optional="YES" attributeType="Integer 16" defaultValueString="70000"/>
                <attribute name="j" optional="YES" attributeType="Integer 32" defaultValueString="1.5"/>
                <attribute name="n" optional="YES" attributeType="Double" defaultValueString=".5"/>
                <attribute name="u" optional="YES" attributeType="UUID" defaultValueString="not-a-uuid"/>
            </entity>
            """)
        XCTAssertEqual(r.entities, #"{"E":{"attributes":{"b":{"optional":true,"type":"bool"},"bin":{"optional":true,"type":"binary"},"d":{"optional":true,"type":"date"},"e":{"optional":true,"type":"date"},"f":{"optional":true,"type":"float"},"i":{"optional":true,"type":"int16"},"j":{"optional":true,"type":"int32"},"n":{"optional":true,"type":"double"},"u":{"optional":true,"type":"uuid"}}}}"#)
        XCTAssertEqual(r.notes, [
            #"E.b: default "maybe" is not YES or NO: not imported"#,
            #"E.bin: default "xx" of a Binary attribute has no counterpart: not imported"#,
            #"E.d: default "today" is not a defaultDateTimeInterval: not imported"#,
            #"E.e: default "soon" is not a number of seconds since 2001-01-01: not imported"#,
            #"E.f: default "1e999" is out of range for float: not imported"#,
            #"E.i: default "70000" is out of range for int16: not imported"#,
            #"E.j: default "1.5" is not an integer: not imported"#,
            #"E.n: default ".5" is not a number: not imported"#,
            #"E.u: default "not-a-uuid" is not a UUID (8-4-4-4-12 hex digits): not imported"#,
        ])
    }

    func test_entities_parentAbstractRenamingIdentifier_attributesOptionalTransientRenamed() throws {
        let r = try coreDataImport("""
            <entity name="Animal" isAbstract="YES" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String" elementID="title"/>
                <attribute name="mood" optional="YES" transient="YES" attributeType="String"/>
            </entity>
            <entity name="Dog" parentEntity="Animal" elementID="Hound" syncable="YES"/>
            """)
        XCTAssertEqual(r.entities, #"{"Animal":{"abstract":true,"attributes":{"mood":{"optional":true,"transient":true,"type":"string"},"name":{"optional":true,"renamedFrom":"title","type":"string"}}},"Dog":{"parent":"Animal","renamedFrom":"Hound"}}"#)
        XCTAssertEqual(r.notes, [])
    }

    func test_derivedAttribute_isStored_itsExpressionANote() throws {
        let r = try coreDataImport("""
            <entity name="E">
                <attribute name="count" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="items.@count"/>
            </entity>
            """)
        XCTAssertEqual(r.entities, #"{"E":{"attributes":{"count":{"optional":true,"type":"int64"}}}}"#)
        XCTAssertEqual(r.notes, [#"E.count: derived attribute: its expression "items.@count" is not kept; imported as a stored attribute"#])
    }

    // MARK: Relationships

    func test_relationships_toManyDeleteRulesInverseCountsOptionalRenamed() throws {
        let r = try coreDataImport("""
            <entity name="A">
                <relationship name="bs" optional="YES" toMany="YES" minCount="2" maxCount="5" deletionRule="Cascade" destinationEntity="B" inverseName="a" inverseEntity="B"/>
                <relationship name="cs" toMany="YES" deletionRule="Deny" destinationEntity="C" inverseName="as" inverseEntity="C"/>
                <relationship name="d" maxCount="1" deletionRule="No Action" destinationEntity="C" inverseName="d" inverseEntity="C" elementID="dee"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A" inverseName="bs" inverseEntity="A"/>
            </entity>
            <entity name="C">
                <relationship name="as" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="A" inverseName="cs" inverseEntity="A"/>
                <relationship name="d" optional="YES" minCount="1" maxCount="1" destinationEntity="A" inverseName="d" inverseEntity="A"/>
            </entity>
            """)
        XCTAssertEqual(r.entities, #"{"A":{"relationships":{"bs":{"deleteRule":"cascade","destination":"B","inverse":"a","maxCount":5,"minCount":2,"toMany":true},"cs":{"deleteRule":"deny","destination":"C","inverse":"as","minCount":1,"toMany":true},"d":{"deleteRule":"noAction","destination":"C","inverse":"d","optional":false,"renamedFrom":"dee"}}},"B":{"relationships":{"a":{"destination":"A","inverse":"bs"}}},"C":{"relationships":{"as":{"destination":"A","inverse":"cs","toMany":true},"d":{"destination":"A","inverse":"d"}}}}"#)
        XCTAssertEqual(r.notes, [])
    }

    func test_relationshipWithoutInverse_hasNoInverseMember() throws {
        let r = try coreDataImport("""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B"/>
            </entity>
            <entity name="B"/>
            """)
        XCTAssertEqual(r.entities, #"{"A":{"relationships":{"b":{"destination":"B"}}},"B":{}}"#)
        XCTAssertEqual(r.notes, [])
    }

    func test_transientRelationship_isANote_andItsInverseBecomesOneWay() throws {
        let r = try coreDataImport("""
            <entity name="A">
                <relationship name="cache" optional="YES" maxCount="1" transient="YES" deletionRule="Nullify" destinationEntity="B" inverseName="owner" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A" inverseName="cache" inverseEntity="A"/>
            </entity>
            """)
        XCTAssertEqual(r.entities, #"{"A":{},"B":{"relationships":{"owner":{"destination":"A"}}}}"#)
        XCTAssertEqual(r.notes, [
            "A.cache: transient relationship: not imported",
            #"B.owner: its inverse "A.cache" is transient: imported without an inverse"#,
        ])
    }

    // MARK: Ordered relationships

    func test_ordered_reusesThePrevNextPairOfTheMember() throws {
        let r = try coreDataImport("""
            <entity name="List">
                <relationship name="items" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Item" inverseName="list" inverseEntity="Item"/>
            </entity>
            <entity name="Item">
                <relationship name="list" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="List" inverseName="items" inverseEntity="List"/>
                <relationship name="nextItem" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Item" inverseName="previousItem" inverseEntity="Item"/>
                <relationship name="previousItem" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Item" inverseName="nextItem" inverseEntity="Item"/>
            </entity>
            """)
        XCTAssertEqual(r.entities, #"{"Item":{"relationships":{"list":{"destination":"List","inverse":"items"},"nextItem":{"destination":"Item","inverse":"previousItem"},"previousItem":{"destination":"Item","inverse":"nextItem"}}},"List":{"relationships":{"items":{"deleteRule":"cascade","destination":"Item","inverse":"list","ordered":{"next":"nextItem","prev":"previousItem"},"toMany":true}}}}"#)
        XCTAssertEqual(r.notes, [])
    }

    func test_ordered_withoutAPair_addsNamedLinks_qualifiedWhenTwoShareAMember_numberedWhenTaken() throws {
        let r = try coreDataImport("""
            <entity name="Board">
                <relationship name="cards" optional="YES" toMany="YES" ordered="YES" destinationEntity="Card" inverseName="board" inverseEntity="Card"/>
            </entity>
            <entity name="Deck">
                <relationship name="cards" optional="YES" toMany="YES" ordered="YES" destinationEntity="Card" inverseName="deck" inverseEntity="Card"/>
            </entity>
            <entity name="Song">
                <relationship name="notes" optional="YES" toMany="YES" ordered="YES" destinationEntity="Note" inverseName="song" inverseEntity="Note"/>
            </entity>
            <entity name="Card">
                <relationship name="board" optional="YES" maxCount="1" destinationEntity="Board" inverseName="cards" inverseEntity="Board"/>
                <relationship name="deck" optional="YES" maxCount="1" destinationEntity="Deck" inverseName="cards" inverseEntity="Deck"/>
            </entity>
            <entity name="Note">
                <attribute name="notesPrev" optional="YES" attributeType="String"/>
                <relationship name="song" optional="YES" maxCount="1" destinationEntity="Song" inverseName="notes" inverseEntity="Song"/>
            </entity>
            """)
        XCTAssertEqual(r.entities, #"{"Board":{"relationships":{"cards":{"destination":"Card","inverse":"board","ordered":{"next":"boardCardsNext","prev":"boardCardsPrev"},"toMany":true}}},"Card":{"relationships":{"board":{"destination":"Board","inverse":"cards"},"boardCardsNext":{"destination":"Card","inverse":"boardCardsPrev"},"boardCardsPrev":{"destination":"Card","inverse":"boardCardsNext"},"deck":{"destination":"Deck","inverse":"cards"},"deckCardsNext":{"destination":"Card","inverse":"deckCardsPrev"},"deckCardsPrev":{"destination":"Card","inverse":"deckCardsNext"}}},"Deck":{"relationships":{"cards":{"destination":"Card","inverse":"deck","ordered":{"next":"deckCardsNext","prev":"deckCardsPrev"},"toMany":true}}},"Note":{"attributes":{"notesPrev":{"optional":true,"type":"string"}},"relationships":{"notesNext2":{"destination":"Note","inverse":"notesPrev2"},"notesPrev2":{"destination":"Note","inverse":"notesNext2"},"song":{"destination":"Song","inverse":"notes"}}},"Song":{"relationships":{"notes":{"destination":"Note","inverse":"song","ordered":{"next":"notesNext2","prev":"notesPrev2"},"toMany":true}}}}"#)
        XCTAssertEqual(r.notes, [
            #"Board.cards: ordered: chain links "Card.boardCardsPrev" and "Card.boardCardsNext" added to the member entity"#,
            #"Deck.cards: ordered: chain links "Card.deckCardsPrev" and "Card.deckCardsNext" added to the member entity"#,
            #"Song.notes: ordered: chain links "Note.notesPrev2" and "Note.notesNext2" added to the member entity"#,
        ])
    }

    func test_orderedWithoutAToOneInverse_isAnArrayOnTheOwner() throws {
        let body = """
            <entity name="A">
                <relationship name="many" optional="YES" toMany="YES" ordered="YES" destinationEntity="B" inverseName="as" inverseEntity="B"/>
                <relationship name="oneWay" optional="YES" toMany="YES" ordered="YES" destinationEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="as" optional="YES" toMany="YES" destinationEntity="A" inverseName="many" inverseEntity="A"/>
            </entity>
            """
        let r = try coreDataImport(body)
        XCTAssertEqual(r.entities, #"{"A":{"relationships":{"many":{"destination":"B","inverse":"as","ordered":"array","toMany":true},"oneWay":{"destination":"B","ordered":"array","toMany":true}}},"B":{"relationships":{"as":{"destination":"A","inverse":"many","toMany":true}}}}"#)
        XCTAssertEqual(r.notes, [])
        // It checks as a schema: an ordered many-to-many and a one-way ordered to-many.
        let schema = try CoreDataImport.load(Array(coreDataModel(body).utf8), name: "M").schema
        XCTAssertEqual(schema.entity(named: "A")?.property(named: "many")?.relationship?.storage, .orderedArray)
        XCTAssertEqual(schema.entity(named: "A")?.property(named: "oneWay")?.relationship?.storage, .orderedArray)
        XCTAssertEqual(schema.entity(named: "B")?.property(named: "as")?.relationship?.storage, .manyToMany)
    }

    /// Both sides of a many-to-many ordered: two arrays, each in its own order.
    func test_orderedOnBothSides_twoArrays() throws {
        let r = try coreDataImport("""
            <entity name="Book">
                <relationship name="lists" optional="YES" toMany="YES" ordered="YES" destinationEntity="List" inverseName="books" inverseEntity="List"/>
            </entity>
            <entity name="List">
                <relationship name="books" optional="YES" toMany="YES" ordered="YES" destinationEntity="Book" inverseName="lists" inverseEntity="Book"/>
            </entity>
            """)
        XCTAssertEqual(r.entities, #"{"Book":{"relationships":{"lists":{"destination":"List","inverse":"books","ordered":"array","toMany":true}}},"List":{"relationships":{"books":{"destination":"Book","inverse":"lists","ordered":"array","toMany":true}}}}"#)
    }

    static let board = """
        <entity name="Board">
            <relationship name="cards" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Card" inverseName="board" inverseEntity="Card"/>
            <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag" inverseName="board" inverseEntity="Tag"/>
        </entity>
        <entity name="Card">
            <attribute name="position" optional="YES" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
            <attribute name="title" optional="YES" attributeType="String"/>
            <relationship name="board" optional="YES" maxCount="1" destinationEntity="Board" inverseName="cards" inverseEntity="Board"/>
        </entity>
        <entity name="Tag">
            <attribute name="sortIndex" attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"/>
            <relationship name="board" optional="YES" maxCount="1" destinationEntity="Board" inverseName="tags" inverseEntity="Board"/>
            <userInfo/>
        </entity>
        """

    func test_orderedArrayOption_keepsAToOneInverseOrderAsAnArray() throws {
        let imported = try CoreDataImport.convert(CoreDataModel.parse(Array(coreDataModel(Self.board).utf8)), name: "M",
                                                  options: .init(orderedAsArrays: true))
        XCTAssertEqual(imported.document["entities"]?["Board"]?["relationships"]?["cards"]?["ordered"], "array")
        XCTAssertNil(imported.document["entities"]?["Card"]?["relationships"]?["cardsPrev"])
        XCTAssertEqual(imported.notes, [])
    }

    func test_orderedBy_keepsAnIndexOrdering_orderedInTheModelOrNot() throws {
        let imported = try CoreDataImport.convert(CoreDataModel.parse(Array(coreDataModel(Self.board).utf8)), name: "M",
                                                  options: .init(orderedBy: ["Board.cards": "position", "Board.tags": "sortIndex"]))
        XCTAssertEqual(imported.document["entities"]?["Board"]?["relationships"]?["cards"]?["ordered"], ["index": "position"])
        XCTAssertEqual(imported.document["entities"]?["Board"]?["relationships"]?["tags"]?["ordered"], ["index": "sortIndex"])
        XCTAssertEqual(imported.notes.map(\.description), [#"Board.cards: ordered in the model; kept by the members' "position" as --ordered-by says"#])
        let schema = try imported.checkedSchema()
        XCTAssertEqual(schema.entity(named: "Board")?.property(named: "cards")?.relationship?.indexAttribute, "position")
    }

    func test_orderedByUserInfo_keepsAnIndexOrdering() throws {
        let body = Self.board.replacingOccurrences(of: """
            <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag" inverseName="board" inverseEntity="Tag"/>
            """, with: """
            <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag" inverseName="board" inverseEntity="Tag">
                <userInfo>
                    <entry key="orderedBy" value="sortIndex"/>
                </userInfo>
            </relationship>
            """)
        let r = try coreDataImport(body)
        XCTAssertTrue(r.entities.contains(#""tags":{"destination":"Tag","inverse":"board","ordered":{"index":"sortIndex"},"toMany":true}"#), r.entities)
        // A userInfo entry that names what cannot order it is a note, and the relationship stays as the model has it.
        let bad = try coreDataImport(body.replacingOccurrences(of: #"value="sortIndex""#, with: #"value="missing""#))
        XCTAssertTrue(bad.notes.contains(#"Board.tags: userInfo "orderedBy" "missing" is not used: "missing" is not an attribute of "Tag""#), "\(bad.notes)")
        XCTAssertTrue(bad.entities.contains(#""tags":{"destination":"Tag","inverse":"board","toMany":true}"#))
    }

    /// Found by a user-style session: two userInfo entries naming one
    /// attribute made the import fail; the first (by relationship name)
    /// keeps it and the second is a note, as for any entry that cannot
    /// order its relationship. The same by `--ordered-by` is an error.
    func test_orderedBy_oneAttributeOrdersOneRelationship() throws {
        let body = """
            <entity name="Board">
                <relationship name="cards" optional="YES" toMany="YES" destinationEntity="Card" inverseName="board" inverseEntity="Card">
                    <userInfo><entry key="orderedBy" value="position"/></userInfo>
                </relationship>
                <relationship name="pinned" optional="YES" toMany="YES" destinationEntity="Card" inverseName="pinnedOn" inverseEntity="Card">
                    <userInfo><entry key="orderedBy" value="position"/></userInfo>
                </relationship>
            </entity>
            <entity name="Card">
                <attribute name="position" optional="YES" attributeType="Integer 32" usesScalarValueType="YES"/>
                <relationship name="board" optional="YES" maxCount="1" destinationEntity="Board" inverseName="cards" inverseEntity="Board"/>
                <relationship name="pinnedOn" optional="YES" maxCount="1" destinationEntity="Board" inverseName="pinned" inverseEntity="Board"/>
            </entity>
            """
        let r = try coreDataImport(body)
        XCTAssertEqual(r.notes, [#"Board.pinned: userInfo "orderedBy" "position" is not used: "Card.position" already orders "Board.cards"; an attribute orders one relationship"#])
        XCTAssertTrue(r.entities.contains(#""cards":{"destination":"Card","inverse":"board","ordered":{"index":"position"},"toMany":true}"#), r.entities)
        XCTAssertTrue(r.entities.contains(#""pinned":{"destination":"Card","inverse":"pinnedOn","toMany":true}"#), r.entities)
        // The option takes the attribute before any other relationship's entry.
        let chosen = try CoreDataImport.convert(CoreDataModel.parse(Array(coreDataModel(body).utf8)), name: "M",
                                                options: .init(orderedBy: ["Board.pinned": "position"]))
        XCTAssertEqual(chosen.document["entities"]?["Board"]?["relationships"]?["pinned"]?["ordered"], ["index": "position"])
        XCTAssertEqual(chosen.document["entities"]?["Board"]?["relationships"]?["cards"]?["ordered"], nil)
        XCTAssertEqual(chosen.notes.map(\.description),
                       [#"Board.cards: userInfo "orderedBy" "position" is not used: "Card.position" already orders "Board.pinned"; an attribute orders one relationship"#])
        XCTAssertThrowsError(try CoreDataImport.load(Array(coreDataModel(body).utf8), name: "M",
                                                     options: .init(orderedBy: ["Board.cards": "position", "Board.pinned": "position"]))) { error in
            XCTAssertEqual((error as? SchemaError)?.problems.map(\.description),
                           [#"--ordered-by: Board.pinned=position: "Card.position" already orders "Board.cards"; an attribute orders one relationship"#])
        }
    }

    func test_orderedBy_errors() {
        func problems(_ orderedBy: [String: String]) -> [String] {
            do {
                _ = try CoreDataImport.load(Array(coreDataModel(Self.board).utf8), name: "M", options: .init(orderedBy: orderedBy))
                XCTFail("accepted \(orderedBy)")
            } catch let e as SchemaError {
                return e.problems.map(\.description)
            } catch {
                XCTFail("\(error)")
            }
            return []
        }
        XCTAssertEqual(problems(["Board.nothing": "position"]), [#"--ordered-by: no relationship "Board.nothing" in the model"#])
        XCTAssertEqual(problems(["Board.cards": "title"]), [#"--ordered-by: Board.cards=title: "Card.title" is not of an integer, decimal, float or double type"#])
        XCTAssertEqual(problems(["Board.cards": "nope"]), [#"--ordered-by: Board.cards=nope: "nope" is not an attribute of "Card""#])
        XCTAssertEqual(problems(["Card.board": "position"]), [#"--ordered-by: Card.board=position: only a to-many relationship can be ordered"#])
    }

    /// Xcode writes no attributeType for an Undefined (transient) attribute.
    func test_attributeWithoutType_isATransientJSONAttribute_withANote() throws {
        let r = try coreDataImport("""
            <entity name="E">
                <attribute name="cache" optional="YES" transient="YES"/>
                <attribute name="scratch" optional="YES"/>
            </entity>
            """)
        XCTAssertEqual(r.entities, #"{"E":{"attributes":{"cache":{"optional":true,"transient":true,"type":"json"},"scratch":{"optional":true,"transient":true,"type":"json"}}}}"#)
        XCTAssertEqual(r.notes, [
            "E.cache: no attributeType (Undefined): imported as a transient json attribute",
            "E.scratch: no attributeType (Undefined): imported as a transient json attribute, as Core Data keeps an Undefined attribute in memory only",
        ])
    }

    /// Two relationships name one inverse, which names one of them back:
    /// that pair stays two-way, the other becomes one-way (as in a real model).
    func test_competingInverses_theConsistentPairStays() throws {
        let body = """
            <entity name="Artist">
                <relationship name="thumbnail" optional="YES" maxCount="1" destinationEntity="Image" inverseName="thumbnail" inverseEntity="Image"/>
            </entity>
            <entity name="Image">
                <relationship name="artist" optional="YES" maxCount="1" destinationEntity="Artist" inverseName="thumbnail" inverseEntity="Artist"/>
                <relationship name="thumbnail" optional="YES" maxCount="1" destinationEntity="Artist" inverseName="thumbnail" inverseEntity="Artist"/>
            </entity>
            """
        let r = try coreDataImport(body)
        XCTAssertEqual(r.entities, #"{"Artist":{"relationships":{"thumbnail":{"destination":"Image","inverse":"thumbnail"}}},"Image":{"relationships":{"artist":{"destination":"Artist"},"thumbnail":{"destination":"Artist","inverse":"thumbnail"}}}}"#)
        XCTAssertEqual(r.notes, [#"Image.artist: its inverse "Artist.thumbnail" names "Image.thumbnail" back, which claims it too: imported as a one-way reference"#])
        XCTAssertNoThrow(try CoreDataImport.load(Array(coreDataModel(body).utf8), name: "M"))
    }

    func test_orderedChains_checkAsASchema() throws {
        let text = coreDataModel("""
            <entity name="Board">
                <relationship name="cards" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Card" inverseName="board" inverseEntity="Card"/>
            </entity>
            <entity name="Card">
                <relationship name="board" optional="YES" maxCount="1" destinationEntity="Board" inverseName="cards" inverseEntity="Board"/>
            </entity>
            """)
        let schema = try CoreDataImport.load(Array(text.utf8), name: "M").schema
        XCTAssertEqual(schema.entity(named: "Board")?.relationships.first?.ordered, .chain(prev: "cardsPrev", next: "cardsNext"))
        XCTAssertEqual(schema.entity(named: "Card")?.relationships.map(\.name), ["board", "cardsNext", "cardsPrev"])
    }

    // MARK: Identity

    func test_identity_optionThenUserInfoThenUniquenessConstraint() throws {
        let r = try coreDataImport("""
            <entity name="A">
                <attribute name="code" attributeType="Integer 32"/>
                <attribute name="key" attributeType="String"/>
                <userInfo>
                    <entry key="relatedByAttribute" value="code"/>
                    <entry key="identity" value="key"/>
                </userInfo>
            </entity>
            <entity name="B">
                <attribute name="uuid" attributeType="UUID"/>
                <uniquenessConstraints>
                    <uniquenessConstraint><constraint value="uuid"/></uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <entity name="C">
                <attribute name="n" attributeType="Integer 64"/>
                <attribute name="s" attributeType="String"/>
                <userInfo><entry key="id" value="s"/></userInfo>
            </entity>
            """, identities: ["C": "n"])
        XCTAssertEqual(r.entities, #"{"A":{"attributes":{"code":{"type":"int32"},"key":{"type":"string"}},"identity":"key"},"B":{"attributes":{"uuid":{"type":"uuid"}},"identity":"uuid"},"C":{"attributes":{"n":{"type":"int64"},"s":{"type":"string"}},"identity":"n"}}"#)
        XCTAssertEqual(r.notes, [#"A: userInfo "relatedByAttribute" ("code") is not used: the identity is named by userInfo "identity""#])
    }

    func test_identity_thatCannotBeOne_isANote_andStaysImplicit() throws {
        let r = try coreDataImport("""
            <entity name="A">
                <attribute name="id" optional="YES" attributeType="String"/>
                <userInfo><entry key="id" value="id"/></userInfo>
            </entity>
            <entity name="B">
                <attribute name="when" attributeType="Date"/>
                <uniquenessConstraints>
                    <uniquenessConstraint><constraint value="when"/></uniquenessConstraint>
                    <uniquenessConstraint><constraint value="when"/><constraint value="x"/></uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <entity name="C" parentEntity="D">
                <attribute name="cid" attributeType="String"/>
                <userInfo><entry key="identity" value="cid"/></userInfo>
            </entity>
            <entity name="D"/>
            <entity name="E">
                <attribute name="t" transient="YES" attributeType="String"/>
                <userInfo><entry key="relatedByAttribute" value="t"/></userInfo>
            </entity>
            <entity name="F">
                <userInfo><entry key="identityAttribute" value="missing"/></userInfo>
            </entity>
            """)
        XCTAssertEqual(r.entities, #"{"A":{"attributes":{"id":{"optional":true,"type":"string"}}},"B":{"attributes":{"when":{"type":"date"}}},"C":{"attributes":{"cid":{"type":"string"}},"parent":"D"},"D":{},"E":{"attributes":{"t":{"transient":true,"type":"string"}}},"F":{}}"#)
        XCTAssertEqual(r.notes, [
            #"A: identity "id" (from userInfo "id") is optional: the identity stays implicit"#,
            #"B: identity "when" (from uniqueness constraint) has type date, and an identity must be string, uuid or an integer: the identity stays implicit"#,
            "B: uniqueness constraint (when, x) is not kept",
            #"C: identity "cid" (from userInfo "identity") is not used, as a sub-entity has the identity of its root: the identity stays implicit"#,
            #"E: identity "t" (from userInfo "relatedByAttribute") is transient: the identity stays implicit"#,
            #"F: identity "missing" (from userInfo "identityAttribute") is not an attribute of "F": the identity stays implicit"#,
        ])
    }

    func test_identityOption_thatCannotBeOne_isAnError_neverImplicit() {
        let model = coreDataModel("""
            <entity name="C" parentEntity="D">
                <attribute name="cid" attributeType="String"/>
            </entity>
            <entity name="D">
                <attribute name="code" attributeType="String"/>
                <attribute name="opt" optional="YES" attributeType="String"/>
                <attribute name="t" transient="YES" attributeType="String"/>
                <attribute name="when" attributeType="Date"/>
                <userInfo><entry key="identity" value="code"/></userInfo>
            </entity>
            """)
        XCTAssertEqual(coreDataProblems(model, identities: ["D": "nope"]),
                       [#"--identity: D=nope: "nope" is not an attribute of "D""#])
        XCTAssertEqual(coreDataProblems(model, identities: ["D": "opt"]), [#"--identity: D=opt: "opt" is optional"#])
        XCTAssertEqual(coreDataProblems(model, identities: ["D": "t"]), [#"--identity: D=t: "t" is transient"#])
        XCTAssertEqual(coreDataProblems(model, identities: ["D": "when"]),
                       [#"--identity: D=when: "when" has type date, and an identity must be string, uuid or an integer"#])
        XCTAssertEqual(coreDataProblems(model, identities: ["C": "cid"]),
                       [#"--identity: C=cid: "cid" is not used, as a sub-entity has the identity of its root"#])
    }

    func test_identityForAnUnknownEntity_isAnError() {
        XCTAssertEqual(coreDataProblems(coreDataModel(#"<entity name="A"/>"#), identities: ["Nope": "id"]),
                       [#"--identity: no entity "Nope" in the model"#])
    }

    // MARK: Notes

    func test_whatHasNoCounterpart_isListedAsNotes() throws {
        let r = try coreDataImport("""
            <entity name="E" representedClassName="E" syncable="YES" spotlight="YES">
                <attribute name="a" optional="YES" attributeType="String" fancy="1"/>
                <fetchedProperty name="recent" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="E" predicateString="a == 1"/>
                </fetchedProperty>
                <fetchIndex name="byA">
                    <fetchIndexElement property="a" type="Binary" order="ascending"/>
                </fetchIndex>
                <compoundIndexes>
                    <compoundIndex><index value="a"/></compoundIndex>
                </compoundIndexes>
                <userInfo><entry key="note" value="kept nowhere"/></userInfo>
            </entity>
            <fetchRequest name="All" entity="E"/>
            <configuration name="Cloud" usedWithCloudKit="YES">
                <memberEntity name="E"/>
            </configuration>
            <elements>
                <element name="E" positionX="-63" positionY="-18" width="128" height="44"/>
            </elements>
            """)
        XCTAssertEqual(r.entities, #"{"E":{"attributes":{"a":{"optional":true,"type":"string"}}}}"#)
        XCTAssertEqual(r.notes, [
            #"E: fetch index "(compound index)" is not kept"#,
            #"E: fetch index "byA" is not kept"#,
            #"E: unknown XML attribute "spotlight" on <entity>: skipped"#,
            #"E.a: unknown XML attribute "fancy" on <attribute>: skipped"#,
            "E.recent: fetched property: not imported",
            #"model: configuration "Cloud" is not kept"#,
            #"model: fetch request "All" is not kept"#,
            "model: the <elements> layout block is not kept",
        ])
    }

    func test_toolVersionNoise_andElementOrder_neverChangeTheDocument() throws {
        let a = coreDataModel("""
            <entity name="A"><attribute name="x" attributeType="String"/><attribute name="y" attributeType="Boolean"/></entity>
            <entity name="B"><attribute name="z" optional="YES" attributeType="Date"/></entity>
            """)
        let b = a.replacingOccurrences(of: "22522", with: "23231").replacingOccurrences(of: "23C71", with: "24A335")
        let c = coreDataModel("""
            <entity name="B"><attribute name="z" optional="YES" attributeType="Date"/></entity>
            <entity name="A"><attribute name="y" attributeType="Boolean"/><attribute name="x" attributeType="String"/></entity>
            """)
        let documents = try [a, b, c].map { try JSONWriter.canonical(CoreDataImport.load(Array($0.utf8), name: "M").document) }
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(documents[0], documents[1])
        XCTAssertEqual(documents[0], documents[2])
    }

    func test_modelVersionIdentifier_isTheSchemaVersion() throws {
        let number = try CoreDataImport.load(Array(coreDataModel("", version: "3").utf8), name: "M").document
        let text = try CoreDataImport.load(Array(coreDataModel("", version: "v3 beta").utf8), name: "M").document
        let none = try CoreDataImport.load(Array(coreDataModel("").utf8), name: "M").document
        XCTAssertEqual(JSONWriter.string(number, style: .compactSorted), #"{"entities":{},"format":"graphdiff-schema/1","name":"M","version":3}"#)
        XCTAssertEqual(JSONWriter.string(text, style: .compactSorted), #"{"entities":{},"format":"graphdiff-schema/1","name":"M","version":"v3 beta"}"#)
        XCTAssertEqual(JSONWriter.string(none, style: .compactSorted), #"{"entities":{},"format":"graphdiff-schema/1","name":"M"}"#)
    }

    // MARK: Errors

    func test_errors_carryLineAndColumn() {
        XCTAssertEqual(coreDataProblems(coreDataModel("""
            <entity name="E">
                <attribute name="a" attributeType="String"/>
                <bogus/>
            </entity>
            """)), ["5:5: unknown XML element <bogus> in <entity>"])
        XCTAssertEqual(coreDataProblems("<model>\n  <entity>\n  </entity>\n</model>\n"), ["2:3: <entity> has no name"])
        XCTAssertEqual(coreDataProblems("<model>\n  <entity name=\"E\">\n    <attribute name=\"a\" attributeType=\"Text\"/>\n  </entity>\n</model>\n"),
                       [#"3:5: unknown attributeType "Text" of "E.a""#])
        XCTAssertEqual(coreDataProblems("<model>\n  <entity name=\"E\">\n    <relationship name=\"r\" destinationEntity=\"E\" deletionRule=\"Explode\"/>\n  </entity>\n</model>\n"),
                       [#"3:5: unknown deletionRule "Explode" of "E.r""#])
        XCTAssertEqual(coreDataProblems("<model>\n  <entity name=\"E\">\n    <relationship name=\"r\"/>\n  </entity>\n</model>\n"),
                       [#"3:5: relationship "E.r" has no destinationEntity"#])
        XCTAssertEqual(coreDataProblems("<model>\n  <entity name=\"E\">\n    <attribute name=\"a\" attributeType=\"String\"/>\n    <attribute name=\"a\" attributeType=\"Date\"/>\n  </entity>\n</model>\n"),
                       [#"4:5: property "E.a" is declared twice"#])
        XCTAssertEqual(coreDataProblems("<model>\n  <entity name=\"E\"/>\n  <entity name=\"E\"/>\n</model>\n"),
                       [#"3:3: entity "E" is declared twice"#])
        XCTAssertEqual(coreDataProblems("<plist/>\n"), ["1:1: unknown XML element <plist> in the document"])
        XCTAssertEqual(coreDataProblems("<model>\n  <entity name=\"E\">\n</model>\n"), ["3:9: not well-formed XML (libxml2 error 76)"])
        XCTAssertEqual(coreDataProblems("<?xml version=\"1.0\"?>\n<!DOCTYPE model [<!ENTITY a \"aaaa\">]>\n<model/>\n"),
                       ["2:1: a Core Data model has no <!DOCTYPE>"])
    }

    func test_malformedYesNoAndCounts_areErrorsAtTheirElement() {
        func problems(_ element: String) -> [String] {
            coreDataProblems("<model>\n  <entity name=\"E\">\n    \(element)\n  </entity>\n</model>\n")
        }
        XCTAssertEqual(coreDataProblems("<model>\n  <entity name=\"E\" isAbstract=\"yes\"/>\n</model>\n"),
                       [#"2:3: <entity> "E": isAbstract="yes" is not YES or NO"#])
        XCTAssertEqual(problems(#"<attribute name="a" optional="1" attributeType="String"/>"#),
                       [#"3:5: <attribute> "E.a": optional="1" is not YES or NO"#])
        XCTAssertEqual(problems(#"<attribute name="a" transient="true" attributeType="String"/>"#),
                       [#"3:5: <attribute> "E.a": transient="true" is not YES or NO"#])
        XCTAssertEqual(problems(#"<attribute name="a" derived="" attributeType="String"/>"#),
                       [#"3:5: <attribute> "E.a": derived="" is not YES or NO"#])
        XCTAssertEqual(problems(#"<relationship name="r" toMany="maybe" destinationEntity="E"/>"#),
                       [#"3:5: <relationship> "E.r": toMany="maybe" is not YES or NO"#])
        XCTAssertEqual(problems(#"<relationship name="r" ordered="Yes" toMany="YES" destinationEntity="E"/>"#),
                       [#"3:5: <relationship> "E.r": ordered="Yes" is not YES or NO"#])
        XCTAssertEqual(problems(#"<relationship name="r" toMany="YES" minCount="abc" destinationEntity="E"/>"#),
                       [#"3:5: <relationship> "E.r": minCount="abc" is not a non-negative integer"#])
        XCTAssertEqual(problems(#"<relationship name="r" toMany="YES" maxCount="-3" destinationEntity="E"/>"#),
                       [#"3:5: <relationship> "E.r": maxCount="-3" is not a non-negative integer"#])
        XCTAssertEqual(problems(#"<relationship name="r" toMany="YES" maxCount="99999999999999999999" destinationEntity="E"/>"#),
                       [#"3:5: <relationship> "E.r": maxCount="99999999999999999999" is not a non-negative integer"#])
        XCTAssertEqual(problems(#"<relationship name="r" toMany="YES" minCount="5" maxCount="2" destinationEntity="E"/>"#),
                       [#"3:5: <relationship> "E.r": minCount 5 is greater than maxCount 2"#])
    }

    func test_boundsAndYesNo_thatAreWellFormed_stillImport() throws {
        let r = try coreDataImport("""
            <entity name="E" isAbstract="NO">
                <attribute name="a" optional="NO" transient="NO" attributeType="String"/>
                <relationship name="r" optional="YES" toMany="YES" ordered="NO" minCount="2" maxCount="0" destinationEntity="E"/>
                <relationship name="s" optional="YES" toMany="YES" minCount="3" maxCount="3" destinationEntity="E"/>
            </entity>
            """)
        XCTAssertEqual(r.entities, #"{"E":{"attributes":{"a":{"type":"string"}},"relationships":{"r":{"destination":"E","minCount":2,"toMany":true},"s":{"destination":"E","maxCount":3,"minCount":3,"toMany":true}}}}"#)
        XCTAssertEqual(r.notes, [])
    }

    func test_textInsideElements_entriesWithoutAKey_aSecondIdentityEntry_areNotes() throws {
        let r = try coreDataImport("""
            <entity name="A">hello
                <attribute name="x" attributeType="String"/>
                <attribute name="y" attributeType="String"/>
                <userInfo><entry key="identity" value="y"/><entry key="id" value="x"/><entry value="v"/></userInfo>
            </entity>
            world
            """)
        XCTAssertEqual(r.entities, #"{"A":{"attributes":{"x":{"type":"string"},"y":{"type":"string"}},"identity":"x"}}"#)
        XCTAssertEqual(r.notes, [
            #"A: text "hello" inside <entity>: skipped"#,
            #"A: userInfo "identity" ("y") is not used: the identity is named by userInfo "id""#,
            #"A: userInfo entry without a key (value "v"): skipped"#,
            #"model: text "world" inside <model>: skipped"#,
        ])
    }

    func test_problemsOfTheResultingSchema_pointAtTheirElement() {
        XCTAssertEqual(coreDataProblems("""
            <model>
              <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" destinationEntity="Nope" inverseName="a"/>
                <relationship name="c" optional="YES" maxCount="1" destinationEntity="A" inverseName="zz"/>
              </entity>
            </model>
            """), [
                #"3:5: unknown destination entity "Nope""#,
                #"4:5: inverse "zz" on "A" does not exist"#,
            ])
    }
}

extension CoreDataImportTests {
    func test_oneWayRelationships_andTheInverseOfATransientOne_checkAsASchema() throws {
        let text = coreDataModel("""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B"/>
                <relationship name="bs" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="B"/>
                <relationship name="cache" optional="YES" maxCount="1" transient="YES" destinationEntity="B" inverseName="owner" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="owner" optional="YES" maxCount="1" destinationEntity="A" inverseName="cache" inverseEntity="A"/>
            </entity>
            """)
        let schema = try CoreDataImport.load(Array(text.utf8), name: "M").schema
        XCTAssertEqual(schema.entity(named: "A")?.relationships.map(\.name), ["b", "bs"])
        XCTAssertEqual(schema.entity(named: "A")?.relationships.map(\.inverse), [nil, nil])
        XCTAssertEqual(schema.entity(named: "B")?.relationships.map(\.inverse), [nil])
    }
}
