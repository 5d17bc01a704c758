/* test-gridless-gui.c: the editor opens a Pub Battles gridless scenario
 * (issue 18) in a window of its own instead of refusing it: a window titled by
 * the scenario with a drawing area as large as the table at 40 px/inch, and
 * no hex editor window left open; the rulings, editing, undo and Save of the
 * view.  A damaged gridless file is refused. */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdt-application.h"
#include "rdt-diagnostic.h"
#include "rdt-gridless-io.h"
#include "rdt-gridless-rules.h"
#include "rdt-gridless-view.h"
#include "rdt-gl-game.h"
#include <math.h>
#include "rdt-window-private.h"
#include "lsan-file-chooser.h"

typedef struct {
  gboolean done;
  gboolean saw_view;
  gboolean saw_hex_window;
  gboolean interact;
  void (*script) (GtkWidget *area);
  gboolean interacted;
  gboolean held;
  int width, height;
} Run;


static GtkWidget *
find_named (GtkWidget  *w,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (w), name) == 0)
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *f = find_named (c, name);
      if (f != NULL)
        return f;
    }
  return NULL;
}

static gboolean
run_script (gpointer user_data)
{
  Run *run = user_data;
  GApplication *app = g_application_get_default ();
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  for (GList *l = windows; l != NULL; l = l->next)
    {
      GtkWidget *area = find_named (GTK_WIDGET (l->data), "gridless-view");
      if (area != NULL)
        {
          run->saw_view = TRUE;
          g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (l->data)), "Pub Battles"));
          g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (l->data)), "Brandywine"));
          run->width = gtk_drawing_area_get_content_width (GTK_DRAWING_AREA (area));
          run->height = gtk_drawing_area_get_content_height (GTK_DRAWING_AREA (area));
          if (run->interact && !run->interacted)
            run->script (area);
          run->interacted = TRUE;
        }
      if (RDT_IS_WINDOW (l->data))
        run->saw_hex_window = TRUE;
    }
  if (!run->saw_view)
    {
      g_timeout_add (50, run_script, run);
      return G_SOURCE_REMOVE;
    }
  run->done = TRUE;
  /* REDOUBT_GUI_HOLD=ms keeps the window up for a screenshot. */
  if (g_getenv ("REDOUBT_GUI_HOLD") != NULL && !run->held)
    {
      run->held = TRUE;
      g_timeout_add (atoi (g_getenv ("REDOUBT_GUI_HOLD")), run_script, run);
      return G_SOURCE_REMOVE;
    }
  for (GList *l = windows; l != NULL; l = l->next)
    if (RDT_IS_WINDOW (l->data))
      RDT_WINDOW (l->data)->close_confirmed = TRUE;
  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

static void
test_open_gridless (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                            "pub-battles-brandywine.redoubt", NULL);
  g_autoptr(RdtApplication) app = NULL;
  Run run = { 0 };
  char *argv[3];

  if (g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("no display (run under Xvfb)");
      return;
    }
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  g_assert_true (rdt_gridless_view_is_gridless_file (path));
  app = rdt_application_new ();
  argv[0] = (char *) "redoubt";
  argv[1] = path;
  argv[2] = NULL;
  g_timeout_add (100, run_script, &run);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);
  g_assert_true (run.done);
  /* The bundled table is 36 x 24 inches. */
  g_assert_cmpint (run.width, ==, 36 * 40);
  g_assert_cmpint (run.height, ==, 24 * 40);
  /* Opening a gridless file leaves no empty hex-editor window behind. */
  g_assert_false (run.saw_hex_window);
}

static gboolean
info_has (GtkWidget  *area,
          const char *text)
{
  const char *info = rdt_gridless_view_get_info (area);

  if (strstr (info, text) == NULL)
    {
      g_printerr ("info line lacks \"%s\": %s\n", text, info);
      return FALSE;
    }
  return TRUE;
}

static const RdtGlPiece *
piece (GtkWidget  *area,
       const char *id)
{
  const RdtGlPiece *p = rdt_gridless_find_piece (rdt_gridless_view_get_gridless (area), id);

  g_assert_nonnull (p);
  return p;
}

/* The gestures of the view, in inches of table, and what the info line and
 * the scenario say after each. */
static void
interact (GtkWidget *area)
{
  const RdtGridless *g = rdt_gridless_view_get_gridless (area);
  RdtGlLos los;
  RdtGlLosEnd from = { NULL, { 0, 0 } }, to = { NULL, { 0, 0 } };
  g_autofree char *expect = NULL;

  /* Select: the piece, its terrain (How the Pieces Move, G2), its FoF
   * (Field of Fire, G5). */
  rdt_gridless_view_click (area, 31, 14.5, 0);
  g_assert_true (info_has (area, "mathew (infantry, british)"));
  g_assert_true (info_has (area, "Terrain:"));
  g_assert_true (info_has (area, "Field of Fire: 1/3 Foot move = 2.00\""));
  /* An HQ: its command range, 1/3 Cavalry move (12"/3, G9). */
  rdt_gridless_view_click (area, 32, 19.5, 0);
  g_assert_true (info_has (area, "crwl (hq, british)"));
  g_assert_true (info_has (area, "Command range: 4.00\""));
  /* Empty table: nothing selected. */
  rdt_gridless_view_click (area, 0.5, 0.5, 0);
  g_assert_false (strstr (rdt_gridless_view_get_info (area), "crwl") != NULL);

  /* LOS mode (L): viewer, then target; the verdict and reason are those of
   * rdt_gl_los (Pub Battles, Line of Sight). */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_l, 0));
  rdt_gridless_view_click (area, 31, 14.5, 0);
  rdt_gridless_view_click (area, 31.3, 4.8, 0);
  from.piece = piece (area, "mathew");
  to.piece = piece (area, "stephen");
  rdt_gl_los (g, from, to, &los);
  expect = g_strdup_printf ("LOS mathew → stephen: %s. %s", los.verdict == RDT_GL_YES ? "sees"
                            : los.verdict == RDT_GL_NO ? "does not see" : "undecided", los.reason);
  g_assert_true (info_has (area, expect));
  rdt_gl_los_clear (&los);
  g_clear_pointer (&expect, g_free);
  /* To a point on the table. */
  rdt_gridless_view_click (area, 31, 12.5, 0);
  to.piece = NULL;
  to.point.x = 31;
  to.point.y = 12.5;
  rdt_gl_los (g, from, to, &los);
  expect = g_strdup_printf ("LOS mathew → point: %s.", los.verdict == RDT_GL_YES ? "sees"
                            : los.verdict == RDT_GL_NO ? "does not see" : "undecided");
  g_assert_true (info_has (area, expect));
  rdt_gl_los_clear (&los);

  /* Measuring tape (T): 6" is one Foot move (6") and half a Cavalry move (12"). */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Escape, 0));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_t, 0));
  rdt_gridless_view_drag (area, 1, 1, 7, 1);
  g_assert_true (info_has (area, "Tape: 6.00\" = 1.00 Foot moves (6.00\") = 0.50 Cavalry moves (12.00\")"));

  /* Zoom (+, -, 0). */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_plus, 0));
  g_assert_cmpfloat_with_epsilon (rdt_gridless_view_get_zoom (area), 1.25, 1e-9);
  g_assert_cmpint (gtk_drawing_area_get_content_width (GTK_DRAWING_AREA (area)), ==, 36 * 50);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_0, 0));
  g_assert_cmpint (gtk_drawing_area_get_content_width (GTK_DRAWING_AREA (area)), ==, 36 * 40);

  /* Editing (S): drag the selected piece, rotate it, undo and redo. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_s, 0));
  rdt_gridless_view_click (area, 31, 14.5, 0);
  rdt_gridless_view_drag (area, 31, 14.5, 31, 13.5);
  g_assert_cmpfloat_with_epsilon (piece (area, "mathew")->centre.y, 13.5, 1e-9);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_r, 0));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_r, 0));
  g_assert_cmpfloat_with_epsilon (piece (area, "mathew")->facing, 30, 1e-9);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_R, GDK_SHIFT_MASK));
  g_assert_cmpfloat_with_epsilon (piece (area, "mathew")->facing, 15, 1e-9);
  g_assert_true (info_has (area, "Modified."));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_cmpfloat_with_epsilon (piece (area, "mathew")->facing, 30, 1e-9);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_cmpfloat_with_epsilon (piece (area, "mathew")->facing, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (piece (area, "mathew")->centre.y, 13.5, 1e-9);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_cmpfloat_with_epsilon (piece (area, "mathew")->centre.y, 14.5, 1e-9);
  g_assert_false (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  g_assert_cmpfloat_with_epsilon (piece (area, "mathew")->centre.y, 13.5, 1e-9);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_r, 0));

  /* Save (Ctrl+S) through the core's saver: the file reloads with the move. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_s, GDK_CONTROL_MASK));
  g_assert_true (info_has (area, "Saved "));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(RdtGridless) back = rdt_gridless_load_from_file (rdt_gridless_view_get_gridless (area)->path, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpfloat_with_epsilon (rdt_gridless_find_piece (back, "mathew")->centre.y, 13.5, 1e-9);
    g_assert_cmpfloat_with_epsilon (rdt_gridless_find_piece (back, "mathew")->facing, 15, 1e-9);
  }

  /* Unsaved edits: closing asks first; Cancel keeps the window. */
  {
    GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (area));
    GtkWidget *dialog = NULL;
    GListModel *tops = gtk_window_get_toplevels ();

    g_assert_true (rdt_gridless_view_key (area, GDK_KEY_r, 0));
    g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
    gtk_window_close (GTK_WINDOW (window));
    g_assert_nonnull (window);
    for (guint i = 0; i < g_list_model_get_n_items (tops) && dialog == NULL; i++)
      {
        g_autoptr(GtkWidget) w = g_list_model_get_item (tops, i);
        if (g_strcmp0 (gtk_widget_get_name (w), "gridless-close-dialog") == 0)
          dialog = w;
      }
    g_assert_nonnull (dialog);
    gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
    g_assert_nonnull (window);
    g_assert_true (gtk_widget_get_visible (window));
    g_object_remove_weak_pointer (G_OBJECT (window), (gpointer *) &window);
    g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  }

  /* Shift+click in Select mode: LOS from the selected piece (an HQ, whose
   * command range and envelope stay drawn: the screenshot of docs/editor.md). */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Escape, 0));
  rdt_gridless_view_click (area, 20, 8.5, 0);
  rdt_gridless_view_click (area, 18.5, 11, GDK_SHIFT_MASK);
  g_assert_true (info_has (area, "wshtn (hq, colonial)"));
  g_assert_true (info_has (area, "LOS wshtn → maxwell: "));
}

