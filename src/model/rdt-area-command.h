/* rdt-area-command.h: add, delete, rename and paint named areas. */
#pragma once

#include "rdt-command.h"
#include "rdt-hex-grid.h"

G_BEGIN_DECLS

#define RDT_TYPE_AREA_COMMAND (rdt_area_command_get_type ())
G_DECLARE_FINAL_TYPE (RdtAreaCommand, rdt_area_command, RDT, AREA_COMMAND, RdtCommand)

RdtCommand *rdt_area_command_new_add    (const char     *id,
                                         const char     *name);
RdtCommand *rdt_area_command_new_remove (const char     *id);
RdtCommand *rdt_area_command_new_rename (const char     *id,
                                         const char     *name);
/* A stroke that adds hexes to the area (or removes them when !@in_area). */
RdtCommand *rdt_area_command_new_paint  (const char     *id,
                                         gboolean        in_area);
/* Adds @hex to a paint stroke without applying it. */
void        rdt_area_command_add_hex    (RdtAreaCommand *self,
                                         RdtHex          hex);
/* Paints @hex now (once per stroke). */
gboolean    rdt_area_command_paint      (RdtAreaCommand *self,
                                         RdtDocument    *document,
                                         RdtHex          hex,
                                         GError        **error);

G_END_DECLS
