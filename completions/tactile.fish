# fish completion for tactile(1): commands, their options, option values, files and
# /dev/input/event* nodes. Installed as /usr/share/fish/vendor_completions.d/tactile.fish.
# Tests/TactileCommandTests/CompletionTests.swift holds it to Sources/tactile/CommandTable.swift.

set -l commands replay run listen devices record check config import help

function __tactile_event_nodes
    for node in /dev/input/event*
        echo $node
    end
end

complete -c tactile -f
complete -c tactile -n "not __fish_seen_subcommand_from $commands" -s h -l help -d 'print the help and exit'
complete -c tactile -n "not __fish_seen_subcommand_from $commands" -l version -d 'print the version and exit'
complete -c tactile -n "__fish_seen_subcommand_from $commands" -s h -l help -d 'print this help and exit'

complete -c tactile -n "not __fish_seen_subcommand_from $commands" -a replay -d 'print the gestures in a recording'
complete -c tactile -n "not __fish_seen_subcommand_from $commands" -a run -d 'the daemon'
complete -c tactile -n "not __fish_seen_subcommand_from $commands" -a listen -d "print the daemon's stream, or run bindings"
complete -c tactile -n "not __fish_seen_subcommand_from $commands" -a devices -d 'list the touch devices'
complete -c tactile -n "not __fish_seen_subcommand_from $commands" -a record -d 'record a touch device as libinput record YAML'
complete -c tactile -n "not __fish_seen_subcommand_from $commands" -a check -d 'validate a configuration file'
complete -c tactile -n "not __fish_seen_subcommand_from $commands" -a config -d 'print the embedded default configuration'
complete -c tactile -n "not __fish_seen_subcommand_from $commands" -a import -d "convert a libinput-gestures, fusuma or Touchégg configuration"
complete -c tactile -n "not __fish_seen_subcommand_from $commands" -a help -d "print a command's usage and options"

# replay FILE (not as the value of --explain=, which is a format)
complete -c tactile -n '__fish_seen_subcommand_from replay; and not string match -q -- "--explain=*" (commandline -ct)' -F
complete -c tactile -n '__fish_seen_subcommand_from replay' -l desc -r -F -d 'the description of an events-only evemu file'
complete -c tactile -n '__fish_seen_subcommand_from replay' -l config -r -F -d 'recognize with this configuration'
complete -c tactile -n '__fish_seen_subcommand_from replay' -l frames -d 'print decoded frames instead of gestures'
complete -c tactile -n '__fish_seen_subcommand_from replay' -l size -x -d 'the surface size in mm, WIDTHxHEIGHT'
complete -c tactile -n '__fish_seen_subcommand_from replay' -l svg -r -F -d 'also draw the replay into this SVG file'
complete -c tactile -n '__fish_seen_subcommand_from replay' -l explain -f -a 'human json' -d 'also print why each gesture was or was not recognized'

# run
complete -c tactile -n '__fish_seen_subcommand_from run' -l device -x -a '(__tactile_event_nodes)' -d 'read only this event node'
complete -c tactile -n '__fish_seen_subcommand_from run' -l seat -x -d 'the udev seat to read'
complete -c tactile -n '__fish_seen_subcommand_from run' -l touchpad-source -x -a 'raw libinput both' -d 'where touchpad gestures come from'
complete -c tactile -n '__fish_seen_subcommand_from run' -l verbose -d "add libinput's own log"
complete -c tactile -n '__fish_seen_subcommand_from run' -l replay -r -F -d 'use a recording as the input device'
complete -c tactile -n '__fish_seen_subcommand_from run' -l desc -r -F -d 'the description of an events-only evemu file'
complete -c tactile -n '__fish_seen_subcommand_from run' -l speed -x -d 'times real time, 0 as fast as possible'
complete -c tactile -n '__fish_seen_subcommand_from run' -l await-clients -x -d 'start once N socket and D-Bus clients connected'
complete -c tactile -n '__fish_seen_subcommand_from run' -l socket -r -F -d 'serve the stream on this Unix socket'
complete -c tactile -n '__fish_seen_subcommand_from run' -l socket-group -x -a '(__fish_complete_groups)' -d 'the group that may read the socket'
complete -c tactile -n '__fish_seen_subcommand_from run' -l client-queue-limit -x -d 'bytes a client may fall behind'
complete -c tactile -n '__fish_seen_subcommand_from run' -l touchegg -x -a 'unix:abstract=touchegg' -d 'also serve the Touchégg D-Bus protocol'
complete -c tactile -n '__fish_seen_subcommand_from run' -l config -r -F -d 'read this configuration'
complete -c tactile -n '__fish_seen_subcommand_from run' -l bindings -d 'run the bound commands'
complete -c tactile -n '__fish_seen_subcommand_from run' -l explain -f -a 'human json' -d 'say why each gesture was recognized or fired its bindings, or not'

# listen
complete -c tactile -n '__fish_seen_subcommand_from listen' -l socket -r -F -d "the daemon's socket"
complete -c tactile -n '__fish_seen_subcommand_from listen' -l once -d 'end when the daemon closes the stream'
complete -c tactile -n '__fish_seen_subcommand_from listen' -l bindings -d 'run the bound commands'
complete -c tactile -n '__fish_seen_subcommand_from listen' -l explain -f -a 'human json' -d 'say why bindings fired or not'
complete -c tactile -n '__fish_seen_subcommand_from listen' -l config -r -F -d 'read the bindings from this file'

# devices
complete -c tactile -n '__fish_seen_subcommand_from devices' -l device -x -a '(__tactile_event_nodes)' -d 'describe only this event node'
complete -c tactile -n '__fish_seen_subcommand_from devices' -l seat -x -d 'the udev seat to list'

# record
complete -c tactile -n '__fish_seen_subcommand_from record' -l device -x -a '(__tactile_event_nodes)' -d 'the event node to record'
complete -c tactile -n '__fish_seen_subcommand_from record' -l seat -x -d 'the udev seat to record from'
complete -c tactile -n '__fish_seen_subcommand_from record' -s o -l output -r -F -d 'the file to write'

# import FILE [--from FORMAT]
complete -c tactile -n '__fish_seen_subcommand_from import' -F
complete -c tactile -n '__fish_seen_subcommand_from import' -l from -x -a 'libinput-gestures fusuma touchegg' -d "the file's format"

# check [FILE], config --default, help [COMMAND]
complete -c tactile -n '__fish_seen_subcommand_from check' -F
complete -c tactile -n '__fish_seen_subcommand_from config' -l default -d 'print the embedded default configuration'
complete -c tactile -n '__fish_seen_subcommand_from help' -a "$commands"
