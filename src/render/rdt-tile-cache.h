/* rdt-tile-cache.h: the map's still layers kept as image tiles.
 *
 * Terrain, grid, hexsides, areas, labels, locations and entry hexes change only
 * when the map does, so a frame that merely pans or moves counters copies cached
 * tiles and draws the counters over them.  Tiles are square, aligned on whole
 * device pixels of the "map pixel" plane (map units times scale), and all belong
 * to one scale; changing the scale or the map's static serial drops them.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "rdt-map-renderer.h"

G_BEGIN_DECLS

#define RDT_TILE_SIZE 256

typedef struct _RdtTileCache RdtTileCache;

/* `max_tiles` bounds memory: each tile is RDT_TILE_SIZE² × 4 bytes. */
RdtTileCache *rdt_tile_cache_new         (RdtMapRenderer      *renderer,
                                          guint                max_tiles);
void          rdt_tile_cache_free        (RdtTileCache        *cache);
void          rdt_tile_cache_invalidate  (RdtTileCache        *cache);
/* Draws the map: cached still layers, then the counters live.  The view's
 * origin is rounded to whole device pixels so tiles copy without resampling;
 * `out_view` (nullable) receives the view actually used, for overlays.
 * Returns the number of tiles that had to be rendered. */
guint         rdt_tile_cache_draw        (RdtTileCache        *cache,
                                          cairo_t             *cr,
                                          const RdtRenderView *view,
                                          const RdtRenderRect *visible,
                                          RdtRenderView       *out_view);
guint         rdt_tile_cache_get_n_tiles (RdtTileCache        *cache);
/* With a budget, a frame after a zoom renders new tiles only until the budget
 * is spent and shows the previous scale's tiles, scaled, for the rest; then
 * rdt_tile_cache_is_complete() is FALSE and the caller draws again soon. */
void          rdt_tile_cache_set_budget  (RdtTileCache        *cache,
                                          gint64               usec);
gboolean      rdt_tile_cache_is_complete (RdtTileCache        *cache);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtTileCache, rdt_tile_cache_free)

G_END_DECLS