static RdtPoint
vertex (GtkWidget  *area,
        GPtrArray *(*which) (const RdtGridless *),
        guint       shape,
        guint       k)
{
  const RdtGlArea *a = g_ptr_array_index (which (rdt_gridless_view_get_gridless (area)), shape);
  return g_array_index (a->points, RdtPoint, k);
}

static GPtrArray *
areas_of (const RdtGridless *g)
{
  return g->areas;
}

static GPtrArray *
roads_of (const RdtGridless *g)
{
  /* RdtGlRoad starts like RdtGlArea (id, name) but its points come third:
   * read roads through road_points(). */
  return g->roads;
}

static RdtPoint
road_point (GtkWidget *area,
            guint      road,
            guint      k)
{
  const RdtGlRoad *r = g_ptr_array_index (roads_of (rdt_gridless_view_get_gridless (area)), road);
  return g_array_index (r->points, RdtPoint, k);
}

/* Shapes (V, P, N): vertex drag with snapping to another shape's vertex,
 * insertion on an edge, deletion, new areas and roads, undo and redo. */
static void
shapes (GtkWidget *area)
{
  const RdtGridless *g = rdt_gridless_view_get_gridless (area);
  guint n_areas = g->areas->len, n_roads = g->roads->len, n_marsh;
  const RdtGlArea *a;
  RdtPoint q;

  /* chadds-woods is area 0: 12,8 16,7.5 17,10 13,10.5. */
  g_assert_cmpstr (((RdtGlArea *) g_ptr_array_index (g->areas, 0))->id, ==, "chadds-woods");
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_v, 0));
  rdt_gridless_view_drag (area, 16, 7.5, 16.5, 8.0);
  q = vertex (area, areas_of, 0, 1);
  g_assert_cmpfloat_with_epsilon (q.x, 16.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (q.y, 8.0, 1e-9);
  g_assert_true (info_has (area, "Vertex 1 at 16.500\", 8.000\""));
  /* Within 8 px (0.2" at 40 px/inch) of south-woods' first vertex 22,15: snapped onto it. */
  rdt_gridless_view_drag (area, 16.5, 8.0, 22.1, 15.1);
  q = vertex (area, areas_of, 0, 1);
  g_assert_cmpfloat (q.x, ==, 22);
  g_assert_cmpfloat (q.y, ==, 15);
  /* Farther than that: not snapped. */
  rdt_gridless_view_drag (area, 22, 15, 22.5, 15.5);
  q = vertex (area, areas_of, 0, 1);
  g_assert_cmpfloat_with_epsilon (q.x, 22.5, 1e-9);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  q = vertex (area, areas_of, 0, 1);
  g_assert_cmpfloat_with_epsilon (q.x, 16, 1e-9);
  g_assert_cmpfloat_with_epsilon (q.y, 7.5, 1e-9);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  q = vertex (area, areas_of, 0, 1);
  g_assert_cmpfloat_with_epsilon (q.x, 16.5, 1e-9);

  /* Insert on west-marsh's first edge (4,14)-(7,13.8), then delete it. */
  g = rdt_gridless_view_get_gridless (area);
  a = g_ptr_array_index (g->areas, 3);
  g_assert_cmpstr (a->id, ==, "west-marsh");
  n_marsh = a->points->len;
  rdt_gridless_view_click (area, 5.5, 13.9, 0);
  a = g_ptr_array_index (rdt_gridless_view_get_gridless (area)->areas, 3);
  g_assert_cmpuint (a->points->len, ==, n_marsh + 1);
  q = vertex (area, areas_of, 3, 1);
  g_assert_cmpfloat_with_epsilon (q.x, 5.5, 1e-9);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Delete, 0));
  a = g_ptr_array_index (rdt_gridless_view_get_gridless (area)->areas, 3);
  g_assert_cmpuint (a->points->len, ==, n_marsh);

  /* A new buildings area (P, 2); its third point snaps to west-marsh's 4,14. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_p, 0));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_2, 0));
  rdt_gridless_view_click (area, 1, 20, 0);
  rdt_gridless_view_click (area, 2, 20, 0);
  g_assert_false (rdt_gridless_view_key (area, GDK_KEY_Return, 0));
  rdt_gridless_view_click (area, 4.05, 14.05, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Return, 0));
  g = rdt_gridless_view_get_gridless (area);
  g_assert_cmpuint (g->areas->len, ==, n_areas + 1);
  a = g_ptr_array_index (g->areas, n_areas);
  g_assert_cmpstr (a->id, ==, "buildings-1");
  g_assert_cmpint (a->kind, ==, RDT_GL_AREA_BUILDINGS);
  q = vertex (area, areas_of, n_areas, 2);
  g_assert_cmpfloat (q.x, ==, 4);
  g_assert_cmpfloat (q.y, ==, 14);
  /* A new road (N). */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_n, 0));
  rdt_gridless_view_click (area, 1, 1, 0);
  rdt_gridless_view_click (area, 3, 1, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Return, 0));
  g = rdt_gridless_view_get_gridless (area);
  g_assert_cmpuint (g->roads->len, ==, n_roads + 1);
  g_assert_cmpstr (((RdtGlRoad *) g_ptr_array_index (g->roads, n_roads))->id, ==, "road-1");
  g_assert_cmpfloat_with_epsilon (road_point (area, n_roads, 1).x, 3, 1e-9);
  /* Undo both. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g = rdt_gridless_view_get_gridless (area);
  g_assert_cmpuint (g->roads->len, ==, n_roads);
  g_assert_cmpuint (g->areas->len, ==, n_areas);
  /* The vertices of every shape are drawn in V mode (screenshot). */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_v, 0));
}

/* Play mode (G): the view's game answers exactly as a game of the core
 * (rdt-gl-game.h) fed the same seed and action lines: How the Turns Work
 * (pull), a move dragged on the table, a pivot (R), undo, and leaving play
 * gives the edited scenario back untouched. */
static void
play (GtkWidget *area)
{
  g_autoptr(GBytes) bytes = rdt_gridless_to_bytes (rdt_gridless_view_get_gridless (area), NULL);
  g_autoptr(RdtGlGame) twin = rdt_gl_game_new (rdt_gridless_load_from_bytes (bytes, "twin", NULL, NULL), 42);
  g_autofree char *move = NULL;
  g_autofree char *pivot = NULL;
  g_autoptr(GError) error = NULL;
  const RdtGridless *tg = rdt_gl_game_get_gridless (twin);
  const RdtGlPiece *mover = NULL, *shown;
  const char *current;
  RdtPoint start, to;
  double facing;
  gboolean ok;

  g_assert_true (rdt_gridless_view_play (area, TRUE, 42));
  g_assert_true (info_has (area, "Play: turn 1"));
  g_assert_true (info_has (area, "seed 42"));
  /* step 5 only once the cup is empty: refused with its rule, as the core does. */
  g_assert_false (rdt_gl_game_apply (twin, "combat", NULL, &error));
  g_assert_false (rdt_gridless_view_play_action (area, "combat"));
  g_assert_true (info_has (area, error->message));
  g_clear_error (&error);
  /* Step 2: the same chit as the twin game with the same seed. */
  g_assert_true (rdt_gl_game_apply (twin, "pull", NULL, NULL));
  g_assert_true (rdt_gridless_view_play_action (area, "pull"));
  current = rdt_gl_game_get_current (twin);
  g_assert_nonnull (current);
  g_assert_true (info_has (area, current));
  for (guint i = 0; i < tg->pieces->len && mover == NULL; i++)
    {
      const RdtGlPiece *p = g_ptr_array_index (tg->pieces, i);
      if (g_strcmp0 (p->command, current) == 0 && p->type != RDT_GL_HQ)
        mover = p;
    }
  g_assert_nonnull (mover);
  start = mover->centre;
  facing = mover->facing;
  /* Dragged 10 inches, beyond any move (6" infantry, provisional): refused by
   * How the Pieces Move (G10) with the core's message, and nothing moves. */
  to.x = start.x - 10 * sin (facing * G_PI / 180);
  to.y = start.y + 10 * cos (facing * G_PI / 180);
  rdt_gridless_view_click (area, start.x, start.y, 0);
  rdt_gridless_view_drag (area, start.x, start.y, to.x, to.y);
  move = g_strdup_printf ("move %s %.3f,%.3f %.1f", mover->id, to.x, to.y, facing);
  g_assert_false (rdt_gl_game_apply (twin, move, NULL, &error));
  g_assert_true (info_has (area, "refused: "));
  g_assert_true (info_has (area, error->message));
  g_clear_error (&error);
  g_clear_pointer (&move, g_free);
  shown = rdt_gridless_find_piece (rdt_gridless_view_get_gridless (area), mover->id);
  g_assert_cmpfloat (shown->centre.x, ==, start.x);
  g_assert_cmpfloat (shown->centre.y, ==, start.y);
  /* Dragged half an inch straight ahead: the action "move ID X,Y FACING". */
  to.x = start.x + 0.5 * sin (facing * G_PI / 180);
  to.y = start.y - 0.5 * cos (facing * G_PI / 180);
  rdt_gridless_view_drag (area, start.x, start.y, to.x, to.y);
  move = g_strdup_printf ("move %s %.3f,%.3f %.1f", mover->id, to.x, to.y, facing);
  ok = rdt_gl_game_apply (twin, move, NULL, NULL);
  shown = rdt_gridless_find_piece (rdt_gridless_view_get_gridless (area), mover->id);
  g_assert_cmpfloat_with_epsilon (shown->centre.x, mover->centre.x, 1e-9);
  g_assert_cmpfloat_with_epsilon (shown->centre.y, mover->centre.y, 1e-9);
  g_assert_true (ok);
  g_assert_cmpfloat_with_epsilon (shown->centre.y, to.y, 1e-3);
  /* A pivot in place (R): +15 degrees. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_r, 0));
  pivot = g_strdup_printf ("move %s %.3f,%.3f %.1f", mover->id, mover->centre.x, mover->centre.y,
                           fmod (mover->facing + 15, 360));
  rdt_gl_game_apply (twin, pivot, NULL, NULL);
  shown = rdt_gridless_find_piece (rdt_gridless_view_get_gridless (area), mover->id);
  g_assert_cmpfloat_with_epsilon (shown->facing, mover->facing, 1e-9);
  /* The view's game and the twin are in the same state. */
  {
    g_autofree char *a = rdt_gl_game_digest (twin);
    g_autoptr(GBytes) now = rdt_gridless_to_bytes (rdt_gridless_view_get_gridless (area), NULL);
    g_autoptr(GBytes) expect = rdt_gridless_to_bytes (tg, NULL);

    g_assert_nonnull (a);
    g_assert_true (g_bytes_equal (now, expect));
  }
  /* Ctrl+Z is the game's undo. */
  g_assert_true (rdt_gl_game_undo (twin, NULL));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  tg = rdt_gl_game_get_gridless (twin);
  shown = rdt_gridless_find_piece (rdt_gridless_view_get_gridless (area), mover->id);
  g_assert_cmpfloat_with_epsilon (shown->facing, rdt_gridless_find_piece (tg, mover->id)->facing, 1e-9);
  /* Leaving play (G): the scenario as it was, not moved by the game. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_g, 0));
  shown = rdt_gridless_find_piece (rdt_gridless_view_get_gridless (area), rdt_gridless_find_piece (tg, mover->id)->id);
  g_assert_cmpfloat_with_epsilon (shown->centre.x, start.x, 1e-9);
  g_assert_cmpfloat_with_epsilon (shown->centre.y, start.y, 1e-9);
  g_assert_false (strstr (rdt_gridless_view_get_info (area), "Play:") != NULL);
  /* Back in play for the screenshot. */
  g_assert_true (rdt_gridless_view_play (area, TRUE, 42));
  g_assert_true (rdt_gridless_view_play_action (area, "pull"));
}

