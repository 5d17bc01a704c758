/* rdt-calibration.h: fit the hex grid to a scanned map.
 *
 * The user clicks the centres of three hexes on the scan and types their
 * labels; the grid's map units are then carried onto image pixels by a
 * rotation, a uniform scale and a translation (the printed hexes are regular,
 * so that is all a scan can differ by), fitted by least squares.  The result is
 * stored in the scenario's RdtUnderlay (origin = image pixel of the first hex's
 * centre, hex size in pixels, rotation in degrees clockwise).
 */
#pragma once

#include "rdt-hex-grid.h"
#include "rdt-scenario.h"

G_BEGIN_DECLS

#define RDT_CALIBRATION_ERROR (rdt_calibration_error_quark ())

typedef enum {
  RDT_CALIBRATION_ERROR_DEGENERATE,    /* the hexes or points are collinear/repeated */
  RDT_CALIBRATION_ERROR_INCONSISTENT,  /* the points do not fit one regular grid */
} RdtCalibrationError;

GQuark   rdt_calibration_error_quark (void);

/* Fits @n >= 3 hex/pixel pairs; writes origin, hex_size and rotation of
 * @underlay (other fields untouched).  @out_residual (nullable) receives the
 * largest distance, in hexes, between a clicked point and the fitted centre. */
gboolean rdt_calibration_solve       (RdtHexGrid   *grid,
                                      const RdtHex *hexes,
                                      const double *image_x,
                                      const double *image_y,
                                      guint         n,
                                      RdtUnderlay  *underlay,
                                      double       *out_residual,
                                      GError      **error);

/* Map units to image pixels and back, with a calibrated underlay. */
void     rdt_calibration_map_to_image (RdtHexGrid        *grid,
                                       const RdtUnderlay *underlay,
                                       double             map_x,
                                       double             map_y,
                                       double            *image_x,
                                       double            *image_y);
void     rdt_calibration_image_to_map (RdtHexGrid        *grid,
                                       const RdtUnderlay *underlay,
                                       double             image_x,
                                       double             image_y,
                                       double            *map_x,
                                       double            *map_y);

G_END_DECLS
