/* rdt-hex-grid.c: the XXYY hex grid (see rdt-hex-grid.h for the coordinates). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "rdt-hex-grid.h"
#include "rdt-hex-grid-private.h"

struct _RdtHexGrid
{
  gatomicrefcount ref_count;
  RdtGridSettings settings;
  guint n_hexes;
  int col_digits;
  int row_digits;
  /* Lattice bounds of the hex centres, for drawing coordinates. */
  int min_u;
  int min_v;
  int max_u;
  int max_v;
};

G_DEFINE_QUARK (rdt-grid-error-quark, rdt_grid_error)

G_DEFINE_BOXED_TYPE (RdtHexGrid, rdt_hex_grid, rdt_hex_grid_ref, rdt_hex_grid_unref)

/* Lattice offsets of the six neighbours and the six corners.  Edge k, towards
 * neighbour k, runs from corner k to corner k+1; the order has positive rotation
 * (cross (corner[k], corner[k+1]) > 0). */
const int _rdt_neighbour_du[6] = { 0, 3, 3, 0, -3, -3 };
const int _rdt_neighbour_dv[6] = { -2, -1, 1, 2, 1, -1 };
const int _rdt_corner_du[6] = { -1, 1, 2, 1, -1, -2 };
const int _rdt_corner_dv[6] = { -1, -1, 0, 1, 1, 0 };

/* Integer floor division and modulo that behave for negative numbers. */
static inline int
floor_div (int a, int b)
{
  int q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    q--;
  return q;
}

static inline int
floor_mod (int a, int b)
{
  return a - b * floor_div (a, b);
}

static int
digits_of (int n)
{
  int d = 1;
  while (n >= 10)
    {
      n /= 10;
      d++;
    }
  return d;
}

/* The "line" (column of a flat-top map, row of a pointy-top one) and the
 * position along it. */
static inline void
hex_to_line (const RdtHexGrid *grid,
             RdtHex            hex,
             int              *line,
             int              *pos)
{
  if (grid->settings.orientation == RDT_GRID_FLAT_TOP)
    {
      *line = hex.col;
      *pos = hex.row;
    }
  else
    {
      *line = hex.row;
      *pos = hex.col;
    }
}

static inline RdtHex
line_to_hex (const RdtHexGrid *grid,
             int               line,
             int               pos)
{
  if (grid->settings.orientation == RDT_GRID_FLAT_TOP)
    return (RdtHex) { line, pos };
  return (RdtHex) { pos, line };
}

void
rdt_hex_grid_lattice_centre (const RdtHexGrid *grid,
                             RdtHex            hex,
                             int              *u,
                             int              *v)
{
  int line, pos, odd;

  hex_to_line (grid, hex, &line, &pos);
  odd = floor_mod (line, 2);
  *u = 3 * line;
  /* v must have the parity of `line` to lie on the lattice: shifting the odd lines
   * down by half a hex is +1, shifting the even ones is the same as lifting the
   * odd ones by half a hex, -1. */
  if (grid->settings.shift == RDT_GRID_SHIFT_ODD)
    *v = 2 * pos + odd;
  else
    *v = 2 * pos - odd;
}

RdtHex
rdt_hex_grid_hex_at_lattice (const RdtHexGrid *grid,
                             int               u,
                             int               v)
{
  int line = floor_div (u, 3);
  int odd = floor_mod (line, 2);
  int pos;

  if (grid->settings.shift == RDT_GRID_SHIFT_ODD)
    pos = floor_div (v - odd, 2);
  else
    pos = floor_div (v + odd, 2);
  return line_to_hex (grid, line, pos);
}

/* ---- Construction ------------------------------------------------------- */

