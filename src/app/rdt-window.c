#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rdt-diagnostic.h"
#include "rdt-gridless-io.h"
#include "rdt-gridless-view.h"
#include "rdt-import-vassal.h"
#include "rdt-ruling-panel.h"
#include "rdt-scenario-io.h"
#include "rdt-terrain-command.h"
#include "rdt-validate.h"
#include "rdt-window-private.h"

G_DEFINE_FINAL_TYPE (RdtWindow, rdt_window, GTK_TYPE_APPLICATION_WINDOW)

/* How long the document must rest before validation runs again. */
#define VALIDATE_DELAY_MS 250
/* At most this many findings are listed (the count is always exact). */
#define MAX_FINDINGS 300

typedef enum {
  ASK_NONE,
  ASK_RECOVERY,
  ASK_DISK_CHANGED,
} AskKind;

enum {
  RESPONSE_RESTORE = 1,
  RESPONSE_DISCARD,
  RESPONSE_RELOAD,
  RESPONSE_KEEP,
};

static void update_title (RdtWindow *self);
static void schedule_validation (RdtWindow *self);
static void watch_file (RdtWindow *self);

/* Messages and questions in the info bar. */

static AskKind
get_ask_kind (RdtWindow *self)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (self->info_bar), "ask-kind"));
}

static void
clear_info_bar_buttons (RdtWindow *self)
{
  GPtrArray *buttons = g_object_get_data (G_OBJECT (self->info_bar), "buttons");

  if (buttons != NULL)
    for (guint i = 0; i < buttons->len; i++)
      gtk_info_bar_remove_action_widget (self->info_bar, g_ptr_array_index (buttons, i));
  g_object_set_data_full (G_OBJECT (self->info_bar), "buttons",
                          g_ptr_array_new (), (GDestroyNotify) g_ptr_array_unref);
}

static void
add_info_button (RdtWindow  *self,
                 const char *label,
                 int         response)
{
  GPtrArray *buttons = g_object_get_data (G_OBJECT (self->info_bar), "buttons");
  GtkWidget *button = gtk_info_bar_add_button (self->info_bar, label, response);

  g_ptr_array_add (buttons, button);
}

void
_rdt_window_add_info_button (RdtWindow  *self,
                             const char *label,
                             int         response)
{
  add_info_button (self, label, response);
}

void
_rdt_window_show_message (RdtWindow      *self,
                          GtkMessageType  type,
                          const char     *message)
{
  if (get_ask_kind (self) != ASK_NONE)
    {
      /* A question is pending; show the message in the status line instead. */
      gtk_label_set_text (self->status_label, message);
      return;
    }
  clear_info_bar_buttons (self);
  self->drop_warning_shown = FALSE;
  gtk_info_bar_set_message_type (self->info_bar, type);
  gtk_label_set_text (self->info_label, message);
  gtk_info_bar_set_revealed (self->info_bar, TRUE);
}

static void
ask (RdtWindow   *self,
     AskKind      kind,
     const char  *question)
{
  clear_info_bar_buttons (self);
  self->drop_warning_shown = FALSE;
  g_object_set_data (G_OBJECT (self->info_bar), "ask-kind", GINT_TO_POINTER (kind));
  gtk_info_bar_set_message_type (self->info_bar, GTK_MESSAGE_QUESTION);
  gtk_label_set_text (self->info_label, question);
  gtk_info_bar_set_revealed (self->info_bar, TRUE);
}

/* Issue 11: the file holds what the model could not keep.  Says so as soon
 * as it opens (before the description: this matters more), and that the
 * file stays as it is until the user agrees to drop it. */
static gboolean
show_drop_warning (RdtWindow *self)
{
  GPtrArray *dropped;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (self->document == NULL)
    return FALSE;
  dropped = rdt_document_get_dropped (self->document);
  if (dropped->len == 0)
    return FALSE;
  name = g_filename_display_basename (rdt_document_get_dropped_path (self->document));
  text = g_strdup_printf (ngettext ("“%s” holds %u item the editor cannot keep (listed under Validation). "
                                    "The file stays as it is: saving over it asks first, and Save As writes a copy.",
                                    "“%s” holds %u items the editor cannot keep (listed under Validation). "
                                    "The file stays as it is: saving over it asks first, and Save As writes a copy.",
                                    dropped->len),
                          name, dropped->len);
  /* While a question is pending this goes to the status line. */
  _rdt_window_show_message (self, GTK_MESSAGE_WARNING, text);
  self->drop_warning_shown = get_ask_kind (self) == ASK_NONE;
  return TRUE;
}

void
_rdt_window_report_error (RdtWindow    *self,
                          const char   *what,
                          const GError *error)
{
  g_autofree char *text = g_strdup_printf ("%s: %s", what, error->message);

  _rdt_window_show_message (self, GTK_MESSAGE_ERROR, text);
}

/* The document. */

RdtDocument *
rdt_window_get_document (RdtWindow *self)
{
  g_return_val_if_fail (RDT_IS_WINDOW (self), NULL);
  return self->document;
}

static void
on_scenario_changed (RdtScenario *scenario,
                     gpointer     change,
                     RdtWindow   *self)
{
  const RdtChange *what = change;

  self->autosaved_current = FALSE;
  schedule_validation (self);
  _rdt_window_update_inspector (self);
  if (what != NULL && what->kind == RDT_CHANGE_AREA)
    _rdt_window_refresh_tool_options (self);
  if (self->map != NULL)
    gtk_widget_queue_draw (self->map);
}

static void
watch_scenario (RdtWindow *self)
{
  RdtScenario *scenario = self->document ? rdt_document_get_scenario (self->document) : NULL;

  _rdt_window_units_follow (self);
  _rdt_window_map_follow (self);
  if (self->watched_scenario == scenario)
    return;
  if (self->watched_scenario != NULL)
    {
      g_clear_signal_handler (&self->scenario_changed_id, self->watched_scenario);
      g_clear_object (&self->watched_scenario);
    }
  if (scenario == NULL)
    return;
  self->watched_scenario = g_object_ref (scenario);
  /* Every detail: terrain, hexside, unit, area, location, entry, grid... */
  self->scenario_changed_id = g_signal_connect (scenario, "changed",
                                                G_CALLBACK (on_scenario_changed), self);
}

