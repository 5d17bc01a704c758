/* rdt-map-view-actions.c: the map view's widget actions and their keys.
 *
 *   map.zoom-in     +  =  KP_Add     (around the pointer when it is over the map)
 *   map.zoom-out    -  KP_Subtract
 *   map.zoom-fit    Ctrl+9          (the whole map)
 *   map.zoom-reset  Ctrl+0          (the default zoom)
 */
#include "config.h"

#include "rdt-map-view-private.h"

static void
zoom_in_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  rdt_map_view_zoom_in (RDT_MAP_VIEW (widget));
}

static void
zoom_out_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  rdt_map_view_zoom_out (RDT_MAP_VIEW (widget));
}

static void
zoom_fit_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  rdt_map_view_zoom_fit (RDT_MAP_VIEW (widget));
}

static void
zoom_reset_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  rdt_map_view_zoom_reset (RDT_MAP_VIEW (widget));
}

void
_rdt_map_view_class_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "map.zoom-in", NULL, zoom_in_activated);
  gtk_widget_class_install_action (widget_class, "map.zoom-out", NULL, zoom_out_activated);
  gtk_widget_class_install_action (widget_class, "map.zoom-fit", NULL, zoom_fit_activated);
  gtk_widget_class_install_action (widget_class, "map.zoom-reset", NULL, zoom_reset_activated);

  /* Keys that work while the map has the focus; the window may add global
   * accelerators (Ctrl+plus...) for the same actions. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "map.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "map.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "map.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "map.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "map.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "map.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK, "map.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_9, GDK_CONTROL_MASK, "map.zoom-fit", NULL);
}
