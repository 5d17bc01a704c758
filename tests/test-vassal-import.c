#undef G_DISABLE_ASSERT
#include "config.h"

#include <archive.h>
#include <archive_entry.h>
#include <cairo.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "rdt-calibration.h"
#include "rdt-vassal-import.h"
#include "redoubt-core.h"

/* Tests of the VASSAL module importer (issue 17).  Every module is built here:
 * a ZIP written with libarchive, a board PNG drawn with cairo and a
 * buildFile.xml.  VASSAL's hex numbering is implemented again below, from
 * VASSAL's HexGrid/HexGridNumbering/RegularGridNumbering as documented, not by
 * calling the importer's code, and every hex of each board is checked. */

/* ---------------------------------------------------- VASSAL, independently */

typedef struct {
  double dx, dy;
  int x0, y0;
  gboolean sideways, stagger;
  int h_off, v_off;
  char h_type, v_type, first;
  int h_leading, v_leading;
  const char *sep;
  gboolean h_descend, v_descend;
  int width, height;            /* the board, for descending numbers (set by check_grid) */
} VGrid;

/* HexGrid.getRawColumn / getRawRow on an integer board point. */
static void
v_raw (const VGrid *g, int px, int py, int *col, int *row)
{
  int x = g->sideways ? py : px;
  int y = g->sideways ? px : py;
  double fx = (x - g->x0) / g->dx;
  int nx = (int) floor (fx + 0.5);

  *col = nx;
  if (nx % 2 == 0)
    *row = (int) floor ((y - g->y0) / g->dy + 0.5);
  else
    *row = (int) floor ((y - g->y0 - g->dy / 2) / g->dy + 0.5);
}

/* HexGridNumbering.getColumn / getRow without descending numbers: the numbers
 * Redoubt gives the hex (before hOff / vOff). */
static void
v_numbers (const VGrid *g, int px, int py, int *col, int *row)
{
  int rc, rr;

  v_raw (g, px, py, &rc, &rr);
  *col = rc;
  *row = rr + (g->stagger && rc % 2 != 0 ? 1 : 0);
}

/* HexGridNumbering.getColumn / getRow as VASSAL has them, descending included:
 * the mirror is the board's height / dx (rows) or width / dy (columns), rounded,
 * whatever the orientation; stagger then moves the row of an odd raw column one
 * down, or one up when that axis descends. */
static void
v_numbers_shown (const VGrid *g, int px, int py, int *col, int *row)
{
  int rc, rr;
  int max_rows = (int) floor (g->height / g->dx + 0.5);
  int max_cols = (int) floor (g->width / g->dy + 0.5);

  v_raw (g, px, py, &rc, &rr);
  *col = rc;
  if (g->sideways && g->v_descend)
    *col = max_rows - rc;
  if (!g->sideways && g->h_descend)
    *col = max_cols - rc;
  *row = rr;
  if (!g->sideways && g->v_descend)
    *row = max_rows - rr;
  if (g->sideways && g->h_descend)
    *row = max_cols - rr;
  if (g->stagger && rc % 2 != 0)
    *row += (g->sideways ? g->h_descend : g->v_descend) ? -1 : 1;
}

/* HexGrid's centre of raw hex (nx, ny), truncated to pixels as VASSAL does. */
static void
v_centre (const VGrid *g, int nx, int ny, int *px, int *py)
{
  int x = (int) (g->dx * nx + g->x0);
  int y = nx % 2 == 0 ? (int) (g->dy * ny + g->y0) : (int) (g->dy * ny + (int) (g->dy / 2) + g->y0);

  *px = g->sideways ? y : x;
  *py = g->sideways ? x : y;
}

static void
v_name (GString *s, int n, char type, int leading)
{
  if (n < 0)
    g_string_append_c (s, '-');
  n = ABS (n);
  if (type == 'A')
    {
      /* 0 -> A, 25 -> Z, 26 -> AA, 27 -> BB */
      int letters = n / 26 + 1;
      for (int i = 0; i < letters; i++)
        g_string_append_c (s, 'A' + n % 26);
      return;
    }
  {
    g_autofree char *digits = g_strdup_printf ("%d", n);
    int width = (int) strlen (digits);
    /* VASSAL pads with one zero per power of ten up to 10^leading above n. */
    for (int p = leading; p > 0; p--)
      if (n < (int) pow (10, p))
        g_string_append_c (s, '0');
      else
        break;
    (void) width;
    g_string_append (s, digits);
  }
}

static char *
v_label (const VGrid *g, int px, int py)
{
  int col, row;
  GString *c = g_string_new (NULL), *r = g_string_new (NULL);
  char *out;

  v_numbers_shown (g, px, py, &col, &row);
  v_name (c, col + g->h_off, g->h_type, g->h_leading);
  v_name (r, row + g->v_off, g->v_type, g->v_leading);
  out = g->first == 'H' ? g_strconcat (c->str, g->sep, r->str, NULL)
                        : g_strconcat (r->str, g->sep, c->str, NULL);
  g_string_free (c, TRUE);
  g_string_free (r, TRUE);
  return out;
}

/* ------------------------------------------------------ SequenceEncoder */

/* SequenceEncoder.append: the delimiter escaped by a backslash; a value
 * starting with a backslash, or quoted, wrapped in quotes. */
static void
se_append (GString *out, gboolean first, char delim, const char *value)
{
  gboolean quote;

  if (!first)
    g_string_append_c (out, delim);
  if (value == NULL || value[0] == '\0')
    return;
  quote = value[0] == '\\' || (value[0] == '\'' && value[strlen (value) - 1] == '\'');
  if (quote)
    g_string_append_c (out, '\'');
  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == delim)
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
  if (quote)
    g_string_append_c (out, '\'');
}

static char *
se_join (char delim, const char *const *values, guint n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    se_append (out, i == 0, delim, values[i]);
  return g_string_free (out, FALSE);
}

/* Decorator.getType: trait, then the rest of the chain, '\t'-encoded. */
static char *
chain (const char *const *traits, guint n)
{
  g_autofree char *rest = NULL;
  const char *pair[2];

  if (n == 1)
    return g_strdup (traits[0]);
  rest = chain (traits + 1, n - 1);
  pair[0] = traits[0];
  pair[1] = rest;
  return se_join ('\t', pair, 2);
}

/* A PieceSlot's text: "+/null/type/state". */
static char *
add_piece (const char *const *traits, const char *const *states, guint n)
{
  g_autofree char *type = chain (traits, n);
  g_autofree char *state = chain (states, n);
  const char *parts[] = { "+", "null", type, state };

  return se_join ('/', parts, 4);
}

static char *
emb2 (const char *images_csv)
{
  const char *f[] = { "Flip", "0", "", "", "0", "", "", "0", "", "", "", "1", "false", "0", "0",
                      images_csv, ",+ reduced", "true", "Step", "", "", "false", "", "1", "1",
                      "true", "", "", "", "", "1.0", "", "true" };
  g_autofree char *body = se_join (';', f, G_N_ELEMENTS (f));
  return g_strconcat ("emb2;", body, NULL);
}

static char *
piece_xml (const char *entry, const char *const *traits, const char *const *states, guint n)
{
  g_autofree char *text = add_piece (traits, states, n);
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  return g_strdup_printf ("<VASSAL.build.widget.PieceSlot entryName=\"%s\" gpid=\"1\" height=\"60\" width=\"60\">%s</VASSAL.build.widget.PieceSlot>\n",
                          entry, escaped);
}

/* --------------------------------------------------------------- modules */

typedef struct {
  const char *name;
  const guint8 *data;
  gsize len;
  gboolean symlink;         /* data is the link target */
} Entry;

static void
write_zip (const char *path, const Entry *entries, guint n)
{
  struct archive *a = archive_write_new ();
  struct archive_entry *e = archive_entry_new ();

  g_assert_cmpint (archive_write_set_format_zip (a), ==, ARCHIVE_OK);
  g_assert_cmpint (archive_write_open_filename (a, path), ==, ARCHIVE_OK);
  for (guint i = 0; i < n; i++)
    {
      archive_entry_clear (e);
      archive_entry_set_pathname (e, entries[i].name);
      if (entries[i].symlink)
        {
          archive_entry_set_filetype (e, AE_IFLNK);
          archive_entry_set_symlink (e, (const char *) entries[i].data);
          archive_entry_set_perm (e, 0777);
          archive_entry_set_size (e, 0);
          g_assert_cmpint (archive_write_header (a, e), ==, ARCHIVE_OK);
          continue;
        }
      if (g_str_has_suffix (entries[i].name, "/"))
        {
          /* A directory entry, as zip tools and VASSAL's editor write them. */
          archive_entry_set_filetype (e, AE_IFDIR);
          archive_entry_set_perm (e, 0755);
          archive_entry_set_size (e, 0);
          g_assert_cmpint (archive_write_header (a, e), ==, ARCHIVE_OK);
          continue;
        }
      archive_entry_set_filetype (e, AE_IFREG);
      archive_entry_set_perm (e, 0644);
      archive_entry_set_size (e, (la_int64_t) entries[i].len);
      g_assert_cmpint (archive_write_header (a, e), ==, ARCHIVE_OK);
      if (entries[i].len > 0)
        g_assert_cmpint (archive_write_data (a, entries[i].data, entries[i].len), ==, (la_ssize_t) entries[i].len);
    }
  archive_entry_free (e);
  g_assert_cmpint (archive_write_close (a), ==, ARCHIVE_OK);
  archive_write_free (a);
}

static cairo_status_t
png_to_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static GByteArray *
make_png_rgb (int width, int height, double r, double g, double b)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (s);
  GByteArray *png = g_byte_array_new ();

  cairo_set_source_rgb (cr, r, g, b);
  cairo_paint (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png_stream (s, png_to_bytes, png), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);
  return png;
}

static GByteArray *
make_png (int width, int height)
{
  return make_png_rgb (width, height, 0.9, 0.85, 0.7);
}

typedef struct {
  char *dir;                /* a fresh temporary folder */
  char *module;
  char *out;
} Fixture;

static void
fixture_init (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  char *tmp = g_dir_make_tmp ("rdt-vassal-XXXXXX", &error);

  g_assert_no_error (error);
  f->dir = tmp;
  f->module = g_build_filename (f->dir, "in", "module.vmod", NULL);
  f->out = g_build_filename (f->dir, "out", "game.redoubt", NULL);
  {
    g_autofree char *in = g_path_get_dirname (f->module);
    g_autofree char *out = g_path_get_dirname (f->out);
    g_assert_cmpint (g_mkdir (in, 0755), ==, 0);
    g_assert_cmpint (g_mkdir (out, 0755), ==, 0);
  }
}

