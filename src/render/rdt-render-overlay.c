/* rdt-render-overlay.c: constructors for overlay items. */
#include "config.h"

#include "rdt-render-overlay.h"

static RdtRenderOverlay
make (RdtOverlayKind kind,
      RdtHex         hex,
      guint32        rgba)
{
  RdtRenderOverlay o = { 0 };

  o.kind = kind;
  o.hex = hex;
  o.to = hex;
  o.rgba = rgba;
  return o;
}

RdtRenderOverlay
rdt_render_overlay_shade (RdtHex  hex,
                          guint32 rgba)
{
  return make (RDT_OVERLAY_SHADE_HEX, hex, rgba);
}

RdtRenderOverlay
rdt_render_overlay_letter (RdtHex      hex,
                           const char *text,
                           guint32     rgba)
{
  RdtRenderOverlay o = make (RDT_OVERLAY_LETTER_HEX, hex, rgba);

  g_strlcpy (o.text, text ? text : "", sizeof o.text);
  return o;
}

RdtRenderOverlay
rdt_render_overlay_outline (RdtHex  hex,
                            guint32 rgba)
{
  return make (RDT_OVERLAY_OUTLINE_HEX, hex, rgba);
}

RdtRenderOverlay
rdt_render_overlay_line (RdtHex  from,
                         RdtHex  to,
                         guint32 rgba)
{
  RdtRenderOverlay o = make (RDT_OVERLAY_LINE, from, rgba);

  o.to = to;
  return o;
}

RdtRenderOverlay
rdt_render_overlay_hexside (RdtHexside side,
                            guint32    rgba)
{
  RdtRenderOverlay o = make (RDT_OVERLAY_HEXSIDE, side.a, rgba);

  o.hexside = side;
  o.to = side.b;
  return o;
}

RdtRenderOverlay
rdt_render_overlay_text (RdtHex      hex,
                         const char *text,
                         guint32     rgba)
{
  RdtRenderOverlay o = make (RDT_OVERLAY_TEXT_HEX, hex, rgba);

  g_strlcpy (o.text, text ? text : "", sizeof o.text);
  return o;
}

RdtRenderOverlay
rdt_render_overlay_hatch (RdtHex  hex,
                          guint32 rgba)
{
  return make (RDT_OVERLAY_HATCH_HEX, hex, rgba);
}
