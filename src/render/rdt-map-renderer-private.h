/* rdt-map-renderer-private.h: for the render tests only. */
#pragma once

#include "rdt-map-renderer.h"

G_BEGIN_DECLS

/* Whether sprites may be copied into image targets with pixman directly
 * (the default) or always go through cairo: the two must give the same
 * pixels (issue 15, test-render). */
void _rdt_map_renderer_set_direct_blit (RdtMapRenderer *self,
                                        gboolean        enabled);

G_END_DECLS
