/* rdt-countersheet.c: cutting a scanned countersheet into counter art (issue 16). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rdt-countersheet.h"
#include "rdt-file-io.h"

G_DEFINE_QUARK (rdt-cut-error-quark, rdt_cut_error)

int
rdt_cut_grid_n_cells (const RdtCutGrid *grid)
{
  g_return_val_if_fail (grid != NULL, 0);

  if (grid->columns < 1 || grid->rows < 1 ||
      grid->columns > RDT_CUT_MAX_SIDE || grid->rows > RDT_CUT_MAX_SIDE)
    return 0;
  return grid->columns * grid->rows;
}

/* Keeps every value in its range: a grid from a spin button, a click or a
 * test never asks for more than RDT_CUT_MAX_SIDE cells a side. */
void
rdt_cut_grid_clamp (RdtCutGrid *grid)
{
  g_return_if_fail (grid != NULL);

  grid->columns = CLAMP (grid->columns, 1, RDT_CUT_MAX_SIDE);
  grid->rows = CLAMP (grid->rows, 1, RDT_CUT_MAX_SIDE);
  if (!isfinite (grid->width) || grid->width < 1)
    grid->width = 1;
  if (!isfinite (grid->height) || grid->height < 1)
    grid->height = 1;
  grid->width = MIN (grid->width, RDT_CUT_MAX_COUNTER_SIDE);
  grid->height = MIN (grid->height, RDT_CUT_MAX_COUNTER_SIDE);
  if (!isfinite (grid->origin_x))
    grid->origin_x = 0;
  if (!isfinite (grid->origin_y))
    grid->origin_y = 0;
  if (!isfinite (grid->pitch_x) || grid->pitch_x < 1)
    grid->pitch_x = grid->width;
  if (!isfinite (grid->pitch_y) || grid->pitch_y < 1)
    grid->pitch_y = grid->height;
}

void
rdt_cut_grid_cell_origin (const RdtCutGrid *grid,
                          int               index,
                          double           *x,
                          double           *y)
{
  int column = grid->columns > 0 ? index % grid->columns : 0;
  int row = grid->columns > 0 ? index / grid->columns : 0;

  *x = grid->origin_x + column * grid->pitch_x;
  *y = grid->origin_y + row * grid->pitch_y;
}

/* The cell under a point of the scan, -1 for none (between counters too). */
int
rdt_cut_grid_cell_at (const RdtCutGrid *grid,
                      double            x,
                      double            y)
{
  int n = rdt_cut_grid_n_cells (grid);
  double fx, fy;
  int column, row;

  if (n == 0 || grid->pitch_x <= 0 || grid->pitch_y <= 0)
    return -1;
  fx = (x - grid->origin_x) / grid->pitch_x;
  fy = (y - grid->origin_y) / grid->pitch_y;
  if (!(fx >= 0 && fy >= 0 && fx < grid->columns && fy < grid->rows))
    return -1;
  column = (int) fx;
  row = (int) fy;
  if (x - (grid->origin_x + column * grid->pitch_x) >= grid->width ||
      y - (grid->origin_y + row * grid->pitch_y) >= grid->height)
    return -1;
  return row * grid->columns + column;
}

gboolean
rdt_cut_grid_check (const RdtCutGrid *grid,
                    int               scan_width,
                    int               scan_height,
                    GError          **error)
{
  double last_x, last_y;

  g_return_val_if_fail (grid != NULL, FALSE);

  if (rdt_cut_grid_n_cells (grid) == 0)
    {
      g_set_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_INVALID,
                   _("A countersheet grid has 1 to %d columns and rows."), RDT_CUT_MAX_SIDE);
      return FALSE;
    }
  if (!(grid->width >= 1 && grid->height >= 1 &&
        grid->width <= RDT_CUT_MAX_COUNTER_SIDE && grid->height <= RDT_CUT_MAX_COUNTER_SIDE))
    {
      g_set_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_INVALID,
                   _("A counter is 1 to %d pixels a side."), RDT_CUT_MAX_COUNTER_SIDE);
      return FALSE;
    }
  if ((grid->columns > 1 && grid->pitch_x < grid->width - 0.5) ||
      (grid->rows > 1 && grid->pitch_y < grid->height - 0.5))
    {
      g_set_error_literal (error, RDT_CUT_ERROR, RDT_CUT_ERROR_INVALID,
                           _("The pitch is smaller than a counter: counters would overlap."));
      return FALSE;
    }
  rdt_cut_grid_cell_origin (grid, rdt_cut_grid_n_cells (grid) - 1, &last_x, &last_y);
  if (!(grid->origin_x >= 0 && grid->origin_y >= 0 &&
        last_x + grid->width <= scan_width + 0.5 && last_y + grid->height <= scan_height + 0.5))
    {
      g_set_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_INVALID,
                   _("The grid does not fit on the scan (%d × %d pixels)."), scan_width, scan_height);
      return FALSE;
    }
  return TRUE;
}

