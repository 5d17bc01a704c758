#undef G_DISABLE_ASSERT
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "rdt-application.h"
#include "rdt-document.h"
#include "rdt-los.h"
#include "rdt-overlay-controller.h"
#include "rdt-ruling-panel.h"
#include "rdt-window-private.h"

/* The rule overlays in the real editor under Xvfb (issue 7): a LOS dragged
 * with the map view's signals gives the same verdict and report as
 * `redoubt-cli los` for the same hexes; the fan, ZOC, movement and artillery
 * overlays fill the panel; a screenshot of each is saved in the build
 * directory (overlays-*.png) and must not be blank; Copy ruling puts the
 * report on the clipboard; Export ruling image writes a PNG. */

typedef void (*Script) (RdtWindow *window,
                        gpointer   data);

typedef struct {
  Script script;
  gpointer data;
  gboolean done;
  guint timeout;
} Run;

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
run_script (gpointer user_data)
{
  Run *run = user_data;
  GApplication *app = g_application_get_default ();
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  run->timeout = 0;
  if (window == NULL)
    {
      run->timeout = g_timeout_add (50, run_script, run);
      return G_SOURCE_REMOVE;
    }
  spin (300);
  run->script (RDT_WINDOW (window), run->data);
  run->done = TRUE;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    RDT_WINDOW (l->data)->close_confirmed = TRUE;
  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

static void
run_editor (const char *path,
            Script      script,
            gpointer    data)
{
  g_autoptr(RdtApplication) app = rdt_application_new ();
  Run run = { script, data, FALSE, 0 };
  char *argv[] = { (char *) "redoubt", (char *) path, NULL };
  int status;

  run.timeout = g_timeout_add (100, run_script, &run);
  status = g_application_run (G_APPLICATION (app), 2, argv);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (run.done);
}

static char *
brandywine (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");

  return g_build_filename (root ? root : "..", "scenarios", "brandywine.redoubt", NULL);
}

static RdtScenario *
scenario_of (RdtWindow *window)
{
  return rdt_document_get_scenario (rdt_window_get_document (window));
}

static RdtHex
hex_of (RdtWindow  *window,
        const char *label)
{
  RdtHex hex;

  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (scenario_of (window)), label, &hex, NULL));
  return hex;
}

static void
label_of (RdtWindow *window,
          RdtHex     hex,
          char       label[RDT_HEX_LABEL_SIZE])
{
  rdt_hex_grid_format_label (rdt_scenario_get_grid (scenario_of (window)), hex, label);
}

/* `redoubt-cli los FILE FROM TO`: its stdout and whether it was clear. */
static char *
cli_los (const char *file,
         const char *from,
         const char *to,
         gboolean   *clear)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  const char *argv[] = { cli, "los", file, from, to, NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = -1;

  g_assert_nonnull (cli);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  g_assert_true (WEXITSTATUS (status) == 0 || WEXITSTATUS (status) == 3);
  *clear = WEXITSTATUS (status) == 0;
  return out;
}

static guint
count_colours (GdkTexture *texture)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guint32 *data = g_new (guint32, (gsize) w * h);
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);

  gdk_texture_download (texture, (guchar *) data, w * 4);
  for (int i = 0; i < w * h; i += 7)
    g_hash_table_add (colours, GUINT_TO_POINTER (data[i] & 0xffffff));
  return g_hash_table_size (colours);
}

/* Saves the window as it is on screen in the build directory. */
static void
screenshot (RdtWindow  *window,
            const char *name)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = g_strdup_printf ("overlays-%s.png", name);
  g_autofree char *png = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                           file, NULL);
  GtkSnapshot *snapshot;
  int width, height;
  guint colours;

  gint64 end;

  spin (400);
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  /* Under load the window may not have drawn its first frame yet. */
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  do
    {
      width = gtk_widget_get_width (GTK_WIDGET (window));
      height = gtk_widget_get_height (GTK_WIDGET (window));
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
      if (node == NULL)
        spin (200);
    }
  while (node == NULL && g_get_monotonic_time () < end);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, png));
  colours = count_colours (texture);
  g_test_message ("screenshot %s: %dx%d, %u colours", png, width, height, colours);
  g_assert_cmpuint (colours, >, 100);
}