static void
on_document_notify (RdtDocument *document,
                    GParamSpec  *pspec,
                    RdtWindow   *self)
{
  if (g_strcmp0 (pspec->name, "scenario") == 0)
    {
      watch_scenario (self);
      _rdt_window_refresh_tool_options (self);
      _rdt_window_refresh_units (self);
      schedule_validation (self);
      if (self->map != NULL)
        gtk_widget_queue_draw (self->map);
    }
  if (g_strcmp0 (pspec->name, "path") == 0)
    watch_file (self);
  if (!rdt_document_get_dirty (document) && self->recovery_id != NULL)
    {
      /* Saved or reverted: nothing left to recover. */
      rdt_recovery_remove (self->recovery_id);
      self->autosaved_current = FALSE;
    }
  update_title (self);
  _rdt_window_update_actions (self);
}

static void
on_undo_stack_changed (RdtUndoStack *stack,
                       RdtWindow    *self)
{
  _rdt_window_update_actions (self);
}

void
_rdt_window_set_document (RdtWindow   *self,
                          RdtDocument *document)
{
  if (self->document == document)
    return;
  /* Issue 13: another scenario ends the game being played. */
  _rdt_window_play_stop (self);
  if (self->stroke != NULL)
    g_clear_object (&self->stroke);
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->document, self);
      g_signal_handlers_disconnect_by_data (rdt_document_get_undo_stack (self->document), self);
      if (self->recovery_id != NULL)
        rdt_recovery_remove (self->recovery_id);
    }
  g_set_object (&self->document, document);
  g_clear_pointer (&self->recovery_id, g_free);
  self->autosaved_current = FALSE;
  self->selection = RDT_SELECTION_NONE;
  g_clear_pointer (&self->selected_id, g_free);
  self->has_last_side = FALSE;
  self->n_calibration = 0;
  _rdt_window_stop_underlay (self);
  g_clear_object (&self->underlay_texture);

  if (document != NULL)
    {
      g_signal_connect (document, "notify", G_CALLBACK (on_document_notify), self);
      g_signal_connect (rdt_document_get_undo_stack (document), "changed",
                        G_CALLBACK (on_undo_stack_changed), self);
    }
  watch_scenario (self);
  watch_file (self);
  _rdt_window_refresh_tool_options (self);
  _rdt_window_refresh_units (self);
  _rdt_window_update_inspector (self);
  update_title (self);
  _rdt_window_update_actions (self);
  if (self->map != NULL)
    gtk_widget_queue_draw (self->map);
  _rdt_window_validate_now (self);
}

static void
update_title (RdtWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  const char *path;

  gtk_widget_set_visible (self->empty_page, self->document == NULL);
  if (self->map != NULL)
    gtk_widget_set_visible (self->map, self->document != NULL);

  if (self->document == NULL)
    {
      gtk_label_set_text (self->title_label, _("Redoubt"));
      gtk_label_set_text (self->subtitle_label, _("No map open"));
      gtk_window_set_title (GTK_WINDOW (self), _("Redoubt"));
      return;
    }
  name = rdt_document_dup_display_name (self->document);
  /* The bullet marks unsaved changes, as GNOME applications do. */
  if (rdt_document_get_dirty (self->document))
    title = g_strdup_printf ("• %s", name);
  else
    title = g_strdup (name);
  gtk_label_set_text (self->title_label, title);
  path = rdt_document_get_path (self->document);
  if (path != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (path);
      g_autofree char *display = g_filename_display_name (dir);
      const char *home = g_get_home_dir ();

      if (g_str_has_prefix (display, home))
        {
          g_autofree char *tilde = g_strconcat ("~", display + strlen (home), NULL);
          gtk_label_set_text (self->subtitle_label, tilde);
        }
      else
        gtk_label_set_text (self->subtitle_label, display);
    }
  else
    gtk_label_set_text (self->subtitle_label, _("Not saved yet"));

  {
    g_autofree char *window_title = g_strdup_printf ("%s — %s", title, _("Redoubt"));
    gtk_window_set_title (GTK_WINDOW (self), window_title);
  }
}

/* Opening, saving, recent files. */

static void
add_recent (RdtWindow  *self,
            const char *path)
{
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);

  if (uri != NULL)
    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

/* For the crash-recovery test: REDOUBT_TEST_EDIT_AND_AUTOSAVE=HEX=TERRAIN
 * paints one hex as an undoable edit and autosaves at once, so the test can
 * kill the process with unsaved work without waiting a minute. */
static void
test_edit_and_autosave (RdtWindow *self)
{
  const char *spec = g_getenv ("REDOUBT_TEST_EDIT_AND_AUTOSAVE");
  g_auto(GStrv) parts = NULL;
  RdtScenario *scenario;
  RdtHex hex;
  int terrain;
  g_autoptr(RdtCommand) command = NULL;

  if (spec == NULL)
    return;
  parts = g_strsplit (spec, "=", 2);
  scenario = rdt_document_get_scenario (self->document);
  if (g_strv_length (parts) != 2
      || !rdt_hex_grid_parse_label (rdt_scenario_get_grid (scenario), parts[0], &hex, NULL)
      || (terrain = rdt_volume_find_terrain (rdt_scenario_get_volume (scenario), parts[1])) < 0)
    {
      g_warning ("REDOUBT_TEST_EDIT_AND_AUTOSAVE: expected HEX=TERRAIN, got “%s”", spec);
      return;
    }
  command = rdt_terrain_command_new (terrain);
  rdt_terrain_command_add_hex (RDT_TERRAIN_COMMAND (command), hex);
  _rdt_window_execute (self, command);
  _rdt_window_autosave_now (self);
}

