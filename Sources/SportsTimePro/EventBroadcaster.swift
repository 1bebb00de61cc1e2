import Foundation
import StoreInternals

/// Sends each event to every current subscriber; a subscriber sees the events emitted after it
/// subscribed, keeping the newest `bufferSize` when it falls behind.
package final class EventBroadcaster<Event: Sendable>: Sendable {
  private let subscribers = Locked<[UUID: AsyncStream<Event>.Continuation]>([:])
  private let bufferSize: Int

  package init(bufferSize: Int = 256) {
    self.bufferSize = bufferSize
  }

  deinit {
    let continuations = subscribers.withLock { subscribers in
      defer { subscribers = [:] }
      return Array(subscribers.values)
    }
    for continuation in continuations { continuation.finish() }
  }

  /// A new stream of the events emitted from now on; it ends when its consumer stops.
  package func subscribe() -> AsyncStream<Event> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Event.self, bufferingPolicy: .bufferingNewest(bufferSize))
    let id = UUID()
    continuation.onTermination = { [subscribers] _ in
      subscribers.withLock { $0[id] = nil }
    }
    subscribers.withLock { $0[id] = continuation }
    return stream
  }

  /// Sends `event` to every subscriber.
  package func emit(_ event: Event) {
    let continuations = subscribers.withLock { Array($0.values) }
    for continuation in continuations { continuation.yield(event) }
  }

  /// How many subscribers are listening.
  package var subscriberCount: Int { subscribers.withLock { $0.count } }
}
