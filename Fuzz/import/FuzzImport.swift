import TactileConfiguration
import TactileImport

/// libFuzzer target: any text through each of `tactile import`'s readers (libinput-gestures'
/// lines, fusuma's YAML through libyaml, Touchégg's XML) and the format detection; whatever a
/// reader makes of it must be a configuration Tactile's parser accepts, and every omission must
/// name a line of the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = ImportFormat.detect(text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    for format in ImportFormat.allCases {
        let converted = format.convert(text, file: "fuzz")
        do {
            _ = try Configuration.parse(converted.text, file: "converted")
        } catch {
            fatalError("\(format.rawValue) wrote a configuration Tactile refuses: \(error)\n\(converted.text)")
        }
        for omission in converted.omissions where !(0...lines).contains(omission.line.number) {
            fatalError("\(format.rawValue) reported line \(omission.line.number) of \(lines)")
        }
    }
    return 0
}
