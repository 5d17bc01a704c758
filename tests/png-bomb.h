/* png-bomb.h: hostile PNG files for the image-cap tests (issue 11 §2),
 * written at test time with zlib (too large or too silly to commit).
 *
 * write_png_gray (path, width, height, full): an 8-bit grey PNG of zeros.
 * With full = TRUE the whole image data is there, streamed through deflate,
 * so 30000 x 30000 (900 MB of pixels) is a file of under 1 MB: a
 * decompression bomb.  With full = FALSE only a few rows are written (the
 * file is truncated after the header: what matters is what a decoder
 * allocates when it reads the header). */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

static void
png_put_u32 (guint8 *p,
             guint32 v)
{
  p[0] = v >> 24;
  p[1] = v >> 16;
  p[2] = v >> 8;
  p[3] = v;
}

static void
png_chunk (FILE         *out,
           const char   *type,
           const guint8 *data,
           guint32       len)
{
  guint8 head[8];
  guint8 crc_bytes[4];
  uLong crc = crc32 (0, (const Bytef *) type, 4);

  png_put_u32 (head, len);
  memcpy (head + 4, type, 4);
  if (len > 0)
    crc = crc32 (crc, data, len);
  png_put_u32 (crc_bytes, (guint32) crc);
  fwrite (head, 1, 8, out);
  if (len > 0)
    fwrite (data, 1, len, out);
  fwrite (crc_bytes, 1, 4, out);
}

static void
write_png_gray (const char *path,
                guint32     width,
                guint32     height,
                gboolean    full)
{
  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  guint8 ihdr[13];
  FILE *out = fopen (path, "wb");
  z_stream z;
  guint8 *row = g_malloc0 ((gsize) width + 1);      /* filter byte 0 + zeros */
  guint8 *buf = g_malloc (1 << 16);
  guint32 rows = full ? height : MIN (height, 4);

  g_assert_nonnull (out);
  fwrite (signature, 1, 8, out);
  png_put_u32 (ihdr, width);
  png_put_u32 (ihdr + 4, height);
  ihdr[8] = 8;       /* bit depth */
  ihdr[9] = 0;       /* greyscale */
  ihdr[10] = ihdr[11] = ihdr[12] = 0;
  png_chunk (out, "IHDR", ihdr, sizeof ihdr);

  memset (&z, 0, sizeof z);
  g_assert_cmpint (deflateInit (&z, 9), ==, Z_OK);
  for (guint32 r = 0; r <= rows; r++)
    {
      int flush = r == rows ? (full ? Z_FINISH : Z_SYNC_FLUSH) : Z_NO_FLUSH;

      z.next_in = r == rows ? NULL : row;
      z.avail_in = r == rows ? 0 : width + 1;
      do
        {
          z.next_out = buf;
          z.avail_out = 1 << 16;
          deflate (&z, flush);
          if (z.avail_out < (1u << 16))
            png_chunk (out, "IDAT", buf, (1u << 16) - z.avail_out);
        }
      while (z.avail_out == 0);
    }
  deflateEnd (&z);
  if (full)
    png_chunk (out, "IEND", NULL, 0);
  g_assert_cmpint (fclose (out), ==, 0);
  g_free (row);
  g_free (buf);
}
