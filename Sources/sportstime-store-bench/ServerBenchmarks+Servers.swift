import Foundation
import LocalAppStoreServer

/// The two servers the group loads: this program as a child process serving the state, and
/// nginx serving the same document from a file.
extension ServerBenchmarks {
  // MARK: - The server child

  /// `--server-child STATE`: serves the state on 127.0.0.1, port 0, prints `port N`, and exits
  /// when its standard input ends (the bench closed it, or the bench died).
  static func serveChild(statePath: String) -> Int32 {
    let server = LocalAppStoreServer(statePath: statePath)
    let port: Int
    do {
      port = try server.start()
    } catch {
      FileHandle.standardError.write(Data("sportstime-store-bench: \(error)\n".utf8))
      return 1
    }
    FileHandle.standardOutput.write(Data("port \(port)\n".utf8))
    _ = FileHandle.standardInput.readDataToEndOfFile()
    return 0
  }

  /// The server child as the bench sees it.
  final class ChildServer {
    let process = Process()
    let input = Pipe()
    let port: Int
    var pid: Int32 { process.processIdentifier }

    init(statePath: String) throws {
      let output = Pipe()
      process.executableURL = URL(
        fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      )
      process.arguments = ["--server-child", statePath]
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      var line = Data()
      while !line.contains(UInt8(ascii: "\n")) {
        let more = output.fileHandleForReading.availableData
        if more.isEmpty { break }
        line.append(more)
      }
      let text = String(decoding: line, as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines)
      guard text.hasPrefix("port "), let port = Int(text.dropFirst(5)) else {
        process.terminate()
        throw BenchError("the server child said \"\(text)\", not its port")
      }
      self.port = port
    }

    func stop() {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
  }

  // MARK: - nginx

  /// nginx serving `www/openapi.json` of the folder on a free loopback port, in the foreground.
  final class NginxServer {
    let process = Process()
    let port: Int
    let configuration: String

    init(path: String, folder: URL) throws {
      port = try Loopback.freePort()
      let root = folder.path
      configuration = """
        worker_processes auto;
        daemon off;
        pid \(root)/nginx.pid;
        error_log \(root)/nginx-error.log;
        events { worker_connections 1024; }
        http {
          access_log off;
          keepalive_requests 1000000;
          client_body_temp_path \(root)/nginx-body;
          server {
            listen 127.0.0.1:\(port);
            root \(root)/www;
            location = /openapi.json { default_type application/json; }
          }
        }
        """
      let file = folder.appendingPathComponent("nginx.conf")
      try Data(configuration.utf8).write(to: file)
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = [
        "-p", root, "-c", file.path, "-e", folder.appendingPathComponent("nginx-error.log").path,
      ]
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let deadline = Date().addingTimeInterval(10)
      while true {
        if let answer = try? Loopback.exchange(
          port: port, path: "/openapi.json", authorization: nil),
          answer.status == 200
        {
          break
        }
        guard process.isRunning, Date() < deadline else {
          stop()
          let log =
            (try? String(
              contentsOf: folder.appendingPathComponent("nginx-error.log"), encoding: .utf8)) ?? ""
          throw BenchError("nginx did not serve /openapi.json: \(log)")
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
    }

    func stop() {
      guard process.isRunning else { return }
      process.terminate()
      process.waitUntilExit()
    }
  }
}
