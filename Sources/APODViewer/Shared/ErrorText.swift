import APODCore

/// The sentence a window shows for a failure: the core's message for an `APODError`, a
/// generic one otherwise (never a raw type name or a URL that might carry a key).
func userMessage(for error: any Error) -> String {
    if let error = error as? APODError { return error.message }
    return tr("Something went wrong while loading. Try again.")
}
