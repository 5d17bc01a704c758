/* rdt-new-map-dialog.h: grid settings for a new map, or for the open one.
 *
 * With no scenario it creates one ("create" signal with the RdtScenario); with
 * a scenario it edits the grid ("grid-changed" with a const RdtGridSettings*).
 */
#pragma once

#include <gtk/gtk.h>

#include "rdt-scenario.h"

G_BEGIN_DECLS

#define RDT_TYPE_NEW_MAP_DIALOG (rdt_new_map_dialog_get_type ())
G_DECLARE_FINAL_TYPE (RdtNewMapDialog, rdt_new_map_dialog, RDT, NEW_MAP_DIALOG, GtkWindow)

RdtNewMapDialog *rdt_new_map_dialog_new    (GtkWindow   *parent,
                                            RdtScenario *scenario);
/* Fills the fields, and presses the default button (what the user does;
 * the tests use them). */
void             rdt_new_map_dialog_set_grid (RdtNewMapDialog       *self,
                                              const RdtGridSettings *settings);
void             rdt_new_map_dialog_accept   (RdtNewMapDialog       *self);
/* Chooses the volume whose file is @name.xml (as the drop-down lists it). */
gboolean         rdt_new_map_dialog_select_volume (RdtNewMapDialog *self,
                                                   const char      *name);
/* Volumes found in the data folders, plus the generic one (transfer full:
 * GPtrArray of char* paths; "" stands for the generic volume). */
GPtrArray       *rdt_new_map_dialog_find_volumes (void);
/* A volume with common terrain and hexside types and no effects data, for
 * maps of games without volume data (everything provisional). */
RdtVolume       *rdt_new_map_dialog_generic_volume (void);

G_END_DECLS
