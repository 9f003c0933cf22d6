import TactileConfiguration

/// SIGHUP in `run` and `listen`: the configuration file is searched again (one created since the
/// start is found) and loaded, and the bindings are replaced; a broken file, or bindings whose
/// keys cannot be typed, are rejected and everything in use stays.
struct ConfigurationReload {
    var file: ConfigurationFile

    /// The new configuration, its bindings already at work in `bindings`; nil when it was rejected
    /// (and the reason logged).
    mutating func reload(bindings: BindingRuntime?) -> Configuration? {
        do {
            let searched = file.searchedAgain()
            let configuration = try searched.load()
            try bindings?.replaceBindings(configuration.bindings)
            file = searched
            let count = bindings.map { ", \($0.bindingCount) bindings" } ?? ""
            Log.info("\(file.name): configuration reloaded\(count)")
            return configuration
        } catch {
            Log.error("\(error); keeping the configuration in use")
            return nil
        }
    }
}
