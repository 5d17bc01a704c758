/* rdt-window-actions.c: the win.* actions and which of them are enabled. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rdt-import-vassal.h"
#include "rdt-new-map-dialog.h"
#include "rdt-unit-dialog.h"
#include "rdt-unit-command.h"
#include "rdt-map-command.h"
#include "rdt-area-command.h"
#include "rdt-legend.h"
#include "rdt-map-view.h"
#include "rdt-window-private.h"

static void
open_response (GtkNativeDialog *dialog,
               int              response,
               RdtWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      RdtWindow *target = self;

      /* Unsaved work stays in its window; the file opens in a new one (an
       * imported module opens in a new one by itself). */
      if (self->document != NULL && rdt_document_get_dirty (self->document)
          && !rdt_import_vassal_is_module_name (file))
        {
          target = rdt_window_new (RDT_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
          gtk_window_present (GTK_WINDOW (target));
        }
      rdt_window_open_file (target, file);
    }
  g_object_unref (dialog);
}

static void
win_open (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  GtkFileChooserNative *dialog;
  GtkFileFilter *filter = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (_("Open Scenario"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Redoubt Scenarios"));
  gtk_file_filter_add_pattern (filter, "*.redoubt");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  /* rdt_window_open_file() imports a module (issue 17). */
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("VASSAL Modules (imported)"));
  gtk_file_filter_add_pattern (filter, "*.vmod");
  gtk_file_filter_add_pattern (filter, "*.VMOD");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
win_import_vassal (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  rdt_window_import_vassal (RDT_WINDOW (user_data));
}

static void
win_open_recent (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));
  RdtWindow *target = self;

  if (self->document != NULL && rdt_document_get_dirty (self->document))
    {
      target = rdt_window_new (RDT_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
      gtk_window_present (GTK_WINDOW (target));
    }
  rdt_window_open_file (target, file);
}

static void
on_new_map (RdtNewMapDialog *dialog,
            RdtScenario     *scenario,
            RdtWindow       *self)
{
  g_autoptr(RdtDocument) document = rdt_document_new (scenario);
  RdtWindow *target = self;

  if (self->document != NULL && rdt_document_get_dirty (self->document))
    {
      target = rdt_window_new (RDT_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
      gtk_window_present (GTK_WINDOW (target));
    }
  _rdt_window_set_document (target, document);
}

static void
win_new (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtNewMapDialog *dialog = rdt_new_map_dialog_new (GTK_WINDOW (self), NULL);

  g_signal_connect (dialog, "create", G_CALLBACK (on_new_map), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_grid_settings (RdtNewMapDialog       *dialog,
                  const RdtGridSettings *settings,
                  RdtWindow             *self)
{
  g_autoptr(RdtCommand) command = rdt_map_command_new_grid (settings);

  _rdt_window_execute (self, command);
}

static void
win_grid_settings (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtNewMapDialog *dialog;

  if (self->document == NULL)
    return;
  dialog = rdt_new_map_dialog_new (GTK_WINDOW (self), rdt_document_get_scenario (self->document));
  g_signal_connect (dialog, "grid-changed", G_CALLBACK (on_grid_settings), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
win_save (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  _rdt_window_save (RDT_WINDOW (user_data), FALSE);
}

static void
win_save_as (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  _rdt_window_save_as (RDT_WINDOW (user_data));
}

static void
revert_response (GtkDialog *dialog,
                 int        response,
                 RdtWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT && self->document != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!rdt_document_reload (self->document, NULL, &error))
        _rdt_window_report_error (self, _("Cannot revert"), error);
    }
}

static void
win_revert (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  GtkWidget *dialog;

  if (self->document == NULL || rdt_document_get_path (self->document) == NULL)
    return;
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Revert unsaved changes?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("The map goes back to the file as it was last saved. This cannot be undone."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                          _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Revert"), GTK_RESPONSE_ACCEPT,
                          NULL);
  g_signal_connect (dialog, "response", G_CALLBACK (revert_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
win_close (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
}

static void
win_undo (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  g_autofree char *label = NULL;

  /* Issue 13: while playing, undo acts on the game within the phase. */
  if (self->game != NULL)
    {
      _rdt_window_play_undo (self, FALSE);
      return;
    }
  if (self->document == NULL)
    return;
  label = rdt_undo_stack_dup_undo_label (rdt_document_get_undo_stack (self->document));
  if (rdt_document_undo (self->document) && label != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Undone: %s"), label);
      gtk_label_set_text (self->status_label, text);
    }
}

static void
win_redo (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  g_autofree char *label = NULL;

  if (self->game != NULL)
    {
      _rdt_window_play_undo (self, TRUE);
      return;
    }
  if (self->document == NULL)
    return;
  label = rdt_undo_stack_dup_redo_label (rdt_document_get_undo_stack (self->document));
  if (rdt_document_redo (self->document) && label != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Redone: %s"), label);
      gtk_label_set_text (self->status_label, text);
    }
}

static void
win_tool (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtTool tool;

  if (!_rdt_tool_from_string (g_variant_get_string (parameter, NULL), &tool))
    return;
  g_simple_action_set_state (action, parameter);
  _rdt_window_set_tool (self, tool);
}

static void
win_terrain (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtVolume *volume;
  int index;

  if (self->document == NULL)
    return;
  volume = rdt_scenario_get_volume (rdt_document_get_scenario (self->document));
  index = rdt_volume_find_terrain (volume, g_variant_get_string (parameter, NULL));
  if (index >= 0)
    gtk_drop_down_set_selected (self->terrain_dropdown, index);
}

static void
win_hexside_feature (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  const char *id = g_variant_get_string (parameter, NULL);
  RdtVolume *volume;
  int index;

  if (self->document == NULL)
    return;
  volume = rdt_scenario_get_volume (rdt_document_get_scenario (self->document));
  /* Position 0 of the list is "Clear hexside". */
  index = *id == '\0' ? -1 : rdt_volume_find_hexside_type (volume, id);
  if (index >= -1)
    gtk_drop_down_set_selected (self->hexside_dropdown, index + 1);
}

static void
win_flip_hexside (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  _rdt_window_flip_last_hexside (RDT_WINDOW (user_data));
}

static void
win_autosave_now (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  _rdt_window_autosave_now (RDT_WINDOW (user_data));
}

/* Units. */

static RdtUnit *
selected_unit (RdtWindow *self)
{
  if (self->document == NULL || self->selection != RDT_SELECTION_UNIT || self->selected_id == NULL)
    return NULL;
  return rdt_scenario_find_unit (rdt_document_get_scenario (self->document), self->selected_id);
}

static void
win_unit_add (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtScenario *scenario;
  g_autoptr(RdtUnit) unit = NULL;
  g_autoptr(RdtCommand) command = NULL;
  g_autofree char *id = NULL;
  RdtUnit *selected;

  if (self->document == NULL)
    return;
  scenario = rdt_document_get_scenario (self->document);
  selected = selected_unit (self);
  id = rdt_unit_command_dup_free_id (self->document, "unit");
  unit = rdt_unit_new (id, _("New Unit"), selected ? selected->side : 0,
                       RDT_UNIT_KIND_INFANTRY);
  rdt_unit_add_step (unit, 1, -1, 1);
  unit->movement = 1;
  /* Values not from the countersheet are provisional until the user types
   * them in. */
  unit->provisional = RDT_UNIT_PROVISIONAL_STRENGTH | RDT_UNIT_PROVISIONAL_MORALE
                      | RDT_UNIT_PROVISIONAL_MOVEMENT;
  if (selected != NULL)
    {
      unit->formation = g_strdup (selected->formation);
      unit->nationality = g_strdup (selected->nationality);
    }
  if (rdt_scenario_get_n_sides (scenario) == 0)
    unit->side = 0;
  command = rdt_unit_command_new_add (unit, -1);
  _rdt_window_execute (self, command);
  _rdt_window_select_unit (self, id);
}

static void
on_unit_edited (RdtUnitDialog *dialog,
                const RdtUnit *edited,
                RdtWindow     *self)
{
  const char *old_id = g_object_get_data (G_OBJECT (dialog), "unit-id");
  g_autoptr(RdtCommand) command = NULL;

  if (self->document == NULL || old_id == NULL)
    return;
  command = rdt_unit_command_new_replace (old_id, edited);
  _rdt_window_execute (self, command);
  _rdt_window_select_unit (self, edited->id);
}

static void
win_unit_edit (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtUnit *selected = selected_unit (self);
  RdtUnitDialog *dialog;

  if (selected == NULL)
    return;
  dialog = rdt_unit_dialog_new (GTK_WINDOW (self), rdt_document_get_scenario (self->document), selected);
  g_object_set_data_full (G_OBJECT (dialog), "unit-id", g_strdup (selected->id), g_free);
  g_signal_connect (dialog, "apply", G_CALLBACK (on_unit_edited), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
win_unit_duplicate (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtUnit *selected = selected_unit (self);
  g_autoptr(RdtUnit) copy = NULL;
  g_autoptr(RdtCommand) command = NULL;
  int position;

  if (selected == NULL)
    return;
  copy = rdt_unit_copy (selected);
  g_free (copy->id);
  copy->id = rdt_unit_command_dup_free_id (self->document, selected->id);
  rdt_placement_clear (&copy->placement);
  copy->placement.kind = RDT_PLACEMENT_NONE;
  position = rdt_scenario_find_unit_index (rdt_document_get_scenario (self->document), selected->id);
  command = rdt_unit_command_new_add (copy, position + 1);
  _rdt_window_execute (self, command);
  _rdt_window_select_unit (self, copy->id);
}

static void
win_unit_delete (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtUnit *selected = selected_unit (self);
  g_autoptr(RdtCommand) command = NULL;

  if (selected == NULL)
    return;
  command = rdt_unit_command_new_remove (selected->id);
  _rdt_window_execute (self, command);
  self->selection = RDT_SELECTION_NONE;
  _rdt_window_update_inspector (self);
}

static void
win_unit_flip (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtUnit *selected = selected_unit (self);
  g_autoptr(RdtCommand) command = NULL;
  guint n;

  if (selected == NULL)
    return;
  n = rdt_unit_get_n_steps (selected);
  if (n < 2)
    {
      gtk_label_set_text (self->status_label, _("This counter has no reduced side."));
      return;
    }
  command = rdt_unit_command_new_step (selected->id, (selected->step + 1) % n);
  _rdt_window_execute (self, command);
}

static void
win_unit_unplace (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtUnit *selected = selected_unit (self);
  RdtPlacement none = { 0, };
  g_autoptr(RdtCommand) command = NULL;

  if (selected == NULL)
    return;
  none.kind = RDT_PLACEMENT_NONE;
  command = rdt_unit_command_new_move (selected->id, &none);
  _rdt_window_execute (self, command);
}

static void
win_unit_status (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtUnit *selected = selected_unit (self);
  RdtUnitStatus status;
  g_autoptr(RdtCommand) command = NULL;

  if (selected == NULL
      || !rdt_unit_status_from_string (g_variant_get_string (parameter, NULL), &status))
    return;
  command = rdt_unit_command_new_status (selected->id, status);
  _rdt_window_execute (self, command);
}

/* Raise or lower the selected unit in its hex's stack: swap its place in the
 * order of units with the next unit above or below in the same hex. */
static void
restack (RdtWindow *self,
         int        direction)
{
  RdtUnit *selected = selected_unit (self);
  RdtScenario *scenario;
  g_autoptr(GPtrArray) stack = NULL;
  g_autoptr(RdtCommand) command = NULL;
  int at = -1;
  int target;

  if (selected == NULL || selected->placement.kind != RDT_PLACEMENT_HEX)
    return;
  scenario = rdt_document_get_scenario (self->document);
  stack = rdt_scenario_units_in_hex (scenario, selected->placement.hex);
  for (guint i = 0; i < stack->len; i++)
    if (g_ptr_array_index (stack, i) == (gpointer) selected)
      at = i;
  if (at < 0 || at + direction < 0 || at + direction >= (int) stack->len)
    return;
  target = rdt_scenario_find_unit_index (scenario,
                                         ((RdtUnit *) g_ptr_array_index (stack, at + direction))->id);
  command = rdt_unit_command_new_restack (selected->id, target);
  _rdt_window_execute (self, command);
}

static void
win_unit_raise (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  restack (RDT_WINDOW (user_data), +1);
}

static void
win_unit_lower (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  restack (RDT_WINDOW (user_data), -1);
}

static void
win_area_add (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
  g_autofree char *id = NULL;
  g_autoptr(RdtCommand) command = NULL;
  GString *slug;

  if (self->document == NULL || name == NULL || *name == '\0')
    {
      gtk_label_set_text (self->status_label, _("Type the area’s name first."));
      return;
    }
  slug = g_string_new (NULL);
  for (const char *p = name; *p != '\0'; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (slug, g_ascii_tolower (*p));
      else if (slug->len > 0 && slug->str[slug->len - 1] != '-')
        g_string_append_c (slug, '-');
    }
  if (slug->len == 0)
    g_string_append (slug, "area");
  id = g_string_free (slug, FALSE);
  if (rdt_scenario_find_area (rdt_document_get_scenario (self->document), id) != NULL)
    {
      gtk_label_set_text (self->status_label, _("An area of that name exists: paint it with the area tool."));
      return;
    }
  command = rdt_area_command_new_add (id, name);
  _rdt_window_execute (self, command);
  _rdt_window_refresh_tool_options (self);
  {
    RdtScenario *scenario = rdt_document_get_scenario (self->document);

    for (guint i = 0; i < rdt_scenario_get_n_areas (scenario); i++)
      if (g_strcmp0 (rdt_scenario_get_area (scenario, i)->id, id) == 0)
        gtk_drop_down_set_selected (self->area_dropdown, i);
  }
}

static void
win_area_rename (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  const char *id = _rdt_window_chosen_area_id (self);
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
  g_autoptr(RdtCommand) command = NULL;

  if (id == NULL || name == NULL || *name == '\0')
    {
      gtk_label_set_text (self->status_label, _("Choose the area, then type its new name."));
      return;
    }
  command = rdt_area_command_new_rename (id, name);
  _rdt_window_execute (self, command);
  _rdt_window_refresh_tool_options (self);
}

static void
win_area_delete (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  const char *id = _rdt_window_chosen_area_id (self);
  g_autoptr(RdtCommand) command = NULL;

  if (id == NULL)
    return;
  command = rdt_area_command_new_remove (id);
  _rdt_window_execute (self, command);
  _rdt_window_refresh_tool_options (self);
}

/* Underlay. */

static void
underlay_response (GtkNativeDialog *dialog,
                   int              response,
                   RdtWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->document != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      const char *doc_path = rdt_document_get_path (self->document);
      const RdtUnderlay *now = rdt_scenario_get_underlay (rdt_document_get_scenario (self->document));
      RdtUnderlay underlay = { 0, };
      g_autofree char *href = NULL;
      g_autoptr(RdtCommand) command = NULL;

      /* A file reference stays inside the scenario's folder (issue 11;
       * docs/format.md, "File references"): the image is stored relative
       * to the scenario, and must be in its folder. */
      if (doc_path == NULL)
        {
          _rdt_window_show_message (self, GTK_MESSAGE_WARNING,
                                    _("Save the scenario first, then load the scan from the "
                                      "scenario’s folder: the underlay is stored as a path "
                                      "relative to that folder."));
          g_object_unref (dialog);
          return;
        }
      {
        g_autofree char *dir = g_path_get_dirname (doc_path);
        g_autoptr(GFile) base = g_file_new_for_path (dir);

        href = g_file_get_relative_path (base, file);
        if (href == NULL)
          {
            g_autofree char *shown = g_filename_display_name (path != NULL ? path : "");
            g_autofree char *folder = g_filename_display_name (dir);
            g_autofree char *text = g_strdup_printf (_("“%s” is not in the scenario’s folder “%s”. "
                                                       "Copy the scan into that folder and load it "
                                                       "from there: a scenario refers only to files "
                                                       "inside its folder."),
                                                     shown, folder);

            _rdt_window_show_message (self, GTK_MESSAGE_WARNING, text);
            g_object_unref (dialog);
            return;
          }
      }
      if (now != NULL && now->present)
        underlay = *now;
      else
        {
          underlay.hex_size = 40;
          underlay.origin_x = 40;
          underlay.origin_y = 40;
        }
      underlay.present = TRUE;
      underlay.href = href;
      g_clear_object (&self->underlay_texture);
      command = rdt_map_command_new_underlay (&underlay, _("Load Underlay"));
      _rdt_window_execute (self, command);
      gtk_label_set_text (self->status_label,
                          _("Underlay loaded. Calibrate it with the calibration tool: click three hex centres."));
    }
  g_object_unref (dialog);
}

static void
win_load_underlay (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  GtkFileChooserNative *dialog;
  GtkFileFilter *filter = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (_("Load Map Scan"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Load"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("PNG and JPEG Images"));
  gtk_file_filter_add_mime_type (filter, "image/png");
  gtk_file_filter_add_mime_type (filter, "image/jpeg");
  gtk_file_filter_add_pattern (filter, "*.png");
  gtk_file_filter_add_pattern (filter, "*.jpg");
  gtk_file_filter_add_pattern (filter, "*.jpeg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (underlay_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
win_remove_underlay (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  g_autoptr(RdtCommand) command = NULL;

  if (self->document == NULL)
    return;
  command = rdt_map_command_new_underlay (NULL, NULL);
  _rdt_window_execute (self, command);
  g_clear_object (&self->underlay_texture);
}

/* Export and print. */

static void
export_response (GtkNativeDialog *dialog,
                 int              response,
                 RdtWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      const char *part = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "part");

      _rdt_window_export (self, path, g_strcmp0 (part, "visible") == 0, &error);
      if (error != NULL)
        _rdt_window_report_error (self, _("Cannot export"), error);
      else
        gtk_label_set_text (self->status_label, _("Map exported."));
    }
  g_object_unref (dialog);
}

/* Map Legend: what the hexside, area and overlay styles mean (issue 16). */
static void
win_legend (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  GtkWidget *window, *scrolled;

  if (self->document == NULL)
    return;
  window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), _("Map Legend"));
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), 460, 640);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled),
                                 rdt_legend_new (rdt_document_get_scenario (self->document)));
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  g_object_set_data (G_OBJECT (self), "rdt-legend-window", window);
  gtk_window_present (GTK_WINDOW (window));
}

/* Fit Map (Ctrl+9 anywhere in the window): the whole map in view (issue 16). */
static void
win_zoom_fit (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);

  if (self->document != NULL && self->map != NULL)
    rdt_map_view_zoom_fit (RDT_MAP_VIEW (self->map));
}

static void
win_export (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  GtkFileChooserNative *dialog;
  g_autofree char *name = NULL;
  g_autofree char *base = NULL;
  GtkFileFilter *filter = gtk_file_filter_new ();

  if (self->document == NULL)
    return;
  dialog = gtk_file_chooser_native_new (_("Export Map"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("PNG, SVG or PDF"));
  gtk_file_filter_add_pattern (filter, "*.png");
  gtk_file_filter_add_pattern (filter, "*.svg");
  gtk_file_filter_add_pattern (filter, "*.pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  base = rdt_document_dup_display_name (self->document);
  if (g_str_has_suffix (base, ".redoubt"))
    base[strlen (base) - strlen (".redoubt")] = '\0';
  name = g_strdup_printf ("%s.png", base);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  {
    const char *ids[] = { "whole", "visible", NULL };
    const char *labels[] = { _("The whole map"), _("The visible part"), NULL };

    gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "part", _("Export"), ids, labels);
    gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "part", "whole");
  }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
win_print (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  _rdt_window_print (RDT_WINDOW (user_data));
}

static const GActionEntry win_actions[] = {
  { .name = "new", .activate = win_new, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "open", .activate = win_open, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "open-recent", .activate = win_open_recent, .parameter_type = "s", .state = NULL, .change_state = NULL },
  { .name = "import-vassal", .activate = win_import_vassal, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "save", .activate = win_save, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "save-as", .activate = win_save_as, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "revert", .activate = win_revert, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "close", .activate = win_close, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "undo", .activate = win_undo, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "redo", .activate = win_redo, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "tool", .activate = win_tool, .parameter_type = "s", .state = "'select'", .change_state = NULL },
  { .name = "terrain", .activate = win_terrain, .parameter_type = "s", .state = NULL, .change_state = NULL },
  { .name = "hexside-feature", .activate = win_hexside_feature, .parameter_type = "s", .state = NULL, .change_state = NULL },
  { .name = "flip-hexside", .activate = win_flip_hexside, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "grid-settings", .activate = win_grid_settings, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "load-underlay", .activate = win_load_underlay, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "cut-countersheet", .activate = _rdt_window_cut_countersheet, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "remove-underlay", .activate = win_remove_underlay, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "export", .activate = win_export, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "legend", .activate = win_legend, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "zoom-fit", .activate = win_zoom_fit, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "print", .activate = win_print, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "unit-add", .activate = win_unit_add, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "unit-edit", .activate = win_unit_edit, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "unit-duplicate", .activate = win_unit_duplicate, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "unit-delete", .activate = win_unit_delete, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "unit-flip", .activate = win_unit_flip, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "unit-unplace", .activate = win_unit_unplace, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "unit-status", .activate = win_unit_status, .parameter_type = "s", .state = NULL, .change_state = NULL },
  { .name = "unit-raise", .activate = win_unit_raise, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "unit-lower", .activate = win_unit_lower, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "area-rename", .activate = win_area_rename, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "area-delete", .activate = win_area_delete, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "area-add", .activate = win_area_add, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  /* Writes the recovery file now instead of at the next minute (tests). */
  { .name = "autosave-now", .activate = win_autosave_now, .parameter_type = NULL, .state = NULL, .change_state = NULL },
};

static void
set_enabled (RdtWindow  *self,
             const char *name,
             gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GDateTime *ma = gtk_recent_info_get_modified ((GtkRecentInfo *) a);
  GDateTime *mb = gtk_recent_info_get_modified ((GtkRecentInfo *) b);

  /* Newest first. */
  return ma && mb ? g_date_time_compare (mb, ma) : 0;
}

/* "name (folder)": two files of the same name in different folders are told
 * apart (issue 16); the home folder is written "~". */
char *
_rdt_window_recent_label (const char *uri)
{
  g_autoptr(GFile) file = g_file_new_for_uri (uri);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *path = parent ? g_file_get_path (parent) : NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *display_name = g_filename_display_name (name ? name : uri);
  g_autofree char *folder = NULL;
  const char *home = g_get_home_dir ();
  gsize home_len = strlen (home);

  if (path == NULL)
    return g_steal_pointer (&display_name);
  folder = g_filename_display_name (path);
  if (home_len > 1 && g_str_has_prefix (folder, home)
      && (folder[home_len] == '\0' || folder[home_len] == G_DIR_SEPARATOR))
    {
      char *tilde = g_strconcat ("~", folder + home_len, NULL);

      g_free (folder);
      folder = tilde;
    }
  /* Translators: a recent file's name, then the folder it is in. */
  return g_strdup_printf (_("%s (%s)"), display_name, folder);
}

static void
refresh_recent (RdtWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint n = 0;

  items = g_list_sort (items, compare_recent);
  g_menu_remove_all (self->recent_section);
  for (GList *l = items; l != NULL && n < 10; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autoptr(GMenuItem) item = NULL;
      g_autofree char *label = NULL;

      if (!g_str_has_suffix (uri, ".redoubt") || !gtk_recent_info_exists (info))
        continue;
      label = _rdt_window_recent_label (uri);
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s", uri);
      g_menu_append_item (self->recent_section, item);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

static void
on_recent_changed (GtkRecentManager *manager,
                   RdtWindow        *self)
{
  refresh_recent (self);
}

void
_rdt_window_install_actions (RdtWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions,
                                   G_N_ELEMENTS (win_actions), self);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (on_recent_changed), self, 0);
  refresh_recent (self);
}

/* The one place that decides which actions can run now. */
void
_rdt_window_update_actions (RdtWindow *self)
{
  gboolean has_doc = self->document != NULL;
  RdtUndoStack *stack = has_doc ? rdt_document_get_undo_stack (self->document) : NULL;
  gboolean has_path = has_doc && rdt_document_get_path (self->document) != NULL;
  gboolean unit = has_doc && self->selection == RDT_SELECTION_UNIT && self->selected_id != NULL;
  g_autofree char *undo_label = NULL;
  g_autofree char *redo_label = NULL;

  set_enabled (self, "save", has_doc);
  set_enabled (self, "save-as", has_doc);
  set_enabled (self, "revert", has_path && rdt_document_get_dirty (self->document));
  set_enabled (self, "undo", stack != NULL && rdt_undo_stack_can_undo (stack));
  set_enabled (self, "redo", stack != NULL && rdt_undo_stack_can_redo (stack));
  set_enabled (self, "grid-settings", has_doc);
  set_enabled (self, "load-underlay", has_doc);
  set_enabled (self, "remove-underlay", has_doc);
  set_enabled (self, "cut-countersheet", has_doc);
  set_enabled (self, "export", has_doc);
  set_enabled (self, "zoom-fit", has_doc);
  set_enabled (self, "legend", has_doc);
  set_enabled (self, "print", has_doc);
  set_enabled (self, "unit-add", has_doc);
  set_enabled (self, "unit-duplicate", unit);
  set_enabled (self, "unit-edit", unit);
  set_enabled (self, "unit-delete", unit);
  set_enabled (self, "unit-flip", unit);
  set_enabled (self, "unit-unplace", unit);
  set_enabled (self, "unit-status", unit);
  set_enabled (self, "unit-raise", unit);
  set_enabled (self, "unit-lower", unit);
  set_enabled (self, "area-add", has_doc);
  set_enabled (self, "area-rename", has_doc);
  set_enabled (self, "area-delete", has_doc);
  set_enabled (self, "flip-hexside", has_doc && self->has_last_side);

  if (stack != NULL)
    {
      undo_label = rdt_undo_stack_dup_undo_label (stack);
      redo_label = rdt_undo_stack_dup_redo_label (stack);
    }
  {
    g_autofree char *undo_tip = undo_label ? g_strdup_printf (_("Undo %s (Ctrl+Z)"), undo_label)
                                           : g_strdup (_("Undo (Ctrl+Z)"));
    g_autofree char *redo_tip = redo_label ? g_strdup_printf (_("Redo %s (Shift+Ctrl+Z)"), redo_label)
                                           : g_strdup (_("Redo (Shift+Ctrl+Z)"));
    gtk_widget_set_tooltip_text (self->undo_button, undo_tip);
    gtk_widget_set_tooltip_text (self->redo_button, redo_tip);
  }
  _rdt_window_play_update_actions (self);
}
