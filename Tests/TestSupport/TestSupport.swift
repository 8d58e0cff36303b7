/// The tests' helpers. The loopback HTTP server itself lives in `LoopbackServer`, a library the
/// shipped `apod-bench` shares; it is re-exported so a test needs only `import TestSupport`.
@_exported import LoopbackServer
