/* rdt-cli-moves.h: what the moves and retreats commands share (defined in
 * rdt-cli-moves.c). */
#pragma once

#include <json-glib/json-glib.h>

#include "rdt-movement.h"

G_BEGIN_DECLS

/* "1½" for 3 halves (transfer full). */
char         *rdt_cli_format_mp        (int          halves);
/* The volume rules the format has no field for, from command-line options
 * (transfer full). */
RdtMoveRules *rdt_cli_move_rules       (char       **creek_types,
                                        char       **no_min_terrains);
void          rdt_cli_moves_json_flags (JsonBuilder *builder,
                                        guint        flags);

G_END_DECLS