/* With REDOUBT_TEST_PAUSE_MS set, holds the window as it is for that long, so
 * that an outside screenshot (`import -window root` on the Xvfb display) can
 * show it; the test itself saves its own screenshot too. */
static void
pause_for_screenshot (const char *name)
{
  const char *ms = g_getenv ("REDOUBT_TEST_PAUSE_MS");

  if (ms == NULL)
    return;
  g_printerr ("# pausing at %s for %s ms\n", name, ms);
  spin ((guint) MIN (g_ascii_strtoull (ms, NULL, 10), 60000));
}

static void
press (RdtWindow  *window,
       const char *label,
       GdkModifierType state)
{
  RdtHex hex = hex_of (window, label);

  g_signal_emit_by_name (window->map, "hex-pressed", hex.col, hex.row, 1u, state);
}

static void
drag (RdtWindow  *window,
      const char *label)
{
  RdtHex hex = hex_of (window, label);

  g_signal_emit_by_name (window->map, "hex-dragged", hex.col, hex.row, (GdkModifierType) 0);
}

static void
release (RdtWindow  *window,
         const char *label)
{
  RdtHex hex = hex_of (window, label);

  g_signal_emit_by_name (window->map, "hex-released", hex.col, hex.row, 1u, (GdkModifierType) 0);
}

/* Drags a LOS from `from` through the hexes of `path` to its last; checks the
 * line follows each hex, then compares the panel with `redoubt-cli los`. */
static gboolean
drag_los (RdtWindow         *window,
          RdtRulingPanel    *panel,
          const char        *from,
          const char *const *path)
{
  RdtOverlayController *controller = rdt_ruling_panel_get_controller (panel);
  g_autofree char *file = g_strdup (rdt_document_get_path (rdt_window_get_document (window)));
  g_autofree char *cli_text = NULL;
  g_autofree char *panel_text = NULL;
  g_autofree char *ruling = NULL;
  const RdtLosReport *report;
  const char *to = from;
  gboolean clear;

  press (window, from, 0);
  for (guint i = 0; path[i]; i++)
    {
      RdtHex expect = hex_of (window, path[i]);

      drag (window, path[i]);
      report = rdt_overlay_controller_get_los_report (controller);
      g_assert_nonnull (report);
      /* The line follows the pointer hex by hex. */
      g_assert_cmpint (report->to.col, ==, expect.col);
      g_assert_cmpint (report->to.row, ==, expect.row);
      to = path[i];
    }
  release (window, to);
  spin (50);

  cli_text = cli_los (file, from, to, &clear);
  panel_text = rdt_ruling_panel_dup_report (panel);
  g_test_message ("LOS %s -> %s: %s", from, to, rdt_ruling_panel_get_verdict (panel));
  g_assert_cmpstr (panel_text, ==, cli_text);
  g_assert_cmpstr (rdt_ruling_panel_get_verdict (panel), ==, clear ? "Clear" : "Blocked");
  report = rdt_overlay_controller_get_los_report (controller);
  g_assert_cmpint (report->verdict == RDT_LOS_CLEAR, ==, clear);
  /* Copy ruling: the report with its rule numbers and hex labels. */
  ruling = rdt_ruling_panel_dup_ruling (panel);
  g_assert_cmpstr (ruling, ==, cli_text);
  g_assert_nonnull (strstr (ruling, from));
  g_assert_nonnull (strstr (ruling, "11.4"));
  return clear;
}

static void
on_clipboard_text (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  char **out = user_data;

  *out = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (*out == NULL)
    *out = g_strdup ("");
}