static void
run_scripted (void (*script) (GtkWidget *area));
static const char *scenario_path_of (GtkWidget *area);

static void
test_play (void)
{
  run_scripted (play);
}

static void
test_interact (void)
{
  run_scripted (interact);
}

static void
test_shapes (void)
{
  run_scripted (shapes);
}


static GtkWidget *
widget (GtkWidget  *area,
        const char *name)
{
  GtkWidget *w = find_named (GTK_WIDGET (gtk_widget_get_root (area)), name);

  g_assert_nonnull (w);
  return w;
}

static void
click_button (GtkWidget  *area,
              const char *name)
{
  g_signal_emit_by_name (widget (area, name), "clicked");
}

static const char *
label_text (GtkWidget  *area,
            const char *name)
{
  return gtk_label_get_text (GTK_LABEL (widget (area, name)));
}

static guint
errors_of (const RdtGridless *g)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();

  rdt_gridless_validate (g, diagnostics);
  return rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR);
}

/* Shape tools (H, W, C; V + Shift+Delete; the Shape panel): a hill with its
 * crest line and level (G3, G7), a stream, a ford turned bridge on it, a
 * shape deleted, a shape's id and kind changed; each refused when the
 * scenario checks (docs/format.md, Gridless checks) would fail, each undone. */
static void
shape_tools (GtkWidget *area)
{
  const RdtGridless *g = rdt_gridless_view_get_gridless (area);
  guint n_hills = g->hills->len, n_waters = g->waters->len;
  const RdtGlHill *h;
  const RdtGlWater *w;
  const RdtGlCrossing *c;
  const RdtGlArea *a;

  /* The tool bar's buttons are the keys. */
  click_button (area, "gridless-tool-w");
  g_assert_cmpint (rdt_gridless_view_get_mode (area), ==, RDT_GRIDLESS_VIEW_WATER);
  click_button (area, "gridless-tool-c");
  g_assert_cmpint (rdt_gridless_view_get_mode (area), ==, RDT_GRIDLESS_VIEW_CROSSING);
  click_button (area, "gridless-tool-h");
  g_assert_cmpint (rdt_gridless_view_get_mode (area), ==, RDT_GRIDLESS_VIEW_HILL);
  /* A crest that does not reach the outline is refused (G7). */
  g_assert_cmpint (rdt_gridless_view_get_mode (area), ==, RDT_GRIDLESS_VIEW_HILL);
  rdt_gridless_view_click (area, 2, 18, 0);
  rdt_gridless_view_click (area, 6, 18, 0);
  rdt_gridless_view_click (area, 6, 22, 0);
  rdt_gridless_view_click (area, 2, 22, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Return, 0));
  g_assert_true (info_has (area, "crest line"));
  rdt_gridless_view_click (area, 3, 20, 0);
  rdt_gridless_view_click (area, 5, 20, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Return, 0));
  g_assert_true (info_has (area, "Hill refused: "));
  g_assert_cmpuint (rdt_gridless_view_get_gridless (area)->hills->len, ==, n_hills);
  /* Backspace twice: the crest is redrawn, its ends snapped onto the
   * outline (clicked 0.1" off it). */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_BackSpace, 0));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_BackSpace, 0));
  rdt_gridless_view_click (area, 2.1, 20, 0);
  rdt_gridless_view_click (area, 4, 19.5, 0);
  rdt_gridless_view_click (area, 5.9, 20, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Return, 0));
  g = rdt_gridless_view_get_gridless (area);
  g_assert_cmpuint (g->hills->len, ==, n_hills + 1);
  h = g_ptr_array_index (g->hills, n_hills);
  g_assert_cmpstr (h->id, ==, "hill-1");
  g_assert_cmpint (h->level, ==, 1);
  g_assert_cmpuint (h->points->len, ==, 4);
  g_assert_cmpuint (h->crest->len, ==, 3);
  g_assert_cmpfloat (g_array_index (h->crest, RdtPoint, 0).x, ==, 2);
  g_assert_cmpfloat (g_array_index (h->crest, RdtPoint, 2).x, ==, 6);
  g_assert_cmpuint (errors_of (g), ==, 0);

  /* A stream as a polyline (W, 2). */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_w, 0));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_2, 0));
  g_assert_true (info_has (area, "New stream as a polyline"));
  rdt_gridless_view_click (area, 10, 17, 0);
  rdt_gridless_view_click (area, 14, 22, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Return, 0));
  g = rdt_gridless_view_get_gridless (area);
  g_assert_cmpuint (g->waters->len, ==, n_waters + 1);
  w = g_ptr_array_index (g->waters, n_waters);
  g_assert_cmpstr (w->id, ==, "stream-1");
  g_assert_false (w->river);
  g_assert_false (w->area);

  /* A ford on it (C): clicked 0.1" off the line, placed on the line. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_c, 0));
  rdt_gridless_view_click (area, 12.1, 19.5, 0);
  g = rdt_gridless_view_get_gridless (area);
  w = g_ptr_array_index (g->waters, n_waters);
  g_assert_cmpuint (w->crossings->len, ==, 1);
  c = g_ptr_array_index (w->crossings, 0);
  g_assert_false (c->bridge);
  /* On the line 10,17 - 14,22: (y - 17) = 1.25 (x - 10). */
  g_assert_cmpfloat_with_epsilon (c->at.y - 17, 1.25 * (c->at.x - 10), 1e-9);
  g_assert_cmpuint (errors_of (g), ==, 0);
  g_assert_true (info_has (area, "Selected: ford on stream-1"));
  /* 2: the selected ford becomes a bridge. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_2, 0));
  c = g_ptr_array_index (((RdtGlWater *) g_ptr_array_index (rdt_gridless_view_get_gridless (area)->waters, n_waters))->crossings, 0);
  g_assert_true (c->bridge);
  /* Dragged along its water: it stays on the line; one undo step. */
  {
    RdtPoint was = c->at;
    const RdtGlCrossing *moved;

    rdt_gridless_view_drag (area, was.x, was.y, 13.8, 20.5);
    moved = g_ptr_array_index (((RdtGlWater *) g_ptr_array_index (rdt_gridless_view_get_gridless (area)->waters, n_waters))->crossings, 0);
    g_assert_cmpfloat (moved->at.x, >, was.x + 1);
    g_assert_cmpfloat_with_epsilon (moved->at.y - 17, 1.25 * (moved->at.x - 10), 1e-9);
    g_assert_cmpuint (errors_of (rdt_gridless_view_get_gridless (area)), ==, 0);
    g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
    moved = g_ptr_array_index (((RdtGlWater *) g_ptr_array_index (rdt_gridless_view_get_gridless (area)->waters, n_waters))->crossings, 0);
    g_assert_cmpfloat_with_epsilon (moved->at.x, was.x, 1e-6);
    g_assert_true (moved->bridge);
    c = moved;
  }
  /* Off any water: refused with the reason. */
  rdt_gridless_view_click (area, 1, 1, 0);
  g_assert_true (info_has (area, "No river or stream here"));
  /* Delete removes the selected crossing; Ctrl+Z brings it back. */
  rdt_gridless_view_click (area, c->at.x, c->at.y, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Delete, 0));
  g_assert_cmpuint (((RdtGlWater *) g_ptr_array_index (rdt_gridless_view_get_gridless (area)->waters, n_waters))->crossings->len, ==, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_cmpuint (((RdtGlWater *) g_ptr_array_index (rdt_gridless_view_get_gridless (area)->waters, n_waters))->crossings->len, ==, 1);

  /* Delete a shape (V, select a vertex, Shift+Delete), then undo. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_v, 0));
  rdt_gridless_view_click (area, 6, 18, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Delete, GDK_SHIFT_MASK));
  g_assert_cmpuint (rdt_gridless_view_get_gridless (area)->hills->len, ==, n_hills);
  g_assert_true (info_has (area, "Deleted hill-1."));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_cmpuint (rdt_gridless_view_get_gridless (area)->hills->len, ==, n_hills + 1);

  /* The Shape panel: chadds-woods (area 0) renamed and made marsh. */
  rdt_gridless_view_click (area, 12, 8, 0);
  g_assert_true (gtk_widget_get_visible (widget (area, "gridless-shape-panel")));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (widget (area, "gridless-shape-id"))), ==, "chadds-woods");
  /* A taken id is refused with the check it breaks; nothing changes. */
  gtk_editable_set_text (GTK_EDITABLE (widget (area, "gridless-shape-id")), "south-woods");
  click_button (area, "gridless-shape-apply");
  g_assert_nonnull (strstr (label_text (area, "gridless-shape-error"), "is taken"));
  gtk_editable_set_text (GTK_EDITABLE (widget (area, "gridless-shape-id")), "bad id");
  click_button (area, "gridless-shape-apply");
  g_assert_nonnull (strstr (label_text (area, "gridless-shape-error"), "is not an id"));
  a = g_ptr_array_index (rdt_gridless_view_get_gridless (area)->areas, 0);
  g_assert_cmpstr (a->id, ==, "chadds-woods");
  gtk_editable_set_text (GTK_EDITABLE (widget (area, "gridless-shape-id")), "chadds-marsh");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget (area, "gridless-shape-kind")), RDT_GL_AREA_MARSH);
  click_button (area, "gridless-shape-apply");
  a = g_ptr_array_index (rdt_gridless_view_get_gridless (area)->areas, 0);
  g_assert_cmpstr (a->id, ==, "chadds-marsh");
  g_assert_cmpint (a->kind, ==, RDT_GL_AREA_MARSH);
  g_assert_cmpstr (label_text (area, "gridless-shape-error"), ==, "");
  /* The new hill's level (Shape panel): 2 would need a level-1 hill under
   * it (G3): refused. */
  rdt_gridless_view_click (area, 2, 18, 0);
  g_assert_true (gtk_widget_get_visible (widget (area, "gridless-shape-level")));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget (area, "gridless-shape-level")), 2);
  click_button (area, "gridless-shape-apply");
  g_assert_nonnull (strstr (label_text (area, "gridless-shape-error"), "Not changed: "));
  g_assert_cmpint (((RdtGlHill *) g_ptr_array_index (rdt_gridless_view_get_gridless (area)->hills, n_hills))->level, ==, 1);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  a = g_ptr_array_index (rdt_gridless_view_get_gridless (area)->areas, 0);
  g_assert_cmpstr (a->id, ==, "chadds-woods");
  g_assert_cmpint (a->kind, ==, RDT_GL_AREA_WOODS);
  /* Redo, and show the crossing tool for the screenshot. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_c, 0));
  rdt_gridless_view_click (area, 20, 12.05, 0);
  g_assert_true (info_has (area, "Selected: ford on brandywine"));
  /* The new hill's vertex selected: its Shape panel (screenshot). */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_v, 0));
  rdt_gridless_view_click (area, 6, 22, 0);
  g_assert_true (gtk_widget_get_visible (widget (area, "gridless-shape-level")));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (widget (area, "gridless-shape-id"))), ==, "hill-1");
  /* A hill being drawn, level 1, its crest started (screenshot); Escape
   * would drop it. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_h, 0));
  rdt_gridless_view_click (area, 8, 18, 0);
  rdt_gridless_view_click (area, 12, 17.5, 0);
  rdt_gridless_view_click (area, 11, 22, 0);
  rdt_gridless_view_click (area, 8.5, 21.5, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Return, 0));
  rdt_gridless_view_click (area, 8.05, 19.5, 0);
  rdt_gridless_view_click (area, 10, 19.8, 0);
  g_assert_true (info_has (area, "New hill, level 1: click the crest line from outline to outline (G7), Enter makes the hill (2 points)."));
  /* The whole table in the screenshot. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_minus, 0));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_minus, 0));
}

/* The palette (A, 1-6, X) and the Piece panel: a new Colonial infantry
 * block placed, its attributes set (name, Elite, Spent, Road Column, a
 * command of its side) and refused when invalid (an id taken or malformed,
 * a command of the other side), deleted (Delete) to the palette's "off the
 * table" and put back, every step undoable. */
