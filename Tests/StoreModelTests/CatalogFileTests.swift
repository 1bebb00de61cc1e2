import Foundation
import StoreModel
import TestSupport
import Testing

@Suite struct CatalogFileTests {
  @Test("a .storekit package folder is read through its Configuration.storekit")
  func packageForm() throws {
    let folder = try TemporaryFolder("CatalogTests").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let package = folder.appendingPathComponent("StoreKit Example.storekit")
    try FileManager.default.createDirectory(
      at: package.appendingPathComponent("Assets"), withIntermediateDirectories: true)
    try Data(CatalogFixtures.document.utf8).write(
      to: package.appendingPathComponent("Configuration.storekit"))
    try Data([0x89, 0x50, 0x4E, 0x47]).write(
      to: package.appendingPathComponent("Assets/9F541BE7.PNG"))
    let catalog = try Catalog(contentsOf: package)
    #expect(catalog.products.map(\.id) == ["tip", "monthly", "annual"])
  }

  @Test("a folder without Configuration.storekit is refused precisely")
  func packageWithoutConfiguration() throws {
    let folder = try TemporaryFolder("CatalogTests").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let package = folder.appendingPathComponent("Empty.storekit")
    try FileManager.default.createDirectory(
      at: package.appendingPathComponent("Assets"), withIntermediateDirectories: true)
    #expect(throws: CatalogError(.missingConfiguration, "")) { try Catalog(contentsOf: package) }
    do {
      _ = try Catalog(contentsOf: package)
    } catch {
      #expect(
        error.description
          == "a folder, but not a .storekit package: it holds no Configuration.storekit")
    }
  }

  @Test("a missing file is unreadable, not a crash")
  func missingFile() throws {
    let folder = try TemporaryFolder("CatalogTests").url
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      _ = try Catalog(contentsOf: folder.appendingPathComponent("nothing.storekit"))
      Issue.record("a missing file decoded")
    } catch {
      #expect(error.code == .unreadable)
      #expect(error.description == "no such file or folder")
    }
  }

  @Test("a 50 MB file is refused by its size, before it is read")
  func tooLarge() throws {
    let folder = try TemporaryFolder("CatalogTests").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("Huge.storekit")
    // A sparse file: 50 MiB long, no time or disk spent writing it.
    #expect(FileManager.default.createFile(atPath: url.path, contents: Data("{".utf8)))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 50 * 1024 * 1024)
    try handle.close()
    do {
      _ = try Catalog(contentsOf: url)
      Issue.record("a 50 MB file decoded")
    } catch {
      #expect(error.code == .tooLarge)
      #expect(
        error.description
          == "too large: the file is 50.0 MiB (52428800 bytes); the limit is 10.0 MiB "
          + "(10485760 bytes), so it was not read")
    }
  }

  @Test("the size limit can be lowered, and a file at the limit is read")
  func sizeLimit() throws {
    let folder = try TemporaryFolder("CatalogTests").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("Small.storekit")
    let data = Data(CatalogFixtures.document.utf8)
    try data.write(to: url)
    #expect(throws: CatalogError(.tooLarge, "")) {
      try Catalog(contentsOf: url, maximumSize: data.count - 1)
    }
    #expect(try Catalog(contentsOf: url, maximumSize: data.count).products.count == 3)
  }
}
