/* rdt-gridless-view.h: a window on a Pub Battles gridless scenario (issue
 * 18): the table drawn by rdt-gridless-render, with interactive rulings
 * (select a piece: its FoF zone, its command range if an HQ, its movement
 * envelope; LOS between two pieces or points with its reason; a measuring
 * tape in inches and Foot/Cavalry moves), zoom and pan, and moving (drag)
 * and rotating (R / Shift+R) pieces, drawing terrain areas and roads and
 * editing the vertices of every shape (snapping to shared vertices), with
 * undo for all of it and Save.  docs/editor.md describes the keys. */
#pragma once

#include <gtk/gtk.h>

#include "rdt-gridless.h"

G_BEGIN_DECLS

typedef enum {
  RDT_GRIDLESS_VIEW_SELECT,     /* click selects, drag moves the selected piece */
  RDT_GRIDLESS_VIEW_LOS,        /* click: viewer, then target */
  RDT_GRIDLESS_VIEW_TAPE,       /* drag measures */
  RDT_GRIDLESS_VIEW_VERTEX,     /* drag a shape's vertex (snapping), click an edge adds one */
  RDT_GRIDLESS_VIEW_POLYGON,    /* clicks add points of a new terrain area */
  RDT_GRIDLESS_VIEW_POLYLINE,   /* clicks add points of a new road */
} RdtGridlessViewMode;

/* TRUE when the file at @path is a <gridless-scenario> (its root element). */
gboolean   rdt_gridless_view_is_gridless_file (const char     *path);

/* A new window showing @gridless (transfer full), titled by @path; its
 * drawing area is named "gridless-view", its info line "gridless-info". */
GtkWindow *rdt_gridless_view_new              (GtkApplication *application,
                                               RdtGridless    *gridless,
                                               const char     *path);

/* What the gestures do, callable by tests; @area is the "gridless-view"
 * widget, coordinates are inches of table. */
void        rdt_gridless_view_click     (GtkWidget       *area,
                                         double           x,
                                         double           y,
                                         GdkModifierType  state);
void        rdt_gridless_view_drag      (GtkWidget       *area,
                                         double           x0,
                                         double           y0,
                                         double           x1,
                                         double           y1);
gboolean    rdt_gridless_view_key       (GtkWidget       *area,
                                         guint            keyval,
                                         GdkModifierType  state);
gboolean    rdt_gridless_view_save      (GtkWidget       *area,
                                         GError         **error);
const char *rdt_gridless_view_get_info  (GtkWidget       *area);
/* Play mode (G): a game (rdt-gl-game.h) on a copy of the scenario with
 * @seed; dragging the selected block and R / Shift+R become move actions,
 * Ctrl+Z the game's undo; @on FALSE leaves it (the game is dropped). */
gboolean    rdt_gridless_view_play      (GtkWidget       *area,
                                         gboolean         on,
                                         guint64          seed);
/* One action line of docs/gridless-play.md; FALSE when refused. */
gboolean    rdt_gridless_view_play_action (GtkWidget     *area,
                                           const char    *line);
/* (transfer none): valid until the next undo or redo, which replace it. */
const RdtGridless *rdt_gridless_view_get_gridless (GtkWidget *area);
double      rdt_gridless_view_get_zoom  (GtkWidget       *area);

G_END_DECLS