static void
pieces (GtkWidget *area)
{
  guint n = rdt_gridless_view_get_gridless (area)->pieces->len;
  const RdtGlPiece *p;

  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_a, 0));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_2, 0));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_x, 0));
  g_assert_true (info_has (area, "place a new infantry of Colonial"));
  rdt_gridless_view_click (area, 3, 9, 0);
  g_assert_cmpuint (rdt_gridless_view_get_gridless (area)->pieces->len, ==, n + 1);
  p = piece (area, "infantry-1");
  g_assert_cmpstr (p->side, ==, "colonial");
  g_assert_cmpint (p->type, ==, RDT_GL_INFANTRY);
  g_assert_cmpfloat (p->centre.x, ==, 3);
  g_assert_cmpfloat (p->facing, ==, 180);
  /* A new piece with the palette's button: a British dragoon. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget (area, "gridless-palette-side")), 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget (area, "gridless-palette-type")), RDT_GL_DRAGOONS);
  click_button (area, "gridless-palette-place");
  rdt_gridless_view_click (area, 3, 7, 0);
  p = piece (area, "dragoons-1");
  g_assert_cmpstr (p->side, ==, "british");
  g_assert_cmpint (p->type, ==, RDT_GL_DRAGOONS);

  /* The Piece panel of the selected piece. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_s, 0));
  rdt_gridless_view_click (area, 3, 9, 0);
  g_assert_true (gtk_widget_get_visible (widget (area, "gridless-piece-panel")));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (widget (area, "gridless-piece-id"))), ==, "infantry-1");
  /* A command of the other side (index 2: k, British) is refused. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget (area, "gridless-piece-command")), 3);
  click_button (area, "gridless-piece-apply");
  g_assert_nonnull (strstr (label_text (area, "gridless-piece-error"), "belongs to the other side"));
  g_assert_null (piece (area, "infantry-1")->command);
  /* A taken id, a malformed id. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget (area, "gridless-piece-command")), 5);
  gtk_editable_set_text (GTK_EDITABLE (widget (area, "gridless-piece-id")), "mathew");
  click_button (area, "gridless-piece-apply");
  g_assert_nonnull (strstr (label_text (area, "gridless-piece-error"), "is taken"));
  gtk_editable_set_text (GTK_EDITABLE (widget (area, "gridless-piece-id")), "-x");
  click_button (area, "gridless-piece-apply");
  g_assert_nonnull (strstr (label_text (area, "gridless-piece-error"), "is not an id"));
  /* Valid: renamed, G Command (index 5: g, Colonial), Elite, Spent, Road Column. */
  gtk_editable_set_text (GTK_EDITABLE (widget (area, "gridless-piece-id")), "proctor");
  gtk_editable_set_text (GTK_EDITABLE (widget (area, "gridless-piece-name")), "Proctor's Regiment");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget (area, "gridless-piece-quality")), RDT_GL_QUALITY_ELITE);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget (area, "gridless-piece-status")), 1);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (widget (area, "gridless-piece-column")), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget (area, "gridless-piece-facing")), 90);
  /* The block size is the piece type's: every infantry block follows. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget (area, "gridless-piece-width")), 0.875);
  click_button (area, "gridless-piece-apply");
  g_assert_cmpfloat (rdt_gridless_get_spec (rdt_gridless_view_get_gridless (area), RDT_GL_INFANTRY)->width, ==, 0.875);
  g_assert_cmpfloat (rdt_gridless_get_spec (rdt_gridless_view_get_gridless (area), RDT_GL_DRAGOONS)->width, ==, 0.75);
  g_assert_cmpstr (label_text (area, "gridless-piece-error"), ==, "");
  p = piece (area, "proctor");
  g_assert_cmpstr (p->name, ==, "Proctor's Regiment");
  g_assert_cmpstr (p->command, ==, "g");
  g_assert_cmpint (p->quality, ==, RDT_GL_QUALITY_ELITE);
  g_assert_true (p->spent);
  g_assert_true (p->road_column);
  g_assert_cmpfloat (p->facing, ==, 90);
  g_assert_true (info_has (area, "proctor (infantry, colonial)"));
  g_assert_cmpuint (errors_of (rdt_gridless_view_get_gridless (area)), ==, 0);
  /* Undo gives infantry-1 back as it was. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_null (rdt_gridless_find_piece (rdt_gridless_view_get_gridless (area), "proctor"));
  g_assert_false (piece (area, "infantry-1")->spent);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  g_assert_true (piece (area, "proctor")->spent);

  /* Delete (Select mode): off the table, into the palette; put back. */
  rdt_gridless_view_click (area, 3, 9, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Delete, 0));
  g_assert_null (rdt_gridless_find_piece (rdt_gridless_view_get_gridless (area), "proctor"));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget (area, "gridless-palette-existing")), 0);
  click_button (area, "gridless-palette-put-back");
  g_assert_true (info_has (area, "put proctor back"));
  rdt_gridless_view_click (area, 4, 10, 0);
  p = piece (area, "proctor");
  g_assert_cmpfloat (p->centre.x, ==, 4);
  g_assert_cmpstr (p->command, ==, "g");
  g_assert_true (p->road_column);
  /* Undo twice: off the table, then back where it was. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_null (rdt_gridless_find_piece (rdt_gridless_view_get_gridless (area), "proctor"));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_cmpfloat (piece (area, "proctor")->centre.x, ==, 3);
  /* Selected for the screenshot: the Piece panel. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_s, 0));
  rdt_gridless_view_click (area, 3, 9, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_minus, 0));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_minus, 0));
}

static char *
read_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* The game panel: the chit cup (How the Turns Work 1-2), the dice of the
 * last action, the log with its rulebook sections; Save Game in the format
 * of `redoubt-cli play --save` (replayed by the core's reader, digest
 * checked), Open Game, Export Log as Script (replayed by a fresh game). */