gboolean
rdt_window_open_file (RdtWindow *self,
                      GFile     *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(RdtDocument) document = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (RDT_IS_WINDOW (self), FALSE);

  if (path == NULL)
    {
      _rdt_window_show_message (self, GTK_MESSAGE_ERROR, _("Only local files can be opened."));
      return FALSE;
    }
  /* A VASSAL module (issue 17), dropped or given on the command line: the
   * import asks where to write the scenario, as File > Import does. */
  if (rdt_import_vassal_is_module_name (file))
    {
      rdt_window_import_vassal_module (self, file);
      return TRUE;
    }
  /* A Pub Battles gridless scenario (issue 18): a window of its own. */
  if (rdt_gridless_view_is_gridless_file (path))
    {
      RdtGridless *gridless = rdt_gridless_load_from_file (path, diagnostics, &error);

      if (gridless == NULL || rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) > 0)
        {
          g_autofree char *what = g_strdup_printf (_("Cannot open “%s”"), path);
          g_autofree char *first = diagnostics->len > 0
                                     ? rdt_diagnostic_to_string (g_ptr_array_index (diagnostics, 0)) : NULL;
          g_autoptr(GError) full = g_error_new (RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_MALFORMED, "%s%s%s",
                                                error != NULL ? error->message : _("the file has errors"),
                                                first != NULL ? "\n" : "", first != NULL ? first : "");
          if (gridless != NULL)
            rdt_gridless_free (gridless);
          _rdt_window_report_error (self, what, full);
          return FALSE;
        }
      gtk_window_present (rdt_gridless_view_new (gtk_window_get_application (GTK_WINDOW (self)), gridless, path));
      add_recent (self, path);
      return TRUE;
    }
  document = rdt_document_new_from_file (path, diagnostics, &error);
  if (document == NULL)
    {
      g_autofree char *what = g_strdup_printf (_("Cannot open “%s”"), path);
      GString *text = g_string_new (NULL);

      /* The loader's findings say where the file is wrong. */
      for (guint i = 0; i < diagnostics->len && i < 5; i++)
        {
          g_autofree char *line = rdt_diagnostic_to_string (g_ptr_array_index (diagnostics, i));
          g_string_append_printf (text, "\n%s", line);
        }
      {
        g_autoptr(GError) full = g_error_new (error->domain, error->code, "%s%s",
                                              error->message, text->str);
        _rdt_window_report_error (self, what, full);
      }
      g_string_free (text, TRUE);
      return FALSE;
    }
  _rdt_window_set_document (self, document);
  add_recent (self, path);
  gtk_info_bar_set_revealed (self->info_bar, get_ask_kind (self) != ASK_NONE);
  /* The scenario's notes are over the map (rdt-window-map.c). */
  show_drop_warning (self);
  test_edit_and_autosave (self);
  return TRUE;
}

static void save_as_full (RdtWindow *self,
                          gboolean   close_after);

/* Closes the window once the question dialog is gone (the dialog still
 * refers to its parent while its response is being emitted). */
static gboolean
close_later (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

static void
on_drop_response (GtkDialog *dialog,
                  int        response,
                  RdtWindow *self)
{
  gboolean overwrite = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "overwrite"));
  gboolean close_after = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "close-after"));
  g_autofree char *save_as_path = g_strdup (g_object_get_data (G_OBJECT (dialog), "save-as-path"));
  g_autoptr(GError) error = NULL;

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (self->document == NULL)
    return;
  switch (response)
    {
    case RDT_WINDOW_RESPONSE_SAVE_AS:
      save_as_full (self, close_after);
      break;
    case RDT_WINDOW_RESPONSE_DROP_AND_SAVE:
      rdt_document_confirm_drop (self->document);
      if (save_as_path != NULL)
        {
          /* Save As onto the file itself. */
          if (!rdt_document_save_as (self->document, save_as_path, &error))
            _rdt_window_report_error (self, _("Cannot save"), error);
          else
            {
              _rdt_window_show_saved (self);
              _rdt_window_validate_now (self);
              if (close_after)
                g_idle_add_full (G_PRIORITY_DEFAULT, close_later, g_object_ref (self), g_object_unref);
            }
        }
      else if (_rdt_window_save (self, overwrite) && close_after)
        g_idle_add_full (G_PRIORITY_DEFAULT, close_later, g_object_ref (self), g_object_unref);
      break;
    default:
      gtk_label_set_text (self->status_label, _("Not saved."));
      break;
    }
}

/* Issue 11: a save over a file that holds what the model could not keep
 * asks first, naming each item that would be lost; Cancel is the default. */
static void
ask_drop (RdtWindow  *self,
          gboolean    overwrite,
          const char *save_as_path,
          gboolean    close_after)
{
  GPtrArray *dropped = rdt_document_get_dropped (self->document);
  g_autofree char *name = g_filename_display_basename (rdt_document_get_dropped_path (self->document));
  GString *text = g_string_new (NULL);
  GtkWidget *dialog;
  GtkWidget *drop;
  const guint shown = 12;

  g_string_append_printf (text,
                          ngettext ("Saving writes the file without this item, which the editor could not load:",
                                    "Saving writes the file without these %u items, which the editor could not load:",
                                    dropped->len),
                          dropped->len);
  for (guint i = 0; i < dropped->len && i < shown; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (dropped, i);

      g_string_append (text, "\n• ");
      if (d->line > 0)
        /* Translators: a line number of the file and an element name. */
        g_string_append_printf (text, _("line %d, <%s>: "), d->line, d->element != NULL ? d->element : "");
      g_string_append (text, d->message);
    }
  if (dropped->len > shown)
    {
      g_string_append (text, "\n");
      g_string_append_printf (text, ngettext ("…and %u more (all are listed under Validation).",
                                              "…and %u more (all are listed under Validation).",
                                              dropped->len - shown),
                              dropped->len - shown);
    }
  g_string_append (text, "\n\n");
  g_string_append_printf (text,
                          _("Save As writes a copy and leaves “%s” as it is. Drop and Save cannot be undone; "
                            "the original is kept as “%s.bak”."),
                          name, name);
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE,
                                   _("Drop what the editor cannot keep from “%s”?"), name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", text->str);
  g_string_free (text, TRUE);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("Save _As…"), RDT_WINDOW_RESPONSE_SAVE_AS);
  drop = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Drop and Save"), RDT_WINDOW_RESPONSE_DROP_AND_SAVE);
  gtk_widget_add_css_class (drop, "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_object_set_data (G_OBJECT (dialog), "overwrite", GINT_TO_POINTER (overwrite));
  g_object_set_data (G_OBJECT (dialog), "close-after", GINT_TO_POINTER (close_after));
  g_object_set_data_full (G_OBJECT (dialog), "save-as-path", g_strdup (save_as_path), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_drop_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* "Saved.", and what the save cleaned up (issue 11). */
void
_rdt_window_show_saved (RdtWindow *self)
{
  const char * const *removed = rdt_document_get_removed_temporaries (self->document);
  guint n = g_strv_length ((char **) removed);
  g_autofree char *names = NULL;
  g_autofree char *text = NULL;

  if (rdt_document_get_backup_kept (self->document))
    {
      g_autofree char *name = g_filename_display_basename (rdt_document_get_path (self->document));
      g_autofree char *kept = g_strdup_printf (_("Saved. “%s.bak” was left as it is: it holds what an earlier save dropped."),
                                               name);
      gtk_label_set_text (self->status_label, kept);
      return;
    }
  if (n == 0)
    {
      gtk_label_set_text (self->status_label, _("Saved."));
      return;
    }
  names = g_strjoinv (", ", (char **) removed);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Saved. Removed %u temporary file left by an interrupted save: %s",
                                       "Saved. Removed %u temporary files left by interrupted saves: %s", n),
                          n, names);
  gtk_label_set_text (self->status_label, text);
}