static void
rm_rf (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            rm_rf (child);
          else
            g_unlink (child);
        }
      g_dir_close (dir);
    }
  g_rmdir (path);
}

static void
fixture_clear (Fixture *f)
{
  rm_rf (f->dir);
  g_free (f->dir);
  g_free (f->module);
  g_free (f->out);
}

/* Every file under @dir (relative names, sorted), to prove nothing was written
 * anywhere else. */
static void
list_tree (const char *dir, const char *prefix, GPtrArray *out)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = g_build_filename (dir, name, NULL);
      g_autofree char *rel = prefix[0] != '\0' ? g_strconcat (prefix, "/", name, NULL) : g_strdup (name);
      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        list_tree (child, rel, out);
      else
        g_ptr_array_add (out, g_steal_pointer (&rel));
    }
  g_dir_close (d);
}

static char *
grid_xml (const VGrid *g, const char *numbering_extra)
{
  return g_strdup_printf (
    "<VASSAL.build.module.map.boardPicker.board.HexGrid color=\"0,0,0\" cornersLegal=\"false\" dotsVisible=\"false\" "
    "dx=\"%.17g\" dy=\"%.17g\" edgesLegal=\"false\" sideways=\"%s\" snapTo=\"true\" visible=\"true\" x0=\"%d\" y0=\"%d\">"
    "<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering color=\"0,0,0\" first=\"%c\" fontSize=\"9\" "
    "hDescend=\"%s\" hDrawOff=\"0\" hLeading=\"%d\" hOff=\"%d\" hType=\"%c\" locationFormat=\"$gridLocation$\" "
    "rotateText=\"0\" sep=\"%s\" stagger=\"%s\" vDescend=\"%s\" vDrawOff=\"0\" vLeading=\"%d\" vOff=\"%d\" vType=\"%c\" "
    "visible=\"true\"%s/></VASSAL.build.module.map.boardPicker.board.HexGrid>\n",
    g->dx, g->dy, g->sideways ? "true" : "false", g->x0, g->y0, g->first, g->h_descend ? "true" : "false",
    g->h_leading, g->h_off, g->h_type,
    g->sep, g->stagger ? "true" : "false", g->v_descend ? "true" : "false", g->v_leading, g->v_off, g->v_type,
    numbering_extra != NULL ? numbering_extra : "");
}

/* A buildFile around @maps_xml and the standard pieces. */
static char *
buildfile (const char *maps_xml, const char *pieces_xml, const char *prototypes_xml)
{
  return g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
    "<VASSAL.launch.BasicModule VassalVersion=\"3.7.0\" name=\"Test Battle\" version=\"1.0\">\n"
    "<VASSAL.build.module.DiceButton name=\"2d6\"/>\n"
    "%s"
    "<VASSAL.build.module.PieceWindow name=\"Counters\"><VASSAL.build.widget.ListWidget name=\"All\">\n%s"
    "</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>\n"
    "<VASSAL.build.module.PrototypesContainer>\n%s</VASSAL.build.module.PrototypesContainer>\n"
    "</VASSAL.launch.BasicModule>\n",
    maps_xml, pieces_xml != NULL ? pieces_xml : "", prototypes_xml != NULL ? prototypes_xml : "");
}

static char *
map_xml (const char *board_name, const char *image, const char *grid, const char *stacks)
{
  return g_strdup_printf (
    "<VASSAL.build.module.Map mapName=\"Main Map\">\n"
    "<VASSAL.build.module.map.BoardPicker>\n"
    "<VASSAL.build.module.map.boardPicker.Board image=\"%s\" name=\"%s\" reversible=\"false\">\n%s"
    "</VASSAL.build.module.map.boardPicker.Board>\n"
    "</VASSAL.build.module.map.BoardPicker>\n%s"
    "</VASSAL.build.module.Map>\n", image, board_name, grid, stacks != NULL ? stacks : "");
}

static void
write_module (Fixture *f, const char *build, int width, int height, const Entry *extra, guint n_extra)
{
  g_autoptr(GByteArray) png = make_png (width, height);
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  Entry e = { 0 };

  e = (Entry) { "buildFile.xml", (const guint8 *) build, strlen (build), FALSE };
  g_array_append_val (entries, e);
  e = (Entry) { "images/board.png", png->data, png->len, FALSE };
  g_array_append_val (entries, e);
  for (guint i = 0; i < n_extra; i++)
    g_array_append_val (entries, extra[i]);
  write_zip (f->module, (Entry *) entries->data, entries->len);
}

static RdtScenario *
load_valid (const char *path)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  RdtScenario *scenario = rdt_scenario_load_from_file (path, diagnostics, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  rdt_scenario_validate (scenario, diagnostics);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
      if (d->severity == RDT_SEVERITY_ERROR)
        {
          g_autofree char *s = rdt_diagnostic_to_string (d);
          g_test_message ("error: %s", s);
          g_test_fail ();
        }
    }
  return scenario;
}

static gboolean
has_warning (RdtVassalReport *r, const char *a, const char *b)
{
  for (guint i = 0; i < r->warnings->len; i++)
    {
      const char *w = g_ptr_array_index (r->warnings, i);
      if (strstr (w, a) != NULL && (b == NULL || strstr (w, b) != NULL))
        return TRUE;
    }
  for (guint i = 0; i < r->warnings->len; i++)
    g_test_message ("warning: %s", (const char *) g_ptr_array_index (r->warnings, i));
  return FALSE;
}

/* ---------------------------------------------------------- grid tests */

/* Imports a one-board module with grid @g_in on a @width x @height board and
 * checks every hex whose centre is on the board: Redoubt's hex at VASSAL's
 * centre (and at six points around it) carries VASSAL's ascending column and
 * row numbers; the label the map shows (rdt_scenario_dup_hex_label) is the
 * text VASSAL reports there, descending numbers, letters, separator and order
 * included, and reading that text back (as the CLI does) gives the same hex.
 * @plain_text: VASSAL's text is Redoubt's plain XXYY label, so the scenario
 * stores no display label format. */
static void
check_grid (const VGrid *g_in, int width, int height, gboolean plain_text)
{
  Fixture f = { 0 };
  VGrid gv = *g_in;
  const VGrid *g = &gv;
  g_autofree char *grid = NULL;
  g_autofree char *map = NULL;
  g_autofree char *build = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVassalReport) report = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  const RdtUnderlay *u;
  RdtHexGrid *rgrid;
  guint checked = 0;

  gv.width = width;
  gv.height = height;
  grid = grid_xml (g, NULL);
  map = map_xml ("Main", "board.png", grid, NULL);
  build = buildfile (map, NULL, NULL);
  fixture_init (&f);
  write_module (&f, build, width, height, NULL, 0);
  g_assert_true (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
  g_assert_no_error (error);
  scenario = load_valid (f.out);
  u = rdt_scenario_get_underlay (scenario);
  rgrid = rdt_scenario_get_grid (scenario);
  g_assert_true (u->present);
  g_assert_cmpfloat (u->rotation, ==, 0);
  g_assert_cmpstr (u->href, ==, "game-vassal/board-board.png");
  if (plain_text)
    g_assert_null (rdt_scenario_get_hex_labels (scenario));
  else
    g_assert_nonnull (rdt_scenario_get_hex_labels (scenario));

  for (int nx = -3; nx < 200; nx++)
    for (int ny = -3; ny < 200; ny++)
      {
        int px, py, col, row;
        double ex = g->sideways ? g->y0 + g->dy * ny + (nx % 2 != 0 ? g->dy / 2 : 0) : g->x0 + g->dx * nx;
        double ey = g->sideways ? g->x0 + g->dx * nx : g->y0 + g->dy * ny + (nx % 2 != 0 ? g->dy / 2 : 0);
        RdtHex expect;

        if (ex < 0 || ey < 0 || ex >= width || ey >= height)
          continue;
        v_centre (g, nx, ny, &px, &py);
        v_numbers (g, px, py, &col, &row);
        expect = g->sideways ? (RdtHex) { row + g->v_off, col + g->h_off }
                             : (RdtHex) { col + g->h_off, row + g->v_off };
        if (expect.col < 0 || expect.row < 0)
          continue;
        g_assert_true (rdt_hex_grid_contains (rgrid, expect));
        for (int k = -1; k < 6; k++)
          {
            double r = k < 0 ? 0 : 0.35 * MIN (g->dx, g->dy);
            int qx = (int) lround (px + r * cos (k * G_PI / 3 + 0.2));
            int qy = (int) lround (py + r * sin (k * G_PI / 3 + 0.2));
            double mx, my;
            RdtHex got;
            int c2, r2;

            v_numbers (g, qx, qy, &c2, &r2);
            g_assert_cmpint (c2, ==, col);   /* the test's own points stay in VASSAL's hex */
            g_assert_cmpint (r2, ==, row);
            rdt_calibration_image_to_map (rgrid, u, qx, qy, &mx, &my);
            got = rdt_hex_grid_hex_at_point (rgrid, mx, my);
            if (got.col != expect.col || got.row != expect.row)
              g_error ("raw %d,%d point %d,%d: Redoubt hex %d,%d, VASSAL %d,%d", nx, ny, qx, qy,
                       got.col, got.row, expect.col, expect.row);
          }
        {
          g_autofree char *theirs = v_label (g, px, py);
          g_autofree char *shown = rdt_scenario_dup_hex_label (scenario, expect);
          g_autofree char *plain = rdt_hex_grid_dup_label (rgrid, expect);
          g_autofree char *hash = g_strconcat ("#", plain, NULL);
          RdtHex back = { -1, -1 };

          if (g_strcmp0 (shown, theirs) != 0)
            g_error ("raw %d,%d: the map shows %s, VASSAL %s", nx, ny, shown, theirs);
          if (plain_text)
            g_assert_cmpstr (plain, ==, theirs);
          g_assert_true (rdt_scenario_parse_hex_label (scenario, theirs, &back, &error));
          g_assert_no_error (error);
          g_assert_cmpint (back.col, ==, expect.col);
          g_assert_cmpint (back.row, ==, expect.row);
          g_assert_true (rdt_scenario_parse_hex_label (scenario, hash, &back, &error));
          g_assert_cmpint (back.col, ==, expect.col);
          g_assert_cmpint (back.row, ==, expect.row);
        }
        checked++;
      }
  g_assert_cmpuint (checked, >, 20);
  g_assert_cmpuint (report->n_labels, ==, rdt_hex_grid_get_n_hexes (rgrid));
  g_assert_cmpuint (report->n_labels_differ, ==, 0);
  g_test_message ("%u hexes checked; grid %s", checked, report->grid_text);
  fixture_clear (&f);
}

