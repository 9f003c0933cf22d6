/// X keysym names, as xdotool and Touchégg take them, and the kernel keys (names of
/// `linux/input-event-codes.h` without `KEY_`) that type them: the evdev keycodes of
/// xkeyboard-config's `keycodes/evdev` with the symbols its `us` and `inet(evdev)` layouts put on
/// them. Kernel keys are positions, so a letter converted here types what the user's layout has
/// at the US layout's place for it.
enum Keysyms {
    /// The key for `keysym`, and whether the US layout types it with Shift (`A`, `plus`): xdotool
    /// then presses Shift too, Touchégg only the key. nil for a keysym that has no key of its own
    /// on a US keyboard (`Meta_L`, `Hyper_L`, `XF86Launch1`), so nothing exact can be said.
    static func key(_ keysym: String) -> (name: String, shifted: Bool)? {
        if let name = unshifted[keysym] { return (name, false) }
        if let name = shifted[keysym] { return (name, true) }
        if keysym.count == 1, let character = keysym.first, character.isASCII {
            if character.isLowercase || character.isNumber { return (keysym, false) }
            if character.isUppercase { return (keysym.lowercased(), true) }
        }
        return nil
    }

    /// xdotool's own names for modifiers (`xdo.c`, `symbol_map`), which it takes before keysyms.
    static let xdotoolAliases = ["alt": "Alt_L", "ctrl": "Control_L", "control": "Control_L", "meta": "Meta_L",
                                 "super": "Super_L", "shift": "Shift_L"]

    /// Keysyms the US layout types without Shift.
    static let unshifted: [String: String] = [
        "Escape": "esc", "Return": "enter", "BackSpace": "backspace", "Tab": "tab", "space": "space",
        "minus": "minus", "equal": "equal", "bracketleft": "leftbrace", "bracketright": "rightbrace",
        "semicolon": "semicolon", "apostrophe": "apostrophe", "grave": "grave", "backslash": "backslash",
        "comma": "comma", "period": "dot", "slash": "slash",
        "Shift_L": "leftshift", "Shift_R": "rightshift", "Control_L": "leftctrl", "Control_R": "rightctrl",
        "Alt_L": "leftalt", "Alt_R": "rightalt", "ISO_Level3_Shift": "rightalt", "Super_L": "leftmeta",
        "Super_R": "rightmeta", "Caps_Lock": "capslock", "Num_Lock": "numlock", "Scroll_Lock": "scrolllock",
        "Menu": "compose", "Print": "sysrq", "Pause": "pause",
        "Insert": "insert", "Delete": "delete", "Home": "home", "End": "end",
        "Prior": "pageup", "Page_Up": "pageup", "Next": "pagedown", "Page_Down": "pagedown",
        "Left": "left", "Right": "right", "Up": "up", "Down": "down",
        "F1": "f1", "F2": "f2", "F3": "f3", "F4": "f4", "F5": "f5", "F6": "f6", "F7": "f7", "F8": "f8",
        "F9": "f9", "F10": "f10", "F11": "f11", "F12": "f12", "F13": "f13", "F14": "f14", "F15": "f15",
        "F16": "f16", "F17": "f17", "F18": "f18", "F19": "f19", "F20": "f20", "F21": "f21", "F22": "f22",
        "F23": "f23", "F24": "f24",
        "KP_0": "kp0", "KP_1": "kp1", "KP_2": "kp2", "KP_3": "kp3", "KP_4": "kp4", "KP_5": "kp5", "KP_6": "kp6",
        "KP_7": "kp7", "KP_8": "kp8", "KP_9": "kp9", "KP_Add": "kpplus", "KP_Subtract": "kpminus",
        "KP_Multiply": "kpasterisk", "KP_Divide": "kpslash", "KP_Decimal": "kpdot", "KP_Enter": "kpenter",
        "KP_Equal": "kpequal",
        "Undo": "undo", "Redo": "redo", "Find": "find", "Help": "help", "Cancel": "cancel",
        "XF86AudioRaiseVolume": "volumeup", "XF86AudioLowerVolume": "volumedown", "XF86AudioMute": "mute",
        "XF86AudioMicMute": "micmute", "XF86AudioPlay": "playpause", "XF86AudioPause": "pausecd",
        "XF86AudioStop": "stopcd", "XF86AudioNext": "nextsong", "XF86AudioPrev": "previoussong",
        "XF86AudioRewind": "rewind", "XF86AudioForward": "fastforward", "XF86AudioMedia": "media",
        "XF86MonBrightnessUp": "brightnessup", "XF86MonBrightnessDown": "brightnessdown",
        "XF86KbdBrightnessUp": "kbdillumup", "XF86KbdBrightnessDown": "kbdillumdown",
        "XF86KbdLightOnOff": "kbdillumtoggle", "XF86Display": "switchvideomode",
        "XF86Back": "back", "XF86Forward": "forward", "XF86Reload": "refresh", "XF86Refresh": "refresh",
        "XF86Stop": "stop", "XF86Search": "search", "XF86HomePage": "homepage", "XF86Favorites": "bookmarks",
        "XF86Mail": "mail", "XF86Calculator": "calc", "XF86Explorer": "file", "XF86MyComputer": "computer",
        "XF86PowerOff": "power", "XF86Sleep": "sleep", "XF86WakeUp": "wakeup", "XF86ScreenSaver": "screenlock",
        "XF86ZoomIn": "zoomin", "XF86ZoomOut": "zoomout", "XF86Copy": "copy", "XF86Cut": "cut", "XF86Paste": "paste",
        "XF86Open": "open", "XF86Close": "close", "XF86New": "new", "XF86Save": "save", "XF86Eject": "ejectcd",
        "XF86WLAN": "wlan", "XF86Bluetooth": "bluetooth", "XF86Tools": "config", "XF86Messenger": "chat",
    ]

    /// Keysyms the US layout types with Shift, and the key Shift is held with.
    static let shifted: [String: String] = [
        "exclam": "1", "at": "2", "numbersign": "3", "dollar": "4", "percent": "5", "asciicircum": "6",
        "ampersand": "7", "asterisk": "8", "parenleft": "9", "parenright": "0", "underscore": "minus",
        "plus": "equal", "braceleft": "leftbrace", "braceright": "rightbrace", "colon": "semicolon",
        "quotedbl": "apostrophe", "asciitilde": "grave", "bar": "backslash", "less": "comma", "greater": "dot",
        "question": "slash", "ISO_Left_Tab": "tab",
    ]
}
