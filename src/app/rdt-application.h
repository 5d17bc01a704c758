#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RDT_TYPE_APPLICATION (rdt_application_get_type ())
G_DECLARE_FINAL_TYPE (RdtApplication, rdt_application, RDT, APPLICATION, GtkApplication)

RdtApplication *rdt_application_new          (void);
/* (transfer none): the editor's settings (org.redoubt.Redoubt). */
GSettings      *rdt_application_get_settings (RdtApplication *self);
GSettings      *rdt_application_settings_new (void);

G_END_DECLS
