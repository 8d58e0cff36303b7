import Foundation

/// Where one download's chunks go while they arrive: the buffer the checks read (and every
/// caller of the picture gets), the disk cache's temporary file, and the chunk consumer of the
/// caller that started the download. Each chunk is appended once and handed on as it is.
///
/// Nothing is kept until `accept`, which the loader calls only after the whole picture passed
/// its checks; `discard` throws the cache file away, and the consumer's work is ignored
/// because the slot never says it was delivered.
final class PictureStream {
    private(set) var data = Data()
    private let cache: ImageDiskCache?
    private let key: String
    private let consumer: ConsumerSlot?
    private var cacheEntry: ImageCacheWriter?
    private var started = false

    init(cache: ImageDiskCache?, key: String, consumer: ConsumerSlot?) {
        self.cache = cache
        self.key = key
        self.consumer = consumer
    }

    /// A body starts (or starts again after a retry): what an earlier attempt sent is dropped.
    func begin(expectedLength: Int?) {
        if started {
            cacheEntry?.restart()
            consumer?.attached?.restart()
        } else {
            cacheEntry = cache?.entryWriter(for: key)
            started = true
        }
        data = Data()
        if let expectedLength { data.reserveCapacity(expectedLength) }
    }

    func append(_ chunk: Data) async {
        data.append(chunk)
        cacheEntry?.append(chunk)
        await consumer?.attached?.consume(chunk)
    }

    /// The picture is good: the cache entry goes into place and the consumer's work counts.
    func accept() {
        cacheEntry?.commit()
        consumer?.markDelivered()
    }

    /// The picture is not good (or the download stopped): nothing of it is kept.
    func discard() {
        cacheEntry?.discard()
    }
}
