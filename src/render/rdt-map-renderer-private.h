/* rdt-map-renderer-private.h: for the render tests only. */
#pragma once

#include "rdt-map-renderer.h"

G_BEGIN_DECLS

/* Whether sprites may be copied into image targets with pixman directly
 * (the default) or always go through cairo: the two must give the same
 * pixels (issue 15, test-render).  Off, terrain tiles are filled by cairo
 * rather than rdt-hex-scan.c and sprites composited by pixman or cairo
 * rather than as runs of visible pixels. */
void _rdt_map_renderer_set_direct_blit (RdtMapRenderer *self,
                                        gboolean        enabled);

/* Zoomed in, hex labels are drawn one label at a time (issue 15); the tests
 * compare that with all of them in one run of glyphs, as before. */
void _rdt_map_renderer_set_labels_in_one_run (RdtMapRenderer *self,
                                              gboolean        one_run);

/* The counter sprite cache (issue 16): the number of counter images it
 * holds, the scale they were drawn at, and in @n_drawn how many counter
 * images this renderer has drawn into it since it was made. */
guint _rdt_map_renderer_get_counter_sprites (RdtMapRenderer *self,
                                             double         *scale,
                                             guint          *n_drawn);

G_END_DECLS
