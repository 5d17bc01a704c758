/* rdt-legend.c: the map legend (issue 16).
 *
 * Each sample is a two-hex strip of a throwaway scenario on the same volume,
 * grid orientation and default terrain, drawn by the map renderer: a
 * hexside type is set on the hexside between the two hexes, an area holds
 * both, a rule overlay is drawn over them.  So the legend cannot drift from
 * what the map shows. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "rdt-legend.h"
#include "rdt-map-renderer.h"
#include "rdt-render-map.h"
#include "rdt-render-overlay.h"
#include "rdt-render-scenario.h"
#include "rdt-rule-overlays.h"

#define SAMPLE_SCALE 28.0

typedef struct {
  RdtRenderMap *map;
  RdtHex a;
  RdtHex b;
} Strip;

static gboolean
strip_init (Strip       *strip,
            RdtScenario *scenario)
{
  RdtGridSettings settings = *rdt_hex_grid_get_settings (rdt_scenario_get_grid (scenario));
  RdtVolume *volume = rdt_scenario_get_volume (scenario);
  const RdtTerrainType *clear = rdt_volume_get_terrain (volume, rdt_scenario_get_default_terrain (scenario));
  g_autoptr(RdtScenario) sample = NULL;

  settings.columns = 2;
  settings.rows = 1;
  sample = rdt_scenario_new (volume, &settings, clear ? clear->id : NULL, NULL);
  if (sample == NULL)
    return FALSE;
  strip->map = rdt_render_map_new_from_scenario (sample);
  strip->a = (RdtHex) { settings.first_column, settings.first_row };
  strip->b = (RdtHex) { settings.first_column + 1, settings.first_row };
  return TRUE;
}

/* Draws the strip with @overlays into a picture. */
static GtkWidget *
strip_picture (Strip                  *strip,
               const RdtRenderOverlay *overlays,
               guint                   n_overlays)
{
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (strip->map);
  RdtRenderRect rect;
  RdtRenderView view;
  cairo_surface_t *surface;
  cairo_t *cr;
  int w, h;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkWidget *picture;

  /* No hex labels in a legend sample. */
  rdt_map_renderer_set_layers (renderer, RDT_RENDER_LAYER_ALL & ~RDT_RENDER_LAYER_LABELS);
  rect = rdt_map_renderer_get_map_rect (renderer);
  w = (int) ceil (rect.width * SAMPLE_SCALE);
  h = (int) ceil (rect.height * SAMPLE_SCALE);
  view = rdt_render_view_fit (&rect, w, h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  rdt_map_renderer_draw (renderer, cr, &view, NULL);
  if (n_overlays > 0)
    rdt_map_renderer_draw_overlays (renderer, cr, &view, NULL, overlays, n_overlays);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * h);
  texture = gdk_memory_texture_new (w, h, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
  gtk_widget_set_valign (picture, GTK_ALIGN_CENTER);
  return picture;
}

static void
add_row (GtkGrid    *grid,
         int        *row,
         GtkWidget  *picture,
         const char *name)
{
  GtkWidget *label = gtk_label_new (name);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_grid_attach (grid, picture, 0, *row, 1, 1);
  gtk_grid_attach (grid, label, 1, *row, 1, 1);
  (*row)++;
}

static void
add_heading (GtkGrid    *grid,
             int        *row,
             const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  if (*row > 0)
    gtk_widget_set_margin_top (label, 12);
  gtk_grid_attach (grid, label, 0, *row, 2, 1);
  (*row)++;
}

static void
add_overlay_row (GtkGrid                *grid,
                 int                    *row,
                 RdtScenario            *scenario,
                 const RdtRenderOverlay *items,
                 guint                   n_items,
                 const char             *name)
{
  Strip strip;

  if (!strip_init (&strip, scenario))
    return;
  add_row (grid, row, strip_picture (&strip, items, n_items), name);
  rdt_render_map_unref (strip.map);
}

GtkWidget *
rdt_legend_new (RdtScenario *scenario)
{
  GtkGrid *grid;
  RdtVolume *volume;
  int row = 0;
  Strip probe;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);

  grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);
  gtk_widget_set_margin_start (GTK_WIDGET (grid), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (grid), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (grid), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (grid), 12);
  volume = rdt_scenario_get_volume (scenario);
  if (!strip_init (&probe, scenario))
    return GTK_WIDGET (grid);
  rdt_render_map_unref (probe.map);

  add_heading (grid, &row, _("Hexsides"));
  for (guint i = 0; i < rdt_volume_get_n_hexside_types (volume); i++)
    {
      const RdtHexsideType *type = rdt_volume_get_hexside_type (volume, i);
      RdtHexsideFeatures f = { { { 0, 0 }, { 0, 0 } }, RDT_NO_TYPE, RDT_NO_TYPE, { 0, 0 }, RDT_NO_TYPE,
                               { 0, 0 }, FALSE, RDT_NO_TYPE, RDT_NO_TYPE, 0 };
      Strip strip;
      guint flags;
      g_autofree char *name = NULL;

      if (!strip_init (&strip, scenario))
        break;
      f.side = (RdtHexside) { strip.a, strip.b };
      switch (type->kind)
        {
        case RDT_HEXSIDE_KIND_WATER: f.water = (int) i; break;
        case RDT_HEXSIDE_KIND_SLOPE: f.slope = (int) i; f.slope_high = strip.a; break;
        case RDT_HEXSIDE_KIND_FIELDWORK: f.fieldwork = (int) i; f.fieldwork_symbol = strip.a; break;
        case RDT_HEXSIDE_KIND_ROAD: f.road = (int) i; break;
        case RDT_HEXSIDE_KIND_OTHER:
        default: f.other = (int) i; break;
        }
      flags = rdt_render_hexside_flags (volume, &f);
      if (flags & RDT_RENDER_SIDE_SLOPE)
        rdt_render_map_add_hexside (strip.map, f.side, RDT_RENDER_SIDE_SLOPE, &strip.a);
      if (flags & RDT_RENDER_SIDE_FIELDWORK)
        rdt_render_map_add_hexside (strip.map, f.side, RDT_RENDER_SIDE_FIELDWORK, &strip.a);
      if (flags & ~(guint) (RDT_RENDER_SIDE_SLOPE | RDT_RENDER_SIDE_FIELDWORK))
        rdt_render_map_add_hexside (strip.map, f.side,
                                    flags & ~(guint) (RDT_RENDER_SIDE_SLOPE | RDT_RENDER_SIDE_FIELDWORK), NULL);
      if (type->kind == RDT_HEXSIDE_KIND_SLOPE)
        /* Translators: a slope's name; the left hex of the sample is high. */
        name = g_strdup_printf (_("%s (the left hex is the high side, 11.43)"), type->name ? type->name : type->id);
      else if (type->kind == RDT_HEXSIDE_KIND_FIELDWORK)
        /* Translators: a fieldwork's name; its symbol is in the left hex. */
        name = g_strdup_printf (_("%s (symbol in the left hex)"), type->name ? type->name : type->id);
      else
        name = g_strdup (type->name ? type->name : type->id);
      if (flags == 0)
        {
          /* A type the map does not draw says so rather than showing a
           * blank sample as if it were drawn. */
          g_autofree char *undrawn = g_strdup_printf (_("%s (not drawn on the map)"), name);
          add_row (grid, &row, strip_picture (&strip, NULL, 0), undrawn);
        }
      else
        add_row (grid, &row, strip_picture (&strip, NULL, 0), name);
      rdt_render_map_unref (strip.map);
    }

  if (rdt_scenario_get_n_areas (scenario) > 0)
    {
      add_heading (grid, &row, _("Areas"));
      for (guint i = 0; i < rdt_scenario_get_n_areas (scenario) && i < RDT_RENDER_MAX_AREAS; i++)
        {
          const RdtArea *area = rdt_scenario_get_area (scenario, i);
          const char *name = area->name ? area->name : area->id;
          Strip strip;
          int index;

          if (!strip_init (&strip, scenario))
            break;
          index = rdt_render_map_add_area (strip.map, name, rdt_render_area_colour (i));
          if (index >= 0)
            {
              rdt_render_map_area_add_hex (strip.map, index, strip.a);
              rdt_render_map_area_add_hex (strip.map, index, strip.b);
            }
          add_row (grid, &row, strip_picture (&strip, NULL, 0), name);
          rdt_render_map_unref (strip.map);
        }
    }

  add_heading (grid, &row, _("Rule overlays"));
  {
    RdtRenderOverlay items[3];

    items[0] = rdt_render_overlay_line (probe.a, probe.b, RDT_RULE_CLEAR_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("Line of sight clear (11.4)"));
    items[0] = rdt_render_overlay_line (probe.a, probe.b, RDT_RULE_BLOCKED_RGBA);
    items[1] = rdt_render_overlay_shade (probe.b, RDT_RULE_BLOCK_SHADE_RGBA);
    items[2] = rdt_render_overlay_letter (probe.b, "B", RDT_RULE_BLOCKED_RGBA);
    add_overlay_row (grid, &row, scenario, items, 3,
                     _("Line of sight blocked; the blocking hex lettered B terrain, U combat unit, S slope (11.4)"));
    items[0] = rdt_render_overlay_outline (probe.b, RDT_RULE_PASSED_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("A hex the line of sight passes through"));
    items[0] = rdt_render_overlay_hexside ((RdtHexside) { probe.a, probe.b }, RDT_RULE_UP_SLOPE_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("The slope that puts an end up slope (11.43)"));
    items[0] = rdt_render_overlay_hexside ((RdtHexside) { probe.a, probe.b }, RDT_RULE_ALLOWED_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("Would block, allowed by the rule cited"));
    items[0] = rdt_render_overlay_hexside ((RdtHexside) { probe.a, probe.b }, RDT_RULE_SPINE_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("Line run along a hexside (11.44)"));
    items[0] = rdt_render_overlay_shade (probe.b, RDT_RULE_OUT_SHADE_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("Out of line of sight (fire fan)"));
    items[0] = rdt_render_overlay_shade (probe.b, RDT_RULE_ZOC_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("In an enemy zone of control (8)"));
    items[0] = rdt_render_overlay_shade (probe.b, RDT_RULE_RIFLE_ZOC_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("In a rifle zone of control (8.31)"));
    items[0] = rdt_render_overlay_hexside ((RdtHexside) { probe.a, probe.b }, RDT_RULE_ZOC_STOP_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("A zone of control stops at this hexside (8)"));
    items[0] = rdt_render_overlay_hexside ((RdtHexside) { probe.a, probe.b }, RDT_RULE_ZOC_ACROSS_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1,
                     _("A zone of control extends across water or out of fieldworks (8)"));
    items[0] = rdt_render_overlay_shade (probe.b, RDT_RULE_REACH_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("Reachable this move (9)"));
    items[0] = rdt_render_overlay_shade (probe.b, RDT_RULE_REACH_ZOC_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("Reachable; movement ends there (8.31)"));
    items[0] = rdt_render_overlay_line (probe.a, probe.b, RDT_RULE_PATH_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("Cheapest path (9)"));
    items[0] = rdt_render_overlay_shade (probe.b, RDT_RULE_RETREAT_RGBA);
    add_overlay_row (grid, &row, scenario, items, 1, _("Retreat destination (13.2)"));
    items[0] = rdt_render_overlay_line (probe.a, probe.b, RDT_RULE_TARGET_RGBA);
    items[1] = rdt_render_overlay_outline (probe.b, RDT_RULE_TARGET_RGBA);
    add_overlay_row (grid, &row, scenario, items, 2, _("Artillery target in range"));
  }
  return GTK_WIDGET (grid);
}
