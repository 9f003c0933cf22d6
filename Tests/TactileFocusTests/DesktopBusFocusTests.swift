import Testing
@testable import TactileFocus

/// The pure halves of the session-bus focus sources: the KWin script's text and what its
/// reports mean, the GNOME extension's signals, the name a window goes by, and which desktop
/// `XDG_CURRENT_DESKTOP` names. The real KWin and GNOME Shell are in TactileCommandTests.
@Suite("Focus over the session bus")
struct DesktopBusFocusTests {
    static func arrival(_ sender: String, _ strings: [String], member: String = KWinFocusScript.member,
                        path: String = KWinFocusScript.path, interface: String = KWinFocusScript.interface) -> SessionBus.Arrival {
        SessionBus.Arrival(sender: sender, path: path, interface: interface, member: member, strings: strings)
    }

    @Test("the KWin script reports to listen's unique name only, under a plugin name of its own")
    func kwinScript() throws {
        let source = try #require(KWinFocusScript.source(reportingTo: ":1.42"))
        #expect(source.contains(#"callDBus(":1.42", "/org/tactile/Focus", "org.tactile.Focus", "Focused","#))
        #expect(source.contains("workspace.windowActivated || workspace.clientActivated"), "Plasma 6 and 5")
        #expect(source.contains("workspace.activeWindow !== undefined ? workspace.activeWindow : workspace.activeClient"))
        for name in ["org.kde.KWin", ":1.4\"); evil(\"", ":", "", ":1.42 "] {
            #expect(KWinFocusScript.source(reportingTo: name) == nil, "\(name)")
        }
        #expect(KWinFocusScript.pluginName(for: ":1.42") == "tactile-focus-1-42")
    }

    @Test("a KWin report names the window's class, else its desktop entry; others' calls are ignored")
    func kwinReports() {
        let kwin = ":1.3"
        #expect(KWinFocusScript.update(from: Self.arrival(kwin, ["firefox", "firefox"]), kwin: kwin) == .focused("firefox"))
        #expect(KWinFocusScript.update(from: Self.arrival(kwin, ["", "org.kde.dolphin.desktop"]), kwin: kwin)
                == .focused("org.kde.dolphin"))
        #expect(KWinFocusScript.update(from: Self.arrival(kwin, ["", ""]), kwin: kwin) == .focused(nil), "no active window")
        #expect(KWinFocusScript.update(from: Self.arrival(":1.9", ["firefox", ""]), kwin: kwin)
                == .ignored("a focus report from :1.9, which is not KWin"))
        #expect(KWinFocusScript.update(from: Self.arrival(kwin, ["firefox"]), kwin: kwin)
                == .ignored("a focus report with 1 strings instead of 2"))
        #expect(KWinFocusScript.update(from: Self.arrival(kwin, ["a", "b"], member: "Other"), kwin: kwin)
                == .ignored("org.tactile.Focus.Other at /org/tactile/Focus from :1.3"))
    }

    @Test("a GNOME signal names the window's class, else the app's desktop entry, from the extension only")
    func gnomeSignals() {
        func signal(_ sender: String, _ strings: [String]) -> SessionBus.Arrival {
            Self.arrival(sender, strings, member: "FocusChanged", path: "/org/tactile/Focus", interface: "org.tactile.Focus")
        }
        let owner = ":1.7"
        #expect(GnomeShellFocusProtocol.update(from: signal(owner, ["window:3", "foot"]), extensionOwner: owner) == .focused("foot"))
        #expect(GnomeShellFocusProtocol.update(from: signal(owner, ["org.gnome.Nautilus.desktop", ""]), extensionOwner: owner)
                == .focused("org.gnome.Nautilus"))
        #expect(GnomeShellFocusProtocol.update(from: signal(owner, ["", ""]), extensionOwner: owner) == .focused(nil))
        #expect(GnomeShellFocusProtocol.update(from: signal(":1.8", ["", "foot"]), extensionOwner: owner)
                == .ignored("a focus signal from :1.8, which is not the extension"))
    }

    @Test("XDG_CURRENT_DESKTOP names KDE or GNOME among others; a compositor's socket comes first")
    func detection() {
        func detected(_ variables: [String: String]) -> String? {
            FocusSourceDetection.detect { variables[$0] }?.name
        }
        #expect(detected(["XDG_CURRENT_DESKTOP": "KDE"]) == "KWin")
        #expect(detected(["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]) == "GNOME Shell")
        #expect(detected(["XDG_CURRENT_DESKTOP": "GNOME-Classic:GNOME"]) == "GNOME Shell")
        #expect(detected(["XDG_CURRENT_DESKTOP": "XFCE"]) == nil)
        #expect(detected(["XDG_CURRENT_DESKTOP": "KDE", "SWAYSOCK": "/run/user/1000/sway-ipc.sock"]) == "sway")
        let kwin = FocusSourceDetection.detect { ["XDG_CURRENT_DESKTOP": "KDE", "XDG_RUNTIME_DIR": "/run/user/1000"][$0] }
        #expect((kwin as? KWinFocusProtocol)?.scriptDirectory == "/run/user/1000")
    }
}
