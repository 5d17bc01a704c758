/* rdt-scenario-private.h: what the loader and validator need beyond the API. */
#pragma once

#include "rdt-scenario.h"

G_BEGIN_DECLS

void         _rdt_scenario_set_hex_line        (RdtScenario *scenario,
                                                RdtHex       hex,
                                                int          line);
void         _rdt_scenario_load_terrain        (RdtScenario *scenario,
                                                RdtHex       hex,
                                                guint        terrain);
void         _rdt_scenario_set_line            (RdtScenario *scenario,
                                                const char  *what,
                                                int          line);
int          _rdt_scenario_get_line            (RdtScenario *scenario,
                                                const char  *what);
/* Appends without checks or signals (the loader checks and reports itself). */
void         _rdt_scenario_take_area           (RdtScenario *scenario,
                                                RdtArea     *area);
void         _rdt_scenario_take_entry          (RdtScenario *scenario,
                                                RdtEntryHex *entry);
void         _rdt_scenario_take_location       (RdtScenario *scenario,
                                                RdtLocation *location);
/* Sorts what the loader appended in file order. */
void         _rdt_scenario_finish_load         (RdtScenario *scenario);
void         _rdt_scenario_take_unit           (RdtScenario *scenario,
                                                RdtUnit     *unit);
void         _rdt_scenario_put_hexside         (RdtScenario *scenario,
                                                const RdtHexsideFeatures *features);
gboolean     _rdt_scenario_all_hexsides        (RdtScenario *scenario,
                                                gboolean   (*ok) (const RdtHexsideFeatures *features,
                                                                  gpointer                  user_data),
                                                gpointer     user_data);
void         _rdt_scenario_set_side_line       (RdtScenario *scenario,
                                                guint        index,
                                                int          line);
int          _rdt_scenario_get_side_line       (RdtScenario *scenario,
                                                guint        index);
void         _rdt_scenario_set_volume          (RdtScenario *scenario,
                                                RdtVolume   *volume);
void         _rdt_entry_hex_free               (RdtEntryHex *entry);
void         _rdt_location_free                (RdtLocation *location);

G_END_DECLS
