/* rdt-map-view-private.h: map view internals shared with its actions file and
 * the display tests. */
#pragma once

#include "rdt-map-view.h"

G_BEGIN_DECLS

void                _rdt_map_view_class_install_actions (GtkWidgetClass  *widget_class);
/* Zooms by RDT_MAP_VIEW_ZOOM_STEP^steps around the pointer when it is over the
 * view, else around the centre. */
void                _rdt_map_view_zoom_steps            (RdtMapView      *self,
                                                         double           steps);
/* The controllers, by name: "drag", "zoom", "scroll", "motion", "key". */
GtkEventController *_rdt_map_view_get_controller        (RdtMapView      *self,
                                                         const char      *name);
/* The scroll handler's body, with the modifier state and unit spelled out
 * (synthetic signal emissions carry no event to read them from). */
void                _rdt_map_view_scroll                (RdtMapView      *self,
                                                         double           dx,
                                                         double           dy,
                                                         GdkModifierType  state,
                                                         GdkScrollUnit    unit);
/* Space held: primary drags pan. */
void                _rdt_map_view_set_space_held        (RdtMapView      *self,
                                                         gboolean         held);

G_END_DECLS
