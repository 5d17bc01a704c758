/* rdt-window-tools.c: what the tools do on the map, the selection, the
 * inspector and the order-of-battle list. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "rdt-area-command.h"
#include "rdt-calibration.h"
#include "rdt-hexside-command.h"
#include "rdt-location-command.h"
#include "rdt-map-command.h"
#include "rdt-terrain-command.h"
#include "rdt-terrain-look-command.h"
#include "rdt-terrain-palette.h"
#include "rdt-unit-command.h"
#include "rdt-unit-dialog.h"
#include "rdt-volume-units.h"
#include "rdt-window-private.h"

static const struct {
  const char *id;
  const char *title;
  const char *hint;
} tools[RDT_N_TOOLS] = {
  [RDT_TOOL_SELECT] = { "select", N_("Select"),
                        N_("Click a hex, hexside or counter to inspect it. Drag a counter to move it to another hex.") },
  [RDT_TOOL_BRUSH] = { "brush", N_("Terrain Brush"),
                       N_("Drag to paint the chosen terrain. One stroke is one undo step.") },
  [RDT_TOOL_FILL] = { "fill", N_("Fill"),
                      N_("Click a hex to paint it and every connected hex of the same terrain.") },
  [RDT_TOOL_PICK] = { "pick", N_("Pick Terrain"),
                      N_("Click a hex to take its terrain for the brush.") },
  [RDT_TOOL_HEXSIDE] = { "hexside", N_("Hexside Features"),
                         N_("Click near a hexside to set the chosen feature. For slopes click on the high side, for fieldworks on the side that holds the symbol; press Alt+X to flip it.") },
  [RDT_TOOL_ROAD] = { "road", N_("Roads, Tracks and Paths"),
                      N_("Drag through hexes to draw the chosen road, track or path across the hexsides you pass.") },
  [RDT_TOOL_AREA] = { "area", N_("Areas"),
                      N_("Type the area’s name, then drag over hexes to add them. Starting on a hex already in the area removes hexes instead.") },
  [RDT_TOOL_LOCATION] = { "location", N_("Named Locations and Entry Hexes"),
                          N_("Type a name (or an entry hex letter such as A or V-1) and click a hex. An empty name removes it.") },
  [RDT_TOOL_COUNTER] = { "counter", N_("Counters"),
                         N_("Choose a unit in the order of battle, then click a hex to set it up there, or drag it from the list onto the map.") },
  [RDT_TOOL_CALIBRATE] = { "calibrate", N_("Calibrate Underlay"),
                           N_("Type a hex label in the Hex field, then click that hex’s centre on the scan. After three hexes the grid is fitted to the scan, rotation included.") },
};

const char *
_rdt_tool_to_string (RdtTool tool)
{
  g_return_val_if_fail (tool < RDT_N_TOOLS, NULL);
  return tools[tool].id;
}

gboolean
_rdt_tool_from_string (const char *text,
                       RdtTool    *out_tool)
{
  for (guint i = 0; i < RDT_N_TOOLS; i++)
    if (g_strcmp0 (tools[i].id, text) == 0)
      {
        *out_tool = i;
        return TRUE;
      }
  return FALSE;
}

static RdtScenario *
scenario_of (RdtWindow *self)
{
  return self->document ? rdt_document_get_scenario (self->document) : NULL;
}

static RdtHexGrid *
grid_of (RdtWindow *self)
{
  RdtScenario *scenario = scenario_of (self);

  return scenario ? rdt_scenario_get_grid (scenario) : NULL;
}

static char *
dup_label (RdtWindow *self,
           RdtHex     hex)
{
  /* The label the map shows (display labels, issue 17). */
  return rdt_scenario_dup_hex_label (scenario_of (self), hex);
}

/* Tool options. */

static void
on_area_chosen (GtkDropDown *dropdown,
                GParamSpec  *pspec,
                RdtWindow   *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (dropdown);

  if (item != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->name_entry), gtk_string_object_get_string (item));
}

/* The area chosen in the dropdown, if any. */
const char *
_rdt_window_chosen_area_id (RdtWindow *self)
{
  RdtScenario *scenario = self->document ? rdt_document_get_scenario (self->document) : NULL;
  guint selected = gtk_drop_down_get_selected (self->area_dropdown);

  if (scenario == NULL || selected == GTK_INVALID_LIST_POSITION
      || selected >= rdt_scenario_get_n_areas (scenario))
    return NULL;
  return rdt_scenario_get_area (scenario, selected)->id;
}

static const char *const pattern_ids[] = {
  "none", "trees", "light-trees", "orchard", "marsh", "buildings", "fields", "waves",
};
static const char *const pattern_names[] = {
  N_("No symbols"), N_("Trees"), N_("Light trees"), N_("Orchard"), N_("Marsh"),
  N_("Buildings"), N_("Fields"), N_("Water"),
};

static int chosen_terrain (RdtWindow *self);

/* Shows the chosen terrain type's colour and pattern as the map draws them. */
static void
sync_terrain_look (RdtWindow *self)
{
  RdtScenario *scenario = scenario_of (self);
  int terrain = chosen_terrain (self);
  const RdtTerrainType *type;
  GdkRGBA rgba = { 0.9, 0.88, 0.75, 1.0 };
  guint pattern = 0;

  if (self->terrain_look_box == NULL)
    return;
  gtk_widget_set_sensitive (self->terrain_look_box, scenario != NULL && terrain >= 0);
  if (scenario == NULL || terrain < 0)
    return;
  type = rdt_volume_get_terrain (rdt_scenario_get_volume (scenario), terrain);
  if (type->colour != NULL)
    gdk_rgba_parse (&rgba, type->colour);
  else
    {
      /* Show the colour the map draws now, so changing only the pattern keeps it. */
      const RdtTerrainStyle *style = rdt_terrain_palette_lookup (type->id);
      guint32 fill = style ? style->fill_rgb : rdt_terrain_palette_fallback_rgb (type->id);
      rgba = (GdkRGBA) { ((fill >> 16) & 0xff) / 255.0, ((fill >> 8) & 0xff) / 255.0, (fill & 0xff) / 255.0, 1.0 };
      if (style != NULL)
        pattern = style->pattern;
    }
  for (guint i = 0; type->pattern != NULL && i < G_N_ELEMENTS (pattern_ids); i++)
    if (g_strcmp0 (type->pattern, pattern_ids[i]) == 0)
      pattern = i;
  self->syncing_look = TRUE;
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (self->terrain_colour), &rgba);
  gtk_drop_down_set_selected (self->terrain_pattern, pattern);
  self->syncing_look = FALSE;
}

