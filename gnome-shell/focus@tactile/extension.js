// Tactile's focus extension (GNOME Shell 43 and 44, whose extensions are scripts loaded
// through `imports`; GNOME 45 made them ES modules). GNOME Shell tells no other process which
// window has the focus, so this owns org.tactile.Focus on the session bus: `tactile listen`
// asks GetFocus once, then follows FocusChanged. Both carry the focused app's id
// (Shell.WindowTracker's focus app, a desktop entry's name) and the focused window's class
// (Meta.Window's wm_class: a Wayland window's app_id, or X11's WM_CLASS class).
/* exported init */
const { GLib, Gio, Shell } = imports.gi;

const busName = 'org.tactile.Focus';
const objectPath = '/org/tactile/Focus';
const interfaceXML = `
<node>
  <interface name="org.tactile.Focus">
    <method name="GetFocus">
      <arg type="s" name="app_id" direction="out"/>
      <arg type="s" name="wm_class" direction="out"/>
    </method>
    <signal name="FocusChanged">
      <arg type="s" name="app_id"/>
      <arg type="s" name="wm_class"/>
    </signal>
  </interface>
</node>`;

class FocusService {
    enable() {
        this._tracker = Shell.WindowTracker.get_default();
        this._reported = this._focus();
        this._exported = Gio.DBusExportedObject.wrapJSObject(interfaceXML, this);
        this._exported.export(Gio.DBus.session, objectPath);
        this._nameID = Gio.bus_own_name_on_connection(Gio.DBus.session, busName,
            Gio.BusNameOwnerFlags.NONE, null, null);
        // A window's focus and its app's can change apart (an app's second window; an app
        // matched to its window late), so both are followed and repeats dropped.
        this._windowHandler = global.display.connect('notify::focus-window', () => this._changed());
        this._appHandler = this._tracker.connect('notify::focus-app', () => this._changed());
    }

    disable() {
        global.display.disconnect(this._windowHandler);
        this._tracker.disconnect(this._appHandler);
        Gio.bus_unown_name(this._nameID);
        this._exported.unexport();
        this._exported = null;
        this._tracker = null;
    }

    GetFocus() {
        return this._focus();
    }

    _focus() {
        const app = this._tracker.focus_app;
        const window = global.display.focus_window;
        return [app ? app.get_id() : '', window ? window.get_wm_class() || '' : ''];
    }

    _changed() {
        const focus = this._focus();
        if (focus[0] === this._reported[0] && focus[1] === this._reported[1])
            return;
        this._reported = focus;
        this._exported.emit_signal('FocusChanged', new GLib.Variant('(ss)', focus));
    }
}

function init() {
    return new FocusService();
}