RdtHexGrid *
rdt_hex_grid_new (const RdtGridSettings *settings,
                  GError               **error)
{
  RdtHexGrid *grid;
  int last_col, last_row;

  g_return_val_if_fail (settings != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (settings->columns < 1 || settings->columns > RDT_GRID_MAX_LINES ||
      settings->rows < 1 || settings->rows > RDT_GRID_MAX_LINES)
    {
      g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_INVALID_SETTINGS,
                   _("A map must have between 1 and %d columns and rows (got %d × %d)"),
                   RDT_GRID_MAX_LINES, settings->columns, settings->rows);
      return NULL;
    }
  if (settings->first_column < 0 || settings->first_row < 0)
    {
      g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_INVALID_SETTINGS,
                   _("The first column and row numbers must not be negative (got %d and %d)"),
                   settings->first_column, settings->first_row);
      return NULL;
    }
  last_col = settings->first_column + settings->columns - 1;
  last_row = settings->first_row + settings->rows - 1;
  if (last_col > RDT_GRID_MAX_LINES || last_row > RDT_GRID_MAX_LINES)
    {
      g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_INVALID_SETTINGS,
                   _("Column and row numbers must not exceed %d (the last column is %d, the last row %d)"),
                   RDT_GRID_MAX_LINES, last_col, last_row);
      return NULL;
    }
  if ((settings->orientation != RDT_GRID_FLAT_TOP && settings->orientation != RDT_GRID_POINTY_TOP) ||
      (settings->shift != RDT_GRID_SHIFT_ODD && settings->shift != RDT_GRID_SHIFT_EVEN))
    {
      g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_INVALID_SETTINGS,
                   _("Unknown grid orientation or shift"));
      return NULL;
    }

  grid = g_new0 (RdtHexGrid, 1);
  g_atomic_ref_count_init (&grid->ref_count);
  grid->settings = *settings;
  grid->n_hexes = (guint) settings->columns * (guint) settings->rows;
  grid->col_digits = MAX (2, digits_of (last_col));
  grid->row_digits = MAX (2, digits_of (last_row));

  grid->min_u = grid->min_v = G_MAXINT;
  grid->max_u = grid->max_v = G_MININT;
  for (int c = settings->first_column; c <= last_col; c++)
    {
      /* The extreme v of a line is at its first and last positions. */
      RdtHex ends[2] = { { c, settings->first_row }, { c, last_row } };
      for (guint i = 0; i < 2; i++)
        {
          int u, v;
          rdt_hex_grid_lattice_centre (grid, ends[i], &u, &v);
          grid->min_u = MIN (grid->min_u, u);
          grid->min_v = MIN (grid->min_v, v);
          grid->max_u = MAX (grid->max_u, u);
          grid->max_v = MAX (grid->max_v, v);
        }
    }
  for (int r = settings->first_row; r <= last_row; r++)
    {
      RdtHex ends[2] = { { settings->first_column, r }, { last_col, r } };
      for (guint i = 0; i < 2; i++)
        {
          int u, v;
          rdt_hex_grid_lattice_centre (grid, ends[i], &u, &v);
          grid->min_u = MIN (grid->min_u, u);
          grid->min_v = MIN (grid->min_v, v);
          grid->max_u = MAX (grid->max_u, u);
          grid->max_v = MAX (grid->max_v, v);
        }
    }
  return grid;
}

RdtHexGrid *
rdt_hex_grid_ref (RdtHexGrid *grid)
{
  g_return_val_if_fail (grid != NULL, NULL);
  g_atomic_ref_count_inc (&grid->ref_count);
  return grid;
}

void
rdt_hex_grid_unref (RdtHexGrid *grid)
{
  g_return_if_fail (grid != NULL);
  if (g_atomic_ref_count_dec (&grid->ref_count))
    g_free (grid);
}

const RdtGridSettings *
rdt_hex_grid_get_settings (const RdtHexGrid *grid)
{
  g_return_val_if_fail (grid != NULL, NULL);
  return &grid->settings;
}

gboolean
rdt_grid_settings_equal (const RdtGridSettings *a,
                         const RdtGridSettings *b)
{
  return a->columns == b->columns && a->rows == b->rows &&
         a->first_column == b->first_column && a->first_row == b->first_row &&
         a->orientation == b->orientation && a->shift == b->shift;
}

/* ---- Hexes and labels --------------------------------------------------- */

guint
rdt_hex_grid_get_n_hexes (const RdtHexGrid *grid)
{
  return grid->n_hexes;
}

gboolean
rdt_hex_grid_contains (const RdtHexGrid *grid,
                       RdtHex            hex)
{
  const RdtGridSettings *s = &grid->settings;

  return hex.col >= s->first_column && hex.col < s->first_column + s->columns &&
         hex.row >= s->first_row && hex.row < s->first_row + s->rows;
}

