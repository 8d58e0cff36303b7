import Foundation

extension SourceConfiguration {
    /// The process's one image loader, sharing `client` with the source: pictures cached under
    /// `<cache directory>/images` unless caching is off, and the offline sample's own pictures
    /// readable from disk. `cacheCapacity` is the picture cache's size limit in bytes.
    public func makeImageLoader(
        client: HTTPClient,
        cacheCapacity: Int64 = ImageDiskCache.defaultCapacity
    ) -> ImageLoader {
        ImageLoader(
            client: client,
            cache: useCache
                ? ImageDiskCache(
                    directory: ImageDiskCache.directory(inCache: cacheDirectory),
                    capacity: cacheCapacity) : nil,
            localFolders: sampleDirectory.map { [$0] } ?? [])
    }
}
