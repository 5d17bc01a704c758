/* rdt-vassal-grid.c: VASSAL's hex numbering and its Redoubt equivalent. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "rdt-vassal-grid.h"
#include "rdt-vassal-import.h"

void
rdt_vassal_grid_init_defaults (RdtVassalGrid *grid)
{
  /* VASSAL's defaults (HexGrid, RegularGridNumbering, HexGridNumbering). */
  memset (grid, 0, sizeof *grid);
  grid->dy = 64.0;
  grid->dx = sqrt (3.0) / 2.0 * 64.0;
  grid->x0 = 0;
  grid->y0 = 32;
  grid->snap_to = TRUE;
  grid->first = 'H';
  grid->sep = g_strdup ("");
  grid->h_type = grid->v_type = 'N';
  grid->h_leading = grid->v_leading = 1;
  grid->h_off = grid->v_off = 1;
  grid->stagger = TRUE;
  grid->location_format = g_strdup ("$gridLocation$");
}

void
rdt_vassal_grid_clear (RdtVassalGrid *grid)
{
  g_clear_pointer (&grid->sep, g_free);
  g_clear_pointer (&grid->location_format, g_free);
}

/* Board point to the grid's own frame (VASSAL swaps x and y when sideways). */
static void
to_grid_frame (const RdtVassalGrid *grid, int px, int py, int *x, int *y)
{
  *x = grid->sideways ? py : px;
  *y = grid->sideways ? px : py;
}

static gboolean
is_odd (int n)
{
  return n % 2 != 0;   /* as Java's n % 2 == 0 test, negatives included */
}

int
rdt_vassal_grid_raw_column (const RdtVassalGrid *grid, int px, int py)
{
  int x, y;

  to_grid_frame (grid, px, py, &x, &y);
  return (int) floor ((x - grid->x0) / grid->dx + 0.5);
}

int
rdt_vassal_grid_raw_row (const RdtVassalGrid *grid, int px, int py)
{
  int x, y, nx;

  to_grid_frame (grid, px, py, &x, &y);
  nx = (int) floor ((x - grid->x0) / grid->dx + 0.5);
  if (!is_odd (nx))
    return (int) floor ((y - grid->y0) / grid->dy + 0.5);
  return (int) floor ((y - grid->y0 - grid->dy / 2) / grid->dy + 0.5);
}

static int
max_rows (const RdtVassalGrid *grid)
{
  return (int) floor (grid->height / grid->dx + 0.5);
}

static int
max_columns (const RdtVassalGrid *grid)
{
  return (int) floor (grid->width / grid->dy + 0.5);
}

int
rdt_vassal_grid_column (const RdtVassalGrid *grid, int px, int py)
{
  int x = rdt_vassal_grid_raw_column (grid, px, py);

  if (grid->v_descend && grid->sideways)
    x = max_rows (grid) - x;
  if (grid->h_descend && !grid->sideways)
    x = max_columns (grid) - x;
  return x;
}

int
rdt_vassal_grid_row (const RdtVassalGrid *grid, int px, int py)
{
  int ny = rdt_vassal_grid_raw_row (grid, px, py);

  if (grid->v_descend && !grid->sideways)
    ny = max_rows (grid) - ny;
  if (grid->h_descend && grid->sideways)
    ny = max_columns (grid) - ny;
  if (grid->stagger && is_odd (rdt_vassal_grid_raw_column (grid, px, py)))
    {
      gboolean down = grid->sideways ? grid->h_descend : grid->v_descend;
      ny += down ? -1 : 1;
    }
  return ny;
}

/* One coordinate as RegularGridNumbering names it. */
static void
append_name (GString *out, int n, char type, int leading)
{
  if (n < 0)
    g_string_append_c (out, '-');
  n = ABS (n);
  if (type == 'A')
    {
      /* A..Z, then AA, BB... (the letter repeated), as VASSAL does. */
      do
        {
          g_string_append_c (out, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n % 26]);
          n -= 26;
        }
      while (n >= 0);
      return;
    }
  for (; leading > 0; leading--)
    {
      double limit = pow (10.0, leading);
      if (n < limit)
        g_string_append_c (out, '0');
      else
        break;
    }
  g_string_append_printf (out, "%d", n);
}

