/* rdt-ruling-panel.c: the "Rules" page of the side bar (issue 7). */
#include "config.h"

#include "rdt-ruling-panel.h"

#include <glib/gi18n.h>

#include "rdt-document.h"
#include "rdt-window-private.h"

struct _RdtRulingPanel
{
  GtkBox parent_instance;

  RdtOverlayController *controller;
  RdtOverlayScenarioFunc scenario_func;
  gpointer scenario_data;

  GtkDropDown *mode_dropdown;
  GtkLabel *hint_label;
  GtkWidget *fan_box;
  GtkSpinButton *range_spin;
  GtkWidget *ignore_check;
  GtkWidget *zoc_box;
  GtkDropDown *side_dropdown;
  GtkStringList *side_names;
  GtkWidget *moves_box;
  GtkWidget *strategic_check;
  GtkWidget *retreat_check;
  /* Game context (issue 12): as `redoubt-cli moves --turn --weather
   * --released`.  Rebuilt when the scenario changes. */
  GtkWidget *context_box;
  GtkSpinButton *turn_spin;
  GtkDropDown *weather_dropdown;
  GtkStringList *weather_names;
  char **weather_ids;          /* index i + 1 of the dropdown; 0: not set */
  GtkWidget *releases_check;   /* the releases are told */
  GtkWidget *releases_box;
  char **release_ids;
  GPtrArray *release_checks;   /* GtkCheckButton, as release_ids */
  RdtScenario *context_scenario; /* the scenario the widgets were built for (not a reference) */
  int first_turn;
  GtkLabel *verdict_label;
  GtkLabel *hover_label;
  GtkTextView *report_view;
  GtkWidget *copy_button;
  GtkWidget *export_button;
  GtkLabel *export_label;          /* where the last image was saved */
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (RdtRulingPanel, rdt_ruling_panel, GTK_TYPE_BOX)

static void refresh_context (RdtRulingPanel *self);

/* In the order of RdtOverlayMode. */
static const char *const mode_names[] = {
  N_("Off"),
  N_("Line of sight (11.4)"),
  N_("LOS fan (11.4)"),
  N_("Zones of control (8)"),
  N_("Movement (9)"),
  N_("Artillery targets (11.2)"),
};

static const char *
mode_hint (RdtOverlayMode mode)
{
  switch (mode)
    {
    case RDT_OVERLAY_MODE_LOS:
      return _("Press on the firing hex and drag to the target: the line follows the pointer. "
               "B: blocking terrain, U: combat unit, S: slope (11.4 figure).");
    case RDT_OVERLAY_MODE_FAN:
      return _("Press on a hex: every hex in range out of its LOS is shaded and lettered B, U or S. "
               "Ctrl+click treats a hex as occupied.");
    case RDT_OVERLAY_MODE_ZOC:
      return _("The hexes in the chosen side's ZOC (8.1); rifle ZOC +1 MP (8.31); "
               "orange hexsides: the ZOC stops there.");
    case RDT_OVERLAY_MODE_MOVES:
      return _("Select a unit: the hexes it can reach with their cost; hover a hex for the path or the rule that stops it.");
    case RDT_OVERLAY_MODE_TARGETS:
      return _("Select an artillery unit: its legal targets (11.2).");
    case RDT_OVERLAY_MODE_NONE:
    default:
      return _("Choose a rule overlay.");
    }
}

static void
refresh_sides (RdtRulingPanel *self)
{
  RdtScenario *scenario = self->scenario_func ? self->scenario_func (self->scenario_data) : NULL;
  guint n = scenario ? rdt_scenario_get_n_sides (scenario) : 0;
  guint selected = gtk_drop_down_get_selected (self->side_dropdown);

  self->updating = TRUE;
  gtk_string_list_splice (self->side_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->side_names)), NULL);
  for (guint i = 0; i < n; i++)
    {
      const RdtSide *side = rdt_scenario_get_side (scenario, i);

      gtk_string_list_append (self->side_names, side->name ? side->name : side->id);
    }
  gtk_drop_down_set_selected (self->side_dropdown, selected < n ? selected : 0);
  self->updating = FALSE;
}

