/* rdt-validate.h: semantic validation of a loaded scenario (after the schema).
 *
 * Checks, each with its own diagnostic naming file:line, element and what to do:
 * every hex label on the map; hexside pairs adjacent; a slope's high side and a
 * fieldwork's symbol hex are one of the two hexes; ids unique and every
 * reference resolves; set-up stacks within the stacking limit (7.1) with the
 * volume's exceptions; every unit placed, scheduled or explicitly unused; areas
 * non-empty; victory hexes on the map; provisional values reported as warnings.
 */
#pragma once

#include "rdt-scenario.h"

G_BEGIN_DECLS

/* Appends RdtDiagnostic* to @diagnostics. */
void rdt_scenario_validate (RdtScenario *scenario,
                            GPtrArray   *diagnostics);

/* Appends warnings for the volume's provisional values. */
void rdt_volume_validate   (RdtVolume   *volume,
                            const char  *file,
                            GPtrArray   *diagnostics);

G_END_DECLS