static void
apply_terrain_look (RdtWindow *self)
{
  int terrain = chosen_terrain (self);
  g_autoptr(RdtCommand) command = NULL;
  GdkRGBA rgba;
  char colour[8];
  guint pattern;

  if (self->syncing_look || self->document == NULL || terrain < 0)
    return;
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (self->terrain_colour), &rgba);
  g_snprintf (colour, sizeof colour, "#%02x%02x%02x",
              (int) (rgba.red * 255 + 0.5), (int) (rgba.green * 255 + 0.5), (int) (rgba.blue * 255 + 0.5));
  pattern = gtk_drop_down_get_selected (self->terrain_pattern);
  command = rdt_terrain_look_command_new ((guint) terrain, colour,
                                          pattern < G_N_ELEMENTS (pattern_ids) ? pattern_ids[pattern] : NULL);
  _rdt_window_execute (self, command);
}

static void
on_terrain_colour_set (GtkColorButton *button,
                       RdtWindow      *self)
{
  apply_terrain_look (self);
}

static void
on_terrain_pattern_selected (GtkDropDown *dropdown,
                             GParamSpec  *pspec,
                             RdtWindow   *self)
{
  apply_terrain_look (self);
}

static void
on_terrain_chosen_for_look (GtkDropDown *dropdown,
                            GParamSpec  *pspec,
                            RdtWindow   *self)
{
  sync_terrain_look (self);
}

static void
ensure_terrain_look_box (RdtWindow *self)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self->terrain_dropdown));
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  if (self->terrain_look_box != NULL || !GTK_IS_BOX (parent))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (pattern_names); i++)
    gtk_string_list_append (names, _(pattern_names[i]));
  self->terrain_look_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->terrain_colour = GTK_COLOR_BUTTON (gtk_color_button_new ());
  gtk_color_button_set_title (self->terrain_colour, _("Terrain Colour"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->terrain_colour),
                               _("How the map draws this terrain type (volume data; one undo step)"));
  self->terrain_pattern = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL));
  gtk_widget_set_hexpand (GTK_WIDGET (self->terrain_pattern), TRUE);
  gtk_box_append (GTK_BOX (self->terrain_look_box), GTK_WIDGET (self->terrain_colour));
  gtk_box_append (GTK_BOX (self->terrain_look_box), GTK_WIDGET (self->terrain_pattern));
  gtk_box_insert_child_after (GTK_BOX (parent), self->terrain_look_box, GTK_WIDGET (self->terrain_dropdown));
  g_signal_connect (self->terrain_colour, "color-set", G_CALLBACK (on_terrain_colour_set), self);
  g_signal_connect (self->terrain_pattern, "notify::selected", G_CALLBACK (on_terrain_pattern_selected), self);
  g_signal_connect (self->terrain_dropdown, "notify::selected", G_CALLBACK (on_terrain_chosen_for_look), self);
}

/* The calibration tool's hex-label field, under the name field: the area
 * and location tools' name is not a hex label, and a wrong label is marked on
 * the field itself rather than in the window's info bar, where it outlived a
 * successful calibration (issue 16). */
static void
on_calibration_entry_changed (GtkEditable *editable,
                              RdtWindow   *self)
{
  gtk_widget_remove_css_class (GTK_WIDGET (editable), "error");
}

static void
ensure_calibration_box (RdtWindow *self)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self->name_entry));

  if (self->calibration_entry != NULL || !GTK_IS_BOX (parent))
    return;
  self->calibration_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->calibration_entry, _("Label of the hex you click, e.g. 1127"));
  self->calibration_label = gtk_label_new_with_mnemonic (_("He_x"));
  gtk_label_set_xalign (GTK_LABEL (self->calibration_label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (self->calibration_label), GTK_WIDGET (self->calibration_entry));
  gtk_box_insert_child_after (GTK_BOX (parent), self->calibration_label, GTK_WIDGET (self->name_entry));
  gtk_box_insert_child_after (GTK_BOX (parent), GTK_WIDGET (self->calibration_entry), self->calibration_label);
  g_signal_connect (self->calibration_entry, "changed", G_CALLBACK (on_calibration_entry_changed), self);
}

void
_rdt_window_refresh_tool_options (RdtWindow *self)
{
  RdtScenario *scenario = scenario_of (self);
  g_autoptr(GtkStringList) terrains = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) sides = gtk_string_list_new (NULL);
  guint old_terrain = gtk_drop_down_get_selected (self->terrain_dropdown);
  guint old_side = gtk_drop_down_get_selected (self->hexside_dropdown);
  RdtTool tool = self->tool;
  gboolean terrain, hexside, name, location;

  if (scenario != NULL)
    {
      RdtVolume *volume = rdt_scenario_get_volume (scenario);

      for (guint i = 0; i < rdt_volume_get_n_terrains (volume); i++)
        gtk_string_list_append (terrains, rdt_volume_get_terrain (volume, i)->name);
      gtk_string_list_append (sides, _("Clear hexside"));
      for (guint i = 0; i < rdt_volume_get_n_hexside_types (volume); i++)
        gtk_string_list_append (sides, rdt_volume_get_hexside_type (volume, i)->name);
    }
  if (g_list_model_get_n_items (gtk_drop_down_get_model (self->terrain_dropdown) ?
                                gtk_drop_down_get_model (self->terrain_dropdown) : G_LIST_MODEL (terrains))
      != g_list_model_get_n_items (G_LIST_MODEL (terrains))
      || gtk_drop_down_get_model (self->terrain_dropdown) == NULL)
    {
      gtk_drop_down_set_model (self->terrain_dropdown, G_LIST_MODEL (terrains));
      gtk_drop_down_set_model (self->hexside_dropdown, G_LIST_MODEL (sides));
      if (old_terrain < g_list_model_get_n_items (G_LIST_MODEL (terrains)))
        gtk_drop_down_set_selected (self->terrain_dropdown, old_terrain);
      if (old_side < g_list_model_get_n_items (G_LIST_MODEL (sides)))
        gtk_drop_down_set_selected (self->hexside_dropdown, old_side);
    }

  /* Areas: the dropdown lists them; choosing one puts its name in the entry,
   * which the area tool and the rename action read. */
  {
    g_autoptr(GtkStringList) areas = gtk_string_list_new (NULL);
    guint n_areas = scenario ? rdt_scenario_get_n_areas (scenario) : 0;
    guint old_area = gtk_drop_down_get_selected (self->area_dropdown);

    for (guint i = 0; i < n_areas; i++)
      {
        const RdtArea *area = rdt_scenario_get_area (scenario, i);
        gtk_string_list_append (areas, area->name ? area->name : area->id);
      }
    g_signal_handlers_block_by_func (self->area_dropdown, on_area_chosen, self);
    gtk_drop_down_set_model (self->area_dropdown, G_LIST_MODEL (areas));
    gtk_drop_down_set_selected (self->area_dropdown, old_area < n_areas ? old_area : GTK_INVALID_LIST_POSITION);
    g_signal_handlers_unblock_by_func (self->area_dropdown, on_area_chosen, self);
  }

  terrain = tool == RDT_TOOL_BRUSH || tool == RDT_TOOL_FILL || tool == RDT_TOOL_PICK;
  hexside = tool == RDT_TOOL_HEXSIDE || tool == RDT_TOOL_ROAD;
  name = tool == RDT_TOOL_AREA || tool == RDT_TOOL_LOCATION;
  location = tool == RDT_TOOL_LOCATION;
  gtk_widget_set_visible (self->terrain_label, terrain);
  gtk_widget_set_visible (GTK_WIDGET (self->terrain_dropdown), terrain);
  ensure_terrain_look_box (self);
  if (self->terrain_look_box != NULL)
    {
      gtk_widget_set_visible (self->terrain_look_box, terrain);
      sync_terrain_look (self);
    }
  gtk_widget_set_visible (self->radius_box, tool == RDT_TOOL_BRUSH);
  gtk_widget_set_visible (self->hexside_label, hexside);
  gtk_widget_set_visible (GTK_WIDGET (self->hexside_dropdown), hexside);
  gtk_widget_set_visible (self->name_label, name);
  gtk_widget_set_visible (GTK_WIDGET (self->name_entry), name);
  gtk_widget_set_visible (GTK_WIDGET (self->location_kind_dropdown), location);
  gtk_widget_set_visible (GTK_WIDGET (self->area_dropdown), tool == RDT_TOOL_AREA);
  gtk_widget_set_visible (self->area_buttons, tool == RDT_TOOL_AREA);
  ensure_calibration_box (self);
  if (self->calibration_entry != NULL)
    {
      gtk_widget_set_visible (self->calibration_label, tool == RDT_TOOL_CALIBRATE);
      gtk_widget_set_visible (GTK_WIDGET (self->calibration_entry), tool == RDT_TOOL_CALIBRATE);
    }
}

