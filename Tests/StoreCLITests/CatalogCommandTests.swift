import Foundation
import StoreCLI
import TestSupport
import Testing

@Suite struct CatalogCommandTests {
  static let bundledPath = PackageFolders.bundledStoreKitFile.path

  /// A folder with one good and three bad configurations, removed by the caller.
  static func folderOfFiles() throws -> URL {
    let folder = try TemporaryFolder("CatalogCommandTests").url
    try FileManager.default.copyItem(
      atPath: bundledPath, toPath: folder.appendingPathComponent("Good.storekit").path)
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict/></plist>
      """.utf8
    ).write(to: folder.appendingPathComponent("Plist.storekit"))
    try Data(#"{"version":{"major":1,"minor":0},"products":[{"productID":"#.utf8)
      .write(to: folder.appendingPathComponent("Cut.storekit"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Empty.storekit"), withIntermediateDirectories: true)
    return folder
  }

  @Test("catalog check prints a summary and exits 0 when every file decodes")
  func allValid() async {
    let result = await InProcessTool.run(["catalog", "check", Self.bundledPath])
    #expect(result.code == 0)
    #expect(result.out == "1 file valid, 2 products\n")
    #expect(result.err.isEmpty)
  }

  @Test("catalog check prints FILE: key.path: reason for each bad file and exits 1")
  func someInvalid() async throws {
    let folder = try Self.folderOfFiles()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = await InProcessTool.run(
      [
        "catalog", "check", "Good.storekit", "Plist.storekit", "Cut.storekit", "Empty.storekit",
        "Gone.storekit",
      ], in: folder)
    #expect(result.code == 1)
    #expect(
      result.out == """
        Plist.storekit: not JSON: looks like an XML property list
        Cut.storekit: products[0].productID: truncated: the data ends inside a value (at line 1, column 59)
        Empty.storekit: a folder, but not a .storekit package: it holds no Configuration.storekit
        Gone.storekit: no such file or folder

        """)
    #expect(result.err.isEmpty)
  }

  @Test("catalog check --json reports every file")
  func json() async throws {
    let folder = try Self.folderOfFiles()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = await InProcessTool.run(
      ["catalog", "check", "--json", "Good.storekit", "Plist.storekit"], in: folder)
    #expect(result.code == 1)
    #expect(
      result.out == """
        {
          "files" : [
            {
              "code" : null,
              "file" : "Good.storekit",
              "keyPath" : null,
              "products" : 2,
              "reason" : null,
              "valid" : true,
              "version" : "6.3"
            },
            {
              "code" : "notJSON",
              "file" : "Plist.storekit",
              "keyPath" : "",
              "products" : null,
              "reason" : "not JSON: looks like an XML property list",
              "valid" : false,
              "version" : null
            }
          ]
        }

        """)
  }

  @Test(
    "bad usage exits 2 with a one-line reason",
    arguments: [
      (["catalog"], "expected a subcommand: check"),
      (["catalog", "lint", "x.storekit"], "unknown subcommand 'lint'"),
      (["catalog", "check"], "expected at least one FILE to check"),
      (["catalog", "check", "--fast", "x"], "unknown option '--fast'"),
    ])
  func usage(arguments: [String], reason: String) async {
    let result = await InProcessTool.run(arguments)
    #expect(result.code == 2)
    #expect(result.out.isEmpty)
    #expect(
      result.err
        == "sportstime-store catalog: \(reason); see 'sportstime-store catalog --help'\n")
  }

  @Test("catalog --help prints the whole help")
  func help() async {
    let result = await InProcessTool.run(["catalog", "--help"])
    #expect(result.code == 0)
    #expect(result.out == CommandRegistry.all.first { $0.name == "catalog" }?.usage.appending("\n"))
    #expect(result.out.hasPrefix("USAGE: sportstime-store catalog check FILE... [--json]\n"))
  }
}
