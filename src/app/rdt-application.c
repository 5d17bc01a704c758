#include "config.h"

#include <glib/gi18n.h>

#include "rdt-application.h"

struct _RdtApplication
{
  GtkApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (RdtApplication, rdt_application, GTK_TYPE_APPLICATION)

static void
rdt_application_activate (GApplication *app)
{
  GtkWidget *window = gtk_application_window_new (GTK_APPLICATION (app));

  gtk_window_set_title (GTK_WINDOW (window), _("Redoubt"));
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
}

static void
rdt_application_class_init (RdtApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = rdt_application_activate;
}

static void
rdt_application_init (RdtApplication *self)
{
}

RdtApplication *
rdt_application_new (void)
{
  return g_object_new (RDT_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE,
                       NULL);
}