int
rdt_hex_grid_hex_index (const RdtHexGrid *grid,
                        RdtHex            hex)
{
  const RdtGridSettings *s = &grid->settings;

  if (!rdt_hex_grid_contains (grid, hex))
    return -1;
  return (hex.col - s->first_column) * s->rows + (hex.row - s->first_row);
}

RdtHex
rdt_hex_grid_hex_at_index (const RdtHexGrid *grid,
                           guint             index)
{
  const RdtGridSettings *s = &grid->settings;

  g_return_val_if_fail (index < grid->n_hexes, ((RdtHex) { 0, 0 }));
  return (RdtHex) { s->first_column + (int) index / s->rows,
                    s->first_row + (int) index % s->rows };
}

void
rdt_hex_grid_format_label (const RdtHexGrid *grid,
                           RdtHex            hex,
                           char              buf[RDT_HEX_LABEL_SIZE])
{
  if (hex.col < 0 || hex.row < 0 || hex.col > RDT_GRID_MAX_LINES || hex.row > RDT_GRID_MAX_LINES)
    {
      /* Off-map lattice hexes beyond any label: say so rather than print
       * garbage or a "?" (issue 12); "off map" fits RDT_HEX_LABEL_SIZE. */
      G_STATIC_ASSERT (sizeof "off map" <= RDT_HEX_LABEL_SIZE);
      g_strlcpy (buf, "off map", RDT_HEX_LABEL_SIZE);
      return;
    }
  /* "%0*d%0*d" by hand: the writer formats every hex of a map (issue 15). */
  {
    char digits[2][4];
    int n[2] = { 0, 0 };
    int v[2] = { hex.col, hex.row };
    int width[2] = { grid->col_digits, grid->row_digits };
    int len = 0;

    for (int k = 0; k < 2; k++)
      {
        do
          {
            digits[k][n[k]++] = (char) ('0' + v[k] % 10);
            v[k] /= 10;
          }
        while (v[k] != 0);
        for (int i = n[k]; i < width[k] && len < RDT_HEX_LABEL_SIZE - 1; i++)
          buf[len++] = '0';
        while (n[k] > 0 && len < RDT_HEX_LABEL_SIZE - 1)
          buf[len++] = digits[k][--n[k]];
      }
    buf[len] = '\0';
  }
}

char *
rdt_hex_grid_dup_label (const RdtHexGrid *grid,
                        RdtHex            hex)
{
  char buf[RDT_HEX_LABEL_SIZE];

  rdt_hex_grid_format_label (grid, hex, buf);
  return g_strdup (buf);
}

gboolean
rdt_hex_grid_parse_label (const RdtHexGrid *grid,
                          const char       *label,
                          RdtHex           *out_hex,
                          GError          **error)
{
  int width = grid->col_digits + grid->row_digits;
  RdtHex hex = { 0, 0 };
  int len;

  g_return_val_if_fail (label != NULL, FALSE);

  len = (int) strnlen (label, 64);
  if (len != width)
    goto malformed;
  for (int i = 0; i < len; i++)
    {
      if (label[i] < '0' || label[i] > '9')
        goto malformed;
      if (i < grid->col_digits)
        hex.col = hex.col * 10 + (label[i] - '0');
      else
        hex.row = hex.row * 10 + (label[i] - '0');
    }
  if (!rdt_hex_grid_contains (grid, hex))
    {
      const RdtGridSettings *s = &grid->settings;
      g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_OFF_MAP,
                   _("Hex %s is off the map (columns %0*d to %0*d, rows %0*d to %0*d)"),
                   label,
                   grid->col_digits, s->first_column,
                   grid->col_digits, s->first_column + s->columns - 1,
                   grid->row_digits, s->first_row,
                   grid->row_digits, s->first_row + s->rows - 1);
      return FALSE;
    }
  if (out_hex)
    *out_hex = hex;
  return TRUE;

malformed:
  {
    g_autofree char *shown = g_utf8_make_valid (label, MIN (len, 32));
    g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_MALFORMED_LABEL,
                 _("“%s” is not a hex label: expected %d digits, the column (%d digits) then the row (%d digits), like %0*d%0*d"),
                 shown, width, grid->col_digits, grid->row_digits,
                 grid->col_digits, grid->settings.first_column,
                 grid->row_digits, grid->settings.first_row);
    return FALSE;
  }
}

/* ---- Neighbours and directions ------------------------------------------ */

