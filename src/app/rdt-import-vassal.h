/* rdt-import-vassal.h: File → Import VASSAL Module… (issue 17). */
#pragma once

#include <gtk/gtk.h>

#include "rdt-window.h"

G_BEGIN_DECLS

/* Asks for the module, then for the scenario to write, then imports. */
void      rdt_window_import_vassal       (RdtWindow  *self);

/* Imports @module into @scenario (with its "-vassal" folder beside it), opens
 * the result (in a new window when this one has unsaved work) and shows the
 * report, as `redoubt-cli import-vassal` prints it.  On failure shows the error
 * and the report.  Returns the window showing the result, or NULL. */
RdtWindow *rdt_window_import_vassal_files (RdtWindow  *self,
                                           GFile      *module,
                                           GFile      *scenario);

G_END_DECLS
