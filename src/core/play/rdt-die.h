/* rdt-die.h: the ten-sided die of the series (2.3: "The 0 is treated as a 0
 * (not a 10)"), from a seeded generator of its own.
 *
 * The generator is splitmix64 (Steele, Lea and Flood 2014), written here so a
 * game replays identically whatever GLib or C library runs it: the game is the
 * scenario plus the seed plus the log.  Its whole state is one 64-bit word,
 * saved with the game.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* 2.3: faces 0 to 9. */
#define RDT_DIE_FACES 10

typedef struct {
  guint64 seed;             /* the seed the game started from */
  guint64 state;            /* splitmix64 state: seed + n_rolls * golden gamma */
  guint64 n_rolls;          /* rolls drawn from the generator so far */
} RdtDie;

void     rdt_die_init      (RdtDie  *die,
                            guint64  seed);
/* The next face, 0..9, uniformly (rejection sampling, no modulo bias). */
int      rdt_die_roll      (RdtDie  *die);

/* A uniform number in 0..@n-1 (@n > 0) from the same generator: for random
 * play (choosing actions), never for the rules' die rolls. */
guint    rdt_die_uniform   (RdtDie  *die,
                            guint    n);

G_END_DECLS
