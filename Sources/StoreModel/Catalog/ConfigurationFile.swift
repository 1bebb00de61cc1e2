import Foundation

/// Reading a `.storekit` file or package from disk, and recognizing what is not JSON before
/// parsing it.
enum ConfigurationFile {
  /// The JSON file inside a `.storekit` package folder.
  static let packageConfigurationName = "Configuration.storekit"

  /// The bytes of the configuration at `url` (a file, or a package folder).
  /// - Throws: `unreadable`, `missingConfiguration` or `tooLarge`.
  static func read(_ url: URL, maximumSize: Int) throws(CatalogError) -> Data {
    guard url.isFileURL else {
      throw CatalogError(.unreadable, "not a file URL: \(url.absoluteString)")
    }
    let fileManager = FileManager.default
    var isDirectory: ObjCBool = false
    guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw CatalogError(.unreadable, "no such file or folder")
    }
    var fileURL = url
    if isDirectory.boolValue {
      fileURL = url.appendingPathComponent(packageConfigurationName)
      var innerIsDirectory: ObjCBool = false
      guard fileManager.fileExists(atPath: fileURL.path, isDirectory: &innerIsDirectory),
        !innerIsDirectory.boolValue
      else {
        throw CatalogError(
          .missingConfiguration,
          "a folder, but not a .storekit package: it holds no \(packageConfigurationName)")
      }
    }
    if let attributes = try? fileManager.attributesOfItem(atPath: fileURL.path),
      let size = (attributes[.size] as? NSNumber)?.int64Value, size > Int64(maximumSize)
    {
      throw tooLarge(size: size, limit: maximumSize)
    }
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: fileURL)
      defer { try? handle.close() }
      data = try handle.read(upToCount: maximumSize + 1) ?? Data()
    } catch {
      throw CatalogError(.unreadable, "cannot read the file: \(error.localizedDescription)")
    }
    guard data.count <= maximumSize else {
      throw tooLarge(size: nil, limit: maximumSize)
    }
    return data
  }

  private static func tooLarge(size: Int64?, limit: Int) -> CatalogError {
    let sizeText = size.map { "\(mebibytes($0)) (\($0) bytes)" } ?? "larger than the limit"
    return CatalogError(
      .tooLarge,
      "too large: the file is \(sizeText); the limit is \(mebibytes(Int64(limit))) "
        + "(\(limit) bytes), so it was not read")
  }

  /// `52428800` → `50.0 MiB`.
  private static func mebibytes(_ bytes: Int64) -> String {
    let tenths = (bytes * 10 + 524_288) / 1_048_576
    return "\(tenths / 10).\(tenths % 10) MiB"
  }

  /// Parses the file's bytes as JSON, after recognizing the usual impostors.
  /// - Throws: `empty`, `notJSON`, `truncated`, `tooDeep` or `duplicateKey`.
  static func parseJSON(_ data: Data) throws(CatalogError) -> JSONValue {
    let bytes = [UInt8](data)
    guard !bytes.isEmpty else { throw CatalogError(.empty, "the file is empty") }
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
      || (bytes.count >= 2 && (bytes[0] == 0 || bytes[1] == 0))
    {
      throw CatalogError(.notJSON, "not JSON: looks like UTF-16 text (Xcode writes UTF-8)")
    }
    if bytes.starts(with: Array("bplist".utf8)) {
      throw CatalogError(.notJSON, "not JSON: looks like a binary property list")
    }
    var first = start
    while first < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[first]) { first += 1 }
    guard first < bytes.count else {
      throw CatalogError(.empty, "the file holds only whitespace")
    }
    if bytes[first] == UInt8(ascii: "<") {
      let head = String(decoding: bytes[first..<min(bytes.count, first + 1024)], as: UTF8.self)
      if head.hasPrefix("<?xml") || head.contains("<plist") || head.contains("<!DOCTYPE plist") {
        throw CatalogError(.notJSON, "not JSON: looks like an XML property list")
      }
      throw CatalogError(.notJSON, "not JSON: looks like XML or HTML")
    }
    return try JSONValue.parse(bytes, from: first)
  }
}
