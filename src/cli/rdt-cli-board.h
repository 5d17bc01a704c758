/* rdt-cli-board.h: what the los, los-fan and zoc commands share. */
#pragma once

#include <json-glib/json-glib.h>

#include "redoubt-core.h"

G_BEGIN_DECLS

/* Loads FILE and builds its LOS/ZOC board; prints the error and returns NULL
 * on failure. */
RdtBoard *rdt_cli_load_board        (const char         *path);
/* Parses a hex label of the board's grid; prints the error on failure. */
gboolean  rdt_cli_parse_hex         (RdtBoard           *board,
                                     const char         *label,
                                     RdtHex             *out_hex);
/* Appends the hexes of a comma-separated list (nullable) to `out`, an array
 * of RdtHex; prints the error on failure. */
gboolean  rdt_cli_parse_hex_list    (RdtBoard           *board,
                                     const char         *list,
                                     GArray             *out);
void      rdt_cli_json_hex          (JsonBuilder        *builder,
                                     const char         *member,
                                     const RdtHexGrid   *grid,
                                     RdtHex              hex);
/* The whole LOS report as a JSON object (docs/los-json.md). */
void      rdt_cli_json_los_report   (JsonBuilder        *builder,
                                     const RdtHexGrid   *grid,
                                     const RdtLosReport *report,
                                     const GArray       *occupied);
/* Prints the builder's root, pretty, with a final newline. */
void      rdt_cli_json_print        (JsonBuilder        *builder);

G_END_DECLS
