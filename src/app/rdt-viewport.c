/* rdt-viewport.c: centre and zoom of a map view. */
#include "config.h"

#include "rdt-viewport.h"

struct _RdtViewport
{
  GObject parent_instance;

  double centre_x;
  double centre_y;
  double zoom;
  double min_zoom;
  double max_zoom;
};

G_DEFINE_FINAL_TYPE (RdtViewport, rdt_viewport, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CENTRE_X,
  PROP_CENTRE_Y,
  PROP_ZOOM,
  PROP_MIN_ZOOM,
  PROP_MAX_ZOOM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
rdt_viewport_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  RdtViewport *self = RDT_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_CENTRE_X:
      g_value_set_double (value, self->centre_x);
      break;
    case PROP_CENTRE_Y:
      g_value_set_double (value, self->centre_y);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_MIN_ZOOM:
      g_value_set_double (value, self->min_zoom);
      break;
    case PROP_MAX_ZOOM:
      g_value_set_double (value, self->max_zoom);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rdt_viewport_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  RdtViewport *self = RDT_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_CENTRE_X:
      rdt_viewport_set_centre (self, g_value_get_double (value), self->centre_y);
      break;
    case PROP_CENTRE_Y:
      rdt_viewport_set_centre (self, self->centre_x, g_value_get_double (value));
      break;
    case PROP_ZOOM:
      rdt_viewport_set_zoom (self, g_value_get_double (value));
      break;
    case PROP_MIN_ZOOM:
      rdt_viewport_set_min_zoom (self, g_value_get_double (value));
      break;
    case PROP_MAX_ZOOM:
      rdt_viewport_set_max_zoom (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rdt_viewport_class_init (RdtViewportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = rdt_viewport_get_property;
  object_class->set_property = rdt_viewport_set_property;

  properties[PROP_CENTRE_X] =
    g_param_spec_double ("centre-x", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0.0, flags);
  properties[PROP_CENTRE_Y] =
    g_param_spec_double ("centre-y", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0.0, flags);
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, G_MINDOUBLE, G_MAXDOUBLE, 28.0, flags);
  properties[PROP_MIN_ZOOM] =
    g_param_spec_double ("min-zoom", NULL, NULL, G_MINDOUBLE, G_MAXDOUBLE,
                         RDT_VIEWPORT_DEFAULT_MIN_ZOOM, flags);
  properties[PROP_MAX_ZOOM] =
    g_param_spec_double ("max-zoom", NULL, NULL, G_MINDOUBLE, G_MAXDOUBLE,
                         RDT_VIEWPORT_DEFAULT_MAX_ZOOM, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
rdt_viewport_init (RdtViewport *self)
{
  self->zoom = 28.0;
  self->min_zoom = RDT_VIEWPORT_DEFAULT_MIN_ZOOM;
  self->max_zoom = RDT_VIEWPORT_DEFAULT_MAX_ZOOM;
}

RdtViewport *
rdt_viewport_new (void)
{
  return g_object_new (RDT_TYPE_VIEWPORT, NULL);
}

double
rdt_viewport_get_centre_x (RdtViewport *self)
{
  g_return_val_if_fail (RDT_IS_VIEWPORT (self), 0.0);
  return self->centre_x;
}

double
rdt_viewport_get_centre_y (RdtViewport *self)
{
  g_return_val_if_fail (RDT_IS_VIEWPORT (self), 0.0);
  return self->centre_y;
}

void
rdt_viewport_set_centre (RdtViewport *self,
                         double       x,
                         double       y)
{
  gboolean x_changed, y_changed;

  g_return_if_fail (RDT_IS_VIEWPORT (self));

  x_changed = x != self->centre_x;
  y_changed = y != self->centre_y;
  if (!x_changed && !y_changed)
    return;
  self->centre_x = x;
  self->centre_y = y;
  g_object_freeze_notify (G_OBJECT (self));
  if (x_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CENTRE_X]);
  if (y_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CENTRE_Y]);
  g_object_thaw_notify (G_OBJECT (self));
}

double
rdt_viewport_get_zoom (RdtViewport *self)
{
  g_return_val_if_fail (RDT_IS_VIEWPORT (self), 1.0);
  return self->zoom;
}

void
rdt_viewport_set_zoom (RdtViewport *self,
                       double       zoom)
{
  g_return_if_fail (RDT_IS_VIEWPORT (self));

  zoom = CLAMP (zoom, self->min_zoom, self->max_zoom);
  if (zoom == self->zoom)
    return;
  self->zoom = zoom;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

double
rdt_viewport_get_min_zoom (RdtViewport *self)
{
  g_return_val_if_fail (RDT_IS_VIEWPORT (self), 0.0);
  return self->min_zoom;
}

void
rdt_viewport_set_min_zoom (RdtViewport *self,
                           double       min_zoom)
{
  g_return_if_fail (RDT_IS_VIEWPORT (self));
  g_return_if_fail (min_zoom > 0.0);

  min_zoom = MIN (min_zoom, self->max_zoom);
  if (min_zoom == self->min_zoom)
    return;
  self->min_zoom = min_zoom;
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MIN_ZOOM]);
  rdt_viewport_set_zoom (self, self->zoom);
  g_object_thaw_notify (G_OBJECT (self));
}