static const VGrid base_grid = {
  .dx = 43.30127018922193, .dy = 50, .x0 = 30, .y0 = 40, .sideways = FALSE, .stagger = FALSE,
  .h_off = 1, .v_off = 1, .h_type = 'N', .v_type = 'N', .first = 'H', .h_leading = 1, .v_leading = 1,
  .sep = "",
};

static void
test_grid_flat (void)
{
  VGrid g = base_grid;
  check_grid (&g, 640, 480, TRUE);
  g.h_off = 0;                  /* odd columns shifted instead of even */
  g.v_off = 0;
  g.x0 = 0;
  g.y0 = 25;
  check_grid (&g, 500, 420, TRUE);
}

static void
test_grid_flat_staggered (void)
{
  VGrid g = base_grid;
  g.stagger = TRUE;
  check_grid (&g, 640, 480, TRUE);
  g.h_off = 2;
  g.v_off = 0;
  check_grid (&g, 600, 500, TRUE);
}

static void
test_grid_sideways (void)
{
  VGrid g = base_grid;
  g.sideways = TRUE;
  g.first = 'V';                /* VASSAL's row (position) first: Redoubt's order */
  check_grid (&g, 640, 480, TRUE);
  g.stagger = TRUE;
  g.x0 = 20;
  g.y0 = 10;
  check_grid (&g, 520, 600, TRUE);
  g.first = 'H';                /* line first: same numbers, other text */
  check_grid (&g, 520, 600, FALSE);
}

static void
test_grid_letters (void)
{
  VGrid g = base_grid;
  g.h_type = 'A';               /* columns A, B, C... */
  g.sep = "-";
  g.h_off = 0;
  check_grid (&g, 640, 480, FALSE);
}

/* sep=" " (VASSAL's "03 04"): the space is VASSAL's text, kept, not
 * stripped as names are; an at-start stack at "03 04" is found. */
static void
test_grid_space_separator (void)
{
  VGrid g = base_grid;
  g.sep = " ";
  check_grid (&g, 640, 480, FALSE);
  {
    Fixture f = { 0 };
    g_autofree char *grid = grid_xml (&g, NULL);
    g_autofree char *slot = g_strdup ("<VASSAL.build.widget.PieceSlot entryName=\"A\">+/null/piece;;;;A/null;0;0;1;</VASSAL.build.widget.PieceSlot>");
    g_autofree char *stack = g_strdup_printf ("<VASSAL.build.module.map.SetupStack name=\"S\" owningBoard=\"Main\" "
                                              "useGridLocation=\"true\" location=\"03 04\" x=\"0\" y=\"0\">%s"
                                              "</VASSAL.build.module.map.SetupStack>\n", slot);
    g_autofree char *map = map_xml ("Main", "board.png", grid, stack);
    g_autofree char *build = buildfile (map, NULL, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(RdtVassalReport) report = NULL;
    g_autoptr(RdtScenario) scenario = NULL;
    const RdtUnit *unit;

    fixture_init (&f);
    write_module (&f, build, 640, 480, NULL, 0);
    g_assert_true (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
    g_assert_no_error (error);
    scenario = load_valid (f.out);
    unit = rdt_scenario_find_unit (scenario, "a");
    g_assert_nonnull (unit);
    g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_HEX);
    g_assert_cmpint (unit->placement.hex.col, ==, 3);
    g_assert_cmpint (unit->placement.hex.row, ==, 4);
    fixture_clear (&f);
  }
}

static void
test_grid_irregular (void)
{
  VGrid g = base_grid;
  g.dx = 44.5;                  /* not exactly sqrt(3)/2 dy: still every centre */
  check_grid (&g, 640, 480, TRUE);
}

/* Descending numbering (hDescend / vDescend): Redoubt keeps ascending numbers
 * inside and shows VASSAL's descending labels, for every hex. */
static void
test_grid_descending (void)
{
  VGrid g = base_grid;

  g.h_descend = TRUE;           /* columns right to left */
  check_grid (&g, 640, 480, FALSE);
  g.h_descend = FALSE;
  g.v_descend = TRUE;           /* rows bottom to top, with stagger */
  g.stagger = TRUE;
  check_grid (&g, 640, 480, FALSE);
  g.h_descend = TRUE;           /* both, odd offsets, letters and a separator */
  g.h_off = 3;
  g.v_off = 0;
  g.v_type = 'A';
  g.sep = ".";
  g.first = 'V';
  check_grid (&g, 600, 500, FALSE);
  g.sideways = TRUE;            /* sideways: VASSAL's vDescend mirrors its columns */
  g.first = 'H';
  g.v_type = 'N';
  g.x0 = 20;
  g.y0 = 10;
  check_grid (&g, 520, 600, FALSE);
  g.h_descend = FALSE;
  g.stagger = FALSE;
  check_grid (&g, 520, 600, FALSE);
}

/* ------------------------------------------------------------- counters */

static char *
prototype_xml (const char *name, const char *const *traits, const char *const *states, guint n)
{
  g_autofree char *text = add_piece (traits, states, n);
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  return g_strdup_printf ("<VASSAL.build.module.PrototypeDefinition name=\"%s\">%s</VASSAL.build.module.PrototypeDefinition>\n",
                          name, escaped);
}

static char *
stack_xml (const char *name, const char *where_attrs, const char *pieces)
{
  return g_strdup_printf ("<VASSAL.build.module.map.SetupStack name=\"%s\" owningBoard=\"Main\" %s>\n%s</VASSAL.build.module.map.SetupStack>\n",
                          name, where_attrs, pieces);
}

static void
test_counters (void)
{
  Fixture f = { 0 };
  VGrid g = base_grid;
  g_autofree char *grid = grid_xml (&g, NULL);
  g_autofree char *e40 = emb2 ("40th-front.png,40th-back.png");
  const char *t40[] = { "prototype;British", e40, "mark;Strength", "report;\\;Reports", "piece;;;40th-front.png;40th Foot" };
  const char *s40[] = { "", "1", "4", "", "null;0;0;1" };
  const char *tmus[] = { "mark;Side,Formation", "piece;;;musgrave.gif;Musgrave" };
  const char *smus[] = { "British,Musgrave's Brigade", "" };
  const char *tmor[] = { "prototype;American", "piece;;;morgan.png;Morgan's Rifles" };
  const char *smor[] = { "", "" };
  const char *ttrunc[] = { "mark;Side", "emb2;Flip" };          /* no basic piece */
  const char *strunc[] = { "American", "" };
  const char *tloop[] = { "prototype;Loop", "piece;;;loop.png;Looping" };
  const char *sloop[] = { "", "" };
  /* prototypes */
  const char *tbrit[] = { "mark;Side", "prototype;Line", "piece;;;;" };
  const char *sbrit[] = { "British", "", "" };
  const char *tline[] = { "mark;Formation", "piece;;;;" };
  const char *sline[] = { "Musgrave's Brigade", "" };
  const char *tamer[] = { "mark;Side", "piece;;;;" };
  const char *samer[] = { "American", "" };
  const char *tloopp[] = { "prototype;Loop", "piece;;;;" };
  const char *sloopp[] = { "", "" };
  g_autoptr(GPtrArray) deep_t = g_ptr_array_new ();
  g_autoptr(GPtrArray) deep_s = g_ptr_array_new ();
  g_autofree char *p40 = piece_xml ("40th Foot", t40, s40, G_N_ELEMENTS (t40));
  g_autofree char *pmus = piece_xml ("Musgrave", tmus, smus, G_N_ELEMENTS (tmus));
  g_autofree char *pmor = piece_xml ("Morgan", tmor, smor, G_N_ELEMENTS (tmor));
  g_autofree char *ptrunc = piece_xml ("Broken", ttrunc, strunc, G_N_ELEMENTS (ttrunc));
  g_autofree char *ploop = piece_xml ("Looping", tloop, sloop, G_N_ELEMENTS (tloop));
  g_autofree char *pdeep = NULL;
  g_autofree char *pieces = NULL;
  g_autofree char *protos = NULL;
  g_autofree char *stacks = NULL;
  g_autofree char *map = NULL;
  g_autofree char *build = NULL;
  g_autoptr(GByteArray) front = make_png_rgb (60, 60, 1, 0, 0);
  g_autoptr(GByteArray) back = make_png (60, 60);
  g_autoptr(GByteArray) morgan = make_png (60, 60);
  static const guint8 gif[] = "GIF89a\x3c\x00\x3c\x00\x00\x00\x00;";
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVassalReport) report = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  const RdtUnit *unit;
  int sx, sy, col, row;
  g_autofree char *front_path = NULL;

  for (int i = 0; i < 300; i++)
    {
      g_ptr_array_add (deep_t, (gpointer) "report;x");
      g_ptr_array_add (deep_s, (gpointer) "");
    }
  g_ptr_array_add (deep_t, (gpointer) "piece;;;deep.png;Deep");
  g_ptr_array_add (deep_s, (gpointer) "");
  pdeep = piece_xml ("Deep", (const char *const *) deep_t->pdata, (const char *const *) deep_s->pdata, deep_t->len);
  pieces = g_strconcat (p40, pmus, pmor, ptrunc, ploop, pdeep, NULL);
  {
    g_autofree char *a = prototype_xml ("British", tbrit, sbrit, 3);
    g_autofree char *b = prototype_xml ("Line", tline, sline, 2);
    g_autofree char *c = prototype_xml ("American", tamer, samer, 2);
    g_autofree char *d = prototype_xml ("Loop", tloopp, sloopp, 2);
    protos = g_strconcat (a, b, c, d, NULL);
  }
  /* At-start stacks: 40th Foot by pixel (raw hex 3,2), Morgan by VASSAL label. */
  v_centre (&g, 3, 2, &sx, &sy);
  {
    g_autofree char *at = g_strdup_printf ("useGridLocation=\"false\" x=\"%d\" y=\"%d\"", sx + 3, sy - 4);
    g_autofree char *a = stack_xml ("Howe", at, p40);
    g_autofree char *b = stack_xml ("Morgan", "useGridLocation=\"true\" location=\"0506\"", pmor);
    g_autofree char *c = stack_xml ("Nowhere", "useGridLocation=\"true\" location=\"9999\"", pmus);
    stacks = g_strconcat (a, b, c, NULL);
  }
  map = map_xml ("Main", "board.png", grid, stacks);
  build = buildfile (map, pieces, protos);
  {
    Entry extra[] = {
      { "images/40th-front.png", front->data, front->len, FALSE },
      { "images/40th-back.png", back->data, back->len, FALSE },
      { "images/morgan.png", morgan->data, morgan->len, FALSE },
      { "images/musgrave.gif", gif, sizeof gif - 1, FALSE },
      { "images/loop.png", (const guint8 *) "not a png", 9, FALSE },
    };
    fixture_init (&f);
    write_module (&f, build, 640, 480, extra, G_N_ELEMENTS (extra));
  }
  g_assert_true (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
  g_assert_no_error (error);
  scenario = load_valid (f.out);

  /* Prototypes resolved (nested), layers as front and back, marks as values. */
  g_assert_cmpuint (report->n_prototypes, ==, 4);
  unit = rdt_scenario_find_unit (scenario, "40th-foot");
  g_assert_nonnull (unit);
  g_assert_cmpstr (unit->name, ==, "40th Foot");
  g_assert_cmpstr (unit->art_front, ==, "game-vassal/40th-front.png");
  g_assert_cmpstr (unit->art_back, ==, "game-vassal/40th-back.png");
  g_assert_cmpstr (rdt_scenario_get_side (scenario, unit->side)->name, ==, "British");
  g_assert_cmpstr (unit->formation, ==, "musgrave-s-brigade");
  g_assert_cmpint (g_array_index (unit->steps, RdtUnitStep, 0).strength, ==, 4);
  g_assert_false (unit->provisional & RDT_UNIT_PROVISIONAL_STRENGTH);
  g_assert_true (unit->provisional & RDT_UNIT_PROVISIONAL_MORALE);
  front_path = g_build_filename (f.dir, "out", unit->art_front, NULL);
  g_assert_true (g_file_test (front_path, G_FILE_TEST_IS_REGULAR));
  /* Set up where VASSAL's stack stands: the palette counter is placed, not
   * duplicated. */
  v_numbers (&g, sx + 3, sy - 4, &col, &row);
  g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_HEX);
  g_assert_cmpint (unit->placement.hex.col, ==, col + g.h_off);
  g_assert_cmpint (unit->placement.hex.row, ==, row + g.v_off);
  g_assert_null (rdt_scenario_find_unit (scenario, "40th-foot-2"));
  unit = rdt_scenario_find_unit (scenario, "morgan-s-rifles");
  g_assert_nonnull (unit);
  g_assert_cmpstr (rdt_scenario_get_side (scenario, unit->side)->name, ==, "American");
  g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_HEX);
  g_assert_cmpint (unit->placement.hex.col, ==, 5);
  g_assert_cmpint (unit->placement.hex.row, ==, 6);
  g_assert_cmpstr (unit->art_front, ==, "game-vassal/morgan.png");
  g_assert_null (unit->art_back);
  /* GIF art is extracted but left for the user. */
  unit = rdt_scenario_find_unit (scenario, "musgrave");
  g_assert_nonnull (unit);
  g_assert_null (unit->art_front);
  g_assert_true (report->left_for_user->len > 0);
  g_assert_cmpuint (report->n_setup, ==, 2);
  g_assert_true (has_warning (report, "Nowhere", "9999"));
  /* Broken, deep and looping definitions: warnings, never an error. */
  g_assert_true (has_warning (report, "Broken", "truncated"));
  g_assert_true (has_warning (report, "Deep", "256 traits"));
  g_assert_true (has_warning (report, "Looping", "nested deeper"));
  g_assert_true (has_warning (report, "images/loop.png", "not a PNG"));
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (report->skipped_traits, "report")), >=, 2);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (report->skipped_components, "DiceButton")), ==, 1);
  {
    g_autofree char *text = rdt_vassal_report_to_text (report);
    g_assert_nonnull (strstr (text, "Skipped components: DiceButton ×1"));
    g_assert_nonnull (strstr (text, "Looping"));
    g_assert_nonnull (strstr (text, "Left for you to set"));
  }

  /* redoubt-cli render draws the art (issue 16): the red front fills the
   * counter at the centre of its hex. */
  if (g_getenv ("REDOUBT_CLI") != NULL)
    {
      g_autofree char *png = g_build_filename (f.dir, "out", "render.png", NULL);
      g_autofree char *area = g_strdup_printf ("%02d%02d:1", col + g.h_off, row + g.v_off);
      const char *argv[] = { g_getenv ("REDOUBT_CLI"), "render", f.out, "-o", png, "--area", area,
                             "--scale", "40", NULL };
      g_autofree char *err = NULL;
      cairo_surface_t *surface;
      int status, w, h;
      guint32 centre;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                                   NULL, &err, &status, &error));
      g_assert_no_error (error);
      g_test_message ("%s", err);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      surface = cairo_image_surface_create_from_png (png);
      g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
      w = cairo_image_surface_get_width (surface);
      h = cairo_image_surface_get_height (surface);
      cairo_surface_flush (surface);
      centre = *(guint32 *) (cairo_image_surface_get_data (surface)
                             + (h / 2) * cairo_image_surface_get_stride (surface) + (w / 2) * 4) & 0xffffff;
      g_assert_cmphex (centre, ==, 0xff0000);
      cairo_surface_destroy (surface);
    }
  fixture_clear (&f);
}

