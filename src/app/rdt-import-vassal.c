/* rdt-import-vassal.c: File → Import VASSAL Module… (issue 17,
 * docs/vassal-import.md): the same import and report as the CLI. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rdt-import-vassal.h"
#include "rdt-vassal-import.h"
#include "rdt-window-private.h"

/* The report in a dialog of its own: selectable text, scrolled. */
static void
show_report (RdtWindow  *window,
             const char *title,
             const char *text)
{
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (window),
                                              GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_INFO, GTK_BUTTONS_CLOSE, "%s", title);
  GtkWidget *area = gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog));
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_set_name (dialog, "import-vassal-report");
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_size_request (scrolled, 640, 320);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), label);
  gtk_box_append (GTK_BOX (area), scrolled);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

RdtWindow *
rdt_window_import_vassal_board (RdtWindow  *self,
                                GFile      *module,
                                GFile      *scenario,
                                const char *board)
{
  RdtVassalImportOptions options = { 0 };
  g_autofree char *module_path = g_file_get_path (module);
  g_autofree char *out_path = g_file_get_path (scenario);
  g_autoptr(RdtVassalReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  RdtWindow *target = self;

  g_return_val_if_fail (RDT_IS_WINDOW (self), NULL);
  if (module_path == NULL || out_path == NULL)
    {
      show_report (self, _("Import VASSAL Module"), _("Only local files can be imported."));
      return NULL;
    }
  options.board = board;
  if (!rdt_vassal_import (module_path, out_path, &options, &report, &error))
    {
      g_autofree char *title = g_strdup_printf (_("The module was not imported: %s"), error->message);
      text = report != NULL ? rdt_vassal_report_to_text (report) : g_strdup ("");
      show_report (self, title, text);
      return NULL;
    }
  /* Unsaved work stays in its window; the result opens in a new one. */
  if (self->document != NULL && rdt_document_get_dirty (self->document))
    {
      target = rdt_window_new (RDT_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
      gtk_window_present (GTK_WINDOW (target));
    }
  if (!rdt_window_open_file (target, scenario))
    return NULL;
  text = rdt_vassal_report_to_text (report);
  show_report (target, _("VASSAL module imported"), text);
  return target;
}

/* ---- The board picker: a module with several boards (issue 17). */

typedef struct {
  RdtWindow *window;
  GFile *module;
  GFile *scenario;
  GPtrArray *boards;        /* RdtVassalBoardInfo* */
  GtkListBox *list;
  GtkWidget *import_button;
  GtkWidget *dialog;
} Picker;

static void
picker_free (Picker *p)
{
  g_clear_object (&p->module);
  g_clear_object (&p->scenario);
  g_clear_pointer (&p->boards, g_ptr_array_unref);
  g_free (p);
}

static void
picker_import (Picker *p)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (p->list);
  const RdtVassalBoardInfo *info;
  g_autofree char *name = NULL;
  g_autoptr(GFile) module = NULL;
  g_autoptr(GFile) scenario = NULL;
  RdtWindow *window = p->window;

  if (row == NULL || !gtk_widget_get_sensitive (GTK_WIDGET (row)))
    return;
  info = g_ptr_array_index (p->boards, (guint) gtk_list_box_row_get_index (row));
  name = g_strdup (info->name);
  module = g_object_ref (p->module);
  scenario = g_object_ref (p->scenario);
  /* Destroying the dialog frees p. */
  gtk_window_destroy (GTK_WINDOW (p->dialog));
  rdt_window_import_vassal_board (window, module, scenario, name);
}

static void
on_picker_selected (GtkListBox    *list,
                    GtkListBoxRow *row,
                    Picker        *p)
{
  gtk_widget_set_sensitive (p->import_button, row != NULL && gtk_widget_get_sensitive (GTK_WIDGET (row)));
}

static void
on_picker_activated (GtkListBox    *list,
                     GtkListBoxRow *row,
                     Picker        *p)
{
  picker_import (p);
}

static void
on_picker_import (GtkButton *button,
                  Picker    *p)
{
  picker_import (p);
}

static void
on_picker_cancel (GtkButton *button,
                  Picker    *p)
{
  gtk_window_destroy (GTK_WINDOW (p->dialog));
}

static void
show_board_picker (RdtWindow *self,
                   GFile     *module,
                   GFile     *scenario,
                   GPtrArray *boards)
{
  Picker *p = g_new0 (Picker, 1);
  GtkWidget *dialog = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  g_autofree char *intro = g_strdup_printf (ngettext ("This module has %u board. Choose the one to import:",
                                                      "This module has %u boards. Choose the one to import:",
                                                      boards->len), boards->len);
  GtkWidget *label = gtk_label_new (intro);

  p->window = self;
  p->module = g_object_ref (module);
  p->scenario = g_object_ref (scenario);
  p->boards = g_ptr_array_ref (boards);
  p->dialog = dialog;
  p->list = GTK_LIST_BOX (gtk_list_box_new ());
  p->import_button = gtk_button_new_with_mnemonic (_("_Import"));
  g_object_set_data_full (G_OBJECT (dialog), "picker", p, (GDestroyNotify) picker_free);

  gtk_widget_set_name (dialog, "import-vassal-board-picker");
  gtk_window_set_title (GTK_WINDOW (dialog), _("Choose a Board"));
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 560, 360);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);

  gtk_widget_set_name (GTK_WIDGET (p->list), "board-list");
  gtk_list_box_set_selection_mode (p->list, GTK_SELECTION_SINGLE);
  for (guint i = 0; i < boards->len; i++)
    {
      const RdtVassalBoardInfo *info = g_ptr_array_index (boards, i);
      g_autofree char *size = info->width > 0
        ? g_strdup_printf (_("%d × %d pixels"), info->width, info->height)
        : g_strdup (_("image missing or not readable"));
      g_autofree char *name = g_markup_escape_text (info->name, -1);
      g_autofree char *details = g_strdup_printf ("%s — %s — %s", info->map, size, info->grid);
      g_autofree char *details_escaped = g_markup_escape_text (details, -1);
      g_autofree char *markup = g_strdup_printf ("<b>%s</b>\n<small>%s</small>", name, details_escaped);
      GtkWidget *row_label = gtk_label_new (NULL);
      GtkWidget *row;

      gtk_label_set_markup (GTK_LABEL (row_label), markup);
      gtk_label_set_xalign (GTK_LABEL (row_label), 0);
      gtk_label_set_wrap (GTK_LABEL (row_label), TRUE);
      gtk_widget_set_margin_start (row_label, 6);
      gtk_widget_set_margin_end (row_label, 6);
      gtk_widget_set_margin_top (row_label, 4);
      gtk_widget_set_margin_bottom (row_label, 4);
      gtk_list_box_append (p->list, row_label);
      row = GTK_WIDGET (gtk_list_box_get_row_at_index (p->list, (int) i));
      /* A board without a hex grid or a readable image cannot be imported:
       * listed with the reason, not selectable. */
      gtk_widget_set_sensitive (row, info->importable);
    }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (p->list));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);

  gtk_widget_set_name (p->import_button, "import-board");
  gtk_widget_add_css_class (p->import_button, "suggested-action");
  gtk_widget_set_sensitive (p->import_button, FALSE);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (buttons), cancel);
  gtk_box_append (GTK_BOX (buttons), p->import_button);
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_window_set_child (GTK_WINDOW (dialog), box);

  g_signal_connect (p->list, "row-selected", G_CALLBACK (on_picker_selected), p);
  g_signal_connect (p->list, "row-activated", G_CALLBACK (on_picker_activated), p);
  g_signal_connect (p->import_button, "clicked", G_CALLBACK (on_picker_import), p);
  g_signal_connect (cancel, "clicked", G_CALLBACK (on_picker_cancel), p);
  /* The first board that can be imported is chosen to begin with. */
  for (guint i = 0; i < boards->len; i++)
    if (((const RdtVassalBoardInfo *) g_ptr_array_index (boards, i))->importable)
      {
        gtk_list_box_select_row (p->list, gtk_list_box_get_row_at_index (p->list, (int) i));
        break;
      }
  gtk_window_present (GTK_WINDOW (dialog));
}

