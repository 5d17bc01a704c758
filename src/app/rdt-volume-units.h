/* rdt-volume-units.h: the units a volume's bundled scenarios field (issue 16).
 *
 * Volume files define no units; each bundled scenario (scenarios/ *.redoubt)
 * names its volume and carries its own order of battle.  The counter palette
 * of a new map built on a volume offers the union of those orders of battle
 * (first scenario, in file-name order, wins for a repeated unit id), grouped
 * by side and formation; a counter dragged from it is copied into the new
 * scenario.  See docs/editor.md, "Counter palette".
 */
#pragma once

#include "rdt-scenario.h"

G_BEGIN_DECLS

typedef struct {
  GPtrArray *units;       /* RdtUnit*; unit->side indexes side_ids */
  GPtrArray *side_ids;    /* char* */
  GPtrArray *side_names;  /* char* */
} RdtVolumeUnits;

/* The units of the bundled scenarios that use volume @volume_id, the volume
 * being the file @volume_path (scenarios are looked for in the folders
 * "../scenarios" and "scenarios" next to its volumes folder).  Scenarios
 * that do not load are skipped.  (transfer full) (nullable): NULL when
 * no scenario uses the volume. */
RdtVolumeUnits *rdt_volume_units_collect (const char     *volume_path,
                                          const char     *volume_id);
void            rdt_volume_units_free    (RdtVolumeUnits *units);
/* (transfer none) (nullable) */
const RdtUnit  *rdt_volume_units_find    (RdtVolumeUnits *units,
                                          const char     *id);

/* Attached to a new map's RdtScenario by the New Map dialog; read by the
 * palette (rdt-window-palette.c). */
#define RDT_VOLUME_UNITS_KEY "rdt-volume-units"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtVolumeUnits, rdt_volume_units_free)

G_END_DECLS
