/* rdt-cli-board.h: what the los, los-fan and zoc commands share. */
#pragma once

#include <json-glib/json-glib.h>

#include "rdt-cli.h"
#include "redoubt-core.h"

G_BEGIN_DECLS

/* The shared loading path of the referee commands.  A file with validation
 * errors (an unknown terrain id silently drawn as the default terrain, a
 * unit in two places...) gets no ruling: its findings are printed and NULL is
 * returned (exit 1), unless `referee->force`, which prints a warning and the
 * findings first and goes on.  Prints the error and returns NULL when the file
 * cannot be loaded. */
RdtScenario *rdt_cli_load_scenario  (const char          *path,
                                     const RdtCliReferee *referee);
/* The same for a scenario already loaded with `diagnostics` (render). */
gboolean  rdt_cli_referee_check     (const char          *path,
                                     GPtrArray           *diagnostics,
                                     const RdtCliReferee *referee);
/* Loads FILE as above and builds its LOS/ZOC board. */
RdtBoard *rdt_cli_load_board        (const char          *path,
                                     const RdtCliReferee *referee);
/* Parses a hex label of the board's grid; prints the error on failure. */
gboolean  rdt_cli_parse_hex         (RdtBoard           *board,
                                     const char         *label,
                                     RdtHex             *out_hex);
/* Appends the hexes of a comma-separated list (nullable) to `out`, an array
 * of RdtHex, leaving out hexes already in it; prints the error on failure. */
gboolean  rdt_cli_parse_hex_list    (RdtBoard           *board,
                                     const char         *list,
                                     GArray             *out);
/* The same for every list of a repeated option (--occupied A,B --occupied C):
 * the lists are merged (`lists` nullable). */
gboolean  rdt_cli_parse_hex_lists   (RdtBoard           *board,
                                     char              **lists,
                                     GArray             *out);
void      rdt_cli_json_hex          (JsonBuilder        *builder,
                                     const char         *member,
                                     const RdtHexGrid   *grid,
                                     RdtHex              hex);
/* The whole LOS report as a JSON object (docs/los-json.md); hex steps name
 * the combat units in the hex. */
void      rdt_cli_json_los_report   (JsonBuilder        *builder,
                                     const RdtBoard     *board,
                                     const RdtLosReport *report,
                                     const GArray       *occupied);
/* Prints the builder's root, pretty, with a final newline. */
void      rdt_cli_json_print        (JsonBuilder        *builder);

G_END_DECLS
