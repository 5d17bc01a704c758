/* rdt-die.c: splitmix64 and a uniform 0..9 face (2.3). */
#include "config.h"

#include "rdt-die.h"

#define GOLDEN_GAMMA G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)

void
rdt_die_init (RdtDie  *die,
              guint64  seed)
{
  g_return_if_fail (die != NULL);

  die->seed = seed;
  die->state = seed;
  die->n_rolls = 0;
}

static guint64
splitmix64_next (guint64 *state)
{
  guint64 z;

  *state += GOLDEN_GAMMA;
  z = *state;
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

int
rdt_die_roll (RdtDie *die)
{
  /* The largest multiple of ten that fits: values at or above it are drawn
   * again, so every face has exactly the same chance. */
  const guint64 limit = G_MAXUINT64 - (G_MAXUINT64 % RDT_DIE_FACES);
  guint64 v;

  g_return_val_if_fail (die != NULL, 0);

  do
    v = splitmix64_next (&die->state);
  while (v >= limit);
  die->n_rolls++;
  return (int) (v % RDT_DIE_FACES);
}

guint
rdt_die_uniform (RdtDie *die,
                 guint   n)
{
  guint64 limit, v;

  g_return_val_if_fail (die != NULL && n > 0, 0);

  limit = G_MAXUINT64 - (G_MAXUINT64 % n);
  do
    v = splitmix64_next (&die->state);
  while (v >= limit);
  return (guint) (v % n);
}
