#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rdt-new-map-dialog.h"
#include "rdt-scenario-io.h"
#include "rdt-volume-units.h"

struct _RdtNewMapDialog
{
  GtkWindow parent_instance;

  GtkWidget *volume_label;
  GtkDropDown *volume_dropdown;
  GtkWidget *title_label;
  GtkEntry *title_entry;
  GtkSpinButton *columns_spin;
  GtkSpinButton *rows_spin;
  GtkSpinButton *first_column_spin;
  GtkSpinButton *first_row_spin;
  GtkDropDown *orientation_dropdown;
  GtkDropDown *shift_dropdown;
  GtkLabel *error_label;
  GtkButton *ok_button;
  GtkButton *cancel_button;

  RdtScenario *scenario;
  GPtrArray *volume_paths;
};

G_DEFINE_FINAL_TYPE (RdtNewMapDialog, rdt_new_map_dialog, GTK_TYPE_WINDOW)

enum {
  CREATE,
  GRID_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
scan_dir (GPtrArray  *paths,
          const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (paths, g_build_filename (dir_path, name, NULL));
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
rdt_new_map_dialog_find_volumes (void)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *env = g_getenv ("REDOUBT_DATADIR");
  g_autofree char *source = g_build_filename (SOURCE_DATADIR, "volumes", NULL);
  g_autofree char *installed = g_build_filename (PKGDATADIR, "volumes", NULL);

  if (env != NULL)
    {
      g_autofree char *dir = g_build_filename (env, "volumes", NULL);
      scan_dir (paths, dir);
    }
  if (paths->len == 0)
    scan_dir (paths, source);
  if (paths->len == 0)
    scan_dir (paths, installed);
  g_ptr_array_sort (paths, compare_paths);
  g_ptr_array_add (paths, g_strdup (""));
  return paths;
}

RdtVolume *
rdt_new_map_dialog_generic_volume (void)
{
  static const char *terrains[][2] = {
    { "clear", N_("Clear") }, { "light-woods", N_("Light Woods") },
    { "heavy-woods", N_("Heavy Woods") }, { "orchard", N_("Orchard") },
    { "marsh", N_("Marsh") }, { "town", N_("Town") }, { "water", N_("Water") },
  };
  static const struct { const char *id; const char *name; RdtHexsideKind kind; } sides[] = {
    { "primary-ford", N_("Primary Ford"), RDT_HEXSIDE_KIND_WATER },
    { "secondary-ford", N_("Secondary Ford"), RDT_HEXSIDE_KIND_WATER },
    { "creek", N_("Creek"), RDT_HEXSIDE_KIND_WATER },
    { "stream", N_("Stream"), RDT_HEXSIDE_KIND_WATER },
    { "river", N_("River"), RDT_HEXSIDE_KIND_WATER },
    { "slope", N_("Slope"), RDT_HEXSIDE_KIND_SLOPE },
    { "fieldwork", N_("Fieldwork"), RDT_HEXSIDE_KIND_FIELDWORK },
    { "redoubt", N_("Redoubt"), RDT_HEXSIDE_KIND_FIELDWORK },
    { "road", N_("Road"), RDT_HEXSIDE_KIND_ROAD },
    { "track", N_("Track"), RDT_HEXSIDE_KIND_ROAD },
    { "path", N_("Path"), RDT_HEXSIDE_KIND_ROAD },
  };
  RdtVolume *volume = rdt_volume_new ("generic");

  rdt_volume_set_title (volume, _("Generic (no effects data)"));
  for (gsize i = 0; i < G_N_ELEMENTS (terrains); i++)
    {
      RdtTerrainType *terrain = rdt_terrain_type_new (terrains[i][0], _(terrains[i][1]));

      /* No Terrain Effects Chart: every value is provisional. */
      terrain->effects.mp_halves = 2;
      terrain->effects.provisional = RDT_EFFECT_MP | RDT_EFFECT_BLOCKS_LOS | RDT_EFFECT_ZOC;
      rdt_volume_add_terrain (volume, terrain, NULL);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      RdtHexsideType *type = rdt_hexside_type_new (sides[i].id, _(sides[i].name), sides[i].kind);

      type->effects.provisional = RDT_EFFECT_MP | RDT_EFFECT_BLOCKS_LOS | RDT_EFFECT_ZOC;
      type->effects.slope_for_los = sides[i].kind == RDT_HEXSIDE_KIND_SLOPE;
      rdt_volume_add_hexside_type (volume, type, NULL);
    }
  /* 7.1: six SPs plus one artillery unit. */
  rdt_volume_set_stacking_limit (volume, 6, 1, FALSE);
  return volume;
}

static void
read_settings (RdtNewMapDialog *self,
               RdtGridSettings *settings)
{
  settings->columns = gtk_spin_button_get_value_as_int (self->columns_spin);
  settings->rows = gtk_spin_button_get_value_as_int (self->rows_spin);
  settings->first_column = gtk_spin_button_get_value_as_int (self->first_column_spin);
  settings->first_row = gtk_spin_button_get_value_as_int (self->first_row_spin);
  settings->orientation = gtk_drop_down_get_selected (self->orientation_dropdown) == 1
                          ? RDT_GRID_POINTY_TOP : RDT_GRID_FLAT_TOP;
  settings->shift = gtk_drop_down_get_selected (self->shift_dropdown) == 1
                    ? RDT_GRID_SHIFT_EVEN : RDT_GRID_SHIFT_ODD;
}

static void
on_ok (GtkButton       *button,
       RdtNewMapDialog *self)
{
  RdtGridSettings settings;
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtHexGrid) grid = NULL;