void
_rdt_window_set_tool (RdtWindow *self,
                      RdtTool    tool)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "tool");

  g_return_if_fail (tool < RDT_N_TOOLS);

  if (self->stroke != NULL)
    g_clear_object (&self->stroke);
  self->tool = tool;
  self->n_calibration = 0;
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (tools[tool].id));
  gtk_label_set_text (self->tool_title, _(tools[tool].title));
  gtk_label_set_text (self->tool_hint, _(tools[tool].hint));
  _rdt_window_refresh_tool_options (self);
  if (self->map != NULL)
    _rdt_window_map_set_tool (self);
}

static int
chosen_terrain (RdtWindow *self)
{
  guint selected = gtk_drop_down_get_selected (self->terrain_dropdown);

  return selected == GTK_INVALID_LIST_POSITION ? -1 : (int) selected;
}

/* The hexside type chosen, or RDT_NO_TYPE for "Clear hexside". */
static int
chosen_hexside_type (RdtWindow *self)
{
  guint selected = gtk_drop_down_get_selected (self->hexside_dropdown);

  return (selected == GTK_INVALID_LIST_POSITION || selected == 0) ? RDT_NO_TYPE : (int) selected - 1;
}

/* Selection and inspector. */

static void
append_features (GString                  *text,
                 RdtWindow                *self,
                 const RdtHexsideFeatures *f)
{
  RdtVolume *volume = rdt_scenario_get_volume (scenario_of (self));
  char label[RDT_HEXSIDE_LABEL_SIZE];
  char hex_label[RDT_HEX_LABEL_SIZE];

  rdt_hex_grid_format_hexside (grid_of (self), f->side, label);
  g_string_append_printf (text, "<b>%s %s</b>\n", _("Hexside"), label);
  if (f->water != RDT_NO_TYPE)
    g_string_append_printf (text, "  %s\n", rdt_volume_get_hexside_type (volume, f->water)->name);
  if (f->slope != RDT_NO_TYPE)
    {
      rdt_hex_grid_format_label (grid_of (self), f->slope_high, hex_label);
      /* Translators: "Slope, high side 0305" (11.43 note). */
      g_string_append_printf (text, _("  %s, high side %s\n"),
                              rdt_volume_get_hexside_type (volume, f->slope)->name, hex_label);
    }
  if (f->fieldwork != RDT_NO_TYPE)
    {
      rdt_hex_grid_format_label (grid_of (self), f->fieldwork_symbol, hex_label);
      g_string_append_printf (text, _("  %s, symbol in %s%s\n"),
                              rdt_volume_get_hexside_type (volume, f->fieldwork)->name, hex_label,
                              f->breached ? _(" (breached)") : "");
    }
  if (f->road != RDT_NO_TYPE)
    g_string_append_printf (text, "  %s\n", rdt_volume_get_hexside_type (volume, f->road)->name);
  if (f->other != RDT_NO_TYPE)
    g_string_append_printf (text, "  %s\n", rdt_volume_get_hexside_type (volume, f->other)->name);
}

static void
append_unit (GString       *text,
             RdtWindow     *self,
             const RdtUnit *unit)
{
  RdtScenario *scenario = scenario_of (self);
  const RdtUnitStep *step = rdt_unit_get_current_step (unit);
  const RdtSide *side = unit->side >= 0 && (guint) unit->side < rdt_scenario_get_n_sides (scenario)
                        ? rdt_scenario_get_side (scenario, unit->side) : NULL;
  g_autofree char *name = g_markup_escape_text (unit->name ? unit->name : unit->id, -1);
  g_autofree char *id = g_markup_escape_text (unit->id, -1);

  g_string_append_printf (text, "<b>%s</b> <small>(%s)</small>\n", name, id);
  g_string_append_printf (text, "  %s · %s", side ? side->name : "?", rdt_unit_kind_display_name (unit->kind));
  if (unit->formation != NULL)
    {
      g_autofree char *formation = g_markup_escape_text (unit->formation, -1);
      g_string_append_printf (text, " · %s", formation);
    }
  g_string_append_c (text, '\n');
  if (step != NULL)
    g_string_append_printf (text, _("  %d-%d-%d (strength-morale-movement)%s\n"),
                            step->strength, step->morale, unit->movement,
                            unit->step > 0 ? _(", reduced side") : "");
  g_string_append_printf (text, _("  Status at start: %s\n"), rdt_unit_status_display_name (unit->status));
  if (unit->provisional != 0)
    g_string_append_printf (text, "  <i>%s</i>\n", _("Some values are provisional (not from the countersheet)."));
}