static void
update_visibility (RdtRulingPanel *self)
{
  RdtOverlayMode mode = rdt_overlay_controller_get_mode (self->controller);

  gtk_widget_set_visible (self->fan_box, mode == RDT_OVERLAY_MODE_FAN);
  gtk_widget_set_visible (self->ignore_check, mode == RDT_OVERLAY_MODE_LOS || mode == RDT_OVERLAY_MODE_FAN);
  gtk_widget_set_visible (self->zoc_box, mode == RDT_OVERLAY_MODE_ZOC);
  gtk_widget_set_visible (self->moves_box, mode == RDT_OVERLAY_MODE_MOVES);
  /* Movement and artillery targets (Germantown 3.1.1, 3.1.2 fog range) read it. */
  gtk_widget_set_visible (self->context_box, mode == RDT_OVERLAY_MODE_MOVES || mode == RDT_OVERLAY_MODE_TARGETS);
  gtk_label_set_text (self->hint_label, mode_hint (mode));
}

static void
on_changed (RdtOverlayController *controller,
            RdtRulingPanel       *self)
{
  const char *text = rdt_overlay_controller_get_text (controller);
  const RdtLosReport *report = rdt_overlay_controller_get_los_report (controller);
  const char *css_remove[] = { "success", "error" };

  /* Another document: its turns, weather and releases. */
  if (rdt_overlay_controller_get_mode (controller) == RDT_OVERLAY_MODE_MOVES && !self->updating
      && self->scenario_func && self->scenario_func (self->scenario_data) != self->context_scenario)
    {
      refresh_context (self);
      return;
    }
  gtk_label_set_text (self->verdict_label, rdt_overlay_controller_get_summary (controller));
  for (guint i = 0; i < G_N_ELEMENTS (css_remove); i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_label), css_remove[i]);
  if (report)
    gtk_widget_add_css_class (GTK_WIDGET (self->verdict_label),
                              report->verdict == RDT_LOS_CLEAR ? "success" : "error");
  gtk_label_set_text (self->hover_label, rdt_overlay_controller_get_hover_text (controller));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->report_view), text, -1);
  gtk_widget_set_sensitive (self->copy_button, text[0] != '\0');
  gtk_widget_set_sensitive (self->export_button, text[0] != '\0');
}

static void
on_mode_selected (GObject        *dropdown,
                  GParamSpec     *pspec,
                  RdtRulingPanel *self)
{
  guint mode = gtk_drop_down_get_selected (self->mode_dropdown);

  if (mode >= G_N_ELEMENTS (mode_names))
    mode = RDT_OVERLAY_MODE_NONE;
  if (mode == RDT_OVERLAY_MODE_ZOC)
    refresh_sides (self);
  if (mode == RDT_OVERLAY_MODE_MOVES)
    refresh_context (self);
  if (mode == RDT_OVERLAY_MODE_FAN)
    {
      /* 11.2: the artillery range by default. */
      self->updating = TRUE;
      gtk_spin_button_set_value (self->range_spin,
                                 rdt_overlay_controller_get_artillery_range (self->controller));
      self->updating = FALSE;
      rdt_overlay_controller_set_fan_range (self->controller, -1);
    }
  rdt_overlay_controller_set_mode (self->controller, mode);
  update_visibility (self);
}

static void
on_range_changed (GtkSpinButton  *spin,
                  RdtRulingPanel *self)
{
  if (!self->updating)
    rdt_overlay_controller_set_fan_range (self->controller, gtk_spin_button_get_value_as_int (spin));
}

static void
on_ignore_toggled (GtkCheckButton *check,
                   RdtRulingPanel *self)
{
  rdt_overlay_controller_set_ignore_units (self->controller, gtk_check_button_get_active (check));
}

static void
on_clear_occupied (GtkButton      *button,
                   RdtRulingPanel *self)
{
  rdt_overlay_controller_clear_occupied (self->controller);
}

static void
on_side_selected (GObject        *dropdown,
                  GParamSpec     *pspec,
                  RdtRulingPanel *self)
{
  guint side = gtk_drop_down_get_selected (self->side_dropdown);

  if (!self->updating && side != GTK_INVALID_LIST_POSITION)
    rdt_overlay_controller_set_zoc_side (self->controller, (int) side);
}

static void
on_strategic_toggled (GtkCheckButton *check,
                      RdtRulingPanel *self)
{
  rdt_overlay_controller_set_strategic (self->controller, gtk_check_button_get_active (check));
}

static void
on_retreat_toggled (GtkCheckButton *check,
                    RdtRulingPanel *self)
{
  rdt_overlay_controller_set_show_retreat (self->controller, gtk_check_button_get_active (check));
}

/* The Game context. */

/* The weather entry that is none of the volume's ids ("other", as
 * `--weather other`): every weather restriction is then off. */