gboolean
_rdt_window_save (RdtWindow *self,
                  gboolean   overwrite)
{
  g_autoptr(GError) error = NULL;

  if (self->document == NULL)
    return FALSE;
  if (rdt_document_get_path (self->document) == NULL)
    {
      _rdt_window_save_as (self);
      return FALSE;
    }
  if (!rdt_document_save (self->document, overwrite, &error))
    {
      if (g_error_matches (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_WOULD_DROP))
        {
          ask_drop (self, overwrite, NULL, self->saving_to_close);
          return FALSE;
        }
      if (g_error_matches (error, RDT_FILE_ERROR, RDT_FILE_ERROR_CHANGED_ON_DISK))
        {
          self->asking_disk_change = TRUE;
          ask (self, ASK_DISK_CHANGED,
               _("The file was changed by another program since you opened it. Reload it and lose your changes, or overwrite it with your version?"));
          add_info_button (self, _("_Reload"), RESPONSE_RELOAD);
          add_info_button (self, _("_Overwrite"), RESPONSE_KEEP);
          return FALSE;
        }
      _rdt_window_report_error (self, _("Cannot save"), error);
      return FALSE;
    }
  add_recent (self, rdt_document_get_path (self->document));
  _rdt_window_show_saved (self);
  if (self->drop_warning_shown && rdt_document_get_dropped (self->document)->len == 0)
    {
      self->drop_warning_shown = FALSE;
      gtk_info_bar_set_revealed (self->info_bar, FALSE);
    }
  _rdt_window_validate_now (self);
  return TRUE;
}

static void
on_save_as_response (GtkNativeDialog *dialog,
                     int              response,
                     RdtWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      if (path != NULL && !g_str_has_suffix (path, ".redoubt"))
        {
          char *with_suffix = g_strconcat (path, ".redoubt", NULL);
          g_free (path);
          path = with_suffix;
        }
      if (path != NULL && !rdt_document_save_as (self->document, path, &error) &&
          g_error_matches (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_WOULD_DROP))
        /* Issue 11: Save As onto the file that holds what would be dropped. */
        ask_drop (self, TRUE, path, g_object_get_data (G_OBJECT (dialog), "close-after") != NULL);
      else if (path == NULL || error != NULL)
        _rdt_window_report_error (self, _("Cannot save"), error);
      else
        {
          const char * const *carried = rdt_document_get_carried_files (self->document);

          add_recent (self, path);
          _rdt_window_show_saved (self);
          /* Issue 16: the underlay and art the file refers to came along. */
          if (carried[0] != NULL)
            {
              guint n = g_strv_length ((char **) carried);
              g_autofree char *names = g_strjoinv (", ", (char **) carried);
              g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                    "Saved. Copied %u file the scenario refers to into the new folder: %s",
                                                                    "Saved. Copied %u files the scenario refers to into the new folder: %s",
                                                                    n),
                                                       n, names);

              gtk_label_set_text (self->status_label, text);
            }
          if (g_object_get_data (G_OBJECT (dialog), "close-after"))
            gtk_window_close (GTK_WINDOW (self));
        }
    }
  g_object_unref (dialog);
}

static GtkFileFilter *
scenario_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Redoubt Scenarios"));
  gtk_file_filter_add_pattern (filter, "*.redoubt");
  gtk_file_filter_add_mime_type (filter, "application/x-redoubt");
  return filter;
}

