import APODCore
import Foundation

extension PictureLoader {
    /// The first of `sources` that can be shown, decoded to fit `box`, with the source it came
    /// from: a detail window tries the HD picture, then the normal one, then the thumbnail
    /// (`APODEntry.detailPictureSources`), and says why only when none works.
    /// - Throws: the last source's error; `CancellationError` once cancelled.
    func firstPicture(of sources: [(url: URL, purpose: ImagePurpose)], fitting box: PixelSize) async throws
        -> (image: DecodedImage, source: (url: URL, purpose: ImagePurpose))
    {
        var lastError: any Error = APODError.notAnImage
        for source in sources {
            do {
                return (try await picture(from: source.url, for: source.purpose, fitting: box), source)
            } catch {
                try Task.checkCancellation()
                lastError = error
            }
        }
        throw lastError
    }
}