#define OTHER_WEATHER_ID "other"

static void
push_game_context (RdtRulingPanel *self)
{
  int value = gtk_spin_button_get_value_as_int (self->turn_spin);
  int turn = value < self->first_turn ? RDT_GAME_TURN_UNKNOWN : value;
  guint w = gtk_drop_down_get_selected (self->weather_dropdown);
  guint n_weather = self->weather_ids ? g_strv_length (self->weather_ids) : 0;
  const char *weather = NULL;
  g_autoptr(GPtrArray) released = g_ptr_array_new ();

  if (self->updating)
    return;
  if (w != GTK_INVALID_LIST_POSITION && w >= 1 && w <= n_weather)
    weather = self->weather_ids[w - 1];
  else if (w == n_weather + 1)
    weather = OTHER_WEATHER_ID;
  for (guint i = 0; i < self->release_checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->release_checks, i)))
      g_ptr_array_add (released, self->release_ids[i]);
  g_ptr_array_add (released, NULL);
  for (guint i = 0; i < self->release_checks->len; i++)
    gtk_widget_set_sensitive (g_ptr_array_index (self->release_checks, i),
                              gtk_check_button_get_active (GTK_CHECK_BUTTON (self->releases_check)));
  rdt_overlay_controller_set_game_context (self->controller, turn, weather,
                                           gtk_check_button_get_active (GTK_CHECK_BUTTON (self->releases_check))
                                           ? (const char *const *) released->pdata : NULL);
}

static void
on_context_changed (GtkWidget      *widget,
                    RdtRulingPanel *self)
{
  push_game_context (self);
}

static void
on_weather_selected (GObject        *dropdown,
                     GParamSpec     *pspec,
                     RdtRulingPanel *self)
{
  push_game_context (self);
}

/* The spin button's lowest value is "not set". */
static gboolean
on_turn_output (GtkSpinButton  *spin,
                RdtRulingPanel *self)
{
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *text = value < self->first_turn ? g_strdup (_("not set")) : g_strdup_printf ("%d", value);

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (spin)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
on_turn_input (GtkSpinButton  *spin,
               double         *new_value,
               RdtRulingPanel *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;
  gint64 v;

  if (g_strcmp0 (text, _("not set")) == 0 || text[0] == '\0')
    {
      *new_value = self->first_turn - 1;
      return TRUE;
    }
  v = g_ascii_strtoll (text, &end, 10);
  if (end == text || *end != '\0')
    return GTK_INPUT_ERROR;
  *new_value = (double) v;
  return TRUE;
}

/* Builds the context widgets for the scenario's turns and its volume's
 * weather and release ids; keeps what was set when the scenario is the
 * same. */
static void
refresh_context (RdtRulingPanel *self)
{
  RdtScenario *scenario = self->scenario_func ? self->scenario_func (self->scenario_data) : NULL;
  RdtVolume *volume = scenario ? rdt_scenario_get_volume (scenario) : NULL;
  GtkWidget *child;
  int first = scenario ? rdt_scenario_get_first_turn (scenario) : 1;
  int n_turns = scenario ? (int) rdt_scenario_get_n_turns (scenario) : 0;

  if (scenario == self->context_scenario && scenario != NULL)
    return;
  self->context_scenario = scenario;
  self->updating = TRUE;
  /* The turns the scenario plays; the lowest value, one below, is "not set". */
  self->first_turn = first;
  gtk_spin_button_set_range (self->turn_spin, first - 1, first - 1 + CLAMP (n_turns, 0, 9999));
  gtk_spin_button_set_value (self->turn_spin, first - 1);
  on_turn_output (self->turn_spin, self);

  g_strfreev (self->weather_ids);
  self->weather_ids = rdt_volume_dup_weather_ids (volume);
  gtk_string_list_splice (self->weather_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->weather_names)), NULL);
  gtk_string_list_append (self->weather_names, _("not set"));
  for (guint i = 0; self->weather_ids[i] != NULL; i++)
    gtk_string_list_append (self->weather_names, self->weather_ids[i]);
  /* TRANSLATORS: a weather that none of the volume's rules names */
  gtk_string_list_append (self->weather_names, _("other"));
  gtk_drop_down_set_selected (self->weather_dropdown, 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->weather_dropdown), self->weather_ids[0] != NULL);

  g_strfreev (self->release_ids);
  self->release_ids = rdt_volume_dup_release_ids (volume);
  g_ptr_array_set_size (self->release_checks, 0);
  while ((child = gtk_widget_get_first_child (self->releases_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->releases_box), child);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->releases_check), FALSE);
  for (guint i = 0; self->release_ids[i] != NULL; i++)
    {
      GtkWidget *check = gtk_check_button_new_with_label (self->release_ids[i]);

      gtk_widget_set_sensitive (check, FALSE);
      g_signal_connect (check, "toggled", G_CALLBACK (on_context_changed), self);
      gtk_box_append (GTK_BOX (self->releases_box), check);
      g_ptr_array_add (self->release_checks, check);
    }
  gtk_widget_set_sensitive (self->releases_check, self->release_ids[0] != NULL);
  self->updating = FALSE;
  push_game_context (self);
}