static void
save_as_full (RdtWindow *self,
              gboolean   close_after)
{
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = scenario_filter ();
  g_autofree char *name = NULL;

  if (self->document == NULL)
    return;
  dialog = gtk_file_chooser_native_new (_("Save Scenario"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  if (rdt_document_get_path (self->document) != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (rdt_document_get_path (self->document));
      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), file, NULL);
    }
  else
    {
      /* A new map's title (issue 16). */
      name = rdt_document_dup_suggested_file_name (self->document);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
    }
  if (close_after)
    g_object_set_data (G_OBJECT (dialog), "close-after", GINT_TO_POINTER (1));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_save_as_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
_rdt_window_save_as (RdtWindow *self)
{
  save_as_full (self, FALSE);
}

/* Changed on disk. */

static void
on_file_changed (GFileMonitor      *monitor,
                 GFile             *file,
                 GFile             *other,
                 GFileMonitorEvent  event,
                 RdtWindow         *self)
{
  if (event != G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT
      && event != G_FILE_MONITOR_EVENT_DELETED
      && event != G_FILE_MONITOR_EVENT_CREATED
      && event != G_FILE_MONITOR_EVENT_RENAMED
      && event != G_FILE_MONITOR_EVENT_MOVED_IN)
    return;
  if (self->document == NULL || self->asking_disk_change)
    return;
  /* Our own atomic saves change the stamp first, so they compare equal. */
  if (!rdt_document_changed_on_disk (self->document))
    return;
  self->asking_disk_change = TRUE;
  if (rdt_document_get_dirty (self->document))
    ask (self, ASK_DISK_CHANGED,
         _("The file was changed by another program. Reload it and lose your unsaved changes, or keep your version?"));
  else
    ask (self, ASK_DISK_CHANGED,
         _("The file was changed by another program. Reload it?"));
  add_info_button (self, _("_Reload"), RESPONSE_RELOAD);
  add_info_button (self, _("_Keep Mine"), RESPONSE_KEEP);
}

static void
watch_file (RdtWindow *self)
{
  const char *path = self->document ? rdt_document_get_path (self->document) : NULL;
  g_autoptr(GFile) file = NULL;

  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  if (path == NULL)
    return;
  file = g_file_new_for_path (path);
  self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor != NULL)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (on_file_changed), self);
}

/* Recovery. */

gboolean
_rdt_window_autosave_now (RdtWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->document == NULL || !rdt_document_get_dirty (self->document))
    return FALSE;
  if (self->autosaved_current)
    return TRUE;
  if (self->recovery_id == NULL)
    self->recovery_id = rdt_recovery_new_id ();
  if (!rdt_recovery_write (self->recovery_id, rdt_document_get_scenario (self->document),
                           rdt_document_get_path (self->document), &error))
    {
      g_warning ("Autosave failed: %s", error->message);
      return FALSE;
    }
  self->autosaved_current = TRUE;
  return TRUE;
}

static gboolean
on_autosave_timeout (gpointer data)
{
  _rdt_window_autosave_now (RDT_WINDOW (data));
  return G_SOURCE_CONTINUE;
}

static void
restart_autosave (RdtWindow *self)
{
  guint seconds = self->settings ? g_settings_get_uint (self->settings, "autosave-interval") : 60;

  g_clear_handle_id (&self->autosave_timeout, g_source_remove);
  if (seconds > 0)
    self->autosave_timeout = g_timeout_add_seconds (seconds, on_autosave_timeout, self);
}

static void
restore_recovery (RdtWindow              *self,
                  const RdtRecoveryEntry *entry)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_recovery_load (entry, &error);
  g_autoptr(RdtDocument) document = NULL;

  if (scenario == NULL)
    {
      _rdt_window_report_error (self, _("Cannot restore the unsaved work"), error);
      return;
    }
  rdt_scenario_set_path (scenario, entry->original_path);
  /* The stamp of the file on disk is unknown here: saving over it is the
   * user's explicit choice after a restore. */
  document = rdt_document_new (scenario);
  rdt_document_set_modified (document, TRUE);
  /* Issue 11: the restored work may come from a file holding what the model
   * could not keep; saving over it must ask as it would have. */
  if (!rdt_document_check_file (document, &error))
    {
      _rdt_window_report_error (self, _("Cannot read the original file"), error);
      g_clear_error (&error);
    }
  _rdt_window_set_document (self, document);
  /* Adopt the recovery file: it stays until the work is saved. */
  self->recovery_id = g_strdup (entry->id);
  _rdt_window_autosave_now (self);
  gtk_label_set_text (self->status_label, _("Unsaved work restored. Save it to keep it."));
}

void
rdt_window_offer_recovery (RdtWindow              *self,
                           const RdtRecoveryEntry *entry)
{
  RdtRecoveryEntry *copy;
  g_autofree char *question = NULL;
  g_autoptr(GDateTime) when = NULL;
  g_autofree char *time = NULL;
  g_autofree char *name = NULL;

  g_return_if_fail (RDT_IS_WINDOW (self));
  g_return_if_fail (entry != NULL);

  copy = g_new0 (RdtRecoveryEntry, 1);
  copy->id = g_strdup (entry->id);
  copy->data_path = g_strdup (entry->data_path);
  copy->info_path = g_strdup (entry->info_path);
  copy->original_path = g_strdup (entry->original_path);
  copy->saved_at = entry->saved_at;
  g_object_set_data_full (G_OBJECT (self), "recovery-entry", copy,
                          (GDestroyNotify) rdt_recovery_entry_free);

  when = g_date_time_new_from_unix_local (entry->saved_at);
  time = when ? g_date_time_format (when, "%c") : g_strdup ("?");
  name = entry->original_path ? g_filename_display_basename (entry->original_path)
                              : g_strdup (_("Untitled Map"));
  question = g_strdup_printf (_("Redoubt did not close properly. Unsaved work on “%s” from %s was kept. Restore it?"),
                             name, time);
  ask (self, ASK_RECOVERY, question);
  add_info_button (self, _("_Restore"), RESPONSE_RESTORE);
  add_info_button (self, _("_Discard"), RESPONSE_DISCARD);
}

static void
on_info_bar_response (GtkInfoBar *info_bar,
                      int         response,
                      RdtWindow  *self)
{
  AskKind kind = get_ask_kind (self);

  g_object_set_data (G_OBJECT (self->info_bar), "ask-kind", GINT_TO_POINTER (ASK_NONE));
  gtk_info_bar_set_revealed (self->info_bar, FALSE);

  switch (kind)
    {
    case ASK_RECOVERY:
      {
        RdtRecoveryEntry *entry = g_object_get_data (G_OBJECT (self), "recovery-entry");

        if (entry == NULL)
          break;
        if (response == RESPONSE_RESTORE)
          restore_recovery (self, entry);
        else if (response == RESPONSE_DISCARD)
          rdt_recovery_remove (entry->id);
        /* Closing the bar keeps the files for the next start. */
        g_object_set_data (G_OBJECT (self), "recovery-entry", NULL);
      }
      break;

    case ASK_DISK_CHANGED:
      self->asking_disk_change = FALSE;
      if (response == RESPONSE_RELOAD && self->document != NULL)
        {
          g_autoptr(GError) error = NULL;

          if (!rdt_document_reload (self->document, NULL, &error))
            _rdt_window_report_error (self, _("Cannot reload"), error);
          else
            show_drop_warning (self);
        }
      else if (response == RESPONSE_KEEP && self->document != NULL)
        {
          /* Keep this version: the next save overwrites the file. */
          _rdt_window_save (self, TRUE);
        }
      break;

    case ASK_NONE:
    default:
      break;
    }
}