RdtHex
rdt_hex_grid_neighbour (const RdtHexGrid *grid,
                        RdtHex            hex,
                        RdtHexDirection   dir)
{
  int u, v;

  g_return_val_if_fail (dir < RDT_N_DIRECTIONS, hex);
  rdt_hex_grid_lattice_centre (grid, hex, &u, &v);
  return rdt_hex_grid_hex_at_lattice (grid, u + _rdt_neighbour_du[dir], v + _rdt_neighbour_dv[dir]);
}

int
rdt_hex_grid_direction_to (const RdtHexGrid *grid,
                           RdtHex            from,
                           RdtHex            to)
{
  int u1, v1, u2, v2;

  rdt_hex_grid_lattice_centre (grid, from, &u1, &v1);
  rdt_hex_grid_lattice_centre (grid, to, &u2, &v2);
  for (int d = 0; d < RDT_N_DIRECTIONS; d++)
    if (u2 - u1 == _rdt_neighbour_du[d] && v2 - v1 == _rdt_neighbour_dv[d])
      return d;
  return -1;
}

gboolean
rdt_hex_grid_are_adjacent (const RdtHexGrid *grid,
                           RdtHex            a,
                           RdtHex            b)
{
  return rdt_hex_grid_direction_to (grid, a, b) >= 0;
}

/* Names as seen on screen, with north up.  Flat-top lattice: u right, v down.
 * Pointy-top: the lattice is mirrored onto the screen (x = v, y = u). */
static const char *const flat_names[6] = { "N", "NE", "SE", "S", "SW", "NW" };
static const char *const pointy_names[6] = { "W", "SW", "SE", "E", "NE", "NW" };

const char *
rdt_hex_grid_direction_name (const RdtHexGrid *grid,
                             RdtHexDirection   dir)
{
  g_return_val_if_fail (dir < RDT_N_DIRECTIONS, NULL);
  if (grid->settings.orientation == RDT_GRID_FLAT_TOP)
    return flat_names[dir];
  return pointy_names[dir];
}

gboolean
rdt_hex_grid_parse_direction (const RdtHexGrid *grid,
                              const char       *name,
                              RdtHexDirection  *out_dir)
{
  const char *const *names = grid->settings.orientation == RDT_GRID_FLAT_TOP ? flat_names : pointy_names;

  for (int d = 0; d < RDT_N_DIRECTIONS; d++)
    if (g_ascii_strcasecmp (names[d], name) == 0)
      {
        *out_dir = d;
        return TRUE;
      }
  return FALSE;
}

int
rdt_hex_grid_distance (const RdtHexGrid *grid,
                       RdtHex            a,
                       RdtHex            b)
{
  int u1, v1, u2, v2, dq, dr;

  rdt_hex_grid_lattice_centre (grid, a, &u1, &v1);
  rdt_hex_grid_lattice_centre (grid, b, &u2, &v2);
  /* Axial coordinates: q = u / 3, r = (v - q) / 2. */
  dq = (u2 - u1) / 3;
  dr = ((v2 - v1) - dq) / 2;
  return (ABS (dq) + ABS (dr) + ABS (dq + dr)) / 2;
}

static void
append_ring (const RdtHexGrid *grid,
             RdtHex            centre,
             int               radius,
             GArray           *out)
{
  int u, v;

  if (radius == 0)
    {
      if (rdt_hex_grid_contains (grid, centre))
        g_array_append_val (out, centre);
      return;
    }
  rdt_hex_grid_lattice_centre (grid, centre, &u, &v);
  /* Start `radius` steps out in direction 4 and walk the six sides. */
  u += _rdt_neighbour_du[4] * radius;
  v += _rdt_neighbour_dv[4] * radius;
  for (int side = 0; side < 6; side++)
    for (int step = 0; step < radius; step++)
      {
        RdtHex hex = rdt_hex_grid_hex_at_lattice (grid, u, v);
        if (rdt_hex_grid_contains (grid, hex))
          g_array_append_val (out, hex);
        u += _rdt_neighbour_du[side];
        v += _rdt_neighbour_dv[side];
      }
}