static void
on_copy_clicked (GtkButton      *button,
                 RdtRulingPanel *self)
{
  rdt_ruling_panel_copy_ruling (self);
}

/* The choice of size in the Export Ruling Image dialog (issue 16). */
static const struct {
  const char *id;
  const char *label;
  double scale;
} export_sizes[] = {
  { "1", N_("Normal"), 1.0 },
  { "2", N_("Large (2×)"), 2.0 },
  { "3", N_("Extra large (3×)"), 3.0 },
};

static void
on_export_response (GtkNativeDialog *dialog,
                    int              response,
                    RdtRulingPanel  *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      const char *size = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "size");
      double scale = 1.0;
      g_autoptr(GError) error = NULL;

      for (guint i = 0; i < G_N_ELEMENTS (export_sizes); i++)
        if (g_strcmp0 (size, export_sizes[i].id) == 0)
          scale = export_sizes[i].scale;
      if (path != NULL && !rdt_ruling_panel_export (self, path, scale, &error))
        {
          g_autofree char *text = g_strdup_printf (_("Ruling image not saved: %s"), error->message);

          gtk_label_set_text (self->export_label, text);
          gtk_widget_set_visible (GTK_WIDGET (self->export_label), TRUE);
        }
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

/**
 * rdt_ruling_panel_export:
 *
 * Writes the ruling image at @scale times the normal size and says under
 * the buttons where it went and how large it is.
 */
gboolean
rdt_ruling_panel_export (RdtRulingPanel  *self,
                         const char      *path,
                         double           scale,
                         GError         **error)
{
  int width = 0, height = 0;
  g_autofree char *name = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (RDT_IS_RULING_PANEL (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!rdt_overlay_controller_export_png_scaled (self->controller, path, scale, &width, &height, error))
    return FALSE;
  name = g_filename_display_basename (path);
  dir = g_path_get_dirname (path);
  folder = g_filename_display_name (dir);
  /* Translators: file name, width and height in pixels, folder. */
  text = g_strdup_printf (_("Saved “%s” (%d × %d pixels) in %s"), name, width, height, folder);
  gtk_label_set_text (self->export_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->export_label), path);
  gtk_widget_set_visible (GTK_WIDGET (self->export_label), TRUE);
  return TRUE;
}

const char *
rdt_ruling_panel_get_export_message (RdtRulingPanel *self)
{
  g_return_val_if_fail (RDT_IS_RULING_PANEL (self), NULL);
  return gtk_label_get_text (self->export_label);
}

