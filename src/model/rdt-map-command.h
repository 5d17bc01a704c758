/* rdt-map-command.h: change the grid settings, or the underlay and its
 * calibration. */
#pragma once

#include "rdt-command.h"
#include "rdt-hex-grid.h"
#include "rdt-scenario.h"

G_BEGIN_DECLS

#define RDT_TYPE_MAP_COMMAND (rdt_map_command_get_type ())
G_DECLARE_FINAL_TYPE (RdtMapCommand, rdt_map_command, RDT, MAP_COMMAND, RdtCommand)

RdtCommand *rdt_map_command_new_grid     (const RdtGridSettings *settings);
/* @underlay NULL removes the underlay.  @label (nullable) names the step, e.g.
 * "Calibrate Underlay". */
RdtCommand *rdt_map_command_new_underlay (const RdtUnderlay     *underlay,
                                          const char            *label);

G_END_DECLS
