/* rdt-terrain-look-command.h: change how a terrain type is drawn (its fill
 * colour and symbol pattern in the volume data). */
#pragma once

#include "rdt-command.h"

G_BEGIN_DECLS

#define RDT_TYPE_TERRAIN_LOOK_COMMAND (rdt_terrain_look_command_get_type ())
G_DECLARE_FINAL_TYPE (RdtTerrainLookCommand, rdt_terrain_look_command, RDT, TERRAIN_LOOK_COMMAND, RdtCommand)

/* @colour "#rrggbb" or NULL, @pattern one of RDT_TERRAIN_PATTERNS or NULL.  A
 * scenario that refers to a shared volume file gets its own copy of the volume
 * (written inline when saved), so the edit is never lost; undo links it back. */
RdtCommand *rdt_terrain_look_command_new (guint       terrain,
                                          const char *colour,
                                          const char *pattern);

G_END_DECLS