static void
on_export_clicked (GtkButton      *button,
                   RdtRulingPanel *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog;
  const char *ids[G_N_ELEMENTS (export_sizes) + 1] = { NULL, };
  const char *labels[G_N_ELEMENTS (export_sizes) + 1] = { NULL, };

  dialog = gtk_file_chooser_native_new (_("Export Ruling Image"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), _("ruling.png"));
  for (guint i = 0; i < G_N_ELEMENTS (export_sizes); i++)
    {
      ids[i] = export_sizes[i].id;
      labels[i] = _(export_sizes[i].label);
    }
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "size", _("Size"), ids, labels);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "size", "1");
  g_signal_connect (dialog, "response", G_CALLBACK (on_export_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
rdt_ruling_panel_dispose (GObject *object)
{
  RdtRulingPanel *self = RDT_RULING_PANEL (object);

  if (self->controller)
    g_signal_handlers_disconnect_by_data (self->controller, self);
  g_clear_object (&self->controller);
  G_OBJECT_CLASS (rdt_ruling_panel_parent_class)->dispose (object);
}

static void
rdt_ruling_panel_finalize (GObject *object)
{
  RdtRulingPanel *self = RDT_RULING_PANEL (object);

  g_strfreev (self->weather_ids);
  g_strfreev (self->release_ids);
  g_ptr_array_unref (self->release_checks);
  G_OBJECT_CLASS (rdt_ruling_panel_parent_class)->finalize (object);
}

static void
rdt_ruling_panel_class_init (RdtRulingPanelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = rdt_ruling_panel_dispose;
  G_OBJECT_CLASS (klass)->finalize = rdt_ruling_panel_finalize;
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

static void
rdt_ruling_panel_init (RdtRulingPanel *self)
{
  GtkBox *box = GTK_BOX (self);
  g_autoptr(GtkStringList) modes = gtk_string_list_new (NULL);
  GtkWidget *row, *label, *button, *scrolled;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (box, 6);
  gtk_widget_set_margin_start (GTK_WIDGET (self), 8);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 8);
  gtk_widget_set_margin_top (GTK_WIDGET (self), 8);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self), 8);

  for (guint i = 0; i < G_N_ELEMENTS (mode_names); i++)
    gtk_string_list_append (modes, _(mode_names[i]));
  gtk_box_append (box, heading (_("Rule overlay")));
  self->mode_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (modes)), NULL));
  gtk_box_append (box, GTK_WIDGET (self->mode_dropdown));
  self->hint_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->hint_label, TRUE);
  gtk_label_set_xalign (self->hint_label, 0);
  gtk_label_set_max_width_chars (self->hint_label, 36);
  gtk_widget_add_css_class (GTK_WIDGET (self->hint_label), "dim-label");
  gtk_box_append (box, GTK_WIDGET (self->hint_label));

  /* Fan options. */
  self->fan_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  label = gtk_label_new_with_mnemonic (_("_Range"));
  self->range_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, 30, 1));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->range_spin));
  gtk_box_append (GTK_BOX (self->fan_box), label);
  gtk_box_append (GTK_BOX (self->fan_box), GTK_WIDGET (self->range_spin));
  button = gtk_button_new_with_mnemonic (_("C_lear Occupied"));
  gtk_widget_set_tooltip_text (button, _("Forget the hexes treated as occupied (Ctrl+click)"));
  g_signal_connect (button, "clicked", G_CALLBACK (on_clear_occupied), self);
  gtk_box_append (GTK_BOX (self->fan_box), button);
  gtk_box_append (box, self->fan_box);
  self->ignore_check = gtk_check_button_new_with_mnemonic (_("_Ignore units (combat units do not block)"));
  gtk_box_append (box, self->ignore_check);

  /* ZOC options. */
  self->zoc_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  label = gtk_label_new_with_mnemonic (_("_Side"));
  self->side_names = gtk_string_list_new (NULL);
  self->side_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (self->side_names), NULL));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->side_dropdown));
  gtk_box_append (GTK_BOX (self->zoc_box), label);
  gtk_box_append (GTK_BOX (self->zoc_box), GTK_WIDGET (self->side_dropdown));
  gtk_box_append (box, self->zoc_box);

  /* Movement options. */
  self->moves_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  self->strategic_check = gtk_check_button_new_with_mnemonic (_("S_trategic movement (9.5)"));
  self->retreat_check = gtk_check_button_new_with_mnemonic (_("Show _retreat destinations (13.2)"));
  gtk_box_append (GTK_BOX (self->moves_box), self->strategic_check);
  gtk_box_append (GTK_BOX (self->moves_box), self->retreat_check);
  gtk_box_append (box, self->moves_box);

  /* Game context (issue 12): what `moves --turn --weather --released` tell. */
  self->release_checks = g_ptr_array_new ();
  self->context_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_box_append (GTK_BOX (self->context_box), heading (_("Game context")));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  label = gtk_label_new_with_mnemonic (_("T_urn"));
  self->turn_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 1, 1));
  /* Not numeric: the lowest value reads "not set". */
  gtk_spin_button_set_numeric (self->turn_spin, FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->turn_spin), 7);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->turn_spin),
                               _("The game turn; rules that depend on it are not decided while it is not set"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->turn_spin));
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->turn_spin));
  label = gtk_label_new_with_mnemonic (_("_Weather"));
  self->weather_names = gtk_string_list_new (NULL);
  self->weather_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (self->weather_names), NULL));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->weather_dropdown));
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->weather_dropdown));
  gtk_box_append (GTK_BOX (self->context_box), row);
  self->releases_check = gtk_check_button_new_with_mnemonic (_("Releases _known (ticked: made)"));
  gtk_widget_set_tooltip_text (self->releases_check,
                               _("Tell which releases were made; while unticked, rules lifted by a release are not decided"));
  gtk_box_append (GTK_BOX (self->context_box), self->releases_check);
  self->releases_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_set_margin_start (self->releases_box, 20);
  gtk_box_append (GTK_BOX (self->context_box), self->releases_box);
  gtk_box_append (box, self->context_box);

  /* The answer. */
  self->verdict_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->verdict_label, 0);
  gtk_label_set_wrap (self->verdict_label, TRUE);
  gtk_label_set_selectable (self->verdict_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->verdict_label), "title-4");
  gtk_box_append (box, GTK_WIDGET (self->verdict_label));
  self->hover_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->hover_label, 0);
  gtk_label_set_wrap (self->hover_label, TRUE);
  gtk_label_set_selectable (self->hover_label, TRUE);
  gtk_box_append (box, GTK_WIDGET (self->hover_label));
  self->report_view = GTK_TEXT_VIEW (gtk_text_view_new ());
  gtk_text_view_set_editable (self->report_view, FALSE);
  gtk_text_view_set_wrap_mode (self->report_view, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_monospace (self->report_view, FALSE);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->report_view));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_size_request (scrolled, 260, 160);
  gtk_box_append (box, scrolled);

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->copy_button = gtk_button_new_with_mnemonic (_("_Copy Ruling"));
  gtk_widget_set_tooltip_text (self->copy_button, _("Put the ruling, with rule numbers and hex labels, on the clipboard"));
  self->export_button = gtk_button_new_with_mnemonic (_("_Export Ruling Image…"));
  gtk_widget_set_tooltip_text (self->export_button, _("A PNG of the area around the question with the overlay and a caption"));
  gtk_box_append (GTK_BOX (row), self->copy_button);
  gtk_box_append (GTK_BOX (row), self->export_button);
  gtk_box_append (box, row);
  self->export_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->export_label, 0);
  gtk_label_set_wrap (self->export_label, TRUE);
  gtk_label_set_wrap_mode (self->export_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (self->export_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->export_label), "dim-label");
  gtk_widget_set_visible (GTK_WIDGET (self->export_label), FALSE);
  gtk_box_append (box, GTK_WIDGET (self->export_label));
  g_signal_connect (self->copy_button, "clicked", G_CALLBACK (on_copy_clicked), self);
  g_signal_connect (self->export_button, "clicked", G_CALLBACK (on_export_clicked), self);
  gtk_widget_set_sensitive (self->copy_button, FALSE);
  gtk_widget_set_sensitive (self->export_button, FALSE);

  g_signal_connect (self->mode_dropdown, "notify::selected", G_CALLBACK (on_mode_selected), self);
  g_signal_connect (self->range_spin, "value-changed", G_CALLBACK (on_range_changed), self);
  g_signal_connect (self->ignore_check, "toggled", G_CALLBACK (on_ignore_toggled), self);
  g_signal_connect (self->side_dropdown, "notify::selected", G_CALLBACK (on_side_selected), self);
  g_signal_connect (self->strategic_check, "toggled", G_CALLBACK (on_strategic_toggled), self);
  g_signal_connect (self->retreat_check, "toggled", G_CALLBACK (on_retreat_toggled), self);
  g_signal_connect (self->turn_spin, "value-changed", G_CALLBACK (on_context_changed), self);
  g_signal_connect (self->turn_spin, "output", G_CALLBACK (on_turn_output), self);
  g_signal_connect (self->turn_spin, "input", G_CALLBACK (on_turn_input), self);
  g_signal_connect (self->weather_dropdown, "notify::selected", G_CALLBACK (on_weather_selected), self);
  g_signal_connect (self->releases_check, "toggled", G_CALLBACK (on_context_changed), self);
}

