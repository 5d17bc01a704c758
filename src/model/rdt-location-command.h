/* rdt-location-command.h: name a hex (named location) or set an entry hex. */
#pragma once

#include "rdt-command.h"
#include "rdt-hex-grid.h"

G_BEGIN_DECLS

#define RDT_TYPE_LOCATION_COMMAND (rdt_location_command_get_type ())
G_DECLARE_FINAL_TYPE (RdtLocationCommand, rdt_location_command, RDT, LOCATION_COMMAND, RdtCommand)

/* @name NULL removes the hex's name. */
RdtCommand *rdt_location_command_new_location (RdtHex        hex,
                                               const char   *name);
/* Entry hex @id ("A", "V-1") at @hex; @hex NULL removes the entry. */
RdtCommand *rdt_location_command_new_entry    (const char   *id,
                                               const RdtHex *hex);

G_END_DECLS
