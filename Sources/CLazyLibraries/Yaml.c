// The libyaml functions Tactile calls (Sources/TactileRecordings/YAMLEventParser.swift), loaded
// on first use: only reading a `libinput record` file needs them, not the daemon nor a short
// command.
#include <yaml.h>

#include "LazyEntryPoint.h"

static struct tactile_lazy_library yaml_library = {"libyaml-0.so.2", 0};

TACTILE_LAZY(yaml_library, int, yaml_parser_initialize, (yaml_parser_t *parser), (parser))
TACTILE_LAZY_VOID(yaml_library, yaml_parser_delete, (yaml_parser_t *parser), (parser))
TACTILE_LAZY_VOID(yaml_library, yaml_parser_set_input_string, (yaml_parser_t *parser, const unsigned char *input, size_t size),
                  (parser, input, size))
TACTILE_LAZY_VOID(yaml_library, yaml_parser_set_input, (yaml_parser_t *parser, yaml_read_handler_t *handler, void *data),
                  (parser, handler, data))
TACTILE_LAZY(yaml_library, int, yaml_parser_parse, (yaml_parser_t *parser, yaml_event_t *event), (parser, event))
TACTILE_LAZY_VOID(yaml_library, yaml_event_delete, (yaml_event_t *event), (event))
