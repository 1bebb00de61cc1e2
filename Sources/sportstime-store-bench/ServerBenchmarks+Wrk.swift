import Foundation

/// The load: wrk, its scripts, and the summary each run prints.
extension ServerBenchmarks {
  /// The two wrk scripts: `plain` only reports; `tokens` also puts a token of the pool in each
  /// request.
  struct WrkScripts {
    var plain: String
    var tokens: String

    /// wrk's scripting API (its SCRIPTING file): `done(summary, latency, requests)` gets the
    /// totals and the latency histogram in microseconds; `setup(thread)` runs once per thread
    /// before `init`, and `thread:set` gives the thread's environment a global; `request()`
    /// returns each request's bytes, best pre-generated in `init`; `wrk.format` adds only
    /// `Host` of `wrk.headers` to the headers it is given, so the `-H` ones are copied in.
    init(folder: URL, tokensPath: String) throws {
      let done = """
        function done(summary, latency, requests)
          local e = summary.errors
          io.write(string.format(
            "wrk-summary requests=%.0f duration_us=%.0f p99_us=%.0f errors=%.0f\\n",
            summary.requests, summary.duration, latency:percentile(99.0),
            e.connect + e.read + e.write + e.timeout + e.status))
        end
        """
      let rotation = """
        local threads = 0
        function setup(thread)
          thread:set("slot", threads)
          threads = threads + 1
        end

        local requests = {}
        local position = 0
        function init(args)
          local headers = {}
          for name, value in pairs(wrk.headers) do headers[name] = value end
          for token in io.lines("\(tokensPath)") do
            headers["Authorization"] = "Bearer " .. token
            requests[#requests + 1] = wrk.format("GET", wrk.path, headers)
          end
          local count = tonumber(args[1]) or 1
          position = math.floor(#requests * slot / count)
        end

        function request()
          position = position % #requests + 1
          return requests[position]
        end
        """
      plain = folder.appendingPathComponent("plain.lua").path
      tokens = folder.appendingPathComponent("tokens.lua").path
      try Data((done + "\n").utf8).write(to: URL(fileURLWithPath: plain))
      try Data((rotation + "\n\n" + done + "\n").utf8).write(to: URL(fileURLWithPath: tokens))
    }
  }

  /// One wrk run: `threads` threads, the load's connections, `--latency`.
  static func wrk(
    _ path: String, url: String, load: Load, seconds: Int, script: String, threads: Int
  ) throws -> WrkRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    var arguments = [
      "-t\(threads)", "-c\(load.connections)", "-d\(seconds)s", "--latency", "-s", script,
    ]
    if load.closes { arguments += ["-H", "Connection: close"] }
    arguments += [url, "--", "\(threads)"]
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0,
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("wrk-summary ") })
    else {
      throw BenchError("wrk \(arguments.joined(separator: " ")) failed:\n\(text)")
    }
    var fields: [String: Double] = [:]
    for pair in line.split(separator: " ").dropFirst() {
      let parts = pair.split(separator: "=")
      if parts.count == 2, let value = Double(parts[1]) { fields[String(parts[0])] = value }
    }
    return WrkRun(
      requests: fields["requests"] ?? 0, seconds: (fields["duration_us"] ?? 0) / 1e6,
      p99Milliseconds: (fields["p99_us"] ?? 0) / 1e3, errors: Int(fields["errors"] ?? 0))
  }
}