GtkWidget *
rdt_ruling_panel_new (RdtMapView             *view,
                      RdtOverlayScenarioFunc  func,
                      gpointer                user_data)
{
  RdtRulingPanel *self = g_object_new (RDT_TYPE_RULING_PANEL, NULL);

  self->scenario_func = func;
  self->scenario_data = user_data;
  self->controller = rdt_overlay_controller_new (view, func, user_data);
  g_signal_connect (self->controller, "changed", G_CALLBACK (on_changed), self);
  gtk_drop_down_set_selected (self->mode_dropdown, RDT_OVERLAY_MODE_NONE);
  update_visibility (self);
  return GTK_WIDGET (self);
}

RdtOverlayController *
rdt_ruling_panel_get_controller (RdtRulingPanel *self)
{
  g_return_val_if_fail (RDT_IS_RULING_PANEL (self), NULL);
  return self->controller;
}

void
rdt_ruling_panel_set_mode (RdtRulingPanel *self,
                           RdtOverlayMode  mode)
{
  g_return_if_fail (RDT_IS_RULING_PANEL (self));
  gtk_drop_down_set_selected (self->mode_dropdown, mode);
}

void
rdt_ruling_panel_set_fan_range (RdtRulingPanel *self,
                                int             range)
{
  g_return_if_fail (RDT_IS_RULING_PANEL (self));
  gtk_spin_button_set_value (self->range_spin, range);
}

