/* rdt-gridless-view.h: a window on a Pub Battles gridless scenario (issue
 * 18): the table drawn by rdt-gridless-render, with interactive rulings
 * (select a piece: its FoF zone, its command range if an HQ, its movement
 * envelope; LOS between two pieces or points with its reason; a measuring
 * tape in inches and Foot/Cavalry moves), zoom and pan, and moving (drag)
 * and rotating (R / Shift+R) pieces, drawing terrain areas and roads and
 * editing the vertices of every shape (snapping to shared vertices), with
 * undo for all of it and Save; hills, rivers and streams, fords and bridges,
 * deleting shapes, the Shape and Piece panels and the piece palette
 * (rdt-gridless-tools.c); play with the Game panel (chit cup, dice, log),
 * saved games, Save As and the autosave/recovery (rdt-gridless-play.c).
 * docs/editor.md describes the keys. */
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
  RDT_GRIDLESS_VIEW_HILL,       /* clicks add the outline, Enter, then the crest line, Enter */
  RDT_GRIDLESS_VIEW_WATER,      /* clicks add points of a new river or stream */
  RDT_GRIDLESS_VIEW_CROSSING,   /* click on a water: a new ford or bridge, or select one */
  RDT_GRIDLESS_VIEW_PLACE,      /* click: a new piece from the palette */
} RdtGridlessViewMode;

/* TRUE when the file at @path is a <gridless-scenario> (its root element). */
gboolean   rdt_gridless_view_is_gridless_file (const char     *path);

/* A new window showing @gridless (transfer full), titled by @path; its
 * drawing area is named "gridless-view", its info line "gridless-info". */
GtkWindow *rdt_gridless_view_new              (GtkApplication *application,
                                               RdtGridless    *gridless,
                                               const char     *path);

/* (transfer none) the "gridless-view" drawing area of a window of rdt_gridless_view_new. */
GtkWidget *rdt_gridless_view_get_area         (GtkWindow      *window);

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
RdtGridlessViewMode rdt_gridless_view_get_mode (GtkWidget *area);

/* Save As (Ctrl+Shift+S without the chooser): validates, writes @path
 * atomically and makes it the window's file. */
gboolean    rdt_gridless_view_save_as   (GtkWidget       *area,
                                         const char      *path,
                                         GError         **error);
/* Play: the saved-game format of `redoubt-cli play --save` (docs/gridless-play.md).
 * The scenario the game began from is referred to by name when @path's folder
 * holds it unchanged, else written next to @path as NAME.scenario.redoubt. */
gboolean    rdt_gridless_view_save_game (GtkWidget       *area,
                                         const char      *path,
                                         GError         **error);
/* Replays a saved game (as `redoubt-cli play --replay`) and plays it on. */
gboolean    rdt_gridless_view_open_game (GtkWidget       *area,
                                         const char      *path,
                                         GError         **error);
/* The game's actions as a script for `redoubt-cli play --script` (with the
 * seed in a comment). */
gboolean    rdt_gridless_view_export_script (GtkWidget   *area,
                                             const char  *path,
                                             GError     **error);
/* (transfer none) (nullable) the file chooser that Ctrl+S / Ctrl+O / Ctrl+E /
 * Ctrl+Shift+S or a Game panel button opened, until it answers (tests). */
GtkNativeDialog *rdt_gridless_view_get_chooser (GtkWidget *area);
/* (transfer none) (nullable) the Start a Game dialog G opened, until it
 * answers (tests). */
GtkWindow  *rdt_gridless_view_get_start_dialog (GtkWidget   *area);
/* Play: puts the off-map (or Reserve Card) piece @id on the table at @x,@y
 * inches, as dropping its row there does: `place` at set-up, `deploy` /
 * `reveal` from a Reserve Card, else `enter`. */
gboolean    rdt_gridless_view_drop_piece (GtkWidget     *area,
                                          const char    *id,
                                          double         x,
                                          double         y);
/* Recovery: writes the autosave now (tests); FALSE when there is nothing unsaved. */
gboolean    rdt_gridless_view_autosave_now (GtkWidget    *area);
/* Offers @entry (a gridless autosave) back in the window's info line with
 * Restore / Discard buttons; rdt_gridless_view_restore answers it. */
void        rdt_gridless_view_offer_recovery (GtkWidget  *area,
                                              const char *recovery_id,
                                              const char *data_path);
gboolean    rdt_gridless_view_restore   (GtkWidget       *area,
                                         gboolean         restore);

G_END_DECLS