gboolean
rdt_cut_grid_from_corners (RdtCutGrid   *grid,
                           const double  a[2],
                           const double  b[2],
                           const double  c[2],
                           const double  d[2],
                           GError      **error)
{
  double w1 = fabs (b[0] - a[0]), h1 = fabs (b[1] - a[1]);
  double w2 = fabs (d[0] - c[0]), h2 = fabs (d[1] - c[1]);
  double x1 = MIN (a[0], b[0]), y1 = MIN (a[1], b[1]);
  double x2 = MIN (c[0], d[0]), y2 = MIN (c[1], d[1]);

  g_return_val_if_fail (grid != NULL, FALSE);

  if (w1 < 1 || h1 < 1 || w2 < 1 || h2 < 1)
    {
      g_set_error_literal (error, RDT_CUT_ERROR, RDT_CUT_ERROR_INVALID,
                           _("Click two opposite corners of a counter: these are too close."));
      return FALSE;
    }
  grid->origin_x = x1;
  grid->origin_y = y1;
  grid->width = (w1 + w2) / 2;
  grid->height = (h1 + h2) / 2;
  grid->pitch_x = grid->columns > 1 ? (x2 - x1) / (grid->columns - 1) : grid->width;
  grid->pitch_y = grid->rows > 1 ? (y2 - y1) / (grid->rows - 1) : grid->height;
  if (grid->pitch_x < 1 || grid->pitch_y < 1)
    {
      g_set_error_literal (error, RDT_CUT_ERROR, RDT_CUT_ERROR_INVALID,
                           _("The last counter must be below and to the right of the first."));
      return FALSE;
    }
  return TRUE;
}

void
rdt_cut_slots_clear (RdtCutSlot *slots,
                     guint       n)
{
  for (guint i = 0; i < n; i++)
    {
      g_clear_pointer (&slots[i].unit_id, g_free);
      slots[i].face = RDT_CUT_FRONT;
    }
}

guint
rdt_countersheet_assign_in_order (RdtCutSlot        *slots,
                                  const RdtCutGrid  *grid,
                                  const char *const *unit_ids,
                                  guint              n_units,
                                  RdtCutOrder        order)
{
  guint n = rdt_cut_grid_n_cells (grid);
  guint next = 0;

  rdt_cut_slots_clear (slots, n);
  switch (order)
    {
    case RDT_CUT_ORDER_FRONTS:
    case RDT_CUT_ORDER_BACKS:
      for (guint i = 0; i < n && next < n_units; i++, next++)
        {
          slots[i].unit_id = g_strdup (unit_ids[next]);
          slots[i].face = order == RDT_CUT_ORDER_BACKS ? RDT_CUT_BACK : RDT_CUT_FRONT;
        }
      break;

    case RDT_CUT_ORDER_PAIRS:
      /* Two cells a unit, never split over a row's end. */
      for (int row = 0; row < grid->rows; row++)
        for (int column = 0; column + 1 < grid->columns && next < n_units; column += 2, next++)
          {
            guint i = row * grid->columns + column;

            slots[i].unit_id = g_strdup (unit_ids[next]);
            slots[i].face = RDT_CUT_FRONT;
            slots[i + 1].unit_id = g_strdup (unit_ids[next]);
            slots[i + 1].face = RDT_CUT_BACK;
          }
      break;

    case RDT_CUT_ORDER_ROW_PAIRS:
      for (int row = 0; row + 1 < grid->rows; row += 2)
        for (int column = 0; column < grid->columns && next < n_units; column++, next++)
          {
            guint i = row * grid->columns + column;

            slots[i].unit_id = g_strdup (unit_ids[next]);
            slots[i].face = RDT_CUT_FRONT;
            slots[i + grid->columns].unit_id = g_strdup (unit_ids[next]);
            slots[i + grid->columns].face = RDT_CUT_BACK;
          }
      break;

    default:
      g_return_val_if_reached (n_units);
    }
  return n_units - next;
}

char *
rdt_countersheet_art_ref (const char *unit_id,
                          RdtCutFace  face)
{
  g_autofree char *safe = g_strdup (unit_id != NULL && *unit_id != '\0' ? unit_id : "unit");

  for (char *p = safe; *p != '\0'; p++)
    if (!(g_ascii_isalnum (*p) || *p == '-' || *p == '_' || (*p == '.' && p != safe)))
      *p = '_';
  return g_strdup_printf ("%s/%s-%s.png", RDT_CUT_FOLDER, safe,
                          face == RDT_CUT_BACK ? "back" : "front");
}

cairo_surface_t *
rdt_countersheet_cut (cairo_surface_t  *scan,
                      const RdtCutGrid *grid,
                      int               index)
{
  int w = (int) lround (CLAMP (grid->width, 1, RDT_CUT_MAX_COUNTER_SIDE));
  int h = (int) lround (CLAMP (grid->height, 1, RDT_CUT_MAX_COUNTER_SIDE));
  cairo_surface_t *cell = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (cell);
  double x, y;

  rdt_cut_grid_cell_origin (grid, index, &x, &y);
  /* Scaled so that a fractional counter size still fills whole pixels. */
  cairo_scale (cr, w / grid->width, h / grid->height);
  cairo_set_source_surface (cr, scan, -x, -y);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint (cr);
  cairo_destroy (cr);
  return cell;
}