void
rdt_ruling_panel_set_zoc_side (RdtRulingPanel *self,
                               guint           side)
{
  g_return_if_fail (RDT_IS_RULING_PANEL (self));
  gtk_drop_down_set_selected (self->side_dropdown, side);
}

void
rdt_ruling_panel_set_show_retreat (RdtRulingPanel *self,
                                   gboolean        show)
{
  g_return_if_fail (RDT_IS_RULING_PANEL (self));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->retreat_check), show);
}

void
rdt_ruling_panel_set_turn (RdtRulingPanel *self,
                           int             turn)
{
  g_return_if_fail (RDT_IS_RULING_PANEL (self));
  refresh_context (self);
  gtk_spin_button_set_value (self->turn_spin, turn == RDT_GAME_TURN_UNKNOWN ? self->first_turn - 1 : turn);
}

gboolean
rdt_ruling_panel_set_weather (RdtRulingPanel *self,
                              const char     *weather)
{
  g_return_val_if_fail (RDT_IS_RULING_PANEL (self), FALSE);
  refresh_context (self);
  if (weather == NULL)
    {
      gtk_drop_down_set_selected (self->weather_dropdown, 0);
      return TRUE;
    }
  for (guint i = 0; self->weather_ids[i] != NULL; i++)
    if (g_str_equal (self->weather_ids[i], weather))
      {
        gtk_drop_down_set_selected (self->weather_dropdown, i + 1);
        return TRUE;
      }
  if (g_str_equal (weather, OTHER_WEATHER_ID))
    {
      gtk_drop_down_set_selected (self->weather_dropdown, g_strv_length (self->weather_ids) + 1);
      return TRUE;
    }
  return FALSE;
}

void
rdt_ruling_panel_set_releases_known (RdtRulingPanel *self,
                                     gboolean        known)
{
  g_return_if_fail (RDT_IS_RULING_PANEL (self));
  refresh_context (self);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->releases_check), known);
}

gboolean
rdt_ruling_panel_set_released (RdtRulingPanel *self,
                               const char     *release_id,
                               gboolean        released)
{
  g_return_val_if_fail (RDT_IS_RULING_PANEL (self), FALSE);
  refresh_context (self);
  for (guint i = 0; self->release_ids[i] != NULL; i++)
    if (g_strcmp0 (self->release_ids[i], release_id) == 0)
      {
        gtk_check_button_set_active (g_ptr_array_index (self->release_checks, i), released);
        return TRUE;
      }
  return FALSE;
}

const char *
rdt_ruling_panel_get_verdict (RdtRulingPanel *self)
{
  g_return_val_if_fail (RDT_IS_RULING_PANEL (self), NULL);
  return gtk_label_get_text (self->verdict_label);
}

const char *
rdt_ruling_panel_get_hover (RdtRulingPanel *self)
{
  g_return_val_if_fail (RDT_IS_RULING_PANEL (self), NULL);
  return gtk_label_get_text (self->hover_label);
}

