/* rdt-import-vassal.h: File → Import VASSAL Module… (issue 17). */
#pragma once

#include <gtk/gtk.h>

#include "rdt-window.h"

G_BEGIN_DECLS

/* Asks for the module, then for the scenario to write, then imports. */
void      rdt_window_import_vassal       (RdtWindow  *self);

/* Asks where to write the scenario imported from @module (a .vmod dropped on
 * the window or given on the command line), then imports. */
void      rdt_window_import_vassal_module (RdtWindow  *self,
                                           GFile      *module);
/* Whether @file is named like a VASSAL module (*.vmod, any case). */
gboolean  rdt_import_vassal_is_module_name (GFile     *file);

/* Imports @module into @scenario (with its "-vassal" folder beside it), opens
 * the result (in a new window when this one has unsaved work) and shows the
 * report, as `redoubt-cli import-vassal` prints it.  On failure shows the error
 * and the report.  Returns the window showing the result, or NULL.  A module
 * with several boards opens the board picker instead (a dialog named
 * "import-vassal-board-picker": name, map, image size and grid kind of each
 * board) and returns NULL; the import follows the user's choice. */
RdtWindow *rdt_window_import_vassal_files (RdtWindow  *self,
                                           GFile      *module,
                                           GFile      *scenario);
/* The same with the board named (NULL: the only board; --board NAME). */
RdtWindow *rdt_window_import_vassal_board (RdtWindow  *self,
                                           GFile      *module,
                                           GFile      *scenario,
                                           const char *board);

/* The "Save Imported Scenario" chooser for @module: in the module's folder,
 * named after it ("NAME.redoubt"). */
GtkFileChooserNative *rdt_import_vassal_save_chooser_new (RdtWindow *self,
                                                          GFile     *module);

G_END_DECLS
