#pragma once

#include <gtk/gtk.h>

#include "rdt-application.h"
#include "rdt-document.h"
#include "rdt-recovery.h"

G_BEGIN_DECLS

#define RDT_TYPE_WINDOW (rdt_window_get_type ())
G_DECLARE_FINAL_TYPE (RdtWindow, rdt_window, RDT, WINDOW, GtkApplicationWindow)

RdtWindow   *rdt_window_new                 (RdtApplication   *application);
/* Loads @file into this window (a new window's document is replaced). */
gboolean     rdt_window_open_file           (RdtWindow        *self,
                                             GFile            *file);
/* (transfer none) */
RdtDocument *rdt_window_get_document        (RdtWindow        *self);
/* Shows an info bar offering to restore @entry (copied). */
void         rdt_window_offer_recovery      (RdtWindow        *self,
                                             const RdtRecoveryEntry *entry);
void         rdt_window_show_preferences    (RdtWindow        *self,
                                             GSettings        *settings);

G_END_DECLS
