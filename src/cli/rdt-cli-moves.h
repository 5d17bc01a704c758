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
/* The game context from --turn, --weather and --released (the strings are
 * borrowed; `--released none` says that no release was made).  FALSE with
 * @error for a turn out of range. */
gboolean      rdt_cli_game_context     (RdtGameContext *context,
                                        int             turn,
                                        const char     *weather,
                                        char          **released,
                                        GError        **error);
/* A hex as a report writes it: its label, or "off map" (transfer none:
 * @buf or a static string). */
const char   *rdt_cli_hex_text         (RdtHexGrid     *grid,
                                        RdtHex          hex,
                                        char            buf[RDT_HEX_LABEL_SIZE]);
/* "3rd Virginia (American)" for a unit id (transfer full). */
char         *rdt_cli_unit_text        (RdtScenario    *scenario,
                                        const char     *unit_id);
/* "not decided: RULE depends on WHAT; pass OPTION" (transfer full). */
char         *rdt_cli_undecided_text   (const char     *rule,
                                        RdtDepends      depends);

G_END_DECLS