/* --------------------------------------------------------- several boards */

static void
two_boards_module (Fixture *f)
{
  VGrid a = base_grid, b = base_grid;
  g_autofree char *ga = NULL, *gb = NULL, *boards = NULL;
  g_autoptr(GByteArray) south = make_png (400, 500);

  b.sideways = TRUE;
  b.first = 'V';
  ga = grid_xml (&a, NULL);
  gb = grid_xml (&b, NULL);
  boards = g_strdup_printf (
    "<VASSAL.build.module.Map mapName=\"Main Map\"><VASSAL.build.module.map.BoardPicker>\n"
    "<VASSAL.build.module.map.boardPicker.Board image=\"board.png\" name=\"North\">%s</VASSAL.build.module.map.boardPicker.Board>\n"
    "<VASSAL.build.module.map.boardPicker.Board image=\"south.png\" name=\"South\">%s</VASSAL.build.module.map.boardPicker.Board>\n"
    "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>\n", ga, gb);
  {
    g_autofree char *build = buildfile (boards, NULL, NULL);
    Entry extra[] = { { "images/south.png", south->data, south->len, FALSE } };
    write_module (f, build, 640, 480, extra, 1);
  }
}

static void
test_two_boards (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVassalReport) report = NULL;
  g_autoptr(RdtVassalReport) report2 = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  RdtVassalImportOptions options = { 0 };

  fixture_init (&f);
  two_boards_module (&f);
  g_assert_false (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
  g_assert_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BOARD);
  g_assert_nonnull (strstr (error->message, "North"));
  g_assert_nonnull (strstr (error->message, "South"));
  g_assert_nonnull (strstr (error->message, "--board"));
  g_clear_error (&error);
  g_clear_pointer (&report, rdt_vassal_report_free);
  options.board = "West";
  g_assert_false (rdt_vassal_import (f.module, f.out, &options, &report, &error));
  g_assert_nonnull (strstr (error->message, "West"));
  g_clear_error (&error);
  options.board = "South";
  g_assert_true (rdt_vassal_import (f.module, f.out, &options, &report2, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (report2->board, ==, "South");
  g_assert_cmpuint (g_strv_length (report2->boards), ==, 2);
  scenario = load_valid (f.out);
  g_assert_cmpint (rdt_hex_grid_get_settings (rdt_scenario_get_grid (scenario))->orientation, ==, RDT_GRID_POINTY_TOP);
  g_assert_cmpstr (rdt_scenario_get_underlay (scenario)->href, ==, "game-vassal/board-south.png");
  fixture_clear (&f);
}

/* At-start stacks on a board with letters and descending numbers: by VASSAL's
 * label (useGridLocation) and by pixel, each lands on the hex VASSAL puts it
 * in, which the map then shows with VASSAL's label. */
static void
test_setup_descending_letters (void)
{
  Fixture f = { 0 };
  VGrid g = base_grid;
  g_autofree char *grid = NULL;
  const char *ta[] = { "piece;;;a.png;Alpha" };
  const char *tb[] = { "piece;;;b.png;Bravo" };
  const char *st[] = { "" };
  g_autofree char *pa = piece_xml ("Alpha", ta, st, 1);
  g_autofree char *pb = piece_xml ("Bravo", tb, st, 1);
  g_autofree char *stacks = NULL;
  g_autofree char *map = NULL;
  g_autofree char *build = NULL;
  g_autofree char *label_a = NULL;
  g_autoptr(GByteArray) art = make_png (40, 40);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVassalReport) report = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  const RdtUnit *unit;
  int ax, ay, bx, by, col, row;

  g.h_type = 'A';
  g.h_off = 0;
  g.sep = "-";
  g.h_descend = TRUE;
  g.v_descend = TRUE;
  g.stagger = TRUE;
  g.width = 500;
  g.height = 400;
  grid = grid_xml (&g, NULL);
  /* Alpha by label: raw hex (3, 2); Bravo by pixel: near raw hex (6, 4). */
  v_centre (&g, 3, 2, &ax, &ay);
  label_a = v_label (&g, ax, ay);
  v_centre (&g, 6, 4, &bx, &by);
  {
    g_autofree char *where_a = g_strdup_printf ("useGridLocation=\"true\" location=\"%s\"", label_a);
    g_autofree char *where_b = g_strdup_printf ("useGridLocation=\"false\" x=\"%d\" y=\"%d\"", bx - 5, by + 4);
    g_autofree char *a = stack_xml ("A", where_a, pa);
    g_autofree char *b = stack_xml ("B", where_b, pb);
    stacks = g_strconcat (a, b, NULL);
  }
  map = map_xml ("Main", "board.png", grid, stacks);
  build = buildfile (map, NULL, NULL);
  fixture_init (&f);
  {
    Entry extra[] = {
      { "images/a.png", art->data, art->len, FALSE },
      { "images/b.png", art->data, art->len, FALSE },
    };
    write_module (&f, build, 500, 400, extra, G_N_ELEMENTS (extra));
  }
  g_assert_true (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report->n_setup, ==, 2);
  scenario = load_valid (f.out);

  unit = rdt_scenario_find_unit (scenario, "alpha");
  g_assert_nonnull (unit);
  g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_HEX);
  v_numbers (&g, ax, ay, &col, &row);
  g_assert_cmpint (unit->placement.hex.col, ==, col + g.h_off);
  g_assert_cmpint (unit->placement.hex.row, ==, row + g.v_off);
  {
    g_autofree char *shown = rdt_scenario_dup_hex_label (scenario, unit->placement.hex);
    g_assert_cmpstr (shown, ==, label_a);
  }
  unit = rdt_scenario_find_unit (scenario, "bravo");
  g_assert_nonnull (unit);
  g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_HEX);
  v_numbers (&g, bx - 5, by + 4, &col, &row);
  g_assert_cmpint (unit->placement.hex.col, ==, col + g.h_off);
  g_assert_cmpint (unit->placement.hex.row, ==, row + g.v_off);
  {
    g_autofree char *shown = rdt_scenario_dup_hex_label (scenario, unit->placement.hex);
    g_autofree char *theirs = v_label (&g, bx - 5, by + 4);
    g_assert_cmpstr (shown, ==, theirs);
  }
  fixture_clear (&f);
}

