/* rdt-window-palette.c: the counter palette (issue 16).
 *
 * A "Counters" page of the side bar shows every unit of the scenario's
 * order of battle as its counter, drawn by the map renderer, grouped by side
 * and formation, with where it is: set up in a hex (dimmed: already on the
 * table), in an area, arriving later, unused, or not placed.  A counter is
 * dragged onto the map with the counter itself as the drag icon; a click
 * selects the unit.  The page is rebuilt, in an idle, whenever the order of
 * battle list is (every unit change and every new document).
 *
 * A new map made on a volume also offers the volume's units (the union of
 * the orders of battle of the bundled scenarios that use it, found by the
 * New Map dialog: rdt-volume-units.h), marked "unused" until one is dragged
 * onto the map, which adds it to the scenario, placed, as one undoable step
 * (_rdt_window_drop_unit, RDT_PALETTE_VOLUME_PREFIX).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rdt-map-renderer.h"
#include "rdt-map-view.h"
#include "rdt-render-scenario.h"
#include "rdt-counter-paintable.h"
#include "rdt-volume-units.h"
#include "rdt-window-private.h"

#define PALETTE "rdt-palette"
#define PALETTE_IDLE "rdt-palette-idle"
#define TILE_SIZE 56

static RdtScenario *
scenario_of (RdtWindow *self)
{
  return self->document ? rdt_document_get_scenario (self->document) : NULL;
}

/**
 * _rdt_window_counter_texture:
 *
 * The counter of @unit as the map draws it, @size pixels across.
 *
 * Returns: (transfer full) (nullable): a texture.
 */
GdkTexture *
_rdt_window_counter_texture (RdtWindow     *self,
                             const RdtUnit *unit,
                             int            size)
{
  RdtMapRenderer *renderer = rdt_map_view_get_renderer (RDT_MAP_VIEW (self->map));
  RdtRenderMap *map = rdt_map_view_get_map (RDT_MAP_VIEW (self->map));
  RdtRenderCounter counter;
  char values[RDT_RENDER_VALUES_SIZE];
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr(GBytes) bytes = NULL;
  GdkTexture *texture;

  if (renderer == NULL || scenario_of (self) == NULL || unit == NULL || size <= 0)
    return NULL;
  /* With its art from the map's cache (issue 16): decoded once, shared with
   * the map and the stack expander. */
  if (map != NULL)
    rdt_render_map_counter_for_unit (map, scenario_of (self), unit, &counter, values);
  else
    rdt_render_counter_for_unit (scenario_of (self), unit, &counter, values);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cr = cairo_create (surface);
  /* A counter is 1.05 map units across (COUNTER_SIDE, rdt-map-renderer.c). */
  rdt_map_renderer_draw_counter (renderer, cr, size / 1.12, &counter, size / 2.0, size / 2.0);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * size);
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  return texture;
}

/**
 * _rdt_window_counter_paintable:
 *
 * The counter of @unit, @size logical pixels across, drawn at the window's
 * scale factor (HiDPI, issue 16): a texture of @size times the scale in
 * pixels, shown at @size.
 *
 * Returns: (transfer full) (nullable): a paintable.
 */
GdkPaintable *
_rdt_window_counter_paintable (RdtWindow     *self,
                               const RdtUnit *unit,
                               int            size)
{
  int scale = CLAMP (gtk_widget_get_scale_factor (GTK_WIDGET (self)), 1, 4);
  g_autoptr(GdkTexture) texture = _rdt_window_counter_texture (self, unit, size * scale);

  return texture != NULL ? rdt_counter_paintable_new (texture, size) : NULL;
}

