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
#include "rdt-gridless-io.h"
#include "rdt-gridless-rules.h"
#include "rdt-gridless-view.h"
#include "rdt-gl-game.h"
#include <math.h>
#include "rdt-window-private.h"

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
  app = rdt_application_new ();
  argv[0] = (char *) "redoubt";
  argv[1] = path;
  argv[2] = NULL;
  run.interact = TRUE;
  run.script = script;
  g_timeout_add (100, run_script, &run);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);
  g_assert_true (run.done);
  g_assert_true (run.interacted);
  g_unlink (path);
  g_unlink (bak);
  g_rmdir (dir);
}

/* The root element decides, as for redoubt-cli: hex scenarios are not
 * gridless, nor are missing files. */
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
  return g_test_run ();
}