char *
rdt_vassal_grid_label_at (const RdtVassalGrid *grid, int px, int py)
{
  int row = rdt_vassal_grid_row (grid, px, py);
  int col = rdt_vassal_grid_column (grid, px, py);
  g_autoptr(GString) r = g_string_new (NULL);
  g_autoptr(GString) c = g_string_new (NULL);

  append_name (r, row + grid->v_off, grid->v_type, grid->v_leading);
  append_name (c, col + grid->h_off, grid->h_type, grid->h_leading);
  if (grid->first == 'H')
    return g_strconcat (c->str, grid->sep, r->str, NULL);
  return g_strconcat (r->str, grid->sep, c->str, NULL);
}

char *
rdt_vassal_grid_location_at (const RdtVassalGrid *grid, int px, int py)
{
  /* RegularGridNumbering.locationName: the location format with
   * $gridLocation$, $row$ and $column$ replaced; other $...$ kept as written. */
  const char *fmt = grid->location_format != NULL ? grid->location_format : "$gridLocation$";
  int row = rdt_vassal_grid_row (grid, px, py);
  int col = rdt_vassal_grid_column (grid, px, py);
  GString *out = g_string_new (NULL);

  while (*fmt != '\0')
    {
      const char *open = strchr (fmt, '$');
      const char *close = open != NULL ? strchr (open + 1, '$') : NULL;
      gsize len;

      if (open == NULL || close == NULL)
        {
          g_string_append (out, fmt);
          break;
        }
      g_string_append_len (out, fmt, open - fmt);
      len = (gsize) (close - open - 1);
      if (len == strlen ("gridLocation") && strncmp (open + 1, "gridLocation", len) == 0)
        {
          g_autofree char *label = rdt_vassal_grid_label_at (grid, px, py);
          g_string_append (out, label);
        }
      else if (len == strlen ("row") && strncmp (open + 1, "row", len) == 0)
        append_name (out, row + grid->v_off, grid->v_type, grid->v_leading);
      else if (len == strlen ("column") && strncmp (open + 1, "column", len) == 0)
        append_name (out, col + grid->h_off, grid->h_type, grid->h_leading);
      else
        g_string_append_len (out, open, close - open + 1);
      fmt = close + 1;
    }
  return g_string_free (out, FALSE);
}

void
rdt_vassal_grid_raw_centre (const RdtVassalGrid *grid, int nx, int ny, double *x, double *y)
{
  double gx = grid->x0 + grid->dx * nx;
  double gy = grid->y0 + grid->dy * ny + (is_odd (nx) ? grid->dy / 2 : 0);

  *x = grid->sideways ? gy : gx;
  *y = grid->sideways ? gx : gy;
}

/* Redoubt's numbers for raw hex (nx, ny), ascending numbering only:
 * the line number is VASSAL's column, the position VASSAL's row. */
static void
raw_to_numbers (const RdtVassalGrid *grid, int nx, int ny, int *line, int *pos)
{
  *line = nx + grid->h_off;
  *pos = ny + grid->v_off + (grid->stagger && is_odd (nx) ? 1 : 0);
}

void
rdt_vassal_grid_hex_point (const RdtVassalGrid *grid, RdtHex hex, int *px, int *py)
{
  int line = grid->sideways ? hex.row : hex.col;
  int pos = grid->sideways ? hex.col : hex.row;
  int nx = line - grid->h_off;
  int ny = pos - grid->v_off - (grid->stagger && is_odd (nx) ? 1 : 0);
  int gx = (int) (grid->dx * nx + grid->x0);
  int gy = is_odd (nx) ? (int) (grid->dy * ny + (int) (grid->dy / 2) + grid->y0)
                       : (int) (grid->dy * ny + grid->y0);

  *px = grid->sideways ? gy : gx;
  *py = grid->sideways ? gx : gy;
}