void
_rdt_window_update_inspector (RdtWindow *self)
{
  RdtScenario *scenario = scenario_of (self);
  g_autoptr(GString) text = g_string_new (NULL);

  if (scenario == NULL || self->selection == RDT_SELECTION_NONE)
    {
      gtk_label_set_markup (self->inspector_label, _("Nothing selected."));
      return;
    }
  switch (self->selection)
    {
    case RDT_SELECTION_HEX:
      {
        /* A display label may hold any text (issue 17): escaped for markup. */
        g_autofree char *shown = dup_label (self, self->selected_hex);
        g_autofree char *label = g_markup_escape_text (shown, -1);
        const RdtTerrainType *terrain = rdt_scenario_get_terrain_type (scenario, self->selected_hex);
        const char *location = rdt_scenario_get_location_name (scenario, self->selected_hex);
        g_autoptr(GPtrArray) units = rdt_scenario_units_in_hex (scenario, self->selected_hex);

        g_string_append_printf (text, "<b>%s %s</b>\n", _("Hex"), label);
        if (terrain != NULL)
          {
            g_autofree char *name = g_markup_escape_text (terrain->name, -1);
            g_string_append_printf (text, "  %s\n", name);
          }
        if (location != NULL)
          {
            g_autofree char *name = g_markup_escape_text (location, -1);
            g_string_append_printf (text, "  “%s”\n", name);
          }
        for (guint i = 0; i < rdt_scenario_get_n_entries (scenario); i++)
          {
            const RdtEntryHex *entry = rdt_scenario_get_entry (scenario, i);

            if (entry->hex.col == self->selected_hex.col && entry->hex.row == self->selected_hex.row)
              {
                g_autofree char *id = g_markup_escape_text (entry->id, -1);
                g_string_append_printf (text, _("  Entry hex %s\n"), id);
              }
          }
        for (guint i = 0; i < rdt_scenario_get_n_areas (scenario); i++)
          {
            const RdtArea *area = rdt_scenario_get_area (scenario, i);

            if (rdt_scenario_area_contains (area, self->selected_hex))
              {
                g_autofree char *name = g_markup_escape_text (area->name ? area->name : area->id, -1);
                g_string_append_printf (text, _("  In area %s\n"), name);
              }
          }
        for (int d = 0; d < RDT_N_DIRECTIONS; d++)
          {
            RdtHexside side = rdt_hex_grid_hexside_of (grid_of (self), self->selected_hex, d);
            const RdtHexsideFeatures *f = rdt_scenario_get_hexside (scenario, side);

            if (f != NULL)
              append_features (text, self, f);
          }
        if (units->len > 0)
          g_string_append_printf (text, "\n<b>%s</b>\n", _("Stack (bottom first)"));
        for (guint i = 0; i < units->len; i++)
          append_unit (text, self, g_ptr_array_index (units, i));
      }
      break;

    case RDT_SELECTION_HEXSIDE:
      {
        const RdtHexsideFeatures *f = rdt_scenario_get_hexside (scenario, self->selected_side);

        if (f != NULL)
          append_features (text, self, f);
        else
          {
            char label[RDT_HEXSIDE_LABEL_SIZE];

            rdt_hex_grid_format_hexside (grid_of (self), self->selected_side, label);
            g_string_append_printf (text, "<b>%s %s</b>\n  %s\n", _("Hexside"), label, _("No features."));
          }
      }
      break;

    case RDT_SELECTION_UNIT:
      {
        RdtUnit *unit = rdt_scenario_find_unit (scenario, self->selected_id);

        if (unit == NULL)
          {
            g_string_append (text, _("Nothing selected."));
            break;
          }
        append_unit (text, self, unit);
        switch (unit->placement.kind)
          {
          case RDT_PLACEMENT_HEX:
            {
              g_autofree char *shown = dup_label (self, unit->placement.hex);
              g_autofree char *label = g_markup_escape_text (shown, -1);
              g_string_append_printf (text, _("  Sets up in %s\n"), label);
            }
            break;
          case RDT_PLACEMENT_AREA:
            g_string_append_printf (text, _("  Sets up in area %s\n"), unit->placement.area);
            break;
          case RDT_PLACEMENT_ENTRY:
            g_string_append_printf (text, _("  Enters on turn %d at %s\n"),
                                    unit->placement.turn, unit->placement.entry);
            break;
          case RDT_PLACEMENT_UNUSED:
            g_string_append_printf (text, "  %s\n", _("Not used in this scenario"));
            break;
          case RDT_PLACEMENT_ELIMINATED:
            g_string_append_printf (text, "  %s\n", _("Starts in the eliminated box"));
            break;
          case RDT_PLACEMENT_CAPTURED:
            g_string_append_printf (text, "  %s\n", _("Starts in the captured box"));
            break;
          case RDT_PLACEMENT_NONE:
          default:
            g_string_append_printf (text, "  %s\n", _("Not placed yet"));
            break;
          }
      }
      break;

    case RDT_SELECTION_AREA:
    case RDT_SELECTION_NONE:
    default:
      g_string_append (text, _("Nothing selected."));
      break;
    }
  gtk_label_set_markup (self->inspector_label, text->str);
}

void
_rdt_window_select_hex (RdtWindow *self,
                        RdtHex     hex)
{
  self->selection = RDT_SELECTION_HEX;
  self->selected_hex = hex;
  _rdt_window_update_inspector (self);
  _rdt_window_update_actions (self);
  if (self->map != NULL)
    _rdt_window_map_follow (self);
}

void
_rdt_window_select_hexside (RdtWindow  *self,
                            RdtHexside  side)
{
  self->selection = RDT_SELECTION_HEXSIDE;
  self->selected_side = side;
  self->selected_hex = side.a;
  _rdt_window_update_inspector (self);
  _rdt_window_update_actions (self);
  if (self->map != NULL)
    _rdt_window_map_follow (self);
}

void
_rdt_window_select_unit (RdtWindow  *self,
                         const char *id)
{
  RdtScenario *scenario = scenario_of (self);
  RdtUnit *unit = scenario ? rdt_scenario_find_unit (scenario, id) : NULL;

  if (unit == NULL)
    return;
  self->selection = RDT_SELECTION_UNIT;
  /* @id may be self->selected_id itself. */
  if (id != self->selected_id)
    {
      g_free (self->selected_id);
      self->selected_id = g_strdup (id);
    }
  if (unit->placement.kind == RDT_PLACEMENT_HEX)
    self->selected_hex = unit->placement.hex;
  /* Keep the list in step with the map. */
  if (self->unit_selection != NULL)
    {
      GListModel *model = gtk_single_selection_get_model (self->unit_selection);

      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        {
          g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

          if (g_strcmp0 (gtk_string_object_get_string (item), id) == 0)
            {
              if (gtk_single_selection_get_selected (self->unit_selection) != i)
                gtk_single_selection_set_selected (self->unit_selection, i);
              break;
            }
        }
    }
  _rdt_window_update_inspector (self);
  _rdt_window_update_actions (self);
  if (self->map != NULL)
    _rdt_window_map_follow (self);
}

/* Tools on the map. */

static RdtHex
hex_at (RdtWindow *self,
        double     x,
        double     y)
{
  return rdt_hex_grid_hex_at_point (grid_of (self), x, y);
}

