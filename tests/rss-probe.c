/* rss-probe PROGRAM ARG...: runs PROGRAM and prints its peak resident set
 * size to stderr as "rss-probe: maxrss KIB", then exits with its status.
 *
 * test-hostile measures redoubt-cli's memory through this helper: a child
 * forked from the test process itself starts with the test's resident set
 * (Linux counts it in the child's ru_maxrss, and exec keeps it), so
 * getrusage (RUSAGE_CHILDREN) there measured the test, not the CLI (issue 11).
 * This small process forks the CLI from itself instead. */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int
main (int   argc,
      char *argv[])
{
  struct rusage usage;
  int status = 0;
  pid_t pid;

  if (argc < 2)
    {
      fprintf (stderr, "usage: rss-probe PROGRAM ARG...\n");
      return 2;
    }
  pid = fork ();
  if (pid < 0)
    return 2;
  if (pid == 0)
    {
      execv (argv[1], argv + 1);
      _exit (127);
    }
  if (wait4 (pid, &status, 0, &usage) != pid)
    return 2;
  fprintf (stderr, "rss-probe: maxrss %ld\n", usage.ru_maxrss);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128;
}
