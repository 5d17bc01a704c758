/* rdt-render-view.h: the transform from map units to device units.
 *
 * Map units are those of rdt-hex-grid.h: a hex's centre-to-corner distance is 1.
 * A device point is `origin + scale * map point`; the renderer draws with an
 * identity cairo matrix in device units so line widths and text sizes stay in
 * pixels whatever the zoom.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  /* Device units (pixels) per map unit. */
  double scale;
  /* Device position of the map point (0, 0). */
  double origin_x;
  double origin_y;
} RdtRenderView;

/* An axis-aligned rectangle, in device or map units as documented at each use. */
typedef struct {
  double x;
  double y;
  double width;
  double height;
} RdtRenderRect;

/* The zoom the editor opens at: 4-digit labels are legible and about 45 x 22 hexes
 * fit a 1920 x 1080 window. */
#define RDT_RENDER_DEFAULT_SCALE 28.0

RdtRenderView rdt_render_view_make            (double               scale,
                                               double               origin_x,
                                               double               origin_y);
/* The view that shows the map rectangle `map_rect` centred in a device area of
 * `width` x `height`, as large as fits. */
RdtRenderView rdt_render_view_fit             (const RdtRenderRect *map_rect,
                                               double               width,
                                               double               height);
void          rdt_render_view_to_device       (const RdtRenderView *view,
                                               double               map_x,
                                               double               map_y,
                                               double              *device_x,
                                               double              *device_y);
void          rdt_render_view_to_map          (const RdtRenderView *view,
                                               double               device_x,
                                               double               device_y,
                                               double              *map_x,
                                               double              *map_y);
/* A device rectangle in map units. */
RdtRenderRect rdt_render_view_rect_to_map     (const RdtRenderView *view,
                                               const RdtRenderRect *device_rect);
gboolean      rdt_render_rect_intersects      (const RdtRenderRect *a,
                                               const RdtRenderRect *b);

G_END_DECLS
