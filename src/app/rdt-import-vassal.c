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
rdt_window_import_vassal_files (RdtWindow *self,
                                GFile     *module,
                                GFile     *scenario)
{
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
  if (!rdt_vassal_import (module_path, out_path, NULL, &report, &error))
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

static void
module_response (GtkNativeDialog *dialog,
                 int              response,
                 RdtWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      Pending *p = g_new0 (Pending, 1);
      GtkFileChooserNative *save;
      g_autofree char *base = NULL;
      g_autofree char *name = NULL;
      char *dot;

      p->window = self;
      p->module = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      base = g_file_get_basename (p->module);
      dot = strrchr (base, '.');
      if (dot != NULL)
        *dot = '\0';
      name = g_strconcat (base, ".redoubt", NULL);
      save = gtk_file_chooser_native_new (_("Save Imported Scenario"), GTK_WINDOW (self),
                                          GTK_FILE_CHOOSER_ACTION_SAVE, _("_Import"), _("_Cancel"));
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (save), name);
      gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (save), TRUE);
      g_signal_connect (save, "response", G_CALLBACK (save_response), p);
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (save));
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