/* Validation. */

static gboolean
diagnostic_target (RdtWindow           *self,
                   const RdtDiagnostic *diagnostic)
{
  RdtScenario *scenario = rdt_document_get_scenario (self->document);
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
  const char *p;

  /* By source line, for findings about what was loaded. */
  if (diagnostic->line > 0)
    {
      g_autoptr(GArray) sides = rdt_scenario_dup_hexsides (scenario);

      for (guint i = 0; i < rdt_scenario_get_n_units (scenario); i++)
        if (rdt_scenario_get_unit (scenario, i)->line == diagnostic->line)
          {
            _rdt_window_select_unit (self, rdt_scenario_get_unit (scenario, i)->id);
            return TRUE;
          }
      for (guint i = 0; i < sides->len; i++)
        if (g_array_index (sides, RdtHexsideFeatures, i).line == diagnostic->line)
          {
            _rdt_window_select_hexside (self, g_array_index (sides, RdtHexsideFeatures, i).side);
            return TRUE;
          }
      for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
        {
          RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);

          if (rdt_scenario_get_hex_line (scenario, hex) == diagnostic->line)
            {
              _rdt_window_select_hex (self, hex);
              return TRUE;
            }
        }
    }
  /* By the unit id the message quotes (in English or French quotes). */
  {
    static const char *const quotes[][2] = { { "“", "”" }, { "« ", " »" }, { "«", "»" } };

    for (gsize q = 0; q < G_N_ELEMENTS (quotes); q++)
      for (p = strstr (diagnostic->message, quotes[q][0]); p != NULL; p = strstr (p + 1, quotes[q][0]))
        {
          const char *start = p + strlen (quotes[q][0]);
          const char *end = strstr (start, quotes[q][1]);
          g_autofree char *word = NULL;

          if (end == NULL)
            break;
          word = g_strndup (start, end - start);
          if (rdt_scenario_find_unit (scenario, word) != NULL)
            {
              _rdt_window_select_unit (self, word);
              return TRUE;
            }
        }
  }
  /* By the hex label it names. */
  for (p = diagnostic->message; *p != '\0'; p++)
    {
      RdtHex hex;
      char label[5];

      if (!g_ascii_isdigit (p[0]) || !g_ascii_isdigit (p[1])
          || !g_ascii_isdigit (p[2]) || !g_ascii_isdigit (p[3])
          || g_ascii_isdigit (p[4]) || (p > diagnostic->message && g_ascii_isdigit (p[-1])))
        continue;
      memcpy (label, p, 4);
      label[4] = '\0';
      if (rdt_hex_grid_parse_label (grid, label, &hex, NULL) && rdt_hex_grid_contains (grid, hex))
        {
          _rdt_window_select_hex (self, hex);
          return TRUE;
        }
    }
  return FALSE;
}

static void
on_validation_row_activated (GtkListBox    *list,
                             GtkListBoxRow *row,
                             RdtWindow     *self)
{
  int index = gtk_list_box_row_get_index (row);

  if (self->document == NULL || self->diagnostics == NULL
      || index < 0 || (guint) index >= self->diagnostics->len)
    return;
  if (!diagnostic_target (self, g_ptr_array_index (self->diagnostics, index)))
    gtk_label_set_text (self->status_label, _("This finding does not name a hex or a counter."));
  else if (self->selection == RDT_SELECTION_HEX || self->selection == RDT_SELECTION_HEXSIDE
           || (self->selection == RDT_SELECTION_UNIT
               && rdt_scenario_find_unit (rdt_document_get_scenario (self->document), self->selected_id) != NULL
               && rdt_scenario_find_unit (rdt_document_get_scenario (self->document), self->selected_id)->placement.kind == RDT_PLACEMENT_HEX))
    _rdt_window_show_hex (self, self->selected_hex);
}