RdtWindow *
rdt_window_import_vassal_files (RdtWindow *self,
                                GFile     *module,
                                GFile     *scenario)
{
  g_autofree char *module_path = g_file_get_path (module);
  g_autoptr(GPtrArray) boards = NULL;

  g_return_val_if_fail (RDT_IS_WINDOW (self), NULL);
  /* Several boards: the user picks one.  A module that cannot be listed goes
   * on to the import, which reports why. */
  if (module_path != NULL)
    boards = rdt_vassal_list_boards (module_path, NULL);
  if (boards != NULL && boards->len > 1)
    {
      show_board_picker (self, module, scenario, boards);
      return NULL;
    }
  return rdt_window_import_vassal_board (self, module, scenario, NULL);
}

typedef struct {
  RdtWindow *window;
  GFile *module;
} Pending;

static void
pending_free (Pending *p)
{
  g_clear_object (&p->module);
  g_free (p);
}

static void
save_response (GtkNativeDialog *dialog,
               int              response,
               Pending         *p)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) out = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      rdt_window_import_vassal_files (p->window, p->module, out);
    }
  pending_free (p);
  g_object_unref (dialog);
}

GtkFileChooserNative *
rdt_import_vassal_save_chooser_new (RdtWindow *self,
                                    GFile     *module)
{
  GtkFileChooserNative *save;
  g_autoptr(GFile) folder = g_file_get_parent (module);
  g_autofree char *base = g_file_get_basename (module);
  g_autofree char *name = NULL;
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  name = g_strconcat (base, ".redoubt", NULL);
  save = gtk_file_chooser_native_new (_("Save Imported Scenario"), GTK_WINDOW (self),
                                      GTK_FILE_CHOOSER_ACTION_SAVE, _("_Import"), _("_Cancel"));
  /* Beside the module, where a new user looks for it, rather than in
   * whatever folder the program was started from. */
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (save), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (save), name);
  return save;
}

void
rdt_window_import_vassal_module (RdtWindow *self,
                                 GFile     *module)
{
  Pending *p = g_new0 (Pending, 1);
  GtkFileChooserNative *save;

  g_return_if_fail (RDT_IS_WINDOW (self) && G_IS_FILE (module));

  p->window = self;
  p->module = g_object_ref (module);
  save = rdt_import_vassal_save_chooser_new (self, p->module);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (save), TRUE);
  g_signal_connect (save, "response", G_CALLBACK (save_response), p);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (save));
}

gboolean
rdt_import_vassal_is_module_name (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);
  g_autofree char *folded = base != NULL ? g_ascii_strdown (base, -1) : NULL;

  return folded != NULL && g_str_has_suffix (folded, ".vmod");
}

static void
module_response (GtkNativeDialog *dialog,
                 int              response,
                 RdtWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) module = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      rdt_window_import_vassal_module (self, module);
    }
  g_object_unref (dialog);
}

void
rdt_window_import_vassal (RdtWindow *self)
{
  GtkFileChooserNative *dialog;
  GtkFileFilter *filter = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (_("Import VASSAL Module"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("VASSAL Modules"));
  gtk_file_filter_add_pattern (filter, "*.vmod");
  gtk_file_filter_add_pattern (filter, "*.zip");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (module_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
