/* rdt-render-scenario.h: an RdtRenderMap from a scenario.
 *
 * The one translation from the document model to what the renderer draws,
 * used by the editor and by `redoubt-cli render`.  Terrain looks come from the
 * palette by terrain id (rdt-terrain-palette.h) because volume data carries no
 * colours yet; hexside features are recognised by their type ids ("slope",
 * "primary-ford", "creek", "road"...) within their kind.
 */
#pragma once

#include "rdt-render-map.h"
#include "rdt-scenario.h"

G_BEGIN_DECLS

/* (transfer full) */
RdtRenderMap *rdt_render_map_new_from_scenario   (RdtScenario        *scenario);

/* Incremental updates after an edit (cheaper than rebuilding). */
void          rdt_render_map_update_terrain      (RdtRenderMap       *map,
                                                  RdtScenario        *scenario,
                                                  RdtHex              hex);
void          rdt_render_map_update_hexside      (RdtRenderMap       *map,
                                                  RdtScenario        *scenario,
                                                  RdtHexside          side);
/* Rebuilds the counters (any unit change). */
void          rdt_render_map_update_counters     (RdtRenderMap       *map,
                                                  RdtScenario        *scenario);

/* The counter of @unit as the map draws it; @out points into @unit and
 * @values (RDT_RENDER_VALUES_SIZE bytes). */
void          rdt_render_counter_for_unit        (RdtScenario        *scenario,
                                                  const RdtUnit      *unit,
                                                  RdtRenderCounter   *out,
                                                  char               *values);
/* The same with the unit's counter art (issue 16), from @map's cache (decoded
 * once; @out->art belongs to @map): the back for a reduced unit when there is
 * one, else the front. */
void          rdt_render_map_counter_for_unit    (RdtRenderMap       *map,
                                                  RdtScenario        *scenario,
                                                  const RdtUnit      *unit,
                                                  RdtRenderCounter   *out,
                                                  char               *values);
/* The outline colour (RDT_RGB) of the scenario's area number @index. */
guint32       rdt_render_area_colour             (guint               index);
/* The render flags of one hexside's features, as drawn. */
guint         rdt_render_hexside_flags           (RdtVolume          *volume,
                                                  const RdtHexsideFeatures *features);
/* The colours a side's counters are printed in (body, band). */
void          rdt_render_unit_colours            (RdtScenario        *scenario,
                                                  const RdtUnit      *unit,
                                                  guint32            *body_rgb,
                                                  guint32            *band_rgb,
                                                  guint32            *text_rgb);

G_END_DECLS
