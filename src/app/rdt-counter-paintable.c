/* rdt-counter-paintable.c: a counter image at the widget's scale factor (issue 16). */
#include "config.h"

#include "rdt-counter-paintable.h"

struct _RdtCounterPaintable
{
  GObject parent_instance;

  GdkTexture *texture;
  int logical_size;
};

static void paintable_iface_init (GdkPaintableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (RdtCounterPaintable, rdt_counter_paintable, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GDK_TYPE_PAINTABLE, paintable_iface_init))

static void
rdt_counter_paintable_snapshot (GdkPaintable *paintable,
                                GdkSnapshot  *snapshot,
                                double        width,
                                double        height)
{
  RdtCounterPaintable *self = RDT_COUNTER_PAINTABLE (paintable);

  /* The texture's pixels fill the logical size: on a scale-2 display, one
   * texture pixel a device pixel. */
  gdk_paintable_snapshot (GDK_PAINTABLE (self->texture), snapshot, width, height);
}

static int
rdt_counter_paintable_get_intrinsic_width (GdkPaintable *paintable)
{
  return RDT_COUNTER_PAINTABLE (paintable)->logical_size;
}

static int
rdt_counter_paintable_get_intrinsic_height (GdkPaintable *paintable)
{
  return RDT_COUNTER_PAINTABLE (paintable)->logical_size;
}

static GdkPaintableFlags
rdt_counter_paintable_get_flags (GdkPaintable *paintable)
{
  return GDK_PAINTABLE_STATIC_SIZE | GDK_PAINTABLE_STATIC_CONTENTS;
}

static void
paintable_iface_init (GdkPaintableInterface *iface)
{
  iface->snapshot = rdt_counter_paintable_snapshot;
  iface->get_intrinsic_width = rdt_counter_paintable_get_intrinsic_width;
  iface->get_intrinsic_height = rdt_counter_paintable_get_intrinsic_height;
  iface->get_flags = rdt_counter_paintable_get_flags;
}

static void
rdt_counter_paintable_finalize (GObject *object)
{
  RdtCounterPaintable *self = RDT_COUNTER_PAINTABLE (object);

  g_clear_object (&self->texture);
  G_OBJECT_CLASS (rdt_counter_paintable_parent_class)->finalize (object);
}

static void
rdt_counter_paintable_class_init (RdtCounterPaintableClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rdt_counter_paintable_finalize;
}

static void
rdt_counter_paintable_init (RdtCounterPaintable *self)
{
}

GdkPaintable *
rdt_counter_paintable_new (GdkTexture *texture,
                           int         logical_size)
{
  RdtCounterPaintable *self;

  g_return_val_if_fail (GDK_IS_TEXTURE (texture), NULL);
  g_return_val_if_fail (logical_size > 0, NULL);

  self = g_object_new (RDT_TYPE_COUNTER_PAINTABLE, NULL);
  self->texture = g_object_ref (texture);
  self->logical_size = logical_size;
  return GDK_PAINTABLE (self);
}

GdkTexture *
rdt_counter_paintable_get_texture (RdtCounterPaintable *self)
{
  g_return_val_if_fail (RDT_IS_COUNTER_PAINTABLE (self), NULL);
  return self->texture;
}