/* Where @unit is, in a few words.  (transfer full) */
char *
_rdt_window_dup_palette_status (RdtWindow     *self,
                                const RdtUnit *unit)
{
  RdtScenario *scenario = scenario_of (self);

  switch (unit->placement.kind)
    {
    case RDT_PLACEMENT_HEX:
      {
        g_autofree char *label = rdt_scenario_dup_hex_label (scenario, unit->placement.hex);

        /* Translators: palette: the counter is set up in this hex. */
        return g_strdup_printf (_("placed %s"), label);
      }
    case RDT_PLACEMENT_AREA:
      {
        const RdtArea *area = rdt_scenario_find_area (scenario, unit->placement.area);

        /* Translators: palette: the counter sets up anywhere in this area. */
        return g_strdup_printf (_("in %s"), area && area->name ? area->name : unit->placement.area);
      }
    case RDT_PLACEMENT_ENTRY:
      /* Translators: palette: a reinforcement arriving on a turn at an entry hex. */
      return g_strdup_printf (_("arrives turn %d at %s"), unit->placement.turn,
                              unit->placement.entry ? unit->placement.entry : "?");
    case RDT_PLACEMENT_UNUSED:
      return g_strdup (_("unused"));
    /* Issue 16: in a box off the map (12.6, 12.31, 13.23). */
    case RDT_PLACEMENT_ELIMINATED:
      return g_strdup (_("eliminated"));
    case RDT_PLACEMENT_CAPTURED:
      return g_strdup (_("captured"));
    case RDT_PLACEMENT_NONE:
    default:
      return g_strdup (_("not placed"));
    }
}

static GdkContentProvider *
on_tile_drag_prepare (GtkDragSource *source,
                      double         x,
                      double         y,
                      RdtWindow     *self)
{
  GtkWidget *tile = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  GdkPaintable *paintable = g_object_get_data (G_OBJECT (tile), "counter");

  /* The counter itself is the drag icon, held where it was picked. */
  if (paintable != NULL)
    gtk_drag_source_set_icon (source, paintable, TILE_SIZE / 2, TILE_SIZE / 2);
  if (g_object_get_data (G_OBJECT (tile), "drag-id") != NULL)
    return gdk_content_provider_new_typed (G_TYPE_STRING, g_object_get_data (G_OBJECT (tile), "drag-id"));
  return gdk_content_provider_new_typed (G_TYPE_STRING, g_object_get_data (G_OBJECT (tile), "unit-id"));
}

static void
on_tile_released (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  RdtWindow       *self)
{
  GtkWidget *tile = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  _rdt_window_select_unit (self, g_object_get_data (G_OBJECT (tile), "unit-id"));
}

static GtkWidget *
make_tile (RdtWindow     *self,
           const RdtUnit *unit,
           gboolean       from_volume)
{
  GtkWidget *tile = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autoptr(GdkPaintable) texture = _rdt_window_counter_paintable (self, unit, TILE_SIZE);
  g_autofree char *status = _rdt_window_dup_palette_status (self, unit);
  g_autofree char *tip = g_strdup_printf ("%s — %s", unit->name ? unit->name : unit->id, status);
  GtkWidget *label = gtk_label_new (status);
  GtkDragSource *source = gtk_drag_source_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  if (texture != NULL)
    {
      GtkWidget *picture = gtk_picture_new_for_paintable (texture);

      gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
      /* On the table already: dimmed, as a VASSAL palette greys out. */
      if (unit->placement.kind == RDT_PLACEMENT_HEX)
        gtk_widget_set_opacity (picture, 0.45);
      gtk_box_append (GTK_BOX (tile), picture);
      g_object_set_data_full (G_OBJECT (tile), "counter", g_object_ref (texture), g_object_unref);
    }
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 10);
  gtk_widget_add_css_class (label, "caption");
  if (unit->placement.kind == RDT_PLACEMENT_HEX || unit->placement.kind == RDT_PLACEMENT_UNUSED
      || RDT_PLACEMENT_IS_BOX (unit->placement.kind))
    gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (tile), label);
  gtk_widget_set_tooltip_text (tile, tip);
  g_object_set_data_full (G_OBJECT (tile), "unit-id", g_strdup (unit->id), g_free);
  g_object_set_data_full (G_OBJECT (tile), "status", g_strdup (status), g_free);
  /* A unit of the volume, not yet in the scenario: the drop adds it. */
  if (from_volume)
    g_object_set_data_full (G_OBJECT (tile), "drag-id",
                            g_strconcat (RDT_PALETTE_VOLUME_PREFIX, unit->id, NULL), g_free);
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (on_tile_drag_prepare), self);
  gtk_widget_add_controller (tile, GTK_EVENT_CONTROLLER (source));
  g_signal_connect (click, "released", G_CALLBACK (on_tile_released), self);
  gtk_widget_add_controller (tile, GTK_EVENT_CONTROLLER (click));
  return tile;
}