static void
overlays_script (RdtWindow *window,
                 gpointer   data)
{
  RdtRulingPanel *panel = g_object_get_data (G_OBJECT (window), "rdt-ruling-panel");
  RdtOverlayController *controller;
  GtkWidget *stack;
  const char *clear_path[] = { "1028", "0928", NULL };
  g_autoptr(RdtBoard) board = NULL;
  g_autoptr(GArray) fan = NULL;
  RdtLos *los;
  char blocked_label[RDT_HEX_LABEL_SIZE] = "";
  char far_clear_label[RDT_HEX_LABEL_SIZE] = "";
  int far_clear_distance = 0;

  g_assert_nonnull (panel);
  controller = rdt_ruling_panel_get_controller (panel);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  stack = gtk_widget_get_ancestor (GTK_WIDGET (panel), GTK_TYPE_STACK);
  g_assert_nonnull (stack);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "rules");
  rdt_map_view_centre_on_hex (RDT_MAP_VIEW (window->map), hex_of (window, "1127"));
  spin (500);

  /* "Can Proctor's battery at 1127 see across Chadd's Ford?"  One drag. */
  rdt_ruling_panel_set_mode (panel, RDT_OVERLAY_MODE_LOS);
  g_assert_cmpint (rdt_overlay_controller_get_mode (controller), ==, RDT_OVERLAY_MODE_LOS);
  g_assert_true (drag_los (window, panel, "1127", clear_path));
  /* The ruling speaks names, not ids (issue 12): the battery in the firing
   * hex by its name and side, the case and its rule. */
  {
    g_autofree char *report = rdt_ruling_panel_dup_report (panel);

    g_test_message ("LOS ruling:\n%s", report);
    g_assert_nonnull (strstr (report, "hex 1127 (firing hex) [combat units: Proctor Artillery (American)]"));
    g_assert_null (strstr (report, "proctor-artillery"));
    g_assert_null (strstr (report, "convention"));
    g_assert_nonnull (strstr (report, "Case A (11.43 A)"));
    pause_for_screenshot ("los-names");
  }
  /* The editor's tools stood aside: the drag moved no counter. */
  g_assert_false (rdt_document_get_dirty (rdt_window_get_document (window)));
  screenshot (window, "los-clear");

  /* A blocked and a long clear LOS from 1127: found with the core's fan. */
  board = rdt_board_new_from_scenario (scenario_of (window), NULL, NULL);
  g_assert_nonnull (board);
  los = rdt_los_new (board);
  fan = rdt_los_fan (los, hex_of (window, "1127"), 6);
  for (guint i = 0; i < fan->len; i++)
    {
      const RdtLosFanEntry *e = &g_array_index (fan, RdtLosFanEntry, i);

      if (e->verdict == RDT_LOS_BLOCKED && blocked_label[0] == '\0' && e->distance >= 3)
        label_of (window, e->hex, blocked_label);
      if (e->verdict == RDT_LOS_CLEAR && e->distance > far_clear_distance)
        {
          far_clear_distance = e->distance;
          label_of (window, e->hex, far_clear_label);
        }
    }
  rdt_los_free (los);
  g_assert_cmpstr (blocked_label, !=, "");
  g_assert_cmpstr (far_clear_label, !=, "");
  {
    const char *path[] = { "1126", blocked_label, NULL };

    g_assert_false (drag_los (window, panel, "1127", path));
    /* Blocking hexes are lettered B, U or S on the overlay. */
    {
      GArray *items = rdt_overlay_controller_get_items (controller);
      gboolean lettered = FALSE;

      for (guint i = 0; i < items->len; i++)
        {
          const RdtRenderOverlay *item = &g_array_index (items, RdtRenderOverlay, i);

          if (item->kind == RDT_OVERLAY_LETTER_HEX
              && (g_str_equal (item->text, "B") || g_str_equal (item->text, "U") || g_str_equal (item->text, "S")))
            lettered = TRUE;
        }
      g_assert_true (lettered);
    }
    screenshot (window, "los-blocked");
  }
  {
    const char *path[] = { far_clear_label, NULL };

    g_assert_true (drag_los (window, panel, "1127", path));
  }

  /* Copy ruling: the clipboard holds the report. */
  {
    g_autofree char *expected = rdt_ruling_panel_dup_ruling (panel);
    char *copied = NULL;
    gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

    rdt_ruling_panel_copy_ruling (panel);
    gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (panel)), NULL,
                                   on_clipboard_text, &copied);
    while (copied == NULL && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
    g_assert_cmpstr (copied, ==, expected);
    g_free (copied);
  }

  /* Export ruling image: a PNG of the area with the overlay and caption. */
  {
    g_autofree char *png = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                             "overlays-ruling-export.png", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(GdkTexture) texture = NULL;

    g_remove (png);
    g_assert_true (rdt_overlay_controller_export_png (controller, png, &error));
    g_assert_no_error (error);
    texture = gdk_texture_new_from_filename (png, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), >, 100);
    g_assert_cmpuint (count_colours (texture), >, 50);
  }

  /* The fan, artillery range by default (11.2), one hex treated as occupied. */
  rdt_ruling_panel_set_mode (panel, RDT_OVERLAY_MODE_FAN);
  press (window, "1127", 0);
  g_assert_nonnull (strstr (rdt_ruling_panel_get_verdict (panel), "out of LOS"));
  {
    g_autofree char *before = rdt_ruling_panel_dup_report (panel);
    g_autofree char *after = NULL;

    press (window, "1027", GDK_CONTROL_MASK);
    after = rdt_ruling_panel_dup_report (panel);
    g_test_message ("fan with 1027 occupied:\n%s", after);
    /* A hex treated as occupied blocks what lies behind it. */
    g_assert_cmpstr (before, !=, after);
  }
  rdt_ruling_panel_set_fan_range (panel, 6);
  {
    g_autofree char *report = rdt_ruling_panel_dup_report (panel);

    g_assert_nonnull (strstr (report, "within 6 hexes"));
  }
  screenshot (window, "fan");

  /* ZOC of the first side (8.1). */
  rdt_ruling_panel_set_mode (panel, RDT_OVERLAY_MODE_ZOC);
  g_assert_nonnull (strstr (rdt_ruling_panel_get_verdict (panel), "ZOC of"));
  /* The Americans have units set up (Penn State Foot at 0829). */
  rdt_ruling_panel_set_zoc_side (panel, (guint) rdt_board_find_side (board, "american"));
  g_test_message ("ZOC: %s", rdt_ruling_panel_get_verdict (panel));
  g_assert_nonnull (strstr (rdt_ruling_panel_get_verdict (panel), "ZOC of American"));
  g_assert_null (strstr (rdt_ruling_panel_get_verdict (panel), ": 0 hexes"));
  screenshot (window, "zoc");

  /* Movement of the selected unit, hover for the path and for a reason. */
  rdt_ruling_panel_set_mode (panel, RDT_OVERLAY_MODE_MOVES);
  _rdt_window_select_unit (window, "penn-state-foot");
  spin (100);
  g_assert_nonnull (strstr (rdt_ruling_panel_get_verdict (panel), "Penn State Foot from 0829"));
  g_assert_null (strstr (rdt_ruling_panel_get_verdict (panel), "penn-state-foot"));
  rdt_overlay_controller_hover (controller, hex_of (window, "0827"), TRUE);
  g_test_message ("hover 0827: %s", rdt_ruling_panel_get_hover (panel));
  g_assert_true (g_str_has_prefix (rdt_ruling_panel_get_hover (panel), "0827: "));
  rdt_map_view_centre_on_hex (RDT_MAP_VIEW (window->map), hex_of (window, "0829"));
  screenshot (window, "moves");
  /* Far away: the rule that keeps the unit out, with its number. */
  rdt_overlay_controller_hover (controller, hex_of (window, "1520"), TRUE);
  g_test_message ("hover 1520: %s", rdt_ruling_panel_get_hover (panel));
  g_assert_nonnull (strstr (rdt_ruling_panel_get_hover (panel), "(9."));
  rdt_ruling_panel_set_show_retreat (panel, TRUE);
  {
    g_autofree char *report = rdt_ruling_panel_dup_report (panel);

    g_test_message ("retreat:\n%s", report);
    g_assert_nonnull (strstr (report, "Retreat (13.2)"));
  }
  screenshot (window, "retreat");
  rdt_ruling_panel_set_show_retreat (panel, FALSE);

  /* Artillery targets of Proctor's battery (11.2). */
  rdt_ruling_panel_set_mode (panel, RDT_OVERLAY_MODE_TARGETS);
  _rdt_window_select_unit (window, "proctor-artillery");
  spin (100);
  g_test_message ("targets: %s", rdt_ruling_panel_get_verdict (panel));
  g_assert_nonnull (strstr (rdt_ruling_panel_get_verdict (panel), "(11.2)"));
  g_assert_true (g_str_has_prefix (rdt_ruling_panel_get_verdict (panel), "Proctor Artillery at 1127"));
  rdt_map_view_centre_on_hex (RDT_MAP_VIEW (window->map), hex_of (window, "1127"));
  screenshot (window, "targets");
  rdt_ruling_panel_set_mode (panel, RDT_OVERLAY_MODE_NONE);
}

