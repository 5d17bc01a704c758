/* bench-common.h: timing and the verdict lines every benchmark ends with (issue 15).
 *
 * Each target is printed as one line, exactly
 *   RATIO <name> <measured> <target> <ok|FAIL>   (measured / floor, at most target)
 *   TIME <name> <ms> <target-ms> <ok|FAIL>       (absolute, at most target)
 * so the verdict can be read without the source.  A benchmark exits 1 when a
 * target fails.  The machine is shared: measure the thing and its floor side
 * by side, interleaved, and compare medians. */
#pragma once

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* CPU time of this thread: the machine is shared, wall time is not stable. */
static inline double
bench_cpu_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline double
bench_wall_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline int
bench_compare_double (const void *a,
                      const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Median of @n values (reorders them). */
static inline double
bench_median (double *v,
              guint   n)
{
  if (n == 0)
    return 0;
  qsort (v, n, sizeof *v, bench_compare_double);
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Set by the verdict lines; a benchmark returns it from main(). */
static int bench_status = 0;

static inline gboolean
bench_ratio (const char *name,
             double      measured,
             double      target)
{
  gboolean ok = measured <= target;

  printf ("RATIO %s %.3f %.3g %s\n", name, measured, target, ok ? "ok" : "FAIL");
  if (!ok)
    bench_status = 1;
  return ok;
}

static inline gboolean
bench_time (const char *name,
            double      ms,
            double      target_ms)
{
  gboolean ok = ms <= target_ms;

  printf ("TIME %s %.3f %.3g %s\n", name, ms, target_ms, ok ? "ok" : "FAIL");
  if (!ok)
    bench_status = 1;
  return ok;
}

/* The load average, to read a verdict in context. */
static inline void
bench_print_load (void)
{
  g_autofree char *text = NULL;

  if (g_file_get_contents ("/proc/loadavg", &text, NULL, NULL))
    printf ("# load average: %s", text);
}
