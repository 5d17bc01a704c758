/* rdt-viewport.h: what part of the map a view shows (after libshumate's viewport).
 *
 * The centre is in map units (rdt-hex-grid.h: a hex's centre-to-corner distance
 * is 1); the zoom is device pixels per map unit.  No GTK type appears here, so
 * tests and the tools can drive it directly.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define RDT_TYPE_VIEWPORT (rdt_viewport_get_type ())
G_DECLARE_FINAL_TYPE (RdtViewport, rdt_viewport, RDT, VIEWPORT, GObject)

#define RDT_VIEWPORT_DEFAULT_MIN_ZOOM 2.0
#define RDT_VIEWPORT_DEFAULT_MAX_ZOOM 300.0

RdtViewport *rdt_viewport_new           (void);

double       rdt_viewport_get_centre_x  (RdtViewport *self);
double       rdt_viewport_get_centre_y  (RdtViewport *self);
void         rdt_viewport_set_centre    (RdtViewport *self,
                                         double       x,
                                         double       y);
double       rdt_viewport_get_zoom      (RdtViewport *self);
/* Clamped to [min-zoom, max-zoom]. */
void         rdt_viewport_set_zoom      (RdtViewport *self,
                                         double       zoom);
double       rdt_viewport_get_min_zoom  (RdtViewport *self);
void         rdt_viewport_set_min_zoom  (RdtViewport *self,
                                         double       min_zoom);
double       rdt_viewport_get_max_zoom  (RdtViewport *self);
void         rdt_viewport_set_max_zoom  (RdtViewport *self,
                                         double       max_zoom);

/* Conversions for a widget of `width` x `height` pixels showing this viewport. */
void         rdt_viewport_widget_to_map (RdtViewport *self,
                                         double       width,
                                         double       height,
                                         double       wx,
                                         double       wy,
                                         double      *map_x,
                                         double      *map_y);
void         rdt_viewport_map_to_widget (RdtViewport *self,
                                         double       width,
                                         double       height,
                                         double       map_x,
                                         double       map_y,
                                         double      *wx,
                                         double      *wy);
/* Sets the zoom and moves the centre so the map point under widget point
 * (wx, wy) stays there. */
void         rdt_viewport_zoom_at       (RdtViewport *self,
                                         double       width,
                                         double       height,
                                         double       zoom,
                                         double       wx,
                                         double       wy);
/* Moves the centre so map point (map_x, map_y) lies under widget point (wx, wy). */
void         rdt_viewport_place         (RdtViewport *self,
                                         double       width,
                                         double       height,
                                         double       map_x,
                                         double       map_y,
                                         double       wx,
                                         double       wy);

G_END_DECLS
