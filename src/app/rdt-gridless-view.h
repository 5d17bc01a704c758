/* rdt-gridless-view.h: a read-only window on a Pub Battles gridless scenario
 * (issue 18): the terrain shapes, the hills with their crests, the waters,
 * roads and the blocks with their front edge and Field of Fire.  Editing
 * gridless maps is not done yet. */
#pragma once

#include <gtk/gtk.h>

#include "rdt-gridless.h"

G_BEGIN_DECLS

/* TRUE when the file at @path is a <gridless-scenario> (its root element). */
gboolean   rdt_gridless_view_is_gridless_file (const char     *path);

/* A new window showing @gridless (transfer full), titled by @path. */
GtkWindow *rdt_gridless_view_new              (GtkApplication *application,
                                               RdtGridless    *gridless,
                                               const char     *path);

G_END_DECLS