RdtHex
rdt_vassal_grid_redoubt_hex_at (const RdtVassalGrid *grid, int px, int py)
{
  /* Redoubt's numbers are the ascending ones, descending numbering or not. */
  int line, pos;

  raw_to_numbers (grid, rdt_vassal_grid_raw_column (grid, px, py),
                  rdt_vassal_grid_raw_row (grid, px, py), &line, &pos);
  return grid->sideways ? (RdtHex) { pos, line } : (RdtHex) { line, pos };
}

void
rdt_vassal_grid_label_format (const RdtVassalGrid *grid,
                              RdtHexLabelFormat   *out)
{
  /* VASSAL's column (the line) is Redoubt's column, or its row when sideways;
   * VASSAL's row (the position) the other.  A descending number is
   * max - raw (+ offset), and Redoubt's is raw + offset (stagger moving both
   * by one the other way), so the shown number is (max + 2 offset) - Redoubt's. */
  RdtHexLabelAxis line = { 0 }, pos = { 0 };

  line.letters = grid->h_type == 'A';
  line.digits = CLAMP (grid->h_leading + 1, 0, RDT_HEX_LABEL_DIGITS_MAX);
  line.descending = grid->sideways ? grid->v_descend : grid->h_descend;
  line.mirror = CLAMP ((grid->sideways ? max_rows (grid) : max_columns (grid)) + 2 * grid->h_off,
                       -RDT_HEX_LABEL_MIRROR_MAX, RDT_HEX_LABEL_MIRROR_MAX);
  pos.letters = grid->v_type == 'A';
  pos.digits = CLAMP (grid->v_leading + 1, 0, RDT_HEX_LABEL_DIGITS_MAX);
  pos.descending = grid->sideways ? grid->h_descend : grid->v_descend;
  pos.mirror = CLAMP ((grid->sideways ? max_columns (grid) : max_rows (grid)) + 2 * grid->v_off,
                      -RDT_HEX_LABEL_MIRROR_MAX, RDT_HEX_LABEL_MIRROR_MAX);

  memset (out, 0, sizeof *out);
  out->present = TRUE;
  out->column = grid->sideways ? pos : line;
  out->row = grid->sideways ? line : pos;
  /* first="H": VASSAL's column first. */
  out->row_first = (grid->first == 'H') == grid->sideways;
  g_strlcpy (out->separator, grid->sep != NULL ? grid->sep : "", sizeof out->separator);
}

