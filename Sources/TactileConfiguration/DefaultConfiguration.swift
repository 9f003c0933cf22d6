import TactileCore

extension Configuration {
    /// The configuration used when no file exists, printed by `tactile config --default` as a
    /// starting point: it changes nothing, and shows every kind of line in comments.
    public static let defaultText = """
        # Tactile configuration: $XDG_CONFIG_HOME/tactile/config, else /etc/tactile/config.
        # Check a file with `tactile check FILE`; send the daemon SIGHUP to reload it.

        [tuning]
        # Thresholds for every device (these are the built-in values).
        \(builtInTuningLines)
        # Which devices have edge swipes: touchscreens (whose edge is the bezel), on (touchpads
        # too: a drag that starts at a touchpad's edge and moves inward is then an edge swipe) or off.
        edge-swipes = \(GestureTuning().edgeSwipes.rawValue)

        # Devices whose name matches a pattern (* matches anything) get their own values:
        # [tuning "Wacom*Finger"]
        # size = 293x165                     # the surface in mm, when the device reports no resolution
        # drag.minimum-distance = 8mm
        # [tuning "SynPS/2 Synaptics TouchPad"]
        # edge-swipes = on                   # this touchpad's edge swipes, for edge-swipe bindings

        [gestures]
        # Declared gestures compete before the default set; compose them with `then` (sequenced),
        # `else` (the left one has priority), `with` (simultaneous) and `or` (whichever first).
        # hold-then-pan = long-press(fingers: 1) then drag(fingers: 1)
        # three-finger-double-tap = tap(fingers: 3, count: 2)
        # `default = on` adds the default set after them; declared, it would read (its events
        # carry no name, and `default = off` with these lines recognizes the same):
        \(DefaultGestures.declarations.map { "# \($0.name) = \($0.expression)" }.joined(separator: "\n"))
        default = on

        [bindings]
        # GESTURE [fingers=N|N-M] [direction=…] [count=N] [phase=…] [every=STEP] [timeout=5s] => COMMAND ARGS…
        # More conditions: app=GLOB, device=GLOB, source=touchpad|touchscreen, mods=ctrl+alt|none;
        # every=+STEP or -STEP counts one way only (see tactile.conf(5)).
        # Commands run directly, not through a shell (write `sh -c '…'` for one); they see the
        # gesture in TACTILE_GESTURE, TACTILE_FINGERS, TACTILE_DIRECTION, TACTILE_DX, … variables.
        # Instead of a command: key A+B, key-down A, key-up A (keys of linux/input-event-codes.h
        # without KEY_, or super, ctrl, alt, shift, altgr) or button, button-down, button-up
        # left|right|middle, typed through /dev/uinput; what a gesture holds goes up when it ends.
        # drag fingers=3 direction=left => key super+Left
        # drag fingers=3 direction=right => key super+Right
        # drag fingers=4 phase=began => key-down alt
        # drag fingers=4 phase=changed every=30mm => key tab
        # tap fingers=2 count=2 => notify-send "two-finger double tap"
        # rotate phase=changed every=15deg => sh -c 'echo turned $TACTILE_ANGLE >> /tmp/tactile.log'

        """

    /// `key = value` for every tunable of the registry, at its built-in value.
    private static var builtInTuningLines: String {
        let tuning = GestureTuning()
        return GestureRegistry.tuningKeys.map { key, _, tunable in
            "\(key) = \(tunable.unit.written(tuning[tunable]))"
        }.joined(separator: "\n")
    }
}
