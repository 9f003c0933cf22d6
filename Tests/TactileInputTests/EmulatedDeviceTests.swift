import Testing

/// Every test that runs `tactile` against a umockdev testbed: one testbed at a time, since
/// umockdev's state (`UMOCKDEV_DIR`) is process-wide.
@Suite(.serialized)
enum EmulatedDeviceTests {}