static GtkWidget *
heading (const char *text,
         const char *css)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, css);
  return label;
}

typedef struct {
  const RdtUnit *unit;      /* the scenario's, or copy (from_volume) */
  RdtUnit *copy;
  gboolean from_volume;
} PaletteEntry;

static void
palette_entry_free (PaletteEntry *entry)
{
  g_clear_pointer (&entry->copy, rdt_unit_free);
  g_free (entry);
}

/* The scenario's units; on a new map made on a volume (issue 16), in the
 * volume's order: each of its units, the scenario's copy once placed (so
 * the groups do not move as counters are dragged out), then the scenario's
 * other units.  A volume unit's side becomes an index of the scenario's. */
static GPtrArray *
palette_entries (RdtWindow *self)
{
  RdtScenario *scenario = scenario_of (self);
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) palette_entry_free);
  RdtVolumeUnits *volume = scenario ? g_object_get_data (G_OBJECT (scenario), RDT_VOLUME_UNITS_KEY) : NULL;
  g_autoptr(GHashTable) listed = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; volume != NULL && i < volume->units->len; i++)
    {
      const RdtUnit *unit = g_ptr_array_index (volume->units, i);
      const RdtUnit *own = rdt_scenario_find_unit (scenario, unit->id);
      int side = rdt_scenario_find_side (scenario, g_ptr_array_index (volume->side_ids, unit->side));
      PaletteEntry *entry;

      if (own == NULL && side < 0)
        continue;
      entry = g_new0 (PaletteEntry, 1);
      if (own != NULL)
        {
          entry->unit = own;
          g_hash_table_add (listed, own->id);
        }
      else
        {
          entry->copy = rdt_unit_copy (unit);
          entry->copy->side = side;
          entry->unit = entry->copy;
          entry->from_volume = TRUE;
        }
      g_ptr_array_add (entries, entry);
    }
  for (guint i = 0; scenario != NULL && i < rdt_scenario_get_n_units (scenario); i++)
    {
      const RdtUnit *unit = rdt_scenario_get_unit (scenario, i);
      PaletteEntry *entry;

      if (g_hash_table_contains (listed, unit->id))
        continue;
      entry = g_new0 (PaletteEntry, 1);
      entry->unit = unit;
      g_ptr_array_add (entries, entry);
    }
  return entries;
}