/* `redoubt-cli moves FILE UNIT ARGS...`: the hexes listed (label -> "u" when
 * the line says "not decided", "" otherwise) and the exit status. */
static GHashTable *
cli_moves (const char        *file,
           const char        *unit,
           const char *const *args,
           int               *exit_status,
           char             **out_text)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *hexes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  int status = -1;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "moves");
  g_ptr_array_add (argv, (char *) file);
  g_ptr_array_add (argv, (char *) unit);
  for (guint i = 0; args && args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  *exit_status = WEXITSTATUS (status);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      char label[16], cost[16], mp[4];

      /* "  0306     4 MP  (…; not decided: …)" */
      if (!g_str_has_prefix (lines[i], "  ") ||
          sscanf (lines[i], "%15s %15s %3s", label, cost, mp) != 3 || strcmp (mp, "MP") != 0)
        continue;
      g_hash_table_insert (hexes, g_strdup (label),
                           g_strdup (strstr (lines[i], "not decided:") ? "u" : ""));
    }
  if (out_text)
    *out_text = g_steal_pointer (&out);
  return hexes;
}

/* The editor's movement answer equals `redoubt-cli moves` with the same
 * context: the same hexes, the same ones not decided; the hatched hexes
 * are the undecided ones. */
static void
assert_moves_match_cli (RdtWindow            *window,
                        RdtOverlayController *controller,
                        const char           *unit,
                        const char *const    *args,
                        int                   expect_status)
{
  g_autofree char *file = g_strdup (rdt_document_get_path (rdt_window_get_document (window)));
  g_autoptr(GHashTable) cli = NULL;
  RdtReach *reach = rdt_overlay_controller_get_reach (controller);
  GArray *items = rdt_overlay_controller_get_items (controller);
  gboolean unit_undecided;
  int status;
  guint n_hatched = 0, n_undecided = 0;

  g_assert_nonnull (reach);
  cli = cli_moves (file, unit, args, &status, NULL);
  g_assert_cmpint (status, ==, expect_status);
  g_assert_cmpuint (g_hash_table_size (cli), ==, rdt_reach_get_n_hexes (reach));
  unit_undecided = rdt_reach_get_undecided (reach, NULL, NULL, NULL);
  for (guint i = 0; i < rdt_reach_get_n_hexes (reach); i++)
    {
      const RdtReachHex *rh = rdt_reach_get_hex (reach, i);
      char label[RDT_HEX_LABEL_SIZE];
      const char *flag;

      label_of (window, rh->hex, label);
      flag = g_hash_table_lookup (cli, label);
      if (flag == NULL)
        g_error ("%s: the editor lists it, redoubt-cli moves does not", label);
      g_assert_cmpint ((rh->flags & RDT_REACH_UNDECIDED) != 0, ==, flag[0] == 'u');
      if (unit_undecided || (rh->flags & RDT_REACH_UNDECIDED))
        n_undecided++;
    }
  for (guint i = 0; i < items->len; i++)
    {
      const RdtRenderOverlay *item = &g_array_index (items, RdtRenderOverlay, i);

      if (item->kind != RDT_OVERLAY_HATCH_HEX)
        continue;
      n_hatched++;
      if (!unit_undecided)
        {
          RdtReachHex rh;

          g_assert_true (rdt_reach_lookup (reach, item->hex, &rh));
          g_assert_true (rh.flags & RDT_REACH_UNDECIDED);
        }
    }
  g_assert_cmpuint (n_hatched, ==, n_undecided);
  g_test_message ("moves %s: %u hexes, %u not decided, CLI exit %d", unit,
                  rdt_reach_get_n_hexes (reach), n_undecided, status);
}