gboolean
rdt_vassal_grid_to_redoubt (const RdtVassalGrid *grid,
                            int                  left,
                            int                  top,
                            int                  right,
                            int                  bottom,
                            RdtGridSettings     *out_settings,
                            RdtUnderlay         *out_underlay,
                            double              *out_drift,
                            GError             **error)
{
  double lo_line, hi_line, lo_pos, hi_pos;
  long nx_min, nx_max, ny_min, ny_max;
  int min_line = G_MAXINT, max_line = G_MININT, min_pos = G_MAXINT, max_pos = G_MININT;
  guint dropped = 0;
  gboolean lower_odd;
  double size, cx, cy, drift_lines, drift_pos;
  int nx0, ny0;

  if (!(grid->dx >= 2.0 && grid->dy >= 2.0 && grid->dx < 1e5 && grid->dy < 1e5))
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_GRID,
                   _("the hex grid has dx=%g, dy=%g: not a usable hex size"), grid->dx, grid->dy);
      return FALSE;
    }
  /* The grid's own frame: lines (raw columns) along x, positions along y. */
  lo_line = grid->sideways ? top : left;
  hi_line = grid->sideways ? bottom : right;
  lo_pos = grid->sideways ? left : top;
  hi_pos = grid->sideways ? right : bottom;
  nx_min = (long) ceil ((lo_line - grid->x0) / grid->dx);
  nx_max = (long) floor ((hi_line - grid->x0) / grid->dx);
  ny_min = (long) floor ((lo_pos - grid->y0) / grid->dy) - 1;
  ny_max = (long) ceil ((hi_pos - grid->y0) / grid->dy) + 1;
  if (nx_max - nx_min > RDT_GRID_MAX_LINES || ny_max - ny_min > RDT_GRID_MAX_LINES + 2)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_GRID,
                   _("the hex grid has more than %d columns or rows on the board"),
                   RDT_GRID_MAX_LINES);
      return FALSE;
    }
  for (long nx = nx_min; nx <= nx_max; nx++)
    for (long ny = ny_min; ny <= ny_max; ny++)
      {
        double x, y;
        int line, pos;

        rdt_vassal_grid_raw_centre (grid, (int) nx, (int) ny, &x, &y);
        if (x < left || x >= right || y < top || y >= bottom)
          continue;
        raw_to_numbers (grid, (int) nx, (int) ny, &line, &pos);
        if (line < 0 || pos < 0)
          {
            dropped++;
            continue;
          }
        min_line = MIN (min_line, line);
        max_line = MAX (max_line, line);
        min_pos = MIN (min_pos, pos);
        max_pos = MAX (max_pos, pos);
      }
  if (min_line > max_line)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_GRID,
                   dropped > 0 ? _("every hex on the board has a negative column or row number")
                               : _("no hex centre lies on the board"));
      return FALSE;
    }

  memset (out_settings, 0, sizeof *out_settings);
  out_settings->orientation = grid->sideways ? RDT_GRID_POINTY_TOP : RDT_GRID_FLAT_TOP;
  if (grid->sideways)
    {
      out_settings->first_column = min_pos;
      out_settings->columns = max_pos - min_pos + 1;
      out_settings->first_row = min_line;
      out_settings->rows = max_line - min_line + 1;
    }
  else
    {
      out_settings->first_column = min_line;
      out_settings->columns = max_line - min_line + 1;
      out_settings->first_row = min_pos;
      out_settings->rows = max_pos - min_pos + 1;
    }
  /* Raw odd lines sit half a hex further along; with stagger their numbers are
   * one more, so in numbers it is the raw even lines that sit lower.  A line's
   * number is raw + hOff. */
  lower_odd = grid->stagger ? is_odd (grid->h_off) : !is_odd (grid->h_off);
  out_settings->shift = lower_odd ? RDT_GRID_SHIFT_ODD : RDT_GRID_SHIFT_EVEN;

  /* One hex size for both directions (Redoubt's hexes are regular): the one
   * that spreads the error evenly over the board's lines and positions. */
  {
    double n_lines = MAX (1, max_line - min_line);
    double n_pos = MAX (1, max_pos - min_pos);
    size = (grid->dx * n_lines + grid->dy * n_pos) / (1.5 * n_lines + sqrt (3.0) * n_pos);
    drift_lines = fabs (1.5 * size - grid->dx) * n_lines;
    drift_pos = fabs (sqrt (3.0) * size - grid->dy) * n_pos;
  }
  /* The first hex's centre (Redoubt's origin). */
  nx0 = min_line - grid->h_off;
  ny0 = (grid->sideways ? out_settings->first_column : out_settings->first_row)
        - grid->v_off - (grid->stagger && is_odd (nx0) ? 1 : 0);
  rdt_vassal_grid_raw_centre (grid, nx0, ny0, &cx, &cy);
  memset (out_underlay, 0, sizeof *out_underlay);
  out_underlay->present = TRUE;
  out_underlay->origin_x = cx;
  out_underlay->origin_y = cy;
  out_underlay->hex_size = size;
  out_underlay->rotation = 0;
  if (out_drift != NULL)
    *out_drift = hypot (drift_lines, drift_pos);
  return TRUE;
}