static void
paint_brush (RdtWindow *self,
             RdtHex     centre)
{
  g_autoptr(GArray) range = NULL;
  g_autoptr(GError) error = NULL;
  int radius = gtk_spin_button_get_value_as_int (self->radius_spin);

  /* Radius 1 paints one hex, 2 the hex and its ring, 3 two rings. */
  range = rdt_hex_grid_range (grid_of (self), centre, CLAMP (radius, 1, 3) - 1);
  for (guint i = 0; i < range->len; i++)
    if (!rdt_terrain_command_paint (RDT_TERRAIN_COMMAND (self->stroke), self->document,
                                    g_array_index (range, RdtHex, i), &error))
      {
        _rdt_window_report_error (self, _("Paint Terrain"), error);
        return;
      }
}

static int
road_type (RdtWindow *self)
{
  RdtVolume *volume = rdt_scenario_get_volume (scenario_of (self));
  int chosen = chosen_hexside_type (self);

  if (chosen != RDT_NO_TYPE && rdt_volume_get_hexside_type (volume, chosen)->kind == RDT_HEXSIDE_KIND_ROAD)
    return chosen;
  for (guint i = 0; i < rdt_volume_get_n_hexside_types (volume); i++)
    if (rdt_volume_get_hexside_type (volume, i)->kind == RDT_HEXSIDE_KIND_ROAD)
      return i;
  return RDT_NO_TYPE;
}

static void
road_step (RdtWindow *self,
           RdtHex     hex)
{
  RdtScenario *scenario = scenario_of (self);
  RdtHexside side;
  RdtHexsideFeatures features;
  g_autoptr(GError) error = NULL;
  int type = road_type (self);

  if (!self->stroke_has_last)
    {
      self->stroke_last = hex;
      self->stroke_has_last = TRUE;
      return;
    }
  if (hex.col == self->stroke_last.col && hex.row == self->stroke_last.row)
    return;
  if (type == RDT_NO_TYPE)
    {
      gtk_label_set_text (self->status_label, _("The volume has no road, track or path hexside type."));
      return;
    }
  if (rdt_hex_grid_hexside (grid_of (self), self->stroke_last, hex, &side, NULL)
      && rdt_hex_grid_contains (grid_of (self), hex))
    {
      rdt_hexside_features_with (scenario, side, RDT_HEXSIDE_KIND_ROAD, type, side.a, &features);
      if (!rdt_hexside_command_set (RDT_HEXSIDE_COMMAND (self->stroke), self->document, &features, &error))
        _rdt_window_report_error (self, _("Draw Road"), error);
    }
  self->stroke_last = hex;
}

/* Pointer moves can skip hexes; walk the segment in small steps so a stroke
 * never leaves gaps. */
static void
stroke_along (RdtWindow *self,
              double     x,
              double     y,
              void     (*step) (RdtWindow *, RdtHex))
{
  double from_x = self->stroke_has_last ? 0 : x, from_y = self->stroke_has_last ? 0 : y;
  double dx, dy, length;
  int n;

  if (self->stroke_has_last)
    rdt_hex_grid_hex_centre (grid_of (self), self->stroke_last, &from_x, &from_y);
  dx = x - from_x;
  dy = y - from_y;
  length = hypot (dx, dy);
  n = MAX (1, (int) ceil (length / 0.25));
  for (int i = 1; i <= n; i++)
    step (self, hex_at (self, from_x + dx * i / n, from_y + dy * i / n));
}

static void
brush_step (RdtWindow *self,
            RdtHex     hex)
{
  paint_brush (self, hex);
  self->stroke_last = hex;
  self->stroke_has_last = TRUE;
}

static void
area_step (RdtWindow *self,
           RdtHex     hex)
{
  g_autoptr(GError) error = NULL;

  if (!rdt_area_command_paint (RDT_AREA_COMMAND (self->stroke), self->document, hex, &error))
    _rdt_window_report_error (self, _("Paint Area"), error);
  self->stroke_last = hex;
  self->stroke_has_last = TRUE;
}

static const RdtArea *
find_area_by_name (RdtScenario *scenario,
                   const char  *name)
{
  for (guint i = 0; i < rdt_scenario_get_n_areas (scenario); i++)
    {
      const RdtArea *area = rdt_scenario_get_area (scenario, i);

      if (g_strcmp0 (area->name, name) == 0 || g_strcmp0 (area->id, name) == 0)
        return area;
    }
  return NULL;
}

static void
hexside_click (RdtWindow *self,
               double     x,
               double     y)
{
  RdtScenario *scenario = scenario_of (self);
  RdtVolume *volume = rdt_scenario_get_volume (scenario);
  RdtHex near;
  RdtHexside side = rdt_hex_grid_hexside_at_point (grid_of (self), x, y, &near);
  int type = chosen_hexside_type (self);
  RdtHexsideFeatures features;
  g_autoptr(RdtCommand) command = NULL;

  if (!rdt_hex_grid_contains (grid_of (self), side.a) || !rdt_hex_grid_contains (grid_of (self), side.b))
    return;
  if (type == RDT_NO_TYPE)
    rdt_hexside_features_init (&features, side);
  else
    /* The hex the pointer is in is the slope's high side or the hex that
     * holds the fieldworks symbol (11.43 note; "Into/Out of Fieldworks"). */
    rdt_hexside_features_with (scenario, side, rdt_volume_get_hexside_type (volume, type)->kind,
                               type, near, &features);
  command = rdt_hexside_command_new (&features);
  _rdt_window_execute (self, command);
  self->last_side = side;
  self->has_last_side = TRUE;
  _rdt_window_select_hexside (self, side);
}

void
_rdt_window_flip_last_hexside (RdtWindow *self)
{
  RdtScenario *scenario = scenario_of (self);
  const RdtHexsideFeatures *now;
  RdtHexsideFeatures features;
  g_autoptr(RdtCommand) command = NULL;

  if (scenario == NULL || !self->has_last_side)
    return;
  now = rdt_scenario_get_hexside (scenario, self->last_side);
  if (now == NULL || (now->slope == RDT_NO_TYPE && now->fieldwork == RDT_NO_TYPE))
    return;
  features = *now;
  features.line = 0;
  if (features.slope != RDT_NO_TYPE)
    features.slope_high = rdt_hexside_other (features.side, features.slope_high);
  if (features.fieldwork != RDT_NO_TYPE)
    features.fieldwork_symbol = rdt_hexside_other (features.side, features.fieldwork_symbol);
  command = rdt_hexside_command_new (&features);
  _rdt_window_execute (self, command);
}

static void
location_click (RdtWindow *self,
                RdtHex     hex)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
  g_autoptr(RdtCommand) command = NULL;

  if (gtk_drop_down_get_selected (self->location_kind_dropdown) == 1)
    {
      if (name == NULL || *name == '\0')
        {
          gtk_label_set_text (self->status_label, _("Type the entry hex’s letter first (A, B, V-1…)."));
          return;
        }
      command = rdt_location_command_new_entry (name, &hex);
    }
  else
    command = rdt_location_command_new_location (hex, name);
  _rdt_window_execute (self, command);
}