/* The Game context's turn spin button (its tooltip names the game turn). */
static GtkWidget *
find_turn_spin (GtkWidget *widget)
{
  const char *tip;

  if (GTK_IS_SPIN_BUTTON (widget) && (tip = gtk_widget_get_tooltip_text (widget)) != NULL
      && g_str_has_prefix (tip, "The game turn"))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_turn_spin (c);

      if (found)
        return found;
    }
  return NULL;
}

/* Brandywine 3.6.1 bivouac and 3.6.2.2 Delaware Blues, with the Rules page's
 * Game context (issue 12): the Delaware at 0407 (Bivouac Area) may not cross
 * the creek west to 0306 on turns 1-5 unless Sullivan's release was made. */
static void
context_script (RdtWindow *window,
                gpointer   data)
{
  RdtRulingPanel *panel = g_object_get_data (G_OBJECT (window), "rdt-ruling-panel");
  RdtOverlayController *controller = rdt_ruling_panel_get_controller (panel);
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (panel), GTK_TYPE_STACK);
  RdtHex west = hex_of (window, "0306");
  const char *const no_args[] = { NULL };
  const char *const blues[] = { "--released", "delaware-blues", NULL };
  const char *const turn3[] = { "--turn", "3", "--released", "delaware-blues", NULL };
  const char *const sullivan[] = { "--turn", "3", "--released", "delaware-blues", "--released", "sullivan", NULL };
  RdtReachHex rh;
  g_autofree char *report = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "rules");
  rdt_ruling_panel_set_mode (panel, RDT_OVERLAY_MODE_MOVES);
  _rdt_window_select_unit (window, "delaware");
  rdt_map_view_centre_on_hex (RDT_MAP_VIEW (window->map), hex_of (window, "0407"));
  spin (300);

  /* The turn's lowest value reads "not set". */
  g_assert_nonnull (find_turn_spin (GTK_WIDGET (panel)));
  g_test_message ("turn spin: '%s'", gtk_editable_get_text (GTK_EDITABLE (find_turn_spin (GTK_WIDGET (panel)))));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_turn_spin (GTK_WIDGET (panel)))), ==, "not set");

  /* Nothing set: 3.6.2.2 may stop the whole move (the releases are not
   * known); every hex is hatched. */
  report = rdt_ruling_panel_dup_report (panel);
  g_test_message ("nothing set:\n%s", report);
  g_assert_nonnull (strstr (report, "not decided: Brandywine 3.6.2.2 depends on the releases made; set the releases made"));
  assert_moves_match_cli (window, controller, "delaware", no_args, 4);

  /* The Blues released, no turn: 0306 across the creek is not decided by
   * 3.6.1, which depends on the turn. */
  rdt_ruling_panel_set_releases_known (panel, TRUE);
  g_assert_true (rdt_ruling_panel_set_released (panel, "delaware-blues", TRUE));
  g_assert_true (rdt_reach_lookup (rdt_overlay_controller_get_reach (controller), west, &rh));
  g_assert_true (rh.flags & RDT_REACH_UNDECIDED);
  rdt_overlay_controller_hover (controller, west, TRUE);
  g_test_message ("hover 0306, no turn: %s", rdt_ruling_panel_get_hover (panel));
  g_assert_true (g_str_has_prefix (rdt_ruling_panel_get_hover (panel), "0306: 4 MP by 0407"));
  g_assert_true (g_str_has_suffix (rdt_ruling_panel_get_hover (panel),
                                   "; not decided: Brandywine 3.6.1 depends on the turn; set the turn"));
  assert_moves_match_cli (window, controller, "delaware", blues, 4);
  screenshot (window, "context-not-decided");
  pause_for_screenshot ("context-not-decided");

  /* Turn 3, Sullivan's release not made: restricted (3.6.1). */
  rdt_ruling_panel_set_turn (panel, 3);
  g_assert_false (rdt_reach_lookup (rdt_overlay_controller_get_reach (controller), west, NULL));
  rdt_overlay_controller_hover (controller, west, TRUE);
  g_test_message ("hover 0306, turn 3: %s", rdt_ruling_panel_get_hover (panel));
  g_assert_nonnull (strstr (rdt_ruling_panel_get_hover (panel), "(Brandywine 3.6.1)"));
  g_assert_null (strstr (rdt_ruling_panel_get_hover (panel), "not decided"));
  assert_moves_match_cli (window, controller, "delaware", turn3, 0);
  screenshot (window, "context-restricted");

  /* Sullivan's release made (3.6.1.3): free. */
  g_assert_true (rdt_ruling_panel_set_released (panel, "sullivan", TRUE));
  g_assert_true (rdt_reach_lookup (rdt_overlay_controller_get_reach (controller), west, &rh));
  g_assert_false (rh.flags & RDT_REACH_UNDECIDED);
  rdt_overlay_controller_hover (controller, west, TRUE);
  g_test_message ("hover 0306, released: %s", rdt_ruling_panel_get_hover (panel));
  g_assert_null (strstr (rdt_ruling_panel_get_hover (panel), "not decided"));
  assert_moves_match_cli (window, controller, "delaware", sullivan, 0);

  /* "not set" again: the turn is not told. */
  rdt_ruling_panel_set_turn (panel, RDT_GAME_TURN_UNKNOWN);
  g_assert_true (rdt_reach_lookup (rdt_overlay_controller_get_reach (controller), west, &rh));
  g_assert_false (rh.flags & RDT_REACH_UNDECIDED);  /* released: lifted whatever the turn */
  g_assert_true (rdt_ruling_panel_set_released (panel, "sullivan", FALSE));
  g_assert_true (rdt_reach_lookup (rdt_overlay_controller_get_reach (controller), west, &rh));
  g_assert_true (rh.flags & RDT_REACH_UNDECIDED);
  /* The volume offers no weather for Brandywine, and no such release. */
  g_assert_false (rdt_ruling_panel_set_weather (panel, "dense-fog"));
  g_assert_false (rdt_ruling_panel_set_released (panel, "no-such-release", TRUE));
  rdt_ruling_panel_set_mode (panel, RDT_OVERLAY_MODE_NONE);
}

