/* rdt-cli-files.h: helpers the validate, info and format commands share
 * (defined in rdt-cli-validate.c). */
#pragma once

#include <json-glib/json-glib.h>

#include "redoubt-core.h"

G_BEGIN_DECLS

/* Pub Battles (rdt-cli-gridless.c, issue 18): PIECE or X,Y in inches inside
 * the map, for `los` and `render --los`; prints the error and returns FALSE
 * on anything else (NaN and infinities included). */
gboolean    rdt_cli_gridless_parse_end   (const RdtGridless   *gridless,
                                          const char          *text,
                                          RdtGlLosEnd         *end);
/* `info` on a gridless file: the table, its shapes, piece types (provisional
 * values named), sides, commands and pieces (docs/cli.md). */
int         rdt_cli_gridless_info        (const char          *path,
                                          gboolean             json);
/* The piece whose block contains the point end @end, or NULL (G6 d: that
 * block is not the end, it blocks). */
const RdtGlPiece *rdt_cli_gridless_point_in_piece (const RdtGridless *gridless,
                                                   RdtGlLosEnd        end);

/* "volume", "gridless-scenario" or "scenario": the root element of the file, from its first bytes. */
const char *rdt_cli_peek_root            (const char          *path);
/* Loads and validates a scenario or volume file; TRUE when it has no errors. */
gboolean    rdt_cli_check_file           (const char          *path,
                                          GPtrArray           *diagnostics);
void        rdt_cli_add_diagnostic_json  (JsonBuilder         *builder,
                                          const RdtDiagnostic *diagnostic);
void        rdt_cli_print_json           (JsonBuilder         *builder);

G_END_DECLS