char *
rdt_ruling_panel_dup_report (RdtRulingPanel *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (RDT_IS_RULING_PANEL (self), NULL);
  buffer = gtk_text_view_get_buffer (self->report_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

char *
rdt_ruling_panel_dup_ruling (RdtRulingPanel *self)
{
  g_autofree char *report = NULL;
  const char *hover;

  g_return_val_if_fail (RDT_IS_RULING_PANEL (self), NULL);
  report = rdt_ruling_panel_dup_report (self);
  hover = rdt_overlay_controller_get_hover_text (self->controller);
  /* The LOS report names the hexes, the verdict, the case and the rules
   * already; other overlays lead with their summary. */
  if (rdt_overlay_controller_get_los_report (self->controller))
    return g_steal_pointer (&report);
  return g_strdup_printf ("%s%s%s", report, hover[0] ? hover : "", hover[0] ? "\n" : "");
}

void
rdt_ruling_panel_copy_ruling (RdtRulingPanel *self)
{
  g_autofree char *text = NULL;

  g_return_if_fail (RDT_IS_RULING_PANEL (self));
  text = rdt_ruling_panel_dup_ruling (self);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

/* Attaching to the editor's window. */

static RdtScenario *
window_scenario (gpointer user_data)
{
  RdtWindow *window = user_data;
  RdtDocument *document = rdt_window_get_document (window);

  return document ? rdt_document_get_scenario (document) : NULL;
}

static void
on_unit_selected (GtkSingleSelection *selection,
                  GParamSpec         *pspec,
                  RdtRulingPanel     *self)
{
  GObject *item = gtk_single_selection_get_selected_item (selection);
  const char *id = GTK_IS_STRING_OBJECT (item) ? gtk_string_object_get_string (GTK_STRING_OBJECT (item)) : NULL;

  rdt_overlay_controller_set_unit (self->controller, id);
}

/* The LOS and fan tools press and drag on the map: while they are on, the
 * editor's tools do not see those gestures (a select-tool drag would move the
 * counter the LOS starts from). */
static void
block_editor_gestures (RdtWindow *window,
                       gboolean   block)
{
  static const char *const names[] = { "hex-pressed", "hex-dragged", "hex-released", "hexside-pressed" };
  gboolean blocked = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (window), "rdt-rules-blocking"));

  if (blocked == block)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      guint id = g_signal_lookup (names[i], RDT_TYPE_MAP_VIEW);

      if (block)
        g_signal_handlers_block_matched (window->map, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DATA,
                                         id, 0, NULL, NULL, window);
      else
        g_signal_handlers_unblock_matched (window->map, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DATA,
                                           id, 0, NULL, NULL, window);
    }
  g_object_set_data (G_OBJECT (window), "rdt-rules-blocking", GINT_TO_POINTER (block));
}

static void
on_controller_changed_for_window (RdtOverlayController *controller,
                                  RdtWindow            *window)
{
  RdtOverlayMode mode = rdt_overlay_controller_get_mode (controller);

  block_editor_gestures (window, mode == RDT_OVERLAY_MODE_LOS || mode == RDT_OVERLAY_MODE_FAN);
}

RdtRulingPanel *
rdt_ruling_panel_attach (RdtWindow *window)
{
  GtkWidget *panel, *overlay, *stack, *parent;
  RdtRulingPanel *self;

  g_return_val_if_fail (RDT_IS_WINDOW (window), NULL);
  g_return_val_if_fail (window->map != NULL, NULL);
  panel = rdt_ruling_panel_new (RDT_MAP_VIEW (window->map), window_scenario, window);
  self = RDT_RULING_PANEL (panel);

  /* The overlay area over the map view. */
  parent = gtk_widget_get_parent (window->map);
  if (GTK_IS_BOX (parent))
    {
      g_object_ref (window->map);
      gtk_box_remove (GTK_BOX (parent), window->map);
      overlay = gtk_overlay_new ();
      gtk_widget_set_hexpand (overlay, TRUE);
      gtk_widget_set_vexpand (overlay, TRUE);
      gtk_overlay_set_child (GTK_OVERLAY (overlay), window->map);
      g_object_unref (window->map);
      gtk_overlay_add_overlay (GTK_OVERLAY (overlay), rdt_overlay_controller_get_area (self->controller));
      gtk_overlay_set_measure_overlay (GTK_OVERLAY (overlay), rdt_overlay_controller_get_area (self->controller), FALSE);
      gtk_box_append (GTK_BOX (parent), overlay);
    }

  /* The "Rules" page of the side bar (the stack holding the order of battle). */
  stack = window->unit_list ? gtk_widget_get_ancestor (GTK_WIDGET (window->unit_list), GTK_TYPE_STACK) : NULL;
  if (stack)
    {
      GtkWidget *scrolled = gtk_scrolled_window_new ();

      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), panel);
      gtk_stack_add_titled (GTK_STACK (stack), scrolled, "rules", _("Rules"));
    }
  if (window->unit_selection)
    g_signal_connect_object (window->unit_selection, "notify::selected",
                             G_CALLBACK (on_unit_selected), self, 0);
  g_signal_connect_object (self->controller, "changed",
                           G_CALLBACK (on_controller_changed_for_window), window, 0);
  g_object_set_data (G_OBJECT (window), "rdt-ruling-panel", self);
  return self;
}