int
rdt_hex_grid_max_distance (const RdtHexGrid *grid,
                           RdtHex            from)
{
  const RdtGridSettings *s;
  int last_col, last_row, d = 0;

  g_return_val_if_fail (grid != NULL, 0);
  s = &grid->settings;
  last_col = s->first_column + s->columns - 1;
  last_row = s->first_row + s->rows - 1;
  /* Every hex has a neighbour one further from `from`, so the farthest hex of
   * the map is on its edge: only the edge hexes are measured. */
  for (int c = s->first_column; c <= last_col; c++)
    {
      d = MAX (d, rdt_hex_grid_distance (grid, from, (RdtHex) { c, s->first_row }));
      d = MAX (d, rdt_hex_grid_distance (grid, from, (RdtHex) { c, last_row }));
    }
  for (int r = s->first_row; r <= last_row; r++)
    {
      d = MAX (d, rdt_hex_grid_distance (grid, from, (RdtHex) { s->first_column, r }));
      d = MAX (d, rdt_hex_grid_distance (grid, from, (RdtHex) { last_col, r }));
    }
  return d;
}

GArray *
rdt_hex_grid_ring (const RdtHexGrid *grid,
                   RdtHex            centre,
                   int               radius)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (RdtHex));

  g_return_val_if_fail (radius >= 0, out);
  /* A ring beyond the farthest hex holds no hex of the map. */
  if (radius <= rdt_hex_grid_max_distance (grid, centre))
    append_ring (grid, centre, radius, out);
  return out;
}

GArray *
rdt_hex_grid_range (const RdtHexGrid *grid,
                    RdtHex            centre,
                    int               radius)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (RdtHex));

  g_return_val_if_fail (radius >= 0, out);
  radius = MIN (radius, rdt_hex_grid_max_distance (grid, centre));
  for (int r = 0; r <= radius; r++)
    append_ring (grid, centre, r, out);
  return out;
}

/* ---- Hexsides ----------------------------------------------------------- */

static inline int
hex_compare (RdtHex a,
             RdtHex b)
{
  if (a.col != b.col)
    return a.col < b.col ? -1 : 1;
  if (a.row != b.row)
    return a.row < b.row ? -1 : 1;
  return 0;
}

RdtHexside
_rdt_hexside_make (RdtHex a,
                   RdtHex b)
{
  if (hex_compare (a, b) <= 0)
    return (RdtHexside) { a, b };
  return (RdtHexside) { b, a };
}

gboolean
rdt_hex_grid_hexside (const RdtHexGrid *grid,
                      RdtHex            a,
                      RdtHex            b,
                      RdtHexside       *out_side,
                      GError          **error)
{
  if (!rdt_hex_grid_are_adjacent (grid, a, b))
    {
      char la[RDT_HEX_LABEL_SIZE], lb[RDT_HEX_LABEL_SIZE];
      rdt_hex_grid_format_label (grid, a, la);
      rdt_hex_grid_format_label (grid, b, lb);
      g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_NOT_ADJACENT,
                   _("Hexes %s and %s are not adjacent, so they share no hexside"), la, lb);
      return FALSE;
    }
  if (out_side)
    *out_side = _rdt_hexside_make (a, b);
  return TRUE;
}

RdtHexside
rdt_hex_grid_hexside_of (const RdtHexGrid *grid,
                         RdtHex            hex,
                         RdtHexDirection   dir)
{
  return _rdt_hexside_make (hex, rdt_hex_grid_neighbour (grid, hex, dir));
}

gboolean
rdt_hexside_equal (RdtHexside a,
                   RdtHexside b)
{
  return a.a.col == b.a.col && a.a.row == b.a.row &&
         a.b.col == b.b.col && a.b.row == b.b.row;
}

int
rdt_hexside_compare (RdtHexside a,
                     RdtHexside b)
{
  int c = hex_compare (a.a, b.a);
  return c != 0 ? c : hex_compare (a.b, b.b);
}

gboolean
rdt_hexside_has_hex (RdtHexside side,
                     RdtHex     hex)
{
  return (side.a.col == hex.col && side.a.row == hex.row) ||
         (side.b.col == hex.col && side.b.row == hex.row);
}

RdtHex
rdt_hexside_other (RdtHexside side,
                   RdtHex     hex)
{
  if (side.a.col == hex.col && side.a.row == hex.row)
    return side.b;
  return side.a;
}

