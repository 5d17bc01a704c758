/* rdt-tile-cache.c: cached tiles of the map's still layers (see the header). */
#include "config.h"

#include <math.h>

#include "rdt-tile-cache.h"

#define STILL_LAYERS (RDT_RENDER_LAYER_ALL & ~RDT_RENDER_LAYER_COUNTERS)

typedef struct {
  int tx;
  int ty;
  cairo_surface_t *surface;
  guint64 last_used;
} Tile;

struct _RdtTileCache
{
  RdtMapRenderer *renderer;
  guint max_tiles;
  double scale;
  guint64 serial;
  RdtRenderMap *map;        /* unowned; compared only, to notice a new map */
  guint layers;
  GHashTable *tiles;        /* (tx, ty) key -> Tile */
  guint64 clock;

  /* The tiles of the previous scale, shown scaled while the new ones are not
   * all rendered yet (a zoom step costs one budget, not a full frame). */
  GHashTable *stale;
  double stale_scale;
  gint64 budget_usec;       /* 0: render every missing tile */
  gboolean complete;
};

static inline gpointer
tile_key (int tx,
          int ty)
{
  /* Tile indices stay far below 2^15 for any map that fits in memory. */
  return GUINT_TO_POINTER (((guint) (tx + 0x8000) << 16) | (guint) (ty + 0x8000));
}

static void
tile_free (gpointer data)
{
  Tile *tile = data;
  cairo_surface_destroy (tile->surface);
  g_free (tile);
}

RdtTileCache *
rdt_tile_cache_new (RdtMapRenderer *renderer,
                    guint           max_tiles)
{
  RdtTileCache *cache;

  g_return_val_if_fail (RDT_IS_MAP_RENDERER (renderer), NULL);

  cache = g_new0 (RdtTileCache, 1);
  cache->renderer = g_object_ref (renderer);
  cache->max_tiles = MAX (max_tiles, 16);
  cache->tiles = g_hash_table_new_full (NULL, NULL, NULL, tile_free);
  cache->stale = g_hash_table_new_full (NULL, NULL, NULL, tile_free);
  cache->complete = TRUE;
  return cache;
}

void
rdt_tile_cache_free (RdtTileCache *cache)
{
  g_return_if_fail (cache != NULL);
  g_clear_pointer (&cache->tiles, g_hash_table_unref);
  g_clear_pointer (&cache->stale, g_hash_table_unref);
  g_clear_object (&cache->renderer);
  g_free (cache);
}

void
rdt_tile_cache_invalidate (RdtTileCache *cache)
{
  g_return_if_fail (cache != NULL);
  g_hash_table_remove_all (cache->tiles);
  g_hash_table_remove_all (cache->stale);
}

void
rdt_tile_cache_set_budget (RdtTileCache *cache,
                           gint64        usec)
{
  g_return_if_fail (cache != NULL);
  cache->budget_usec = MAX (usec, 0);
}

gboolean
rdt_tile_cache_is_complete (RdtTileCache *cache)
{
  g_return_val_if_fail (cache != NULL, TRUE);
  return cache->complete;
}

/* Paints what the previous scale's tiles show of the device square at (x, y). */
static void
paint_stale (RdtTileCache        *cache,
             cairo_t             *cr,
             const RdtRenderView *v,
             double               x,
             double               y)
{
  double k = v->scale / cache->stale_scale;
  int sx0 = (int) floor ((x - v->origin_x) / k / RDT_TILE_SIZE);
  int sx1 = (int) floor ((x + RDT_TILE_SIZE - v->origin_x) / k / RDT_TILE_SIZE);
  int sy0 = (int) floor ((y - v->origin_y) / k / RDT_TILE_SIZE);
  int sy1 = (int) floor ((y + RDT_TILE_SIZE - v->origin_y) / k / RDT_TILE_SIZE);

  if ((sx1 - sx0 + 1) * (sy1 - sy0 + 1) > 64)
    return;   /* zoomed far out: not worth it for one frame */
  cairo_save (cr);
  cairo_rectangle (cr, x, y, RDT_TILE_SIZE, RDT_TILE_SIZE);
  cairo_clip (cr);
  cairo_translate (cr, v->origin_x, v->origin_y);
  cairo_scale (cr, k, k);
  for (int sy = sy0; sy <= sy1; sy++)
    for (int sx = sx0; sx <= sx1; sx++)
      {
        Tile *tile = g_hash_table_lookup (cache->stale, tile_key (sx, sy));
        if (!tile)
          continue;
        cairo_set_source_surface (cr, tile->surface, (double) sx * RDT_TILE_SIZE,
                                  (double) sy * RDT_TILE_SIZE);
        cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_FAST);
        cairo_rectangle (cr, (double) sx * RDT_TILE_SIZE, (double) sy * RDT_TILE_SIZE,
                         RDT_TILE_SIZE, RDT_TILE_SIZE);
        cairo_fill (cr);
      }
  cairo_restore (cr);
}

guint
rdt_tile_cache_get_n_tiles (RdtTileCache *cache)
{
  g_return_val_if_fail (cache != NULL, 0);
  return g_hash_table_size (cache->tiles);
}

static void
evict (RdtTileCache *cache,
       guint         keep_from)
{
  /* Drop least recently used tiles not used this frame. */
  while (g_hash_table_size (cache->tiles) > cache->max_tiles)
    {
      GHashTableIter iter;
      gpointer key, value, oldest_key = NULL;
      guint64 oldest = G_MAXUINT64;

      g_hash_table_iter_init (&iter, cache->tiles);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          Tile *t = value;
          if (t->last_used < oldest)
            {
              oldest = t->last_used;
              oldest_key = key;
            }
        }
      if (!oldest_key || oldest >= keep_from)
        break;
      g_hash_table_remove (cache->tiles, oldest_key);
    }
}

