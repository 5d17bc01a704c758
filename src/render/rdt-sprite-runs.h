/* rdt-sprite-runs.h: sprites copied as runs of their visible pixels (issue 15).
 *
 * A hexside sprite zoomed in is a box of mostly transparent pixels around a
 * line; pixman composites every pixel of the box.  These runs list, row by
 * row, the stretches of pixels that are opaque (copied) and those that are
 * partly transparent (composited OVER with pixman's own arithmetic, so the
 * pixels are the same as pixman_image_composite32 (PIXMAN_OP_OVER) gives);
 * fully transparent pixels are skipped.  Worth it for sparse sprites only
 * (rdt_sprite_runs_pay()).  The render test
 * /render/sprites/issue-15/blit-identical-to-cairo compares them with cairo.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _RdtSpriteRuns RdtSpriteRuns;

/* The runs of an ARGB32 (premultiplied) image; never NULL. */
RdtSpriteRuns *rdt_sprite_runs_new  (const guint32 *pixels,
                                     int            stride,
                                     int            width,
                                     int            height);
void           rdt_sprite_runs_free (RdtSpriteRuns *runs);

/* Whether copying the runs beats compositing the whole box: for a large
 * sprite (64 x 64 pixels or more) less than half of which is visible (a
 * slope's line zoomed in; not a hex or a counter, nor small sprites, where
 * pixman's vector code over the box is faster). */
gboolean       rdt_sprite_runs_pay  (const RdtSpriteRuns *runs);

/* Composites the image OVER an ARGB32 (premultiplied) target of @stride bytes
 * a row with its top left corner at (@x, @y), its first @width x @height
 * pixels at most, clipped to the box [@x0, @x1) x [@y0, @y1), which must lie
 * within the target. */
void           rdt_sprite_runs_blit (const RdtSpriteRuns *runs,
                                     guint32             *dst,
                                     int                  stride,
                                     int                  x,
                                     int                  y,
                                     int                  width,
                                     int                  height,
                                     int                  x0,
                                     int                  y0,
                                     int                  x1,
                                     int                  y1);

G_END_DECLS