  read_settings (self, &settings);
  grid = rdt_hex_grid_new (&settings, &error);
  if (grid == NULL)
    {
      gtk_label_set_text (self->error_label, error->message);
      return;
    }
  if (self->scenario != NULL)
    {
      g_signal_emit (self, signals[GRID_CHANGED], 0, &settings);
    }
  else
    {
      guint index = gtk_drop_down_get_selected (self->volume_dropdown);
      const char *path = index < self->volume_paths->len ? g_ptr_array_index (self->volume_paths, index) : "";
      g_autoptr(RdtVolume) volume = NULL;
      g_autoptr(RdtScenario) scenario = NULL;
      g_autoptr(RdtVolumeUnits) units = NULL;
      const char *title = gtk_editable_get_text (GTK_EDITABLE (self->title_entry));

      if (*path != '\0')
        volume = rdt_volume_load_from_file (path, NULL, &error);
      else
        volume = rdt_new_map_dialog_generic_volume ();
      if (volume == NULL)
        {
          gtk_label_set_text (self->error_label, error->message);
          return;
        }
      scenario = rdt_scenario_new (volume, &settings, NULL, &error);
      if (scenario == NULL)
        {
          gtk_label_set_text (self->error_label, error->message);
          return;
        }
      if (*path != '\0')
        rdt_scenario_set_volume_link (scenario, rdt_volume_get_id (volume), NULL);
      rdt_scenario_set_id (scenario, "new-map");
      rdt_scenario_set_title (scenario, *title ? title : _("Untitled Map"));
      /* Issue 16: the palette offers the units of the volume's bundled
       * scenarios; the new map has their sides (Savannah: three). */
      if (*path != '\0')
        units = rdt_volume_units_collect (path, rdt_volume_get_id (volume));
      for (guint i = 0; units != NULL && i < units->side_ids->len; i++)
        rdt_scenario_add_side (scenario, g_ptr_array_index (units->side_ids, i),
                               g_ptr_array_index (units->side_names, i), -1, -1, NULL);
      /* A scenario file always has its two armies (the format requires
       * sides); the designer renames them in the file or the order of
       * battle. */
      if (units == NULL)
        {
          rdt_scenario_add_side (scenario, "british", _("British"), -1, -1, NULL);
          rdt_scenario_add_side (scenario, "american", _("American"), -1, -1, NULL);
        }
      else
        g_object_set_data_full (G_OBJECT (scenario), RDT_VOLUME_UNITS_KEY, g_steal_pointer (&units),
                                (GDestroyNotify) rdt_volume_units_free);
      g_signal_emit (self, signals[CREATE], 0, scenario);
    }
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
on_cancel (GtkButton       *button,
           RdtNewMapDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
rdt_new_map_dialog_dispose (GObject *object)
{
  RdtNewMapDialog *self = RDT_NEW_MAP_DIALOG (object);

  g_clear_object (&self->scenario);
  g_clear_pointer (&self->volume_paths, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), RDT_TYPE_NEW_MAP_DIALOG);

  G_OBJECT_CLASS (rdt_new_map_dialog_parent_class)->dispose (object);
}

static void
rdt_new_map_dialog_class_init (RdtNewMapDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rdt_new_map_dialog_dispose;

  signals[CREATE] = g_signal_new ("create", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, RDT_TYPE_SCENARIO);
  signals[GRID_CHANGED] = g_signal_new ("grid-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/redoubt/Redoubt/rdt-new-map-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, volume_label);
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, volume_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, title_label);
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, title_entry);
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, columns_spin);
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, rows_spin);
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, first_column_spin);
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, first_row_spin);
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, orientation_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, shift_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, ok_button);
  gtk_widget_class_bind_template_child (widget_class, RdtNewMapDialog, cancel_button);
}