/* Rebuilds the palette now. */
void
_rdt_window_palette_rebuild (RdtWindow *self)
{
  GtkWidget *scrolled = g_object_get_data (G_OBJECT (self), PALETTE);
  RdtScenario *scenario = scenario_of (self);
  g_autoptr(GPtrArray) entries = NULL;
  GtkWidget *box;

  if (scrolled == NULL || self->map == NULL)
    return;
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  entries = palette_entries (self);
  if (entries->len == 0)
    gtk_box_append (GTK_BOX (box),
                    heading (_("The order of battle is empty: add units under Order of Battle, "
                               "then drag their counters from here onto the map."), "dim-label"));
  for (guint s = 0; scenario != NULL && s < rdt_scenario_get_n_sides (scenario); s++)
    {
      const RdtSide *side = rdt_scenario_get_side (scenario, s);
      g_autoptr(GPtrArray) formations = g_ptr_array_new ();
      guint n = 0, placed = 0;
      g_autofree char *title = NULL;

      for (guint i = 0; i < entries->len; i++)
        {
          const RdtUnit *unit = ((PaletteEntry *) g_ptr_array_index (entries, i))->unit;
          const char *formation = unit->formation ? unit->formation : "";
          gboolean seen = FALSE;

          if (unit->side != (int) s)
            continue;
          n++;
          placed += unit->placement.kind == RDT_PLACEMENT_HEX;
          for (guint f = 0; f < formations->len && !seen; f++)
            seen = g_str_equal (g_ptr_array_index (formations, f), formation);
          if (!seen)
            g_ptr_array_add (formations, (gpointer) formation);
        }
      if (n == 0)
        continue;
      /* Translators: palette heading: side, counters on the map, all. */
      title = g_strdup_printf (_("%s (%u of %u placed)"), side->name ? side->name : side->id, placed, n);
      gtk_box_append (GTK_BOX (box), heading (title, "heading"));
      for (guint f = 0; f < formations->len; f++)
        {
          const char *formation = g_ptr_array_index (formations, f);
          GtkWidget *flow = gtk_flow_box_new ();

          gtk_box_append (GTK_BOX (box), heading (formation[0] ? formation : _("Not in a formation"),
                                                  "caption-heading"));
          gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
          gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
          gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 8);
          gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 4);
          gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 4);
          for (guint i = 0; i < entries->len; i++)
            {
              PaletteEntry *entry = g_ptr_array_index (entries, i);
              const RdtUnit *unit = entry->unit;

              if (unit->side == (int) s && g_str_equal (unit->formation ? unit->formation : "", formation))
                gtk_flow_box_append (GTK_FLOW_BOX (flow), make_tile (self, unit, entry->from_volume));
            }
          gtk_box_append (GTK_BOX (box), flow);
        }
    }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);
}

static gboolean
rebuild_idle (gpointer data)
{
  RdtWindow *self = data;

  g_object_set_data (G_OBJECT (self), PALETTE_IDLE, NULL);
  _rdt_window_palette_rebuild (self);
  return G_SOURCE_REMOVE;
}

static void
on_window_destroy (GtkWidget *widget,
                   RdtWindow *self)
{
  guint id = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self), PALETTE_IDLE));

  if (id != 0)
    g_source_remove (id);
  g_object_set_data (G_OBJECT (self), PALETTE_IDLE, NULL);
  g_object_set_data (G_OBJECT (self), PALETTE, NULL);
}

static void
on_units_items_changed (GListModel *model,
                        guint       position,
                        guint       removed,
                        guint       added,
                        RdtWindow  *self)
{
  if (g_object_get_data (G_OBJECT (self), PALETTE_IDLE) != NULL)
    return;
  /* Removed on the window's destroy (on_window_destroy). */
  g_object_set_data (G_OBJECT (self), PALETTE_IDLE,
                     GUINT_TO_POINTER (g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, rebuild_idle, self, NULL)));
}

static void
on_scale_factor_changed (RdtWindow  *self,
                         GParamSpec *pspec,
                         gpointer    data)
{
  on_units_items_changed (NULL, 0, 0, 0, self);
}

/* (transfer none) (nullable) The palette's scrolled window. */
GtkWidget *
_rdt_window_get_palette (RdtWindow *self)
{
  return g_object_get_data (G_OBJECT (self), PALETTE);
}

void
_rdt_window_setup_palette (RdtWindow *self)
{
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (self->unit_list), GTK_TYPE_STACK);
  GtkWidget *scrolled;

  if (stack == NULL)
    return;
  scrolled = gtk_scrolled_window_new ();
  /* Automatic, not never: the side bar keeps its width and the counters
   * wrap to it, rather than widening the window. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_stack_add_titled (GTK_STACK (stack), scrolled, "counters", _("Counters"));
  g_object_set_data (G_OBJECT (self), PALETTE, scrolled);
  g_signal_connect (self, "destroy", G_CALLBACK (on_window_destroy), self);
  g_signal_connect_object (self->unit_store, "items-changed", G_CALLBACK (on_units_items_changed), self, 0);
  /* Counters drawn again for a display of another scale (HiDPI). */
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (on_scale_factor_changed), NULL);
  _rdt_window_palette_rebuild (self);
}