static void
game_panel (GtkWidget *area)
{
  const RdtGridless *scenario = rdt_gridless_view_get_gridless (area);
  g_autofree char *folder = g_path_get_dirname (scenario->path);
  g_autofree char *other = g_dir_make_tmp ("rdt-gl-game-XXXXXX", NULL);
  g_autofree char *same_path = g_build_filename (folder, "same.rdtgame", NULL);
  g_autofree char *other_path = g_build_filename (other, "elsewhere.rdtgame", NULL);
  g_autofree char *copy_path = g_build_filename (other, "elsewhere.scenario.redoubt", NULL);
  g_autofree char *script_path = g_build_filename (other, "script.txt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGlGame) back = NULL;
  g_autoptr(GBytes) shown = NULL;
  g_autoptr(GBytes) replayed = NULL;
  GtkTextBuffer *buffer;
  GtkTextIter start, end;
  g_autofree char *log = NULL;

  /* No game: Save Game is refused. */
  g_assert_false (rdt_gridless_view_save_game (area, same_path, &error));
  g_clear_error (&error);
  g_assert_false (gtk_widget_get_visible (widget (area, "gridless-game-panel")));
  g_assert_true (rdt_gridless_view_play (area, TRUE, 42));
  g_assert_true (gtk_widget_get_visible (widget (area, "gridless-game-panel")));
  g_assert_nonnull (strstr (label_text (area, "gridless-cup"), "5 left: C (c) K (k) W (w) G (g) S (s)"));
  /* Nothing is out of the cup yet: no empty list is shown. */
  g_assert_null (strstr (label_text (area, "gridless-cup"), "out of the cup"));
  g_assert_true (rdt_gridless_view_play_action (area, "pull"));
  g_assert_nonnull (strstr (label_text (area, "gridless-cup"), "4 left:"));
  g_assert_nonnull (strstr (label_text (area, "gridless-dice"), "Last action: pull"));
  g_assert_nonnull (strstr (label_text (area, "gridless-dice"), "How the Turns Work, step 2"));
  /* How to Alter Turn Order: the die rolled is shown (the core's result). */
  g_assert_true (rdt_gridless_view_play_action (area, "alter greene delay"));
  g_assert_nonnull (strstr (label_text (area, "gridless-dice"), "Last action: alter greene delay — g delay: rolled 2 against rating 3 (provisional)"));
  g_assert_nonnull (strstr (label_text (area, "gridless-dice"), "(How to Alter Turn Order)"));
  /* A refused action is not logged. */
  g_assert_false (rdt_gridless_view_play_action (area, "combat"));
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (widget (area, "gridless-log")));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  log = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_assert_nonnull (strstr (log, "Seed 42\n1. pull"));
  g_assert_nonnull (strstr (log, "[How the Turns Work, step 2]"));
  g_assert_nonnull (strstr (log, "\n2. alter greene delay — g delay: rolled 2"));
  g_assert_nonnull (strstr (log, "[How to Alter Turn Order]"));
  g_assert_null (strstr (log, "3. "));
  g_assert_true (rdt_gridless_view_play_action (area, "pull"));

  /* Save Game next to the scenario: it refers to it by name. */
  g_assert_true (rdt_gridless_view_save_game (area, same_path, &error));
  g_assert_no_error (error);
  text = read_text (same_path);
  g_assert_true (g_str_has_prefix (text, "redoubt-gridless-game 1\nscenario pub.redoubt\nseed 42\naction pull\naction alter greene delay\naction pull\ndigest "));
  back = rdt_gl_game_from_text (text, folder, &error);
  g_assert_no_error (error);
  shown = rdt_gridless_to_bytes (rdt_gridless_view_get_gridless (area), NULL);
  replayed = rdt_gridless_to_bytes (rdt_gl_game_get_gridless (back), NULL);
  g_assert_true (g_bytes_equal (shown, replayed));
  g_assert_cmpuint (rdt_gl_game_get_cup (back)->len, ==, 3);
  g_clear_pointer (&back, rdt_gl_game_free);
  g_clear_pointer (&text, g_free);
  /* Elsewhere: the scenario is copied next to it. */
  g_assert_true (rdt_gridless_view_save_game (area, other_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (copy_path, G_FILE_TEST_IS_REGULAR));
  text = read_text (other_path);
  g_assert_nonnull (strstr (text, "scenario elsewhere.scenario.redoubt\n"));
  back = rdt_gl_game_from_text (text, other, &error);
  g_assert_no_error (error);
  g_clear_pointer (&back, rdt_gl_game_free);
  g_clear_pointer (&text, g_free);

  /* Export Log as Script: a fresh game with the seed replays it. */
  g_assert_true (rdt_gridless_view_export_script (area, script_path, &error));
  g_assert_no_error (error);
  text = read_text (script_path);
  g_assert_true (g_str_has_prefix (text, "# redoubt-cli play pub.redoubt --seed 42 --script THIS-FILE\npull\nalter greene delay\npull\n"));
  {
    g_autoptr(RdtGlGame) fresh = rdt_gl_game_new (rdt_gridless_load_from_file (scenario_path_of (area), NULL, NULL), 42);
    g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
    g_autoptr(GBytes) mine = NULL;

    for (guint i = 0; lines[i] != NULL; i++)
      if (lines[i][0] != '\0' && lines[i][0] != '#')
        g_assert_true (rdt_gl_game_apply (fresh, lines[i], NULL, NULL));
    mine = rdt_gridless_to_bytes (rdt_gl_game_get_gridless (fresh), NULL);
    g_assert_true (g_bytes_equal (mine, shown));
  }
  g_clear_pointer (&text, g_free);

  /* Leave play, then Open Game: the game is replayed and played on. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_g, 0));
  g_assert_false (gtk_widget_get_visible (widget (area, "gridless-game-panel")));
  g_assert_true (rdt_gridless_view_open_game (area, other_path, &error));
  g_assert_no_error (error);
  g_assert_true (info_has (area, "replayed: 3 actions, digest checked"));
  g_assert_true (gtk_widget_get_visible (widget (area, "gridless-game-panel")));
  g_clear_pointer (&replayed, g_bytes_unref);
  replayed = rdt_gridless_to_bytes (rdt_gridless_view_get_gridless (area), NULL);
  g_assert_true (g_bytes_equal (shown, replayed));
  g_assert_nonnull (strstr (label_text (area, "gridless-cup"), "3 left:"));
  /* A damaged saved game is refused with the reason; the game stays. */
  {
    g_autofree char *bad = g_build_filename (other, "bad.rdtgame", NULL);

    g_assert_true (g_file_set_contents (bad, "redoubt-gridless-game 1\nscenario ../x.redoubt\nseed 1\n", -1, NULL));
    g_assert_false (rdt_gridless_view_open_game (area, bad, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
    g_unlink (bad);
  }
  g_assert_nonnull (strstr (label_text (area, "gridless-cup"), "3 left:"));
  g_unlink (same_path);
  g_unlink (other_path);
  g_unlink (copy_path);
  g_unlink (script_path);
  g_rmdir (other);
}

/* Save As (atomic, the window follows the new file) and the autosave to the
 * recovery folder, removed once saved. */
static void
save_as_autosave (GtkWidget *area)
{
  const RdtGridless *g = rdt_gridless_view_get_gridless (area);
  g_autofree char *folder = g_path_get_dirname (g->path);
  g_autofree char *new_path = g_build_filename (folder, "renamed.redoubt", NULL);
  g_autofree char *recovery = g_build_filename (g_get_user_state_dir (), "redoubt", "recovery", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  guint n = 0;

  g_assert_false (rdt_gridless_view_autosave_now (area));
  rdt_gridless_view_click (area, 31, 14.5, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_r, 0));
  g_assert_true (rdt_gridless_view_autosave_now (area));
  dir = g_dir_open (recovery, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".redoubt"))
      {
        g_autofree char *path = g_build_filename (recovery, name, NULL);
        g_autoptr(RdtGridless) saved = rdt_gridless_load_from_file (path, NULL, NULL);

        g_assert_true (rdt_gridless_view_is_gridless_file (path));
        g_assert_nonnull (saved);
        g_assert_cmpfloat (rdt_gridless_find_piece (saved, "mathew")->facing, ==, 15);
        n++;
      }
  g_assert_cmpuint (n, ==, 1);
  g_clear_pointer (&dir, g_dir_close);
  g_assert_true (rdt_gridless_view_save_as (area, new_path, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (gtk_widget_get_root (area))), "renamed.redoubt"));
  {
    g_autoptr(RdtGridless) saved = rdt_gridless_load_from_file (new_path, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpfloat (rdt_gridless_find_piece (saved, "mathew")->facing, ==, 15);
  }
  /* Saved: the autosave is gone. */
  dir = g_dir_open (recovery, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_assert_false (g_str_has_suffix (name, ".redoubt"));
  g_assert_false (rdt_gridless_view_autosave_now (area));
  g_unlink (new_path);
}

/* Set by the recovery test: files to write before the editor starts, and
 * whether the scenario is given on the command line. */
static void (*prepare_run) (const char *dir, const char *path);
static gboolean run_without_file;

#define DEAD_PID "2147483000"

/* An autosave left by a process that is gone: the copied scenario with
 * mathew turned to 15 degrees. */
static void
write_orphan (const char *dir,
              const char *path)
{
  g_autofree char *recovery = g_build_filename (dir, "redoubt", "recovery", NULL);
  g_autofree char *data = g_build_filename (recovery, "orphan.redoubt", NULL);
  g_autofree char *info = g_build_filename (recovery, "orphan.info", NULL);
  g_autofree char *keys = g_strdup_printf ("[Recovery]\npid=" DEAD_PID "\nsaved-at=1700000000\noriginal=%s\n", path);
  g_autoptr(RdtGridless) g = rdt_gridless_load_from_file (path, NULL, NULL);
  g_autoptr(GBytes) bytes = NULL;

  g_assert_nonnull (g);
  ((RdtGlPiece *) rdt_gridless_find_piece (g, "mathew"))->facing = 15;
  bytes = rdt_gridless_to_bytes (g, NULL);
  g_assert_cmpint (g_mkdir_with_parents (recovery, 0700), ==, 0);
  g_assert_true (g_file_set_contents (data, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
  g_assert_true (g_file_set_contents (info, keys, -1, NULL));
}

/* At start the editor offers the gridless autosave back in a gridless
 * window (docs/editor.md, Recovery): Restore gives the unsaved work as one
 * undo step; it stays in the recovery folder until saved. */
static void
recovery_offer (GtkWidget *area)
{
  g_autofree char *recovery = g_build_filename (g_get_user_state_dir (), "redoubt", "recovery", NULL);
  g_autofree char *data = g_build_filename (recovery, "orphan.redoubt", NULL);

  g_assert_nonnull (widget (area, "gridless-recovery-bar"));
  g_assert_cmpfloat (piece (area, "mathew")->facing, ==, 0);
  g_assert_true (rdt_gridless_view_restore (area, TRUE));
  g_assert_null (find_named (GTK_WIDGET (gtk_widget_get_root (area)), "gridless-recovery-bar"));
  g_assert_cmpfloat (piece (area, "mathew")->facing, ==, 15);
  g_assert_true (info_has (area, "Unsaved work restored"));
  g_assert_true (g_file_test (data, G_FILE_TEST_IS_REGULAR));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_cmpfloat (piece (area, "mathew")->facing, ==, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  g_assert_true (rdt_gridless_view_save (area, NULL));
  g_assert_false (g_file_test (data, G_FILE_TEST_EXISTS));
}

static void
discard_offer (GtkWidget *area)
{
  g_autofree char *recovery = g_build_filename (g_get_user_state_dir (), "redoubt", "recovery", NULL);
  g_autofree char *data = g_build_filename (recovery, "orphan.redoubt", NULL);

  g_assert_true (rdt_gridless_view_restore (area, FALSE));
  g_assert_cmpfloat (piece (area, "mathew")->facing, ==, 0);
  g_assert_false (g_file_test (data, G_FILE_TEST_EXISTS));
}

/* The offer itself, left open (the screenshot of docs/editor.md). */
static void
offer_shown (GtkWidget *area)
{
  GtkWidget *bar = widget (area, "gridless-recovery-bar");
  GtkWidget *label = NULL;

  for (GtkWidget *c = gtk_widget_get_first_child (bar); c != NULL && label == NULL; c = gtk_widget_get_next_sibling (c))
    label = find_named (c, "GtkLabel");
  g_assert_nonnull (label);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "Unsaved work on “pub.redoubt” was kept. Restore it?"));
  g_assert_cmpfloat (piece (area, "mathew")->facing, ==, 0);
}

static void
test_recovery_offer (void)
{
  prepare_run = write_orphan;
  run_without_file = TRUE;
  run_scripted (offer_shown);
}

static void
test_recovery (void)
{
  prepare_run = write_orphan;
  run_without_file = TRUE;
  run_scripted (recovery_offer);
}

static void
test_recovery_discard (void)
{
  prepare_run = write_orphan;
  run_without_file = TRUE;
  run_scripted (discard_offer);
}

/* Issue 18, "a map size in inches of table, scaled to a scan underlay": a
 * map with an <underlay> shows the scan under the shapes, at its
 * pixels-per-inch, its pixel (origin-x, origin-y) on the table's corner. */
static void
write_underlay (const char *dir,
                const char *path)
{
  g_autofree char *contents = NULL;
  g_autofree char *scan = g_build_filename (dir, "scan.png", NULL);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 100, 100);
  cairo_t *cr = cairo_create (s);
  GString *text;
  const char *map;

  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (s, scan), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  map = strstr (contents, "<gridless-map");
  g_assert_nonnull (map);
  map = strchr (map, '>');
  text = g_string_new_len (contents, map + 1 - contents);
  /* 10 pixels per inch, the scan's pixel (0, -200) on the corner: the scan
   * covers x 0-10 in, y 20-30 in. */
  g_string_append (text, "\n    <underlay href=\"scan.png\" pixels-per-inch=\"10\" origin-x=\"0\" origin-y=\"-200\"/>");
  g_string_append (text, map + 1);
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));
  g_string_free (text, TRUE);
}

static void spin (guint ms);

/* The area drawn as the user sees it; the colour at (x, y) inches. */
static void
area_pixel (GtkWidget *area,
            double     x,
            double     y,
            int        rgb[3])
{
  const RdtGridless *g = rdt_gridless_view_get_gridless (area);
  int w = gtk_widget_get_width (area), h = gtk_widget_get_height (area);
  double scale = w / g->width;
  GdkPaintable *paintable = gtk_widget_paintable_new (area);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (s);
  guint32 v;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  v = *(guint32 *) (gpointer) (cairo_image_surface_get_data (s)
                               + (int) (y * scale) * cairo_image_surface_get_stride (s)
                               + 4 * (int) (x * scale));
  rgb[0] = (v >> 16) & 0xff;
  rgb[1] = (v >> 8) & 0xff;
  rgb[2] = v & 0xff;
  gsk_render_node_unref (node);
  cairo_surface_destroy (s);
  g_object_unref (paintable);
}

static void
underlay_shown (GtkWidget *area)
{
  int c[3] = { 0, 255, 0 };

  g_assert_nonnull (rdt_gridless_view_get_gridless (area)->underlay_href);
  /* Decoded in a thread: wait for it (at most 5 s). */
  for (int i = 0; i < 50 && c[1] > 60; i++)
    {
      spin (100);
      area_pixel (area, 2, 22, c);
    }
  g_assert_cmpint (c[0], >, 200);
  g_assert_cmpint (c[1], <, 60);
  g_assert_cmpint (c[2], >, 200);
  /* Past the scan's right edge: the table's own colour. */
  area_pixel (area, 10.5, 22, c);
  g_assert_cmpint (c[1], >, 150);
}

static void
test_underlay (void)
{
  prepare_run = write_underlay;
  run_scripted (underlay_shown);
}

/* Brandywine Scenario, Setup and Start Options: the bundled scenario's
 * zones are drawn; Z hides and shows them. */
static void
zones (GtkWidget *area)
{
  const RdtGridless *g = rdt_gridless_view_get_gridless (area);
  g_autofree char *expect = g_strdup_printf ("Zones shown: %u (set-up, entry, objective).", g->zones->len);

  g_assert_cmpuint (g->zones->len, >, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, 0));
  g_assert_true (info_has (area, "Zones hidden."));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_z, 0));
  g_assert_true (info_has (area, expect));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_minus, 0));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_minus, 0));
}