void
_rdt_window_validate_now (RdtWindow *self)
{
  GtkWidget *child;
  guint errors, warnings;
  g_autofree char *title = NULL;

  g_clear_handle_id (&self->validate_idle, g_source_remove);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->validation_list))) != NULL)
    gtk_list_box_remove (self->validation_list, child);
  g_clear_pointer (&self->diagnostics, g_ptr_array_unref);
  if (self->document == NULL)
    {
      gtk_label_set_text (self->validation_title, _("Validation"));
      return;
    }
  {
    g_autoptr(GPtrArray) found = rdt_diagnostics_new ();
    GPtrArray *file_findings = rdt_document_get_file_findings (self->document);
    GPtrArray *dropped = rdt_document_get_dropped (self->document);

    /* Issue 11: what loading found in the file (the model no longer holds
     * what it dropped, so validating the model cannot find it), then what
     * was dropped from another file this was saved from, then the model. */
    for (guint i = 0; i < file_findings->len; i++)
      g_ptr_array_add (found, rdt_diagnostic_copy (g_ptr_array_index (file_findings, i)));
    if (g_strcmp0 (rdt_document_get_dropped_path (self->document),
                   rdt_document_get_path (self->document)) != 0)
      for (guint i = 0; i < dropped->len; i++)
        g_ptr_array_add (found, rdt_diagnostic_copy (g_ptr_array_index (dropped, i)));
    rdt_scenario_validate (rdt_document_get_scenario (self->document), found);
    /* Errors first, then warnings, each in the validator's order; the rows
     * follow this array. */
    self->diagnostics = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_diagnostic_free);
    for (int pass = 0; pass < 2; pass++)
      for (guint i = 0; i < found->len; i++)
        {
          RdtDiagnostic *d = g_ptr_array_index (found, i);

          if ((d->severity == RDT_SEVERITY_ERROR) == (pass == 0))
            g_ptr_array_add (self->diagnostics, rdt_diagnostic_copy (d));
        }
  }
  errors = rdt_diagnostics_count (self->diagnostics, RDT_SEVERITY_ERROR);
  warnings = rdt_diagnostics_count (self->diagnostics, RDT_SEVERITY_WARNING);
  _rdt_window_fold_provisional (self);
  for (guint i = 0; i < self->diagnostics->len && i < MAX_FINDINGS; i++)
    {
      RdtDiagnostic *d = g_ptr_array_index (self->diagnostics, i);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *message = _rdt_window_finding_label (self, d);
      GtkWidget *kind = gtk_label_new (NULL);
      g_autofree char *head = NULL;

      head = g_strdup_printf ("%s%s%s%s%s",
                              d->severity == RDT_SEVERITY_ERROR ? _("Error") : _("Warning"),
                              d->element ? " · " : "", d->element ? d->element : "",
                              d->dropped ? " · " : "",
                              /* Translators: in the validation panel, a finding about
                               * content of the file the editor could not load. */
                              d->dropped ? _("not kept: saving drops it") : "");
      gtk_label_set_text (GTK_LABEL (kind), head);
      gtk_widget_add_css_class (kind, d->severity == RDT_SEVERITY_ERROR
                                      ? "validation-error" : "validation-warning");
      gtk_widget_add_css_class (kind, "caption-heading");
      gtk_label_set_xalign (GTK_LABEL (kind), 0);
      gtk_label_set_xalign (GTK_LABEL (message), 0);
      gtk_label_set_wrap (GTK_LABEL (message), TRUE);
      gtk_box_append (GTK_BOX (box), kind);
      gtk_box_append (GTK_BOX (box), message);
      if (d->hint != NULL)
        {
          GtkWidget *hint = gtk_label_new (d->hint);

          gtk_label_set_xalign (GTK_LABEL (hint), 0);
          gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
          gtk_widget_add_css_class (hint, "dim-label");
          gtk_box_append (GTK_BOX (box), hint);
        }
      gtk_widget_set_margin_start (box, 6);
      gtk_widget_set_margin_end (box, 6);
      gtk_widget_set_margin_top (box, 4);
      gtk_widget_set_margin_bottom (box, 4);
      gtk_list_box_append (self->validation_list, box);
    }
  if (errors == 0 && warnings == 0)
    title = g_strdup (_("Validation: no problems"));
  else
    {
      g_autofree char *e = g_strdup_printf (ngettext ("%u error", "%u errors", errors), errors);
      g_autofree char *w = g_strdup_printf (ngettext ("%u warning", "%u warnings", warnings), warnings);

      /* Translators: "Validation: 1 error, 15 warnings". */
      title = g_strdup_printf (_("Validation: %s, %s"), e, w);
    }
  gtk_label_set_text (self->validation_title, title);
}

