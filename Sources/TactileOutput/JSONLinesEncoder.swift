public enum TactileOutputPlaceholder {}