static void
calibrate_click (RdtWindow *self,
                 double     x,
                 double     y)
{
  RdtScenario *scenario = scenario_of (self);
  const RdtUnderlay *underlay = rdt_scenario_get_underlay (scenario);
  GtkWidget *entry = GTK_WIDGET (self->calibration_entry);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autoptr(GError) error = NULL;
  RdtHex hex;
  guint i = self->n_calibration;

  if (underlay == NULL || !underlay->present)
    {
      gtk_label_set_text (self->status_label, _("Load a scan first."));
      return;
    }
  if (!rdt_scenario_parse_hex_label (scenario_of (self), text, &hex, &error))
    {
      g_autofree char *status = g_strdup_printf (_("Type the label of the hex you click in the Hex field: %s"),
                                                 error->message);

      gtk_widget_add_css_class (entry, "error");
      gtk_label_set_text (self->status_label, status);
      gtk_widget_grab_focus (entry);
      return;
    }
  gtk_widget_remove_css_class (entry, "error");
  self->calibration_hexes[i] = hex;
  /* Where the click is on the scan, with the present calibration. */
  rdt_calibration_map_to_image (grid_of (self), underlay, x, y,
                                &self->calibration_x[i], &self->calibration_y[i]);
  self->n_calibration++;
  if (self->n_calibration < 3)
    {
      g_autofree char *status = g_strdup_printf (_("Hex %s marked (%u of 3)."), text, self->n_calibration);
      gtk_label_set_text (self->status_label, status);
      gtk_editable_set_text (GTK_EDITABLE (entry), "");
      return;
    }
  {
    RdtUnderlay solved = *underlay;
    double residual;
    g_autoptr(RdtCommand) command = NULL;

    self->n_calibration = 0;
    if (!rdt_calibration_solve (grid_of (self), self->calibration_hexes,
                                self->calibration_x, self->calibration_y, 3,
                                &solved, &residual, &error))
      {
        g_autofree char *status = g_strdup_printf (_("Cannot calibrate: %s"), error->message);

        gtk_label_set_text (self->status_label, status);
        return;
      }
    command = rdt_map_command_new_underlay (&solved, _("Calibrate Underlay"));
    _rdt_window_execute (self, command);
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
  }
}

/* Issue 16: a unit of the new map's volume (rdt-volume-units.h) dropped on
 * the map joins the order of battle, with its values, set up in that hex:
 * one command, one undo step. */
static void
drop_volume_unit (RdtWindow  *self,
                  const char *id,
                  double      x,
                  double      y)
{
  RdtScenario *scenario = scenario_of (self);
  RdtVolumeUnits *volume = scenario ? g_object_get_data (G_OBJECT (scenario), RDT_VOLUME_UNITS_KEY) : NULL;
  const RdtUnit *source = rdt_volume_units_find (volume, id);
  g_autoptr(RdtUnit) unit = NULL;
  g_autoptr(RdtCommand) command = NULL;
  RdtHex hex;
  int side;

  if (self->game != NULL || source == NULL)
    return;
  side = rdt_scenario_find_side (scenario, g_ptr_array_index (volume->side_ids, source->side));
  hex = hex_at (self, x, y);
  if (side < 0 || !rdt_hex_grid_contains (grid_of (self), hex))
    return;
  unit = rdt_unit_copy (source);
  unit->side = side;
  g_free (unit->id);
  unit->id = rdt_unit_command_dup_free_id (self->document, source->id);
  rdt_placement_clear (&unit->placement);
  unit->placement.kind = RDT_PLACEMENT_HEX;
  unit->placement.hex = hex;
  command = rdt_unit_command_new_add (unit, -1);
  _rdt_window_execute (self, command);
  _rdt_window_select_unit (self, unit->id);
}

void
_rdt_window_drop_unit (RdtWindow  *self,
                       const char *id,
                       double      x,
                       double      y)
{
  RdtHex hex;
  g_autoptr(RdtCommand) command = NULL;

  if (id != NULL && g_str_has_prefix (id, RDT_PALETTE_VOLUME_PREFIX))
    {
      drop_volume_unit (self, id + strlen (RDT_PALETTE_VOLUME_PREFIX), x, y);
      return;
    }
  if (self->game != NULL)
    {
      /* Play (issue 13): a drop from the palette goes through the rules. */
      _rdt_window_play_drop (self, id, hex_at (self, x, y), FALSE);
      return;
    }
  if (scenario_of (self) == NULL || rdt_scenario_find_unit (scenario_of (self), id) == NULL)
    return;
  hex = hex_at (self, x, y);
  if (!rdt_hex_grid_contains (grid_of (self), hex))
    return;
  command = rdt_unit_command_new_place (id, hex);
  _rdt_window_execute (self, command);
  _rdt_window_select_unit (self, id);
}

void
_rdt_window_tool_press (RdtWindow *self,
                        double     x,
                        double     y)
{
  RdtScenario *scenario = scenario_of (self);
  RdtHex hex;
  g_autoptr(GError) error = NULL;

  if (scenario == NULL)
    return;
  hex = hex_at (self, x, y);
  g_clear_object (&self->stroke);
  self->stroke_has_last = FALSE;

  switch (self->tool)
    {
    case RDT_TOOL_SELECT:
      {
        g_autoptr(GPtrArray) units = rdt_scenario_units_in_hex (scenario, hex);

        if (units->len > 0)
          {
            /* The top of the stack; dragging it moves it. */
            _rdt_window_select_unit (self, ((RdtUnit *) g_ptr_array_index (units, units->len - 1))->id);
            self->stroke_last = hex;
            self->stroke_has_last = TRUE;
          }
        else if (rdt_hex_grid_contains (grid_of (self), hex))
          _rdt_window_select_hex (self, hex);
      }
      break;

    case RDT_TOOL_BRUSH:
      if (chosen_terrain (self) < 0)
        return;
      self->stroke = rdt_terrain_command_new (chosen_terrain (self));
      brush_step (self, hex);
      break;

    case RDT_TOOL_FILL:
      if (chosen_terrain (self) >= 0 && rdt_hex_grid_contains (grid_of (self), hex))
        {
          g_autoptr(RdtCommand) fill = rdt_terrain_command_new_fill (self->document, hex,
                                                                     chosen_terrain (self));

          /* The hex has that terrain already: nothing changes (issue 16). */
          if (rdt_terrain_command_get_n_hexes (RDT_TERRAIN_COMMAND (fill)) > 0)
            _rdt_window_execute (self, fill);
        }
      break;

    case RDT_TOOL_PICK:
      if (rdt_scenario_get_terrain (scenario, hex) >= 0)
        {
          gtk_drop_down_set_selected (self->terrain_dropdown, rdt_scenario_get_terrain (scenario, hex));
          g_action_group_activate_action (G_ACTION_GROUP (self), "tool", g_variant_new_string ("brush"));
        }
      break;

    case RDT_TOOL_HEXSIDE:
      hexside_click (self, x, y);
      break;

    case RDT_TOOL_ROAD:
      self->stroke = rdt_hexside_command_new_stroke (_("Draw Road"));
      road_step (self, hex);
      break;

    case RDT_TOOL_AREA:
      {
        const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
        const RdtArea *area = find_area_by_name (scenario, name);

        if (area == NULL)
          {
            g_action_group_activate_action (G_ACTION_GROUP (self), "area-add", NULL);
            area = find_area_by_name (scenario, name);
          }
        if (area == NULL)
          return;
        self->stroke = rdt_area_command_new_paint (area->id, !rdt_scenario_area_contains (area, hex));
        area_step (self, hex);
      }
      break;

    case RDT_TOOL_LOCATION:
      if (rdt_hex_grid_contains (grid_of (self), hex))
        location_click (self, hex);
      break;

    case RDT_TOOL_COUNTER:
      if (self->selection == RDT_SELECTION_UNIT && self->selected_id != NULL)
        {
          g_autofree char *id = g_strdup (self->selected_id);
          _rdt_window_drop_unit (self, id, x, y);
        }
      else
        gtk_label_set_text (self->status_label, _("Choose a unit in the order of battle first."));
      break;

    case RDT_TOOL_CALIBRATE:
      calibrate_click (self, x, y);
      break;

    case RDT_N_TOOLS:
    default:
      break;
    }
}

