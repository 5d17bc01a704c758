/* rdt-render-overlay.h: overlay items drawn over the map.
 *
 * The LOS, ZOC and movement overlays turn the core's answers into a list of
 * these; the map view and `redoubt-cli render` hand the same list to
 * rdt_map_renderer_draw_overlays(), so a ruling looks the same in both.
 */
#pragma once

#include <glib.h>

#include "rdt-hex-grid.h"

G_BEGIN_DECLS

typedef enum {
  RDT_OVERLAY_SHADE_HEX,      /* fill `hex` with `rgba` */
  RDT_OVERLAY_LETTER_HEX,     /* `text` (B, S, U as in the 11.4 figure) on `hex` */
  RDT_OVERLAY_OUTLINE_HEX,    /* outline `hex` */
  RDT_OVERLAY_LINE,           /* a line from the centre of `hex` to that of `to` */
  RDT_OVERLAY_HEXSIDE,        /* highlight `hexside` */
  RDT_OVERLAY_TEXT_HEX,       /* small `text` (a movement cost) low in `hex` */
  RDT_OVERLAY_HATCH_HEX,      /* diagonal hatching over `hex` in `rgba` (an answer not decided) */
} RdtOverlayKind;

#define RDT_OVERLAY_TEXT_SIZE 12

typedef struct {
  RdtOverlayKind kind;
  RdtHex hex;
  RdtHex to;
  RdtHexside hexside;
  guint32 rgba;               /* 0xRRGGBBAA */
  double width;               /* line width in device units; 0 = default */
  char text[RDT_OVERLAY_TEXT_SIZE];
} RdtRenderOverlay;

RdtRenderOverlay rdt_render_overlay_shade    (RdtHex      hex,
                                              guint32     rgba);
RdtRenderOverlay rdt_render_overlay_letter   (RdtHex      hex,
                                              const char *text,
                                              guint32     rgba);
RdtRenderOverlay rdt_render_overlay_outline  (RdtHex      hex,
                                              guint32     rgba);
RdtRenderOverlay rdt_render_overlay_line     (RdtHex      from,
                                              RdtHex      to,
                                              guint32     rgba);
RdtRenderOverlay rdt_render_overlay_hexside  (RdtHexside  side,
                                              guint32     rgba);
RdtRenderOverlay rdt_render_overlay_text     (RdtHex      hex,
                                              const char *text,
                                              guint32     rgba);
RdtRenderOverlay rdt_render_overlay_hatch    (RdtHex      hex,
                                              guint32     rgba);

G_END_DECLS