static void
rdt_new_map_dialog_init (RdtNewMapDialog *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self->ok_button, "clicked", G_CALLBACK (on_ok), self);
  g_signal_connect (self->cancel_button, "clicked", G_CALLBACK (on_cancel), self);

  self->volume_paths = rdt_new_map_dialog_find_volumes ();
  for (guint i = 0; i < self->volume_paths->len; i++)
    {
      const char *path = g_ptr_array_index (self->volume_paths, i);

      if (*path == '\0')
        gtk_string_list_append (names, _("Generic (no effects data)"));
      else
        {
          g_autofree char *base = g_path_get_basename (path);

          if (g_str_has_suffix (base, ".xml"))
            base[strlen (base) - strlen (".xml")] = '\0';
          gtk_string_list_append (names, base);
        }
    }
  gtk_drop_down_set_model (self->volume_dropdown, G_LIST_MODEL (names));
}

void
rdt_new_map_dialog_set_grid (RdtNewMapDialog       *self,
                             const RdtGridSettings *s)
{
  g_return_if_fail (RDT_IS_NEW_MAP_DIALOG (self));
  g_return_if_fail (s != NULL);

  gtk_spin_button_set_value (self->columns_spin, s->columns);
  gtk_spin_button_set_value (self->rows_spin, s->rows);
  gtk_spin_button_set_value (self->first_column_spin, s->first_column);
  gtk_spin_button_set_value (self->first_row_spin, s->first_row);
  gtk_drop_down_set_selected (self->orientation_dropdown, s->orientation == RDT_GRID_POINTY_TOP);
  gtk_drop_down_set_selected (self->shift_dropdown, s->shift == RDT_GRID_SHIFT_EVEN);
}

gboolean
rdt_new_map_dialog_select_volume (RdtNewMapDialog *self,
                                  const char      *name)
{
  g_return_val_if_fail (RDT_IS_NEW_MAP_DIALOG (self), FALSE);

  for (guint i = 0; i < self->volume_paths->len; i++)
    {
      g_autofree char *base = g_path_get_basename (g_ptr_array_index (self->volume_paths, i));

      if (g_str_has_suffix (base, ".xml"))
        base[strlen (base) - strlen (".xml")] = '\0';
      if (g_strcmp0 (base, name) == 0)
        {
          gtk_drop_down_set_selected (self->volume_dropdown, i);
          return TRUE;
        }
    }
  return FALSE;
}

void
rdt_new_map_dialog_accept (RdtNewMapDialog *self)
{
  g_return_if_fail (RDT_IS_NEW_MAP_DIALOG (self));
  on_ok (self->ok_button, self);
}

RdtNewMapDialog *
rdt_new_map_dialog_new (GtkWindow   *parent,
                        RdtScenario *scenario)
{
  RdtNewMapDialog *self = g_object_new (RDT_TYPE_NEW_MAP_DIALOG,
                                        "transient-for", parent, NULL);

  if (scenario != NULL)
    {
      const RdtGridSettings *s = rdt_hex_grid_get_settings (rdt_scenario_get_grid (scenario));

      self->scenario = g_object_ref (scenario);
      gtk_window_set_title (GTK_WINDOW (self), _("Grid Settings"));
      gtk_button_set_label (self->ok_button, _("_Apply"));
      gtk_widget_set_visible (self->volume_label, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->volume_dropdown), FALSE);
      gtk_widget_set_visible (self->title_label, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->title_entry), FALSE);
      rdt_new_map_dialog_set_grid (self, s);
    }
  return self;
}
