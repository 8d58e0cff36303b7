import XCTest

@testable import APODCore

/// The catalogue as committed in data/sky-objects.txt: embedded unchanged, every line read, and
/// what users type resolved to the objects they mean.
final class SkyCatalogueTests: CoreTestCase, @unchecked Sendable {
    private let catalogue = SkyCatalogue.shared

    private var dataFile: URL {
        URL(fileURLWithPath: #filePath) // Tests/APODCoreTests/Objects/this.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("data/sky-objects.txt")
    }

    func testTheEmbeddedCatalogueIsTheDataFile() throws {
        XCTAssertEqual(
            SkyCatalogueText.text, try String(contentsOf: dataFile, encoding: .utf8),
            "run scripts/generate-sky-catalogue after editing data/sky-objects.txt")
    }

    func testEveryLineIsReadAndNoNameOrDesignationIsGivenTwice() {
        XCTAssertEqual(catalogue.problems, [])
        print(
            "catalogue: \(catalogue.objectCount) objects, \(catalogue.nameCount) names, \(catalogue.designationCount) designations"
        )
        XCTAssertGreaterThanOrEqual(catalogue.nameCount, 200, "the issue asks for at least 200 names")
        XCTAssertGreaterThanOrEqual(catalogue.designationCount, 250)
    }

    func testMessierAndCaldwellAreComplete() {
        for number in 1...110 where number != 102 { // M102's identity is disputed: it stays a bare designation
            let spellings = catalogue.spellings(of: SkyObject(id: "M\(number)"))
            XCTAssertGreaterThan(spellings.count, 3, "M\(number) has its NGC number or a name: \(spellings)")
        }
        for number in 1...109 {
            let object = catalogue.object(named: "Caldwell \(number)")
            XCTAssertNotNil(object, "Caldwell \(number)")
            XCTAssertNotEqual(
                object?.id, "Caldwell \(number)", "Caldwell \(number) is given its usual designation or name")
        }
    }

    func testQueriesInAnySpellingResolveToTheObject() {
        for query in [
            "M31", "m31", "M 31", "messier 31", "Messier 31", "NGC 224", "ngc224", "Andromeda Galaxy",
            "andromeda galaxy", "the Andromeda Galaxy", " ANDROMEDA GALAXY ",
        ] {
            XCTAssertEqual(catalogue.object(named: query)?.id, "M31", query)
        }
        XCTAssertEqual(catalogue.object(named: "horsehead")?.id, "Barnard 33")
        XCTAssertEqual(catalogue.object(named: "sh2-155")?.label, "Sh2-155 · Cave Nebula")
        XCTAssertEqual(catalogue.object(named: "comet 67p")?.id, "67P")
        XCTAssertEqual(catalogue.object(named: "2i")?.label, "2I · Comet Borisov")
        XCTAssertEqual(catalogue.object(named: "c/2020 f3")?.label, "C/2020 F3 · Comet NEOWISE")
        XCTAssertEqual(catalogue.object(named: "Jupiter")?.label, "Jupiter")
        XCTAssertEqual(
            catalogue.object(named: "NGC 3717")?.label, "NGC 3717", "a designation with no line is an object")
        for query in ["", "galaxy", "M31 hubble", "M 200", "orion", "andromeda", "the"] {
            XCTAssertNil(catalogue.object(named: query), query)
        }
    }

    func testSpellingsCoverEveryWayOfWritingTheObject() {
        let m31 = catalogue.spellings(of: SkyObject(id: "M31"))
        XCTAssertEqual(
            Set(m31),
            [
                "M31", "M 31", "Messier 31", "NGC 224", "NGC224", "Andromeda Galaxy", "Andromeda Nebula",
                "Great Andromeda Nebula", "Great Nebula in Andromeda",
            ])
        XCTAssertEqual(catalogue.spellings(of: SkyObject(id: "NGC 3717")), ["NGC 3717", "NGC3717"])
        XCTAssertEqual(catalogue.spellings(of: SkyObject(id: "Jupiter")), ["Jupiter"])
    }

    func testTheVersionFollowsTheText() {
        XCTAssertEqual(
            SkyCatalogue(text: "Jupiter | | Jupiter |\n").version, SkyCatalogue(text: "Jupiter | | Jupiter |\n").version
        )
        XCTAssertNotEqual(
            SkyCatalogue(text: "Jupiter | | Jupiter |\n").version, SkyCatalogue(text: "Saturn | | Saturn |\n").version)
    }

    func testMistakesInTheFileAreReported() {
        let broken = SkyCatalogue(
            text: "M1 | NGC 1952 | Crab Nebula |\nM1 | | |\nM2 | NGC 1952 | Crab Nebula | sideways\nbad line\n")
        XCTAssertEqual(
            broken.problems,
            [
                "line 2: M1 appears twice", "line 3: NGC 1952 is already M1",
                "line 3: the name Crab Nebula is already M1's", "line 3: unknown option sideways",
                "line 4: expected ID | designations | names | options",
            ])
    }
}
