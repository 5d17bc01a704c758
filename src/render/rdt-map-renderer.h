/* rdt-map-renderer.h: draws a map into any cairo_t.
 *
 * The one drawing code of the editor's map view and of `redoubt-cli render`.
 * It draws only the hexes that meet the visible rectangle: the column and row
 * range comes from the rectangle, so a zoomed-in frame costs the same on a 20 x 20
 * map as on a 100 x 100 one.  Drawing happens in device units with the cairo
 * matrix left alone (see rdt-render-view.h); the draw loops do not allocate once
 * the renderer's scratch buffers have grown to the frame's size.
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "rdt-hex-grid.h"
#include "rdt-render-map.h"
#include "rdt-render-overlay.h"
#include "rdt-render-view.h"

G_BEGIN_DECLS

typedef enum {
  RDT_RENDER_LAYER_TERRAIN    = 1 << 0,
  RDT_RENDER_LAYER_GRID       = 1 << 1,
  RDT_RENDER_LAYER_HEXSIDES   = 1 << 2,
  RDT_RENDER_LAYER_AREAS      = 1 << 3,
  RDT_RENDER_LAYER_LABELS     = 1 << 4,
  RDT_RENDER_LAYER_LOCATIONS  = 1 << 5,
  RDT_RENDER_LAYER_ENTRIES    = 1 << 6,
  RDT_RENDER_LAYER_COUNTERS   = 1 << 7,
  RDT_RENDER_LAYER_ALL        = 0xff,
} RdtRenderLayers;

/* Hex labels are drawn only when their text would be at least this tall. */
#define RDT_RENDER_MIN_LABEL_PX 6.5

#define RDT_TYPE_MAP_RENDERER (rdt_map_renderer_get_type ())
G_DECLARE_FINAL_TYPE (RdtMapRenderer, rdt_map_renderer, RDT, MAP_RENDERER, GObject)

RdtMapRenderer *rdt_map_renderer_new            (RdtRenderMap          *map);
/* (transfer none) (nullable) */
RdtRenderMap   *rdt_map_renderer_get_map        (RdtMapRenderer        *self);
void            rdt_map_renderer_set_map        (RdtMapRenderer        *self,
                                                 RdtRenderMap          *map);
guint           rdt_map_renderer_get_layers     (RdtMapRenderer        *self);
void            rdt_map_renderer_set_layers     (RdtMapRenderer        *self,
                                                 guint                  layers);

/* The map rectangle the map covers, in map units. */
RdtRenderRect   rdt_map_renderer_get_map_rect   (RdtMapRenderer        *self);

/* Draws the map layers.  `visible` is in device units; NULL means the cairo clip
 * extents.  Returns how many hexes were drawn (for tests and the benchmark). */
guint           rdt_map_renderer_draw           (RdtMapRenderer        *self,
                                                 cairo_t               *cr,
                                                 const RdtRenderView   *view,
                                                 const RdtRenderRect   *visible);

/* Overlay primitives, in the map's drawing conventions. */
void            rdt_map_renderer_shade_hex      (RdtMapRenderer        *self,
                                                 cairo_t               *cr,
                                                 const RdtRenderView   *view,
                                                 RdtHex                 hex,
                                                 guint32                rgba);
/* Diagonal hatching clipped to the hex (an answer not decided). */
void            rdt_map_renderer_hatch_hex      (RdtMapRenderer        *self,
                                                 cairo_t               *cr,
                                                 const RdtRenderView   *view,
                                                 RdtHex                 hex,
                                                 guint32                rgba);
void            rdt_map_renderer_letter_hex     (RdtMapRenderer        *self,
                                                 cairo_t               *cr,
                                                 const RdtRenderView   *view,
                                                 RdtHex                 hex,
                                                 const char            *text,
                                                 guint32                rgba);
void            rdt_map_renderer_outline_hex    (RdtMapRenderer        *self,
                                                 cairo_t               *cr,
                                                 const RdtRenderView   *view,
                                                 RdtHex                 hex,
                                                 guint32                rgba,
                                                 double                 width);
void            rdt_map_renderer_line           (RdtMapRenderer        *self,
                                                 cairo_t               *cr,
                                                 const RdtRenderView   *view,
                                                 RdtHex                 from,
                                                 RdtHex                 to,
                                                 guint32                rgba,
                                                 double                 width);
void            rdt_map_renderer_highlight_hexside (RdtMapRenderer     *self,
                                                 cairo_t               *cr,
                                                 const RdtRenderView   *view,
                                                 RdtHexside             side,
                                                 guint32                rgba,
                                                 double                 width);
void            rdt_map_renderer_text_hex       (RdtMapRenderer        *self,
                                                 cairo_t               *cr,
                                                 const RdtRenderView   *view,
                                                 RdtHex                 hex,
                                                 const char            *text,
                                                 guint32                rgba);
/* Draws one counter centred on device point (x, y), as on the map: for drag
 * previews and the order-of-battle list. */
void            rdt_map_renderer_draw_counter   (RdtMapRenderer        *self,
                                                 cairo_t               *cr,
                                                 double                 scale,
                                                 const RdtRenderCounter *counter,
                                                 double                 x,
                                                 double                 y);
/* Draws a list of overlay items, skipping those outside `visible` (device
 * units; NULL = the clip extents). */
void            rdt_map_renderer_draw_overlays  (RdtMapRenderer        *self,
                                                 cairo_t               *cr,
                                                 const RdtRenderView   *view,
                                                 const RdtRenderRect   *visible,
                                                 const RdtRenderOverlay *items,
                                                 guint                  n_items);

G_END_DECLS