void
rdt_hex_grid_format_hexside (const RdtHexGrid *grid,
                             RdtHexside        side,
                             char              buf[RDT_HEXSIDE_LABEL_SIZE])
{
  char la[RDT_HEX_LABEL_SIZE], lb[RDT_HEX_LABEL_SIZE];

  rdt_hex_grid_format_label (grid, side.a, la);
  rdt_hex_grid_format_label (grid, side.b, lb);
  g_snprintf (buf, RDT_HEXSIDE_LABEL_SIZE, "%s|%s", la, lb);
}

gboolean
rdt_hex_grid_parse_hexside (const RdtHexGrid *grid,
                            const char       *text,
                            RdtHexside       *out_side,
                            GError          **error)
{
  const char *sep;
  g_autofree char *first = NULL;
  RdtHex a, b;

  g_return_val_if_fail (text != NULL, FALSE);

  sep = strpbrk (text, "|-");
  if (sep == NULL)
    {
      g_autofree char *shown = g_utf8_make_valid (text, MIN ((gssize) strnlen (text, 64), 32));
      g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_MALFORMED_LABEL,
                   _("“%s” is not a hexside: expected two adjacent hexes like 3503|3603"), shown);
      return FALSE;
    }
  first = g_strndup (text, sep - text);
  if (!rdt_hex_grid_parse_label (grid, first, &a, error) ||
      !rdt_hex_grid_parse_label (grid, sep + 1, &b, error))
    return FALSE;
  return rdt_hex_grid_hexside (grid, a, b, out_side, error);
}

gboolean
rdt_hex_grid_hexside_is_map_edge (const RdtHexGrid *grid,
                                  RdtHexside        side)
{
  return rdt_hex_grid_contains (grid, side.a) != rdt_hex_grid_contains (grid, side.b);
}

GArray *
rdt_hex_grid_map_edge_hexsides (const RdtHexGrid *grid)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (RdtHexside));

  for (guint i = 0; i < grid->n_hexes; i++)
    {
      RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
      for (int d = 0; d < RDT_N_DIRECTIONS; d++)
        {
          RdtHex n = rdt_hex_grid_neighbour (grid, hex, d);
          if (!rdt_hex_grid_contains (grid, n))
            {
              RdtHexside side = _rdt_hexside_make (hex, n);
              g_array_append_val (out, side);
            }
        }
    }
  return out;
}

GArray *
rdt_hex_grid_inner_hexsides (const RdtHexGrid *grid)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (RdtHexside));

  for (guint i = 0; i < grid->n_hexes; i++)
    {
      RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
      for (int d = 0; d < RDT_N_DIRECTIONS; d++)
        {
          RdtHex n = rdt_hex_grid_neighbour (grid, hex, d);
          /* Each inner hexside once: from its canonical first hex. */
          if (rdt_hex_grid_contains (grid, n) && hex_compare (hex, n) < 0)
            {
              RdtHexside side = { hex, n };
              g_array_append_val (out, side);
            }
        }
    }
  return out;
}

/* ---- Corners ------------------------------------------------------------ */

RdtHexCorner
rdt_hex_grid_corner_of (const RdtHexGrid *grid,
                        RdtHex            hex,
                        guint             k)
{
  int u, v;

  g_return_val_if_fail (k < 6, ((RdtHexCorner) { 0, 0 }));
  rdt_hex_grid_lattice_centre (grid, hex, &u, &v);
  return (RdtHexCorner) { u + _rdt_corner_du[k], v + _rdt_corner_dv[k] };
}

gboolean
_rdt_lattice_is_centre (int u,
                        int v)
{
  /* Centres are (3q, 2r + q). */
  return floor_mod (u, 3) == 0 && floor_mod (v - u / 3, 2) == 0;
}

void
rdt_hex_grid_corner_hexes (const RdtHexGrid *grid,
                           RdtHexCorner      corner,
                           RdtHex            out_hexes[3])
{
  guint n = 0;

  for (int k = 0; k < 6 && n < 3; k++)
    {
      int u = corner.u - _rdt_corner_du[k];
      int v = corner.v - _rdt_corner_dv[k];
      if (_rdt_lattice_is_centre (u, v))
        out_hexes[n++] = rdt_hex_grid_hex_at_lattice (grid, u, v);
    }
  g_return_if_fail (n == 3);
}

gboolean
rdt_hex_corner_equal (RdtHexCorner a,
                      RdtHexCorner b)
{
  return a.u == b.u && a.v == b.v;
}

/* ---- Drawing geometry --------------------------------------------------- */

