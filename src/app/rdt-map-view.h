/* rdt-map-view.h: the map widget of the editor.
 *
 * Draws an RdtRenderMap with the shared renderer (src/render/), only the visible
 * part, through a tile cache of the still layers.  An RdtViewport holds centre and
 * zoom.  Tools do not subclass the view: they listen to its hex and hexside
 * signals and hand it overlay items or an overlay callback.
 */
#pragma once

#include <gtk/gtk.h>

#include "rdt-map-renderer.h"
#include "rdt-viewport.h"

G_BEGIN_DECLS

#define RDT_TYPE_MAP_VIEW (rdt_map_view_get_type ())
G_DECLARE_FINAL_TYPE (RdtMapView, rdt_map_view, RDT, MAP_VIEW, GtkWidget)

/* Called after the map and the view's own overlay items are drawn, in widget
 * coordinates.  `visible` is the part of the widget being drawn. */
typedef void (*RdtMapViewOverlayFunc) (RdtMapView          *view,
                                       RdtMapRenderer      *renderer,
                                       cairo_t             *cr,
                                       const RdtRenderView *render_view,
                                       const RdtRenderRect *visible,
                                       gpointer             user_data);

/* Zoom steps of the +/- keys, the zoom actions and a wheel notch. */
#define RDT_MAP_VIEW_ZOOM_STEP 1.25

GtkWidget      *rdt_map_view_new               (void);

/* (transfer none) */
RdtViewport    *rdt_map_view_get_viewport      (RdtMapView           *self);
/* (transfer none) */
RdtMapRenderer *rdt_map_view_get_renderer      (RdtMapView           *self);
/* (transfer none) (nullable) */
RdtRenderMap   *rdt_map_view_get_map           (RdtMapView           *self);
/* Shows `map` (nullable).  A map with another grid is shown from its middle;
 * a rebuilt map of the same grid keeps the viewport. */
void            rdt_map_view_set_map           (RdtMapView           *self,
                                                RdtRenderMap         *map);
/* Redraws after the map was changed in place. */
void            rdt_map_view_map_changed       (RdtMapView           *self);

/* Overlay items (copied), drawn over the map. */
void            rdt_map_view_set_overlays      (RdtMapView           *self,
                                                const RdtRenderOverlay *items,
                                                guint                 n_items);
void            rdt_map_view_set_overlay_func  (RdtMapView           *self,
                                                RdtMapViewOverlayFunc func,
                                                gpointer              user_data,
                                                GDestroyNotify        destroy);
void            rdt_map_view_set_underlay_func (RdtMapView           *self,
                                                RdtMapViewOverlayFunc func,
                                                gpointer              user_data,
                                                GDestroyNotify        destroy);
/* Let the view outline the hexside under the pointer (for hexside tools). */
void            rdt_map_view_set_show_hexside_hover (RdtMapView      *self,
                                                gboolean              show);

/* The transform used for the last or next frame, in widget coordinates. */
void            rdt_map_view_get_render_view   (RdtMapView           *self,
                                                RdtRenderView        *out_view);
/* The on-map hex under a widget point; FALSE when the point is off the map. */
gboolean        rdt_map_view_hex_at            (RdtMapView           *self,
                                                double                x,
                                                double                y,
                                                RdtHex               *out_hex);
/* The hexside nearest a widget point and the hex the point is in. */
gboolean        rdt_map_view_hexside_at        (RdtMapView           *self,
                                                double                x,
                                                double                y,
                                                RdtHexside           *out_side,
                                                RdtHex               *out_near);
gboolean        rdt_map_view_get_hover_hex     (RdtMapView           *self,
                                                RdtHex               *out_hex);
/* "1127 — forest", or NULL when the pointer is not over the map. */
const char     *rdt_map_view_get_hover_text    (RdtMapView           *self);

void            rdt_map_view_zoom_in           (RdtMapView           *self);
void            rdt_map_view_zoom_out          (RdtMapView           *self);
void            rdt_map_view_zoom_fit          (RdtMapView           *self);
void            rdt_map_view_set_bounded       (RdtMapView           *self,
                                                gboolean              bounded);
void            rdt_map_view_zoom_reset        (RdtMapView           *self);
void            rdt_map_view_centre_on_hex     (RdtMapView           *self,
                                                RdtHex                hex);

G_END_DECLS
