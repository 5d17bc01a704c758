/* rdt-terrain-command.h: paint terrain on a set of hexes as one undo step.
 *
 * A brush stroke paints hex by hex while the pointer moves
 * (rdt_terrain_command_paint applies at once), then goes on the undo stack
 * with rdt_undo_stack_push_applied(); a fill collects its hexes first.
 */
#pragma once

#include "rdt-command.h"
#include "rdt-hex-grid.h"

G_BEGIN_DECLS

#define RDT_TYPE_TERRAIN_COMMAND (rdt_terrain_command_get_type ())
G_DECLARE_FINAL_TYPE (RdtTerrainCommand, rdt_terrain_command, RDT, TERRAIN_COMMAND, RdtCommand)

RdtCommand *rdt_terrain_command_new      (guint              terrain);
/* The contiguous hexes of @start's terrain, to be painted @terrain (not yet
 * applied). */
RdtCommand *rdt_terrain_command_new_fill (RdtDocument       *document,
                                          RdtHex             start,
                                          guint              terrain);
/* Adds @hex to the set without applying (for a command executed later). */
void        rdt_terrain_command_add_hex  (RdtTerrainCommand *self,
                                          RdtHex             hex);
/* Paints @hex now, once per stroke; off-map hexes are skipped. */
gboolean    rdt_terrain_command_paint    (RdtTerrainCommand *self,
                                          RdtDocument       *document,
                                          RdtHex             hex,
                                          GError           **error);
guint       rdt_terrain_command_get_n_hexes (RdtTerrainCommand *self);

G_END_DECLS