/* A location format with text around the label and the $column$ / $row$
 * tokens: VASSAL writes at-start stack locations in that form; the stack is set
 * up in its hex, the map shows the label VASSAL draws (without the text), and
 * the report says so. */
static void
test_setup_location_format (void)
{
  Fixture f = { 0 };
  VGrid g = base_grid;
  g_autofree char *plain_grid = NULL;
  g_autofree char *grid = NULL;
  const char *ta[] = { "piece;;;a.png;Alpha" };
  const char *st[] = { "" };
  g_autofree char *pa = piece_xml ("Alpha", ta, st, 1);
  g_autofree char *stacks = NULL;
  g_autofree char *map = NULL;
  g_autofree char *build = NULL;
  g_autofree char *label = NULL;
  g_autofree char *location = NULL;
  g_autoptr(GByteArray) art = make_png (40, 40);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVassalReport) report = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  const RdtUnit *unit;
  int ax, ay, col, row;

  g.h_type = 'A';
  g.h_off = 0;
  g.sep = "-";
  plain_grid = grid_xml (&g, NULL);
  {
    g_auto(GStrv) parts = g_strsplit (plain_grid, "locationFormat=\"$gridLocation$\"", 2);
    g_assert_cmpuint (g_strv_length (parts), ==, 2);
    grid = g_strjoinv ("locationFormat=\"Hex $gridLocation$ ($column$/$row$)\"", parts);
  }
  v_centre (&g, 2, 6, &ax, &ay);
  label = v_label (&g, ax, ay);
  v_numbers (&g, ax, ay, &col, &row);
  {
    /* The column and row names as VASSAL's getName writes them. */
    GString *c = g_string_new (NULL), *r = g_string_new (NULL);
    v_name (c, col + g.h_off, g.h_type, g.h_leading);
    v_name (r, row + g.v_off, g.v_type, g.v_leading);
    location = g_strdup_printf ("Hex %s (%s/%s)", label, c->str, r->str);
    g_string_free (c, TRUE);
    g_string_free (r, TRUE);
  }
  g_test_message ("location %s", location);
  {
    g_autofree char *where = g_strdup_printf ("useGridLocation=\"true\" location=\"%s\"", location);
    stacks = stack_xml ("A", where, pa);
  }
  map = map_xml ("Main", "board.png", grid, stacks);
  build = buildfile (map, NULL, NULL);
  fixture_init (&f);
  {
    Entry extra[] = { { "images/a.png", art->data, art->len, FALSE } };
    write_module (&f, build, 640, 480, extra, G_N_ELEMENTS (extra));
  }
  g_assert_true (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report->n_setup, ==, 1);
  g_assert_true (has_warning (report, "Hex $gridLocation$ ($column$/$row$)", "either form"));
  scenario = load_valid (f.out);
  unit = rdt_scenario_find_unit (scenario, "alpha");
  g_assert_nonnull (unit);
  g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_HEX);
  g_assert_cmpint (unit->placement.hex.col, ==, col + g.h_off);
  g_assert_cmpint (unit->placement.hex.row, ==, row + g.v_off);
  {
    g_autofree char *shown = rdt_scenario_dup_hex_label (scenario, unit->placement.hex);
    g_assert_cmpstr (shown, ==, label);
  }
  fixture_clear (&f);
}

/* The editor's board picker lists every board with its image size and grid
 * kind, reading the archive and writing nothing. */
static void
test_list_boards (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) boards = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const RdtVassalBoardInfo *n, *s;

  fixture_init (&f);
  two_boards_module (&f);
  boards = rdt_vassal_list_boards (f.module, &error);
  g_assert_no_error (error);
  g_assert_nonnull (boards);
  g_assert_cmpuint (boards->len, ==, 2);
  n = g_ptr_array_index (boards, 0);
  s = g_ptr_array_index (boards, 1);
  g_assert_cmpstr (n->name, ==, "North");
  g_assert_cmpstr (n->map, ==, "Main Map");
  g_assert_cmpstr (n->image, ==, "images/board.png");
  g_assert_cmpint (n->width, ==, 640);
  g_assert_cmpint (n->height, ==, 480);
  g_assert_cmpstr (n->grid, ==, "hex grid, flat-top");
  g_assert_true (n->importable);
  g_assert_cmpstr (s->name, ==, "South");
  g_assert_cmpint (s->width, ==, 400);
  g_assert_cmpint (s->height, ==, 500);
  g_assert_cmpstr (s->grid, ==, "hex grid, sideways (pointy-top)");
  g_assert_true (s->importable);
  list_tree (f.dir, "", files);
  g_assert_cmpuint (files->len, ==, 1);   /* the module only: nothing written */
  fixture_clear (&f);

  /* One board: listed without reading the image sizes (a second pass). */
  fixture_init (&f);
  {
    VGrid g = base_grid;
    g_autofree char *grid = grid_xml (&g, NULL);
    g_autofree char *map = map_xml ("Main", "board.png", grid, NULL);
    g_autofree char *build = buildfile (map, NULL, NULL);
    write_module (&f, build, 640, 480, NULL, 0);
  }
  g_ptr_array_unref (boards);
  boards = rdt_vassal_list_boards (f.module, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (boards->len, ==, 1);
  n = g_ptr_array_index (boards, 0);
  g_assert_cmpstr (n->name, ==, "Main");
  g_assert_cmpint (n->width, ==, 0);
  g_assert_true (n->importable);
  fixture_clear (&f);

  /* Not a module: an error, no list. */
  fixture_init (&f);
  g_assert_true (g_file_set_contents (f.module, "not a zip", -1, NULL));
  boards = (g_ptr_array_unref (boards), rdt_vassal_list_boards (f.module, &error));
  g_assert_null (boards);
  g_assert_nonnull (error);
  fixture_clear (&f);
}

/* Zoned grid: the largest hex-grid zone is taken and the report says so. */
static void
test_zoned (void)
{
  Fixture f = { 0 };
  VGrid g = base_grid;
  g_autofree char *grid = grid_xml (&g, NULL);
  g_autofree char *zoned = g_strdup_printf (
    "<VASSAL.build.module.map.boardPicker.board.ZonedGrid>\n"
    "<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name=\"Battlefield\" path=\"0,0;400,0;400,480;0,480\" useParentGrid=\"false\">%s</VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>\n"
    "<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name=\"Turn Track\" path=\"420,0;640,0;640,100;420,100\" useParentGrid=\"false\">%s</VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>\n"
    "</VASSAL.build.module.map.boardPicker.board.ZonedGrid>\n", grid, grid);
  g_autofree char *map = map_xml ("Main", "board.png", zoned, NULL);
  g_autofree char *build = buildfile (map, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVassalReport) report = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  const RdtGridSettings *s;

  fixture_init (&f);
  write_module (&f, build, 640, 480, NULL, 0);
  g_assert_true (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (report->zone, ==, "Battlefield");
  g_assert_true (has_warning (report, "Turn Track", "Battlefield"));
  /* Zone.java's default location format is the zone's name: VASSAL shows no
   * hex label there, and the report says so. */
  g_assert_true (has_warning (report, "Battlefield", "$gridLocation$"));
  scenario = load_valid (f.out);
  s = rdt_hex_grid_get_settings (rdt_scenario_get_grid (scenario));
  /* Columns whose centre x < 400: x = 30 + 43.3 n, n = 0..8, numbered 1..9. */
  g_assert_cmpint (s->first_column, ==, 1);
  g_assert_cmpint (s->columns, ==, 9);
  fixture_clear (&f);
}

/* ------------------------------------------------------ hostile archives */

static char *
simple_build (void)
{
  VGrid g = base_grid;
  g_autofree char *grid = grid_xml (&g, NULL);
  g_autofree char *map = map_xml ("Main", "board.png", grid, NULL);
  const char *t[] = { "piece;;;dup.png;Dup" };
  const char *st[] = { "" };
  g_autofree char *p = piece_xml ("Dup", t, st, 1);

  return buildfile (map, p, NULL);
}

/* Expects the import to fail with @code and a message containing @needle,
 * leaving nothing but the module in the fixture's folder. */
static void
expect_failure (Fixture *f, const RdtVassalImportOptions *options, int code, const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVassalReport) report = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

  g_assert_false (rdt_vassal_import (f->module, f->out, options, &report, &error));
  g_assert_error (error, RDT_VASSAL_IMPORT_ERROR, code);
  g_test_message ("refused: %s", error->message);
  g_assert_nonnull (strstr (error->message, needle));
  list_tree (f->dir, "", files);
  g_assert_cmpuint (files->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (files, 0), ==, "in/module.vmod");
}

