#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "rdt-calibration.h"

G_DEFINE_QUARK (rdt-calibration-error-quark, rdt_calibration_error)

static void
first_hex_centre (RdtHexGrid *grid,
                  double     *x,
                  double     *y)
{
  const RdtGridSettings *settings = rdt_hex_grid_get_settings (grid);
  RdtHex first = { settings->first_column, settings->first_row };

  rdt_hex_grid_hex_centre (grid, first, x, y);
}

gboolean
rdt_calibration_solve (RdtHexGrid    *grid,
                       const RdtHex  *hexes,
                       const double  *image_x,
                       const double  *image_y,
                       guint          n,
                       RdtUnderlay   *underlay,
                       double        *out_residual,
                       GError       **error)
{
  double mx[16], my[16];
  double x0, y0, qx = 0, qy = 0, px = 0, py = 0, sqq = 0, sa = 0, sb = 0;
  double a, b, scale, residual = 0;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (n >= 3 && n <= G_N_ELEMENTS (mx), FALSE);
  g_return_val_if_fail (underlay != NULL, FALSE);

  first_hex_centre (grid, &x0, &y0);
  for (guint i = 0; i < n; i++)
    {
      rdt_hex_grid_hex_centre (grid, hexes[i], &mx[i], &my[i]);
      mx[i] -= x0;
      my[i] -= y0;
      qx += mx[i] / n;
      qy += my[i] / n;
      px += image_x[i] / n;
      py += image_y[i] / n;
    }
  for (guint i = 0; i < n; i++)
    {
      double dqx = mx[i] - qx, dqy = my[i] - qy;
      double dpx = image_x[i] - px, dpy = image_y[i] - py;

      sqq += dqx * dqx + dqy * dqy;
      sa += dqx * dpx + dqy * dpy;
      sb += dqx * dpy - dqy * dpx;
    }
  /* Three hexes on one line still fix a similarity, but a repeated hex or
   * clicks on one spot do not. */
  if (sqq < 1e-9)
    {
      g_set_error (error, RDT_CALIBRATION_ERROR, RDT_CALIBRATION_ERROR_DEGENERATE,
                   _("Pick three different hexes, well apart."));
      return FALSE;
    }
  a = sa / sqq;
  b = sb / sqq;
  scale = hypot (a, b);
  if (scale < 1e-6)
    {
      g_set_error (error, RDT_CALIBRATION_ERROR, RDT_CALIBRATION_ERROR_DEGENERATE,
                   _("The clicked points are all in one place; click the centres of three hexes well apart."));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      double fx = a * (mx[i] - qx) - b * (my[i] - qy) + px;
      double fy = b * (mx[i] - qx) + a * (my[i] - qy) + py;

      residual = MAX (residual, hypot (fx - image_x[i], fy - image_y[i]) / scale);
    }
  if (out_residual != NULL)
    *out_residual = residual;
  /* Half a hex off means a mistyped label or a misclick, not a skewed scan. */
  if (residual > 0.5)
    {
      g_set_error (error, RDT_CALIBRATION_ERROR, RDT_CALIBRATION_ERROR_INCONSISTENT,
                   _("The points do not fit one hex grid (off by %.1f hexes): check the labels you typed."),
                   residual);
      return FALSE;
    }
  underlay->hex_size = scale;
  underlay->rotation = atan2 (b, a) * 180.0 / G_PI;
  underlay->origin_x = px - (a * qx - b * qy);
  underlay->origin_y = py - (b * qx + a * qy);
  return TRUE;
}

void
rdt_calibration_map_to_image (RdtHexGrid        *grid,
                              const RdtUnderlay *underlay,
                              double             map_x,
                              double             map_y,
                              double            *image_x,
                              double            *image_y)
{
  double x0, y0, t = underlay->rotation * G_PI / 180.0;
  double a = underlay->hex_size * cos (t), b = underlay->hex_size * sin (t);

  first_hex_centre (grid, &x0, &y0);
  map_x -= x0;
  map_y -= y0;
  *image_x = a * map_x - b * map_y + underlay->origin_x;
  *image_y = b * map_x + a * map_y + underlay->origin_y;
}

void
rdt_calibration_image_to_map (RdtHexGrid        *grid,
                              const RdtUnderlay *underlay,
                              double             image_x,
                              double             image_y,
                              double            *map_x,
                              double            *map_y)
{
  double x0, y0, t = underlay->rotation * G_PI / 180.0;
  double a = cos (t) / underlay->hex_size, b = sin (t) / underlay->hex_size;
  double dx = image_x - underlay->origin_x, dy = image_y - underlay->origin_y;

  first_hex_centre (grid, &x0, &y0);
  *map_x = a * dx + b * dy + x0;
  *map_y = -b * dx + a * dy + y0;
}