void
_rdt_window_tool_drag (RdtWindow *self,
                       double     x,
                       double     y)
{
  if (scenario_of (self) == NULL)
    return;
  switch (self->tool)
    {
    case RDT_TOOL_BRUSH:
      if (self->stroke != NULL)
        stroke_along (self, x, y, brush_step);
      break;
    case RDT_TOOL_ROAD:
      if (self->stroke != NULL)
        stroke_along (self, x, y, road_step);
      break;
    case RDT_TOOL_AREA:
      if (self->stroke != NULL)
        stroke_along (self, x, y, area_step);
      break;
    default:
      break;
    }
  _rdt_window_tool_hover (self, x, y);
}

void
_rdt_window_tool_release (RdtWindow *self,
                          double     x,
                          double     y)
{
  if (scenario_of (self) == NULL)
    return;
  if (self->tool == RDT_TOOL_SELECT && self->stroke_has_last
      && self->selection == RDT_SELECTION_UNIT && self->selected_id != NULL)
    {
      RdtHex hex = hex_at (self, x, y);

      /* A counter dragged to another hex moves there; a click on a stack
       * spreads it out (issue 16). */
      if ((hex.col != self->stroke_last.col || hex.row != self->stroke_last.row)
          && rdt_hex_grid_contains (grid_of (self), hex))
        {
          g_autofree char *id = g_strdup (self->selected_id);
          _rdt_window_drop_unit (self, id, x, y);
        }
      else if (hex.col == self->stroke_last.col && hex.row == self->stroke_last.row)
        _rdt_window_spread_stack (self, hex);
    }
  if (self->stroke != NULL)
    {
      gboolean empty = FALSE;

      if (RDT_IS_TERRAIN_COMMAND (self->stroke))
        empty = rdt_terrain_command_get_n_hexes (RDT_TERRAIN_COMMAND (self->stroke)) == 0;
      else if (RDT_IS_HEXSIDE_COMMAND (self->stroke))
        empty = rdt_hexside_command_get_n_sides (RDT_HEXSIDE_COMMAND (self->stroke)) == 0;
      if (!empty)
        {
          g_autofree char *label = rdt_command_dup_label (self->stroke);

          rdt_undo_stack_push_applied (rdt_document_get_undo_stack (self->document), self->stroke);
          gtk_label_set_text (self->status_label, label);
        }
      g_clear_object (&self->stroke);
    }
  self->stroke_has_last = FALSE;
}

void
_rdt_window_tool_hover (RdtWindow *self,
                        double     x,
                        double     y)
{
  RdtScenario *scenario = scenario_of (self);
  RdtHex hex;
  const RdtTerrainType *terrain;
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;

  if (scenario == NULL)
    return;
  hex = hex_at (self, x, y);
  if (!rdt_hex_grid_contains (grid_of (self), hex))
    {
      gtk_label_set_text (self->hover_label, "");
      return;
    }
  label = dup_label (self, hex);
  terrain = rdt_scenario_get_terrain_type (scenario, hex);
  if (self->tool == RDT_TOOL_HEXSIDE)
    {
      RdtHex near;
      RdtHexside side = rdt_hex_grid_hexside_at_point (grid_of (self), x, y, &near);
      char side_label[RDT_HEXSIDE_LABEL_SIZE];

      rdt_hex_grid_format_hexside (grid_of (self), side, side_label);
      text = g_strdup_printf ("%s · %s · %s", label, terrain ? terrain->name : "", side_label);
    }
  else if (rdt_scenario_get_location_name (scenario, hex) != NULL)
    text = g_strdup_printf ("%s · %s · %s", label, terrain ? terrain->name : "",
                            rdt_scenario_get_location_name (scenario, hex));
  else
    text = g_strdup_printf ("%s · %s", label, terrain ? terrain->name : "");
  gtk_label_set_text (self->hover_label, text);
}

/* The order-of-battle list. */

static char *
unit_summary (RdtWindow     *self,
              const RdtUnit *unit)
{
  RdtScenario *scenario = scenario_of (self);
  const RdtSide *side = unit->side >= 0 && (guint) unit->side < rdt_scenario_get_n_sides (scenario)
                        ? rdt_scenario_get_side (scenario, unit->side) : NULL;
  const RdtUnitStep *step = rdt_unit_get_current_step (unit);
  g_autofree char *where = NULL;
  g_autofree char *values = NULL;

  switch (unit->placement.kind)
    {
    case RDT_PLACEMENT_HEX:
      where = dup_label (self, unit->placement.hex);
      break;
    case RDT_PLACEMENT_ENTRY:
      where = g_strdup_printf (_("turn %d, %s"), unit->placement.turn, unit->placement.entry);
      break;
    case RDT_PLACEMENT_AREA:
      where = g_strdup (unit->placement.area);
      break;
    case RDT_PLACEMENT_UNUSED:
      where = g_strdup (_("unused"));
      break;
    case RDT_PLACEMENT_ELIMINATED:
      where = g_strdup (_("eliminated box"));
      break;
    case RDT_PLACEMENT_CAPTURED:
      where = g_strdup (_("captured box"));
      break;
    case RDT_PLACEMENT_NONE:
    default:
      where = g_strdup (_("not placed"));
      break;
    }
  values = step ? g_strdup_printf ("%d-%d-%d%s", step->strength, step->morale, unit->movement,
                                   unit->step > 0 ? "R" : "")
                : g_strdup ("");
  return g_strdup_printf ("%s  %s\n%s · %s · %s", unit->name ? unit->name : unit->id, values,
                          side ? side->name : "?", unit->formation ? unit->formation : "—", where);
}