static void
test_hostile_names (void)
{
  Fixture f = { 0 };
  g_autofree char *build = simple_build ();
  g_autoptr(GByteArray) png = make_png (20, 20);
  Entry extra[] = {
    { "../evil.png", png->data, png->len, FALSE },
    { "/tmp/rdt-vassal-absolute.png", png->data, png->len, FALSE },
    { "C:/drive.png", png->data, png->len, FALSE },
    { "images\\back.png", png->data, png->len, FALSE },
    { "images/link.png", (const guint8 *) "/etc/passwd", 0, TRUE },
    { "images/dup.png", png->data, png->len, FALSE },
    { "images/dup.png", png->data, png->len, FALSE },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVassalReport) report = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(RdtScenario) scenario = NULL;
  g_autofree char *parent_evil = NULL;

  fixture_init (&f);
  write_module (&f, build, 300, 200, extra, G_N_ELEMENTS (extra));
  g_assert_true (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
  g_assert_no_error (error);
  g_assert_true (has_warning (report, "../evil.png", ".."));
  g_assert_true (has_warning (report, "/tmp/rdt-vassal-absolute.png", "absolute"));
  g_assert_true (has_warning (report, "C:/drive.png", "drive letter"));
  /* "images\\back.png": libarchive reads a ZIP's backslashes as '/', so it is
   * the harmless (and unreferenced) "images/back.png": not written either. */
  g_assert_true (has_warning (report, "images/link.png", "link"));
  g_assert_true (has_warning (report, "images/dup.png", "2 entries"));
  scenario = load_valid (f.out);
  g_assert_null (rdt_scenario_find_unit (scenario, "dup")->art_front);
  /* Nothing outside the output folder; only the board inside it. */
  list_tree (f.dir, "", files);
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  g_assert_cmpuint (files->len, ==, 3);
  g_assert_true (g_ptr_array_find_with_equal_func (files, "in/module.vmod", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (files, "out/game.redoubt", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (files, "out/game-vassal/board-board.png", g_str_equal, NULL));
  g_assert_false (g_file_test ("/tmp/rdt-vassal-absolute.png", G_FILE_TEST_EXISTS));
  parent_evil = g_build_filename (f.dir, "evil.png", NULL);
  g_assert_false (g_file_test (parent_evil, G_FILE_TEST_EXISTS));
  fixture_clear (&f);
}

static void
test_hostile_bomb (void)
{
  Fixture f = { 0 };
  g_autofree char *build = simple_build ();
  gsize n = 40 * 1024 * 1024;
  g_autofree guint8 *zeros = g_malloc0 (n);
  Entry extra[] = { { "images/zeros.bin", zeros, n, FALSE } };
  RdtVassalImportOptions small = { .max_total_bytes = 50 * 1024 };
  gint64 start = g_get_monotonic_time ();

  fixture_init (&f);
  write_module (&f, build, 300, 200, extra, G_N_ELEMENTS (extra));
  g_clear_pointer (&zeros, g_free);
  /* 40 MB of zeros deflate to about 40 KB: the ratio cap stops it. */
  expect_failure (&f, NULL, RDT_VASSAL_IMPORT_ERROR_ARCHIVE, "zip bomb");
  /* The total cap, on its own. */
  expect_failure (&f, &small, RDT_VASSAL_IMPORT_ERROR_ARCHIVE, "51200");
  g_assert_cmpint (g_get_monotonic_time () - start, <, 20 * G_USEC_PER_SEC);
  fixture_clear (&f);
}

static void
test_hostile_buildfile (void)
{
  Fixture f = { 0 };
  g_autoptr(GByteArray) png = make_png (50, 50);
  g_autofree char *good = simple_build ();
  static const char *bad[][2] = {
    { "<VASSAL.launch.BasicModule name=\"x\"><unclosed></VASSAL.launch.BasicModule>", "not well-formed" },
    { "<?xml version=\"1.0\"?><!DOCTYPE m [<!ENTITY a \"aaaa\">]><m>&a;</m>", "DOCTYPE" },
    { "", "empty" },
  };

  /* Missing. */
  fixture_init (&f);
  {
    Entry only[] = { { "images/board.png", png->data, png->len, FALSE } };
    write_zip (f.module, only, 1);
  }
  expect_failure (&f, NULL, RDT_VASSAL_IMPORT_ERROR_BUILDFILE, "buildFile.xml");
  /* Malformed, with entities, empty. */
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      Entry e[] = { { "buildFile.xml", (const guint8 *) bad[i][0], strlen (bad[i][0]), FALSE } };
      write_zip (f.module, e, 1);
      expect_failure (&f, NULL, RDT_VASSAL_IMPORT_ERROR_BUILDFILE, bad[i][1]);
    }
  /* Nested beyond the depth cap. */
  {
    GString *deep = g_string_new ("<VASSAL.launch.BasicModule>");
    for (int i = 0; i < 200; i++)
      g_string_append (deep, "<a>");
    for (int i = 0; i < 200; i++)
      g_string_append (deep, "</a>");
    g_string_append (deep, "</VASSAL.launch.BasicModule>");
    {
      Entry e[] = { { "buildFile.xml", (const guint8 *) deep->str, deep->len, FALSE } };
      write_zip (f.module, e, 1);
    }
    expect_failure (&f, NULL, RDT_VASSAL_IMPORT_ERROR_BUILDFILE, "nested deeper");
    g_string_free (deep, TRUE);
  }
  /* Twice. */
  {
    Entry e[] = { { "buildFile.xml", (const guint8 *) good, strlen (good), FALSE },
                  { "buildFile.xml", (const guint8 *) good, strlen (good), FALSE } };
    write_zip (f.module, e, 2);
    expect_failure (&f, NULL, RDT_VASSAL_IMPORT_ERROR_BUILDFILE, "more than once");
  }
  /* Older modules: "buildFile" without extension. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(RdtVassalReport) report = NULL;
    Entry e[] = { { "buildFile", (const guint8 *) good, strlen (good), FALSE },
                  { "images/board.png", png->data, png->len, FALSE } };
    write_zip (f.module, e, 2);
    g_assert_true (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
    g_assert_no_error (error);
  }
  fixture_clear (&f);
}

static void
test_hostile_board_image (void)
{
  Fixture f = { 0 };
  g_autofree char *build = simple_build ();
  /* A PNG header claiming 60000 x 60000 pixels. */
  static const guint8 huge[] = "\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\xea\x60\x00\x00\xea\x60\x08\x02\x00\x00\x00\x00\x00\x00\x00";
  g_autoptr(GByteArray) png = make_png (300, 200);
  RdtVassalImportOptions tiny = { .max_pixels = 1000 };

  fixture_init (&f);
  {
    Entry e[] = { { "buildFile.xml", (const guint8 *) build, strlen (build), FALSE } };
    write_zip (f.module, e, 1);
  }
  expect_failure (&f, NULL, RDT_VASSAL_IMPORT_ERROR_BOARD, "images/board.png");
  {
    Entry e[] = { { "buildFile.xml", (const guint8 *) build, strlen (build), FALSE },
                  { "images/board.png", huge, sizeof huge - 1, FALSE } };
    write_zip (f.module, e, 2);
  }
  expect_failure (&f, NULL, RDT_VASSAL_IMPORT_ERROR_BOARD, "60000 × 60000 pixels");
  {
    /* A JPEG whose frame header (after an APP0 segment) says 30000 x 20000. */
    static const guint8 jpeg[] = "\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
                                 "\xff\xc0\x00\x11\x08\x4e\x20\x75\x30\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01";
    Entry e[] = { { "buildFile.xml", (const guint8 *) build, strlen (build), FALSE },
                  { "images/board.png", jpeg, sizeof jpeg - 1, FALSE } };
    write_zip (f.module, e, 2);
  }
  expect_failure (&f, NULL, RDT_VASSAL_IMPORT_ERROR_BOARD, "30000 × 20000 pixels");
  {
    Entry e[] = { { "buildFile.xml", (const guint8 *) build, strlen (build), FALSE },
                  { "images/board.png", (const guint8 *) "hello, world", 12, FALSE } };
    write_zip (f.module, e, 2);
  }
  expect_failure (&f, NULL, RDT_VASSAL_IMPORT_ERROR_BOARD, "not a PNG");
  {
    Entry e[] = { { "buildFile.xml", (const guint8 *) build, strlen (build), FALSE },
                  { "images/board.png", png->data, png->len, FALSE } };
    write_zip (f.module, e, 2);
  }
  expect_failure (&f, &tiny, RDT_VASSAL_IMPORT_ERROR_BOARD, "more than the 1000 pixels");
  fixture_clear (&f);
}

/* Not a ZIP at all, and a truncated one. */
static void
test_hostile_not_zip (void)
{
  Fixture f = { 0 };
  g_autofree char *build = simple_build ();
  g_autoptr(GByteArray) png = make_png (300, 200);
  g_autofree char *data = NULL;
  gsize len;

  fixture_init (&f);
  g_assert_true (g_file_set_contents (f.module, "PK\x03\x04 not really", -1, NULL));
  expect_failure (&f, NULL, RDT_VASSAL_IMPORT_ERROR_ARCHIVE, "module.vmod");
  {
    Entry e[] = { { "buildFile.xml", (const guint8 *) build, strlen (build), FALSE },
                  { "images/board.png", png->data, png->len, FALSE } };
    write_zip (f.module, e, 2);
  }
  g_assert_true (g_file_get_contents (f.module, &data, &len, NULL));
  g_assert_true (g_file_set_contents (f.module, data, (gssize) (len / 2), NULL));
  expect_failure (&f, NULL, RDT_VASSAL_IMPORT_ERROR_ARCHIVE, "");
  fixture_clear (&f);
}

/* ------------------------------------------------------- SequenceEncoder */

static void
test_sequence_decoder (void)
{
  static const struct { const char *in; char delim; const char *out[5]; guint n; } cases[] = {
    { "a;b;c", ';', { "a", "b", "c" }, 3 },
    { "a\\;b;c", ';', { "a;b", "c" }, 2 },
    { "a;", ';', { "a", "" }, 2 },
    { "", ';', { "" }, 1 },
    { "'\\x';y", ';', { "\\x", "y" }, 2 },
    { "x\\\\\tC\tD", '\t', { "x\\\tC", "D" }, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) t = rdt_vassal_decode_sequence (cases[i].in, cases[i].delim, 10);
      g_assert_cmpuint (t->len, ==, cases[i].n);
      for (guint k = 0; k < t->len; k++)
        g_assert_cmpstr (g_ptr_array_index (t, k), ==, cases[i].out[k]);
    }
  /* The test's encoder and the importer's decoder agree on nested chains. */
  {
    const char *traits[] = { "mark;Side", "emb2;a\\;b;c", "piece;;;x.png;Name/With/Slashes" };
    g_autofree char *type = chain (traits, 3);
    g_autoptr(GPtrArray) outer = rdt_vassal_decode_sequence (type, '\t', 2);
    g_autoptr(GPtrArray) inner = rdt_vassal_decode_sequence (g_ptr_array_index (outer, 1), '\t', 2);
    g_assert_cmpstr (g_ptr_array_index (outer, 0), ==, "mark;Side");
    g_assert_cmpstr (g_ptr_array_index (inner, 0), ==, "emb2;a\\;b;c");
    g_assert_cmpstr (g_ptr_array_index (inner, 1), ==, "piece;;;x.png;Name/With/Slashes");
  }
}

/* Random piece definitions built from the characters that matter to the
 * encoding: the import never fails or crashes on them, only warns. */
static void
test_hostile_random_traits (void)
{
  static const char alphabet[] = "\\;\t/,'+ap";
  static const char *const heads[] = { "piece;", "emb2;", "mark;", "prototype;", "report;", "" };
  Fixture f = { 0 };
  VGrid g = base_grid;
  g_autofree char *grid = grid_xml (&g, NULL);
  g_autofree char *map = map_xml ("Main", "board.png", grid, NULL);
  g_autoptr(GString) pieces = g_string_new (NULL);
  g_autofree char *build = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVassalReport) report = NULL;
  GRand *rand = g_rand_new_with_seed (17);

  for (int i = 0; i < 300; i++)
    {
      g_autoptr(GString) text = g_string_new (g_rand_boolean (rand) ? "+/null/" : "");
      int n = g_rand_int_range (rand, 0, 400);
      g_autofree char *escaped = NULL;

      for (int k = 0; k < n; k++)
        {
          if (g_rand_int_range (rand, 0, 20) == 0)
            g_string_append (text, heads[g_rand_int_range (rand, 0, G_N_ELEMENTS (heads))]);
          else
            g_string_append_c (text, alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)]);
        }
      /* Decoding alone: bounded token counts. */
      {
        g_autoptr(GPtrArray) t = rdt_vassal_decode_sequence (text->str, ';', 7);
        g_assert_cmpuint (t->len, <=, 7);
        g_assert_cmpuint (t->len, >=, 1);
      }
      escaped = g_markup_escape_text (text->str, -1);
      g_string_append_printf (pieces, "<VASSAL.build.widget.PieceSlot entryName=\"r%d\">%s</VASSAL.build.widget.PieceSlot>\n",
                              i, escaped);
    }
  g_rand_free (rand);
  build = buildfile (map, pieces->str, NULL);
  fixture_init (&f);
  write_module (&f, build, 640, 480, NULL, 0);
  g_assert_true (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
  g_assert_no_error (error);
  g_object_unref (load_valid (f.out));
  fixture_clear (&f);
}