static void
test_context (void)
{
  g_autofree char *path = NULL;
  g_autofree char *state = NULL;

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
  state = g_dir_make_tmp ("redoubt-overlays-XXXXXX", NULL);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("XDG_DATA_HOME", state, TRUE);
  path = brandywine ();
  run_editor (path, context_script, NULL);
}

static void
test_overlays (void)
{
  g_autofree char *path = NULL;
  g_autofree char *state = NULL;

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
  state = g_dir_make_tmp ("redoubt-overlays-XXXXXX", NULL);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("XDG_DATA_HOME", state, TRUE);
  path = brandywine ();
  run_editor (path, overlays_script, NULL);
}

/* Germantown 3.1.1, 3.1.2 (issue 12): the artillery-targets mode shows the
 * Game context and reads it, as `render --targets --turn --weather` does
 * (tests/data/render/germantown-fog.redoubt: the gun's targets at ranges 1,
 * 2 and 3). */
static void
targets_fog_script (RdtWindow *window,
                    gpointer   data)
{
  RdtRulingPanel *panel = g_object_get_data (G_OBJECT (window), "rdt-ruling-panel");
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (panel), GTK_TYPE_STACK);
  const char *verdict;

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "rules");
  rdt_ruling_panel_set_mode (panel, RDT_OVERLAY_MODE_TARGETS);
  _rdt_window_select_unit (window, "gun");
  spin (300);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (find_turn_spin (GTK_WIDGET (panel)))));

  /* No turn: only the adjacent target is legal; 2 and 3 are not decided. */
  verdict = rdt_ruling_panel_get_verdict (panel);
  g_test_message ("no turn: %s", verdict);
  g_assert_nonnull (strstr (verdict, ": 1 legal target (11.2)"));
  g_assert_nonnull (strstr (verdict, "not decided: Germantown 3.1.1 depends on the turn; set the turn"));

  /* Turn 2: dense fog (3.1), range 1 (3.1.1), decided. */
  rdt_ruling_panel_set_turn (panel, 2);
  verdict = rdt_ruling_panel_get_verdict (panel);
  g_test_message ("turn 2: %s", verdict);
  g_assert_nonnull (strstr (verdict, "range 1: 1 legal target (11.2)"));
  g_assert_null (strstr (verdict, "not decided"));

  /* Turn 5: the Fog Table roll decides; moderate fog: range 2 (3.1.2). */
  rdt_ruling_panel_set_turn (panel, 5);
  verdict = rdt_ruling_panel_get_verdict (panel);
  g_test_message ("turn 5: %s", verdict);
  g_assert_nonnull (strstr (verdict, "not decided: Germantown 3.1.1 depends on the weather; set the weather"));
  g_assert_true (rdt_ruling_panel_set_weather (panel, "moderate-fog"));
  verdict = rdt_ruling_panel_get_verdict (panel);
  g_test_message ("turn 5, moderate fog: %s", verdict);
  g_assert_nonnull (strstr (verdict, "range 2: 2 legal targets (11.2)"));
  g_assert_null (strstr (verdict, "not decided"));

  /* Turn 8: clear (3.1), the 11.2 range. */
  rdt_ruling_panel_set_turn (panel, 8);
  verdict = rdt_ruling_panel_get_verdict (panel);
  g_test_message ("turn 8: %s", verdict);
  g_assert_nonnull (strstr (verdict, "range 3: 3 legal targets (11.2)"));
  rdt_ruling_panel_set_mode (panel, RDT_OVERLAY_MODE_NONE);
}

static void
test_targets_fog (void)
{
  g_autofree char *path = NULL;
  g_autofree char *state = NULL;

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
  state = g_dir_make_tmp ("redoubt-overlays-XXXXXX", NULL);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("XDG_DATA_HOME", state, TRUE);
  path = g_test_build_filename (G_TEST_DIST, "data", "render", "germantown-fog.redoubt", NULL);
  run_editor (path, targets_fog_script, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);

  g_test_add_func ("/overlays/11.4/drag-los-matches-cli-and-screenshots", test_overlays);
  g_test_add_func ("/overlays/brandywine-3.6.1/game-context-matches-cli", test_context);
  g_test_add_func ("/targets/germantown-3.1.1/editor-game-context", test_targets_fog);

  return g_test_run ();
}