/* One lattice unit of u is half a hex radius; one of v is half a hex height
 * (sqrt(3)/2 of the radius).  Map units put the top-left hex fully on-screen. */
#define HALF_SQRT3 0.86602540378443864676

static inline void
lattice_to_point (const RdtHexGrid *grid,
                  double            u,
                  double            v,
                  double           *x,
                  double           *y)
{
  double a = (u - grid->min_u) * 0.5 + 1.0;
  double b = (v - grid->min_v) * HALF_SQRT3 + HALF_SQRT3;

  if (grid->settings.orientation == RDT_GRID_FLAT_TOP)
    {
      *x = a;
      *y = b;
    }
  else
    {
      *x = b;
      *y = a;
    }
}

static inline void
point_to_lattice (const RdtHexGrid *grid,
                  double            x,
                  double            y,
                  double           *u,
                  double           *v)
{
  double a, b;

  if (grid->settings.orientation == RDT_GRID_FLAT_TOP)
    {
      a = x;
      b = y;
    }
  else
    {
      a = y;
      b = x;
    }
  *u = (a - 1.0) * 2.0 + grid->min_u;
  *v = (b - HALF_SQRT3) / HALF_SQRT3 + grid->min_v;
}

void
rdt_hex_grid_hex_centre (const RdtHexGrid *grid,
                         RdtHex            hex,
                         double           *x,
                         double           *y)
{
  int u, v;

  rdt_hex_grid_lattice_centre (grid, hex, &u, &v);
  lattice_to_point (grid, u, v, x, y);
}

void
rdt_hex_grid_corner_point (const RdtHexGrid *grid,
                           RdtHexCorner      corner,
                           double           *x,
                           double           *y)
{
  lattice_to_point (grid, corner.u, corner.v, x, y);
}

RdtHex
rdt_hex_grid_hex_at_point (const RdtHexGrid *grid,
                           double            x,
                           double            y)
{
  double u, v, fq, fr, fs, rq, rr, rs;
  int q, r;

  point_to_lattice (grid, x, y, &u, &v);
  /* Fractional axial coordinates, then cube rounding. */
  fq = u / 3.0;
  fr = (v - fq) / 2.0;
  fs = -fq - fr;
  rq = round (fq);
  rr = round (fr);
  rs = round (fs);
  if (fabs (rq - fq) > fabs (rr - fr) && fabs (rq - fq) > fabs (rs - fs))
    rq = -rr - rs;
  else if (fabs (rr - fr) > fabs (rs - fs))
    rr = -rq - rs;
  q = (int) rq;
  r = (int) rr;
  return rdt_hex_grid_hex_at_lattice (grid, 3 * q, 2 * r + q);
}

RdtHexside
rdt_hex_grid_hexside_at_point (const RdtHexGrid *grid,
                               double            x,
                               double            y,
                               RdtHex           *out_near_hex)
{
  RdtHex hex = rdt_hex_grid_hex_at_point (grid, x, y);
  double best = G_MAXDOUBLE;
  int best_dir = 0;

  for (int d = 0; d < RDT_N_DIRECTIONS; d++)
    {
      RdtHexCorner c1 = rdt_hex_grid_corner_of (grid, hex, d);
      RdtHexCorner c2 = rdt_hex_grid_corner_of (grid, hex, (d + 1) % 6);
      double x1, y1, x2, y2, dist;
      rdt_hex_grid_corner_point (grid, c1, &x1, &y1);
      rdt_hex_grid_corner_point (grid, c2, &x2, &y2);
      dist = hypot (x - (x1 + x2) / 2, y - (y1 + y2) / 2);
      if (dist < best)
        {
          best = dist;
          best_dir = d;
        }
    }
  if (out_near_hex)
    *out_near_hex = hex;
  return rdt_hex_grid_hexside_of (grid, hex, best_dir);
}

void
rdt_hex_grid_map_size (const RdtHexGrid *grid,
                       double           *width,
                       double           *height)
{
  double x, y;

  lattice_to_point (grid, grid->max_u, grid->max_v, &x, &y);
  if (grid->settings.orientation == RDT_GRID_FLAT_TOP)
    {
      *width = x + 1.0;
      *height = y + HALF_SQRT3;
    }
  else
    {
      *width = x + HALF_SQRT3;
      *height = y + 1.0;
    }
}
