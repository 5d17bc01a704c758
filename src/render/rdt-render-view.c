/* rdt-render-view.c: the map-to-device transform. */
#include "config.h"

#include "rdt-render-view.h"

RdtRenderView
rdt_render_view_make (double scale,
                      double origin_x,
                      double origin_y)
{
  return (RdtRenderView) { scale, origin_x, origin_y };
}

RdtRenderView
rdt_render_view_fit (const RdtRenderRect *map_rect,
                     double               width,
                     double               height)
{
  double scale;

  g_return_val_if_fail (map_rect != NULL, rdt_render_view_make (1.0, 0.0, 0.0));
  if (map_rect->width <= 0.0 || map_rect->height <= 0.0 || width <= 0.0 || height <= 0.0)
    return rdt_render_view_make (1.0, 0.0, 0.0);
  scale = MIN (width / map_rect->width, height / map_rect->height);
  return rdt_render_view_make (scale,
                               width / 2.0 - scale * (map_rect->x + map_rect->width / 2.0),
                               height / 2.0 - scale * (map_rect->y + map_rect->height / 2.0));
}

void
rdt_render_view_to_device (const RdtRenderView *view,
                           double               map_x,
                           double               map_y,
                           double              *device_x,
                           double              *device_y)
{
  *device_x = view->origin_x + view->scale * map_x;
  *device_y = view->origin_y + view->scale * map_y;
}

void
rdt_render_view_to_map (const RdtRenderView *view,
                        double               device_x,
                        double               device_y,
                        double              *map_x,
                        double              *map_y)
{
  *map_x = (device_x - view->origin_x) / view->scale;
  *map_y = (device_y - view->origin_y) / view->scale;
}

RdtRenderRect
rdt_render_view_rect_to_map (const RdtRenderView *view,
                             const RdtRenderRect *device_rect)
{
  RdtRenderRect r;

  rdt_render_view_to_map (view, device_rect->x, device_rect->y, &r.x, &r.y);
  r.width = device_rect->width / view->scale;
  r.height = device_rect->height / view->scale;
  return r;
}

gboolean
rdt_render_rect_intersects (const RdtRenderRect *a,
                            const RdtRenderRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width
         && a->y < b->y + b->height && b->y < a->y + a->height;
}
