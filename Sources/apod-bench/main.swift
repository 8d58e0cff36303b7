import APODCore