/* ------------------------------------------------------------------- CLI */

static void
test_cli (void)
{
  Fixture f = { 0 };
  VGrid g = base_grid;
  g_autofree char *grid = grid_xml (&g, NULL);
  g_autofree char *map = map_xml ("Main", "board.png", grid, NULL);
  g_autofree char *build = buildfile (map, NULL, NULL);
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if (cli == NULL)
    {
      g_test_skip ("REDOUBT_CLI is not set");
      return;
    }
  fixture_init (&f);
  write_module (&f, build, 640, 480, NULL, 0);
  {
    const char *argv[] = { cli, "import-vassal", f.module, "-o", f.out, "--json", NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err, &status, &error));
    g_assert_no_error (error);
    g_test_message ("%s%s", out, err);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (out, "\"ok\" : true"));
    g_assert_nonnull (strstr (out, "\"labels_text_differ\" : 0"));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *argv[] = { cli, "validate", f.out, NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err, &status, &error));
    g_test_message ("%s%s", out, err);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    /* A second run refuses to overwrite. */
    const char *argv[] = { cli, "import-vassal", f.module, "-o", f.out, NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err, &status, &error));
    g_assert_false (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (err, "already exists"));
  }
  fixture_clear (&f);
}


/* ------------------------------------------------ a module as VASSAL writes it */

/* Piece definitions encoded exactly as VASSAL writes them (AddPiece
 * "+/id/type/state", Decorator chains joined by SequenceEncoder with a real
 * tab, so a trait nested n deep has n - 1 backslashes before its tab; '/' in
 * a name escaped as "\/"), written by an independent re-implementation of
 * SequenceEncoder.append (tools-free: the strings are spelled out here). */
#define REAL_MD "+/null/prototype;Continental Infantry\temb2;Flip;130;F;;130;;;130;;;;1;false;0;0;1md_back.png;Reduced;true;Step;;;false;;1;1;true;70,130;;;;1.0;;true\\\treport;70,130;$location$: $newPieceName$ flipped;;;\\\\\tpiece;;;1MD.png;1st Maryland/\t1\\\t\\\\\tnull;0;0;5;"
#define REAL_HG "+/null/emb;F;_Flip;];;[;;0;0;u2b.png,Reduced\tobs;79,130;fog.png;Hide;G;;;\\\tpiece;;;units\\/u2.png;Hessian Grenadiers\\/2/1\t\\\tnull;0;0;6;"
#define REAL_FL "+/null/mark;Side\tpiece;;;flag;Flag/British\tnull;0;0;7;"
#define REAL_PROTO_CI "+/null/mark;Side\tprototype;Infantry Base\\\tpiece;;;;/American\t\\\tnull;0;0;;"
#define REAL_PROTO_IB "+/null/mark;Formation,Strength\tmacro;Ret;;70,130;;;\\\tpiece;;;;/Smallwood,4\t\\\tnull;0;0;;"

/* A module the way VASSAL 3.2 writes one: the older "buildFile" name,
 * directory entries, a sideways staggered grid, a PlayerRoster with <entry>
 * children, nested prototypes, an old-style "emb;" layer trait, a counter
 * image in a sub-folder, an image named in other letter case than the
 * archive holds it, an extensionless GIF (DataArchive tries NAME.gif), a
 * tab written as a character reference, unknown traits and components. */
static void
test_realistic_module (void)
{
  Fixture f = { 0 };
  VGrid g = base_grid;
  g_autofree char *grid = NULL;
  g_autofree char *hg_ref = NULL;
  g_autofree char *build = NULL;
  g_autoptr(GByteArray) board = make_png (900, 700);
  g_autoptr(GByteArray) front = make_png_rgb (60, 60, 1, 0, 0);
  g_autoptr(GByteArray) back = make_png (60, 60);
  g_autoptr(GByteArray) u2 = make_png (60, 60);
  g_autoptr(GByteArray) u2b = make_png (60, 60);
  static const guint8 gif[] = "GIF89a\x3c\x00\x3c\x00\x00\x00\x00;";
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVassalReport) report = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  const RdtUnit *unit;

  g.sideways = TRUE;
  g.stagger = TRUE;
  grid = grid_xml (&g, NULL);
  /* One tab of the Hessians' definition as the character reference "&#9;". */
  {
    g_autoptr(GString) s = g_string_new (REAL_HG);
    const char *tab = strchr (s->str, '\t');
    g_string_erase (s, tab - s->str, 1);
    g_string_insert (s, tab - s->str, "&#9;");
    hg_ref = g_string_free (g_steal_pointer (&s), FALSE);
  }
  build = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
    "<VASSAL.launch.BasicModule VassalVersion=\"3.2.17\" name=\"Brandywine (test)\" nextPieceSlotId=\"20\" version=\"1.2\">\n"
    "  <VASSAL.build.module.BasicCommandEncoder/>\n"
    "  <VASSAL.build.module.PlayerRoster buttonText=\"Retire\"><entry>American</entry><entry>British</entry></VASSAL.build.module.PlayerRoster>\n"
    "  <VASSAL.build.module.Map mapName=\"Main Map\" markMoved=\"Always\" moveWithinFormat=\"$pieceName$ moves $previousLocation$ -&gt; $location$ *\">\n"
    "    <VASSAL.build.module.map.BoardPicker title=\"Choose Boards\">\n"
    "      <VASSAL.build.module.map.boardPicker.Board image=\"Brandywine Map.png\" name=\"Brandywine\" reversible=\"false\">\n%s"
    "      </VASSAL.build.module.map.boardPicker.Board>\n"
    "    </VASSAL.build.module.map.BoardPicker>\n"
    "    <VASSAL.build.module.map.StackMetrics bottom=\"40\" disabled=\"false\"/>\n"
    "    <VASSAL.build.module.map.SetupStack location=\"0304\" name=\"1MD\" owningBoard=\"Brandywine\" useGridLocation=\"true\" x=\"0\" y=\"0\">\n"
    "      <VASSAL.build.widget.PieceSlot entryName=\"1st Maryland\" gpid=\"5\" height=\"75\" width=\"75\">" REAL_MD "</VASSAL.build.widget.PieceSlot>\n"
    "    </VASSAL.build.module.map.SetupStack>\n"
    "  </VASSAL.build.module.Map>\n"
    "  <VASSAL.build.module.PieceWindow name=\"Forces\"><VASSAL.build.widget.TabWidget entryName=\"Forces\">\n"
    "    <VASSAL.build.widget.ListWidget entryName=\"American\">\n"
    "      <VASSAL.build.widget.PieceSlot entryName=\"1st Maryland\" gpid=\"5\" height=\"75\" width=\"75\">" REAL_MD "</VASSAL.build.widget.PieceSlot>\n"
    "    </VASSAL.build.widget.ListWidget>\n"
    "    <VASSAL.build.widget.ListWidget entryName=\"All\">\n"
    "      <VASSAL.build.widget.PieceSlot entryName=\"1st Maryland\" gpid=\"8\" height=\"75\" width=\"75\">" REAL_MD "</VASSAL.build.widget.PieceSlot>\n"
    "    </VASSAL.build.widget.ListWidget>\n"
    "    <VASSAL.build.widget.PanelWidget entryName=\"British\" nColumns=\"3\">\n"
    "      <VASSAL.build.widget.PieceSlot entryName=\"Hessian Grenadiers/2\" gpid=\"6\" height=\"75\" width=\"75\">%s</VASSAL.build.widget.PieceSlot>\n"
    "      <VASSAL.build.widget.PieceSlot entryName=\"Flag\" gpid=\"7\" height=\"75\" width=\"75\">" REAL_FL "</VASSAL.build.widget.PieceSlot>\n"
    "    </VASSAL.build.widget.PanelWidget>\n"
    "  </VASSAL.build.widget.TabWidget></VASSAL.build.module.PieceWindow>\n"
    "  <VASSAL.build.module.turn.TurnTracker name=\"Turn\"/>\n"
    "  <VASSAL.build.module.PrototypesContainer>\n"
    "    <VASSAL.build.module.PrototypeDefinition description=\"\" name=\"Continental Infantry\">" REAL_PROTO_CI "</VASSAL.build.module.PrototypeDefinition>\n"
    "    <VASSAL.build.module.PrototypeDefinition description=\"\" name=\"Infantry Base\">" REAL_PROTO_IB "</VASSAL.build.module.PrototypeDefinition>\n"
    "  </VASSAL.build.module.PrototypesContainer>\n"
    "</VASSAL.launch.BasicModule>\n", grid, hg_ref);
  {
    Entry entries[] = {
      { "images/", NULL, 0, FALSE },
      { "images/units/", NULL, 0, FALSE },
      { "buildFile", (const guint8 *) build, strlen (build), FALSE },
      { "moduledata", (const guint8 *) "<data version=\"1\"/>", 19, FALSE },
      { "images/Brandywine Map.png", board->data, board->len, FALSE },
      { "images/1md.png", front->data, front->len, FALSE },
      { "images/1md_back.png", back->data, back->len, FALSE },
      { "images/units/u2.png", u2->data, u2->len, FALSE },
      { "images/u2b.png", u2b->data, u2b->len, FALSE },
      { "images/flag.gif", gif, sizeof gif - 1, FALSE },
    };
    fixture_init (&f);
    write_zip (f.module, entries, G_N_ELEMENTS (entries));
  }
  g_assert_true (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < report->warnings->len; i++)
    g_test_message ("warning: %s", (const char *) g_ptr_array_index (report->warnings, i));
  scenario = load_valid (f.out);
  g_assert_cmpuint (report->n_prototypes, ==, 2);

  /* Nested prototypes: Side from the first, Formation and Strength from the
   * second; emb2 layer as back; the front named "1MD.png" found as 1md.png. */
  unit = rdt_scenario_find_unit (scenario, "1st-maryland");
  g_assert_nonnull (unit);
  g_assert_cmpstr (rdt_scenario_get_side (scenario, unit->side)->name, ==, "American");
  g_assert_cmpstr (unit->formation, ==, "smallwood");
  g_assert_cmpint (g_array_index (unit->steps, RdtUnitStep, 0).strength, ==, 4);
  g_assert_cmpstr (unit->art_front, ==, "game-vassal/1md.png");
  g_assert_cmpstr (unit->art_back, ==, "game-vassal/1md_back.png");
  g_assert_true (has_warning (report, "images/1MD.png", "upper and lower case"));
  g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_HEX);
  /* In two palettes ("American" and "All") and one stack: one unit. */
  g_assert_null (rdt_scenario_find_unit (scenario, "1st-maryland-2"));
  g_assert_cmpuint (report->n_units, ==, 3);

  /* "\/" in the name and the image path; old "emb;" layer as back. */
  unit = rdt_scenario_find_unit (scenario, "hessian-grenadiers-2");
  g_assert_nonnull (unit);
  g_assert_cmpstr (unit->name, ==, "Hessian Grenadiers/2");
  g_assert_cmpstr (unit->art_front, ==, "game-vassal/u2.png");
  g_assert_cmpstr (unit->art_back, ==, "game-vassal/u2b.png");

  /* The extensionless GIF is found and extracted under its .gif name. */
  unit = rdt_scenario_find_unit (scenario, "flag");
  g_assert_nonnull (unit);
  g_assert_cmpstr (rdt_scenario_get_side (scenario, unit->side)->name, ==, "British");
  g_assert_null (unit->art_front);
  {
    g_autofree char *gif_path = g_build_filename (f.dir, "out", "game-vassal", "flag.gif", NULL);
    g_assert_true (g_file_test (gif_path, G_FILE_TEST_IS_REGULAR));
  }
  g_assert_false (has_warning (report, "images/flag", "not in the archive"));

  /* Skipped: the unknown traits (not "emb") and Java components only. */
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (report->skipped_traits, "obs")), >=, 1);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (report->skipped_traits, "macro")), >=, 1);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (report->skipped_traits, "report")), >=, 1);
  g_assert_false (g_hash_table_contains (report->skipped_traits, "emb"));
  g_assert_false (g_hash_table_contains (report->skipped_components, "entry"));
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (report->skipped_components, "PlayerRoster")), ==, 1);
  /* Each warning once, though the piece is read twice (palette and stack). */
  for (guint i = 0; i < report->warnings->len; i++)
    for (guint j = i + 1; j < report->warnings->len; j++)
      g_assert_cmpstr (g_ptr_array_index (report->warnings, i), !=, g_ptr_array_index (report->warnings, j));
  fixture_clear (&f);
}

