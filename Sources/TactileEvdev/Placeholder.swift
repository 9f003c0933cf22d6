public enum EvdevPlaceholder {}