static Tile *
render_tile (RdtTileCache *cache,
             int           tx,
             int           ty)
{
  Tile *tile = g_new0 (Tile, 1);
  RdtRenderView view = rdt_render_view_make (cache->scale,
                                             -(double) tx * RDT_TILE_SIZE,
                                             -(double) ty * RDT_TILE_SIZE);
  RdtRenderRect rect = { 0, 0, RDT_TILE_SIZE, RDT_TILE_SIZE };
  cairo_t *cr;
  guint layers = rdt_map_renderer_get_layers (cache->renderer);

  tile->tx = tx;
  tile->ty = ty;
  tile->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, RDT_TILE_SIZE, RDT_TILE_SIZE);
  cr = cairo_create (tile->surface);
  rdt_map_renderer_set_layers (cache->renderer, layers & STILL_LAYERS);
  rdt_map_renderer_draw (cache->renderer, cr, &view, &rect);
  rdt_map_renderer_set_layers (cache->renderer, layers);
  cairo_destroy (cr);
  return tile;
}

guint
rdt_tile_cache_draw (RdtTileCache        *cache,
                     cairo_t             *cr,
                     const RdtRenderView *view,
                     const RdtRenderRect *visible,
                     RdtRenderView       *out_view)
{
  RdtRenderMap *map;
  RdtRenderView v;
  RdtRenderRect dev;
  guint layers, rendered = 0;
  int tx0, tx1, ty0, ty1;
  guint64 frame;
  gint64 start;

  g_return_val_if_fail (cache != NULL, 0);
  g_return_val_if_fail (cr != NULL && view != NULL, 0);

  v = rdt_render_view_make (view->scale, floor (view->origin_x + 0.5), floor (view->origin_y + 0.5));
  if (out_view)
    *out_view = v;
  map = rdt_map_renderer_get_map (cache->renderer);
  if (!map)
    return 0;
  layers = rdt_map_renderer_get_layers (cache->renderer);

  if (v.scale != cache->scale && map == cache->map
      && rdt_render_map_get_static_serial (map) == cache->serial && layers == cache->layers
      && g_hash_table_size (cache->tiles) > 0)
    {
      /* A zoom: keep the old tiles to stand in while the new ones render. */
      GHashTable *t = cache->stale;
      cache->stale = cache->tiles;
      cache->tiles = t;
      g_hash_table_remove_all (cache->tiles);
      cache->stale_scale = cache->scale;
      cache->scale = v.scale;
    }
  else if (v.scale != cache->scale || map != cache->map
           || rdt_render_map_get_static_serial (map) != cache->serial || layers != cache->layers)
    {
      g_hash_table_remove_all (cache->tiles);
      g_hash_table_remove_all (cache->stale);
      cache->scale = v.scale;
      cache->map = map;
      cache->serial = rdt_render_map_get_static_serial (map);
      cache->layers = layers;
    }

  if (visible)
    dev = *visible;
  else
    {
      double x1, y1, x2, y2;
      cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
      dev = (RdtRenderRect) { x1, y1, x2 - x1, y2 - y1 };
    }

  /* The tiles of the map-pixel plane under the visible rectangle. */
  tx0 = (int) floor ((dev.x - v.origin_x) / RDT_TILE_SIZE);
  tx1 = (int) floor ((dev.x + dev.width - v.origin_x - 1e-6) / RDT_TILE_SIZE);
  ty0 = (int) floor ((dev.y - v.origin_y) / RDT_TILE_SIZE);
  ty1 = (int) floor ((dev.y + dev.height - v.origin_y - 1e-6) / RDT_TILE_SIZE);

  frame = ++cache->clock;
  start = g_get_monotonic_time ();
  cache->complete = TRUE;
  cairo_save (cr);
  cairo_rectangle (cr, dev.x, dev.y, dev.width, dev.height);
  cairo_clip (cr);
  if (layers & STILL_LAYERS)
    for (int ty = ty0; ty <= ty1; ty++)
      for (int tx = tx0; tx <= tx1; tx++)
        {
          Tile *tile = g_hash_table_lookup (cache->tiles, tile_key (tx, ty));
          double x = v.origin_x + (double) tx * RDT_TILE_SIZE;
          double y = v.origin_y + (double) ty * RDT_TILE_SIZE;

          if (!tile && cache->budget_usec > 0 && rendered > 0
              && g_hash_table_size (cache->stale) > 0
              && g_get_monotonic_time () - start > cache->budget_usec)
            {
              /* Out of time: stand in with the old scale's pixels. */
              paint_stale (cache, cr, &v, x, y);
              cache->complete = FALSE;
              continue;
            }
          if (!tile)
            {
              tile = render_tile (cache, tx, ty);
              g_hash_table_insert (cache->tiles, tile_key (tx, ty), tile);
              rendered++;
            }
          tile->last_used = frame;
          cairo_set_source_surface (cr, tile->surface, x, y);
          cairo_rectangle (cr, x, y, RDT_TILE_SIZE, RDT_TILE_SIZE);
          cairo_fill (cr);
        }
  cairo_restore (cr);
  evict (cache, frame);
  if (cache->complete)
    g_hash_table_remove_all (cache->stale);

  if (layers & RDT_RENDER_LAYER_COUNTERS)
    {
      rdt_map_renderer_set_layers (cache->renderer, RDT_RENDER_LAYER_COUNTERS);
      rdt_map_renderer_draw (cache->renderer, cr, &v, &dev);
      rdt_map_renderer_set_layers (cache->renderer, layers);
    }
  return rendered;
}