/* JPEG and GIF boards (VASSAL accepts both; many older modules have them):
 * their size read from the header, the scan extracted under its own
 * extension and set as the underlay. */
static void
test_board_jpeg_gif (void)
{
  /* SOF0 after APP0: 480 rows, 640 columns. */
  static const guint8 jpeg[] = "\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
                               "\xff\xc0\x00\x11\x08\x01\xe0\x02\x80\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01";
  /* Logical screen 640 x 480, little-endian. */
  static const guint8 gif[] = "GIF89a\x80\x02\xe0\x01\x00\x00\x00;";
  const struct { const char *image; const guint8 *data; gsize len; const char *href; } boards[] = {
    { "Main Map.jpg", jpeg, sizeof jpeg - 1, "game-vassal/board-Main_Map.jpg" },
    { "main.gif", gif, sizeof gif - 1, "game-vassal/board-main.gif" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      Fixture f = { 0 };
      VGrid g = base_grid;
      g_autofree char *grid = grid_xml (&g, NULL);
      g_autofree char *map = map_xml ("Main", boards[i].image, grid, NULL);
      g_autofree char *build = buildfile (map, NULL, NULL);
      g_autofree char *entry = g_strconcat ("images/", boards[i].image, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(RdtVassalReport) report = NULL;
      g_autoptr(RdtScenario) scenario = NULL;
      g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
      Entry e[] = { { "buildFile.xml", (const guint8 *) build, strlen (build), FALSE },
                    { entry, boards[i].data, boards[i].len, FALSE } };

      fixture_init (&f);
      write_zip (f.module, e, G_N_ELEMENTS (e));
      g_assert_true (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
      g_assert_no_error (error);
      g_assert_cmpint (report->image_width, ==, 640);
      g_assert_cmpint (report->image_height, ==, 480);
      scenario = rdt_scenario_load_from_file (f.out, diagnostics, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (rdt_scenario_get_underlay (scenario)->href, ==, boards[i].href);
      fixture_clear (&f);
    }
}

/* Two archive entries differing only in case: neither is guessed. */
static void
test_image_case_ambiguous (void)
{
  Fixture f = { 0 };
  VGrid g = base_grid;
  g_autofree char *grid = grid_xml (&g, NULL);
  g_autofree char *map = map_xml ("Main", "board.png", grid, NULL);
  g_autofree char *pieces = g_strdup ("<VASSAL.build.widget.PieceSlot entryName=\"A\">+/null/piece;;;UNIT.png;A/null;0;0;1;</VASSAL.build.widget.PieceSlot>\n");
  g_autofree char *build = buildfile (map, pieces, NULL);
  g_autoptr(GByteArray) png = make_png (60, 60);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVassalReport) report = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  Entry extra[] = {
    { "images/unit.png", png->data, png->len, FALSE },
    { "images/Unit.png", png->data, png->len, FALSE },
  };

  fixture_init (&f);
  write_module (&f, build, 640, 480, extra, G_N_ELEMENTS (extra));
  g_assert_true (rdt_vassal_import (f.module, f.out, NULL, &report, &error));
  g_assert_no_error (error);
  scenario = load_valid (f.out);
  g_assert_true (has_warning (report, "images/UNIT.png", "several entries"));
  g_assert_null (rdt_scenario_find_unit (scenario, "a")->art_front);
  fixture_clear (&f);
}

static int
run_cli (const char *const *argv, char **out, char **err)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_clear_pointer (out, g_free);
  g_clear_pointer (err, g_free);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, out, err, &status, &error));
  g_assert_no_error (error);
  g_test_message ("%s: %s%s", argv[1], *out, *err);
  return g_spawn_check_wait_status (status, NULL) ? 0 : 1;
}

/* Letters, a separator and descending rows: the CLI's report names the first
 * hex as VASSAL shows it, and the CLI takes a hex as VASSAL's label, as
 * #XXYY, or as XXYY when no hex shows that text. */
static void
test_cli_display_labels (void)
{
  Fixture f = { 0 };
  VGrid g = base_grid;
  g_autofree char *grid = NULL;
  g_autofree char *map = NULL;
  g_autofree char *build = NULL;
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *png = NULL;

  if (cli == NULL)
    {
      g_test_skip ("REDOUBT_CLI is not set");
      return;
    }
  g.h_type = 'A';
  g.h_off = 0;
  g.sep = "-";
  g.v_descend = TRUE;
  g.stagger = TRUE;
  grid = grid_xml (&g, NULL);
  map = map_xml ("Main", "board.png", grid, NULL);
  build = buildfile (map, NULL, NULL);
  fixture_init (&f);
  write_module (&f, build, 500, 400, NULL, 0);
  png = g_build_filename (f.dir, "area.png", NULL);
  {
    const char *argv[] = { cli, "import-vassal", f.module, "-o", f.out, "--json", NULL };
    g_assert_cmpint (run_cli (argv, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "\"labels_text_differ\" : 0"));
    /* maxRows = round (400 / dx) = 9; raw row 0 shows 9 - 0 + vOff 1 = 10. */
    g_assert_nonnull (strstr (out, "\"display_first\" : \"A-10\""));
    g_assert_nonnull (strstr (out, "\"display_first_plain\" : \"0001\""));
  }
  {
    const char *argv[] = { cli, "render", f.out, "--area", "C-07:1", "-o", png, NULL };
    g_assert_cmpint (run_cli (argv, &out, &err), ==, 0);
  }
  {
    const char *argv[] = { cli, "render", f.out, "--area", "#0204:1", "--los", "A-10:#0303", "-o", png, NULL };
    g_assert_cmpint (run_cli (argv, &out, &err), ==, 0);
  }
  {
    const char *argv[] = { cli, "render", f.out, "--area", "Z-07:1", "-o", png, NULL };
    g_assert_cmpint (run_cli (argv, &out, &err), !=, 0);
    g_assert_nonnull (strstr (err, "Z-07"));
    g_assert_nonnull (strstr (err, "A-10"));   /* the error shows a label of this map */
  }
  fixture_clear (&f);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vassal-import/sequence-encoder", test_sequence_decoder);
  g_test_add_func ("/vassal-import/grid/flat", test_grid_flat);
  g_test_add_func ("/vassal-import/grid/flat-staggered", test_grid_flat_staggered);
  g_test_add_func ("/vassal-import/grid/sideways", test_grid_sideways);
  g_test_add_func ("/vassal-import/grid/letters", test_grid_letters);
  g_test_add_func ("/vassal-import/grid/space-separator", test_grid_space_separator);
  g_test_add_func ("/vassal-import/cli/display-labels", test_cli_display_labels);
  g_test_add_func ("/vassal-import/grid/irregular-hexes", test_grid_irregular);
  g_test_add_func ("/vassal-import/grid/descending", test_grid_descending);
  g_test_add_func ("/vassal-import/grid/zoned", test_zoned);
  g_test_add_func ("/vassal-import/two-boards", test_two_boards);
  g_test_add_func ("/vassal-import/realistic-module", test_realistic_module);
  g_test_add_func ("/vassal-import/image-case-ambiguous", test_image_case_ambiguous);
  g_test_add_func ("/vassal-import/board-jpeg-gif", test_board_jpeg_gif);
  g_test_add_func ("/vassal-import/two-boards/list-for-picker", test_list_boards);
  g_test_add_func ("/vassal-import/counters", test_counters);
  g_test_add_func ("/vassal-import/set-up/descending-letters", test_setup_descending_letters);
  g_test_add_func ("/vassal-import/set-up/location-format", test_setup_location_format);
  g_test_add_func ("/vassal-import/hostile/names", test_hostile_names);
  g_test_add_func ("/vassal-import/hostile/zip-bomb", test_hostile_bomb);
  g_test_add_func ("/vassal-import/hostile/buildfile", test_hostile_buildfile);
  g_test_add_func ("/vassal-import/hostile/board-image", test_hostile_board_image);
  g_test_add_func ("/vassal-import/hostile/not-zip", test_hostile_not_zip);
  g_test_add_func ("/vassal-import/hostile/random-traits", test_hostile_random_traits);
  g_test_add_func ("/vassal-import/cli", test_cli);
  return g_test_run ();
}