static void
test_zones (void)
{
  run_scripted (zones);
}

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* Answers the chooser the key opened: ACCEPT with FOLDER/NAME (NAME NULL:
 * cancel); checks its title first. */
static void
answer_chooser (GtkWidget  *area,
                const char *title,
                const char *folder,
                const char *name,
                gboolean    open)
{
  GtkNativeDialog *d = rdt_gridless_view_get_chooser (area);

  g_assert_nonnull (d);
  g_assert_cmpstr (gtk_native_dialog_get_title (d), ==, title);
  spin (100);
  if (!open)
    {
      /* Named after the window's file (pub.redoubt, then as.redoubt). */
      g_autofree char *offered = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (d));

      g_assert_true (g_str_has_prefix (offered, "pub") || g_str_has_prefix (offered, "as"));
    }
  if (name == NULL)
    g_signal_emit_by_name (d, "response", GTK_RESPONSE_CANCEL);
  else
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GFile) dir = g_file_new_for_path (folder);

      if (open)
        g_assert_true (gtk_file_chooser_set_file (GTK_FILE_CHOOSER (d), file, NULL));
      else
        {
          g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (d), dir, NULL));
          gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (d), name);
        }
      spin (100);
      g_signal_emit_by_name (d, "response", GTK_RESPONSE_ACCEPT);
    }
  spin (100);
  g_assert_null (rdt_gridless_view_get_chooser (area));
}

/* The keys of docs/editor.md open the file choosers: Ctrl+Shift+S Save As,
 * and while playing Ctrl+S Save Game, Ctrl+E Export Log as Script; Ctrl+O
 * Open Game; Cancel does nothing. */
static void
choosers (GtkWidget *area)
{
  g_autofree char *dir = g_dir_make_tmp ("rdt-gl-choose-XXXXXX", NULL);
  g_autofree char *as = g_build_filename (dir, "as.redoubt", NULL);
  g_autofree char *game = g_build_filename (dir, "g.rdtgame", NULL);
  g_autofree char *copy = g_build_filename (dir, "g.scenario.redoubt", NULL);
  g_autofree char *script = g_build_filename (dir, "s.txt", NULL);
  g_autofree char *text = NULL;

  RDT_TEST_BEFORE_FILE_CHOOSER ();
  rdt_gridless_view_click (area, 31, 14.5, 0);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_r, 0));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_S, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  answer_chooser (area, "Save Scenario As", dir, "as.redoubt", FALSE);
  g_assert_true (g_file_test (as, G_FILE_TEST_IS_REGULAR));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (gtk_widget_get_root (area))), "as.redoubt"));

  g_assert_true (rdt_gridless_view_play (area, TRUE, 7));
  g_assert_true (rdt_gridless_view_play_action (area, "pull"));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_s, GDK_CONTROL_MASK));
  answer_chooser (area, "Save Game", dir, "g.rdtgame", FALSE);
  g_assert_true (g_file_get_contents (game, &text, NULL, NULL));
  /* Saved beside the scenario it began from (as.redoubt, unchanged since). */
  g_assert_true (g_str_has_prefix (text, "redoubt-gridless-game 1\nscenario as.redoubt\nseed 7\naction pull\n"));
  g_clear_pointer (&text, g_free);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_e, GDK_CONTROL_MASK));
  answer_chooser (area, "Export Log as Script", dir, "s.txt", FALSE);
  g_assert_true (g_file_get_contents (script, &text, NULL, NULL));
  g_assert_true (g_str_has_suffix (text, "\npull\n"));
  /* Leave play; Ctrl+O, cancelled: still not playing; then opened. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_g, 0));
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_o, GDK_CONTROL_MASK));
  answer_chooser (area, "Open Game", dir, NULL, TRUE);
  g_assert_false (strstr (rdt_gridless_view_get_info (area), "Play:") != NULL);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_o, GDK_CONTROL_MASK));
  answer_chooser (area, "Open Game", dir, "g.rdtgame", TRUE);
  g_assert_true (info_has (area, "replayed: 1 actions, digest checked"));
  g_assert_true (info_has (area, "Play: turn 1"));
  g_unlink (as);
  g_unlink (game);
  g_unlink (copy);
  g_unlink (script);
  g_rmdir (dir);
}

static void
test_choosers (void)
{
  run_scripted (choosers);
}

static void
test_shape_tools (void)
{
  run_scripted (shape_tools);
}

static void
test_pieces (void)
{
  run_scripted (pieces);
}

static void
test_game_panel (void)
{
  run_scripted (game_panel);
}

static void
test_save_as_autosave (void)
{
  run_scripted (save_as_autosave);
}

static void
run_scripted (void (*script) (GtkWidget *area))
{
  g_autofree char *source = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                              "pub-battles-brandywine.redoubt", NULL);
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *bak = NULL;
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr(RdtApplication) app = NULL;
  Run run = { 0 };
  char *argv[3];

  if (g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("no display (run under Xvfb)");
      return;
    }
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  dir = g_dir_make_tmp ("rdt-gl-gui-XXXXXX", NULL);
  path = g_build_filename (dir, "pub.redoubt", NULL);
  bak = g_strconcat (path, ".bak", NULL);
  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, length, NULL));
  /* Autosaves and the recovery offer use a folder of the test's own. */
  g_setenv ("XDG_STATE_HOME", dir, TRUE);
  if (prepare_run != NULL)
    prepare_run (dir, path);
  app = rdt_application_new ();
  argv[0] = (char *) "redoubt";
  argv[1] = run_without_file ? NULL : path;
  argv[2] = NULL;
  run.interact = TRUE;
  run.script = script;
  g_timeout_add (100, run_script, &run);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), run_without_file ? 1 : 2, argv), ==, 0);
  g_assert_true (run.done);
  g_assert_true (run.interacted);
  g_unlink (path);
  g_unlink (bak);
  {
    g_autofree char *recovery = g_build_filename (dir, "redoubt", "recovery", NULL);
    g_autofree char *parent = g_build_filename (dir, "redoubt", NULL);

    g_autofree char *info = g_build_filename (recovery, "orphan.info", NULL);
    g_autofree char *data = g_build_filename (recovery, "orphan.redoubt", NULL);

    g_unlink (info);
    g_unlink (data);
    g_rmdir (recovery);
    g_rmdir (parent);
  }
  g_rmdir (dir);
}