static void
setup_unit_row (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                RdtWindow                *self)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_margin_top (label, 3);
  gtk_widget_set_margin_bottom (label, 3);
  gtk_list_item_set_child (item, label);
}

static GdkContentProvider *
on_unit_drag_prepare (GtkDragSource *source,
                      double         x,
                      double         y,
                      GtkListItem   *item)
{
  GtkStringObject *object = gtk_list_item_get_item (item);
  RdtWindow *self = g_object_get_data (G_OBJECT (source), "window");
  RdtUnit *unit;

  if (object == NULL)
    return NULL;
  /* The counter itself is the drag icon, not the unit id (issue 16). */
  unit = self && scenario_of (self) ? rdt_scenario_find_unit (scenario_of (self), gtk_string_object_get_string (object))
                                    : NULL;
  if (unit != NULL)
    {
      g_autoptr(GdkPaintable) icon = _rdt_window_counter_paintable (self, unit, 56);

      if (icon != NULL)
        gtk_drag_source_set_icon (source, icon, 28, 28);
    }
  return gdk_content_provider_new_typed (G_TYPE_STRING, gtk_string_object_get_string (object));
}

static void
bind_unit_row (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               RdtWindow                *self)
{
  GtkStringObject *object = gtk_list_item_get_item (item);
  RdtUnit *unit = scenario_of (self) ? rdt_scenario_find_unit (scenario_of (self),
                                                               gtk_string_object_get_string (object)) : NULL;
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *text = unit ? unit_summary (self, unit) : NULL;

  gtk_label_set_text (GTK_LABEL (label), text ? text : "");
  if (g_object_get_data (G_OBJECT (label), "drag") == NULL)
    {
      /* Drag a unit from the list onto the map to set it up there. */
      GtkDragSource *source = gtk_drag_source_new ();

      gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
      g_object_set_data (G_OBJECT (source), "window", self);
      g_signal_connect (source, "prepare", G_CALLBACK (on_unit_drag_prepare), item);
      gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (source));
      g_object_set_data (G_OBJECT (label), "drag", source);
    }
}

static gboolean
unit_matches (GtkStringObject *object,
              RdtWindow       *self)
{
  const char *filter = gtk_editable_get_text (GTK_EDITABLE (self->unit_filter_entry));
  RdtScenario *scenario = scenario_of (self);
  RdtUnit *unit;
  const RdtSide *side;
  g_autofree char *needle = NULL;
  g_autofree char *hay = NULL;
  g_autofree char *joined = NULL;

  if (filter == NULL || *filter == '\0' || scenario == NULL)
    return TRUE;
  unit = rdt_scenario_find_unit (scenario, gtk_string_object_get_string (object));
  if (unit == NULL)
    return FALSE;
  side = unit->side >= 0 && (guint) unit->side < rdt_scenario_get_n_sides (scenario)
         ? rdt_scenario_get_side (scenario, unit->side) : NULL;
  /* Filter by name, id, side or formation. */
  joined = g_strjoin (" ", unit->id, unit->name ? unit->name : "",
                      side ? side->id : "", side ? side->name : "",
                      unit->formation ? unit->formation : "",
                      unit->nationality ? unit->nationality : "", NULL);
  hay = g_utf8_casefold (joined, -1);
  needle = g_utf8_casefold (filter, -1);
  return strstr (hay, needle) != NULL;
}

static void
on_unit_filter_changed (GtkSearchEntry *entry,
                        RdtWindow      *self)
{
  gtk_filter_changed (self->unit_filter, GTK_FILTER_CHANGE_DIFFERENT);
}

static void
on_unit_selected (GtkSingleSelection *selection,
                  GParamSpec         *pspec,
                  RdtWindow          *self)
{
  GtkStringObject *object = gtk_single_selection_get_selected_item (selection);

  if (object != NULL && (self->selection != RDT_SELECTION_UNIT
                         || g_strcmp0 (self->selected_id, gtk_string_object_get_string (object)) != 0))
    _rdt_window_select_unit (self, gtk_string_object_get_string (object));
}

void
_rdt_window_refresh_units (RdtWindow *self)
{
  RdtScenario *scenario = scenario_of (self);
  guint n = scenario ? rdt_scenario_get_n_units (scenario) : 0;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, gtk_string_object_new (rdt_scenario_get_unit (scenario, i)->id));
  g_list_store_splice (self->unit_store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->unit_store)),
                       items->pdata, items->len);
}

static void
on_units_changed (RdtScenario *scenario,
                  gpointer     change,
                  RdtWindow   *self)
{
  /* Rebuilt on every unit edit: a few hundred rows at most. */
  _rdt_window_refresh_units (self);
  if (self->selection == RDT_SELECTION_UNIT && self->selected_id != NULL)
    _rdt_window_select_unit (self, self->selected_id);
}

static void
on_document_scenario (RdtWindow *self)
{
  RdtScenario *scenario = scenario_of (self);
  RdtScenario *old = g_object_get_data (G_OBJECT (self), "units-scenario");

  if (old == scenario)
    return;
  if (old != NULL)
    g_signal_handlers_disconnect_by_func (old, on_units_changed, self);
  if (scenario != NULL)
    g_signal_connect_object (scenario, "changed::unit", G_CALLBACK (on_units_changed), self, 0);
  g_object_set_data (G_OBJECT (self), "units-scenario", scenario);
}

void
_rdt_window_setup_units (RdtWindow *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkFilterListModel *filtered;

  self->unit_store = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  self->unit_filter = GTK_FILTER (gtk_custom_filter_new ((GtkCustomFilterFunc) unit_matches, self, NULL));
  filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->unit_store)), self->unit_filter);
  self->unit_selection = gtk_single_selection_new (G_LIST_MODEL (filtered));
  gtk_single_selection_set_autoselect (self->unit_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->unit_selection, TRUE);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_unit_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_unit_row), self);
  gtk_list_view_set_factory (self->unit_list, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->unit_list, GTK_SELECTION_MODEL (self->unit_selection));
  g_object_unref (self->unit_selection);
  g_signal_connect (self->unit_selection, "notify::selected", G_CALLBACK (on_unit_selected), self);
  g_signal_connect (self->unit_filter_entry, "search-changed", G_CALLBACK (on_unit_filter_changed), self);
  g_signal_connect (self->area_dropdown, "notify::selected", G_CALLBACK (on_area_chosen), self);
  _rdt_window_setup_palette (self);
}

void
_rdt_window_units_follow (RdtWindow *self)
{
  on_document_scenario (self);
}
