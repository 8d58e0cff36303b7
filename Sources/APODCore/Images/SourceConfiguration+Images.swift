import Foundation

extension SourceConfiguration {
    /// The process's one image loader, sharing `client` with the source: pictures cached under
    /// `<cache directory>/images` unless caching is off, and the offline sample's own pictures
    /// readable from disk.
    public func makeImageLoader(client: HTTPClient) -> ImageLoader {
        ImageLoader(client: client,
                    cache: useCache ? ImageDiskCache(directory: ImageDiskCache.directory(inCache: cacheDirectory)) : nil,
                    localFolders: sampleDirectory.map { [$0] } ?? [])
    }
}
