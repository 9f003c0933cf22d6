public enum RecordingsPlaceholder {}