static gboolean
on_validate_timeout (gpointer data)
{
  RdtWindow *self = RDT_WINDOW (data);

  self->validate_idle = 0;
  _rdt_window_validate_now (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_validation (RdtWindow *self)
{
  if (self->settings != NULL && !g_settings_get_boolean (self->settings, "live-validation"))
    return;
  g_clear_handle_id (&self->validate_idle, g_source_remove);
  self->validate_idle = g_timeout_add (VALIDATE_DELAY_MS, on_validate_timeout, self);
}

/* Executing commands from the UI. */

void
_rdt_window_execute (RdtWindow  *self,
                     RdtCommand *command)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;

  if (self->document == NULL)
    return;
  label = rdt_command_dup_label (command);
  if (!rdt_document_execute (self->document, command, &error))
    _rdt_window_report_error (self, label, error);
  else
    gtk_label_set_text (self->status_label, label);
}

/* Closing. */

static void
on_close_response (GtkDialog *dialog,
                   int        response,
                   RdtWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  switch (response)
    {
    case GTK_RESPONSE_YES:
      if (rdt_document_get_path (self->document) == NULL)
        save_as_full (self, TRUE);
      else
        {
          gboolean saved;

          self->saving_to_close = TRUE;
          saved = _rdt_window_save (self, FALSE);
          self->saving_to_close = FALSE;
          if (saved)
            g_idle_add_full (G_PRIORITY_DEFAULT, close_later, g_object_ref (self), g_object_unref);
        }
      break;
    case GTK_RESPONSE_NO:
      self->close_confirmed = TRUE;
      g_idle_add_full (G_PRIORITY_DEFAULT, close_later, g_object_ref (self), g_object_unref);
      break;
    default:
      break;
    }
}

static gboolean
rdt_window_close_request (GtkWindow *window)
{
  RdtWindow *self = RDT_WINDOW (window);
  GtkWidget *dialog;
  g_autofree char *name = NULL;

  /* Issue 13: a game with unsaved actions asks first. */
  if (!self->close_confirmed && _rdt_window_play_ask_before_close (self))
    return TRUE;
  if (self->close_confirmed || self->document == NULL
      || !rdt_document_get_dirty (self->document))
    {
      if (self->recovery_id != NULL)
        rdt_recovery_remove (self->recovery_id);
      g_clear_pointer (&self->recovery_id, g_free);
      return GTK_WINDOW_CLASS (rdt_window_parent_class)->close_request (window);
    }
  name = rdt_document_dup_display_name (self->document);
  dialog = gtk_message_dialog_new (window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Save changes to “%s” before closing?"), name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("If you don’t save, your changes will be lost."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                          _("Close _without Saving"), GTK_RESPONSE_NO,
                          _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Save"), GTK_RESPONSE_YES,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_YES);
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* Drag and drop of files onto the window. */

static gboolean
on_file_drop (GtkDropTarget *target,
              const GValue  *value,
              double         x,
              double         y,
              RdtWindow     *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = g_value_get_boxed (value);
  for (GSList *l = files; l != NULL; l = l->next)
    {
      RdtWindow *target_window = self;

      if (self->document != NULL && (rdt_document_get_dirty (self->document) || l != files)
          && !rdt_import_vassal_is_module_name (l->data))
        {
          target_window = rdt_window_new (RDT_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
          gtk_window_present (GTK_WINDOW (target_window));
        }
      rdt_window_open_file (target_window, l->data);
    }
  return TRUE;
}

/* Settings. */

static void
on_settings_changed (GSettings  *settings,
                     const char *key,
                     RdtWindow  *self)
{
  if (g_strcmp0 (key, "autosave-interval") == 0)
    restart_autosave (self);
  else if (g_strcmp0 (key, "live-validation") == 0)
    schedule_validation (self);
  else if (self->map != NULL)
    _rdt_window_map_apply_settings (self);
}

void
rdt_window_show_preferences (RdtWindow *self,
                             GSettings *settings)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWindow *prefs;

  g_return_if_fail (RDT_IS_WINDOW (self));

  builder = gtk_builder_new_from_resource ("/org/redoubt/Redoubt/rdt-preferences-window.ui");
  prefs = GTK_WINDOW (gtk_builder_get_object (builder, "preferences_window"));
  g_settings_bind (settings, "autosave-interval",
                   gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (gtk_builder_get_object (builder, "autosave_spin"))),
                   "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "live-validation",
                   gtk_builder_get_object (builder, "validation_switch"), "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "show-hex-labels",
                   gtk_builder_get_object (builder, "labels_switch"), "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "show-counters",
                   gtk_builder_get_object (builder, "counters_switch"), "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "underlay-opacity",
                   gtk_range_get_adjustment (GTK_RANGE (gtk_builder_get_object (builder, "opacity_scale"))),
                   "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "brush-radius",
                   gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (gtk_builder_get_object (builder, "radius_spin"))),
                   "value", G_SETTINGS_BIND_DEFAULT);
  gtk_window_set_transient_for (prefs, GTK_WINDOW (self));
  gtk_window_present (prefs);
}

/* Life cycle. */

static void
rdt_window_dispose (GObject *object)
{
  RdtWindow *self = RDT_WINDOW (object);

  g_clear_handle_id (&self->validate_idle, g_source_remove);
  g_clear_handle_id (&self->autosave_timeout, g_source_remove);
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->document, self);
      g_signal_handlers_disconnect_by_data (rdt_document_get_undo_stack (self->document), self);
    }
  if (self->watched_scenario != NULL)
    {
      g_clear_signal_handler (&self->scenario_changed_id, self->watched_scenario);
      g_clear_object (&self->watched_scenario);
    }
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->stroke);
  _rdt_window_dispose_play (self);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_object (&self->unit_store);
  _rdt_window_stop_underlay (self);
  self->underlay_progress_box = NULL;
  g_clear_object (&self->underlay_texture);
  g_clear_pointer (&self->diagnostics, g_ptr_array_unref);

  gtk_widget_dispose_template (GTK_WIDGET (self), RDT_TYPE_WINDOW);

  G_OBJECT_CLASS (rdt_window_parent_class)->dispose (object);
}

static void
rdt_window_finalize (GObject *object)
{
  RdtWindow *self = RDT_WINDOW (object);

  g_free (self->selected_id);
  g_free (self->recovery_id);
  g_free (self->underlay_error);

  G_OBJECT_CLASS (rdt_window_parent_class)->finalize (object);
}

static void
rdt_window_class_init (RdtWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = rdt_window_dispose;
  object_class->finalize = rdt_window_finalize;
  window_class->close_request = rdt_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/redoubt/Redoubt/rdt-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, info_bar);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, info_label);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, map_box);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, tool_title);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, tool_hint);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, terrain_label);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, terrain_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, radius_box);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, radius_spin);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, hexside_label);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, hexside_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, name_label);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, name_entry);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, location_kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, area_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, area_buttons);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, opacity_adjustment);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, unit_filter_entry);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, unit_list);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, inspector_label);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, validation_title);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, validation_list);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, hover_label);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, zoom_label);
  gtk_widget_class_bind_template_child (widget_class, RdtWindow, recent_section);
}

static void
rdt_window_init (RdtWindow *self)
{
  GtkDropTarget *drop;
  GSettingsSchema *schema;

  gtk_widget_init_template (GTK_WIDGET (self));
  clear_info_bar_buttons (self);

  /* Tests may run without the compiled schema; the editor then uses defaults. */
  schema = g_settings_schema_source_lookup (g_settings_schema_source_get_default (),
                                            APPLICATION_ID, TRUE);
  if (schema != NULL)
    {
      self->settings = rdt_application_settings_new ();
      g_settings_schema_unref (schema);
      g_signal_connect (self->settings, "changed", G_CALLBACK (on_settings_changed), self);
      g_settings_bind (self->settings, "underlay-opacity", self->opacity_adjustment,
                       "value", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "brush-radius", self->radius_spin,
                       "value", G_SETTINGS_BIND_DEFAULT);
    }

  _rdt_window_install_actions (self);
  _rdt_window_setup_play (self);
  _rdt_window_setup_map (self);
  _rdt_window_setup_units (self);
  rdt_ruling_panel_attach (self);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_file_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  g_signal_connect (self->info_bar, "response", G_CALLBACK (on_info_bar_response), self);
  g_signal_connect (self->validation_list, "row-activated",
                    G_CALLBACK (on_validation_row_activated), self);

  restart_autosave (self);
  _rdt_window_map_apply_settings (self);
  {
    g_autofree char *tool_name = self->settings ? g_settings_get_string (self->settings, "default-tool") : NULL;
    RdtTool tool = RDT_TOOL_SELECT;

    if (tool_name != NULL)
      _rdt_tool_from_string (tool_name, &tool);
    _rdt_window_set_tool (self, tool);
  }
  update_title (self);
  _rdt_window_update_actions (self);
}

RdtWindow *
rdt_window_new (RdtApplication *application)
{
  return g_object_new (RDT_TYPE_WINDOW, "application", application, NULL);
}