static cairo_status_t
append_png (void                *closure,
            const unsigned char *data,
            unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* Opens @folder/counters (made if missing) as a real folder, never through a
 * link; -1 with @error set otherwise. */
static int
open_counters_folder (const char  *folder,
                      gboolean     create,
                      GError     **error)
{
  int dfd = open (folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  int cfd;

  if (dfd < 0)
    {
      int saved = errno;

      g_set_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_IO,
                   _("Cannot open the folder %s: %s"), folder, g_strerror (saved));
      return -1;
    }
  if (create && mkdirat (dfd, RDT_CUT_FOLDER, 0777) != 0 && errno != EEXIST)
    {
      int saved = errno;

      close (dfd);
      g_set_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_IO,
                   _("Cannot make the folder “%s” in %s: %s"), RDT_CUT_FOLDER, folder, g_strerror (saved));
      return -1;
    }
  cfd = openat (dfd, RDT_CUT_FOLDER, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (cfd < 0)
    {
      int saved = errno;

      close (dfd);
      if (saved == ENOENT && !create)
        return -1;
      g_set_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_UNSAFE,
                   _("“%s” in %s is not a folder (a link is not followed): %s"),
                   RDT_CUT_FOLDER, folder, g_strerror (saved));
      return -1;
    }
  close (dfd);
  return cfd;
}

char **
rdt_countersheet_find_existing (const char       *folder,
                                const RdtCutSlot *slots,
                                guint             n)
{
  g_autoptr(GStrvBuilder) found = g_strv_builder_new ();
  int cfd;

  g_return_val_if_fail (folder != NULL, NULL);

  cfd = open_counters_folder (folder, FALSE, NULL);
  if (cfd >= 0)
    {
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *ref = NULL;
          struct stat st;

          if (slots[i].unit_id == NULL)
            continue;
          ref = rdt_countersheet_art_ref (slots[i].unit_id, slots[i].face);
          if (fstatat (cfd, ref + strlen (RDT_CUT_FOLDER) + 1, &st, AT_SYMLINK_NOFOLLOW) == 0)
            g_strv_builder_add (found, ref);
        }
      close (cfd);
    }
  return g_strv_builder_end (found);
}

gboolean
rdt_countersheet_write (cairo_surface_t  *scan,
                        const RdtCutGrid *grid,
                        const RdtCutSlot *slots,
                        guint             n,
                        const char       *folder,
                        gboolean          overwrite,
                        GError          **error)
{
  int cfd;
  gboolean ok = TRUE;

  g_return_val_if_fail (scan != NULL && grid != NULL && folder != NULL, FALSE);

  if (!rdt_cut_grid_check (grid, cairo_image_surface_get_width (scan),
                           cairo_image_surface_get_height (scan), error))
    return FALSE;
  n = MIN (n, (guint) rdt_cut_grid_n_cells (grid));
  cfd = open_counters_folder (folder, TRUE, error);
  if (cfd < 0)
    return FALSE;
  /* Every target first: nothing is written if one is in the way. */
  for (guint i = 0; i < n && ok; i++)
    {
      g_autofree char *ref = NULL;
      struct stat st;

      if (slots[i].unit_id == NULL)
        continue;
      ref = rdt_countersheet_art_ref (slots[i].unit_id, slots[i].face);
      if (fstatat (cfd, ref + strlen (RDT_CUT_FOLDER) + 1, &st, AT_SYMLINK_NOFOLLOW) != 0)
        continue;
      if (!S_ISREG (st.st_mode))
        {
          g_set_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_UNSAFE,
                       _("%s in %s is a link or not a regular file: it is not replaced."), ref, folder);
          ok = FALSE;
        }
      else if (!overwrite)
        {
          g_set_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_EXISTS,
                       _("%s already exists in %s."), ref, folder);
          ok = FALSE;
        }
    }
  close (cfd);
  for (guint i = 0; i < n && ok; i++)
    {
      g_autofree char *ref = NULL;
      g_autofree char *path = NULL;
      g_autoptr(GByteArray) png = NULL;
      cairo_surface_t *cell;
      cairo_status_t status;

      if (slots[i].unit_id == NULL)
        continue;
      ref = rdt_countersheet_art_ref (slots[i].unit_id, slots[i].face);
      path = g_build_filename (folder, ref, NULL);
      png = g_byte_array_new ();
      cell = rdt_countersheet_cut (scan, grid, i);
      status = cairo_surface_write_to_png_stream (cell, append_png, png);
      cairo_surface_destroy (cell);
      if (status != CAIRO_STATUS_SUCCESS)
        {
          g_set_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_IO,
                       _("Cannot encode %s: %s"), ref, cairo_status_to_string (status));
          return FALSE;
        }
      /* Written to a temporary in the same folder and renamed over. */
      if (!rdt_file_save_atomic (path, png->data, png->len, NULL, RDT_SAVE_NONE, NULL, error))
        return FALSE;
    }
  return ok;
}