static const char *
scenario_path_of (GtkWidget *area)
{
  return rdt_gridless_view_get_gridless (area)->path;
}

/* The root element decides, as for redoubt-cli: hex scenarios are not
 * gridless, nor are missing files. */

/* ------------------------------------------------ start choices, set-up */

static GtkWidget *
in_start_dialog (GtkWidget  *area,
                 const char *name)
{
  GtkWindow *d = rdt_gridless_view_get_start_dialog (area);
  GtkWidget *w;

  g_assert_nonnull (d);
  w = find_named (GTK_WIDGET (d), name);
  g_assert_nonnull (w);
  return w;
}

/* A key pressed in the Start a Game dialog (its key controller). */
static void
dialog_key (GtkWidget *area,
            guint      keyval)
{
  GtkWindow *d = rdt_gridless_view_get_start_dialog (area);
  GListModel *list;
  gboolean handled = FALSE;

  g_assert_nonnull (d);
  list = gtk_widget_observe_controllers (GTK_WIDGET (d));
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      GtkEventController *c = g_list_model_get_item (list, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (c) && !handled)
        g_signal_emit_by_name (c, "key-pressed", keyval, 0, 0, &handled);
      g_object_unref (c);
    }
  g_object_unref (list);
  g_assert_true (handled);
  spin (50);
}

/* G, the start choices named, Start. */
static void
start_with (GtkWidget         *area,
            const char *const *checks)
{
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_g, 0));
  for (guint i = 0; checks[i] != NULL; i++)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (in_start_dialog (area, checks[i])), TRUE);
  g_signal_emit_by_name (in_start_dialog (area, "gridless-start-start"), "clicked");
  spin (50);
  g_assert_null (rdt_gridless_view_get_start_dialog (area));
  g_assert_true (info_has (area, "Play:"));
}

static char *
log_text (GtkWidget *area)
{
  GtkTextBuffer *b = gtk_text_view_get_buffer (GTK_TEXT_VIEW (widget (area, "gridless-log")));
  GtkTextIter s, e;

  gtk_text_buffer_get_bounds (b, &s, &e);
  return gtk_text_buffer_get_text (b, &s, &e, FALSE);
}

static const char *
label_of (GtkWidget  *area,
          const char *name)
{
  return gtk_label_get_text (GTK_LABEL (widget (area, name)));
}

/* The ids of the rows of the off-map list whose verb is @verb, for now
 * (the side placing). */
static GPtrArray *
offmap_rows (GtkWidget  *area,
             const char *verb)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *list = widget (area, "gridless-offmap");

  for (GtkWidget *c = gtk_widget_get_first_child (list); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LIST_BOX_ROW (c) && g_strcmp0 (g_object_get_data (G_OBJECT (c), "verb"), verb) == 0
        && g_object_get_data (G_OBJECT (c), "now") != NULL)
      g_ptr_array_add (ids, g_strdup (g_object_get_data (G_OBJECT (c), "piece")));
  return ids;
}

/* Every piece of the side placing now, dropped from the list at its file position. */
static void
place_all (GtkWidget *area)
{
  g_autoptr(GPtrArray) ids = offmap_rows (area, "place");

  g_assert_cmpuint (ids->len, >, 0);
  for (guint i = 0; i < ids->len; i++)
    {
      const RdtGlPiece *p = rdt_gridless_find_piece (rdt_gridless_view_get_gridless (area), g_ptr_array_index (ids, i));

      if (!rdt_gridless_view_drop_piece (area, p->id, p->centre.x, p->centre.y))
        g_error ("%s", rdt_gridless_view_get_info (area));
    }
}

/* Brandywine Scenario, Setup and Start Options through the window: G asks
 * for the start choices first (Cancel starts nothing); Multi Player and
 * Written Orders are shown as not played with the reason; the choices
 * become the option actions of the log; the set-up phase names the side
 * placing ("The British player places first"), lists the pieces off the
 * map with their zone and turn, and a dropped piece is placed or refused
 * with the rule; End Set-up (button, E) is refused while a piece is off. */
static void
setup_flow (GtkWidget *area)
{
  static const char *const checks[] = { "gridless-start-reinforcements-right", "gridless-start-baggage", NULL };
  g_autofree char *log = NULL;
  GtkWidget *row;

  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_g, 0));
  g_assert_false (info_has (area, "Play:"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (in_start_dialog (area, "gridless-start-multi-player"))), "not played"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (in_start_dialog (area, "gridless-start-written-orders"))), "not played"));
  g_assert_false (gtk_widget_get_sensitive (in_start_dialog (area, "gridless-start-written-orders")));
  /* REDOUBT_GUI_HOLD with REDOUBT_GUI_STOP=start-dialog: a screenshot of the dialog. */
  if (g_strcmp0 (g_getenv ("REDOUBT_GUI_STOP"), "start-dialog") == 0)
    {
      gtk_check_button_set_active (GTK_CHECK_BUTTON (in_start_dialog (area, "gridless-start-reinforcements-right")), TRUE);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (in_start_dialog (area, "gridless-start-reserves")), TRUE);
      return;
    }
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (in_start_dialog (area, "gridless-start-no-setup"))));
  in_start_dialog (area, "gridless-start-reinforcements-centre");
  in_start_dialog (area, "gridless-start-reinforcements-left");
  in_start_dialog (area, "gridless-start-early");
  in_start_dialog (area, "gridless-start-hq-alter");
  in_start_dialog (area, "gridless-start-reserves");
  g_signal_emit_by_name (in_start_dialog (area, "gridless-start-cancel"), "clicked");
  spin (50);
  g_assert_null (rdt_gridless_view_get_start_dialog (area));
  g_assert_false (info_has (area, "Play:"));
  /* Escape too. */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_g, 0));
  dialog_key (area, GDK_KEY_Escape);
  g_assert_null (rdt_gridless_view_get_start_dialog (area));
  g_assert_false (info_has (area, "Play:"));

  start_with (area, checks);
  log = log_text (area);
  g_assert_nonnull (strstr (log, "1. option baggage"));
  g_assert_nonnull (strstr (log, "2. option reinforcements right"));
  g_assert_nonnull (strstr (label_of (area, "gridless-phase"), "Set-up: British place first"));
  g_assert_true (info_has (area, "set-up"));
  g_assert_true (gtk_widget_get_visible (widget (area, "gridless-end-setup")));
  /* Off the map: C enters on Turn 4 from the right wing; K is placed. */
  row = widget (area, "gridless-offmap-crwl");
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)))),
                            "enters from British reinforcements: right wing"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)))), "Turn 4"));
  row = widget (area, "gridless-offmap-knyp");
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)))), "to place in"));
  /* A refusal names the rule; the piece stays off the map. */
  g_assert_false (rdt_gridless_view_drop_piece (area, "knyp", 20, 8));
  g_assert_true (info_has (area, "majority of knyp must be in zone british-placement"));
  g_assert_nonnull (find_named (widget (area, "gridless-offmap"), "gridless-offmap-knyp"));
  /* A row activated, then a click on the table: `place`. */
  g_signal_emit_by_name (widget (area, "gridless-offmap"), "row-activated", widget (area, "gridless-offmap-knyp"));
  rdt_gridless_view_click (area, 20, 15, 0);
  g_assert_true (info_has (area, "place knyp 20.000,15.000 0.0 line"));
  g_assert_null (find_named (widget (area, "gridless-offmap"), "gridless-offmap-knyp"));
  /* End Set-up refused while a piece of the zone is off the map. */
  g_signal_emit_by_name (widget (area, "gridless-end-setup"), "clicked");
  g_assert_true (info_has (area, "end-setup: refused"));
  g_assert_true (info_has (area, "is not placed"));
  /* A placed piece, selected, dragged on the table is placed again. */
  rdt_gridless_view_click (area, 20, 15, 0);
  rdt_gridless_view_drag (area, 20, 15, 20.5, 15.2);
  g_assert_true (info_has (area, "place knyp 20.500,15.200"));
  /* How the Pieces Move, Road Column: "Turn piece lengthwise along the
   * road": placed in Road Column near the Great Road (x = 20), the block is
   * put on it, turned lengthwise (G10 7). */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (widget (area, "gridless-place-column")), TRUE);
  g_signal_emit_by_name (widget (area, "gridless-offmap"), "row-activated", widget (area, "gridless-offmap-ferguson"));
  rdt_gridless_view_click (area, 20.3, 13.2, 0);
  g_assert_true (info_has (area, "place ferguson 20.000,13.200 270.0 column"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (widget (area, "gridless-place-column")), FALSE);
  place_all (area);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_e, 0));
  g_assert_nonnull (strstr (label_of (area, "gridless-phase"), "Set-up: Colonial place second"));
  /* Screenshot: the colonial zone highlighted, wshtn armed. */
  g_signal_emit_by_name (widget (area, "gridless-offmap"), "row-activated", widget (area, "gridless-offmap-wshtn"));
  g_assert_true (info_has (area, "click on the table where wshtn goes"));
}