double
rdt_viewport_get_max_zoom (RdtViewport *self)
{
  g_return_val_if_fail (RDT_IS_VIEWPORT (self), 0.0);
  return self->max_zoom;
}

void
rdt_viewport_set_max_zoom (RdtViewport *self,
                           double       max_zoom)
{
  g_return_if_fail (RDT_IS_VIEWPORT (self));
  g_return_if_fail (max_zoom > 0.0);

  max_zoom = MAX (max_zoom, self->min_zoom);
  if (max_zoom == self->max_zoom)
    return;
  self->max_zoom = max_zoom;
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_ZOOM]);
  rdt_viewport_set_zoom (self, self->zoom);
  g_object_thaw_notify (G_OBJECT (self));
}

void
rdt_viewport_widget_to_map (RdtViewport *self,
                            double       width,
                            double       height,
                            double       wx,
                            double       wy,
                            double      *map_x,
                            double      *map_y)
{
  g_return_if_fail (RDT_IS_VIEWPORT (self));
  *map_x = self->centre_x + (wx - width / 2.0) / self->zoom;
  *map_y = self->centre_y + (wy - height / 2.0) / self->zoom;
}

void
rdt_viewport_map_to_widget (RdtViewport *self,
                            double       width,
                            double       height,
                            double       map_x,
                            double       map_y,
                            double      *wx,
                            double      *wy)
{
  g_return_if_fail (RDT_IS_VIEWPORT (self));
  *wx = width / 2.0 + (map_x - self->centre_x) * self->zoom;
  *wy = height / 2.0 + (map_y - self->centre_y) * self->zoom;
}

void
rdt_viewport_place (RdtViewport *self,
                    double       width,
                    double       height,
                    double       map_x,
                    double       map_y,
                    double       wx,
                    double       wy)
{
  g_return_if_fail (RDT_IS_VIEWPORT (self));
  rdt_viewport_set_centre (self,
                           map_x - (wx - width / 2.0) / self->zoom,
                           map_y - (wy - height / 2.0) / self->zoom);
}

void
rdt_viewport_zoom_at (RdtViewport *self,
                      double       width,
                      double       height,
                      double       zoom,
                      double       wx,
                      double       wy)
{
  double mx, my;

  g_return_if_fail (RDT_IS_VIEWPORT (self));
  rdt_viewport_widget_to_map (self, width, height, wx, wy, &mx, &my);
  g_object_freeze_notify (G_OBJECT (self));
  rdt_viewport_set_zoom (self, zoom);
  rdt_viewport_place (self, width, height, mx, my, wx, wy);
  g_object_thaw_notify (G_OBJECT (self));
}
