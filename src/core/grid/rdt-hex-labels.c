/* rdt-hex-labels.c: display label formats (see rdt-hex-labels.h). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-hex-labels.h"

static gboolean
axis_ok (const RdtHexLabelAxis *a)
{
  return a->mirror >= -RDT_HEX_LABEL_MIRROR_MAX && a->mirror <= RDT_HEX_LABEL_MIRROR_MAX &&
         a->digits >= 0 && a->digits <= RDT_HEX_LABEL_DIGITS_MAX;
}

gboolean
rdt_hex_label_format_check (const RdtHexLabelFormat *format,
                            GError                 **error)
{
  g_return_val_if_fail (format != NULL, FALSE);

  if (!format->present)
    return TRUE;
  if (!axis_ok (&format->column) || !axis_ok (&format->row))
    {
      g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_INVALID_SETTINGS,
                   _("Hex label format: digits must be 0 to %d and the mirror −%d to %d"),
                   RDT_HEX_LABEL_DIGITS_MAX, RDT_HEX_LABEL_MIRROR_MAX, RDT_HEX_LABEL_MIRROR_MAX);
      return FALSE;
    }
  if (memchr (format->separator, '\0', sizeof format->separator) == NULL)
    {
      g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_INVALID_SETTINGS,
                   _("Hex label format: the separator is longer than %d bytes"),
                   RDT_HEX_LABEL_SEPARATOR_MAX - 1);
      return FALSE;
    }
  for (const char *p = format->separator; *p != '\0'; p++)
    if ((unsigned char) *p < 0x20 || *p == 0x7f)
      {
        g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_INVALID_SETTINGS,
                     _("Hex label format: the separator has a control character"));
        return FALSE;
      }
  if (!g_utf8_validate (format->separator, -1, NULL))
    {
      g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_INVALID_SETTINGS,
                   _("Hex label format: the separator is not UTF-8"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
axis_equal (const RdtHexLabelAxis *a, const RdtHexLabelAxis *b)
{
  return !a->descending == !b->descending && (!a->descending || a->mirror == b->mirror) &&
         !a->letters == !b->letters && (a->letters || a->digits == b->digits);
}

gboolean
rdt_hex_label_format_equal (const RdtHexLabelFormat *a,
                            const RdtHexLabelFormat *b)
{
  gboolean ap = a != NULL && a->present, bp = b != NULL && b->present;

  if (!ap || !bp)
    return ap == bp;
  return !a->row_first == !b->row_first && strcmp (a->separator, b->separator) == 0 &&
         axis_equal (&a->column, &b->column) && axis_equal (&a->row, &b->row);
}

static void
append_axis (GString *out, const RdtHexLabelAxis *a, int number)
{
  int n = a->descending ? a->mirror - number : number;

  if (n < 0)
    g_string_append_c (out, '-');
  n = ABS (n);
  if (a->letters)
    {
      /* A..Z, then AA, BB, ... ZZ, AAA ... (the letter repeated). */
      int reps = n / 26 + 1;
      for (int i = 0; i < reps && i < 64; i++)
        g_string_append_c (out, (char) ('A' + n % 26));
      return;
    }
  g_string_append_printf (out, "%0*d", CLAMP (a->digits, 0, RDT_HEX_LABEL_DIGITS_MAX), n);
}

char *
rdt_hex_label_format_print (const RdtHexLabelFormat *format,
                            const RdtHexGrid        *grid,
                            RdtHex                   hex)
{
  GString *out;

  if (format == NULL || !format->present)
    return rdt_hex_grid_dup_label (grid, hex);
  out = g_string_new (NULL);
  if (format->row_first)
    append_axis (out, &format->row, hex.row);
  else
    append_axis (out, &format->column, hex.col);
  g_string_append_len (out, format->separator,
                       (gssize) strnlen (format->separator, sizeof format->separator));
  if (format->row_first)
    append_axis (out, &format->column, hex.col);
  else
    append_axis (out, &format->row, hex.row);
  return g_string_free (out, FALSE);
}

gboolean
rdt_hex_label_format_parse (const RdtHexLabelFormat *format,
                            const RdtHexGrid        *grid,
                            const char              *text,
                            RdtHex                  *out_hex,
                            GError                 **error)
{
  RdtHex found = { 0, 0 };
  guint matches = 0;

  g_return_val_if_fail (text != NULL, FALSE);

  if (text[0] == '#')
    return rdt_hex_grid_parse_label (grid, text + 1, out_hex, error);
  if (format == NULL || !format->present)
    return rdt_hex_grid_parse_label (grid, text, out_hex, error);
  if (strnlen (text, RDT_HEX_DISPLAY_LABEL_SIZE) < RDT_HEX_DISPLAY_LABEL_SIZE)
    {
      /* Every map hex once: at most RDT_GRID_MAX_LINES^2 short strings. */
      guint n = rdt_hex_grid_get_n_hexes (grid);
      for (guint i = 0; i < n; i++)
        {
          RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
          g_autofree char *shown = rdt_hex_label_format_print (format, grid, hex);
          if (strcmp (shown, text) == 0)
            {
              if (matches++ == 0)
                found = hex;
            }
        }
    }
  if (matches > 1)
    {
      g_autofree char *shown = g_utf8_make_valid (text, -1);
      g_set_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_MALFORMED_LABEL,
                   _("“%s” is the label of %u hexes of this map: name the hex by its column and row, #XXYY"),
                   shown, matches);
      return FALSE;
    }
  if (matches == 1)
    {
      if (out_hex != NULL)
        *out_hex = found;
      return TRUE;
    }
  /* Not a display label: the plain label, with the example in the error. */
  {
    g_autoptr(GError) local = NULL;
    const RdtGridSettings *s = rdt_hex_grid_get_settings (grid);
    g_autofree char *example = rdt_hex_label_format_print (format, grid,
                                                           (RdtHex) { s->first_column, s->first_row });

    if (rdt_hex_grid_parse_label (grid, text, out_hex, &local))
      return TRUE;
    g_set_error (error, RDT_GRID_ERROR, local->code,
                 _("%s; this map also shows labels like “%s”"), local->message, example);
    return FALSE;
  }
}