static void
test_setup_flow (void)
{
  run_scripted (setup_flow);
}

/* Start Options "centre: Turn 1": after both set-ups, the C Command enters
 * when its chit is pulled (`enter`, refused outside its zone with the rule);
 * Optional Hidden Reserves: a piece being placed goes onto a placed HQ's
 * Reserve Card, listed under that HQ with Deploy and Reveal. */
static void
enter_reserves (GtkWidget *area)
{
  static const char *const checks[] = { "gridless-start-reinforcements-centre", "gridless-start-reserves", NULL };
  g_autofree char *log = NULL;
  GtkWidget *row;
  int pulls = 0;

  start_with (area, checks);
  log = log_text (area);
  g_assert_nonnull (strstr (log, "option hidden-reserves"));
  g_assert_nonnull (strstr (log, "option reinforcements centre"));
  g_assert_true (gtk_widget_get_visible (widget (area, "gridless-reserves")));
  g_assert_true (rdt_gridless_view_drop_piece (area, "knyp", 20, 15));
  /* Ferguson armed, then Knyp's "Put in reserve": `reserve ferguson knyp`. */
  g_signal_emit_by_name (widget (area, "gridless-offmap"), "row-activated", widget (area, "gridless-offmap-ferguson"));
  g_signal_emit_by_name (widget (area, "gridless-reserve-knyp"), "clicked");
  g_assert_true (info_has (area, "reserve ferguson knyp"));
  g_assert_true (info_has (area, "Reserve Card of knyp"));
  g_assert_null (find_named (widget (area, "gridless-offmap"), "gridless-offmap-ferguson"));
  g_assert_nonnull (widget (area, "gridless-deploy-ferguson"));
  g_assert_nonnull (widget (area, "gridless-reveal-ferguson"));
  place_all (area);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_e, 0));
  place_all (area);
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_e, 0));
  g_assert_nonnull (strstr (label_of (area, "gridless-phase"), "Turn 1: commands"));
  g_assert_false (gtk_widget_get_visible (widget (area, "gridless-end-setup")));
  row = widget (area, "gridless-offmap-grenadiers");
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)))),
                            "enters from British reinforcements: centre"));
  while (!info_has (area, "moving: c;"))
    {
      g_assert_true (rdt_gridless_view_play_action (area, "pull"));
      g_assert_cmpint (++pulls, <, 10);
    }
  g_assert_false (rdt_gridless_view_drop_piece (area, "grenadiers", 20, 10));
  g_assert_true (info_has (area, "must be in zone centre"));
  /* Drag and drop through the row's GtkDragSource and the table's GtkDropTarget. */
  {
    GtkWidget *from = widget (area, "gridless-offmap-grenadiers");
    GtkEventController *source = NULL, *target = NULL;
    GListModel *list = gtk_widget_observe_controllers (from);
    GdkContentProvider *content = NULL;
    GValue value = G_VALUE_INIT;
    gboolean dropped = FALSE;
    double scale = 40.0 * rdt_gridless_view_get_zoom (area);

    for (guint i = 0; i < g_list_model_get_n_items (list) && source == NULL; i++)
      {
        GtkEventController *c = g_list_model_get_item (list, i);
        if (GTK_IS_DRAG_SOURCE (c))
          source = c;
        g_object_unref (c);
      }
    g_object_unref (list);
    list = gtk_widget_observe_controllers (area);
    for (guint i = 0; i < g_list_model_get_n_items (list) && target == NULL; i++)
      {
        GtkEventController *c = g_list_model_get_item (list, i);
        if (GTK_IS_DROP_TARGET (c))
          target = c;
        g_object_unref (c);
      }
    g_object_unref (list);
    g_assert_nonnull (source);
    g_assert_nonnull (target);
    g_signal_emit_by_name (source, "prepare", 1.0, 1.0, &content);
    g_assert_nonnull (content);
    g_value_init (&value, G_TYPE_STRING);
    g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
    g_assert_cmpstr (g_value_get_string (&value), ==, "grenadiers");
    g_signal_emit_by_name (target, "drop", &value, 20 * scale, 22.5 * scale, &dropped);
    g_assert_true (dropped);
    g_value_unset (&value);
    g_object_unref (content);
  }
  g_assert_true (info_has (area, "enter grenadiers 20.000,22.500"));
  g_assert_null (find_named (widget (area, "gridless-offmap"), "gridless-offmap-grenadiers"));
  /* Deploy out of turn: refused with the rule, still on the card. */
  g_signal_emit_by_name (widget (area, "gridless-deploy-ferguson"), "clicked");
  rdt_gridless_view_click (area, 19, 13, 0);
  g_assert_true (info_has (area, "deploy ferguson 19.000,13.000 0.0 line: refused"));
  g_assert_nonnull (widget (area, "gridless-deploy-ferguson"));
}

static void
test_enter_reserves (void)
{
  run_scripted (enter_reserves);
}

/* Brandywine, Objectives: once the scenario's last turn has ended the
 * phase says the game is over and the panel shows the victory report,
 * whose winner is "not decided by the rules text" (no <condition>s). */
static void
game_over (GtkWidget *area)
{
  int last = rdt_gridless_view_get_gridless (area)->last_turn;

  g_assert_cmpint (last, >, 0);
  /* G, then Enter: Start with the default choice (no set-up: the sandbox). */
  g_assert_true (rdt_gridless_view_key (area, GDK_KEY_g, 0));
  dialog_key (area, GDK_KEY_Return);
  g_assert_null (rdt_gridless_view_get_start_dialog (area));
  g_assert_true (info_has (area, "Play: turn 1, commands"));
  g_assert_false (gtk_widget_get_visible (widget (area, "gridless-victory")));
  for (int turn = 1; turn <= last; turn++)
    {
      int pulls = 0;

      while (rdt_gridless_view_play_action (area, "pull"))
        g_assert_cmpint (++pulls, <, 20);
      g_assert_true (rdt_gridless_view_play_action (area, "combat"));
      g_assert_true (rdt_gridless_view_play_action (area, "end-turn"));
    }
  g_assert_nonnull (strstr (label_of (area, "gridless-phase"), "Game over after turn"));
  g_assert_true (info_has (area, "game over"));
  g_assert_true (gtk_widget_get_visible (widget (area, "gridless-victory")));
  g_assert_nonnull (strstr (label_of (area, "gridless-victory"), "not decided by the rules text"));
  g_assert_false (rdt_gridless_view_play_action (area, "pull"));
}

static void
test_game_over (void)
{
  run_scripted (game_over);
}

static void
test_sniff (void)
{
  g_autofree char *hex = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                           "brandywine.redoubt", NULL);
  g_autofree char *dir = g_dir_make_tmp ("rdt-gl-gui-XXXXXX", NULL);
  g_autofree char *commented = g_build_filename (dir, "c.redoubt", NULL);

  g_assert_false (rdt_gridless_view_is_gridless_file (hex));
  g_assert_false (rdt_gridless_view_is_gridless_file ("/nonexistent/x.redoubt"));
  g_assert_true (g_file_set_contents (commented, "<?xml version=\"1.0\"?>\n<!-- a comment -->\n"
                                      "<gridless-scenario format-version=\"1\"/>", -1, NULL));
  g_assert_true (rdt_gridless_view_is_gridless_file (commented));
  g_unlink (commented);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gridless/gui/sniff-root-element", test_sniff);
  g_test_add_func ("/gridless/gui/editor-opens-view-without-hex-window", test_open_gridless);
  g_test_add_func ("/gridless/gui/select-fof-command-los-tape-zoom-move-rotate-undo-save-close-asks", test_interact);
  g_test_add_func ("/gridless/gui/shapes-vertex-drag-snap-insert-delete-draw-undo", test_shapes);
  g_test_add_func ("/gridless/gui/play-pull-move-pivot-undo-as-the-core-game", test_play);
  g_test_add_func ("/gridless/gui/tools-hill-crest-G7-stream-ford-bridge-delete-shape-panel-G3-undo", test_shape_tools);
  g_test_add_func ("/gridless/gui/pieces-palette-place-attributes-validated-delete-put-back-undo", test_pieces);
  g_test_add_func ("/gridless/gui/game-panel-cup-dice-log-save-open-game-export-script", test_game_panel);
  g_test_add_func ("/gridless/gui/save-as-autosave-to-recovery-removed-on-save", test_save_as_autosave);
  g_test_add_func ("/gridless/gui/recovery-offer-at-start-restore-undo-save", test_recovery);
  g_test_add_func ("/gridless/gui/recovery-offer-at-start-discard", test_recovery_discard);
  g_test_add_func ("/gridless/gui/recovery-offer-at-start-names-the-file", test_recovery_offer);
  g_test_add_func ("/gridless/gui/keys-save-as-save-game-export-open-game-through-choosers", test_choosers);
  g_test_add_func ("/gridless/gui/brandywine-setup-zones-drawn-Z-toggles", test_zones);
  g_test_add_func ("/gridless/gui/issue-18/underlay-scan-scaled-under-the-table", test_underlay);
  g_test_add_func ("/gridless/gui/brandywine-setup-start-options-dialog-place-first-refusal-end-setup-E", test_setup_flow);
  g_test_add_func ("/gridless/gui/brandywine-start-options-centre-enter-hidden-reserves-card", test_enter_reserves);
  g_test_add_func ("/gridless/gui/brandywine-objectives-game-over-victory-report-not-decided", test_game_over);
  return g_test_run ();
}
