/* rdt-map-renderer-private.h: for the render tests only. */
#pragma once

#include "rdt-map-renderer.h"

G_BEGIN_DECLS

/* Whether sprites may be copied into image targets with pixman directly
 * (the default) or always go through cairo: the two must give the same
 * pixels (issue 15, test-render). */
void _rdt_map_renderer_set_direct_blit (RdtMapRenderer *self,
                                        gboolean        enabled);

/* The counter sprite cache (issue 16): the number of counter images it
 * holds, the scale they were drawn at, and in @n_drawn how many counter
 * images this renderer has drawn into it since it was made. */
guint _rdt_map_renderer_get_counter_sprites (RdtMapRenderer *self,
                                             double         *scale,
                                             guint          *n_drawn);

G_END_DECLS
